/* gpurt-reduce.c -- the runtime side of GPU_REDUCE (docs/ABI.md).

   A region with reductions has a kernel that runs 1-D with work-groups
   of exactly the record's "reduce" size over a bounded grid (grid-stride
   loop), and writes one partial result per work-group and reduction into
   a device buffer this file owns (one per reduction argument, kept per
   region and grown as needed).  A kernel whose record says "reduce WG
   local last" combines them itself by default: its last work-group to
   finish writes every reduction's result into one small buffer (also
   kept per region and thread, with a count of the work-groups done that
   the kernel resets), read with one copy into pinned host memory -- a
   launch is one kernel and one small read, where a GPU spends most of a
   short reduction's time on each extra launch and copy.  Otherwise, or
   with GPURT_REDUCE_FINAL=host or =kernel, the partials are read back
   and combined on the host in work-group order (the last work-group
   combines in the same order: the same bits), or by the program's
   NAME_fin kernel.  The combined value, without the accumulator's
   initial value, is stored into the host result slot named by the
   argument record.

   The "global" form (-fplugin-arg-gpuoffload-no-local-mem) runs one
   iteration per work-item; its buffer holds a 256-element scratch area
   per work-group followed by the group results.

   Called with the device's launch lock held, so the per-region buffers
   need no lock of their own.  */

#include "gpurt-internal.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* See gpurt-internal.h.  */

size_t
gpurt_compute_units (struct gpurt_device *dev)
{
  if (atomic_load (&dev->compute_units) == 0)
    atomic_store (&dev->compute_units, gpurt_cl_compute_units (dev));
  return atomic_load (&dev->compute_units);
}

/* Make LK's buffer for the results of the NRED reductions of R that its
   kernel's last work-group writes, with the count of work-groups done
   after them, and the pinned host memory they are read into (malloc'd
   where no pinned memory is to be had), unless they exist; on LANE's
   queue, set the count to 0 where it may not be.  Returns 1, or 0 with
   WHY.  */

static int
gpurt_reduce_last_buffer (struct gpurt_region *r, struct gpurt_lane *lane,
			  struct gpurt_lane_kernel *lk, unsigned nred,
			  char *why)
{
  static const uint64_t zero[1];
  char what[300];

  if (lk->last_mem == NULL)
    {
      snprintf (what, sizeof what, "the reductions' results of %s",
		r->name);
      lk->last_mem = gpurt_cl_buffer (lane->dev, CL_MEM_READ_WRITE,
				      8 * ((size_t) nred + 1), why, what);
      if (lk->last_mem == NULL)
	return 0;
      lk->last_reset = 1;
    }
  if (lk->last_host == NULL)
    {
      /* Pinned on a CPU device too: one small area per region and
	 thread, and the path the tests run is the GPU's.  */
      lk->last_host = gpurt_cl_pinned (lane->queue, 8 * (size_t) nred, 1,
				       &lk->last_pin);
      if (lk->last_host == NULL)
	lk->last_host = malloc (8 * (size_t) nred);
      if (lk->last_host == NULL)
	{
	  gpurt_set_why (why, "out of memory for the results of %s",
			 r->name);
	  return 0;
	}
    }
  if (lk->last_reset)
    {
      if (!gpurt_cl_write (lane->queue, lk->last_mem, 8 * (size_t) nred,
			   sizeof zero, zero, why))
	return 0;
      lk->last_reset = 0;
    }
  return 1;
}

/* Set up the reduction part of a launch of R on DEV with trip counts N:
   RL's buffers, the 1-D GLOBAL and LOCAL sizes.  Returns 1, or 0 with
   WHY.  */

int
gpurt_reduce_setup (struct gpurt_region *r, struct gpurt_lane *lane,
		    struct gpurt_lane_kernel *lk,
		    const uint64_t *n, struct gpurt_reduce_launch *rl,
		    size_t *global, size_t *local, char *why)
{
  uint64_t nt = n[0] * n[1] * n[2];
  uint64_t wg = r->reduce_wg;
  uint64_t groups = (nt + wg - 1) / wg;
  unsigned k;

  memset (rl, 0, sizeof *rl);
  if (n[1] != 0 && n[2] != 0 && nt / n[2] / n[1] != n[0])
    {
      gpurt_set_why (why, "index space too large for a reduction");
      return 0;
    }
  if (wg > r->kernel_work_group_size)
    {
      gpurt_set_why (why, "reduction kernel %s needs work-groups of %u,"
		     " the device allows %zu", r->name, r->reduce_wg,
		     r->kernel_work_group_size);
      return 0;
    }
  if (!r->reduce_global)
    {
      /* Enough work-groups to fill the device, each work-item then loops
	 over many iterations.  */
      uint64_t cap = gpurt_env.reduce_groups != 0 ? gpurt_env.reduce_groups
	: 8 * gpurt_compute_units (lane->dev);
      if (groups > cap)
	groups = cap;
    }
  if (groups == 0)
    groups = 1;
  rl->groups = (size_t) groups;
  rl->last = r->reduce_last
	     && gpurt_env.reduce_final == GPURT_REDUCE_FINAL_LAST;
  rl->offset = r->reduce_global ? (size_t) groups * wg : 0;
  local[0] = (size_t) wg;
  global[0] = (size_t) (groups * wg);
  local[1] = local[2] = global[1] = global[2] = 1;

  if (lk->reduce_mem == NULL)
    {
      lk->reduce_mem = calloc (r->nargs, sizeof *lk->reduce_mem);
      lk->reduce_bytes = calloc (r->nargs, sizeof *lk->reduce_bytes);
      if (lk->reduce_mem == NULL || lk->reduce_bytes == NULL)
	{
	  gpurt_set_why (why, "out of memory");
	  return 0;
	}
    }
  for (k = 0; k < r->nargs; k++)
    {
      size_t bytes;

      if (r->args[k].kind != GPU_ARG_REDUCE)
	continue;
      rl->nred++;
      bytes = (rl->offset + rl->groups) * r->args[k].size;
      if (lk->reduce_bytes[k] < bytes)
	{
	  char what[300];

	  gpurt_cl_buffer_release (lk->reduce_mem[k]);
	  lk->reduce_bytes[k] = 0;
	  snprintf (what, sizeof what, "the partial results of %s",
		    r->args[k].name);
	  lk->reduce_mem[k] = gpurt_cl_buffer (lane->dev, CL_MEM_READ_WRITE,
					       bytes, why, what);
	  if (lk->reduce_mem[k] == NULL)
	    return 0;
	  lk->reduce_bytes[k] = bytes;
	}
    }
  lk->last_arg = NULL;
  if (rl->last)
    {
      if (!gpurt_reduce_last_buffer (r, lane, lk, rl->nred, why))
	return 0;
      lk->last_arg = lk->last_mem;
    }
  return 1;
}


/* Combine the COUNT values of type TYPE at P with operator OP into the
   value at OUT (TYPE too), with OP's combine (gpuoffload-abi.def).
   Unsigned arithmetic for integer + and *, so that the wrap-around is
   the same as on the device.  */

#define GPURT_COMBINE_INT(T, U)						\
  {									\
    const T *v = p;							\
    T acc = v[0];							\
    for (i = 1; i < count; i++)						\
      switch (comb)							\
	{								\
	case GPU_RED_COMB_ADD: acc = (T) ((U) acc + (U) v[i]); break;	\
	case GPU_RED_COMB_MUL: acc = (T) ((U) acc * (U) v[i]); break;	\
	case GPU_RED_COMB_AND: acc = (T) (acc & v[i]); break;		\
	case GPU_RED_COMB_OR: acc = (T) (acc | v[i]); break;		\
	case GPU_RED_COMB_XOR: acc = (T) (acc ^ v[i]); break;		\
	case GPU_RED_COMB_LAND: acc = (T) (acc != 0 && v[i] != 0); break; \
	case GPU_RED_COMB_LOR: acc = (T) (acc != 0 || v[i] != 0); break;	\
	case GPU_RED_COMB_MIN: case GPU_RED_COMB_FMIN:			\
	  acc = v[i] < acc ? v[i] : acc; break;				\
	default: acc = v[i] > acc ? v[i] : acc; break;			\
	}								\
    memcpy (out, &acc, sizeof acc);					\
  }									\
  break;

#define GPURT_COMBINE_FLT(T, FMIN, FMAX)				\
  {									\
    const T *v = p;							\
    T acc = v[0];							\
    for (i = 1; i < count; i++)						\
      switch (comb)							\
	{								\
	case GPU_RED_COMB_ADD: acc = acc + v[i]; break;			\
	case GPU_RED_COMB_MUL: acc = acc * v[i]; break;			\
	case GPU_RED_COMB_LAND: acc = (T) (acc != 0 && v[i] != 0); break; \
	case GPU_RED_COMB_LOR: acc = (T) (acc != 0 || v[i] != 0); break;	\
	case GPU_RED_COMB_MIN: acc = v[i] < acc ? v[i] : acc; break;	\
	case GPU_RED_COMB_MAX: acc = v[i] > acc ? v[i] : acc; break;	\
	case GPU_RED_COMB_FMIN: acc = FMIN (acc, v[i]); break;		\
	default: acc = FMAX (acc, v[i]); break;				\
	}								\
    memcpy (out, &acc, sizeof acc);					\
  }									\
  break;

/* See gpurt-internal.h.  */

void
gpurt_reduce_combine (unsigned op, unsigned type, const void *p,
		      size_t count, void *out)
{
  enum gpu_red_combine comb = gpu_red_op_combine (op);
  size_t i;

  switch (type)
    {
    case GPU_RED_TYPE_I8: GPURT_COMBINE_INT (int8_t, uint8_t)
    case GPU_RED_TYPE_U8: GPURT_COMBINE_INT (uint8_t, uint8_t)
    case GPU_RED_TYPE_I16: GPURT_COMBINE_INT (int16_t, uint16_t)
    case GPU_RED_TYPE_U16: GPURT_COMBINE_INT (uint16_t, uint16_t)
    case GPU_RED_TYPE_I32: GPURT_COMBINE_INT (int32_t, uint32_t)
    case GPU_RED_TYPE_U32: GPURT_COMBINE_INT (uint32_t, uint32_t)
    case GPU_RED_TYPE_I64: GPURT_COMBINE_INT (int64_t, uint64_t)
    case GPU_RED_TYPE_U64: GPURT_COMBINE_INT (uint64_t, uint64_t)
    case GPU_RED_TYPE_F32: GPURT_COMBINE_FLT (float, fminf, fmaxf)
    default: GPURT_COMBINE_FLT (double, fmin, fmax)
    }
}

/* See gpurt-internal.h.  */

void
gpurt_reduce_fold (unsigned op, unsigned type, unsigned size, void *acc,
		   const void *part)
{
  unsigned char two[16];

  memcpy (two, acc, size);
  memcpy (two + size, part, size);
  gpurt_reduce_combine (op, type, two, 2, acc);
}

/* Time spent in final combines, for GPURT_REDUCE_STATS=1.  */
static atomic_uint_least64_t gpurt_final_ns, gpurt_final_count;

static void
gpurt_reduce_stats (void)
{
  uint64_t c = atomic_load (&gpurt_final_count);

  if (c != 0)
    gpurt_message ("reduce final combine (%s): %" PRIu64 " launches, %.1f us"
		   " each",
		   gpurt_env.reduce_final == GPURT_REDUCE_FINAL_KERNEL
		   ? "kernel"
		   : gpurt_env.reduce_final == GPURT_REDUCE_FINAL_HOST
		   ? "host" : "last work-group or host", c,
		   (double) atomic_load (&gpurt_final_ns) / 1e3 / (double) c);
}

/* Register the GPURT_REDUCE_STATS report at exit (once).  */

static void
gpurt_reduce_stats_register (void)
{
  atexit (gpurt_reduce_stats);
}

/* Combine with the NAME_fin kernel: the result lands in element 0.  */

static int
gpurt_final_kernel (struct gpurt_region *r, struct gpurt_lane *lane,
		    struct gpurt_lane_kernel *lk,
		    struct gpurt_reduce_launch *rl, char *why)
{
  cl_uint index = 0;
  cl_ulong ng = rl->groups, off = rl->offset;
  size_t g = r->reduce_wg, l = r->reduce_wg;
  cl_event ev = NULL;
  unsigned k;
  int ok = 1;
  char name[300];

  snprintf (name, sizeof name, "%s_fin", r->name);
  if (lk->fin_kernel == NULL)
    {
      lk->fin_kernel = gpurt_cl_kernel (gpurt_region_program (r, lane->dev),
					name, why);
      if (lk->fin_kernel == NULL)
	return 0;
    }
  for (k = 0; k < r->nargs && ok; k++)
    if (r->args[k].kind == GPU_ARG_REDUCE)
      ok = gpurt_cl_arg (lk->fin_kernel, index++, sizeof (cl_mem),
			 &lk->reduce_mem[k], why, "for the partials of %s",
			 r->args[k].name);
  ok = ok && gpurt_cl_arg (lk->fin_kernel, index++, sizeof ng, &ng, why,
			   "for the partials' count");
  ok = ok && gpurt_cl_arg (lk->fin_kernel, index++, sizeof off, &off, why,
			   "for the partials' offset");
  ok = ok && gpurt_cl_enqueue (lane->queue, lk->fin_kernel, 1, &g, &l,
			       gpurt_env.profile != GPURT_PROFILE_OFF
			       ? &ev : NULL, why, name);
  if (!ok)
    return 0;
  rl->offset = 0;
  rl->groups = 1;
  if (ev != NULL)
    {
      gpurt_cl_drain (lane->queue);
      atomic_fetch_add (&r->kernel_ns, gpurt_cl_event_ns (ev));
    }
  return 1;
}

/* Right after the kernel of R was enqueued on LANE's queue: queue the
   read of the results its last work-group combined (RL->last), or the
   reads of each reduction's partial results (after the NAME_fin kernel
   that combines them on the device, with GPURT_REDUCE_FINAL=kernel) into
   RL's host buffer, without waiting.  The in-order queue runs them after
   the kernel, so that the wait for the kernel covers them too: one round
   trip to the device per launch instead of one more per reduction.  The
   buffer is the runtime's, so reads of a kernel that failed or
   deoptimized are merely ignored; it must not be freed before the queue
   is drained.  Returns 1, or 0 with WHY.  */

int
gpurt_reduce_read (struct gpurt_region *r, struct gpurt_lane *lane,
		   struct gpurt_lane_kernel *lk, struct gpurt_reduce_launch *rl,
		   char *why)
{
  unsigned k, j = 0;

  if (rl->last)
    {
      rl->results = lk->last_host;
      return gpurt_cl_read (lane->queue, lk->last_mem, 0, 0,
			    8 * (size_t) rl->nred, rl->results, why,
			    "reading the reductions' results");
    }
  if (gpurt_env.reduce_final == GPURT_REDUCE_FINAL_KERNEL
      && !gpurt_final_kernel (r, lane, lk, rl, why))
    return 0;
  rl->partials = malloc (rl->groups * 8 * (rl->nred ? rl->nred : 1));
  if (rl->partials == NULL)
    {
      gpurt_set_why (why, "out of memory for partial results");
      return 0;
    }
  for (k = 0; k < r->nargs; k++)
    {
      unsigned size = r->args[k].size;
      char what[300];

      if (r->args[k].kind != GPU_ARG_REDUCE)
	continue;
      snprintf (what, sizeof what, "reading the partial results of %s",
		r->args[k].name);
      if (!gpurt_cl_read (lane->queue, lk->reduce_mem[k], 0,
			  rl->offset * size, rl->groups * size,
			  rl->partials + rl->groups * 8 * j++, why, what))
	return 0;
    }
  return 1;
}

/* After the kernel of R and the reads gpurt_reduce_read queued finished:
   combine the partials of each reduction, in the order of its work-groups
   as before, into RL's values (gpurt_reduce_store stores them into the
   host slots once the whole launch succeeded).  Returns 1, or 0 with
   WHY.  */

int
gpurt_reduce_finish (struct gpurt_region *r, struct gpurt_reduce_launch *rl,
		     char *why)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  uint64_t t0 = gpurt_now_ns ();
  unsigned k, j = 0;

  if (rl->values == NULL)
    rl->values = calloc (r->nargs, 8);
  if (rl->values == NULL || (rl->partials == NULL && rl->results == NULL))
    {
      gpurt_set_why (why, "out of memory combining partial results");
      return 0;
    }
  for (k = 0; k < r->nargs; k++)
    if (r->args[k].kind == GPU_ARG_REDUCE && rl->results != NULL)
      /* Combined by the last work-group: reduction J's result in the
	 low bytes of word J.  */
      memcpy (rl->values + 8 * (size_t) k, rl->results + 8 * (size_t) j++,
	      8);
    else if (r->args[k].kind == GPU_ARG_REDUCE)
      /* Kept until the whole launch has succeeded (gpurt_reduce_store):
	 a host slot written now would be combined into again by a host
	 fallback.  */
      gpurt_reduce_combine (r->args[k].op, r->args[k].type,
			    rl->partials + rl->groups * 8 * j++, rl->groups,
			    rl->values + 8 * (size_t) k);
  if (gpurt_env.reduce_stats)
    {
      pthread_once (&once, gpurt_reduce_stats_register);
      atomic_fetch_add (&gpurt_final_ns, gpurt_now_ns () - t0);
      atomic_fetch_add (&gpurt_final_count, 1);
    }
  return 1;
}

/* Store the results RL of the reductions of R, which gpurt_reduce_finish
   combined, into their host slots (word 1 of each argument record in
   ARGS): the last step of a launch that succeeded.  */

void
gpurt_reduce_store (const struct gpurt_region *r,
		    const struct gpurt_reduce_launch *rl, const uint64_t *args)
{
  unsigned k;

  for (k = 0; rl->values != NULL && k < r->nargs; k++)
    if (r->args[k].kind == GPU_ARG_REDUCE)
      memcpy ((void *) (uintptr_t) args[4 * (size_t) k + 1],
	      rl->values + 8 * (size_t) k, r->args[k].size);
}
