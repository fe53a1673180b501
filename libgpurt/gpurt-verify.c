/* gpurt-verify.c -- GPURT_VERIFY=1: run each region on the device and on
   the host, and compare (SPEC section 5).

   For debugging the compiler on real code: a region whose device results
   differ from its host results points at a miscompilation (or at a loop
   that is not really parallel).  The written byte ranges the compiler
   passes (docs/ABI.md section 3) are all a region can change, so:

     1. save the written ranges and the reductions' result slots;
     2. run the region on the device (gpurt_launch), keep what it wrote;
     3. put the saved bytes back and run the outlined host function;
     4. compare the two results element by element (the record's "elem"
        lines say whether a buffer holds floating point, compared within
        GPURT_VERIFY_RTOL of the element or of the array's largest
        magnitude, or integers and bytes, compared exactly; a reduction
        by its type) and
        report the first difference of each buffer with the region, the
        array and the element's index.

   The host's results are the ones the program goes on with.  */

#include "gpurt-internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One written range.  */
struct gpurt_vrange
{
  unsigned arg;
  unsigned char *host;		/* first byte in host memory */
  size_t len;
  int64_t lo;			/* byte offset of HOST from the pointer */
  unsigned char *saved;		/* the bytes before the region */
  unsigned char *device;	/* the bytes the device wrote */
};

/* The floating-point value of SIZE bytes at P.  */

static double
gpurt_float_at (const unsigned char *p, unsigned size)
{
  if (size == 4)
    {
      float f;
      memcpy (&f, p, 4);
      return f;
    }
  double d;
  memcpy (&d, p, 8);
  return d;
}

/* Do the floating-point values A and B (SIZE bytes each) agree within
   RTOL of the larger of them or of SCALE (the array's largest magnitude:
   a fused multiply-add or another summation order moves a result near
   zero by a rounding error of its operands, not of itself)?  NaNs agree
   with NaNs.  */

static int
gpurt_float_close (const unsigned char *a, const unsigned char *b,
		   unsigned size, double rtol, double scale, double *va,
		   double *vb)
{
  double x = gpurt_float_at (a, size), y = gpurt_float_at (b, size);
  *va = x;
  *vb = y;
  if (x != x || y != y)
    return x != x && y != y;	/* NaN */
  if (x == y)
    return 1;
  double ax = x < 0 ? -x : x, ay = y < 0 ? -y : y, diff = x - y;
  if (diff < 0)
    diff = -diff;
  return diff <= rtol * (ax > ay ? ax : ay) || diff <= rtol * scale;
}

/* The relative tolerance of floating-point elements of SIZE bytes
   written by region R: GPURT_VERIFY_RTOL if set, else by the region's
   floating-point contract (its record's "fp" line): 16 units in the last
   place of the element's type under -ffp-contract=off (each operation
   is rounded as on the host; OpenCL's built-in functions may differ from
   the C library's by a few units), 1e-5 when the device may fuse a*b+c
   (GCC's default -ffp-contract=fast), 1e-3 under -ffast-math.  */

static double
gpurt_verify_rtol (const struct gpurt_region *r, unsigned size)
{
  if (gpurt_env.verify_rtol >= 0)
    return gpurt_env.verify_rtol;
  switch (r != NULL ? r->fp : GPURT_FP_CONTRACT)
    {
    case GPURT_FP_STRICT:
      return size == 4 ? 16 * 0x1p-23 : 16 * 0x1p-52;
    case GPURT_FP_FAST:
      return 1e-3;
    default:
      return 1e-5;
    }
}

/* Compare range V of region R: report its first differing element.
   Returns the number of differing elements.  */

static uint64_t
gpurt_compare (struct gpurt_region *r, const struct gpurt_vrange *v)
{
  const struct gpurt_record_arg *d = r != NULL && v->arg < r->nargs
    ? &r->args[v->arg] : NULL;
  char kind = d != NULL && d->elem_kind ? d->elem_kind : GPU_ELEM_BYTES;
  unsigned size = d != NULL && d->elem_kind ? d->elem_size : 1;
  if (d != NULL && d->kind == GPU_ARG_REDUCE)
    {
      /* A reduction's result slot: one value of its type.  */
      kind = gpu_red_type_is_float (d->type) ? GPU_ELEM_FLOAT : GPU_ELEM_INT;
      size = d->size;
    }
  const char *name = d != NULL && d->name != NULL ? d->name : "?";
  uint64_t bad = 0;
  size_t off = 0;

  /* Elements are aligned on the pointer, not on the range's start.  */
  if (size > 1)
    off = (size_t) ((size - (uint64_t) v->lo % size) % size);
  if (off > v->len || (v->len - off) % size != 0)
    {
      kind = GPU_ELEM_BYTES;
      size = 1;
      off = 0;
    }
  double scale = 0, rtol = gpurt_verify_rtol (r, size);
  if (kind == GPU_ELEM_FLOAT)
    for (size_t i = off; i + size <= v->len; i += size)
      {
	double h = gpurt_float_at (v->host + i, size);
	if (h < 0)
	  h = -h;
	if (h > scale && h - h == 0)	/* finite */
	  scale = h;
      }
  for (size_t i = off; i + size <= v->len; i += size)
    {
      const unsigned char *dv = v->device + i, *hv = v->host + i;
      double fd = 0, fh = 0;
      int same = kind == GPU_ELEM_FLOAT
	? gpurt_float_close (dv, hv, size, rtol, scale, &fd,
			     &fh)
	: memcmp (dv, hv, size) == 0;
      if (same)
	continue;
      if (bad++ != 0)
	continue;
      int64_t index = ((int64_t) i + v->lo) / (int64_t) size;
      if (kind == GPU_ELEM_FLOAT)
	gpurt_message ("GPURT_VERIFY: region %s (%s): %s[%" PRId64 "]:"
		       " device %.9g, host %.9g", r ? r->name : "?",
		       r ? r->loc : "?", name, index, fd, fh);
      else
	{
	  uint64_t xd = 0, xh = 0;
	  memcpy (&xd, dv, size);
	  memcpy (&xh, hv, size);
	  gpurt_message ("GPURT_VERIFY: region %s (%s): %s[%" PRId64 "]"
			 " (%u-byte elements): device 0x%" PRIx64 ", host 0x%"
			 PRIx64, r ? r->name : "?", r ? r->loc : "?", name,
			 index, size, xd, xh);
	}
    }
  if (bad > 1)
    gpurt_message ("GPURT_VERIFY: region %s: %s: %" PRIu64 " elements"
		   " differ", r ? r->name : "?", name, bad);
  return bad;
}

/* Run REGION (ARGS, NARGS, trip counts N) on the device and with HOST
   (DATA) over [0, NHOST), compare, and keep the host's results.  Sets
   *THREADS to the host threads used.  Returns 1 when both ran, 0 when the
   device did not run it (the host then ran alone), -1 when nothing ran
   (no memory to verify with: the caller runs the region as usual).  */

int
gpurt_verify_run (const char *region, uint64_t *args, unsigned nargs,
		  const uint64_t n[3],
		  void (*host) (void *, uint64_t, uint64_t), void *data,
		  uint64_t nhost, int *threads)
{
  struct gpurt_region *r = gpurt_region_get (region);
  unsigned count = nargs & ~GPU_NARGS_FLAGS;
  struct gpurt_vrange *v = calloc (count ? count : 1, sizeof *v);
  unsigned nv = 0, i;
  int both = 0;

  /* Heap blocks that outlive the region ("heap 3"): the two runs give
     different host blocks, and the device's would leak: the region runs
     once, unverified.  */
  if (r != NULL && r->escape != 0)
    {
      free (v);
      return -1;
    }
  if (v == NULL)
    {
      gpurt_message ("GPURT_VERIFY: out of memory; region not verified");
      return -1;
    }
  /* A launch of no iteration touches nothing (the compiler's ranges are
     only meant for launches that run: the bytes they name need not
     exist then).  */
  for (i = 0; i < count && n[0] != 0 && n[1] != 0 && n[2] != 0; i++)
    {
      uint64_t w0 = args[4 * i];
      int64_t lo = (int64_t) args[4 * i + 2], hi = (int64_t) args[4 * i + 3];
      if (GPU_ARG_WORD0_KIND (w0) == GPU_ARG_REDUCE)
	{
	  /* The result slot of a reduction, which both runs combine into:
	     the host's must start from the same value as the device's.  */
	  if (r == NULL || i >= r->nargs)
	    continue;
	  lo = 0;
	  hi = r->args[i].size;
	}
      else if (GPU_ARG_WORD0_KIND (w0) != GPU_ARG_BUFFER
	       || !(GPU_ARG_WORD0_FLAGS (w0) & GPU_ARG_WRITTEN) || hi <= lo)
	continue;
      v[nv].arg = i;
      v[nv].host = (unsigned char *) (uintptr_t) (args[4 * i + 1] + lo);
      v[nv].len = (size_t) (hi - lo);
      v[nv].lo = lo;
      v[nv].saved = malloc (v[nv].len);
      v[nv].device = malloc (v[nv].len);
      nv++;
      if (v[nv - 1].saved == NULL || v[nv - 1].device == NULL)
	{
	  gpurt_message ("GPURT_VERIFY: out of memory; region not verified");
	  both = -1;
	  goto DONE;
	}
      memcpy (v[nv - 1].saved, v[nv - 1].host, v[nv - 1].len);
    }

  if (!gpurt_launch (region, args, nargs, n[0], n[1], n[2]))
    {
      /* The device did not run it: the host does, as usual.  */
      *threads = gpurt_host_run (host, data, nhost);
      goto DONE;
    }
  both = 1;
  for (i = 0; i < nv; i++)
    memcpy (v[i].device, v[i].host, v[i].len);
  /* Restore in reverse order: overlapping ranges end as they began.  */
  for (i = nv; i-- > 0;)
    memcpy (v[i].host, v[i].saved, v[i].len);
  *threads = gpurt_host_run (host, data, nhost);
  if (gpurt_env.verify_inject >= 0 && nv > 0)
    {
      /* Test hook: corrupt one element of the device's first result.  */
      const struct gpurt_record_arg *d = r ? &r->args[v[0].arg] : NULL;
      unsigned size = d && d->elem_kind ? d->elem_size : 1;
      int64_t at = (int64_t) gpurt_env.verify_inject * size + size - 1
		   - v[0].lo;
      if (at >= 0 && (uint64_t) at < v[0].len)
	{
	  if (gpurt_env.verify_inject_ulps == 0)
	    v[0].device[at] ^= 0x40;
	  else if (size <= 8 && at >= (int64_t) size - 1)
	    {
	      /* "K+N": N units in the last place more (little-endian
		 element bytes [AT - SIZE + 1, AT]).  */
	      uint64_t bits = 0;
	      memcpy (&bits, v[0].device + at - (size - 1), size);
	      bits += (uint64_t) gpurt_env.verify_inject_ulps;
	      memcpy (v[0].device + at - (size - 1), &bits, size);
	    }
	}
    }
  uint64_t bad = 0;
  for (i = 0; i < nv; i++)
    bad += gpurt_compare (r, &v[i]);
  if (bad == 0 && gpurt_env.verify >= 1 && gpurt_env.verbose >= 1)
    gpurt_message ("GPURT_VERIFY: region %s: device and host agree",
		   r ? r->name : "?");
  goto DONE;

DONE:
  if (v != NULL)
    for (i = 0; i < nv; i++)
      {
	free (v[i].saved);
	free (v[i].device);
      }
  free (v);
  return both;
}
