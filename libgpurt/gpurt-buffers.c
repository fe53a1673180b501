/* gpurt-buffers.c -- the buffers of one launch and their transfers.

   Each buffer argument names a host byte range [pointer + lo,
   pointer + hi).  Ranges that overlap or touch are merged into one range
   (docs/ABI.md section 3), so two pointers into the same array see one
   copy of it on the device and the kernel's writes through one are
   visible through the other.  Each merged range is entered in the
   device's map (gpurt-map.c), which gives the device buffer that holds
   it; each argument then gets that buffer and the (possibly negative)
   byte offset of its pointer from the buffer's start.

   A range is brought to the device (as the map's policy decides) when
   any of its arguments is read or written (elements the kernel does not
   store keep their host values) and copied back when any is written.
   The read-back is all or nothing: with one written buffer a single
   blocking read goes straight into host memory; with several, all of
   them are first read into host staging areas and
   copied into place only when every read succeeded, so a failure leaves
   the host data as it was and the host loop can run from it.  (OpenCL
   does not say what a failed blocking read leaves in its destination; we
   assume an implementation reports such a failure before writing.)  */

#include "gpurt-internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Size of the buffer given to arguments with an empty range.  */
#define GPURT_DUMMY_BYTES 64

/* One non-empty argument range, for sorting.  */

struct gpurt_range
{
  uint64_t start;
  uint64_t end;
  unsigned arg;
};

/* qsort comparison of two struct gpurt_range A and B by start address.  */

static int
gpurt_range_compare (const void *a, const void *b)
{
  const struct gpurt_range *ra = a, *rb = b;

  if (ra->start != rb->start)
    return ra->start < rb->start ? -1 : 1;
  return ra->arg < rb->arg ? -1 : ra->arg > rb->arg;
}

/* The bytes of a plan's scratch area for NARGS arguments: its buffers,
   offsets, argument buffers, the ranges to sort and 2 * (NARGS + 2)
   words of ends (gpurt_plan_scratch).  */

static size_t
gpurt_plan_scratch_bytes (unsigned nargs)
{
  size_t n = (size_t) nargs + 1;

  return n * (sizeof (struct gpurt_buffer) + sizeof (int64_t)
	      + sizeof (struct gpurt_range) + sizeof (unsigned))
	 + 2 * (n + 1) * sizeof (uint64_t);
}

/* See gpurt-internal.h.  */

int
gpurt_plan_reserve (struct gpurt_lane *lane, unsigned nargs)
{
  size_t total = gpurt_plan_scratch_bytes (nargs);
  char *p;

  if (total <= lane->scratch_bytes)
    return 1;
  p = realloc (lane->scratch, total);
  if (p == NULL)
    return 0;
  lane->scratch = p;
  lane->scratch_bytes = total;
  return 1;
}

/* Point PLAN's arrays, *RANGES and *ENDS (room for 2 * (NARGS + 2)
   words) for NARGS arguments into LANE's scratch area, grown when too
   small, cleared.  Returns 0 when out of memory.  */

static int
gpurt_plan_scratch (struct gpurt_plan *plan, struct gpurt_lane *lane,
		    unsigned nargs, struct gpurt_range **ranges,
		    uint64_t **ends)
{
  size_t n = (size_t) nargs + 1;
  size_t bbytes = n * sizeof *plan->buffers;
  size_t obytes = n * sizeof *plan->arg_offset;
  size_t rbytes = n * sizeof **ranges;
  size_t ebytes = 2 * (n + 1) * sizeof **ends;
  char *p;

  if (!gpurt_plan_reserve (lane, nargs))
    return 0;
  p = lane->scratch;
  memset (p, 0, gpurt_plan_scratch_bytes (nargs));
  /* Largest alignment first: every part but the last is 8-byte sized.  */
  plan->buffers = (struct gpurt_buffer *) p;
  plan->arg_offset = (int64_t *) (p + bbytes);
  *ranges = (struct gpurt_range *) (p + bbytes + obytes);
  *ends = (uint64_t *) (p + bbytes + obytes + rbytes);
  plan->arg_buffer = (unsigned *) (p + bbytes + obytes + rbytes + ebytes);
  return 1;
}

/* Fill PLAN (zeroed by the caller) for region R called with the argument
   records ARGS: merge the ranges and enter each merged range in DEV's
   map.  Returns 1 on success, else 0 with WHY; PLAN must be
   released with gpurt_plan_release either way.  */

int
gpurt_plan_make (struct gpurt_plan *plan, struct gpurt_region *r,
		 const uint64_t *args, struct gpurt_device *dev,
		 struct gpurt_lane *lane, int keep, char *why)
{
  struct gpurt_range *ranges = NULL;
  uint64_t *st = NULL;
  unsigned nranges = 0, nbuffers = 0, k, i;
  int need_dummy = 0;

  plan->dev = dev;
  plan->lane = lane;
  plan->keep = keep;
  plan->region = r;
  plan->nargs = r->nargs;
  /* At most one buffer per argument plus the dummy.  */
  if (!gpurt_plan_scratch (plan, lane, r->nargs, &ranges, &st))
    {
      gpurt_set_why (why, "out of memory planning buffers");
      return 0;
    }

  for (k = 0; k < r->nargs; k++)
    {
      const uint64_t *a = args + 4 * (size_t) k;
      uint64_t start = a[1] + a[2], end = a[1] + a[3];

      if (r->args[k].kind != GPURT_ARG_BUFFER)
	continue;
      if (a[2] == a[3])
	{
	  need_dummy = 1;
	  continue;
	}
      if (start > end)
	{
	  gpurt_set_why (why, "argument %u (%s): range wraps around the"
			 " address space", k, r->args[k].name);
	  return 0;
	}
      ranges[nranges].start = start;
      ranges[nranges].end = end;
      ranges[nranges].arg = k;
      /* A KEEP launch takes the whole of a copy its thread kept that the
	 range overlaps: two of its ranges inside one kept copy (arrays
	 next to each other) then merge into one buffer that uses it,
	 instead of the second one getting a copy of stale host memory.  */
      if (keep)
	gpurt_map_kept_hull (dev, lane, &ranges[nranges].start,
			     &ranges[nranges].end);
      nranges++;
    }
  qsort (ranges, nranges, sizeof *ranges, gpurt_range_compare);

  /* Merge overlapping or touching ranges.  */
  for (i = 0; i < nranges; i++)
    {
      const uint64_t *a = args + 4 * (size_t) ranges[i].arg;
      struct gpurt_buffer *b;

      if (nbuffers == 0 || ranges[i].start > plan->buffers[nbuffers - 1].end)
	{
	  b = &plan->buffers[nbuffers++];
	  b->start = ranges[i].start;
	  b->end = ranges[i].end;
	  b->wlo = UINT64_MAX;
	  /* Only the argument's own bytes (not a kept copy's hull).  */
	  b->fills = r->args[ranges[i].arg].fills
		     && b->start == a[1] + a[2] && b->end == a[1] + a[3];
	}
      else
	{
	  b = &plan->buffers[nbuffers - 1];
	  if (ranges[i].end > b->end)
	    b->end = ranges[i].end;
	  b->fills = 0;
	}
      /* The call's flags and the record's: a disagreement costs a copy,
	 never correctness.  */
      unsigned aflags = ((unsigned) (a[0] >> 8) & 3u)
			| r->args[ranges[i].arg].flags;
      b->flags |= aflags;
      if (aflags & GPURT_ARG_WRITTEN)
	{
	  /* The argument's own bytes, not a kept copy's around them.  */
	  uint64_t ws = a[1] + a[2], we = a[1] + a[3];

	  b->wlo = ws < b->wlo ? ws : b->wlo;
	  b->whi = we > b->whi ? we : b->whi;
	}
      plan->arg_buffer[ranges[i].arg] = nbuffers - 1;
    }
  /* Offsets are taken from the final, merged starts.  */
  for (i = 0; i < nranges; i++)
    {
      unsigned arg = ranges[i].arg;

      plan->arg_offset[arg]
	= (int64_t) (args[4 * (size_t) arg + 1]
		     - plan->buffers[plan->arg_buffer[arg]].start);
    }
  if (need_dummy)
    {
      struct gpurt_buffer *b = &plan->buffers[nbuffers];

      b->dummy = 1;
      for (k = 0; k < r->nargs; k++)
	if (r->args[k].kind == GPURT_ARG_BUFFER
	    && args[4 * (size_t) k + 2] == args[4 * (size_t) k + 3])
	  {
	    plan->arg_buffer[k] = nbuffers;
	    plan->arg_offset[k] = 0;
	  }
      nbuffers++;
    }
  plan->nbuffers = nbuffers;

  /* A device copy kept by an earlier region that two of the merged ranges
     overlap, one reaching beyond it, can serve neither whole: it goes
     home first.  */
  if (keep || lane->nkept)
    {
      unsigned nb = 0;

      for (i = 0; i < nbuffers; i++)
	if (!plan->buffers[i].dummy)
	  {
	    st[nb] = plan->buffers[i].start;
	    st[nbuffers + 1 + nb] = plan->buffers[i].end;
	    nb++;
	  }
      gpurt_map_settle (dev, lane, st, st + nbuffers + 1, nb);
    }

  /* Each merged range is entered in the device's map; the dummy is the
     launch's own.  */
  for (i = 0; i < nbuffers; i++)
    {
      struct gpurt_buffer *b = &plan->buffers[i];

      if (b->dummy)
	{
	  b->mem = gpurt_cl_buffer (dev, CL_MEM_READ_WRITE, GPURT_DUMMY_BYTES,
				    why, "the empty ranges' stand-in");
	  if (b->mem == NULL)
	    return 0;
	  continue;
	}
      b->map = gpurt_map_enter (dev, lane, r, b->start, b->end, b->flags,
				keep, why);
      if (b->map == NULL)
	return 0;
      b->mem = b->map->mem;
      b->map_offset = b->start - b->map->start;
      b->at_risk = gpurt_map_dirty (b->map) && (b->flags & GPURT_ARG_WRITTEN);
    }
  /* The kernel's offsets are from the start of the mapping's buffer.  */
  for (i = 0; i < nranges; i++)
    plan->arg_offset[ranges[i].arg]
      += (int64_t) plan->buffers[plan->arg_buffer[ranges[i].arg]].map_offset;
  return 1;
}

/* Copy to DEV every buffer of PLAN that an argument of region R reads or
   writes.  The writes are not blocking: the caller's clFinish (on success
   and on error) completes them before host memory may change.  Returns 1
   on success, else 0 with WHY.  */

int
gpurt_buffers_copy_in (struct gpurt_plan *plan, struct gpurt_region *r,
		       cl_command_queue queue, char *why)
{
  unsigned i;

  for (i = 0; i < plan->nbuffers; i++)
    {
      struct gpurt_buffer *b = &plan->buffers[i];

      if (b->dummy || b->flags == 0)
	continue;
      if (!gpurt_map_copy_in (b->map, r, queue, b->start, b->end, b->fills,
			      why))
	return 0;
    }
  return 1;
}

/* Is B, a buffer of PLAN, copied back at the end of the launch?  Written
   ones are, unless the launch keeps them on the device (its mapping is in
   the table).  */

static int
gpurt_buffer_copied_back (const struct gpurt_plan *plan,
			  const struct gpurt_buffer *b)
{
  return !b->dummy && (b->flags & GPURT_ARG_WRITTEN)
	 && !(plan->keep && !b->map->private_copy);
}

/* See gpurt-internal.h.  */

int
gpurt_plan_private_copies (const struct gpurt_plan *plan)
{
  for (unsigned i = 0; i < plan->nbuffers; i++)
    if (!plan->buffers[i].dummy && plan->buffers[i].map != NULL
	&& plan->buffers[i].map->private_copy)
      return 1;
  return 0;
}

int
gpurt_plan_copies_back (const struct gpurt_plan *plan)
{
  for (unsigned i = 0; i < plan->nbuffers; i++)
    if (gpurt_buffer_copied_back (plan, &plan->buffers[i]))
      return 1;
  return 0;
}

/* Copy every written buffer of PLAN back from DEV into host memory, all or
   nothing (see the comment at the top of the file).  The kernel has
   finished.  Returns 1 when all the results are in host memory, 0 with
   WHY when host memory was not changed.  */

int
gpurt_buffers_copy_back (struct gpurt_plan *plan, struct gpurt_region *r,
			 cl_command_queue queue, char *why)
{
  unsigned i, nwritten = 0;
  uint64_t bytes = 0;
  int ok = 0;

  for (i = 0; i < plan->nbuffers; i++)
    if (gpurt_buffer_copied_back (plan, &plan->buffers[i]))
      nwritten++;

  for (i = 0; i < plan->nbuffers; i++)
    {
      struct gpurt_buffer *b = &plan->buffers[i];
      size_t size = (size_t) (b->end - b->start);
      void *dest = (void *) (uintptr_t) b->start;

      if (!gpurt_buffer_copied_back (plan, b))
	continue;
      if (nwritten > 1)
	{
	  b->staging = malloc (size);
	  if (b->staging == NULL)
	    {
	      gpurt_set_why (why, "out of memory for %zu bytes of read-back"
			     " staging", size);
	      goto ERROR;
	    }
	  dest = b->staging;
	}
      char what[64];
      snprintf (what, sizeof what, "for %zu bytes", size);
      b->saved = gpurt_redundant_save ((void *) (uintptr_t) b->start, size);
      if (!gpurt_cl_read (queue, b->mem, nwritten <= 1,
			  (size_t) b->map_offset, size, dest, why, what))
	goto ERROR;
      if (gpurt_env.verbose >= 3)
	gpurt_message ("%s: device to host, buffer %u, %zu bytes to %p%s",
		       r->name, i, size, (void *) (uintptr_t) b->start,
		       nwritten > 1 ? " (staged)" : "");
      bytes += size;
    }
  if (nwritten > 1)
    {
      if (!gpurt_cl_finish (queue, why, "reading back results"))
	goto ERROR;
      /* Every read succeeded: now the host may see the results.  */
      for (i = 0; i < plan->nbuffers; i++)
	if (plan->buffers[i].staging != NULL)
	  memcpy ((void *) (uintptr_t) plan->buffers[i].start,
		  plan->buffers[i].staging,
		  (size_t) (plan->buffers[i].end - plan->buffers[i].start));
    }
  for (i = 0; i < plan->nbuffers; i++)
    if (plan->buffers[i].saved != NULL)
      {
	struct gpurt_buffer *b = &plan->buffers[i];

	gpurt_redundant_d2h (r, (void *) (uintptr_t) b->start,
			     (size_t) (b->end - b->start), b->saved);
	b->saved = NULL;
      }
  atomic_fetch_add (&r->bytes_d2h, bytes);
  ok = 1;

 ERROR:
  return ok;
}

/* See gpurt-internal.h.  The kernel of a speculated region writes its
   results in place, into device copies that may hold results of earlier
   regions the host does not have yet (PLAN's at-risk buffers): a deopt
   must not lose those.  Their dirty ranges are copied device to device
   (through QUEUE, before the kernel), which costs far less than bringing
   them home before every launch.  */

int
gpurt_buffers_backup (struct gpurt_plan *plan, cl_command_queue queue,
		      char *why)
{
  unsigned i;

  for (i = 0; i < plan->nbuffers; i++)
    {
      struct gpurt_buffer *b = &plan->buffers[i];
      struct gpurt_mapping *m = b->map;

      if (!b->at_risk || m == NULL)
	continue;
      b->backup_lo = m->dirty_lo;
      b->backup_hi = m->dirty_hi;
      b->backup = gpurt_cl_buffer (plan->dev, CL_MEM_READ_WRITE,
				   (size_t) (b->backup_hi - b->backup_lo),
				   why, "the copy of kept results a deopt"
				   " needs");
      if (b->backup == NULL
	  || !gpurt_cl_copy (queue, m->mem, (size_t) (b->backup_lo - m->start),
			     b->backup, 0,
			     (size_t) (b->backup_hi - b->backup_lo), why))
	return 0;
    }
  return 1;
}

/* See gpurt-internal.h.  R's kernel finished and reached a speculated
   call; the copies are read through QUEUE into host memory and charged
   to R.  A buffer restored is no longer at risk, and its mapping, left
   without a dirty range, is dropped without a copy back.  */

int
gpurt_buffers_restore (struct gpurt_plan *plan, struct gpurt_region *r,
		       cl_command_queue queue, char *why)
{
  unsigned i;

  for (i = 0; i < plan->nbuffers; i++)
    {
      struct gpurt_buffer *b = &plan->buffers[i];
      size_t size = (size_t) (b->backup_hi - b->backup_lo);

      if (b->backup == NULL)
	continue;
      if (!gpurt_cl_read (queue, b->backup, 1, 0, size,
			  (void *) (uintptr_t) b->backup_lo, why,
			  "kept results back after a deopt"))
	return 0;
      atomic_fetch_add (&r->bytes_d2h, size);
      pthread_mutex_lock (&plan->dev->map.lock);
      b->map->dirty_lo = b->map->dirty_hi = 0;
      pthread_mutex_unlock (&plan->dev->map.lock);
      b->at_risk = 0;
    }
  return 1;
}

/* Leave every mapping of PLAN (keeping them on the device when the
   launch succeeded with KEEP: PLAN->kept), release its dummy buffer,
   staging areas and arrays.  Safe on a partly made plan.  */

void
gpurt_plan_release (struct gpurt_plan *plan)
{
  unsigned i;

  if (plan->buffers != NULL)
    for (i = 0; i < plan->nargs + 1; i++)
      {
	if (plan->buffers[i].map != NULL)
	  {
	    /* Results left on the device: whether a later launch uses them
	       tells the region's later launches whether keeping pays.  */
	    if (plan->kept && plan->buffers[i].wlo < plan->buffers[i].whi)
	      plan->buffers[i].map->kept_by = plan->region;
	    gpurt_map_leave (plan->dev, plan->lane, plan->buffers[i].map,
			     plan->kept, plan->buffers[i].wlo,
			     plan->buffers[i].whi);
	  }
	else if (plan->buffers[i].mem != NULL)
	  gpurt_cl_buffer_release (plan->buffers[i].mem);
	if (plan->buffers[i].backup != NULL)
	  gpurt_cl_buffer_release (plan->buffers[i].backup);
	free (plan->buffers[i].staging);
	free (plan->buffers[i].saved);
      }
  /* The arrays are the lane's scratch area.  */
  memset (plan, 0, sizeof *plan);
}
