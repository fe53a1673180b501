/* gpurt-startup.c -- the device made ready before the first region needs
   it (SPEC: start-up cost).

   Choosing the OpenCL device, creating its context and loading the
   kernels' programs costs from tens of milliseconds (PoCL) to seconds
   (a GPU driver's first context).  A program that contains regions
   registers them from constructors, before main; the first registration
   starts one thread that does that work while main runs its own set-up,
   so the first region finds the device and its kernels ready, or waits
   only for what is left (gpurt_device_get and gpurt_region_build take
   the same locks).  GPURT_INIT=lazy, GPURT_DEVICE=host and a child of
   fork start nothing.

   At exit the thread is asked to stop and is waited for, so that the
   OpenCL library's own destructors never run under it: it stops after
   the step it is in (opening the device, or building one program), so
   a program that ends before its first region exits after at most that
   step, and prints nothing.  */

#include "gpurt-internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

static pthread_once_t gpurt_startup_once = PTHREAD_ONCE_INIT;
static pthread_t gpurt_startup_thread;
static atomic_int gpurt_startup_started;
/* Set at exit: the thread stops after its current step.  */
static atomic_int gpurt_startup_stop;

/* The thread: open the device, then build each region registered so far
   (the constructors have all run by the time the device is open).  */

static void *
gpurt_startup_main (void *unused)
{
  struct gpurt_device *dev;
  char why[GPURT_WHY_LEN];

  (void) unused;
  dev = gpurt_device_get ();
  if (dev == NULL)
    return NULL;
  for (struct gpurt_region *r = gpurt_region_first (); r != NULL;
       r = gpurt_region_next (r))
    {
      if (atomic_load (&gpurt_startup_stop))
	break;
      if (r->error != NULL || (r->fp64 && !dev->fp64))
	continue;
      /* A failure is kept in R and reported by its first launch.  */
      gpurt_region_build (r, dev, why);
    }
  return NULL;
}

/* atexit: stop the thread and wait for it.  */

static void
gpurt_startup_join (void)
{
  if (!atomic_load (&gpurt_startup_started))
    return;
  atomic_store (&gpurt_startup_stop, 1);
  pthread_join (gpurt_startup_thread, NULL);
  atomic_store (&gpurt_startup_started, 0);
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
  /* The thread runs the OpenCL loader and compiler: give it room.  */
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
