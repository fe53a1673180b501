/* gpurt-record.c -- parse one region record (docs/ABI.md section 1) into
   a struct gpurt_record.

   This is the only reader of the record format: libgpurt parses the
   record a launch passes (gpurt-region.c), gpuoffload-info the records
   of a .gpuoffload section, both through gpurt_record_parse, so both
   accept and reject the same records.  Codes and spellings come from
   gpuoffload-abi.h.  Pure C11 plus POSIX strnlen: no OpenCL, no libgpurt
   internals (the tool compiles this file into itself).  */

#ifndef _POSIX_C_SOURCE
# define _POSIX_C_SOURCE 200809L
#endif

#include "gpurt-record.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest NARGS accepted, to keep a corrupt record from asking for
   absurd allocations.  */
#define GPURT_RECORD_MAX_ARGS 4096

/* Largest work-group size of a "reduce" line.  */
#define GPURT_RECORD_MAX_WG 4096

static const char gpurt_record_nomem[] = "out of memory reading the record";

/* A copy of the LEN bytes at S, NUL-terminated; NULL when out of
   memory.  */

static char *
gpurt_record_strndup (const char *s, size_t len)
{
  char *copy = malloc (len + 1);

  if (copy != NULL)
    {
      memcpy (copy, s, len);
      copy[len] = '\0';
    }
  return copy;
}

/* Record the first problem of REC: FMT and its arguments.  The record is
   then malformed, unless it already is of another version.  */

static void __attribute__ ((format (printf, 2, 3)))
gpurt_record_fail (struct gpurt_record *rec, const char *fmt, ...)
{
  va_list ap;

  if (rec->status == GPURT_RECORD_OK)
    rec->status = GPURT_RECORD_BAD;
  if (rec->error[0] != '\0')
    return;
  va_start (ap, fmt);
  vsnprintf (rec->error, sizeof rec->error, fmt, ap);
  va_end (ap);
}

/* *FIELD = a copy of the LEN bytes at S (replacing an earlier one).  */

static void
gpurt_record_set (struct gpurt_record *rec, char **field, const char *s,
		  size_t len)
{
  free (*field);
  *field = gpurt_record_strndup (s, len);
  if (*field == NULL)
    gpurt_record_fail (rec, "%s", gpurt_record_nomem);
}

/* Parse the LEN bytes at S as a decimal number into *OUT; nonzero on
   success.  */

static int
gpurt_record_u64 (const char *s, size_t len, uint64_t *out)
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
gpurt_record_split (const char *line, size_t len, const char **tok,
		    size_t *toklen, unsigned max)
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

/* Does the LEN bytes at S form a C identifier?  */

static int
gpurt_record_is_identifier (const char *s, size_t len)
{
  size_t i;

  if (len == 0 || isdigit ((unsigned char) s[0]))
    return 0;
  for (i = 0; i < len; i++)
    if (!isalnum ((unsigned char) s[i]) && s[i] != '_')
      return 0;
  return 1;
}

/* Parse the "elem K KIND SIZE" line [LINE, LINE + LEN) into REC.  It only
   refines GPURT_VERIFY's comparison, so a line it cannot use is
   ignored.  */

static void
gpurt_record_elem (struct gpurt_record *rec, const char *line, size_t len)
{
  const char *tok[4];
  size_t toklen[4];
  uint64_t k, size;
  char kind;

  if (gpurt_record_split (line, len, tok, toklen, 4) < 4 || rec->args == NULL
      || !gpurt_record_u64 (tok[1], toklen[1], &k) || k >= rec->nargs
      || toklen[2] != 1
      || !gpurt_record_u64 (tok[3], toklen[3], &size)
      || (size != 1 && size != 2 && size != 4 && size != 8))
    return;
  kind = tok[2][0];
  if (kind != GPU_ELEM_FLOAT && kind != GPU_ELEM_INT && kind != GPU_ELEM_BYTES)
    return;
  if (kind == GPU_ELEM_FLOAT && size != 4 && size != 8)
    return;
  rec->args[k].elem_kind = kind;
  rec->args[k].elem_size = (unsigned) size;
}

/* Parse the "batch K move|whole" line LINE (LEN bytes) into REC
   (docs/ABI.md section 9).  A malformed line is ignored: without it the
   region is not batched, which is always correct.  */

static void
gpurt_record_batch (struct gpurt_record *rec, const char *line, size_t len)
{
  const char *tok[3];
  size_t toklen[3];
  uint64_t k;

  if (gpurt_record_split (line, len, tok, toklen, 3) < 3 || rec->args == NULL
      || !gpurt_record_u64 (tok[1], toklen[1], &k) || k >= rec->nargs)
    return;
  if (gpu_abi_token_is (tok[2], toklen[2], "move"))
    rec->args[k].batch = 'm';
  else if (gpu_abi_token_is (tok[2], toklen[2], "whole"))
    rec->args[k].batch = 'w';
  else
    return;
  rec->batch = 1;
}

/* Parse "OP TYPE NAME" of the reduction argument K of REC into ARG: OP
   is the LEN bytes at OP, REST the LEN2 bytes "TYPE NAME".  */

static void
gpurt_record_reduce_arg (struct gpurt_record *rec, uint64_t k,
			 struct gpurt_record_arg *arg, const char *op,
			 size_t len, const char *rest, size_t len2)
{
  const char *space = memchr (rest, ' ', len2);
  size_t tlen = space != NULL ? (size_t) (space - rest) : len2;

  arg->kind = GPU_ARG_REDUCE;
  arg->op = gpu_red_op_lookup (op, len);
  arg->type = gpu_red_type_lookup (rest, tlen);
  arg->size = gpu_red_type_size (arg->type);
  if (arg->op == GPU_RED_NONE)
    gpurt_record_fail (rec, "argument %" PRIu64 ": unknown reduction"
		       " operator", k);
  else if (arg->type == GPU_RED_TYPE_NONE)
    gpurt_record_fail (rec, "argument %" PRIu64 ": unknown reduction type",
		       k);
  else if (gpu_red_type_is_float (arg->type) && gpu_red_op_int_only (arg->op))
    gpurt_record_fail (rec, "argument %" PRIu64 ": bitwise reduction of a"
		       " floating type", k);
  if (space != NULL)
    gpurt_record_set (rec, &arg->name, space + 1,
		      len2 - (size_t) (space + 1 - rest));
  else
    gpurt_record_set (rec, &arg->name, "?", 1);
}

/* Parse the value [S, S + LEN) of a "flat NAME coalesced|strided" line
   into REC: the one-level variant of a two-level kernel, and whether its
   accesses walk consecutive elements at least as often.  */

static void
gpurt_record_flat (struct gpurt_record *rec, const char *s, size_t len)
{
  const char *space = memchr (s, ' ', len);
  size_t rest;

  if (space == NULL || !gpurt_record_is_identifier (s, (size_t) (space - s)))
    {
      gpurt_record_fail (rec, "malformed 'flat' line");
      return;
    }
  rest = len - (size_t) (space + 1 - s);
  if (rest == 9 && memcmp (space + 1, "coalesced", 9) == 0)
    rec->flat_coalesced = 1;
  else if (rest == 7 && memcmp (space + 1, "strided", 7) == 0)
    rec->flat_coalesced = 0;
  else
    {
      gpurt_record_fail (rec, "malformed 'flat' line");
      return;
    }
  gpurt_record_set (rec, &rec->flat_name, s, (size_t) (space - s));
}

/* Parse the "arg" line [LINE, LINE + LEN) into REC.  */

static void
gpurt_record_arg (struct gpurt_record *rec, const char *line, size_t len)
{
  const char *tok[5];
  size_t toklen[5];
  unsigned ntok = gpurt_record_split (line, len, tok, toklen, 5);
  struct gpurt_record_arg *arg;
  uint64_t k, size;
  unsigned kind;

  if (rec->args == NULL)
    {
      gpurt_record_fail (rec, "'arg' line before 'nargs'");
      return;
    }
  if (ntok < 4 || !gpurt_record_u64 (tok[1], toklen[1], &k)
      || k >= rec->nargs)
    {
      gpurt_record_fail (rec, "malformed line '%.*s'", (int) len, line);
      return;
    }
  arg = &rec->args[k];
  if (arg->kind != 0)
    {
      gpurt_record_fail (rec, "argument %" PRIu64 " described twice", k);
      return;
    }
  kind = gpu_arg_kind_lookup (tok[2], toklen[2]);
  switch (kind)
    {
    case GPU_ARG_BUFFER:
      arg->kind = kind;
      arg->flags = gpu_arg_access_lookup (tok[3], toklen[3]);
      if (arg->flags == 0)
	gpurt_record_fail (rec, "argument %" PRIu64 ": access '%.*s' is not"
			   " %s, %s or %s", k, (int) toklen[3], tok[3],
			   gpu_arg_access_name (GPU_ARG_ACCESS_R),
			   gpu_arg_access_name (GPU_ARG_ACCESS_W),
			   gpu_arg_access_name (GPU_ARG_ACCESS_RW));
      break;

    case GPU_ARG_SCALAR:
      arg->kind = kind;
      if (!gpurt_record_u64 (tok[3], toklen[3], &size)
	  || (size != 1 && size != 2 && size != 4 && size != 8))
	gpurt_record_fail (rec, "argument %" PRIu64 ": scalar size '%.*s' is"
			   " not 1, 2, 4 or 8", k, (int) toklen[3], tok[3]);
      else
	arg->size = (unsigned) size;
      break;

    case GPU_ARG_REDUCE:
      if (ntok == 5)
	{
	  /* "arg K reduce OP TYPE NAME": TOK[4] is "TYPE NAME".  */
	  gpurt_record_reduce_arg (rec, k, arg, tok[3], toklen[3], tok[4],
				   toklen[4]);
	  return;
	}
      /* Fall through.  */
    default:
      gpurt_record_fail (rec, "argument %" PRIu64 ": kind '%.*s' is not %s,"
			 " %s or %s", k, (int) toklen[2], tok[2],
			 gpu_arg_kind_name (GPU_ARG_BUFFER),
			 gpu_arg_kind_name (GPU_ARG_SCALAR),
			 gpu_arg_kind_name (GPU_ARG_REDUCE));
      return;
    }
  if (ntok == 5)
    gpurt_record_set (rec, &arg->name, tok[4], toklen[4]);
  else
    gpurt_record_set (rec, &arg->name, "?", 1);
}

/* Parse the value of the "reduce" line, the LEN bytes at VALUE ("WG
   FORM" or "WG local last"), into REC.  */

static void
gpurt_record_reduce (struct gpurt_record *rec, const char *value, size_t len)
{
  const char *tok[3];
  size_t toklen[3];
  uint64_t wg;
  unsigned count = gpurt_record_split (value, len, tok, toklen, 3);

  if (count < 2
      || !gpurt_record_u64 (tok[0], toklen[0], &wg) || wg == 0
      || wg > GPURT_RECORD_MAX_WG
      || (!gpu_abi_token_is (tok[1], toklen[1], GPU_REDUCE_FORM_LOCAL)
	  && !gpu_abi_token_is (tok[1], toklen[1], GPU_REDUCE_FORM_GLOBAL))
      || (count == 3
	  && (!gpu_abi_token_is (tok[2], toklen[2], GPU_REDUCE_LAST)
	      || !gpu_abi_token_is (tok[1], toklen[1],
				    GPU_REDUCE_FORM_LOCAL))))
    {
      gpurt_record_fail (rec, "malformed 'reduce' line");
      return;
    }
  rec->reduce_wg = (unsigned) wg;
  rec->reduce_global = gpu_abi_token_is (tok[1], toklen[1],
					 GPU_REDUCE_FORM_GLOBAL);
  rec->reduce_last = count == 3;
}

/* Are the three sizes at S (a group shape, a block) each from 1 to
   GPURT_RECORD_MAX_WG?  */

static int
gpurt_record_sizes_ok (const unsigned *s)
{
  int d;

  for (d = 0; d < 3; d++)
    if (s[d] == 0 || s[d] > GPURT_RECORD_MAX_WG)
      return 0;
  return 1;
}

/* Parse the LEN bytes at VALUE of a "variant" line into REC:
   NAME G0 G1 G2 LOCAL-BYTES [A B]... [block B0 B1 B2]  */

static void
gpurt_record_variant (struct gpurt_record *rec, const char *value,
		      size_t len)
{
  struct gpurt_record_variant *v;
  char buf[512];
  int used = 0, n;
  unsigned a, b;

  if (rec->nvariants == GPURT_RECORD_MAX_VARIANTS || len >= sizeof buf)
    {
      gpurt_record_fail (rec, "too many or too long 'variant' lines");
      return;
    }
  memcpy (buf, value, len);
  buf[len] = '\0';
  v = &rec->variants[rec->nvariants];
  memset (v, 0, sizeof *v);
  if (sscanf (buf, "%159s %u %u %u %lu%n", v->name, &v->group[0],
	      &v->group[1], &v->group[2], &v->local_bytes, &used) != 5
      || !gpurt_record_sizes_ok (v->group))
    {
      gpurt_record_fail (rec, "malformed 'variant' line");
      return;
    }
  while (sscanf (buf + used, " %u %u%n", &a, &b, &n) == 2)
    {
      if (v->ndistinct == GPURT_RECORD_MAX_DISTINCT)
	{
	  gpurt_record_fail (rec, "too many pairs in a 'variant' line");
	  return;
	}
      v->distinct[2 * v->ndistinct] = a;
      v->distinct[2 * v->ndistinct + 1] = b;
      v->ndistinct++;
      used += n;
    }
  v->block[0] = v->block[1] = v->block[2] = 1;
  n = 0;
  if (sscanf (buf + used, " block %u %u %u%n", &v->block[0], &v->block[1],
	      &v->block[2], &n) == 3)
    used += n;
  if (buf[used + strspn (buf + used, " ")] != '\0'
      || !gpurt_record_sizes_ok (v->block))
    {
      gpurt_record_fail (rec, "malformed 'variant' line");
      return;
    }
  rec->nvariants++;
}

/* Parse the LEN bytes at VALUE of a "deopt" line into REC:
   K FILE:LINE CALL, K the number of lines before it.  */

static void
gpurt_record_deopt (struct gpurt_record *rec, const char *value, size_t len)
{
  const char *sp1 = memchr (value, ' ', len), *sp2;
  struct gpurt_record_deopt *d;
  uint64_t k;

  sp2 = sp1 != NULL ? memchr (sp1 + 1, ' ', len - (size_t) (sp1 + 1 - value))
	: NULL;
  if (sp2 == NULL || sp2 == sp1 + 1 || sp2 + 1 == value + len
      || !gpurt_record_u64 (value, (size_t) (sp1 - value), &k)
      || k != rec->ndeopts)
    {
      gpurt_record_fail (rec, "malformed 'deopt' line");
      return;
    }
  if (rec->ndeopts == GPU_MAX_DEOPT_SITES)
    {
      gpurt_record_fail (rec, "more than %d 'deopt' lines",
			 GPU_MAX_DEOPT_SITES);
      return;
    }
  d = &rec->deopts[rec->ndeopts++];
  gpurt_record_set (rec, &d->loc, sp1 + 1, (size_t) (sp2 - sp1 - 1));
  gpurt_record_set (rec, &d->call, sp2 + 1,
		    (size_t) (value + len - sp2 - 1));
}

/* Add the LEN bytes at VALUE to REC's "opt" lines.  */

static void
gpurt_record_opt (struct gpurt_record *rec, const char *value, size_t len)
{
  char **grown = realloc (rec->opts, (rec->nopts + 1) * sizeof *rec->opts);

  if (grown == NULL)
    {
      gpurt_record_fail (rec, "%s", gpurt_record_nomem);
      return;
    }
  rec->opts = grown;
  rec->opts[rec->nopts] = gpurt_record_strndup (value, len);
  if (rec->opts[rec->nopts] == NULL)
    gpurt_record_fail (rec, "%s", gpurt_record_nomem);
  else
    rec->nopts++;
}

/* See gpurt-record.h.  */

enum gpurt_record_status
gpurt_record_parse (struct gpurt_record *rec, const char *text, size_t size)
{
  const char *p = text, *end;
  int first = 1, have_ndim = 0, have_nargs = 0, have_source = 0;
  int have_escape_heap = 0;
  unsigned k;

  memset (rec, 0, sizeof *rec);
  rec->len = strnlen (text, size);
  end = text + rec->len;

  while (p < end && !have_source)
    {
      const char *nl = memchr (p, '\n', (size_t) (end - p));
      const char *line = p, *value;
      size_t len = nl != NULL ? (size_t) (nl - p) : (size_t) (end - p);
      size_t key_len, value_len;
      uint64_t v;

      p = nl != NULL ? nl + 1 : end;
      for (key_len = 0; key_len < len && line[key_len] != ' '; key_len++)
	;
      value = key_len < len ? line + key_len + 1 : line + len;
      value_len = key_len < len ? len - key_len - 1 : 0;

#define KEY_IS(S) gpu_abi_token_is (line, key_len, S)
      if (first)
	{
	  first = 0;
	  if (!KEY_IS (GPU_RECORD_MAGIC))
	    {
	      gpurt_record_fail (rec, "not a gpuoffload region record");
	      break;
	    }
	  if (gpurt_record_u64 (value, value_len, &v) && v <= UINT32_MAX)
	    rec->version = (unsigned) v;
	  if (rec->version != GPU_RECORD_VERSION
	      && rec->version != GPU_RECORD_VERSION_GROUP
	      && rec->version != GPU_RECORD_VERSION_DEOPT
	      && rec->version != GPU_RECORD_VERSION_HEAP)
	    {
	      /* Keep reading for the name, but never run it.  */
	      gpurt_record_fail (rec, "record version '%.*s' is not %d, %d, %d"
				 " or %d", (int) value_len, value,
				 GPU_RECORD_VERSION, GPU_RECORD_VERSION_GROUP,
				 GPU_RECORD_VERSION_DEOPT,
				 GPU_RECORD_VERSION_HEAP);
	      rec->status = GPURT_RECORD_VERSION;
	    }
	}
      else if (KEY_IS ("name"))
	{
	  gpurt_record_set (rec, &rec->name, value, value_len);
	  if (!gpurt_record_is_identifier (value, value_len))
	    gpurt_record_fail (rec, "kernel name '%.*s' is not an identifier",
			       (int) value_len, value);
	}
      else if (KEY_IS ("loc"))
	gpurt_record_set (rec, &rec->loc, value, value_len);
      else if (KEY_IS ("ndim"))
	{
	  if (!gpurt_record_u64 (value, value_len, &v) || v < 1 || v > 3)
	    gpurt_record_fail (rec, "ndim '%.*s' is not 1, 2 or 3",
			       (int) value_len, value);
	  else
	    {
	      rec->ndim = (unsigned) v;
	      have_ndim = 1;
	    }
	}
      else if (KEY_IS ("fp64"))
	{
	  if (!gpurt_record_u64 (value, value_len, &v) || v > 1)
	    gpurt_record_fail (rec, "fp64 '%.*s' is not 0 or 1",
			       (int) value_len, value);
	  else
	    rec->fp64 = (int) v;
	}
      else if (KEY_IS ("options"))
	gpurt_record_set (rec, &rec->options, value, value_len);
      else if (KEY_IS ("fp"))
	{
	  /* Added in a minor revision: an unknown value reads as the
	     default contract.  */
	  if (gpu_abi_token_is (value, value_len, "strict"))
	    rec->fp = GPURT_FP_STRICT;
	  else if (gpu_abi_token_is (value, value_len, "fast"))
	    rec->fp = GPURT_FP_FAST;
	  else
	    rec->fp = GPURT_FP_CONTRACT;
	}
      else if (KEY_IS ("nargs"))
	{
	  if (have_nargs || !gpurt_record_u64 (value, value_len, &v)
	      || v > GPURT_RECORD_MAX_ARGS)
	    gpurt_record_fail (rec, "bad or repeated nargs '%.*s'",
			       (int) value_len, value);
	  else
	    {
	      have_nargs = 1;
	      rec->nargs = (unsigned) v;
	      rec->args = calloc (v != 0 ? v : 1, sizeof *rec->args);
	      if (rec->args == NULL)
		{
		  rec->nargs = 0;
		  gpurt_record_fail (rec, "%s", gpurt_record_nomem);
		}
	    }
	}
      else if (KEY_IS ("arg"))
	gpurt_record_arg (rec, line, len);
      else if (KEY_IS ("elem"))
	gpurt_record_elem (rec, line, len);
      else if (KEY_IS ("batch"))
	gpurt_record_batch (rec, line, len);
      else if (KEY_IS ("fill"))
	{
	  /* A written buffer the region stores whole (section 10); a
	     malformed line is ignored: the buffer is then copied in.  */
	  if (gpurt_record_u64 (value, value_len, &v) && v < rec->nargs
	      && rec->args != NULL)
	    rec->args[v].fills = 1;
	}
      else if (KEY_IS ("reduce"))
	gpurt_record_reduce (rec, value, value_len);
      else if (KEY_IS ("group"))
	{
	  /* Two levels: one work-group per outer iteration, of a power of
	     two work-items up to the value.  */
	  if (!gpurt_record_u64 (value, value_len, &v) || v == 0
	      || v > GPURT_RECORD_MAX_WG)
	    gpurt_record_fail (rec, "malformed 'group' line");
	  else
	    rec->group_wg = (unsigned) v;
	}
      else if (KEY_IS ("flat"))
	gpurt_record_flat (rec, value, value_len);
      else if (KEY_IS ("index32"))
	{
	  if (!gpurt_record_is_identifier (value, value_len))
	    gpurt_record_fail (rec, "malformed 'index32' line");
	  else
	    gpurt_record_set (rec, &rec->index32_name, value, value_len);
	}
      else if (KEY_IS ("opt"))
	gpurt_record_opt (rec, value, value_len);
      else if (KEY_IS ("variant"))
	gpurt_record_variant (rec, value, value_len);
      else if (KEY_IS ("deopt"))
	gpurt_record_deopt (rec, value, value_len);
      else if (KEY_IS ("heap"))
	{
	  /* 1, or 2: the iterations that ran out run again alone; 3: as
	     1, and blocks outlive the region (the "escape" line).  */
	  if (value_len != 1 || value[0] < '1' || value[0] > '3')
	    gpurt_record_fail (rec, "malformed 'heap' line");
	  rec->heap = value[0] == '2' ? 2 : 1;
	  have_escape_heap = value[0] == '3';
	}
      else if (KEY_IS ("escape"))
	{
	  /* The array of pointers argument whose elements receive heap
	     blocks that outlive the region.  */
	  if (!gpurt_record_u64 (value, value_len, &v) || v >= 65536)
	    gpurt_record_fail (rec, "malformed 'escape' line");
	  else
	    rec->escape = (unsigned) v + 1;
	}
      else if (KEY_IS ("source"))
	{
	  /* The source is taken by length and must lie within the
	     record, before its terminating NUL.  */
	  if (!gpurt_record_u64 (value, value_len, &v)
	      || v > (uint64_t) (end - p))
	    gpurt_record_fail (rec, "source length '%.*s' does not match the"
			       " record", (int) value_len, value);
	  else
	    {
	      rec->source = p;
	      rec->source_len = (size_t) v;
	    }
	  have_source = 1;
	}
      /* Any other key (of later minor revisions): ignored.  */
#undef KEY_IS
    }

  if (first)
    gpurt_record_fail (rec, "not a gpuoffload region record");
  if (rec->name == NULL)
    {
      gpurt_record_set (rec, &rec->name, "?", 1);
      gpurt_record_fail (rec, "record has no name");
    }
  if (rec->loc == NULL)
    gpurt_record_set (rec, &rec->loc, "?", 1);
  if (rec->options == NULL)
    gpurt_record_set (rec, &rec->options, "", 0);
  if (!have_ndim)
    gpurt_record_fail (rec, "record has no ndim");
  if (!have_nargs)
    gpurt_record_fail (rec, "record has no nargs");
  if (!have_source)
    gpurt_record_fail (rec, "record has no source");
  for (k = 0; rec->args != NULL && k < rec->nargs; k++)
    if (rec->args[k].kind == GPU_ARG_REDUCE && rec->reduce_wg == 0)
      {
	gpurt_record_fail (rec, "reduction argument %u without a 'reduce'"
			   " line", k);
	break;
      }
  for (k = 0; rec->args != NULL && k < rec->nargs; k++)
    if (rec->args[k].kind == 0)
      {
	gpurt_record_fail (rec, "argument %u is not described", k);
	break;
      }
  if ((rec->escape != 0) != have_escape_heap)
    gpurt_record_fail (rec, "an 'escape' line needs 'heap 3' and 'heap 3'"
		       " an 'escape' line");
  if (rec->escape != 0
      && (rec->args == NULL || rec->escape > rec->nargs
	  || rec->args[rec->escape - 1].kind != GPU_ARG_BUFFER))
    gpurt_record_fail (rec, "the 'escape' argument is not a buffer");
  if (rec->heap && rec->version != GPU_RECORD_VERSION_HEAP)
    gpurt_record_fail (rec, "a 'heap' line in a record of version %u",
		       rec->version);
  if (rec->ndeopts != 0 && rec->version != GPU_RECORD_VERSION_DEOPT
      && rec->version != GPU_RECORD_VERSION_HEAP)
    gpurt_record_fail (rec, "'deopt' lines in a record of version %u",
		       rec->version);
  for (k = 0; k < rec->nvariants; k++)
    {
      unsigned j;

      for (j = 0; j < 2 * rec->variants[k].ndistinct; j++)
	if (rec->variants[k].distinct[j] >= rec->nargs)
	  gpurt_record_fail (rec, "variant %s names argument %u of %u",
			     rec->variants[k].name,
			     rec->variants[k].distinct[j], rec->nargs);
    }
  return rec->status;
}

/* See gpurt-record.h.  */

void
gpurt_record_free (struct gpurt_record *rec)
{
  unsigned k;

  free (rec->name);
  free (rec->flat_name);
  free (rec->index32_name);
  free (rec->loc);
  free (rec->options);
  for (k = 0; rec->args != NULL && k < rec->nargs; k++)
    free (rec->args[k].name);
  free (rec->args);
  for (k = 0; k < rec->ndeopts; k++)
    {
      free (rec->deopts[k].loc);
      free (rec->deopts[k].call);
    }
  for (k = 0; k < rec->nopts; k++)
    free (rec->opts[k]);
  free (rec->opts);
  memset (rec, 0, sizeof *rec);
}
