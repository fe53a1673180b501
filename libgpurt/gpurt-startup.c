/* gpurt-startup.c -- the device made ready before the first region needs
   it (SPEC: start-up cost).

   Choosing the OpenCL device, creating its context and loading the
   kernels' programs costs from tens of milliseconds (PoCL) to seconds
   (a GPU driver's first context).  A program that contains regions
   registers them from constructors, before main; the first registration
   starts one thread that opens the device while main runs its own
   set-up, so the first region finds it open, or waits only for what is
   left (gpurt_device_get takes the same lock).  Kernels are built (or
   loaded from the program cache) by the first region that needs them.
   GPURT_INIT=lazy, GPURT_DEVICE=host and a child of fork start nothing.

   At exit the thread is waited for, so that the OpenCL library's own
   destructors never run under it: a program that ends before its first
   region exits once the device is open, and prints nothing.  Exit
   handlers run in the reverse order of their registration, and the
   OpenCL library registers its own when the thread loads it, so the
   thread registers the join once more after that.  */

#include "gpurt-internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

static pthread_once_t gpurt_startup_once = PTHREAD_ONCE_INIT;
static pthread_t gpurt_startup_thread;
static atomic_int gpurt_startup_started;

static void gpurt_startup_join (void);

/* The thread: choose and open the device.  It builds no program: a
   compiler runs in the OpenCL library then, and PoCL's registers exit
   handlers while it compiles (C++ statics of clang), which exit would
   run under a build of this thread; the first region builds its own
   kernel (or loads it from the program cache).  */

static void *
gpurt_startup_main (void *unused)
{
  (void) unused;
  gpurt_device_get ();
  /* Loading the OpenCL library registered its own exit handlers, after
     the one gpurt_startup_begin_1 registered: exit would run them first.
     Registered now, the join runs before them.  */
  atexit (gpurt_startup_join);
  return NULL;
}

/* atexit: wait for the thread.  */

static void
gpurt_startup_join (void)
{
  if (atomic_exchange (&gpurt_startup_started, 0))
    pthread_join (gpurt_startup_thread, NULL);
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
}
