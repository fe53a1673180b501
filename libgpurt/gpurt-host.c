/* gpurt-host.c -- the host thread pool behind gpurt_host_run.

   When a region runs on the host, its outlined loop body
   fn._gpuN (data, lo, hi) can be spread over the machine's cores.
   gpurt_host_run splits [0, N) into contiguous chunks, one per thread,
   and runs them on a persistent pool created on first use with
   GPURT_HOST_THREADS threads (default: the number of online cores); the
   calling thread runs the first chunk itself, so the pool has one worker
   less than that.

   Concurrency: callers are serialized on the pool with a mutex, so calls
   from several threads at once are safe and each gets the whole pool in
   turn.  A call made from inside a chunk (a nested region, or any call
   while this thread is already running chunks) runs inline on the calling
   thread, so it can never wait for itself.  */

#include "gpurt-internal.h"

#include <signal.h>
#include <unistd.h>

struct gpurt_pool
{
  pthread_mutex_t lock;		/* protects every field below */
  pthread_cond_t work_cond;	/* a new job was posted */
  pthread_cond_t done_cond;	/* the workers finished the job */
  unsigned nworkers;
  unsigned long generation;	/* incremented for every job */
  void (*fn) (void *, uint64_t, uint64_t);
  void *data;
  uint64_t n;
  unsigned nchunks;
  unsigned pending;		/* worker chunks not finished yet */
};

static struct gpurt_pool gpurt_pool = {
  .lock = PTHREAD_MUTEX_INITIALIZER,
  .work_cond = PTHREAD_COND_INITIALIZER,
  .done_cond = PTHREAD_COND_INITIALIZER
};

/* Serializes gpurt_host_run callers on the pool.  */
static pthread_mutex_t gpurt_pool_callers = PTHREAD_MUTEX_INITIALIZER;
/* Set once the workers are made (under gpurt_pool_create_lock); a child
   made by fork has none of its parent's workers and makes its own.  */
static atomic_int gpurt_pool_ready;
static pthread_mutex_t gpurt_pool_create_lock = PTHREAD_MUTEX_INITIALIZER;

/* Serializes the outlined host functions' combining of reduction results
   into the caller's slots (the compiler brackets each thread's combine
   with gpurt_host_lock and gpurt_host_unlock).  */
static pthread_mutex_t gpurt_reduce_lock = PTHREAD_MUTEX_INITIALIZER;

/* Nonzero while this thread runs chunks (always in pool workers).  */
static _Thread_local int gpurt_in_host_run;

/* The bounds [*LO, *HI) of chunk I of NCHUNKS over [0, N): contiguous,
   sizes differing by at most one.  */

static void
gpurt_chunk (uint64_t n, unsigned nchunks, unsigned i, uint64_t *lo,
	     uint64_t *hi)
{
  uint64_t base = n / nchunks, extra = n % nchunks;

  *lo = i * base + (i < extra ? i : extra);
  *hi = *lo + base + (i < extra ? 1 : 0);
}

/* Body of pool worker ARG (its chunk index, 1 .. nworkers).  */

static void *
gpurt_pool_worker (void *arg)
{
  unsigned index = (unsigned) (uintptr_t) arg;
  /* Workers are created before the first job is posted, so every job
     has a generation above 0, even one posted before this thread got to
     run.  */
  unsigned long seen = 0;

  gpurt_in_host_run = 1;
  pthread_mutex_lock (&gpurt_pool.lock);
  for (;;)
    {
      while (gpurt_pool.generation == seen)
	pthread_cond_wait (&gpurt_pool.work_cond, &gpurt_pool.lock);
      seen = gpurt_pool.generation;
      if (index < gpurt_pool.nchunks)
	{
	  void (*fn) (void *, uint64_t, uint64_t) = gpurt_pool.fn;
	  void *data = gpurt_pool.data;
	  uint64_t lo, hi;

	  gpurt_chunk (gpurt_pool.n, gpurt_pool.nchunks, index, &lo, &hi);
	  pthread_mutex_unlock (&gpurt_pool.lock);
	  fn (data, lo, hi);
	  pthread_mutex_lock (&gpurt_pool.lock);
	  if (--gpurt_pool.pending == 0)
	    pthread_cond_signal (&gpurt_pool.done_cond);
	}
    }
  return NULL;
}

/* Create the pool's workers (once per process, through
   gpurt_pool_ensure).  */

static void
gpurt_pool_create (void)
{
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  unsigned threads = gpurt_env.host_threads, i;
  sigset_t all, old;
  pthread_attr_t attr;

  if (threads == 0)
    threads = cores > 0 ? (unsigned) cores : 1;
  if (threads > 1024)
    threads = 1024;
  if (threads == 1 || pthread_attr_init (&attr) != 0)
    return;
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  /* Workers take no signals: those are for the program's own threads.  */
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  for (i = 1; i < threads; i++)
    {
      pthread_t thread;

      if (pthread_create (&thread, &attr, gpurt_pool_worker,
			  (void *) (uintptr_t) i) != 0)
	break;
      /* Only callers read nworkers, after gpurt_pool_ensure.  */
      gpurt_pool.nworkers = i;
    }
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  pthread_attr_destroy (&attr);
  if (gpurt_env.verbose >= 1)
    gpurt_message ("host thread pool: %u thread(s)", gpurt_pool.nworkers + 1);
}

/* Make the pool's workers if this process has none yet.  */

static void
gpurt_pool_ensure (void)
{
  if (atomic_load_explicit (&gpurt_pool_ready, memory_order_acquire))
    return;
  pthread_mutex_lock (&gpurt_pool_create_lock);
  if (!atomic_load_explicit (&gpurt_pool_ready, memory_order_relaxed))
    {
      gpurt_pool_create ();
      atomic_store_explicit (&gpurt_pool_ready, 1, memory_order_release);
    }
  pthread_mutex_unlock (&gpurt_pool_create_lock);
}

/* In the child of fork (gpurt.c's handler): the parent's workers did not
   come along, and its locks may have been held by threads that did not
   either.  Start from an empty pool; the first host run makes new
   workers.  */

void
gpurt_host_atfork_child (void)
{
  pthread_mutex_init (&gpurt_pool.lock, NULL);
  pthread_cond_init (&gpurt_pool.work_cond, NULL);
  pthread_cond_init (&gpurt_pool.done_cond, NULL);
  gpurt_pool.nworkers = 0;
  gpurt_pool.generation = 0;
  gpurt_pool.pending = 0;
  gpurt_pool.nchunks = 0;
  pthread_mutex_init (&gpurt_pool_callers, NULL);
  pthread_mutex_init (&gpurt_pool_create_lock, NULL);
  pthread_mutex_init (&gpurt_reduce_lock, NULL);
  atomic_store (&gpurt_pool_ready, 0);
}

/* Run FN (DATA, LO, HI) over [0, N) in contiguous chunks on the host
   thread pool and return when all are done.  Returns the number of
   chunks (threads) used: 0 when N is 0, 1 when FN ran inline.  */

int
gpurt_host_run (void (*fn) (void *data, uint64_t lo, uint64_t hi),
		void *data, uint64_t n)
{
  unsigned nchunks;
  uint64_t lo, hi;

  if (n == 0 || fn == NULL)
    return 0;
  gpurt_init ();
  if (gpurt_in_host_run)
    {
      fn (data, 0, n);
      return 1;
    }
  gpurt_pool_ensure ();

  nchunks = gpurt_pool.nworkers + 1;
  if ((uint64_t) nchunks > n)
    nchunks = (unsigned) n;
  if (nchunks <= 1)
    {
      gpurt_in_host_run = 1;
      fn (data, 0, n);
      gpurt_in_host_run = 0;
      return 1;
    }

  pthread_mutex_lock (&gpurt_pool_callers);
  pthread_mutex_lock (&gpurt_pool.lock);
  gpurt_pool.fn = fn;
  gpurt_pool.data = data;
  gpurt_pool.n = n;
  gpurt_pool.nchunks = nchunks;
  gpurt_pool.pending = nchunks - 1;
  gpurt_pool.generation++;
  pthread_cond_broadcast (&gpurt_pool.work_cond);
  pthread_mutex_unlock (&gpurt_pool.lock);

  gpurt_chunk (n, nchunks, 0, &lo, &hi);
  gpurt_in_host_run = 1;
  fn (data, lo, hi);
  gpurt_in_host_run = 0;

  pthread_mutex_lock (&gpurt_pool.lock);
  while (gpurt_pool.pending != 0)
    pthread_cond_wait (&gpurt_pool.done_cond, &gpurt_pool.lock);
  pthread_mutex_unlock (&gpurt_pool.lock);
  pthread_mutex_unlock (&gpurt_pool_callers);
  return (int) nchunks;
}

/* Run FN (DATA, LO, HI) on the calling thread over each stretch of the
   iterations of [0, N) whose byte in MARKED is nonzero, in order (the
   iterations a "heap 2" run on the device left, docs/ABI.md section 8).
   Returns the number of iterations run.  */

uint64_t
gpurt_host_run_marked (void (*fn) (void *data, uint64_t lo, uint64_t hi),
		       void *data, const uint8_t *marked, uint64_t n)
{
  uint64_t lo = 0, hi, count = 0;
  int nested = gpurt_in_host_run;

  gpurt_in_host_run = 1;
  while (lo < n)
    {
      if (!marked[lo])
	{
	  lo++;
	  continue;
	}
      for (hi = lo + 1; hi < n && marked[hi]; hi++)
	;
      fn (data, lo, hi);
      count += hi - lo;
      lo = hi;
    }
  gpurt_in_host_run = nested;
  return count;
}

void
gpurt_host_lock (void)
{
  pthread_mutex_lock (&gpurt_reduce_lock);
}

void
gpurt_host_unlock (void)
{
  pthread_mutex_unlock (&gpurt_reduce_lock);
}
