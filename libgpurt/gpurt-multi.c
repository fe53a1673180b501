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
   depend on which device finished first.

   Residency (GPURT_MULTI_RESIDENT, default on): a split launch the
   compiler marked KEEP whose slices each run in one batch leaves them on
   their logical devices, each in its lane's part of its device's map
   (gpurt-map.c: per mapping, the bytes it holds newer than the host, its
   dirty range), so that the next split launch with the same cut (the
   same outer range, cut the same way) finds its slices' data there:
   read-only whole inputs stay on every device while clean, and only the
   rows a slice reads from a neighbour's slice (a stencil's halo) move,
   device -> host -> device, before the launch: for each slice D and each
   range it uses, the bytes another logical device E holds dirty in that
   range come home, then go into D's kept copies (gpurt_map_host_access's
   refresh).  Every byte is current in host memory or dirty on one
   logical device only: a launch whose slice would write near bytes
   another holds dirty (gpurt_multi_exchange's check) gathers first.  The
   data come home (a gather: every slice's lane syncs its map) at
   gpurt_sync (every sync point of the compiler, the host fallback),
   before a launch that is not split or is cut another way, or that does
   not keep; a host load or store of a few bytes between regions asks
   every logical device (gpurt_map_host_access).  When kept copies went
   home behind our back (a full device, gpurt_map_homecoming_count), the
   next split launch gathers first: a neighbour's rows kept as a halo are current
   only while their owner's dirty range says where the newest copy is.
   Each logical device then has a device (context and map) of its own,
   even the same OpenCL device listed twice: slices overlap (halos), and
   one map holds disjoint copies only.  Such twins divide the OpenCL
   device's memory (GPURT_DEVICE_MEM_LIMIT, or all of it) between them:
   each sizes its batches, and its map's room, for its share, so that
   together they never hold more than the device has.  All slices run on
   workers, so that their kept copies belong to lanes only this file
   uses.

   A logical device is a lane: a host thread with its own queue, kernels
   and buffers (gpurt-lane.c), on an OpenCL device.  The calling thread
   runs slice 0 on the process's device (the first of the list), unless
   the slices stay there (then its worker does, as above); one worker
   thread per logical device, started on its first split launch and
   kept for the process, runs the others.  The same device
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
  int twin;			/* an earlier logical device is on CAND */
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
  int keep;			/* its results may stay on the device */
  struct gpurt_lane *lane;	/* the lane that keeps them, once kept */
  uint64_t klo, khi;		/* the outer iterations it keeps */
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
   last reason), outer iterations and bytes of the ranges read and
   written per logical device (copied in and back unless kept; the
   regions' own counts say what was copied).  */
static atomic_uint_least64_t gpurt_multi_split;
static atomic_uint_least64_t gpurt_multi_unsplit;
static atomic_uint_least64_t gpurt_multi_iters[GPURT_MAX_DEVICES];
static atomic_uint_least64_t gpurt_multi_in[GPURT_MAX_DEVICES];
static atomic_uint_least64_t gpurt_multi_out[GPURT_MAX_DEVICES];
static char gpurt_multi_why[GPURT_WHY_LEN];
/* GPURT_PROFILE: split launches that found their slices on the devices,
   gathers of kept slices, and bytes of neighbours' rows copied in per
   logical device.  */
static atomic_uint_least64_t gpurt_multi_resident;
static atomic_uint_least64_t gpurt_multi_gathers;
static atomic_uint_least64_t gpurt_multi_halo[GPURT_MAX_DEVICES];

/* Slices may be kept on the logical devices; the outer trip count of
   their cut; gpurt_map_homecoming_count after their launch.  */
static atomic_int gpurt_multi_kept;
static uint64_t gpurt_multi_kept_outer;
static uint64_t gpurt_multi_homecomings;
/* Room for a split launch's argument words: NARGS words per slice for
   its reductions, 4 * NARGS for ranges (gpurt_multi_words); WORDS of
   them, kept for the next launches.  Under the run lock.  */
static uint64_t *gpurt_multi_room;
static size_t gpurt_multi_room_words;
/* The calling thread is a worker; it holds the run lock.  */
static _Thread_local int gpurt_multi_on_worker;
static _Thread_local int gpurt_multi_inside;

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

/* Do candidates A and B name the same OpenCL device?  */

static int
gpurt_multi_same (const struct gpurt_candidate *a,
		  const struct gpurt_candidate *b)
{
  return a->platform_index == b->platform_index
	 && a->device_index == b->device_index;
}

/* Add candidate C to the logical devices, FIRST being the process's
   device.  */

static void
gpurt_multi_add (const struct gpurt_candidate *c,
		 const struct gpurt_candidate *first)
{
  struct gpurt_slice *s;
  unsigned i;

  if (gpurt_multi_n == GPURT_MAX_DEVICES)
    return;
  s = &gpurt_slices[gpurt_multi_n];
  s->cand = *c;
  s->other = c != first;
  for (i = 0; i < gpurt_multi_n; i++)
    s->twin |= gpurt_multi_same (&gpurt_slices[i].cand, c);
  gpurt_multi_n++;
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

/* Give each slice's device its share of the memory of its OpenCL
   device: the number of devices (structs, each with a map of its own)
   the live slices have on it.  Slices on one device (one map) divide
   its share by their batch sizes (gpurt_multi_plan).  */

static void
gpurt_multi_shares (void)
{
  unsigned d, e, f, share;

  for (d = 0; d < gpurt_multi_n; d++)
    {
      struct gpurt_slice *s = &gpurt_slices[d];

      if (s->dead)
	continue;
      for (e = 0, share = 0; e < gpurt_multi_n; e++)
	{
	  struct gpurt_slice *o = &gpurt_slices[e];

	  if (o->dead || !gpurt_multi_same (&o->cand, &s->cand))
	    continue;
	  for (f = 0; f < e && gpurt_slices[f].dev != o->dev; f++)
	    ;
	  share += f == e;
	}
      atomic_store (&s->dev->share, share);
    }
}

/* Open the other OpenCL devices of the slices on the first split launch,
   and build region R for every slice's device; ONE is the process's
   device.  Under GPURT_MULTI_RESIDENT, a device listed again gets a
   device of its own (see the top of the file), and those on one OpenCL
   device divide its memory (gpurt_multi_shares).  Returns 1, or 0 with
   WHY when R cannot run on one of them.  */

static int
gpurt_multi_prepare (struct gpurt_region *r, struct gpurt_device *one,
		     char *why)
{
  unsigned d;

  for (d = 0; d < gpurt_multi_n; d++)
    {
      struct gpurt_slice *s = &gpurt_slices[d];
      int fresh = s->twin && gpurt_env.multi_resident;

      if (!s->other && !fresh)
	s->dev = one;
      else if (s->dev == NULL && !s->dead)
	{
	  s->dev = gpurt_device_other (&s->cand, fresh, why);
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
      if (s->dev != one
	  && r->other_wg[s->dev->ordinal] < r->kernel_work_group_size)
	{
	  gpurt_set_why (why, "its kernel takes work-groups of at most %zu"
			 " on device '%s', fewer than on '%s'",
			 r->other_wg[s->dev->ordinal], s->dev->name,
			 one->name);
	  return 0;
	}
    }
  gpurt_multi_shares ();
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
			    s->hi, s->c, s->red, s->keep, &clock, s->why);
  if (s->keep)
    s->lane = gpurt_lane_peek ();
}

/* A worker: run the jobs posted to slice ARG, for ever.  */

static void *
gpurt_slice_worker (void *arg)
{
  struct gpurt_slice *s = arg;

  gpurt_multi_on_worker = 1;
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

/* Take the run lock, unless the calling thread holds it; returns whether
   it took it.  */

static int
gpurt_multi_enter (void)
{
  if (gpurt_multi_inside)
    return 0;
  pthread_mutex_lock (&gpurt_multi_run_lock);
  gpurt_multi_inside = 1;
  return 1;
}

/* Give back the run lock if gpurt_multi_enter took it (TOOK).  */

static void
gpurt_multi_exit (int took)
{
  if (!took)
    return;
  gpurt_multi_inside = 0;
  pthread_mutex_unlock (&gpurt_multi_run_lock);
}

/* The lane of slice S when it keeps copies on its device, its kernels
   finished (the worker is idle); NULL when it keeps none.  */

static struct gpurt_lane *
gpurt_slice_lane (struct gpurt_slice *s)
{
  if (s->lane == NULL)
    return NULL;
  if (s->lane->async_pending)
    gpurt_lane_wait (s->lane);
  return s->lane->nkept != 0 ? s->lane : NULL;
}

/* Bring home every slice kept on the logical devices.  Under the run
   lock.  */

static void
gpurt_multi_gather_locked (void)
{
  unsigned d;

  if (!atomic_load (&gpurt_multi_kept))
    return;
  for (d = 0; d < gpurt_multi_n; d++)
    {
      struct gpurt_lane *lane = gpurt_slice_lane (&gpurt_slices[d]);

      if (lane != NULL)
	gpurt_map_sync (gpurt_slices[d].dev, lane);
    }
  atomic_store (&gpurt_multi_kept, 0);
  atomic_fetch_add (&gpurt_multi_gathers, 1);
  if (gpurt_env.verbose >= 3)
    gpurt_message ("split regions: the slices kept on the devices went"
		   " home");
}

/* See gpurt-internal.h.  */

void
gpurt_multi_gather (void)
{
  int took;

  if (gpurt_multi_on_worker || !atomic_load (&gpurt_multi_kept))
    return;
  took = gpurt_multi_enter ();
  gpurt_multi_gather_locked ();
  gpurt_multi_exit (took);
}

/* Under the run lock unless the calling thread is a worker or nothing is
   kept: for each logical device keeping copies of the bytes [START, END),
   make the host's access HOW (GPURT_ACCESS_LOAD, GPURT_ACCESS_STORE)
   agree with them, or drop them (HOW -1: the bytes are being freed).  */

static void
gpurt_multi_each (uint64_t start, uint64_t end, int how)
{
  unsigned d;
  int took;

  if (gpurt_multi_on_worker || !atomic_load (&gpurt_multi_kept))
    return;
  took = gpurt_multi_enter ();
  for (d = 0; d < gpurt_multi_n; d++)
    {
      struct gpurt_slice *s = &gpurt_slices[d];
      struct gpurt_lane *lane = gpurt_slice_lane (s);

      if (lane == NULL)
	continue;
      if (how < 0)
	gpurt_map_discard (s->dev, lane, start, end);
      else if (gpurt_map_kept_overlaps (s->dev, lane, start, end))
	gpurt_map_host_access (s->dev, lane, start, end, how);
    }
  gpurt_multi_exit (took);
}

/* See gpurt-internal.h.  */

void
gpurt_multi_host_access (uint64_t start, uint64_t end, int store)
{
  gpurt_multi_each (start, end,
		    store ? GPURT_ACCESS_STORE : GPURT_ACCESS_LOAD);
}

/* See gpurt-internal.h.  */

void
gpurt_multi_discard (uint64_t start, uint64_t end)
{
  gpurt_multi_each (start, end, -1);
}

/* Before the split launch ARGS (NARGS arguments) of R whose slices find
   what they kept on their devices.  CHECK: returns 1 when a slice D
   would write near bytes another logical device E holds newer than host
   memory -- inside the hull of what D's copy of that array would then
   hold dirty (a mapping has one dirty range), so that D and E would both
   hold those bytes dirty, and a gather could bring home the older --; the
   caller then gathers first.  Else: for each slice D and each array range
   it uses, the bytes of it another logical device holds dirty come home
   and into D's kept copies.  A is room for the launch's argument words.
   Under the run lock, the workers idle.  */

static int
gpurt_multi_exchange (struct gpurt_region *r, const uint64_t *args,
		      unsigned nargs, uint64_t *a, int check)
{
  unsigned d, e, k;

  /* Every slice's kernels and copies finished (the copies of the last
     exchange read host bytes this one writes).  */
  for (d = 0; d < gpurt_multi_n; d++)
    gpurt_slice_lane (&gpurt_slices[d]);
  for (d = 0; d < gpurt_multi_n; d++)
    {
      struct gpurt_slice *s = &gpurt_slices[d];
      struct gpurt_lane *mine = gpurt_slice_lane (s);

      if (s->lo == s->hi)
	continue;
      memcpy (a, args, 4 * (size_t) nargs * sizeof *a);
      gpurt_batch_ranges (r, args, nargs, args + 4 * (size_t) nargs, s->lo,
			  s->hi, a);
      for (k = 0; k < nargs; k++)
	{
	  uint64_t start = a[4 * k + 1] + a[4 * k + 2];
	  uint64_t end = a[4 * k + 1] + a[4 * k + 3], lo, hi, bytes;
	  uint64_t hs = start, he = end;

	  if (GPU_ARG_WORD0_KIND (a[4 * k]) != GPU_ARG_BUFFER
	      || a[4 * k + 2] >= a[4 * k + 3]
	      || (check && !((GPU_ARG_WORD0_FLAGS (a[4 * k])
			      | r->args[k].flags) & GPU_ARG_WRITTEN)))
	    continue;
	  if (check && mine != NULL)
	    {
	      gpurt_map_kept_hull (s->dev, mine, &hs, &he);
	      if (gpurt_map_kept_dirty (s->dev, mine, hs, he, &lo, &hi))
		{
		  start = lo < start ? lo : start;
		  end = hi > end ? hi : end;
		}
	    }
	  for (e = 0; e < gpurt_multi_n; e++)
	    {
	      struct gpurt_slice *o = &gpurt_slices[e];
	      struct gpurt_lane *lane = e != d ? gpurt_slice_lane (o) : NULL;

	      if (lane == NULL
		  || !gpurt_map_kept_dirty (o->dev, lane, start, end, &lo,
					    &hi))
		continue;
	      if (check)
		return 1;
	      gpurt_map_host_access (o->dev, lane, lo, hi, GPURT_ACCESS_LOAD);
	      if (mine == NULL)
		continue;
	      bytes = gpurt_map_host_access (s->dev, mine, lo, hi,
					     GPURT_ACCESS_REFRESH);
	      atomic_fetch_add (&gpurt_multi_halo[d], bytes);
	      atomic_fetch_add (&r->bytes_h2d, bytes);
	      /* The copy runs before the slice's kernel, in order; whoever
		 uses the lane next waits for it (gpurt_slice_lane), before
		 the host bytes it reads may change.  */
	      mine->async_pending = 1;
	    }
	}
    }
  return 0;
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
  /* It runs from host memory, or from the calling thread's copies.  */
  gpurt_multi_gather ();
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
      c = gpurt_batch_size (r, s->dev, args, nargs, ext, n, 1, 1, NULL,
			    why);
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

/* Run the slices gpurt_multi_plan made, slice 0 on the calling thread
   unless they KEEP their results (then on a worker too), and wait for
   them all.  Under the run lock.  */

static void
gpurt_multi_launch (int keep)
{
  unsigned d;

  pthread_mutex_lock (&gpurt_multi_lock);
  for (d = keep ? 0 : 1; d < gpurt_multi_n; d++)
    {
      struct gpurt_slice *s = &gpurt_slices[d];

      if (s->lo == s->hi)
	continue;
      if (!s->started)
	{
	  if (pthread_create (&s->thread, NULL, gpurt_slice_worker, s) != 0)
	    {
	      /* Run it on this thread after slice 0, keeping nothing.  */
	      s->ok = -1;
	      s->keep = 0;
	      continue;
	    }
	  pthread_detach (s->thread);
	  s->started = 1;
	}
      s->posted++;
    }
  pthread_cond_broadcast (&gpurt_multi_posted);
  pthread_mutex_unlock (&gpurt_multi_lock);
  if (!keep && gpurt_slices[0].lo < gpurt_slices[0].hi)
    gpurt_slice_run (&gpurt_slices[0]);
  for (d = 0; d < gpurt_multi_n; d++)
    if (gpurt_slices[d].ok == -1)
      gpurt_slice_run (&gpurt_slices[d]);
  pthread_mutex_lock (&gpurt_multi_lock);
  for (d = 0; d < gpurt_multi_n; d++)
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

/* The room of a split launch of NARGS arguments, zeroed: NARGS words
   per slice for their reductions, then 4 * NARGS for the ranges of one
   slice; NULL when out of memory.  Under the run lock.  */

static uint64_t *
gpurt_multi_words (unsigned nargs)
{
  size_t words = ((size_t) gpurt_multi_n + 4) * nargs + 1;

  if (words > gpurt_multi_room_words)
    {
      uint64_t *room = realloc (gpurt_multi_room, words * sizeof *room);

      if (room == NULL)
	return NULL;
      gpurt_multi_room = room;
      gpurt_multi_room_words = words;
    }
  memset (gpurt_multi_room, 0, words * sizeof *gpurt_multi_room);
  return gpurt_multi_room;
}

/* See gpurt-internal.h.  */

int
gpurt_multi_run (struct gpurt_region *r, struct gpurt_device *dev,
		 const uint64_t *args, unsigned nargs, const uint64_t *n,
		 int keep, struct gpurt_clock *clock, char *why)
{
  uint64_t *red = NULL;
  unsigned d, k, ran = 0, failed = 0;
  int ok = -1, planned, took;

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
  took = gpurt_multi_enter ();
  red = gpurt_multi_words (nargs);
  if (red == NULL)
    {
      gpurt_set_why (why, "out of memory for the slices' reductions");
      ok = 0;
      goto DONE;
    }
  planned = gpurt_multi_plan (r, dev, args, nargs, n, red, why);
  if (planned <= 0)
    {
      if (planned == 0)
	gpurt_multi_unsplit_because (r, why);
      else
	gpurt_multi_gather_locked ();
      goto DONE;
    }
  /* The slices may stay on their devices when the compiler says that no
     host code touches the data before a sync point, and each slice runs
     in one batch.  */
  keep = keep && gpurt_env.multi_resident && gpurt_env.device_mem_limit == 0;
  for (d = 0; d < gpurt_multi_n; d++)
    keep = keep && gpurt_slices[d].c >= gpurt_slices[d].hi - gpurt_slices[d].lo;
  /* What the slices kept serves a launch cut the same way, if nothing
     went home since and no slice would write near a neighbour's dirty
     bytes (one check over all slices); else it goes home first.  */
  if (atomic_load (&gpurt_multi_kept))
    {
      int same = keep && gpurt_multi_kept_outer == n[r->ndim - 1]
		 && gpurt_multi_homecomings == gpurt_map_homecoming_count ();

      for (d = 0; same && d < gpurt_multi_n; d++)
	same = gpurt_slices[d].lo == gpurt_slices[d].klo
	       && gpurt_slices[d].hi == gpurt_slices[d].khi;
      if (!same
	  || gpurt_multi_exchange (r, args, nargs,
				   red + (size_t) gpurt_multi_n * nargs, 1))
	gpurt_multi_gather_locked ();
    }
  /* What the calling thread's regions kept goes home: slices copy in from
     host memory, or from what they kept.  */
  gpurt_sync_lane ();
  if (atomic_load (&gpurt_multi_kept))
    {
      atomic_fetch_add (&gpurt_multi_resident, 1);
      gpurt_multi_exchange (r, args, nargs,
			    red + (size_t) gpurt_multi_n * nargs, 0);
    }
  for (d = 0; d < gpurt_multi_n; d++)
    {
      gpurt_slices[d].keep = keep;
      gpurt_slices[d].klo = gpurt_slices[d].lo;
      gpurt_slices[d].khi = gpurt_slices[d].hi;
    }
  gpurt_clock_mark (clock, GPURT_PART_ARGS);
  if (gpurt_env.verbose >= 2)
    gpurt_message ("region %s (%s): outer iterations %" PRIu64 " split"
		   " over %u logical devices%s", r->name, r->loc,
		   n[r->ndim - 1], gpurt_multi_n,
		   keep ? ", kept there" : "");
  gpurt_multi_launch (keep);
  if (keep)
    {
      gpurt_multi_kept_outer = n[r->ndim - 1];
      gpurt_multi_homecomings = gpurt_map_homecoming_count ();
      atomic_store (&gpurt_multi_kept, 1);
    }
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
  gpurt_multi_exit (took);
  return ok;
}

/* The most bytes slice S's device held at once (its map), 0 when it
   was not opened.  */

static uint64_t
gpurt_slice_most (struct gpurt_slice *s)
{
  return s->dev != NULL ? gpurt_map_bytes_seen (s->dev, 1) : 0;
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
	       PRIu64 ", \"unsplit\": %" PRIu64 ", \"resident\": %" PRIu64
	       ", \"gathers\": %" PRIu64 ", \"per_device\": [",
	       gpurt_multi_n, atomic_load (&gpurt_multi_split),
	       atomic_load (&gpurt_multi_unsplit),
	       atomic_load (&gpurt_multi_resident),
	       atomic_load (&gpurt_multi_gathers));
      for (d = 0; d < gpurt_multi_n; d++)
	fprintf (out, "%s{ \"outer_iterations\": %" PRIu64
		 ", \"range_bytes_h2d\": %" PRIu64
		 ", \"range_bytes_d2h\": %" PRIu64
		 ", \"halo_bytes_h2d\": %" PRIu64
		 ", \"most_device_bytes\": %" PRIu64 " }", d ? ", " : "",
		 atomic_load (&gpurt_multi_iters[d]),
		 atomic_load (&gpurt_multi_in[d]),
		 atomic_load (&gpurt_multi_out[d]),
		 atomic_load (&gpurt_multi_halo[d]),
		 gpurt_slice_most (&gpurt_slices[d]));
      fprintf (out, "] }");
      return;
    }
  fprintf (out, "  split over %u logical devices: %" PRIu64 " launches"
	   " (%" PRIu64 " found their slices kept there; %" PRIu64 " gathers"
	   " home); %" PRIu64 " launches not split%s%s\n", gpurt_multi_n,
	   atomic_load (&gpurt_multi_split),
	   atomic_load (&gpurt_multi_resident),
	   atomic_load (&gpurt_multi_gathers),
	   atomic_load (&gpurt_multi_unsplit),
	   gpurt_multi_why[0] ? ", the last: " : "", gpurt_multi_why);
  for (d = 0; d < gpurt_multi_n; d++)
    fprintf (out, "    logical device %u (%s): %" PRIu64 " outer iterations,"
	     " ranges of %" PRIu64 " bytes read, %" PRIu64 " written;"
	     " %" PRIu64 " bytes of neighbours' rows copied in; at most"
	     " %" PRIu64 " bytes on its device\n", d,
	     gpurt_slices[d].cand.name, atomic_load (&gpurt_multi_iters[d]),
	     atomic_load (&gpurt_multi_in[d]),
	     atomic_load (&gpurt_multi_out[d]),
	     atomic_load (&gpurt_multi_halo[d]),
	     gpurt_slice_most (&gpurt_slices[d]));
}
