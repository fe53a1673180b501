/* gpurt-map.c -- the device's map: which host byte ranges have a copy on
   the device, in which buffer, who is using it, and which copy is current.

   Every device buffer that holds user data is a mapping of this table
   (libgomp's splay tree of mappings in target.c plays the same part).
   A launch enters each of its merged argument ranges (gpurt-buffers.c)
   and leaves them when it is done.  The table keeps, per mapping, the
   host range, the buffer, the number of launches using it, whether the
   device copy holds the host's bytes (DEV_VALID) and the part the device
   wrote that the host has not seen yet (the dirty range).

   The transfer policy lives here.  A launch the compiler did not mark
   (no GPU_NARGS_KEEP) works as regions always did: its mappings are made
   for it, filled from host memory and released when it leaves, after its
   results were copied back.  A launch marked KEEP (gpu_hostsync proved
   that no host code runs between it and the next gpurt_sync of the same
   thread that could touch its data) leaves its mappings in the table,
   owned by its thread's lane, with their dirty ranges: a later KEEP
   launch of that thread finds its data already there (no copy in, no
   copy back), and gpurt_sync -- or the host fallback of any region of
   the thread -- copies the dirty ranges back and releases them.  A
   mapping is only ever reused by the thread that kept it: other threads
   see host memory, which is current for them as long as the program has
   no data race (the synchronization that orders them is host code, so
   the keeping thread synced before it).

   Mappings in the table are disjoint and sorted by start.  A range that
   overlaps a mapping in use, or one another thread kept, gets a mapping
   of its own outside the table ("private", copied in and back as
   before).  A KEEP launch whose range overlaps idle mappings its thread
   kept absorbs them: one new mapping over the union, filled from the old
   buffers on the device and from host memory for the gaps.  The table's
   lock is held to search and change it, and while absorbing.  */

#include "gpurt-internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Bytes copied back by gpurt_sync (not charged to a region).  */
static atomic_uint_least64_t gpurt_sync_bytes;

/* Times kept mappings went home and were dropped (gpurt_map_sync_locked):
   gpurt-multi.c's copies of a neighbour's rows are current only while
   nothing went home behind its back.  */
static atomic_uint_least64_t gpurt_map_homecomings;

/* Index of the first mapping of MAP whose end is above START (the first
   that may overlap a range starting at START); MAP->N if none.  */

static unsigned
gpurt_map_search (const struct gpurt_map *map, uint64_t start)
{
  unsigned lo = 0, hi = map->n;

  while (lo < hi)
    {
      unsigned mid = lo + (hi - lo) / 2;

      if (map->v[mid]->end <= start)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

/* Mappings the table has room for when the device is opened.  */
#define GPURT_MAP_FIRST_CAP 16

/* Insert M into MAP at index AT.  Returns 1, or 0 when out of memory.  */

static int
gpurt_map_insert (struct gpurt_map *map, unsigned at,
		  struct gpurt_mapping *m)
{
  if (map->n == map->cap)
    {
      unsigned cap = map->cap ? 2 * map->cap : GPURT_MAP_FIRST_CAP;
      struct gpurt_mapping **v = realloc (map->v, cap * sizeof *v);

      if (v == NULL)
	return 0;
      map->v = v;
      map->cap = cap;
    }
  memmove (&map->v[at + 1], &map->v[at], (map->n - at) * sizeof *map->v);
  map->v[at] = m;
  map->n++;
  map->bytes += m->end - m->start;
  if (map->bytes > map->most)
    map->most = map->bytes;
  return 1;
}

/* Remove the mapping at index AT from MAP.  */

static void
gpurt_map_remove_at (struct gpurt_map *map, unsigned at)
{
  struct gpurt_mapping *m = map->v[at];

  if (m->refs == 0 && m->owner != NULL)
    m->owner->nkept--;
  memmove (&map->v[at], &map->v[at + 1],
	   (map->n - at - 1) * sizeof *map->v);
  map->n--;
  map->bytes -= m->end - m->start;
}

/* Remove M from MAP (it is in the table).  */

static void
gpurt_map_remove (struct gpurt_map *map, struct gpurt_mapping *m)
{
  unsigned at = gpurt_map_search (map, m->start);

  if (at < map->n && map->v[at] == m)
    gpurt_map_remove_at (map, at);
}

/* Set up the empty MAP of a device (once, when the device is chosen:
   by the start-up thread unless GPURT_INIT=lazy), with room for its
   first mappings, so that the first region does not grow the table.
   Without that memory the first insertion grows it.  */

void
gpurt_map_init (struct gpurt_map *map)
{
  memset (map, 0, sizeof *map);
  pthread_mutex_init (&map->lock, NULL);
  map->v = malloc (GPURT_MAP_FIRST_CAP * sizeof *map->v);
  if (map->v != NULL)
    map->cap = GPURT_MAP_FIRST_CAP;
}

/* Is M an idle mapping that LANE kept?  */

static int
gpurt_map_kept_by (const struct gpurt_mapping *m,
		   const struct gpurt_lane *lane)
{
  return m->refs == 0 && m->owner != NULL && m->owner == lane;
}

/* Copy the host bytes [LO, HI) of M's device copy (idle, LANE's) back
   into host memory through LANE's queue, waiting for it.  Returns 1, or
   0 with WHY when the copy failed (the caller aborts: these bytes exist
   nowhere else).  */

static int
gpurt_map_read_back (struct gpurt_lane *lane, struct gpurt_mapping *m,
		     uint64_t lo, uint64_t hi, char *why)
{
  size_t size = (size_t) (hi - lo);
  size_t offset = (size_t) (lo - m->start);
  void *dest = (void *) (uintptr_t) lo;
  const char *what = "copying results kept on the device back";
  void *saved = gpurt_redundant_save (dest, size);
  int ok;

  ok = gpurt_cl_read (lane->queue, m->mem, 1, offset, size, dest, why, what);
  /* One more try before they are given up for lost.  */
  if (!ok)
    ok = gpurt_cl_read (lane->queue, m->mem, 1, offset, size, dest, why,
			what);
  if (!ok)
    {
      free (saved);
      return 0;
    }
  gpurt_redundant_d2h (NULL, dest, size, saved);
  atomic_fetch_add (&gpurt_sync_bytes, size);
  if (gpurt_env.verbose >= 3)
    gpurt_message ("sync: device to host, %zu bytes to %p", size, dest);
  return 1;
}

/* Copy the dirty range of M (out of the table, idle) back into host
   memory through LANE's queue, waiting for it, and release M.  Returns 1,
   or 0 with WHY when the copy failed (M is released either way: its data
   is lost, and the caller aborts).  */

/* Copy back the bytes of [LO, HI) that M's device copy (idle, LANE's)
   holds newer than host memory: those in its dirty range but not in its
   stale range (there the host stored since, and is newer).  Returns 1,
   or 0 with WHY.  */

static int
gpurt_map_bring_home (struct gpurt_lane *lane, struct gpurt_mapping *m,
		      uint64_t lo, uint64_t hi, char *why)
{
  lo = m->dirty_lo > lo ? m->dirty_lo : lo;
  hi = m->dirty_hi < hi ? m->dirty_hi : hi;
  if (lo >= hi)
    return 1;
  if (m->stale_lo >= m->stale_hi)
    return gpurt_map_read_back (lane, m, lo, hi, why);
  /* Below the stale range, then above it.  */
  if (lo < m->stale_lo
      && !gpurt_map_read_back (lane, m, lo,
			       hi < m->stale_lo ? hi : m->stale_lo, why))
    return 0;
  if (hi > m->stale_hi
      && !gpurt_map_read_back (lane, m, lo > m->stale_hi ? lo : m->stale_hi,
			       hi, why))
    return 0;
  return 1;
}

/* M's results left on the device by a launch of M->KEPT_BY were used
   (USED) or go home unused: say so to that region (gpurt_batch_run).  */

static void
gpurt_map_kept_verdict (struct gpurt_mapping *m, int used)
{
  if (m->kept_by != NULL)
    atomic_store (used ? &m->kept_by->keep_paid : &m->kept_by->keep_unpaid,
		  1);
  m->kept_by = NULL;
}

static int
gpurt_map_write_back (struct gpurt_lane *lane, struct gpurt_mapping *m,
		      char *why)
{
  int ok;

  if (gpurt_map_dirty (m))
    gpurt_map_kept_verdict (m, 0);
  ok = gpurt_map_bring_home (lane, m, m->start, m->end, why);

  gpurt_cl_buffer_release (m->mem);
  free (m);
  return ok;
}

/* Abort: results only the device held could not reach host memory.  */

static void
gpurt_map_lost (const char *why)
{
  gpurt_message ("results of earlier regions kept on the device could not"
		 " be copied back (%s); they are lost, aborting", why);
  abort ();
}

/* Copy back and release every idle mapping LANE kept that overlaps the
   host bytes [START, END) (every one when START == END == 0).  MAP's lock
   is held; it is released and taken again around the copies.  */

static void
gpurt_map_sync_locked (struct gpurt_map *map, struct gpurt_lane *lane,
		       uint64_t start, uint64_t end)
{
  struct gpurt_mapping **out = NULL;
  unsigned nout = 0, i;
  int all = start == 0 && end == 0;
  char why[GPURT_WHY_LEN] = "";

  for (i = all ? 0 : gpurt_map_search (map, start);
       i < map->n && (all || map->v[i]->start < end); )
    if (gpurt_map_kept_by (map->v[i], lane))
      {
	struct gpurt_mapping **o = realloc (out, (nout + 1) * sizeof *o);

	if (o == NULL)
	  gpurt_map_lost ("out of memory");
	out = o;
	out[nout++] = map->v[i];
	gpurt_map_remove_at (map, i);
      }
    else
      i++;
  if (nout == 0)
    return;
  atomic_fetch_add (&gpurt_map_homecomings, 1);
  pthread_mutex_unlock (&map->lock);
  for (i = 0; i < nout; i++)
    if (!gpurt_map_write_back (lane, out[i], why))
      gpurt_map_lost (why);
  free (out);
  pthread_mutex_lock (&map->lock);
}

/* See gpurt-internal.h.  */

void
gpurt_map_discard (struct gpurt_device *dev, struct gpurt_lane *lane,
		   uint64_t start, uint64_t end)
{
  struct gpurt_map *map = &dev->map;
  int partial = 0;
  unsigned i;

  pthread_mutex_lock (&map->lock);
  for (i = gpurt_map_search (map, start); i < map->n && map->v[i]->start < end;)
    {
      struct gpurt_mapping *m = map->v[i];

      if (!gpurt_map_kept_by (m, lane))
	i++;
      else if (start <= m->start && m->end <= end)
	{
	  /* Inside the freed block: its bytes are dead, nothing to copy.  */
	  gpurt_map_remove_at (map, i);
	  if (gpurt_env.verbose >= 3)
	    gpurt_message ("free: dropped %" PRIu64 " bytes kept at %p",
			   m->end - m->start, (void *) (uintptr_t) m->start);
	  gpurt_cl_buffer_release (m->mem);
	  free (m);
	}
      else
	{
	  partial = 1;
	  i++;
	}
    }
  /* A mapping that reaches beyond the block holds other data too.  */
  if (partial)
    gpurt_map_sync_locked (map, lane, start, end);
  pthread_mutex_unlock (&map->lock);
}

/* Make room on DEV for SIZE more bytes under GPURT_DEVICE_MEM_LIMIT (its
   share of it, gpurt_device_memory): copy back and drop LANE's idle kept
   copies, least recently used first, until the table's bytes and SIZE
   fit.  Returns 1, or 0 with WHY when SIZE does not fit even then (the
   launch then runs on the host).  Other threads' copies are theirs to
   sync.  */

static int
gpurt_map_make_room (struct gpurt_device *dev, struct gpurt_lane *lane,
		     uint64_t size, char *why)
{
  struct gpurt_map *map = &dev->map;
  uint64_t limit;
  int ok;

  if (gpurt_env.device_mem_limit == 0)
    return 1;
  limit = gpurt_device_memory (dev);
  pthread_mutex_lock (&map->lock);
  while (map->bytes + size > limit)
    {
      struct gpurt_mapping *lru = NULL;
      unsigned i;

      for (i = 0; i < map->n; i++)
	if (gpurt_map_kept_by (map->v[i], lane)
	    && (lru == NULL || map->v[i]->last_use < lru->last_use))
	  lru = map->v[i];
      if (lru == NULL)
	break;
      map->evicted += lru->end - lru->start;
      if (gpurt_env.verbose >= 3)
	gpurt_message ("device memory limit: %" PRIu64 " kept bytes at %p go"
		       " home", lru->end - lru->start,
		       (void *) (uintptr_t) lru->start);
      gpurt_map_sync_locked (map, lane, lru->start, lru->end);
    }
  ok = map->bytes + size <= limit;
  if (!ok)
    gpurt_set_why (why, "%" PRIu64 " more bytes on the device would pass"
		   " GPURT_DEVICE_MEM_LIMIT (%" PRIu64 " bytes, %" PRIu64
		   " in use)", size, limit, map->bytes);
  pthread_mutex_unlock (&map->lock);
  return ok;
}

/* See gpurt-internal.h.  */

uint64_t
gpurt_map_bytes_seen (struct gpurt_device *dev, int most)
{
  uint64_t n;

  pthread_mutex_lock (&dev->map.lock);
  n = most ? dev->map.most : dev->map.evicted;
  pthread_mutex_unlock (&dev->map.lock);
  return n;
}

/* See gpurt-internal.h.  */

void
gpurt_map_settle (struct gpurt_device *dev, struct gpurt_lane *lane,
		  const uint64_t *starts, const uint64_t *ends, unsigned n)
{
  struct gpurt_map *map = &dev->map;
  unsigned i, j, k;

  pthread_mutex_lock (&map->lock);
 AGAIN:
  for (i = 0; i < n; i++)
    for (k = gpurt_map_search (map, starts[i]);
	 k < map->n && map->v[k]->start < ends[i]; k++)
      {
	struct gpurt_mapping *m = map->v[k];
	unsigned users = 0;
	int outside = 0;

	if (!gpurt_map_kept_by (m, lane))
	  continue;
	for (j = 0; j < n; j++)
	  if (starts[j] < m->end && m->start < ends[j])
	    {
	      users++;
	      outside |= starts[j] < m->start || m->end < ends[j];
	    }
	if (users >= 2 && outside)
	  {
	    uint64_t s0 = m->start, e0 = m->end;

	    /* Copies back M (and drops it); the table changed.  */
	    gpurt_map_sync_locked (map, lane, s0, e0);
	    goto AGAIN;
	  }
      }
  pthread_mutex_unlock (&map->lock);
}

/* See gpurt-internal.h.  */

int
gpurt_map_kept_overlaps (struct gpurt_device *dev, struct gpurt_lane *lane,
			 uint64_t start, uint64_t end)
{
  struct gpurt_map *map = &dev->map;
  int found = 0;
  unsigned i;

  pthread_mutex_lock (&map->lock);
  for (i = gpurt_map_search (map, start);
       i < map->n && map->v[i]->start < end && !found; i++)
    found = gpurt_map_kept_by (map->v[i], lane);
  pthread_mutex_unlock (&map->lock);
  return found;
}

/* See gpurt-internal.h.  A load needs in host memory only the bytes it
   reads: those of them the device wrote come back, and the copy stays
   current on the device (the next region copies nothing in).  A store
   makes the host copy of its bytes the newer one: they join the copy's
   stale range, which the next launch using the copy copies in -- those
   bytes, not the array.  The stale range is one interval, all of whose
   bytes the host must hold current: device results between it and the
   new bytes come home first.  A refresh (a neighbour's rows,
   gpurt-multi.c) writes the host's bytes into the copy at once, through
   LANE's queue, without waiting.  */

uint64_t
gpurt_map_host_access (struct gpurt_device *dev, struct gpurt_lane *lane,
		       uint64_t start, uint64_t end, int how)
{
  struct gpurt_map *map = &dev->map;
  char why[GPURT_WHY_LEN] = "";
  int store = how == GPURT_ACCESS_STORE;
  uint64_t bytes = 0;
  unsigned i;

  pthread_mutex_lock (&map->lock);
  for (i = gpurt_map_search (map, start);
       i < map->n && map->v[i]->start < end; i++)
    {
      struct gpurt_mapping *m = map->v[i];
      uint64_t lo = start > m->start ? start : m->start;
      uint64_t hi = end < m->end ? end : m->end;
      uint64_t gap_lo = 0, gap_hi = 0;

      if (!gpurt_map_kept_by (m, lane))
	continue;
      if (how == GPURT_ACCESS_LOAD)
	{
	  gap_lo = lo;
	  gap_hi = hi;
	}
      else if (store && m->stale_lo < m->stale_hi && hi <= m->stale_lo)
	{
	  gap_lo = hi;
	  gap_hi = m->stale_lo;
	}
      else if (store && m->stale_lo < m->stale_hi && lo >= m->stale_hi)
	{
	  gap_lo = m->stale_hi;
	  gap_hi = lo;
	}
      /* M stays in the table, idle and LANE's: no other thread changes
	 it while the lock is released for the copy.  */
      pthread_mutex_unlock (&map->lock);
      if (how == GPURT_ACCESS_REFRESH)
	{
	  if (!gpurt_cl_write (lane->queue, m->mem, (size_t) (lo - m->start),
			       (size_t) (hi - lo),
			       (const void *) (uintptr_t) lo, why))
	    gpurt_map_lost (why);
	  bytes += hi - lo;
	}
      if (!gpurt_map_bring_home (lane, m, gap_lo, gap_hi, why))
	gpurt_map_lost (why);
      pthread_mutex_lock (&map->lock);
      if (store && m->stale_lo >= m->stale_hi)
	{
	  m->stale_lo = lo;
	  m->stale_hi = hi;
	}
      else if (store)
	{
	  m->stale_lo = lo < m->stale_lo ? lo : m->stale_lo;
	  m->stale_hi = hi > m->stale_hi ? hi : m->stale_hi;
	}
      i = gpurt_map_search (map, m->start);
    }
  pthread_mutex_unlock (&map->lock);
  return bytes;
}

/* See gpurt-internal.h.  */

int
gpurt_map_kept_dirty (struct gpurt_device *dev, struct gpurt_lane *lane,
		      uint64_t start, uint64_t end, uint64_t *lo,
		      uint64_t *hi)
{
  struct gpurt_map *map = &dev->map;
  unsigned i;

  *lo = UINT64_MAX;
  *hi = 0;
  pthread_mutex_lock (&map->lock);
  for (i = gpurt_map_search (map, start);
       i < map->n && map->v[i]->start < end; i++)
    {
      const struct gpurt_mapping *m = map->v[i];
      uint64_t dlo = m->dirty_lo > start ? m->dirty_lo : start;
      uint64_t dhi = m->dirty_hi < end ? m->dirty_hi : end;

      if (!gpurt_map_kept_by (m, lane) || dlo >= dhi)
	continue;
      *lo = dlo < *lo ? dlo : *lo;
      *hi = dhi > *hi ? dhi : *hi;
    }
  pthread_mutex_unlock (&map->lock);
  return *lo < *hi;
}

/* See gpurt-internal.h.  */

uint64_t
gpurt_map_homecoming_count (void)
{
  return atomic_load (&gpurt_map_homecomings);
}

/* See gpurt-internal.h.  */

void
gpurt_map_sync (struct gpurt_device *dev, struct gpurt_lane *lane)
{
  pthread_mutex_lock (&dev->map.lock);
  gpurt_map_sync_locked (&dev->map, lane, 0, 0);
  pthread_mutex_unlock (&dev->map.lock);
}

/* A new mapping of [START, END) on DEV for FLAGS, not in the table.
   Returns NULL with WHY.  */

static struct gpurt_mapping *
gpurt_map_new (struct gpurt_device *dev, uint64_t start, uint64_t end,
	       unsigned flags, char *why)
{
  struct gpurt_mapping *m = calloc (1, sizeof *m);

  if (m == NULL)
    {
      gpurt_set_why (why, "out of memory for a mapping");
      return NULL;
    }
  m->start = start;
  m->end = end;
  m->refs = 1;
  m->writable = (flags & GPU_ARG_WRITTEN) != 0;
  m->mem = gpurt_cl_buffer (dev, m->writable
				 ? CL_MEM_READ_WRITE : CL_MEM_READ_ONLY,
			    (size_t) (end - start), why, "");
  if (m->mem == NULL)
    {
      free (m);
      return NULL;
    }
  return m;
}

/* Copy the stale range of M (the host bytes the host stored since M's
   device copy was made) from host memory into the buffer of TO, a
   mapping over them (M itself, or one absorbing M), through QUEUE, for
   region R; M's stale range is then empty.  Returns 1, or 0 with WHY.  */

static int
gpurt_map_copy_stale (struct gpurt_mapping *m, struct gpurt_mapping *to,
		      struct gpurt_region *r, cl_command_queue queue,
		      char *why)
{
  size_t size = (size_t) (m->stale_hi - m->stale_lo);
  const void *src = (const void *) (uintptr_t) m->stale_lo;

  if (m->stale_lo >= m->stale_hi)
    return 1;
  if (!gpurt_cl_write (queue, to->mem, (size_t) (m->stale_lo - to->start),
		       size, src, why))
    return 0;
  atomic_fetch_add (&r->bytes_h2d, size);
  gpurt_redundant_h2d (r, src, size);
  if (gpurt_env.verbose >= 3)
    gpurt_message ("%s: host to device, %zu bytes the host stored at %p",
		   r->name, size, src);
  m->stale_lo = m->stale_hi = 0;
  return 1;
}

/* Absorb into one new mapping of LANE's the host bytes [START, END) and
   the idle mappings LANE kept at indices [AT, AT2) of MAP, which overlap
   them: its buffer covers the union, filled from the old buffers on the
   device and from host memory elsewhere, and its dirty range is theirs.
   MAP's lock is held.  Returns the new mapping, in the table, or NULL
   with WHY (the old mappings are then untouched).  */

static struct gpurt_mapping *
gpurt_map_absorb (struct gpurt_device *dev, struct gpurt_lane *lane,
		  struct gpurt_region *r, uint64_t start, uint64_t end,
		  unsigned at, unsigned at2, char *why)
{
  struct gpurt_map *map = &dev->map;
  struct gpurt_mapping *m;
  uint64_t lo = start < map->v[at]->start ? start : map->v[at]->start;
  uint64_t hi = end > map->v[at2 - 1]->end ? end : map->v[at2 - 1]->end;
  uint64_t pos = lo, dlo = UINT64_MAX, dhi = 0;
  unsigned i;

  m = gpurt_map_new (dev, lo, hi, GPU_ARG_WRITTEN, why);
  if (m == NULL)
    return NULL;
  for (i = at; i < at2; i++)
    {
      struct gpurt_mapping *o = map->v[i];

      if (o->start > pos)
	{
	  if (!gpurt_cl_write (lane->queue, m->mem, (size_t) (pos - lo),
			       (size_t) (o->start - pos),
			       (const void *) (uintptr_t) pos, why))
	    goto ERROR;
	  atomic_fetch_add (&r->bytes_h2d, o->start - pos);
	  gpurt_redundant_h2d (r, (const void *) (uintptr_t) pos,
			       (size_t) (o->start - pos));
	}
      gpurt_map_kept_verdict (o, 1);
      if (!gpurt_cl_copy (lane->queue, o->mem, 0, m->mem,
			  (size_t) (o->start - lo),
			  (size_t) (o->end - o->start), why))
	goto ERROR;
      if (!gpurt_map_copy_stale (o, m, r, lane->queue, why))
	goto ERROR;
      if (o->dirty_lo < o->dirty_hi)
	{
	  dlo = o->dirty_lo < dlo ? o->dirty_lo : dlo;
	  dhi = o->dirty_hi > dhi ? o->dirty_hi : dhi;
	}
      pos = o->end;
    }
  if (hi > pos)
    {
      if (!gpurt_cl_write (lane->queue, m->mem, (size_t) (pos - lo),
			   (size_t) (hi - pos), (const void *) (uintptr_t) pos,
			   why))
	goto ERROR;
      atomic_fetch_add (&r->bytes_h2d, hi - pos);
      gpurt_redundant_h2d (r, (const void *) (uintptr_t) pos,
			   (size_t) (hi - pos));
    }
  /* The copies read the old buffers: finish them before those go.  */
  if (!gpurt_cl_finish (lane->queue, why, "joining kept device copies"))
    goto ERROR;
  if (dlo < dhi)
    {
      m->dirty_lo = dlo;
      m->dirty_hi = dhi;
    }
  m->dev_valid = 1;
  for (i = at; i < at2; i++)
    {
      struct gpurt_mapping *o = map->v[at];

      gpurt_map_remove_at (map, at);
      gpurt_cl_buffer_release (o->mem);
      free (o);
    }
  if (!gpurt_map_insert (map, at, m))
    {
      /* Keep it out of the table: its dirty range goes back at leave.  */
      m->private_copy = 1;
    }
  if (gpurt_env.verbose >= 3)
    gpurt_message ("%s: joined %u kept mapping(s) into %" PRIu64 " bytes at"
		   " %p", r->name, at2 - at, hi - lo, (void *) (uintptr_t) lo);
  return m;

 ERROR:
  gpurt_cl_drain (lane->queue);
  gpurt_cl_buffer_release (m->mem);
  free (m);
  return NULL;
}

/* A mapping of the host bytes [START, END) on DEV for a launch of region
   R by LANE that accesses them as FLAGS (GPU_ARG_READ, GPU_ARG_WRITTEN)
   and may KEEP its results on the device.  Returns the mapping (the
   caller's offset into its buffer is START - mapping->start; DEV_VALID
   says whether the device copy is already current) or NULL with WHY.  */

struct gpurt_mapping *
gpurt_map_enter (struct gpurt_device *dev, struct gpurt_lane *lane,
		 struct gpurt_region *r, uint64_t start, uint64_t end,
		 unsigned flags, int keep, char *why)
{
  struct gpurt_map *map = &dev->map;
  struct gpurt_mapping *m = NULL;
  uint64_t size = end - start;
  unsigned at, at2, i;
  int own = 1;

  if (size > dev->max_mem_alloc_size || size > SIZE_MAX)
    {
      gpurt_set_why (why, "a buffer of %" PRIu64 " bytes exceeds the"
		     " device's CL_DEVICE_MAX_MEM_ALLOC_SIZE (%" PRIu64 ")",
		     size, (uint64_t) dev->max_mem_alloc_size);
      return NULL;
    }

  pthread_mutex_lock (&map->lock);
  at = gpurt_map_search (map, start);
  for (at2 = at; at2 < map->n && map->v[at2]->start < end; at2++)
    if (!gpurt_map_kept_by (map->v[at2], lane))
      own = 0;
  /* Another range of this very launch inside a kept copy it already uses
     (two arrays of one mapping the previous region kept): that copy holds
     results the host does not have yet (its dirty range), so a private
     copy filled from host memory would compute with old data and later be
     overwritten by the kept copy.  (An overlapping copy in use without a
     dirty range holds what the host has: a private copy is right.)  */
  for (i = at; i < at2; i++)
    if (map->v[i]->refs > 0 && map->v[i]->user == lane
	&& gpurt_map_dirty (map->v[i]))
      {
	m = map->v[i];
	if (at2 == at + 1 && m->start <= start && end <= m->end
	    && (m->writable || !(flags & GPU_ARG_WRITTEN)))
	  {
	    m->refs++;
	    pthread_mutex_unlock (&map->lock);
	    return m;
	  }
	pthread_mutex_unlock (&map->lock);
	gpurt_set_why (why, "its range [%p, %p) reaches outside a device copy"
		       " the launch already uses, holding data the host does"
		       " not have yet", (void *) (uintptr_t) start,
		       (void *) (uintptr_t) end);
	return NULL;
      }
  if (at2 > at && own && keep)
    {
      if (at2 == at + 1 && map->v[at]->start <= start
	  && end <= map->v[at]->end
	  && (map->v[at]->writable || !(flags & GPU_ARG_WRITTEN)))
	{
	  /* The thread's own copy holds the range: use it.  */
	  m = map->v[at];
	  gpurt_map_kept_verdict (m, 1);
	  m->refs++;
	  m->owner->nkept--;
	  m->owner = NULL;
	  m->user = lane;
	  pthread_mutex_unlock (&map->lock);
	  return m;
	}
      m = gpurt_map_absorb (dev, lane, r, start, end, at, at2, why);
      if (m == NULL)
	gpurt_map_sync_locked (map, lane, start, end);
      else
	m->user = lane;
      pthread_mutex_unlock (&map->lock);
      return m != NULL ? m : gpurt_map_enter (dev, lane, r, start, end, flags,
					      0, why);
    }
  /* Host memory must be current before it is copied in.  */
  for (i = at; i < at2; i++)
    if (gpurt_map_kept_by (map->v[i], lane))
      {
	gpurt_map_sync_locked (map, lane, start, end);
	break;
      }
  pthread_mutex_unlock (&map->lock);

  /* Room for the new copy under GPURT_DEVICE_MEM_LIMIT: the thread's
     least recently used kept copies go home first.  */
  if (!gpurt_map_make_room (dev, lane, end - start, why))
    return NULL;

  /* A new mapping; the buffer is made without the lock held.  One that
     may be kept is writable: a later launch may write it.  */
  m = gpurt_map_new (dev, start, end, keep ? flags | GPU_ARG_WRITTEN : flags,
		     why);
  if (m == NULL && lane->nkept > 0)
    {
      /* The device is full: everything the thread kept goes home, and
	 the copy is tried once more.  */
      gpurt_map_sync (dev, lane);
      m = gpurt_map_new (dev, start, end,
			 keep ? flags | GPU_ARG_WRITTEN : flags, why);
    }
  if (m == NULL)
    return NULL;
  m->user = lane;

  /* Enter it in the table unless the range overlaps a mapping there (in
     use by another launch, another thread's, or made since we looked).  */
  pthread_mutex_lock (&map->lock);
  at = gpurt_map_search (map, start);
  if ((at < map->n && map->v[at]->start < end)
      || !gpurt_map_insert (map, at, m))
    m->private_copy = 1;
  pthread_mutex_unlock (&map->lock);

  if (gpurt_env.verbose >= 3)
    gpurt_message ("%s: mapped %" PRIu64 " bytes at %p%s", r->name, size,
		   (void *) (uintptr_t) start,
		   m->private_copy ? " (private: overlaps a mapping in use)"
		   : "");
  return m;
}

/* Make M's device copy of the host bytes [START, END) (within M) current
   for a launch of R, through QUEUE (not blocking: the launch's clFinish
   completes it): nothing to do when the device copy is already current,
   or when FILLS (the kernel stores every byte of the range before any
   read) and M is a new copy of just that range.  (A kernel that stops
   part way at a speculated call leaves such a copy partly unwritten: the
   deopt's launch leaves M without KEPT, which drops it.)  Returns 1 on
   success, else 0 with WHY.  */

int
gpurt_map_copy_in (struct gpurt_mapping *m, struct gpurt_region *r,
		   cl_command_queue queue, uint64_t start, uint64_t end,
		   int fills, char *why)
{
  size_t size = (size_t) (end - start);

  if (m->dev_valid)
    {
      atomic_fetch_add (&r->bytes_resident, size);
      return gpurt_map_copy_stale (m, m, r, queue, why);
    }
  if (fills && m->start == start && m->end == end)
    {
      atomic_fetch_add (&r->bytes_filled, size);
      if (gpurt_env.verbose >= 3)
	gpurt_message ("%s: %zu bytes at %p not copied in: the kernel"
		       " stores them all", r->name, size,
		       (void *) (uintptr_t) start);
      return 1;
    }
  if (!gpurt_cl_write (queue, m->mem, (size_t) (start - m->start), size,
		       (const void *) (uintptr_t) start, why))
    return 0;
  atomic_fetch_add (&r->bytes_h2d, size);
  gpurt_redundant_h2d (r, (const void *) (uintptr_t) start, size);
  if (gpurt_env.verbose >= 3)
    gpurt_message ("%s: host to device, %zu bytes from %p", r->name, size,
		   (void *) (uintptr_t) start);
  return 1;
}

/* The launch that entered M is done with it.  KEPT: it succeeded, may
   keep its results on the device, and wrote the host bytes [WLO, WHI)
   of M (empty when WLO >= WHI), which the host has not seen; M then stays
   in the table, LANE's.  Otherwise the last user releases M; its dirty
   range, if a kept mapping it reused had one, is copied back first.  */

void
gpurt_map_leave (struct gpurt_device *dev, struct gpurt_lane *lane,
		 struct gpurt_mapping *m, int kept, uint64_t wlo,
		 uint64_t whi)
{
  struct gpurt_map *map = &dev->map;
  char why[GPURT_WHY_LEN] = "";
  int release;

  if (m == NULL)
    return;
  pthread_mutex_lock (&map->lock);
  if (kept && !m->private_copy)
    {
      m->dev_valid = 1;
      if (wlo < whi)
	{
	  if (m->dirty_lo >= m->dirty_hi)
	    {
	      m->dirty_lo = wlo;
	      m->dirty_hi = whi;
	    }
	  else
	    {
	      m->dirty_lo = wlo < m->dirty_lo ? wlo : m->dirty_lo;
	      m->dirty_hi = whi > m->dirty_hi ? whi : m->dirty_hi;
	    }
	}
      if (--m->refs == 0)
	{
	  m->owner = lane;
	  m->user = NULL;
	  m->last_use = ++map->clock;
	  lane->nkept++;
	}
      pthread_mutex_unlock (&map->lock);
      return;
    }
  release = --m->refs == 0;
  if (release)
    m->user = NULL;
  if (release && !m->private_copy)
    gpurt_map_remove (map, m);
  pthread_mutex_unlock (&map->lock);
  if (release && !gpurt_map_write_back (lane, m, why))
    gpurt_map_lost (why);
}

/* See gpurt-internal.h.  */

void
gpurt_map_kept_hull (struct gpurt_device *dev, struct gpurt_lane *lane,
		     uint64_t *start, uint64_t *end)
{
  struct gpurt_map *map = &dev->map;
  int grown = 1;
  unsigned i;

  pthread_mutex_lock (&map->lock);
  while (grown)
    {
      grown = 0;
      for (i = gpurt_map_search (map, *start);
	   i < map->n && map->v[i]->start < *end; i++)
	if (gpurt_map_kept_by (map->v[i], lane))
	  {
	    if (map->v[i]->start < *start)
	      {
		*start = map->v[i]->start;
		grown = 1;
	      }
	    if (map->v[i]->end > *end)
	      {
		*end = map->v[i]->end;
		grown = 1;
	      }
	  }
    }
  pthread_mutex_unlock (&map->lock);
}

/* Did M hold results the host had not seen when the launch entered it?  */

int
gpurt_map_dirty (const struct gpurt_mapping *m)
{
  return m->dirty_lo < m->dirty_hi;
}

/* Number of mappings in DEV's table and the bytes they hold (tests).  */

unsigned
gpurt_map_count (struct gpurt_device *dev, uint64_t *bytes)
{
  unsigned n;

  pthread_mutex_lock (&dev->map.lock);
  n = dev->map.n;
  if (bytes != NULL)
    *bytes = dev->map.bytes;
  pthread_mutex_unlock (&dev->map.lock);
  return n;
}

/* Bytes gpurt_sync copied back so far (the profile).  */

uint64_t
gpurt_map_sync_bytes (void)
{
  return atomic_load (&gpurt_sync_bytes);
}
