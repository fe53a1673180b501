/* gpurt-startup.c -- the device made ready before the first region needs
   it (SPEC: start-up cost).

   Choosing the OpenCL device, creating its context and loading the
   kernels' programs costs from tens of milliseconds (PoCL) to seconds
   (a GPU driver's first context).  A program that contains regions
   registers them from constructors, before main; the first registration
   starts one thread that opens the device, makes the first thread's
   lane (gpurt-lane.c: its queue, then its kernel objects) and loads the
   programs of the regions registered so far from the persistent program
   cache, then runs each loaded kernel once over no iteration through
   the lane's own kernel object and queue (gpurt_lane_warm: a driver's
   lazy work at a kernel's first enqueue and a queue's first copies, a
   page each way), and last makes the lane's pinned staging slots where
   staging is on (gpurt-stage.c: 48 MiB, tens of milliseconds on a GPU
   driver) and copies a page from each, while main runs its own set-up.
   The device's map and the lane's scratch area are made with room for
   the first region's plan.  The first region finds all that done, or
   waits for what is left: a thread's first launch waits for the whole
   of it (gpurt_startup_wait), so the OpenCL calls come in the same
   order whatever the timing.  A program that is not in the cache is
   built from source by the first region that needs it, never here (see
   gpurt_startup_main).
   GPURT_INIT=lazy, GPURT_DEVICE=host and a child of fork start nothing.

   At exit the thread is stopped after the program it is loading and
   waited for, so that the OpenCL library's own destructors never run
   under it: a program that ends before its first region exits once the
   device is open (and at most one program loaded), and prints nothing.
   Exit handlers run in the reverse order of their registration, and the
   OpenCL library registers its own when the thread loads it, so the
   thread registers the join once more after that, and again after the
   loads.  */

#include "gpurt-internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

static pthread_once_t gpurt_startup_once = PTHREAD_ONCE_INIT;
static pthread_t gpurt_startup_thread;
static atomic_int gpurt_startup_started;
/* Set at exit: load no more programs.  */
static atomic_int gpurt_startup_stop;
/* Set when the thread has done its work, under its lock.  */
static pthread_mutex_t gpurt_startup_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gpurt_startup_cond = PTHREAD_COND_INITIALIZER;
static int gpurt_startup_done;

static void gpurt_startup_join (void);

/* The thread: choose and open the device, make the first lane's queue,
   then load the registered regions' programs from the program cache, one
   at a time under the process-wide build lock, until exit asks it to
   stop.  It compiles nothing: a compiler in the OpenCL library registers
   exit handlers while it compiles (PoCL's clang does, C++ statics),
   which exit would run while this thread still compiled; a region whose
   program is not cached builds it on its first launch.  */

static void gpurt_startup_work (void);

static void *
gpurt_startup_main (void *unused)
{
  (void) unused;
  gpurt_startup_work ();
  pthread_mutex_lock (&gpurt_startup_lock);
  gpurt_startup_done = 1;
  pthread_cond_broadcast (&gpurt_startup_cond);
  pthread_mutex_unlock (&gpurt_startup_lock);
  return NULL;
}

/* The thread's work (gpurt_startup_main).  */

static void
gpurt_startup_work (void)
{
  struct gpurt_device *dev;
  struct gpurt_region *r;
  char why[GPURT_WHY_LEN];
  unsigned loaded = 0;
  cl_mem dummy;
  void *host;
  int pool;

  dev = gpurt_device_get ();
  /* Loading the OpenCL library registered its own exit handlers, after
     the one gpurt_startup_begin_1 registered: exit would run them first.
     Registered now, the join runs before them.  */
  atexit (gpurt_startup_join);
  if (dev == NULL || atomic_load (&gpurt_startup_stop))
    return;
  pool = gpurt_lane_prepare (dev);
  for (r = gpurt_region_first ();
       r != NULL && !atomic_load (&gpurt_startup_stop);
       r = gpurt_region_next (r))
    {
      gpurt_region_preload (r, dev);
      loaded += atomic_load (&r->build_state) == GPURT_BUILD_OK;
    }
  /* The first enqueue of each loaded kernel, and a first buffer (from
     the pool, as a launch's small buffers) with a page copied in from
     heap memory and back, while the first lane's queue is still unused:
     their drivers' lazy work is not the first region's.  */
  dummy = gpurt_cl_buffer (dev, CL_MEM_READ_WRITE, GPURT_WARM_BYTES, why,
			   "the warm-up buffer");
  host = calloc (1, GPURT_WARM_BYTES);
  for (r = gpurt_region_first ();
       r != NULL && dummy != NULL && host != NULL
       && !atomic_load (&gpurt_startup_stop)
       && gpurt_lane_warm (dev, r, dummy, host);
       r = gpurt_region_next (r))
    ;
  free (host);
  /* Last, as the largest and the least often needed: the first lane's
     pinned staging slots, when staging is on, each used once for a copy
     in and one back.  */
  if (!atomic_load (&gpurt_startup_stop))
    gpurt_lane_prepare_stage (dummy);
  if (dummy != NULL)
    gpurt_cl_buffer_release (dummy);
  if (gpurt_env.verbose >= 1 && !atomic_load (&gpurt_startup_stop))
    gpurt_message ("start-up: device '%s' ready before the first region:"
		   " the first lane's queue, %u program(s) loaded from the"
		   " cache and their one-level kernels run once, %s",
		   dev->name,
		   loaded, pool ? "small buffers pooled (written once)"
		   : "no pool of small buffers");
  /* Whatever a load registered runs after the join.  */
  atexit (gpurt_startup_join);
}

/* See gpurt-internal.h.  A thread's first launch on the device waits
   here before it takes its queue, so that the thread's OpenCL calls
   (each kernel's warm-up run above all) happen before the launch's
   whatever the timing: the fault injection tests count the calls, and
   the first lane then finds every kernel run once.  */

void
gpurt_startup_wait (void)
{
  if (!atomic_load (&gpurt_startup_started))
    return;
  pthread_mutex_lock (&gpurt_startup_lock);
  while (!gpurt_startup_done && atomic_load (&gpurt_startup_started))
    pthread_cond_wait (&gpurt_startup_cond, &gpurt_startup_lock);
  pthread_mutex_unlock (&gpurt_startup_lock);
}

/* atexit: wait for the thread.  */

static void
gpurt_startup_join (void)
{
  atomic_store (&gpurt_startup_stop, 1);
  if (atomic_exchange (&gpurt_startup_started, 0))
    {
      pthread_join (gpurt_startup_thread, NULL);
      /* Before the OpenCL library's exit handlers, as the join.  */
      gpurt_cl_pool_release ();
    }
}

static void
gpurt_startup_begin_1 (void)
{
  pthread_attr_t attr;

  if (gpurt_env.init_lazy || gpurt_env.device == GPURT_DEV_HOST
      || gpurt_device_forked ())
    return;
  if (atexit (gpurt_startup_join) != 0)
    return;
  if (pthread_attr_init (&attr) != 0)
    return;
  /* The thread runs the OpenCL loader and driver: give it room.  */
  pthread_attr_setstacksize (&attr, 8u << 20);
  if (pthread_create (&gpurt_startup_thread, &attr, gpurt_startup_main,
		      NULL) == 0)
    atomic_store (&gpurt_startup_started, 1);
  pthread_attr_destroy (&attr);
}

/* Start the start-up thread, once per process, unless GPURT_INIT=lazy or
   the regions run on the host anyway.  Called when the first region is
   registered.  */

void
gpurt_startup_begin (void)
{
  pthread_once (&gpurt_startup_once, gpurt_startup_begin_1);
}

/* In the child of fork: the thread stayed with the parent.  */

void
gpurt_startup_atfork_child (void)
{
  atomic_store (&gpurt_startup_started, 0);
  pthread_mutex_init (&gpurt_startup_lock, NULL);
  pthread_cond_init (&gpurt_startup_cond, NULL);
}
