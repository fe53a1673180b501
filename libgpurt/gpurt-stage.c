/* gpurt-stage.c -- large copies between host and device through pinned
   memory (GPURT_PINNED).

   A driver copies from ordinary (pageable) memory at a fraction of what
   the bus can do: on an H100, 7.5-10 GB/s host to device and 10-16 GB/s
   back, against 55 GB/s from pinned memory (bench/harness/h2dbw.c).
   User arrays are pageable, so each thread that copies at least
   GPURT_STAGE_MIN bytes gets two pinned slots of GPURT_STAGE_SLOT bytes
   (one CL_MEM_ALLOC_HOST_PTR buffer, mapped once): the host thread pool
   copies a piece of the user's array into one slot while the device
   reads the other, so the copy runs at the pool's memcpy rate and the
   bus's together (46 GB/s both ways on the H100 with 16 threads).

   Copies made here are complete on the host side when the call returns
   (a write has read the user's bytes; a read has stored them), unlike
   the driver's non-blocking copies.  On a CPU device (PoCL) the "device"
   memory is host memory, so staging would only add a copy: it is off
   there unless GPURT_PINNED=1 asks for it (the test suite does, to run
   this code).  Any failure to set the slots up turns staging off for the
   thread, quietly; a failed copy is reported like any other.  */

#include "gpurt-internal.h"

#include <string.h>

/* Copies of at least this many bytes are staged.  */
#define GPURT_STAGE_MIN ((size_t) 2 << 20)
/* Bytes of each of the two slots.  */
#define GPURT_STAGE_SLOT ((size_t) 16 << 20)
/* Pieces one pool thread copies.  */
#define GPURT_STAGE_PIECE ((size_t) 1 << 20)

/* The calling thread's slots.  */
struct gpurt_stage
{
  cl_command_queue queue;	/* the queue they were made for */
  cl_mem pinned;		/* 2 * GPURT_STAGE_SLOT bytes */
  char *host;			/* PINNED, mapped */
  cl_event ev[2];		/* the last copy using each slot, or NULL */
  int off;			/* staging is not used on this thread */
};

static _Thread_local struct gpurt_stage gpurt_stage;

/* One parallel memcpy: DST, SRC, in GPURT_STAGE_PIECE pieces.  */
struct gpurt_stage_copy
{
  char *dst;
  const char *src;
  size_t size;
};

/* gpurt_host_run body: copy pieces [LO, HI) of the copy DATA.  */

static void
gpurt_stage_copy_pieces (void *data, uint64_t lo, uint64_t hi)
{
  struct gpurt_stage_copy *c = data;
  size_t from = (size_t) lo * GPURT_STAGE_PIECE;
  size_t to = (size_t) hi * GPURT_STAGE_PIECE;

  if (to > c->size)
    to = c->size;
  if (from < to)
    memcpy (c->dst + from, c->src + from, to - from);
}

/* Copy SIZE bytes from SRC to DST on the host thread pool (also for
   the batch pipeline's staging, gpurt.c).  */

void
gpurt_host_memcpy (void *dst, const void *src, size_t size)
{
  struct gpurt_stage_copy c = { dst, src, size };

  gpurt_host_run (gpurt_stage_copy_pieces, &c,
		  (size + GPURT_STAGE_PIECE - 1) / GPURT_STAGE_PIECE);
}

/* Release the calling thread's slots (at its lane's release).  */

void
gpurt_stage_release (void)
{
  struct gpurt_stage *st = &gpurt_stage;
  char why[GPURT_WHY_LEN];

  if (st->pinned == NULL)
    return;
  gpurt_cl_event_wait (&st->ev[0], why);
  gpurt_cl_event_wait (&st->ev[1], why);
  gpurt_cl_pinned_release (st->queue, st->pinned, st->host);
  st->pinned = NULL;
  st->host = NULL;
  st->queue = NULL;
}

/* Make the calling thread's slots for QUEUE, unless staging is off for
   it.  Returns the slots, or NULL: copy without staging.  */

static struct gpurt_stage *
gpurt_stage_get (cl_command_queue queue)
{
  struct gpurt_stage *st = &gpurt_stage;

  if (st->off || gpurt_env.pinned == 0)
    return NULL;
  if (st->pinned != NULL && st->queue == queue)
    return st;
  gpurt_stage_release ();
  /* Automatic: not on a CPU device, whose memory is the host's.  */
  st->host = gpurt_cl_pinned (queue, 2 * GPURT_STAGE_SLOT,
			      gpurt_env.pinned > 0, &st->pinned);
  if (st->host == NULL)
    {
      st->off = 1;
      return NULL;
    }
  st->queue = queue;
  if (gpurt_env.verbose >= 2)
    gpurt_message ("pinned staging: %zu bytes for this thread's large"
		   " copies", 2 * GPURT_STAGE_SLOT);
  return st;
}

/* Copy SIZE bytes from host SRC to MEM at OFFSET on QUEUE through the
   pinned slots.  Returns 1 when done (SRC may change from now on), 0 with
   WHY on failure, -1 when the copy is not staged: the caller copies.  */

int
gpurt_stage_write (cl_command_queue queue, cl_mem mem, size_t offset,
		   size_t size, const void *src, char *why)
{
  struct gpurt_stage *st;
  size_t done, c;
  unsigned i;

  if (size < GPURT_STAGE_MIN || (st = gpurt_stage_get (queue)) == NULL)
    return -1;
  for (done = 0, i = 0; done < size; done += c, i++)
    {
      int k = i & 1;
      char *slot = st->host + k * GPURT_STAGE_SLOT;

      c = size - done < GPURT_STAGE_SLOT ? size - done : GPURT_STAGE_SLOT;
      if (!gpurt_cl_event_wait (&st->ev[k], why))
	return 0;
      gpurt_host_memcpy (slot, (const char *) src + done, c);
      if (!gpurt_cl_copy_async (queue, mem, 1, offset + done, c, slot,
				&st->ev[k], why))
	return 0;
    }
  return 1;
}

/* Copy SIZE bytes of MEM at OFFSET to host DST on QUEUE through the
   pinned slots, after what QUEUE already holds.  Returns 1 when DST holds
   them, 0 with WHY on failure, -1 when the copy is not staged.  */

int
gpurt_stage_read (cl_command_queue queue, cl_mem mem, size_t offset,
		  size_t size, void *dst, char *why)
{
  struct gpurt_stage *st;
  size_t n, i;

  if (size < GPURT_STAGE_MIN || (st = gpurt_stage_get (queue)) == NULL)
    return -1;
  n = (size + GPURT_STAGE_SLOT - 1) / GPURT_STAGE_SLOT;
  /* Piece I goes through slot I & 1; piece I + 1 is on its way while
     piece I is copied out.  */
  for (i = 0; i <= n; i++)
    {
      if (i < n)
	{
	  int k = i & 1;
	  size_t at = i * GPURT_STAGE_SLOT;
	  size_t c = size - at < GPURT_STAGE_SLOT ? size - at
		     : GPURT_STAGE_SLOT;

	  if (!gpurt_cl_event_wait (&st->ev[k], why)
	      || !gpurt_cl_copy_async (queue, mem, 0, offset + at, c,
				       st->host + k * GPURT_STAGE_SLOT,
				       &st->ev[k], why))
	    return 0;
	}
      if (i > 0)
	{
	  int k = (i - 1) & 1;
	  size_t at = (i - 1) * GPURT_STAGE_SLOT;
	  size_t c = size - at < GPURT_STAGE_SLOT ? size - at
		     : GPURT_STAGE_SLOT;

	  if (!gpurt_cl_event_wait (&st->ev[k], why))
	    return 0;
	  gpurt_host_memcpy ((char *) dst + at,
			      st->host + k * GPURT_STAGE_SLOT, c);
	}
    }
  return 1;
}
