/* gpurt-map.c -- the device's map: which host byte ranges have a copy on
   the device, in which buffer, and who is using it.

   Every device buffer that holds user data is a mapping of this table
   (libgomp's splay tree of mappings in target.c plays the same part).
   A launch enters each of its merged argument ranges (gpurt-buffers.c)
   and leaves them when it is done; the table keeps, per mapping, the
   host range, the buffer, the number of launches using it, the union of
   their access flags and whether the device copy holds the host's bytes.

   The policy lives here and nowhere else.  Today's is the simplest one:
   a mapping is made for a launch, filled from host memory when the launch
   enters it, and released when the last launch using it leaves, so every
   region copies its inputs in and its results back, every time.
   Transfer elimination changes only this file's decisions (keep mappings
   after the launch, copy in only what is not valid on the device).

   Mappings in the table are disjoint and sorted by start.  A range that
   overlaps a mapping another launch is using gets a mapping of its own
   outside the table ("private"): two host threads running regions over
   the same arrays then behave as before, each with its own copy.  The
   table's lock is held only while it is searched or changed, never
   across a copy or a kernel.  */

#include "gpurt-internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

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

/* Insert M into MAP at index AT.  Returns 1, or 0 when out of memory.  */

static int
gpurt_map_insert (struct gpurt_map *map, unsigned at,
		  struct gpurt_mapping *m)
{
  if (map->n == map->cap)
    {
      unsigned cap = map->cap ? 2 * map->cap : 16;
      struct gpurt_mapping **v = realloc (map->v, cap * sizeof *v);

      if (v == NULL)
	return 0;
      map->v = v;
      map->cap = cap;
    }
  memmove (&map->v[at + 1], &map->v[at], (map->n - at) * sizeof *map->v);
  map->v[at] = m;
  map->n++;
  return 1;
}

/* Remove M from MAP (it is in the table).  */

static void
gpurt_map_remove (struct gpurt_map *map, struct gpurt_mapping *m)
{
  unsigned at = gpurt_map_search (map, m->start);

  if (at < map->n && map->v[at] == m)
    {
      memmove (&map->v[at], &map->v[at + 1],
	       (map->n - at - 1) * sizeof *map->v);
      map->n--;
    }
}

/* Set up the empty MAP of a device (once, when the device is chosen).  */

void
gpurt_map_init (struct gpurt_map *map)
{
  memset (map, 0, sizeof *map);
  pthread_mutex_init (&map->lock, NULL);
}

/* A mapping of the host bytes [START, END) on DEV for a launch of region
   R that accesses them as FLAGS (GPU_ARG_READ, GPU_ARG_WRITTEN): an idle
   mapping of the table that holds the whole range, else a new one.  The
   caller's offset into the mapping's buffer is START - mapping->start.
   Returns NULL with WHY when no device buffer can be had.  */

struct gpurt_mapping *
gpurt_map_enter (struct gpurt_device *dev, const struct gpurt_region *r,
		 uint64_t start, uint64_t end, unsigned flags, char *why)
{
  struct gpurt_map *map = &dev->map;
  struct gpurt_mapping *m = NULL;
  uint64_t size = end - start;
  unsigned at;
  int overlap;

  if (size > dev->max_mem_alloc_size || size > SIZE_MAX)
    {
      gpurt_set_why (why, "a buffer of %" PRIu64 " bytes exceeds the"
		     " device's CL_DEVICE_MAX_MEM_ALLOC_SIZE (%" PRIu64 ")",
		     size, (uint64_t) dev->max_mem_alloc_size);
      return NULL;
    }

  pthread_mutex_lock (&map->lock);
  at = gpurt_map_search (map, start);
  overlap = at < map->n && map->v[at]->start < end;
  if (overlap && map->v[at]->refs == 0 && map->v[at]->start <= start
      && end <= map->v[at]->end)
    {
      /* An idle mapping holds the range: use it.  (Not reached under
	 today's policy, which releases idle mappings.)  */
      m = map->v[at];
      m->refs++;
      m->flags |= flags;
      pthread_mutex_unlock (&map->lock);
      return m;
    }
  pthread_mutex_unlock (&map->lock);

  /* A new mapping; the buffer is made without the lock held.  */
  m = calloc (1, sizeof *m);
  if (m == NULL)
    {
      gpurt_set_why (why, "out of memory for a mapping");
      return NULL;
    }
  m->start = start;
  m->end = end;
  m->flags = flags;
  m->refs = 1;
  m->mem = gpurt_cl_buffer (dev, (flags & GPU_ARG_WRITTEN)
				 ? CL_MEM_READ_WRITE : CL_MEM_READ_ONLY,
			    (size_t) size, why, "");
  if (m->mem == NULL)
    {
      free (m);
      return NULL;
    }

  /* Enter it in the table unless the range overlaps a mapping there (in
     use by another launch, or made since we looked).  */
  pthread_mutex_lock (&map->lock);
  at = gpurt_map_search (map, start);
  if ((at < map->n && map->v[at]->start < end)
      || !gpurt_map_insert (map, at, m))
    m->private_copy = 1;
  else
    map->bytes += size;
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
   completes it).  Under today's policy the copy is always made.  Returns
   1 on success, else 0 with WHY.  */

int
gpurt_map_copy_in (struct gpurt_mapping *m, const struct gpurt_region *r,
		   cl_command_queue queue, uint64_t start, uint64_t end,
		   char *why)
{
  size_t size = (size_t) (end - start);

  if (!gpurt_cl_write (queue, m->mem, (size_t) (start - m->start), size,
		       (const void *) (uintptr_t) start, why))
    return 0;
  if (gpurt_env.verbose >= 3)
    gpurt_message ("%s: host to device, %zu bytes from %p", r->name, size,
		   (void *) (uintptr_t) start);
  return 1;
}

/* The launch that entered M is done with it: under today's policy the
   last user releases it.  Its commands have completed or been drained.  */

void
gpurt_map_leave (struct gpurt_device *dev, struct gpurt_mapping *m)
{
  struct gpurt_map *map = &dev->map;
  int release;

  if (m == NULL)
    return;
  pthread_mutex_lock (&map->lock);
  release = --m->refs == 0;
  if (release && !m->private_copy)
    {
      gpurt_map_remove (map, m);
      map->bytes -= m->end - m->start;
    }
  pthread_mutex_unlock (&map->lock);
  if (release)
    {
      gpurt_cl_buffer_release (m->mem);
      free (m);
    }
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
