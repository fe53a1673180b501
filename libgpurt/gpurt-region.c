/* gpurt-region.c -- parsing and caching of region records.

   A region record (docs/ABI.md section 1) is static, NUL-terminated text
   that generated code passes to gpurt_launch and gpurt_register.  Since it
   is static data, its address identifies it: the parse is cached in a
   hash table keyed by the pointer, so each record is read once per
   process.  The table also keeps the regions in registration order for
   the GPURT_PROFILE report.  Regions are never freed: they live as long
   as the program's static data.  */

#include "gpurt-internal.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GPURT_REGION_BUCKETS 256

/* Largest NARGS accepted, to keep a corrupt record from asking for
   absurd allocations.  */
#define GPURT_MAX_ARGS 4096

static pthread_mutex_t gpurt_registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gpurt_region *gpurt_buckets[GPURT_REGION_BUCKETS];
static struct gpurt_region *gpurt_region_list;
static struct gpurt_region **gpurt_region_tail = &gpurt_region_list;

/* A copy of the LEN bytes at S, NUL-terminated; NULL when out of
   memory.  */

static char *
gpurt_strndup (const char *s, size_t len)
{
  char *copy = malloc (len + 1);

  if (copy != NULL)
    {
      memcpy (copy, s, len);
      copy[len] = '\0';
    }
  return copy;
}

/* Record the first problem of region R's record: FMT and its
   arguments.  */

static void GPURT_PRINTF (2, 3)
gpurt_region_fail (struct gpurt_region *r, const char *fmt, ...)
{
  char buf[GPURT_WHY_LEN];
  va_list ap;

  if (r->error != NULL)
    return;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  r->error = gpurt_strndup (buf, strlen (buf));
  if (r->error == NULL)
    r->error = (char *) "out of memory reading the record";
}

/* Parse the LEN bytes at S as a decimal number into *OUT; nonzero on
   success.  */

static int
gpurt_parse_u64 (const char *s, size_t len, uint64_t *out)
{
  uint64_t v = 0;
  size_t i;

  if (len == 0 || len > 19)
    return 0;
  for (i = 0; i < len; i++)
    {
      if (!isdigit ((unsigned char) s[i]))
	return 0;
      v = v * 10 + (uint64_t) (s[i] - '0');
    }
  *out = v;
  return 1;
}

/* Split the LEN bytes at LINE at single spaces into at most MAX tokens,
   storing their starts in TOK and lengths in TOKLEN; the last token takes
   the rest of the line.  Returns the number of tokens.  */

static unsigned
gpurt_split (const char *line, size_t len, const char **tok, size_t *toklen,
	     unsigned max)
{
  unsigned count = 0;
  size_t i = 0;

  while (i < len && count < max)
    {
      size_t start = i;

      if (count + 1 < max)
	while (i < len && line[i] != ' ')
	  i++;
      else
	i = len;
      tok[count] = line + start;
      toklen[count] = i - start;
      count++;
      if (i < len)
	i++;			/* the space */
    }
  return count;
}

/* Parse the "elem K KIND SIZE" line [LINE, LINE + LEN) into R.  It only
   refines GPURT_VERIFY's comparison, so a line it cannot use is ignored.  */

static void
gpurt_parse_elem (struct gpurt_region *r, const char *line, size_t len)
{
  const char *tok[4];
  size_t toklen[4];
  uint64_t k, size;

  if (gpurt_split (line, len, tok, toklen, 4) < 4 || r->args == NULL
      || !gpurt_parse_u64 (tok[1], toklen[1], &k) || k >= r->nargs
      || toklen[2] != 1 || strchr ("fib", tok[2][0]) == NULL
      || !gpurt_parse_u64 (tok[3], toklen[3], &size)
      || (size != 1 && size != 2 && size != 4 && size != 8))
    return;
  if (tok[2][0] == 'f' && size != 4 && size != 8)
    return;
  r->args[k].elem_kind = tok[2][0];
  r->args[k].elem_size = (unsigned) size;
}

/* Parse the "arg" line [LINE, LINE + LEN) into R.  */

static void
gpurt_parse_arg (struct gpurt_region *r, const char *line, size_t len)
{
  const char *tok[5];
  size_t toklen[5];
  unsigned ntok = gpurt_split (line, len, tok, toklen, 5);
  struct gpurt_arg_desc *arg;
  uint64_t k, size;

  if (r->args == NULL)
    {
      gpurt_region_fail (r, "'arg' line before 'nargs'");
      return;
    }
  if (ntok < 4 || !gpurt_parse_u64 (tok[1], toklen[1], &k) || k >= r->nargs)
    {
      gpurt_region_fail (r, "malformed line '%.*s'", (int) len, line);
      return;
    }
  arg = &r->args[k];
  if (arg->kind != 0)
    {
      gpurt_region_fail (r, "argument %" PRIu64 " described twice", k);
      return;
    }
  if (toklen[2] == 6 && memcmp (tok[2], "buffer", 6) == 0)
    {
      arg->kind = GPURT_ARG_BUFFER;
      if (toklen[3] == 1 && tok[3][0] == 'r')
	arg->flags = GPURT_ARG_READ;
      else if (toklen[3] == 1 && tok[3][0] == 'w')
	arg->flags = GPURT_ARG_WRITTEN;
      else if (toklen[3] == 2 && memcmp (tok[3], "rw", 2) == 0)
	arg->flags = GPURT_ARG_READ | GPURT_ARG_WRITTEN;
      else
	gpurt_region_fail (r, "argument %" PRIu64 ": access '%.*s' is not"
			   " r, w or rw", k, (int) toklen[3], tok[3]);
    }
  else if (toklen[2] == 6 && memcmp (tok[2], "scalar", 6) == 0)
    {
      arg->kind = GPURT_ARG_SCALAR;
      if (!gpurt_parse_u64 (tok[3], toklen[3], &size)
	  || (size != 1 && size != 2 && size != 4 && size != 8))
	gpurt_region_fail (r, "argument %" PRIu64 ": scalar size '%.*s' is"
			   " not 1, 2, 4 or 8", k, (int) toklen[3], tok[3]);
      else
	arg->size = (unsigned) size;
    }
  else if (toklen[2] == 6 && memcmp (tok[2], "reduce", 6) == 0
	   && ntok == 5)
    {
      /* "arg K reduce OP TYPE NAME": TOK[4] is "TYPE NAME".  */
      const char *err = gpurt_reduce_parse_arg (arg, tok[3], toklen[3],
						tok[4], toklen[4]);
      const char *space = memchr (tok[4], ' ', toklen[4]);

      if (err != NULL)
	gpurt_region_fail (r, "argument %" PRIu64 ": %s", k, err);
      arg->name = space != NULL
	? gpurt_strndup (space + 1, toklen[4] - (size_t) (space + 1 - tok[4]))
	: gpurt_strndup ("?", 1);
      if (arg->name == NULL)
	gpurt_region_fail (r, "out of memory reading the record");
      return;
    }
  else
    {
      gpurt_region_fail (r, "argument %" PRIu64 ": kind '%.*s' is not buffer,"
			 " scalar or reduce", k, (int) toklen[2], tok[2]);
      return;
    }
  arg->name = ntok == 5 ? gpurt_strndup (tok[4], toklen[4])
			: gpurt_strndup ("?", 1);
  if (arg->name == NULL)
    gpurt_region_fail (r, "out of memory reading the record");
}

/* Does the LEN bytes at S form a C identifier?  */

static int
gpurt_is_identifier (const char *s, size_t len)
{
  size_t i;

  if (len == 0 || isdigit ((unsigned char) s[0]))
    return 0;
  for (i = 0; i < len; i++)
    if (!isalnum ((unsigned char) s[i]) && s[i] != '_')
      return 0;
  return 1;
}

/* Parse the record RECORD into R (allocated and zeroed by the caller).
   Problems are stored in R->error; R's strings are always set so that
   messages can name the region.  */

static void
gpurt_region_parse (struct gpurt_region *r, const char *record)
{
  const char *p = record;
  const char *line;
  size_t len, key_len;
  uint64_t v;
  int first = 1, have_ndim = 0, have_nargs = 0, have_source = 0;
  unsigned k;

  while (*p != '\0' && !have_source)
    {
      const char *nl = strchr (p, '\n');
      const char *value;
      size_t value_len;

      line = p;
      len = nl != NULL ? (size_t) (nl - p) : strlen (p);
      p = nl != NULL ? nl + 1 : p + len;

      for (key_len = 0; key_len < len && line[key_len] != ' '; key_len++)
	;
      value = key_len < len ? line + key_len + 1 : line + len;
      value_len = key_len < len ? len - key_len - 1 : 0;

#define KEY_IS(S) (key_len == sizeof (S) - 1 && memcmp (line, S, key_len) == 0)
      if (first)
	{
	  first = 0;
	  if (!KEY_IS ("gpuoffload-region"))
	    {
	      gpurt_region_fail (r, "not a gpuoffload region record");
	      break;
	    }
	  if (value_len != 1 || value[0] != '1')
	    /* Keep reading for the name, but never run it.  */
	    gpurt_region_fail (r, "record version '%.*s' is not 1",
			       (int) value_len, value);
	}
      else if (KEY_IS ("name"))
	{
	  free (r->name);
	  r->name = gpurt_strndup (value, value_len);
	  if (!gpurt_is_identifier (value, value_len))
	    gpurt_region_fail (r, "kernel name '%.*s' is not an identifier",
			       (int) value_len, value);
	}
      else if (KEY_IS ("loc"))
	{
	  free (r->loc);
	  r->loc = gpurt_strndup (value, value_len);
	}
      else if (KEY_IS ("ndim"))
	{
	  if (!gpurt_parse_u64 (value, value_len, &v) || v < 1 || v > 3)
	    gpurt_region_fail (r, "ndim '%.*s' is not 1, 2 or 3",
			       (int) value_len, value);
	  else
	    {
	      r->ndim = (unsigned) v;
	      have_ndim = 1;
	    }
	}
      else if (KEY_IS ("fp64"))
	{
	  if (!gpurt_parse_u64 (value, value_len, &v) || v > 1)
	    gpurt_region_fail (r, "fp64 '%.*s' is not 0 or 1",
			       (int) value_len, value);
	  else
	    r->fp64 = (int) v;
	}
      else if (KEY_IS ("options"))
	{
	  free (r->options);
	  r->options = gpurt_strndup (value, value_len);
	}
      else if (KEY_IS ("nargs"))
	{
	  if (have_nargs || !gpurt_parse_u64 (value, value_len, &v)
	      || v > GPURT_MAX_ARGS)
	    gpurt_region_fail (r, "bad or repeated nargs '%.*s'",
			       (int) value_len, value);
	  else
	    {
	      have_nargs = 1;
	      r->nargs = (unsigned) v;
	      r->args = calloc (v != 0 ? v : 1, sizeof *r->args);
	      if (r->args == NULL)
		gpurt_region_fail (r, "out of memory reading the record");
	    }
	}
      else if (KEY_IS ("arg"))
	gpurt_parse_arg (r, line, len);
      else if (KEY_IS ("elem"))
	gpurt_parse_elem (r, line, len);
      else if (KEY_IS ("reduce"))
	{
	  const char *err = gpurt_reduce_parse_key (r, value, value_len);

	  if (err != NULL)
	    gpurt_region_fail (r, "%s", err);
	}
      else if (KEY_IS ("source"))
	{
	  if (!gpurt_parse_u64 (value, value_len, &v)
	      || strnlen (p, (size_t) v) != v)
	    gpurt_region_fail (r, "source length '%.*s' does not match the"
			       " record", (int) value_len, value);
	  else
	    {
	      r->source = p;
	      r->source_len = (size_t) v;
	    }
	  have_source = 1;
	}
      /* Any other key (opt, and keys of later minor revisions): ignored.  */
#undef KEY_IS
    }

  if (r->name == NULL)
    {
      r->name = gpurt_strndup ("?", 1);
      gpurt_region_fail (r, "record has no name");
    }
  if (r->loc == NULL)
    r->loc = gpurt_strndup ("?", 1);
  if (r->options == NULL)
    r->options = gpurt_strndup ("", 0);
  if (r->name == NULL || r->loc == NULL || r->options == NULL)
    gpurt_region_fail (r, "out of memory reading the record");
  if (!have_ndim)
    gpurt_region_fail (r, "record has no ndim");
  if (!have_nargs)
    gpurt_region_fail (r, "record has no nargs");
  if (!have_source)
    gpurt_region_fail (r, "record has no source");
  for (k = 0; r->args != NULL && k < r->nargs; k++)
    if (r->args[k].kind == GPURT_ARG_REDUCE && r->reduce_wg == 0)
      {
	gpurt_region_fail (r, "reduction argument %u without a 'reduce' line",
			   k);
	break;
      }
  for (k = 0; r->args != NULL && k < r->nargs; k++)
    if (r->args[k].kind == 0)
      {
	gpurt_region_fail (r, "argument %u is not described", k);
	break;
      }
}

/* The bucket of the record at RECORD.  */

static unsigned
gpurt_region_hash (const char *record)
{
  uint64_t x = (uint64_t) (uintptr_t) record;

  x ^= x >> 17;
  x *= UINT64_C (0x9e3779b97f4a7c15);
  return (unsigned) (x >> 56) % GPURT_REGION_BUCKETS;
}

/* The region of the record RECORD, parsed on first use.  Returns NULL
   only when out of memory.  */

struct gpurt_region *
gpurt_region_get (const char *record)
{
  unsigned bucket = gpurt_region_hash (record);
  struct gpurt_region *r;

  pthread_mutex_lock (&gpurt_registry_lock);
  for (r = gpurt_buckets[bucket]; r != NULL; r = r->hash_next)
    if (r->record == record)
      goto DONE;

  r = calloc (1, sizeof *r);
  if (r == NULL)
    goto DONE;
  r->record = record;
  if (pthread_mutex_init (&r->build_lock, NULL) != 0)
    {
      free (r);
      r = NULL;
      goto DONE;
    }
  if (record == NULL)
    {
      r->name = gpurt_strndup ("?", 1);
      r->loc = gpurt_strndup ("?", 1);
      gpurt_region_fail (r, "no region record (NULL)");
    }
  else
    gpurt_region_parse (r, record);
  if (gpurt_env.verbose >= 3 && r->error != NULL)
    gpurt_message ("region %s (%s): %s", r->name ? r->name : "?",
		   r->loc ? r->loc : "?", r->error);

  r->hash_next = gpurt_buckets[bucket];
  gpurt_buckets[bucket] = r;
  *gpurt_region_tail = r;
  gpurt_region_tail = &r->list_next;

 DONE:
  pthread_mutex_unlock (&gpurt_registry_lock);
  return r;
}

/* Call FN (REGION, DATA) for every region, in registration order.  */

void
gpurt_region_foreach (void (*fn) (struct gpurt_region *, void *), void *data)
{
  struct gpurt_region *r;

  pthread_mutex_lock (&gpurt_registry_lock);
  for (r = gpurt_region_list; r != NULL; r = r->list_next)
    fn (r, data);
  pthread_mutex_unlock (&gpurt_registry_lock);
}
