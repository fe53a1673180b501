/* gpurt-multi.c -- one region cut over several devices (GPURT_DEVICES).

   GPURT_DEVICES=all, or a list of devices, asks that a region the
   compiler can cut along its outermost marked index (its "batch" lines,
   docs/ABI.md section 9) run on all of them at once: the outer index
   space is cut into one contiguous slice per logical device, in
   proportion to their compute units, and each slice runs through the
   batch path (gpurt_batch_span), which copies in only that slice of each
   moving array (with its halo) and the whole of the read-only data, and
   copies back the slice's results.  Reductions come back per slice and
   are combined here, device 0's first, so that the result does not
   depend on which device finished first.  Nothing stays on the devices
   after a split region (no residency across split regions yet).

   A logical device is a lane: a host thread with its own queue, kernels
   and buffers (gpurt-lane.c), on an OpenCL device.  The calling thread
   runs slice 0 on the process's device (the first of the list); one
   worker thread per further logical device, started on the first split
   launch and kept for the process, runs the others.  The same device
   listed twice (GPURT_DEVICES=0,0: one GPU as two, to measure the cost
   of the split, and for tests) gives two lanes on it; another OpenCL
   device gets a context, a map and the region's program of its own
   (gpurt_device_other, gpurt_region_build), opened on the first split
   launch.  */

#include "gpurt-internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* One slice of a split launch, and the worker that runs it.  */
struct gpurt_slice
{
  struct gpurt_candidate cand;	/* its OpenCL device */
  int other;			/* CAND is not the process's device */
  int dead;			/* that device could not be opened */
  struct gpurt_device *dev;	/* CAND's, once opened */
  pthread_t thread;		/* its worker (slices 1, 2, ...) */
  int started;			/* THREAD runs */
  uint64_t posted;		/* jobs posted to the worker */
  uint64_t finished;		/* jobs it finished */
  /* The job: outer iterations [LO, HI) of the launch ARGS (NARGS
     arguments, trip counts N) of region R, in batches of C.  */
  struct gpurt_region *r;
  const uint64_t *args;
  unsigned nargs;
  const uint64_t *n;
  uint64_t lo, hi, c;
  uint64_t *red;		/* NARGS words: its reduction results */
  int ok;			/* 1 done, 0 failed with WHY; -1: no worker,
				   the calling thread runs it */
  char why[GPURT_WHY_LEN];
};

/* The logical devices: how many (1 when GPURT_DEVICES does not split),
   and their slices; the lock and conditions of the workers.  One split
   launch at a time (RUN_LOCK).  */
static unsigned gpurt_multi_n = 1;
static struct gpurt_slice gpurt_slices[GPURT_MAX_DEVICES];
static pthread_mutex_t gpurt_multi_run_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t gpurt_multi_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gpurt_multi_posted = PTHREAD_COND_INITIALIZER;
static pthread_cond_t gpurt_multi_finished = PTHREAD_COND_INITIALIZER;

/* GPURT_PROFILE: split launches, launches that could not be split (the
   last reason), outer iterations and bytes of the ranges copied in and
   back per logical device.  */
static atomic_uint_least64_t gpurt_multi_split;
static atomic_uint_least64_t gpurt_multi_unsplit;
static atomic_uint_least64_t gpurt_multi_iters[GPURT_MAX_DEVICES];
static atomic_uint_least64_t gpurt_multi_in[GPURT_MAX_DEVICES];
static atomic_uint_least64_t gpurt_multi_out[GPURT_MAX_DEVICES];
static char gpurt_multi_why[GPURT_WHY_LEN];

/* The candidate GPURT_DEVICES's entry REF names among the N candidates
   CANDS, or NULL.  An entry "N" is the N-th usable device, over all
   platforms, of the type of CHOSEN, the device GPURT_DEVICE chooses (any
   type when NULL): "0" is the first GPU on a host with a GPU and an
   OpenCL CPU platform beside it; "P:D" names any.  */

static struct gpurt_candidate *
gpurt_multi_find (struct gpurt_candidate *cands, unsigned n,
		  const struct gpurt_device_ref *ref,
		  const struct gpurt_candidate *chosen)
{
  unsigned i, k = 0;

  for (i = 0; i < n; i++)
    if (ref->flat
	? cands[i].usable && (chosen == NULL || cands[i].type == chosen->type)
	  && k++ == ref->platform_index
	: cands[i].platform_index == ref->platform_index
	  && cands[i].device_index == ref->device_index)
      return &cands[i];
  return NULL;
}

/* Add candidate C to the logical devices, FIRST being the process's
   device.  */

static void
gpurt_multi_add (const struct gpurt_candidate *c,
		 const struct gpurt_candidate *first)
{
  struct gpurt_slice *s;

  if (gpurt_multi_n == GPURT_MAX_DEVICES)
    return;
  s = &gpurt_slices[gpurt_multi_n++];
  s->cand = *c;
  s->other = c != first;
}

/* See gpurt-internal.h.  GPURT_DEVICES=all is the device GPURT_DEVICE
   chooses, then every other usable device of its platform and type (a
   host's GPUs, not its CPU beside them).  */

struct gpurt_candidate *
gpurt_multi_select (struct gpurt_candidate *cands, unsigned n,
		    const char **because, char *why)
{
  struct gpurt_candidate *first = NULL, *chosen, *c;
  unsigned i;

  gpurt_multi_n = 0;
  chosen = gpurt_match_device (cands, n, because, why);
  if (gpurt_env.devices_all)
    {
      first = chosen;
      if (first != NULL)
	gpurt_multi_add (first, first);
      for (i = 0; first != NULL && i < n; i++)
	if (&cands[i] != first && cands[i].usable
	    && cands[i].platform == first->platform
	    && cands[i].type == first->type)
	  gpurt_multi_add (&cands[i], first);
    }
  for (i = 0; i < gpurt_env.ndevices; i++)
    {
      c = gpurt_multi_find (cands, n, &gpurt_env.devices[i], chosen);
      if (c == NULL || !c->usable)
	gpurt_message ("GPURT_DEVICES: entry %u is %s; left out", i,
		       c == NULL ? "no OpenCL device"
		       : "a device that is not available or has no"
			 " compiler");
      else
	{
	  first = first != NULL ? first : c;
	  *because = "first of GPURT_DEVICES";
	  gpurt_multi_add (c, first);
	}
    }
  if (first == NULL)
    {
      gpurt_multi_n = 1;
      if (!gpurt_env.devices_all)
	gpurt_set_why (why, "GPURT_DEVICES names no usable OpenCL device");
      return NULL;
    }
  for (i = 0; i < gpurt_multi_n && gpurt_env.verbose >= 1; i++)
    gpurt_message ("GPURT_DEVICES: logical device %u of %u: OpenCL device"
		   " %u:%u '%s'", i, gpurt_multi_n,
		   gpurt_slices[i].cand.platform_index,
		   gpurt_slices[i].cand.device_index,
		   gpurt_slices[i].cand.name);
  return first;
}

/* Open the other OpenCL devices of the slices on the first split launch,
   and build region R for every slice's device; ONE is the process's
   device.  Returns 1, or 0 with WHY when R cannot run on one of them.  */

static int
gpurt_multi_prepare (struct gpurt_region *r, struct gpurt_device *one,
		     char *why)
{
  unsigned d;

  for (d = 0; d < gpurt_multi_n; d++)
    {
      struct gpurt_slice *s = &gpurt_slices[d];

      if (!s->other)
	s->dev = one;
      else if (s->dev == NULL && !s->dead)
	{
	  s->dev = gpurt_device_other (&s->cand, why);
	  s->dead = s->dev == NULL;
	  if (s->dead)
	    gpurt_message ("GPURT_DEVICES: logical device %u left out: %s", d,
			   why);
	}
      if (s->dead)
	continue;
      if (r->fp64 && !s->dev->fp64)
	{
	  gpurt_set_why (why, "the kernel uses double and device '%s' has"
			 " no fp64", s->dev->name);
	  return 0;
	}
      if (!gpurt_region_build (r, s->dev, why))
	return 0;
      /* Kernels run with work-groups the process's device allows.  */
      if (s->other && r->other_wg[s->dev->ordinal] < r->kernel_work_group_size)
	{
	  gpurt_set_why (why, "its kernel takes work-groups of at most %zu"
			 " on device '%s', fewer than on '%s'",
			 r->other_wg[s->dev->ordinal], s->dev->name,
			 one->name);
	  return 0;
	}
    }
  return 1;
}

/* Run slice S's job on the calling thread.  */

static void
gpurt_slice_run (struct gpurt_slice *s)
{
  struct gpurt_clock clock;

  clock.on = 0;
  s->why[0] = '\0';
  s->ok = gpurt_batch_span (s->r, s->dev, s->args, s->nargs, s->n, s->lo,
			    s->hi, s->c, s->red, &clock, s->why);
}

/* A worker: run the jobs posted to slice ARG, for ever.  */

static void *
gpurt_slice_worker (void *arg)
{
  struct gpurt_slice *s = arg;

  pthread_mutex_lock (&gpurt_multi_lock);
  for (;;)
    {
      while (s->finished == s->posted)
	pthread_cond_wait (&gpurt_multi_posted, &gpurt_multi_lock);
      pthread_mutex_unlock (&gpurt_multi_lock);
      gpurt_slice_run (s);
      pthread_mutex_lock (&gpurt_multi_lock);
      s->finished++;
      pthread_cond_broadcast (&gpurt_multi_finished);
    }
  return NULL;
}

/* Say once per launch under GPURT_VERBOSE, and count for GPURT_PROFILE,
   that region R runs on one device because of WHY; returns -1.  */

static int
gpurt_multi_unsplit_because (struct gpurt_region *r, const char *why)
{
  atomic_fetch_add (&gpurt_multi_unsplit, 1);
  pthread_mutex_lock (&gpurt_multi_lock);
  snprintf (gpurt_multi_why, sizeof gpurt_multi_why, "region %s (%s): %s",
	    r->name, r->loc, why);
  pthread_mutex_unlock (&gpurt_multi_lock);
  if (gpurt_env.verbose >= 1)
    gpurt_message ("region %s (%s) runs on one device, not split over %u:"
		   " %s", r->name, r->loc, gpurt_multi_n, why);
  return -1;
}

/* Cut the launch ARGS (NARGS arguments, trip counts N) of region R
   into the slices, ONE being the process's device, with RED (NARGS words
   per slice) for their reductions.  Returns 1, or 0 with WHY when it
   cannot be cut (-1: nor run in batches; the usual launch says why).
   Under the run lock.  */

static int
gpurt_multi_plan (struct gpurt_region *r, struct gpurt_device *one,
		  const uint64_t *args, unsigned nargs, const uint64_t *n,
		  uint64_t *red, char *why)
{
  const uint64_t *ext = args + 4 * (size_t) nargs;
  uint64_t outer = n[r->ndim - 1], c, total = 0, sum = 0;
  uint64_t weight[GPURT_MAX_DEVICES];
  unsigned d, e, share;

  if (!gpurt_batch_splits (r, args, nargs, ext, why)
      || !gpurt_multi_prepare (r, one, why))
    return 0;
  for (d = 0; d < gpurt_multi_n; d++)
    {
      struct gpurt_slice *s = &gpurt_slices[d];

      weight[d] = s->dead ? 0 : gpurt_compute_units (s->dev);
      total += weight[d];
      if (s->dead)
	continue;
      /* Batches of at most C outer iterations fit the device beside the
	 batches of the other logical devices on it; 0: the whole launch
	 fits.  */
      for (e = 0, share = 0; e < gpurt_multi_n; e++)
	share += !gpurt_slices[e].dead && gpurt_slices[e].dev == s->dev;
      c = gpurt_batch_size (r, s->dev, args, nargs, ext, n, 1, 1, why);
      if (c == UINT64_MAX)
	return -1;
      s->c = c == 0 ? outer : c / share > 0 ? c / share : 1;
    }
  for (d = 0; d < gpurt_multi_n; d++)
    {
      struct gpurt_slice *s = &gpurt_slices[d];

      s->r = r;
      s->args = args;
      s->nargs = nargs;
      s->n = n;
      s->red = red + (size_t) d * nargs;
      /* [OUTER * SUM / TOTAL, OUTER * (SUM + WEIGHT) / TOTAL), without
	 overflow.  */
      s->lo = outer / total * sum + outer % total * sum / total;
      sum += weight[d];
      s->hi = outer / total * sum + outer % total * sum / total;
      s->ok = 1;
    }
  return 1;
}

/* Run the slices gpurt_multi_plan made, slice 0 on the calling thread,
   and wait for them all.  Under the run lock.  */

static void
gpurt_multi_launch (void)
{
  unsigned d;

  pthread_mutex_lock (&gpurt_multi_lock);
  for (d = 1; d < gpurt_multi_n; d++)
    {
      struct gpurt_slice *s = &gpurt_slices[d];

      if (s->lo == s->hi)
	continue;
      if (!s->started)
	{
	  if (pthread_create (&s->thread, NULL, gpurt_slice_worker, s) != 0)
	    {
	      /* Run it on this thread after slice 0.  */
	      s->ok = -1;
	      continue;
	    }
	  pthread_detach (s->thread);
	  s->started = 1;
	}
      s->posted++;
    }
  pthread_cond_broadcast (&gpurt_multi_posted);
  pthread_mutex_unlock (&gpurt_multi_lock);
  if (gpurt_slices[0].lo < gpurt_slices[0].hi)
    gpurt_slice_run (&gpurt_slices[0]);
  for (d = 1; d < gpurt_multi_n; d++)
    if (gpurt_slices[d].ok == -1)
      gpurt_slice_run (&gpurt_slices[d]);
  pthread_mutex_lock (&gpurt_multi_lock);
  for (d = 1; d < gpurt_multi_n; d++)
    while (gpurt_slices[d].started
	   && gpurt_slices[d].finished != gpurt_slices[d].posted)
      pthread_cond_wait (&gpurt_multi_finished, &gpurt_multi_lock);
  pthread_mutex_unlock (&gpurt_multi_lock);
}

/* For GPURT_PROFILE: add to logical device D's counters its slice S of
   the launch ARGS (NARGS arguments) of R: outer iterations, and the
   bytes of the ranges of the arrays it read (copied in) and wrote
   (copied back).  A is room for the launch's argument words.  */

static void
gpurt_multi_count (const struct gpurt_region *r, const uint64_t *args,
		   unsigned nargs, unsigned d, const struct gpurt_slice *s,
		   uint64_t *a)
{
  unsigned k;

  atomic_fetch_add (&gpurt_multi_iters[d], s->hi - s->lo);
  if (gpurt_env.profile == GPURT_PROFILE_OFF)
    return;
  memcpy (a, args, 4 * (size_t) nargs * sizeof *a);
  gpurt_batch_ranges (r, args, nargs, args + 4 * (size_t) nargs, s->lo,
		      s->hi, a);
  for (k = 0; k < nargs; k++)
    {
      unsigned flags = GPU_ARG_WORD0_FLAGS (a[4 * k]);
      int64_t size = (int64_t) a[4 * k + 3] - (int64_t) a[4 * k + 2];

      if (GPU_ARG_WORD0_KIND (a[4 * k]) != GPU_ARG_BUFFER || size <= 0)
	continue;
      if (flags & GPU_ARG_READ)
	atomic_fetch_add (&gpurt_multi_in[d], (uint64_t) size);
      if (flags & GPU_ARG_WRITTEN)
	atomic_fetch_add (&gpurt_multi_out[d], (uint64_t) size);
    }
}

/* See gpurt-internal.h.  */

int
gpurt_multi_run (struct gpurt_region *r, struct gpurt_device *dev,
		 const uint64_t *args, unsigned nargs, const uint64_t *n,
		 struct gpurt_clock *clock, char *why)
{
  uint64_t *red = NULL;
  unsigned d, k, ran = 0, failed = 0;
  int ok = -1, planned;

  if (gpurt_multi_n < 2)
    return -1;
  if (!r->batch)
    return gpurt_multi_unsplit_because (r, "the compiler found no range"
					" that moves with its outermost"
					" index");
  if (r->group_wg != 0 || r->ndeopts != 0 || r->heap)
    return gpurt_multi_unsplit_because (r, r->group_wg != 0
					? "it runs in two levels"
					: r->ndeopts != 0 ? "it is speculated"
					: "it allocates on the device");
  for (k = 0; k < nargs; k++)
    {
      unsigned kind = GPU_ARG_WORD0_KIND (args[4 * (size_t) k]);

      if (kind != GPU_ARG_BUFFER && kind != GPU_ARG_SCALAR
	  && kind != GPU_ARG_REDUCE)
	return gpurt_multi_unsplit_because (r, "an argument is neither an"
					    " array, a scalar nor a"
					    " reduction");
    }
  /* NARGS words per slice for its reductions, 4 * NARGS for the
     profile's ranges.  */
  red = calloc (((size_t) gpurt_multi_n + 4) * nargs + 1, sizeof *red);
  if (red == NULL)
    {
      gpurt_set_why (why, "out of memory for the slices' reductions");
      return 0;
    }

  pthread_mutex_lock (&gpurt_multi_run_lock);
  planned = gpurt_multi_plan (r, dev, args, nargs, n, red, why);
  if (planned <= 0)
    {
      if (planned == 0)
	gpurt_multi_unsplit_because (r, why);
      goto DONE;
    }
  /* Split regions keep nothing on the devices: what earlier regions
     kept goes home first, as slices copy in from host memory.  */
  gpurt_sync ();
  gpurt_clock_mark (clock, GPURT_PART_ARGS);
  if (gpurt_env.verbose >= 2)
    gpurt_message ("region %s (%s): outer iterations %" PRIu64 " split"
		   " over %u logical devices", r->name, r->loc,
		   n[r->ndim - 1], gpurt_multi_n);
  gpurt_multi_launch ();
  gpurt_clock_mark (clock, GPURT_PART_COPY);

  /* Combine in the order of the devices, slice 0 first.  */
  for (d = 0; d < gpurt_multi_n; d++)
    {
      struct gpurt_slice *s = &gpurt_slices[d];

      if (s->lo == s->hi)
	continue;
      if (!s->ok)
	{
	  failed++;
	  snprintf (why, GPURT_WHY_LEN, "logical device %u: %s", d, s->why);
	  continue;
	}
      gpurt_multi_count (r, args, nargs, d, s,
			 red + (size_t) gpurt_multi_n * nargs);
      for (k = 0; k < nargs; k++)
	if (GPU_ARG_WORD0_KIND (args[4 * (size_t) k]) == GPU_ARG_REDUCE)
	  {
	    if (ran == 0)
	      red[k] = s->red[k];
	    else
	      gpurt_reduce_fold (r->args[k].op, r->args[k].type,
				 r->args[k].size, &red[k], &s->red[k]);
	  }
      ran++;
    }
  if (failed != 0 && ran != 0)
    {
      /* Other slices changed host memory: the host loop cannot start
	 over.  */
      gpurt_message ("region %s (%s): a slice failed after others wrote"
		     " their results: %s; aborting", r->name, r->loc, why);
      abort ();
    }
  ok = failed == 0;
  for (k = 0; ok && k < nargs; k++)
    if (GPU_ARG_WORD0_KIND (args[4 * (size_t) k]) == GPU_ARG_REDUCE)
      memcpy ((void *) (uintptr_t) args[4 * (size_t) k + 1], &red[k],
	      r->args[k].size);
  if (ok)
    atomic_fetch_add (&gpurt_multi_split, 1);

 DONE:
  pthread_mutex_unlock (&gpurt_multi_run_lock);
  free (red);
  return ok;
}

/* See gpurt-internal.h.  */

void
gpurt_multi_report (FILE *out, int json)
{
  unsigned d;

  if (gpurt_multi_n < 2)
    return;
  if (json)
    {
      fprintf (out, ",\n  \"split\": { \"devices\": %u, \"launches\": %"
	       PRIu64 ", \"unsplit\": %" PRIu64 ", \"per_device\": [",
	       gpurt_multi_n, atomic_load (&gpurt_multi_split),
	       atomic_load (&gpurt_multi_unsplit));
      for (d = 0; d < gpurt_multi_n; d++)
	fprintf (out, "%s{ \"outer_iterations\": %" PRIu64
		 ", \"range_bytes_h2d\": %" PRIu64
		 ", \"range_bytes_d2h\": %" PRIu64 " }", d ? ", " : "",
		 atomic_load (&gpurt_multi_iters[d]),
		 atomic_load (&gpurt_multi_in[d]),
		 atomic_load (&gpurt_multi_out[d]));
      fprintf (out, "] }");
      return;
    }
  fprintf (out, "  split over %u logical devices: %" PRIu64 " launches;"
	   " %" PRIu64 " launches not split%s%s\n", gpurt_multi_n,
	   atomic_load (&gpurt_multi_split),
	   atomic_load (&gpurt_multi_unsplit),
	   gpurt_multi_why[0] ? ", the last: " : "", gpurt_multi_why);
  for (d = 0; d < gpurt_multi_n; d++)
    fprintf (out, "    logical device %u (%s): %" PRIu64 " outer iterations,"
	     " ranges of %" PRIu64 " bytes copied in, %" PRIu64 " back\n", d,
	     gpurt_slices[d].cand.name, atomic_load (&gpurt_multi_iters[d]),
	     atomic_load (&gpurt_multi_in[d]),
	     atomic_load (&gpurt_multi_out[d]));
}
