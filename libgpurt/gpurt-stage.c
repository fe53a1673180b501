/* gpurt-stage.c -- large copies between host and device through pinned
   memory (GPURT_PINNED).

   A driver copies from ordinary (pageable) memory at a fraction of what
   the bus can do: on an H100, 7.5-10 GB/s host to device and 10-16 GB/s
   back, against 55 GB/s from pinned memory (bench/harness/h2dbw.c).
   User arrays are pageable, so each thread that copies at least
   GPURT_STAGE_MIN bytes gets GPURT_STAGE_SLOTS pinned slots of
   GPURT_STAGE_SLOT bytes (one CL_MEM_ALLOC_HOST_PTR buffer, mapped once):
   the host thread pool copies a piece of the user's array into one slot
   while the device reads the others, so the copy runs at the pool's
   memcpy rate and the bus's together (46 GB/s both ways on the H100 with
   16 threads).

   The pieces follow one another through the slots in turn, also from
   one copy to the next (a copy in of X then of Y keeps the DMA of X's
   last piece under the memcpy of Y's first).  A slot is filled again
   only once the event of its last device copy has completed.  The first
   pieces of a copy are small and double up to the slot's size, so the
   device starts early instead of waiting for a whole slot's memcpy;
   a copy back ends with pieces halving for the same reason, as its last
   memcpy has nothing left to hide behind.

   Copies made here are complete on the host side when the call returns
   (a write has read the user's bytes; a read has stored them), unlike
   the driver's non-blocking copies.  On a CPU device (PoCL) the "device"
   memory is host memory, so staging would only add a copy: it is off
   there unless GPURT_PINNED=1 asks for it (the test suite does, to run
   this code; GPURT_PINNED_CHUNK there makes the slots small, and then
   copies of one slot or more are staged).  Any failure to set the slots
   up turns staging off for the thread, quietly; a failed copy is
   reported like any other.

   Making and mapping 48 MiB of pinned memory takes tens of milliseconds
   on a GPU driver, which the first large copy of a program paid.  The
   start-up thread (gpurt-startup.c) makes one set of slots ahead for the
   first lane's queue: the thread whose first staged copy is on that
   queue -- the thread that took the first lane -- claims them instead
   of making its own.  */

#include "gpurt-internal.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define GPURT_STAGE_HAVE_NT 1
#endif

/* Copies of at least this many bytes are staged.  */
#define GPURT_STAGE_MIN ((size_t) 2 << 20)
/* Bytes of each slot (GPURT_PINNED_CHUNK sets it).  */
#define GPURT_STAGE_SLOT ((size_t) 16 << 20)
/* Number of slots.  */
#define GPURT_STAGE_SLOTS 3
/* The first piece of a copy (smaller when the slot is).  */
#define GPURT_STAGE_FIRST ((size_t) 2 << 20)
/* The unit the host pool's threads share a memcpy in.  */
#define GPURT_STAGE_PIECE ((size_t) 64 << 10)

/* The calling thread's slots.  */
struct gpurt_stage
{
  cl_command_queue queue;	/* the queue they were made for */
  cl_mem pinned;		/* GPURT_STAGE_SLOTS * SLOT bytes */
  char *host;			/* PINNED, mapped */
  size_t slot;			/* bytes of one slot */
  cl_event ev[GPURT_STAGE_SLOTS]; /* the last copy using each slot, or
				   NULL */
  unsigned next;		/* the slot the next piece uses */
  int off;			/* staging is not used on this thread */
};

static _Thread_local struct gpurt_stage gpurt_stage;

/* The slots made ahead for the first lane's queue (PINNED NULL: none),
   under their lock.  */
static pthread_mutex_t gpurt_stage_spare_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gpurt_stage gpurt_stage_spare;

/* One parallel memcpy: DST, SRC, in GPURT_STAGE_PIECE pieces.  */
struct gpurt_stage_copy
{
  char *dst;
  const char *src;
  size_t size;
};

/* Copies of at least this many bytes in all (one call of the pool)
   store with non-temporal stores (GPURT_STAGE_NT).  */
#define GPURT_STAGE_NT_MIN ((size_t) 8 << 20)

#ifdef GPURT_STAGE_HAVE_NT
/* Copy SIZE bytes from SRC to DST with 32-byte non-temporal stores: the
   destination's lines are written to memory without being read into the
   cache first (a plain memcpy of pieces below glibc's own non-temporal
   threshold reads each destination line before writing it, a third
   pass over memory).  On an H100 host, 16 threads: 63-80 GB/s into
   pinned memory against 47-54 for memcpy (bench/harness/h2dbw.c, the
   -nt lines).  */

__attribute__ ((target ("avx2"))) static void
gpurt_copy_nt_avx2 (char *dst, const char *src, size_t size)
{
  size_t head = (32 - ((uintptr_t) dst & 31)) & 31, k, n;

  if (head > size)
    head = size;
  memcpy (dst, src, head);
  dst += head, src += head, size -= head;
  n = size / 128;
  for (k = 0; k < n; k++, dst += 128, src += 128)
    {
      __m256i a = _mm256_loadu_si256 ((const __m256i *) src);
      __m256i b = _mm256_loadu_si256 ((const __m256i *) (src + 32));
      __m256i c = _mm256_loadu_si256 ((const __m256i *) (src + 64));
      __m256i d = _mm256_loadu_si256 ((const __m256i *) (src + 96));

      _mm256_stream_si256 ((__m256i *) dst, a);
      _mm256_stream_si256 ((__m256i *) (dst + 32), b);
      _mm256_stream_si256 ((__m256i *) (dst + 64), c);
      _mm256_stream_si256 ((__m256i *) (dst + 96), d);
    }
  memcpy (dst, src, size - n * 128);
  /* The stores are weakly ordered: make them visible before the copy is
     reported done (a DMA of the slot, or the user's reads).  */
  _mm_sfence ();
}
#endif

/* Copy SIZE bytes from SRC to DST, part of a copy of TOTAL bytes.  */

static void
gpurt_stage_copy (char *dst, const char *src, size_t size, size_t total)
{
#ifdef GPURT_STAGE_HAVE_NT
  /* __builtin_cpu_supports reads what libgcc's constructor found: no
     state of our own for the pool's threads to share.  */
  if (gpurt_env.stage_nt && total >= GPURT_STAGE_NT_MIN
      && __builtin_cpu_supports ("avx2"))
    {
      gpurt_copy_nt_avx2 (dst, src, size);
      return;
    }
#else
  (void) total;
#endif
  memcpy (dst, src, size);
}

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
    gpurt_stage_copy (c->dst + from, c->src + from, to - from, c->size);
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

/* Several copies made in one call of the pool (the batch pipeline's
   slices of a batch, gpurt.c): their bytes end to end, cut into
   GPURT_STAGE_PIECE pieces; each thread gets one contiguous stretch of
   them, so that a batch of several arguments costs one wake-up of the
   pool instead of one per argument, and each thread still makes few
   large memcpys.  */
struct gpurt_stage_many
{
  const struct gpurt_host_copy *c;
  unsigned n;
  size_t total;			/* their bytes */
};

/* gpurt_host_run body: copy pieces [LO, HI) of the copies DATA.  */

static void
gpurt_stage_many_pieces (void *data, uint64_t lo, uint64_t hi)
{
  const struct gpurt_stage_many *m = data;
  size_t from = (size_t) lo * GPURT_STAGE_PIECE;
  size_t to = (size_t) hi * GPURT_STAGE_PIECE;
  size_t base = 0;
  unsigned k;

  /* Copy K covers bytes [BASE, BASE + SIZE) of the whole.  */
  for (k = 0; k < m->n && base < to; base += m->c[k++].size)
    {
      size_t a = from > base ? from - base : 0;
      size_t b = to - base < m->c[k].size ? to - base : m->c[k].size;

      if (a < b)
	gpurt_stage_copy ((char *) m->c[k].dst + a,
			  (const char *) m->c[k].src + a, b - a, m->total);
    }
}

void
gpurt_host_memcpy_many (const struct gpurt_host_copy *c, unsigned n)
{
  struct gpurt_stage_many m = { c, n, 0 };
  unsigned k;

  for (k = 0; k < n; k++)
    m.total += c[k].size;
  gpurt_host_run (gpurt_stage_many_pieces, &m,
		  (m.total + GPURT_STAGE_PIECE - 1) / GPURT_STAGE_PIECE);
}

/* Release the calling thread's slots (at its lane's release).  */

void
gpurt_stage_release (void)
{
  struct gpurt_stage *st = &gpurt_stage;
  char why[GPURT_WHY_LEN];
  int k;

  if (st->pinned == NULL)
    return;
  for (k = 0; k < GPURT_STAGE_SLOTS; k++)
    gpurt_cl_event_wait (&st->ev[k], why);
  gpurt_cl_pinned_release (st->queue, st->pinned, st->host);
  st->pinned = NULL;
  st->host = NULL;
  st->queue = NULL;
}

/* The bytes of one slot: GPURT_PINNED_CHUNK, else GPURT_STAGE_SLOT.  */

static size_t
gpurt_stage_slot_bytes (void)
{
  return gpurt_env.pinned_chunk ? (size_t) gpurt_env.pinned_chunk
	 : GPURT_STAGE_SLOT;
}

/* Make the slots of a staging area for QUEUE into ST.  Returns 0 when
   they cannot be made (or staging is not wanted on QUEUE's device).  */

static int
gpurt_stage_make (struct gpurt_stage *st, cl_command_queue queue)
{
  size_t slot = gpurt_stage_slot_bytes ();

  /* Automatic: not on a CPU device, whose memory is the host's.  */
  st->host = gpurt_cl_pinned (queue, GPURT_STAGE_SLOTS * slot,
			      gpurt_env.pinned > 0, &st->pinned);
  if (st->host == NULL)
    return 0;
  st->queue = queue;
  st->slot = slot;
  st->next = 0;
  return 1;
}

/* Copy a little from each slot of ST into DUMMY (at least
   GPURT_WARM_BYTES bytes) on ST's queue and back into the first slot,
   waiting for them: what a driver does at the first copy from and into
   a pinned area (the first large copy's otherwise).  Failures are
   quiet: a large copy meets them again.  */

static void
gpurt_stage_touch (struct gpurt_stage *st, cl_mem dummy)
{
  size_t size = st->slot < GPURT_WARM_BYTES ? st->slot : GPURT_WARM_BYTES;
  char why[GPURT_WHY_LEN];
  unsigned k;
  int ok = 1;

  for (k = 0; k < GPURT_STAGE_SLOTS && ok; k++)
    ok = gpurt_cl_copy_async (st->queue, dummy, 1, 0, size,
			      st->host + k * st->slot, NULL, why);
  if (ok)
    gpurt_cl_copy_async (st->queue, dummy, 0, 0, size, st->host, NULL, why);
  gpurt_cl_finish (st->queue, why, "the staging slots' first copies");
}

/* See gpurt-internal.h.  Called under the first lane's lock, before any
   thread can take QUEUE; failures are quiet (the first large copy tries
   again).  */

void
gpurt_stage_prepare (cl_command_queue queue, cl_mem dummy)
{
  struct gpurt_stage st;

  if (gpurt_env.pinned == 0)
    return;
  memset (&st, 0, sizeof st);
  if (!gpurt_stage_make (&st, queue))
    return;
  if (dummy != NULL)
    gpurt_stage_touch (&st, dummy);
  pthread_mutex_lock (&gpurt_stage_spare_lock);
  gpurt_stage_spare = st;
  pthread_mutex_unlock (&gpurt_stage_spare_lock);
  if (gpurt_env.verbose >= 2)
    gpurt_message ("pinned staging: %d slots of %zu bytes made at start-up"
		   " for the first thread's large copies", GPURT_STAGE_SLOTS,
		   st.slot);
}

/* Take the slots made ahead into ST if they are QUEUE's.  Returns 1 when
   taken.  */

static int
gpurt_stage_claim (struct gpurt_stage *st, cl_command_queue queue)
{
  int taken = 0;

  pthread_mutex_lock (&gpurt_stage_spare_lock);
  if (gpurt_stage_spare.pinned != NULL && gpurt_stage_spare.queue == queue)
    {
      *st = gpurt_stage_spare;
      memset (&gpurt_stage_spare, 0, sizeof gpurt_stage_spare);
      taken = 1;
    }
  pthread_mutex_unlock (&gpurt_stage_spare_lock);
  return taken;
}

/* See gpurt-internal.h.  In the child of fork: the slots made ahead are
   the parent's; forget them.  */

void
gpurt_stage_atfork_child (void)
{
  pthread_mutex_init (&gpurt_stage_spare_lock, NULL);
  memset (&gpurt_stage_spare, 0, sizeof gpurt_stage_spare);
}

/* See gpurt-internal.h: QUEUE's thread is releasing it.  */

void
gpurt_stage_drop_spare (cl_command_queue queue)
{
  struct gpurt_stage st;

  if (queue != NULL && gpurt_stage_claim (&st, queue))
    gpurt_cl_pinned_release (st.queue, st.pinned, st.host);
}

/* Make the calling thread's slots for QUEUE, unless staging is off for
   it or a copy of SIZE bytes is too small to stage.  Returns the slots,
   or NULL: copy without staging.  */

static struct gpurt_stage *
gpurt_stage_get (cl_command_queue queue, size_t size)
{
  struct gpurt_stage *st = &gpurt_stage;
  size_t slot = gpurt_stage_slot_bytes ();

  if (st->off || gpurt_env.pinned == 0
      || size < (slot < GPURT_STAGE_MIN ? slot : GPURT_STAGE_MIN))
    return NULL;
  if (st->pinned != NULL && st->queue == queue)
    return st;
  gpurt_stage_release ();
  if (gpurt_stage_claim (st, queue))
    return st;
  if (!gpurt_stage_make (st, queue))
    {
      st->off = 1;
      return NULL;
    }
  if (gpurt_env.verbose >= 2)
    gpurt_message ("pinned staging: %d slots of %zu bytes for this"
		   " thread's large copies", GPURT_STAGE_SLOTS, slot);
  return st;
}

/* The bytes of the piece of a copy of SIZE bytes through ST that starts
   DONE bytes in: doubling from GPURT_STAGE_FIRST up to a slot, and when
   SHRINK also halving towards the end.  */

static size_t
gpurt_stage_piece (const struct gpurt_stage *st, size_t size, size_t done,
		   int shrink)
{
  size_t left = size - done;
  size_t first = st->slot < GPURT_STAGE_FIRST ? st->slot : GPURT_STAGE_FIRST;
  size_t c = done > first ? done : first;

  if (shrink && c > left / 2)
    c = left / 2 > first ? left / 2 : first;
  if (c > st->slot)
    c = st->slot;
  return c < left ? c : left;
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

  if ((st = gpurt_stage_get (queue, size)) == NULL)
    return -1;
  for (done = 0; done < size; done += c)
    {
      unsigned k = st->next;
      char *slot = st->host + k * st->slot;

      st->next = (k + 1) % GPURT_STAGE_SLOTS;
      c = gpurt_stage_piece (st, size, done, 0);
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
  /* The pieces on their way: start, bytes and slot, oldest first.  */
  size_t at[GPURT_STAGE_SLOTS], len[GPURT_STAGE_SLOTS];
  unsigned slot[GPURT_STAGE_SLOTS];
  unsigned head = 0, count = 0;
  size_t done = 0;

  if ((st = gpurt_stage_get (queue, size)) == NULL)
    return -1;
  /* Keep every slot's device copy queued; copy the oldest out once it is
     in, then queue the next piece through its slot.  */
  while (done < size || count > 0)
    {
      while (done < size && count < GPURT_STAGE_SLOTS)
	{
	  unsigned q = (head + count) % GPURT_STAGE_SLOTS;
	  unsigned k = st->next;
	  size_t c = gpurt_stage_piece (st, size, done, 1);

	  st->next = (k + 1) % GPURT_STAGE_SLOTS;
	  if (!gpurt_cl_event_wait (&st->ev[k], why)
	      || !gpurt_cl_copy_async (queue, mem, 0, offset + done, c,
				       st->host + k * st->slot, &st->ev[k],
				       why))
	    goto FAIL;
	  at[q] = done;
	  len[q] = c;
	  slot[q] = k;
	  count++;
	  done += c;
	}
      if (!gpurt_cl_event_wait (&st->ev[slot[head]], why))
	goto FAIL;
      gpurt_host_memcpy ((char *) dst + at[head],
			  st->host + slot[head] * st->slot, len[head]);
      head = (head + 1) % GPURT_STAGE_SLOTS;
      count--;
    }
  return 1;

 FAIL:
  /* Nothing queued may write a slot after a later copy filled it.  */
  gpurt_cl_drain (queue);
  return 0;
}
