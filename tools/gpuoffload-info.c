/* gpuoffload-info.c -- show what gpuoffload put into a program, and what
   OpenCL devices a program would see.

     gpuoffload-info                       platforms, devices, and the one
                                           libgpurt would pick, and why
     gpuoffload-info [-s] [-k NAME] FILE... the kernels embedded in ELF
                                           executables, objects, shared
                                           libraries or archives

   The kernels are read from the `.gpuoffload' section (docs/ABI.md
   section 1) with libelf; the program is never run.  The device listing
   is libgpurt's own (gpurt_describe_devices), so it matches what a
   program does under the same GPURT_DEVICE.  See gpuoffload-info(1).

   Exit status: 0 success; 1 some FILE holds no kernel (or, with no FILE,
   no device would be used); 2 an error (unreadable file, not ELF, bad
   usage).  */

#define _POSIX_C_SOURCE 200809L

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* In libgpurt (gpurt-describe.c); exported for this tool only.  */
extern int gpurt_describe_devices (FILE *out);

#define SECTION_NAME ".gpuoffload"
#define RECORD_MAGIC "gpuoffload-region "

/* Command-line options.  */
static int show_source;
static const char *only_kernel;

/* One parsed region record; strings point into a copy of the section.  */
struct record
{
  unsigned version;
  const char *name, *loc, *ndim, *fp64, *options;
  unsigned nargs;
  const char *args[64];		/* "k buffer rw name" / "k scalar 4 name" */
  unsigned nargs_seen;
  const char *opts[32];
  unsigned nopts;
  const char *source;
  size_t source_len;
};

static void
usage (FILE *f)
{
  fprintf (f,
	   "Usage: gpuoffload-info\n"
	   "       gpuoffload-info [-s|--source] [-k NAME|--kernel=NAME]"
	   " FILE...\n"
	   "With no FILE, list the OpenCL platforms and devices and the one"
	   " libgpurt\nwould use (after GPURT_DEVICE), and why.  With FILEs"
	   " (ELF executables,\nobjects, shared libraries, archives), list"
	   " the kernels gpuoffload embedded:\nname, source location,"
	   " dimensions, arguments, optimizations applied.\n"
	   "  -s, --source        also print each kernel's OpenCL C source\n"
	   "  -k, --kernel=NAME   only the kernel NAME\n"
	   "  -h, --help          this help\n"
	   "  -V, --version       the version\n");
}

/* Split the NUL-terminated line at *P off (replacing its '\n' by NUL)
   and advance *P past it.  Returns the line, or NULL at END.  */

static char *
next_line (char **p, char *end)
{
  char *line = *p, *nl;

  if (line >= end)
    return NULL;
  nl = memchr (line, '\n', (size_t) (end - line));
  if (nl == NULL)
    return NULL;
  *nl = '\0';
  *p = nl + 1;
  return line;
}

/* Parse the record at *P (within [*P, END)) into R.  Advances *P past
   the record.  Returns 1 when R is a record we understand, 0 when it is
   of another version (skipped), -1 when it is malformed (*P is then at
   the next NUL).  */

static int
parse_record (char **p, char *end, struct record *r)
{
  char *start = *p, *line, *nul;
  unsigned long n;
  char *e;

  memset (r, 0, sizeof *r);
  nul = memchr (start, '\0', (size_t) (end - start));
  line = next_line (p, nul != NULL ? nul : end);
  if (line == NULL || strncmp (line, RECORD_MAGIC, strlen (RECORD_MAGIC)))
    goto BAD;
  n = strtoul (line + strlen (RECORD_MAGIC), &e, 10);
  r->version = (unsigned) n;
  if (r->version != 1)
    {
      *p = nul != NULL ? nul : end;
      return 0;
    }
  /* Header lines up to "source L"; the source may contain NULs in
     principle, so it is taken by length, not up to the next NUL.  */
  while ((line = next_line (p, end)) != NULL)
    {
      if (strncmp (line, "name ", 5) == 0)
	r->name = line + 5;
      else if (strncmp (line, "loc ", 4) == 0)
	r->loc = line + 4;
      else if (strncmp (line, "ndim ", 5) == 0)
	r->ndim = line + 5;
      else if (strncmp (line, "fp64 ", 5) == 0)
	r->fp64 = line + 5;
      else if (strncmp (line, "options", 7) == 0
	       && (line[7] == ' ' || line[7] == '\0'))
	r->options = line[7] == ' ' ? line + 8 : "";
      else if (strncmp (line, "nargs ", 6) == 0)
	r->nargs = (unsigned) strtoul (line + 6, NULL, 10);
      else if (strncmp (line, "arg ", 4) == 0)
	{
	  if (r->nargs_seen < sizeof r->args / sizeof r->args[0])
	    r->args[r->nargs_seen] = line + 4;
	  r->nargs_seen++;
	}
      else if (strncmp (line, "opt ", 4) == 0)
	{
	  if (r->nopts < sizeof r->opts / sizeof r->opts[0])
	    r->opts[r->nopts++] = line + 4;
	}
      else if (strncmp (line, "source ", 7) == 0)
	{
	  n = strtoul (line + 7, &e, 10);
	  if (*e != '\0' || n > (unsigned long) (end - *p))
	    goto BAD;
	  r->source = *p;
	  r->source_len = n;
	  *p += n;
	  if (r->name == NULL)
	    goto BAD;
	  return 1;
	}
      /* Any other key: ignored (forward compatibility, docs/ABI.md).  */
    }

 BAD:
  nul = memchr (start, '\0', (size_t) (end - start));
  *p = nul != NULL ? nul : end;
  return -1;
}

/* Print the argument line A ("k buffer rw name" or "k scalar 4 name").  */

static void
print_arg (const char *a)
{
  char kind[16], how[16], name[256], size[32];
  unsigned k;

  if (sscanf (a, "%u %15s %15s %255[^\n]", &k, kind, how, name) != 4)
    {
      printf ("    %s\n", a);
      return;
    }
  if (strcmp (kind, "buffer") == 0)
    printf ("    %-3u buffer  %-11s %s\n", k,
	    strcmp (how, "r") == 0 ? "read"
	    : strcmp (how, "w") == 0 ? "write" : "read-write", name);
  else
    {
      snprintf (size, sizeof size, "%s byte%s", how,
		strcmp (how, "1") == 0 ? "" : "s");
      printf ("    %-3u scalar  %-11s %s\n", k, size, name);
    }
}

/* Print record R.  */

static void
print_record (const struct record *r)
{
  unsigned i;

  printf ("kernel %s\n", r->name);
  printf ("  location:      %s\n", r->loc != NULL ? r->loc : "?");
  printf ("  dimensions:    %s\n", r->ndim != NULL ? r->ndim : "?");
  printf ("  uses double:   %s\n",
	  r->fp64 == NULL ? "?" : strcmp (r->fp64, "1") == 0 ? "yes" : "no");
  printf ("  build options: %s\n",
	  r->options == NULL || *r->options == '\0' ? "(none)" : r->options);
  printf ("  arguments:     %u\n", r->nargs);
  for (i = 0; i < r->nargs_seen && i < sizeof r->args / sizeof r->args[0];
       i++)
    print_arg (r->args[i]);
  if (r->nargs_seen > sizeof r->args / sizeof r->args[0])
    printf ("    ... %u more\n",
	    r->nargs_seen - (unsigned) (sizeof r->args / sizeof r->args[0]));
  if (r->nopts == 0)
    printf ("  optimizations: none recorded\n");
  else
    {
      printf ("  optimizations:\n");
      for (i = 0; i < r->nopts; i++)
	printf ("    %s\n", r->opts[i]);
    }
  if (show_source)
    {
      printf ("  source:        %zu bytes\n", r->source_len);
      fwrite (r->source, 1, r->source_len, stdout);
      if (r->source_len > 0 && r->source[r->source_len - 1] != '\n')
	putchar ('\n');
      printf ("  (end of the source of %s)\n", r->name);
    }
  else
    printf ("  source:        %zu bytes of OpenCL C (--source prints"
	    " them)\n", r->source_len);
}

/* Print the kernels of the section contents DATA (SIZE bytes) of the
   file named WHAT.  Returns the number of kernels printed, -1 on
   malformed records.  */

static int
print_section (const char *what, char *data, size_t size)
{
  char *p = data, *end = data + size;
  struct record r;
  int kernels = 0, other = 0, bad = 0, matched = 0;

  while (p < end)
    {
      int rc;

      if (*p == '\0')
	{
	  p++;
	  continue;
	}
      rc = parse_record (&p, end, &r);
      if (rc < 0)
	bad++;
      else if (rc == 0)
	other++;
      else
	{
	  kernels++;
	  if (only_kernel == NULL || strcmp (only_kernel, r.name) == 0)
	    {
	      matched++;
	      putchar ('\n');
	      print_record (&r);
	    }
	}
    }
  if (other > 0)
    printf ("\n%s: %d record(s) of another format version skipped\n",
	    what, other);
  if (bad > 0)
    fprintf (stderr, "gpuoffload-info: %s: %d malformed record(s) in"
	     " section " SECTION_NAME "\n", what, bad);
  if (only_kernel != NULL && matched == 0)
    printf ("%s: no kernel named %s\n", what, only_kernel);
  return bad > 0 ? -1 : only_kernel != NULL ? matched : kernels;
}

/* Count the records in DATA (SIZE bytes): the number of NUL-separated
   non-empty chunks.  */

static int
count_records (const char *data, size_t size)
{
  size_t i;
  int n = 0, in = 0;

  for (i = 0; i < size; i++)
    {
      if (data[i] != '\0' && !in)
	n++;
      in = data[i] != '\0';
    }
  return n;
}

/* Show the kernels of the ELF object E, named WHAT.  Returns the number
   of kernels, 0 when none, -1 on error.  */

static int
show_elf (Elf *e, const char *what)
{
  Elf_Scn *scn = NULL;
  size_t shstrndx;
  char *all = NULL;
  size_t size = 0;
  int found = 0, n = -1;

  if (elf_kind (e) != ELF_K_ELF)
    {
      fprintf (stderr, "gpuoffload-info: %s: not an ELF file\n", what);
      goto ERROR;
    }
  if (elf_getshdrstrndx (e, &shstrndx) != 0)
    {
      fprintf (stderr, "gpuoffload-info: %s: elf_getshdrstrndx: %s\n", what,
	       elf_errmsg (-1));
      goto ERROR;
    }
  while ((scn = elf_nextscn (e, scn)) != NULL)
    {
      GElf_Shdr shdr;
      const char *name;
      Elf_Data *d = NULL;

      if (gelf_getshdr (scn, &shdr) == NULL)
	{
	  fprintf (stderr, "gpuoffload-info: %s: gelf_getshdr: %s\n", what,
		   elf_errmsg (-1));
	  goto ERROR;
	}
      name = elf_strptr (e, shstrndx, shdr.sh_name);
      if (name == NULL || strcmp (name, SECTION_NAME) != 0
	  || shdr.sh_type == SHT_NOBITS)
	continue;
      found = 1;
      while ((d = elf_rawdata (scn, d)) != NULL)
	{
	  char *grown;

	  if (d->d_size == 0 || d->d_buf == NULL)
	    continue;
	  grown = realloc (all, size + d->d_size);
	  if (grown == NULL)
	    {
	      fprintf (stderr, "gpuoffload-info: out of memory\n");
	      goto ERROR;
	    }
	  all = grown;
	  memcpy (all + size, d->d_buf, d->d_size);
	  size += d->d_size;
	}
    }
  if (!found || size == 0)
    {
      printf ("%s: no gpuoffload kernels (no " SECTION_NAME " section)\n",
	      what);
      n = 0;
      goto ERROR;
    }
  printf ("%s: %d kernel(s) in section " SECTION_NAME "\n", what,
	  count_records (all, size));
  n = print_section (what, all, size);

 ERROR:
  free (all);
  return n;
}

/* Show the kernels of FILE (an ELF file or an archive of them).  Returns
   the exit status for it: 0, 1 (no kernel) or 2.  */

static int
show_file (const char *file)
{
  int fd, status = 2, n;
  Elf *e = NULL, *member = NULL;
  Elf_Cmd cmd = ELF_C_READ;

  fd = open (file, O_RDONLY);
  if (fd < 0)
    {
      fprintf (stderr, "gpuoffload-info: %s: %s\n", file, strerror (errno));
      return 2;
    }
  e = elf_begin (fd, ELF_C_READ, NULL);
  if (e == NULL)
    {
      fprintf (stderr, "gpuoffload-info: %s: elf_begin: %s\n", file,
	       elf_errmsg (-1));
      goto ERROR;
    }
  if (elf_kind (e) == ELF_K_AR)
    {
      int total = 0, errors = 0;

      while ((member = elf_begin (fd, cmd, e)) != NULL)
	{
	  Elf_Arhdr *h = elf_getarhdr (member);
	  char what[4096];

	  if (h != NULL && h->ar_name[0] != '/')
	    {
	      snprintf (what, sizeof what, "%s(%s)", file, h->ar_name);
	      n = show_elf (member, what);
	      if (n < 0)
		errors++;
	      else
		total += n;
	    }
	  cmd = elf_next (member);
	  elf_end (member);
	}
      status = errors ? 2 : total > 0 ? 0 : 1;
      goto ERROR;
    }
  n = show_elf (e, file);
  status = n < 0 ? 2 : n > 0 ? 0 : 1;

 ERROR:
  if (e != NULL)
    elf_end (e);
  close (fd);
  return status;
}

int
main (int argc, char **argv)
{
  int i, status = 0, nfiles = 0, opts_done = 0;

  for (i = 1; i < argc; i++)
    {
      const char *a = argv[i];

      if (opts_done || a[0] != '-' || a[1] == '\0')
	{
	  nfiles++;
	  continue;
	}
      if (strcmp (a, "--") == 0)
	opts_done = 1;
      else if (strcmp (a, "-s") == 0 || strcmp (a, "--source") == 0)
	show_source = 1;
      else if (strcmp (a, "-k") == 0 || strcmp (a, "--kernel") == 0)
	{
	  if (++i >= argc)
	    {
	      fprintf (stderr, "gpuoffload-info: %s needs a kernel name\n", a);
	      return 2;
	    }
	  only_kernel = argv[i];
	}
      else if (strncmp (a, "--kernel=", 9) == 0)
	only_kernel = a + 9;
      else if (strcmp (a, "-h") == 0 || strcmp (a, "--help") == 0)
	{
	  usage (stdout);
	  return 0;
	}
      else if (strcmp (a, "-V") == 0 || strcmp (a, "--version") == 0)
	{
	  printf ("gpuoffload-info (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
	  return 0;
	}
      else
	{
	  fprintf (stderr, "gpuoffload-info: unknown option %s\n", a);
	  usage (stderr);
	  return 2;
	}
    }

  if (nfiles == 0)
    return gpurt_describe_devices (stdout) == 0 ? 0 : 1;

  if (elf_version (EV_CURRENT) == EV_NONE)
    {
      fprintf (stderr, "gpuoffload-info: libelf is out of date: %s\n",
	       elf_errmsg (-1));
      return 2;
    }
  opts_done = 0;
  for (i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      int s;

      if (!opts_done && a[0] == '-' && a[1] != '\0')
	{
	  if (strcmp (a, "--") == 0)
	    opts_done = 1;
	  else if (strcmp (a, "-k") == 0 || strcmp (a, "--kernel") == 0)
	    i++;
	  continue;
	}
      s = show_file (a);
      if (s > status)
	status = s;
    }
  return status;
}
