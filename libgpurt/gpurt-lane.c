/* gpurt-lane.c -- each host thread's own way onto the device.

   A lane belongs to one host thread: an in-order command queue of its
   own, its own kernel objects (OpenCL lets only one thread at a time set
   a kernel's arguments) and the partial-result buffers of its
   reductions.  So two threads running regions -- even the same region --
   have their copies and kernels in flight on the device at once, and no
   lock is held across a launch: the program of a region is built once
   for the device (gpurt-device.c, under the region's build lock), and
   each lane makes its kernels from it.  A lane is released with its
   thread.

   The first lane is made by the start-up thread (gpurt-startup.c): its
   queue, its kernel objects for the regions whose programs it loaded,
   each run once on that queue, and the pinned staging slots of its
   large copies (gpurt-stage.c), so that the first thread to launch a
   region takes a lane whose objects have all been used once.  */

#include "gpurt-internal.h"

#include <stdlib.h>
#include <string.h>

/* The calling thread's lane, and the key whose destructor releases it.  */
static _Thread_local struct gpurt_lane *gpurt_my_lane;
static pthread_key_t gpurt_lane_key;
static pthread_once_t gpurt_lane_once = PTHREAD_ONCE_INIT;

static void gpurt_lane_key_init (void);
/* The lane the start-up thread made for the first thread that launches
   (its queue and kernel objects are part of the first region's cost
   otherwise), and whether a lane was made already, under their lock:
   exactly one queue is made for the first lane, whichever thread comes
   first (the fault injection tests count the OpenCL calls).  */
static pthread_mutex_t gpurt_spare_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gpurt_lane *gpurt_spare_lane;
static int gpurt_lane_made;

/* Release LANE (pthread key destructor, at its thread's exit).  */

static void
gpurt_lane_release (void *lane_ptr)
{
  struct gpurt_lane *lane = lane_ptr;
  unsigned i, k;

  if (lane == NULL)
    return;
  /* Results the thread's regions kept on the device go home first.  */
  if (lane->async_pending)
    gpurt_lane_wait (lane);
  gpurt_map_sync (lane->dev, lane);
  gpurt_stage_release ();
  /* Slots made ahead for this queue and never claimed.  */
  gpurt_stage_drop_spare (lane->queue);
  gpurt_pipe_release (1);
  for (i = 0; i < lane->nkernels; i++)
    {
      struct gpurt_lane_kernel *lk = &lane->kernels[i];

      gpurt_cl_kernel_release (lk->kernel);
      gpurt_cl_kernel_release (lk->fin_kernel);
      gpurt_cl_kernel_release (lk->flat_kernel);
      gpurt_cl_kernel_release (lk->index32_kernel);
      for (k = 0; k < GPURT_RECORD_MAX_VARIANTS; k++)
	gpurt_cl_kernel_release (lk->variant_kernels[k]);
      for (k = 0; lk->reduce_mem != NULL && k < lk->region->nargs; k++)
	gpurt_cl_buffer_release (lk->reduce_mem[k]);
      free (lk->reduce_mem);
      free (lk->reduce_bytes);
      gpurt_cl_buffer_release (lk->last_mem);
      if (lk->last_pin != NULL)
	gpurt_cl_pinned_release (lane->queue, lk->last_pin, lk->last_host);
      else
	free (lk->last_host);
      free (lk->arg_value);
      free (lk->arg_set);
    }
  free (lane->kernels);
  free (lane->scratch);
  if (lane->heap != NULL)
    gpurt_cl_buffer_release (lane->heap);
  gpurt_cl_queue_release (lane->queue);
  free (lane);
}

static void
gpurt_lane_key_init (void)
{
  if (pthread_key_create (&gpurt_lane_key, gpurt_lane_release) != 0)
    gpurt_message ("cannot create the key of per-thread queues: a thread's"
		   " queue is not released when it exits");
}

/* See gpurt-internal.h.  */

struct gpurt_lane *
gpurt_lane_peek (void)
{
  return gpurt_my_lane;
}

/* See gpurt-internal.h.  */

int
gpurt_lane_finish (struct gpurt_lane *lane, char *why, const char *after)
{
  /* A failed kernel fails every wait; a wait that failed for a passing
     reason is worth one more try: after a kernel, a failure may be fatal
     (it may have changed data only the device holds).  */
  return gpurt_cl_finish (lane->queue, why, after)
	 || gpurt_cl_finish (lane->queue, why, after);
}

/* See gpurt-internal.h.  */

void
gpurt_lane_wait (struct gpurt_lane *lane)
{
  char why[GPURT_WHY_LEN] = "";

  if (!gpurt_lane_finish (lane, why, "kernels enqueued without waiting"))
    {
      gpurt_message ("a region that ran asynchronously failed on the device"
		     " (%s): the results it kept there are lost, aborting",
		     why);
      abort ();
    }
  lane->async_pending = 0;
}

/* See gpurt-internal.h.  In the child of fork: the lane the start-up
   thread made is the parent's (OpenCL objects do not survive fork), and
   that thread may have held its lock.  Forgotten, not released.  */

void
gpurt_lane_atfork_child (void)
{
  pthread_mutex_init (&gpurt_spare_lock, NULL);
  gpurt_spare_lane = NULL;
  gpurt_stage_atfork_child ();
}

/* The start-up thread: make the first lane onto DEV and its queue, and
   the pool of small buffers, written once through that queue (the first
   region's first copies are then not the queue's).  Returns 1 when the
   pool was made here.  */

int
gpurt_lane_prepare (struct gpurt_device *dev)
{
  char why[GPURT_WHY_LEN];
  struct gpurt_lane *lane = NULL;
  int pool = 0;

  pthread_once (&gpurt_lane_once, gpurt_lane_key_init);
  pthread_mutex_lock (&gpurt_spare_lock);
  if (!gpurt_lane_made && (lane = calloc (1, sizeof *lane)) != NULL)
    {
      lane->dev = dev;
      lane->queue = gpurt_device_new_queue (dev, why);
      if (lane->queue == NULL)
	{
	  free (lane);
	  lane = NULL;
	}
      gpurt_spare_lane = lane;
    }
  if (lane != NULL)
    pool = gpurt_cl_pool_make (dev, lane->queue);
  pthread_mutex_unlock (&gpurt_spare_lock);
  return pool;
}

/* The start-up thread, last: the pinned staging slots of the first
   lane's large copies (when staging is on, gpurt-stage.c), claimed by
   the thread that takes the lane, each used once for a copy with DUMMY
   on the lane's queue.  */

void
gpurt_lane_prepare_stage (cl_mem dummy)
{
  cl_command_queue queue = NULL;

  pthread_mutex_lock (&gpurt_spare_lock);
  if (gpurt_spare_lane != NULL)
    queue = gpurt_spare_lane->queue;
  /* Under the lock: the lane (and its queue) is not taken meanwhile.  */
  if (queue != NULL)
    gpurt_stage_prepare (queue, dummy);
  pthread_mutex_unlock (&gpurt_spare_lock);
}

/* The start-up thread: run region R's kernel once, over no iteration,
   on the queue kept for the first lane, so that what a driver does at a
   kernel's first enqueue (loading its code onto the device, setting up
   its first launch) is done before the region's first launch.  Its trip
   counts are 0, every buffer argument is DUMMY and its work-groups are
   of the size a large launch takes (some drivers, PoCL's, make code for
   each size on first use), as many along the first dimension as make a
   grid just under GPURT_WARM_WIDTH items wide: PoCL keeps the code it
   loaded for a work-group size for the launches whose grid is no wider
   than the one it was loaded for, and loads it again (dlopen, 50-100 us
   on the first launch) for a wider one; below that width it is the
   same code for every grid, so the first launch of any smaller size
   finds it loaded.  A one-level kernel without reduction touches
   nothing then (each work-item checks the trip counts, docs/ABI.md
   section 2); others only get their kernel objects.
   The kernel object run is the first lane's own (gpurt_lane_kernel:
   the one made with the program), so that the first launch finds the
   object it enqueues used once on the queue it enqueues it on, after a
   copy of DUMMY's GPURT_WARM_BYTES bytes in from HOST and before one
   back into HOST, as a small launch's and the sync after it (a driver's
   first copies on a queue, and of a size, cost more; HOST is heap
   memory, as a program's arrays).  The lane's scratch area gets room
   for a plan of R's arguments.  Launches wait for this thread first
   (gpurt_startup_wait).  Failures are not reported: the first launch
   meets them again.  Returns 0 once the first lane has been taken
   (nothing left to warm up), else 1.  */

int
gpurt_lane_warm (struct gpurt_device *dev, struct gpurt_region *r,
		 cl_mem dummy, void *host)
{
  /* Trip counts that fill the largest work-group.  */
  static const uint64_t many[3] = { 1u << 20, 1u << 20, 1u << 20 };
  size_t local[3], global[3];
  char why[GPURT_WHY_LEN];
  const uint64_t zero = 0;
  const cl_long offset = 0;
  struct gpurt_lane_kernel *lk;
  cl_command_queue queue;
  cl_kernel kernel;
  cl_event event = NULL, *event_ptr;
  unsigned k, index = 0;
  int set = 1;

  /* A region a launch is building is waited for (that launch waits for
     this thread before it runs).  */
  pthread_mutex_lock (&r->build_lock);
  pthread_mutex_unlock (&r->build_lock);
  if (atomic_load_explicit (&r->build_state, memory_order_acquire)
      != GPURT_BUILD_OK)
    return 1;
  pthread_mutex_lock (&gpurt_spare_lock);
  if (gpurt_spare_lane == NULL)
    {
      pthread_mutex_unlock (&gpurt_spare_lock);
      return 0;
    }
  lk = gpurt_lane_kernel (gpurt_spare_lane, r, why);
  gpurt_plan_reserve (gpurt_spare_lane, r->nargs);
  if (lk == NULL || r->reduce_wg != 0 || r->group_wg != 0)
    {
      pthread_mutex_unlock (&gpurt_spare_lock);
      return 1;
    }
  kernel = lk->kernel;
  for (k = 0; k < r->nargs && set; k++)
    if (r->args[k].kind == GPURT_ARG_BUFFER)
      set = gpurt_cl_arg (kernel, index++, sizeof dummy, &dummy, why,
			  "for warm-up argument %u", k)
	    && gpurt_cl_arg (kernel, index++, sizeof offset, &offset, why,
			     "for warm-up argument %u", k);
    else if (r->args[k].kind == GPURT_ARG_SCALAR && r->args[k].size <= 8)
      set = gpurt_cl_arg (kernel, index++, r->args[k].size, &zero, why,
			  "for warm-up argument %u", k);
    else
      set = 0;
  /* The trip counts and gpu_f.  */
  for (k = 0; k < 4 && set; k++)
    set = gpurt_cl_arg (kernel, index++, sizeof zero, &zero, why,
			"for warm-up trip count %u", k);
  if (set && r->ndeopts != 0)
    set = gpurt_cl_arg (kernel, index, sizeof dummy, &dummy, why,
			"for the warm-up deopt buffer");
  gpurt_choose_local_size (r->ndim, many, r->kernel_work_group_size,
			   dev->max_work_item_sizes, local);
  for (k = 0; k < 3; k++)
    global[k] = local[k];
  if (local[0] < GPURT_WARM_WIDTH)
    global[0] = (GPURT_WARM_WIDTH - 1) / local[0] * local[0];
  /* As a launch: a copy in, the kernel (with the event GPURT_PROFILE
     takes), the wait and a copy back, all on the first lane's queue; the
     copies never staged (the staging slots are the first lane's
     thread's, made after this: gpurt_lane_prepare_stage).  */
  queue = gpurt_spare_lane->queue;
  event_ptr = gpurt_env.profile != GPURT_PROFILE_OFF ? &event : NULL;
  if (set
      && gpurt_cl_write_direct (queue, dummy, 0, GPURT_WARM_BYTES, host,
				why))
    {
      if (gpurt_cl_enqueue (queue, kernel, r->ndim, global, local,
			    event_ptr, why, r->name)
	  && gpurt_cl_finish (queue, why, "a warm-up kernel"))
	gpurt_cl_read_direct (queue, dummy, 1, 0, GPURT_WARM_BYTES, host,
			      why, "the warm-up buffer");
      /* The copy in reads HOST, which the caller frees: done before
	 this returns, also when the kernel could not be queued (a
	 region whose warm-up arguments its kernel refuses).  */
      else
	gpurt_cl_finish (queue, why, "the warm-up copy");
    }
  gpurt_cl_event_ns (event);
  pthread_mutex_unlock (&gpurt_spare_lock);
  return 1;
}

/* The calling thread's lane onto DEV, made on first use.  Returns NULL
   with WHY set when the queue cannot be made.  */

struct gpurt_lane *
gpurt_lane_get (struct gpurt_device *dev, char *why)
{
  struct gpurt_lane *lane = gpurt_my_lane;

  if (lane != NULL && lane->dev == dev)
    return lane;
  pthread_once (&gpurt_lane_once, gpurt_lane_key_init);
  if (lane != NULL)
    {
      /* A lane onto another device: no longer used.  */
      gpurt_lane_release (lane);
      gpurt_my_lane = NULL;
    }
  gpurt_startup_wait ();
  /* The spare lane is the process's device's (ordinal 0), never that of
     a device GPURT_DEVICES added.  */
  lane = NULL;
  pthread_mutex_lock (&gpurt_spare_lock);
  if (dev->ordinal == 0)
    {
      gpurt_lane_made = 1;
      lane = gpurt_spare_lane;
      gpurt_spare_lane = NULL;
    }
  pthread_mutex_unlock (&gpurt_spare_lock);
  if (lane == NULL)
    {
      lane = calloc (1, sizeof *lane);
      if (lane == NULL)
	{
	  gpurt_set_why (why, "out of memory making the thread's queue");
	  return NULL;
	}
      lane->dev = dev;
      lane->queue = gpurt_device_new_queue (dev, why);
      if (lane->queue == NULL)
	{
	  free (lane);
	  return NULL;
	}
    }
  else if (gpurt_env.verbose >= 2)
    gpurt_message ("this thread takes the lane made at start-up (its queue"
		   " and %u kernel object(s))", lane->nkernels);
  gpurt_my_lane = lane;
  pthread_setspecific (gpurt_lane_key, lane);
  return lane;
}

/* The kernel objects and reduction buffers of region R (built for the
   lane's device) in LANE, made on first use.  Returns NULL with WHY.  */

struct gpurt_lane_kernel *
gpurt_lane_kernel (struct gpurt_lane *lane, struct gpurt_region *r,
		   char *why)
{
  cl_program program = gpurt_region_program (r, lane->dev);
  struct gpurt_lane_kernel *lk;
  unsigned i;

  for (i = 0; i < lane->nkernels; i++)
    if (lane->kernels[i].region == r)
      return &lane->kernels[i];
  if (lane->nkernels == lane->capacity)
    {
      unsigned cap = lane->capacity ? 2 * lane->capacity : 8;
      struct gpurt_lane_kernel *k = realloc (lane->kernels,
					     cap * sizeof *k);

      if (k == NULL)
	{
	  gpurt_set_why (why, "out of memory for the thread's kernels");
	  return NULL;
	}
      lane->kernels = k;
      lane->capacity = cap;
    }
  lk = &lane->kernels[lane->nkernels];
  memset (lk, 0, sizeof *lk);
  lk->region = r;
  /* A buffer argument is two kernel arguments (buffer, offset); then
     the three trip counts and gpu_f.  */
  lk->narg_slots = 4;
  for (i = 0; i < r->nargs; i++)
    lk->narg_slots += r->args[i].kind == GPURT_ARG_BUFFER ? 2 : 1;
  lk->arg_value = calloc (lk->narg_slots, sizeof *lk->arg_value);
  lk->arg_set = calloc (lk->narg_slots, sizeof *lk->arg_set);
  if (lk->arg_value == NULL || lk->arg_set == NULL)
    {
      free (lk->arg_value);
      free (lk->arg_set);
      gpurt_set_why (why, "out of memory for the thread's kernels");
      return NULL;
    }
  /* The first lane takes the kernel object made with the program.  */
  if (lane->dev->ordinal == 0)
    lk->kernel = atomic_exchange (&r->kernel, NULL);
  if (lk->kernel == NULL)
    lk->kernel = gpurt_cl_kernel (program, r->name, why);
  /* A two-level region's one-level kernel (docs/ABI.md section 5).  */
  if (lk->kernel == NULL
      || (r->flat_name != NULL
	  && ((lk->flat_kernel = gpurt_cl_kernel (program, r->flat_name,
						   why)) == NULL
	      || !gpurt_cl_kernel_wg (lk->flat_kernel, lane->dev,
				      r->flat_name,
				      &lk->flat_work_group_size, why))))
    {
      gpurt_cl_kernel_release (lk->flat_kernel);
      gpurt_cl_kernel_release (lk->kernel);
      free (lk->arg_value);
      free (lk->arg_set);
      return NULL;
    }
  lane->nkernels++;
  return lk;
}

/* See gpurt-internal.h.  A launch sets only the arguments that changed
   since the kernel's last launch on this thread: in a time loop over
   data kept on the device, usually none but a scalar.  */

int
gpurt_lane_arg (struct gpurt_lane_kernel *lk, cl_kernel kernel,
		unsigned index, size_t size, const void *value, char *why,
		unsigned k, const char *name)
{
  uint64_t v = 0, gen = atomic_load (&gpurt_cl_buffers_released);
  int cached = size <= sizeof v && index < lk->narg_slots;

  if (gen != lk->arg_gen || kernel != lk->arg_kernel)
    {
      /* A buffer was released (an argument's handle may now name
	 another buffer), or the values are another kernel's (a two-level
	 region's other mapping).  */
      memset (lk->arg_set, 0, lk->narg_slots);
      lk->arg_gen = gen;
      lk->arg_kernel = kernel;
    }
  if (cached)
    {
      memcpy (&v, value, size);
      if (lk->arg_set[index] && lk->arg_value[index] == v)
	return 1;
      lk->arg_set[index] = 0;
    }
  if (name == NULL
      ? !gpurt_cl_arg (kernel, index, size, value, why,
		       "for trip count gpu_n%u", k)
      : !gpurt_cl_arg (kernel, index, size, value, why,
		       "for argument %u (%s)", k, name))
    return 0;
  if (cached)
    {
      lk->arg_value[index] = v;
      lk->arg_set[index] = 1;
    }
  return 1;
}
