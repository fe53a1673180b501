/* gpuoffload-info.c -- show what gpuoffload put into a program, and what
   OpenCL devices a program would see.

     gpuoffload-info                       platforms, devices, and the one
                                           libgpurt would pick, and why
     gpuoffload-info [-s] [-k NAME] FILE... the kernels embedded in ELF
                                           executables, objects, shared
                                           libraries or archives

   The kernels are read from the `.gpuoffload' section (docs/ABI.md
   section 1) with libelf and parsed by libgpurt's record parser
   (libgpurt/gpurt-record.c, compiled into the tool), so the tool and the
   runtime agree on what a record says; the program is never run.  The device listing
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

#include "gpuoffload-abi.h"
#include "gpurt-record.h"

/* In libgpurt (gpurt-describe.c); exported for this tool only.  */
extern int gpurt_describe_devices (FILE *out);

/* Command-line options.  */
static int show_source;
static const char *only_kernel;

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

/* Print argument K of record R.  */

static void
print_arg (const struct gpurt_record *r, unsigned k)
{
  const struct gpurt_record_arg *a = &r->args[k];
  char how[64];

  switch (a->kind)
    {
    case GPU_ARG_BUFFER:
      printf ("    %-3u buffer  %-11s %s\n", k,
	      a->flags == GPU_ARG_ACCESS_R ? "read"
	      : a->flags == GPU_ARG_ACCESS_W ? "write" : "read-write", a->name);
      break;
    case GPU_ARG_SCALAR:
      snprintf (how, sizeof how, "%u byte%s", a->size,
		a->size == 1 ? "" : "s");
      printf ("    %-3u scalar  %-11s %s\n", k, how, a->name);
      break;
    default:
      snprintf (how, sizeof how, "%s %s", gpu_red_op_name (a->op),
		gpu_red_type_name (a->type));
      printf ("    %-3u reduce  %-11s %s\n", k, how, a->name);
      break;
    }
}

/* Print record R.  */

static void
print_record (const struct gpurt_record *r)
{
  unsigned i;

  printf ("kernel %s\n", r->name);
  printf ("  location:      %s\n", r->loc);
  printf ("  dimensions:    %u\n", r->ndim);
  printf ("  uses double:   %s\n", r->fp64 ? "yes" : "no");
  printf ("  build options: %s\n",
	  *r->options == '\0' ? "(none)" : r->options);
  printf ("  floating point: %s\n",
	  r->fp == GPURT_FP_STRICT ? "strict (-ffp-contract=off: as on the host)"
	  : r->fp == GPURT_FP_FAST ? "fast (-ffast-math: reordered)"
	  : "contract (the device may fuse a*b+c)");
  printf ("  arguments:     %u\n", r->nargs);
  for (i = 0; i < r->nargs; i++)
    print_arg (r, i);
  if (r->reduce_wg != 0)
    printf ("  reductions:    work-groups of %u, combined in %s memory%s\n",
	    r->reduce_wg, r->reduce_global ? "global" : "local",
	    r->reduce_last ? ", then by the last work-group" : "");
  if (r->group_wg != 0)
    printf ("  two levels:    one work-group of up to %u per outer "
	    "iteration\n", r->group_wg);
  if (r->flat_name != NULL)
    printf ("  one level:     %s, one work-item per outer iteration (%s)\n",
	    r->flat_name, r->flat_coalesced ? "walks consecutive elements at"
	    " least as often" : "walks consecutive elements less often");
  for (i = 0; i < r->nvariants; i++)
    {
      const struct gpurt_record_variant *v = &r->variants[i];
      unsigned j;

      printf ("  variant:       %s, work-group %ux%ux%u, %lu bytes of local"
	      " memory", v->name, v->group[0], v->group[1], v->group[2],
	      v->local_bytes);
      for (j = 0; j < v->ndistinct; j++)
	printf ("%s %u/%u", j ? "," : ", distinct buffers",
		v->distinct[2 * j], v->distinct[2 * j + 1]);
      printf ("\n");
    }
  for (i = 0; i < r->ndeopts; i++)
    printf ("  speculated:    call to %s at %s (deopt word %u)\n",
	    r->deopts[i].call, r->deopts[i].loc, i);
  if (r->heap)
    printf ("  heap:          the kernel allocates from the device heap"
	    " (gpu_heap)\n");
  if (r->escape != 0)
    printf ("  escape:        heap blocks stored into argument %u outlive"
	    " the region (copied into host malloc blocks)\n",
	    r->escape - 1);
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
print_section (const char *what, const char *data, size_t size)
{
  const char *p = data, *end = data + size;
  struct gpurt_record r;
  int kernels = 0, other = 0, bad = 0, matched = 0;

  while (p < end)
    {
      if (*p == '\0')
	{
	  p++;
	  continue;
	}
      switch (gpurt_record_parse (&r, p, (size_t) (end - p)))
	{
	case GPURT_RECORD_BAD:
	  bad++;
	  fprintf (stderr, "gpuoffload-info: %s: malformed record (kernel"
		   " %s): %s\n", what, r.name, r.error);
	  break;
	case GPURT_RECORD_VERSION:
	  other++;
	  break;
	default:
	  kernels++;
	  if (only_kernel == NULL || strcmp (only_kernel, r.name) == 0)
	    {
	      matched++;
	      putchar ('\n');
	      print_record (&r);
	    }
	  break;
	}
      p += r.len;
      gpurt_record_free (&r);
    }
  if (other > 0)
    printf ("\n%s: %d record(s) of another format version skipped\n",
	    what, other);
  if (bad > 0)
    fprintf (stderr, "gpuoffload-info: %s: %d malformed record(s) in"
	     " section " GPU_SECTION_NAME "\n", what, bad);
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
      if (name == NULL || strcmp (name, GPU_SECTION_NAME) != 0
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
      printf ("%s: no gpuoffload kernels (no " GPU_SECTION_NAME " section)\n",
	      what);
      n = 0;
      goto ERROR;
    }
  printf ("%s: %d kernel(s) in section " GPU_SECTION_NAME "\n", what,
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
