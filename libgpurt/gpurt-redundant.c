/* gpurt-redundant.c -- which copies between host and device moved bytes
   the other side already had (GPURT_PROFILE only).

   OMPDataPerf (PPoPP'26) reports for OpenMP the transfers that were not
   needed: data sent to the device again although it had not changed
   since it was last sent or brought back, and results copied back that
   equal what the host already held.  We report the same per region and
   in total (gpurt-profile.c), so that a user sees what the transfers the
   compiler could not eliminate cost, and a test can tell an avoidable
   copy from a needed one.

   A copy to the device is redundant when every byte it sends equals the
   byte at that address as of the last copy of it in either direction.
   Regions copy overlapping but different ranges of one array (a stencil
   reads [a, a + n) and writes [a + 1, a + n - 1)), so a hash per copied
   range could only compare a range with itself; instead this file keeps
   a shadow of the bytes as of their last copy, in disjoint pieces of
   host address ranges, and compares with memcmp: exact, and no slower
   than hashing.  A copy back is redundant when the bytes it brings equal
   what host memory held just before: the host bytes are saved before
   the read (gpurt_redundant_save) and compared after it.  A whole copy
   counts, or none of it.  The shadow costs as much memory as the data
   copied: it exists only under GPURT_PROFILE, and when its memory cannot
   be had a copy is simply not classified.  Nothing here runs otherwise:
   each entry returns at once when the profile is off.  */

#include "gpurt-internal.h"

#include <stdlib.h>
#include <string.h>

/* A piece of the shadow: the host bytes [START, END) as of their last
   copy.  */

struct gpurt_shadow
{
  uint64_t start;
  uint64_t end;
  unsigned char *bytes;
};

/* The shadow's pieces, disjoint and not touching, sorted by start.  */
static struct gpurt_shadow *gpurt_shadows;
static unsigned gpurt_nshadows, gpurt_shadows_cap;
static pthread_mutex_t gpurt_shadow_lock = PTHREAD_MUTEX_INITIALIZER;

/* Redundant copies of the syncs (gpurt_sync), which belong to no region.  */
static atomic_uint_least64_t gpurt_sync_redundant, gpurt_sync_redundant_bytes;

/* Index of the first piece whose end reaches START (touching or
   overlapping a range starting there).  The lock is held.  */

static unsigned
gpurt_shadow_search (uint64_t start)
{
  unsigned lo = 0, hi = gpurt_nshadows;

  while (lo < hi)
    {
      unsigned mid = lo + (hi - lo) / 2;

      if (gpurt_shadows[mid].end < start)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo;
}

/* Do the SIZE bytes at HOST equal the shadow's?  The lock is held.  */

static int
gpurt_shadow_equal (const void *host, size_t size)
{
  uint64_t start = (uint64_t) (uintptr_t) host;
  unsigned at = gpurt_shadow_search (start);
  const struct gpurt_shadow *s = &gpurt_shadows[at];

  /* Pieces do not touch: a range the shadow covers lies in one.  */
  return at < gpurt_nshadows && s->start <= start
	 && start + size <= s->end
	 && memcmp (s->bytes + (start - s->start), host, size) == 0;
}

/* Record the SIZE bytes at HOST as the shadow's: one piece over them and
   every piece they overlap or touch.  The lock is held.  When memory
   runs out, those pieces are forgotten (later copies of their bytes are
   then not redundant).  */

static void
gpurt_shadow_update (const void *host, size_t size)
{
  uint64_t start = (uint64_t) (uintptr_t) host, end = start + size;
  unsigned at = gpurt_shadow_search (start), at2, i;
  uint64_t lo = start, hi = end;
  unsigned char *bytes;

  /* The usual case, an array copied again: its bytes replace the piece's
     in place (no new block, whose first touch of each page would cost
     more than the copy).  */
  if (at < gpurt_nshadows && gpurt_shadows[at].start <= start
      && end <= gpurt_shadows[at].end)
    {
      memcpy (gpurt_shadows[at].bytes + (start - gpurt_shadows[at].start),
	      host, size);
      return;
    }
  for (at2 = at; at2 < gpurt_nshadows && gpurt_shadows[at2].start <= end;
       at2++)
    ;
  if (at2 > at)
    {
      lo = gpurt_shadows[at].start < lo ? gpurt_shadows[at].start : lo;
      hi = gpurt_shadows[at2 - 1].end > hi ? gpurt_shadows[at2 - 1].end : hi;
    }
  bytes = malloc ((size_t) (hi - lo));
  if (bytes != NULL)
    {
      for (i = at; i < at2; i++)
	memcpy (bytes + (gpurt_shadows[i].start - lo), gpurt_shadows[i].bytes,
		(size_t) (gpurt_shadows[i].end - gpurt_shadows[i].start));
      memcpy (bytes + (start - lo), host, size);
    }
  if (bytes != NULL && at2 == at && gpurt_nshadows == gpurt_shadows_cap)
    {
      unsigned cap = gpurt_shadows_cap ? 2 * gpurt_shadows_cap : 64;
      struct gpurt_shadow *v = realloc (gpurt_shadows, cap * sizeof *v);

      if (v == NULL)
	{
	  free (bytes);
	  return;
	}
      gpurt_shadows = v;
      gpurt_shadows_cap = cap;
    }
  for (i = at; i < at2; i++)
    free (gpurt_shadows[i].bytes);
  /* Pieces [AT, AT2) become one, or none without memory.  */
  if (bytes != NULL)
    {
      if (at2 == at)
	{
	  memmove (&gpurt_shadows[at + 1], &gpurt_shadows[at],
		   (gpurt_nshadows - at) * sizeof *gpurt_shadows);
	  gpurt_nshadows++;
	  at2 = at + 1;
	}
      gpurt_shadows[at].start = lo;
      gpurt_shadows[at].end = hi;
      gpurt_shadows[at].bytes = bytes;
      at++;
    }
  memmove (&gpurt_shadows[at], &gpurt_shadows[at2],
	   (gpurt_nshadows - at2) * sizeof *gpurt_shadows);
  gpurt_nshadows -= at2 - at;
}

/* Count one redundant copy of SIZE bytes, to the device when H2D, for
   region R (NULL: a sync).  */

static void
gpurt_redundant_count (struct gpurt_region *r, size_t size, int h2d)
{
  if (r == NULL)
    {
      atomic_fetch_add (&gpurt_sync_redundant, 1);
      atomic_fetch_add (&gpurt_sync_redundant_bytes, size);
    }
  else if (h2d)
    {
      atomic_fetch_add (&r->redundant_h2d, 1);
      atomic_fetch_add (&r->redundant_h2d_bytes, size);
    }
  else
    {
      atomic_fetch_add (&r->redundant_d2h, 1);
      atomic_fetch_add (&r->redundant_d2h_bytes, size);
    }
}

/* The SIZE bytes at HOST are being copied to the device for region R:
   count the copy when the device already had them, and remember them.  */

void
gpurt_redundant_h2d (struct gpurt_region *r, const void *host, size_t size)
{
  if (gpurt_env.profile == GPURT_PROFILE_OFF || size == 0)
    return;
  pthread_mutex_lock (&gpurt_shadow_lock);
  if (gpurt_shadow_equal (host, size))
    gpurt_redundant_count (r, size, 1);
  gpurt_shadow_update (host, size);
  pthread_mutex_unlock (&gpurt_shadow_lock);
}

/* The SIZE bytes at HOST are about to be copied back from the device:
   a copy of what they hold now, for gpurt_redundant_d2h, or NULL (the
   profile is off, or no memory).  */

void *
gpurt_redundant_save (const void *host, size_t size)
{
  void *saved;

  if (gpurt_env.profile == GPURT_PROFILE_OFF || size == 0)
    return NULL;
  saved = malloc (size);
  if (saved != NULL)
    memcpy (saved, host, size);
  return saved;
}

/* The SIZE bytes at HOST were copied back from the device for region R
   (NULL: a sync); SAVED is what gpurt_redundant_save returned before the
   copy (freed here).  Count the copy when it changed nothing, and
   remember the bytes.  */

void
gpurt_redundant_d2h (struct gpurt_region *r, const void *host, size_t size,
		     void *saved)
{
  if (saved == NULL)
    return;
  if (memcmp (saved, host, size) == 0)
    gpurt_redundant_count (r, size, 0);
  free (saved);
  pthread_mutex_lock (&gpurt_shadow_lock);
  gpurt_shadow_update (host, size);
  pthread_mutex_unlock (&gpurt_shadow_lock);
}

/* Redundant copies back made by syncs: their number, and their bytes in
   *BYTES.  */

uint64_t
gpurt_redundant_sync (uint64_t *bytes)
{
  *bytes = atomic_load (&gpurt_sync_redundant_bytes);
  return atomic_load (&gpurt_sync_redundant);
}
