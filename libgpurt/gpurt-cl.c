/* gpurt-cl.c -- the OpenCL operations of a launch: buffers, copies,
   kernel objects and arguments, enqueue, finish, event times.

   With gpurt-device.c (loading OpenCL, choosing the device, building
   programs) this is the backend: no other file of libgpurt calls OpenCL.
   Every call goes through GPURT_CL_CHECK, so a failure's message names
   the call, the error and what it was for.

   Small buffers come from a pool: one buffer of GPURT_POOL_SLOTS slots
   of GPURT_POOL_SLOT bytes, made once per process (by the start-up
   thread, which also writes it once so that the driver really allocates
   it, and reads a slot back: a driver's first copy each way sets up its
   own staging), each small buffer a sub-buffer over one slot.  Making a
   sub-buffer allocates no device memory, so a launch whose buffers are
   small -- the first one above all -- does not wait for the driver's
   allocator.  A slot is free again when its sub-buffer is deleted (its
   destructor callback: after the last command using it finished,
   whichever queue ran it).  Larger buffers, a full pool, or any failure
   of the pool's calls take an ordinary buffer, quietly.  GPURT_POOL=0
   turns the pool off.  */

#include "gpurt-internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* See gpurt-internal.h.  */

int
gpurt_cl_checked (cl_int err, char *why, const char *call, const char *fmt,
		  ...)
{
  char ctx[GPURT_WHY_LEN];
  va_list ap;

  if (err == CL_SUCCESS)
    return 1;
  va_start (ap, fmt);
  vsnprintf (ctx, sizeof ctx, fmt, ap);
  va_end (ap);
  gpurt_set_why (why, "%s failed (%d, %s)%s%s", call, (int) err,
		 gpurt_cl_error_name (err), ctx[0] ? " " : "", ctx);
  return 0;
}

/* A device buffer of its own of SIZE bytes on DEV with FLAGS, or NULL
   with WHY (WHAT says what it was for).  */

static cl_mem
gpurt_cl_buffer_1 (const struct gpurt_device *dev, cl_mem_flags flags,
		   size_t size, char *why, const char *what)
{
  cl_int err = CL_SUCCESS;
  cl_mem mem = gpurt_cl.clCreateBuffer (dev->context, flags, size, NULL,
					&err);

  if (mem == NULL && err == CL_SUCCESS)
    err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
  if (!GPURT_CL_CHECK (err, why, clCreateBuffer, "for %zu bytes%s%s", size,
		       what[0] ? " of " : "", what))
    return NULL;
  return mem;
}

/* Bytes of one slot of the pool, and the slots (64 a word of
   gpurt_pool_used).  */
#define GPURT_POOL_SLOT ((size_t) 16 << 10)
#define GPURT_POOL_WORDS 4
#define GPURT_POOL_SLOTS (64 * GPURT_POOL_WORDS)

/* The pool's buffer (NULL: none), the device it was made for, whether it
   was tried already (made or not), under the lock; and the slots in use,
   one bit each.  */
static pthread_mutex_t gpurt_pool_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic (cl_mem) gpurt_pool_mem;
static const struct gpurt_device *gpurt_pool_dev;
static atomic_int gpurt_pool_tried;
static atomic_uint_least64_t gpurt_pool_used[GPURT_POOL_WORDS];

/* See gpurt-internal.h.  */

void
gpurt_cl_pool_release (void)
{
  cl_mem pool = atomic_exchange (&gpurt_pool_mem, NULL);

  /* Sub-buffers still alive keep their parent (their slots stay theirs).  */
  if (pool != NULL)
    gpurt_cl.clReleaseMemObject (pool);
}

/* Write the pool POOL once through QUEUE from zeroed host memory and read
   a slot back: the driver allocates the buffer now, and its first copies
   each way (pageable host memory, as the user's arrays) are not a
   region's.  Both copies are blocking, so that the host area is no
   longer used once they returned, failed or not.  Returns 1, or 0 with
   WHY.  */

static int
gpurt_cl_pool_touch (cl_mem pool, cl_command_queue queue, char *why)
{
  size_t bytes = GPURT_POOL_SLOT * GPURT_POOL_SLOTS;
  char *host = calloc (1, bytes);
  int ok;

  if (host == NULL)
    {
      gpurt_set_why (why, "out of memory for its first write");
      return 0;
    }
  ok = GPURT_CL_CHECK (gpurt_cl.clEnqueueWriteBuffer (queue, pool, CL_TRUE,
						      0, bytes, host, 0, NULL,
						      NULL),
		       why, clEnqueueWriteBuffer, "for the pool's %zu bytes",
		       bytes)
       && GPURT_CL_CHECK (gpurt_cl.clEnqueueReadBuffer (queue, pool, CL_TRUE,
							0, GPURT_POOL_SLOT,
							host, 0, NULL, NULL),
			  why, clEnqueueReadBuffer, "for a slot of the pool");
  free (host);
  return ok;
}

/* See gpurt-internal.h.  Whatever keeps the pool from being made is said
   under GPURT_VERBOSE (small buffers are then made one by one).  */

int
gpurt_cl_pool_make (const struct gpurt_device *dev, cl_command_queue queue)
{
  char why[GPURT_WHY_LEN] = "";
  cl_uint align_bits = 0;
  cl_mem pool = NULL;
  int ok = 0;

  pthread_mutex_lock (&gpurt_pool_lock);
  if (atomic_load (&gpurt_pool_tried))
    goto DONE;
  atomic_store (&gpurt_pool_tried, 1);
  if (!gpurt_env.pool)
    goto DONE;
  /* Each slot's start must be aligned for a sub-buffer (bits).  */
  if (!GPURT_CL_CHECK (gpurt_cl.clGetDeviceInfo (dev->id,
						 CL_DEVICE_MEM_BASE_ADDR_ALIGN,
						 sizeof align_bits,
						 &align_bits, NULL),
		       why, clGetDeviceInfo, "for CL_DEVICE_MEM_BASE_ADDR_ALIGN"))
    goto DONE;
  if (align_bits == 0 || align_bits % 8 != 0
      || GPURT_POOL_SLOT % (align_bits / 8) != 0)
    {
      gpurt_set_why (why, "the device aligns sub-buffers to %u bits, which"
		     " do not divide a slot of %zu bytes", align_bits,
		     GPURT_POOL_SLOT);
      goto DONE;
    }
  pool = gpurt_cl_buffer_1 (dev, CL_MEM_READ_WRITE,
			    GPURT_POOL_SLOT * GPURT_POOL_SLOTS, why,
			    "the pool of small buffers");
  if (pool == NULL)
    goto DONE;
  if (queue != NULL && !gpurt_cl_pool_touch (pool, queue, why))
    goto DONE;
  gpurt_pool_dev = dev;
  atomic_store (&gpurt_pool_mem, pool);
  pool = NULL;
  /* Made by a launch (GPURT_INIT=lazy): released at exit, before the
     OpenCL library's own exit handlers (registered when it was loaded).
     The start-up thread's is released when the thread was joined.  */
  if (queue == NULL)
    atexit (gpurt_cl_pool_release);
  ok = 1;

 DONE:
  if (pool != NULL)
    gpurt_cl.clReleaseMemObject (pool);
  pthread_mutex_unlock (&gpurt_pool_lock);
  if (why[0] != '\0' && gpurt_env.verbose >= 1)
    gpurt_message ("no pool of small buffers: %s", why);
  return ok;
}

/* Destructor callback of a sub-buffer of the pool: its slot SLOT_PTR (the
   slot's number) is free.  */

static void CL_CALLBACK
gpurt_cl_pool_give_back (cl_mem mem, void *slot_ptr)
{
  unsigned slot = (unsigned) (uintptr_t) slot_ptr;

  (void) mem;
  atomic_fetch_and (&gpurt_pool_used[slot / 64],
		    ~((uint64_t) 1 << (slot % 64)));
}

/* A sub-buffer of the pool of SIZE bytes (at most a slot) on DEV with
   FLAGS, or NULL when there is none to give (why, under GPURT_VERBOSE=2,
   when a call failed).  */

static cl_mem
gpurt_cl_pool_take (const struct gpurt_device *dev, cl_mem_flags flags,
		    size_t size)
{
  char why[GPURT_WHY_LEN] = "";
  cl_buffer_region region;
  cl_int err = CL_SUCCESS;
  cl_mem pool, sub = NULL;
  uint64_t used, bit = 0;
  unsigned w, slot = 0;
  int found = 0;

  if (!atomic_load (&gpurt_pool_tried))
    gpurt_cl_pool_make (dev, NULL);
  pool = atomic_load (&gpurt_pool_mem);
  if (pool == NULL || gpurt_pool_dev != dev)
    return NULL;
  for (w = 0; w < GPURT_POOL_WORDS && !found; w++)
    {
      used = atomic_load (&gpurt_pool_used[w]);
      while (~used != 0 && !found)
	{
	  slot = (unsigned) __builtin_ctzll (~used);
	  bit = (uint64_t) 1 << slot;
	  found = atomic_compare_exchange_weak (&gpurt_pool_used[w], &used,
						used | bit);
	}
      if (found)
	slot += 64 * w;
    }
  if (!found)
    return NULL;
  region.origin = (size_t) slot * GPURT_POOL_SLOT;
  region.size = size;
  sub = gpurt_cl.clCreateSubBuffer (pool, flags, CL_BUFFER_CREATE_TYPE_REGION,
				    &region, &err);
  if (sub == NULL && err == CL_SUCCESS)
    err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
  if (!GPURT_CL_CHECK (err, why, clCreateSubBuffer, "for %zu bytes", size))
    sub = NULL;
  else if (GPURT_CL_CHECK (gpurt_cl.clSetMemObjectDestructorCallback
			   (sub, gpurt_cl_pool_give_back,
			    (void *) (uintptr_t) slot),
			   why, clSetMemObjectDestructorCallback,
			   "for a sub-buffer"))
    return sub;
  /* No command used SUB: its slot is free at once.  */
  if (sub != NULL)
    gpurt_cl.clReleaseMemObject (sub);
  atomic_fetch_and (&gpurt_pool_used[slot / 64], ~bit);
  if (gpurt_env.verbose >= 2)
    gpurt_message ("a small buffer of its own: %s", why);
  return NULL;
}

/* A device buffer of SIZE bytes on DEV with FLAGS, or NULL with WHY
   (WHAT says what it was for): a sub-buffer of the pool when SIZE fits
   a slot and one is free.  */

cl_mem
gpurt_cl_buffer (const struct gpurt_device *dev, cl_mem_flags flags, size_t size,
		 char *why, const char *what)
{
  cl_mem mem = NULL;

  if (size != 0 && size <= GPURT_POOL_SLOT
      && (flags & ~(cl_mem_flags) (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY
				   | CL_MEM_WRITE_ONLY)) == 0)
    mem = gpurt_cl_pool_take (dev, flags, size);
  if (mem != NULL)
    return mem;
  return gpurt_cl_buffer_1 (dev, flags, size, why, what);
}

/* Counts the buffers released: a new buffer may get the handle of one
   released, so a kernel argument set to the old one is set again
   (gpurt_lane_arg).  */
atomic_uint_least64_t gpurt_cl_buffers_released;

/* Release MEM (NULL is fine).  */

void
gpurt_cl_buffer_release (cl_mem mem)
{
  if (mem != NULL)
    {
      atomic_fetch_add (&gpurt_cl_buffers_released, 1);
      gpurt_cl.clReleaseMemObject (mem);
    }
}

/* Enqueue on QUEUE the copy of SIZE bytes from host SRC to MEM at OFFSET
   straight from SRC, never staged, not waiting for it.  Returns 1, or 0
   with WHY.  */

int
gpurt_cl_write_direct (cl_command_queue queue, cl_mem mem, size_t offset,
		       size_t size, const void *src, char *why)
{
  return GPURT_CL_CHECK (gpurt_cl.clEnqueueWriteBuffer (queue, mem, CL_FALSE,
							offset, size, src, 0,
							NULL, NULL),
			 why, clEnqueueWriteBuffer, "for %zu bytes", size);
}

/* Enqueue on QUEUE the copy of SIZE bytes from host SRC to MEM at OFFSET,
   not waiting for it (a large one goes through pinned memory and has
   read SRC on return: gpurt-stage.c).  Returns 1, or 0 with WHY.  */

int
gpurt_cl_write (cl_command_queue queue, cl_mem mem, size_t offset,
		size_t size, const void *src, char *why)
{
  int staged = gpurt_stage_write (queue, mem, offset, size, src, why);

  if (staged >= 0)
    return staged;
  return gpurt_cl_write_direct (queue, mem, offset, size, src, why);
}

/* A pinned host area of SIZE bytes for QUEUE's device: a buffer made
   with CL_MEM_ALLOC_HOST_PTR in QUEUE's context, mapped once.  Returns
   its host address and the buffer in *MEM, or NULL.  A CPU device's
   memory is the host's: no area is made for one unless ON_CPU.  */

void *
gpurt_cl_pinned (cl_command_queue queue, size_t size, int on_cpu,
		 cl_mem *mem)
{
  cl_context context;
  cl_device_id device;
  cl_device_type type;
  cl_int err;
  void *host = NULL;

  *mem = NULL;
  if (gpurt_cl.clGetCommandQueueInfo (queue, CL_QUEUE_CONTEXT,
				      sizeof context, &context, NULL)
      != CL_SUCCESS
      || gpurt_cl.clGetCommandQueueInfo (queue, CL_QUEUE_DEVICE,
					 sizeof device, &device, NULL)
	 != CL_SUCCESS
      || gpurt_cl.clGetDeviceInfo (device, CL_DEVICE_TYPE, sizeof type,
				   &type, NULL) != CL_SUCCESS)
    return NULL;
  if ((type & CL_DEVICE_TYPE_CPU) && !on_cpu)
    return NULL;
  *mem = gpurt_cl.clCreateBuffer (context, CL_MEM_READ_WRITE
				  | CL_MEM_ALLOC_HOST_PTR, size, NULL, &err);
  if (*mem == NULL || err != CL_SUCCESS)
    goto ERROR;
  host = gpurt_cl.clEnqueueMapBuffer (queue, *mem, CL_TRUE,
				      CL_MAP_READ | CL_MAP_WRITE, 0, size, 0,
				      NULL, NULL, &err);
  if (host == NULL || err != CL_SUCCESS)
    goto ERROR;
  return host;

 ERROR:
  if (*mem != NULL)
    gpurt_cl.clReleaseMemObject (*mem);
  *mem = NULL;
  return NULL;
}

/* Release the pinned area HOST of MEM made for QUEUE by gpurt_cl_pinned.  */

void
gpurt_cl_pinned_release (cl_command_queue queue, cl_mem mem, void *host)
{
  gpurt_cl.clEnqueueUnmapMemObject (queue, mem, host, 0, NULL, NULL);
  gpurt_cl.clFinish (queue);
  gpurt_cl.clReleaseMemObject (mem);
}

/* Enqueue on QUEUE a copy of SIZE bytes between host HOST and MEM at
   OFFSET (to the device when TO_DEVICE), not waiting for it, its event
   in *EVENT (EVENT NULL: none), and flush QUEUE so that it starts.
   Returns 1, or 0 with WHY (*EVENT NULL).  */

int
gpurt_cl_copy_async (cl_command_queue queue, cl_mem mem, int to_device,
		     size_t offset, size_t size, void *host, cl_event *event,
		     char *why)
{
  cl_int err = to_device
    ? gpurt_cl.clEnqueueWriteBuffer (queue, mem, CL_FALSE, offset, size,
				     host, 0, NULL, event)
    : gpurt_cl.clEnqueueReadBuffer (queue, mem, CL_FALSE, offset, size, host,
				    0, NULL, event);

  if (err != CL_SUCCESS && event != NULL)
    *event = NULL;
  if (to_device
      ? !GPURT_CL_CHECK (err, why, clEnqueueWriteBuffer,
			 "for %zu bytes (pinned staging)", size)
      : !GPURT_CL_CHECK (err, why, clEnqueueReadBuffer,
			 "for %zu bytes (pinned staging)", size))
    return 0;
  return GPURT_CL_CHECK (gpurt_cl.clFlush (queue), why, clFlush,
			 "after a pinned staging copy");
}

/* Wait for *EVENT (NULL: nothing to wait for) and release it.  Returns
   1, or 0 with WHY.  */

int
gpurt_cl_event_wait (cl_event *event, char *why)
{
  int ok;

  if (*event == NULL)
    return 1;
  ok = GPURT_CL_CHECK (gpurt_cl.clWaitForEvents (1, event), why,
		       clWaitForEvents, "for a pinned staging copy");
  gpurt_cl.clReleaseEvent (*event);
  *event = NULL;
  return ok;
}

/* Enqueue on QUEUE the copy of SIZE bytes from SRC at SRC_OFFSET to DST
   at DST_OFFSET, both device buffers, not waiting for it.  Returns 1, or
   0 with WHY.  */

int
gpurt_cl_copy (cl_command_queue queue, cl_mem src, size_t src_offset,
	       cl_mem dst, size_t dst_offset, size_t size, char *why)
{
  return GPURT_CL_CHECK (gpurt_cl.clEnqueueCopyBuffer (queue, src, dst,
						       src_offset, dst_offset,
						       size, 0, NULL, NULL),
			 why, clEnqueueCopyBuffer, "for %zu bytes", size);
}

/* Enqueue on QUEUE the copy of SIZE bytes of MEM at OFFSET straight to
   host DST, never staged, waiting for it when BLOCKING.  WHAT says what
   it was for.  Returns 1, or 0 with WHY.  */

int
gpurt_cl_read_direct (cl_command_queue queue, cl_mem mem, int blocking,
		      size_t offset, size_t size, void *dst, char *why,
		      const char *what)
{
  return GPURT_CL_CHECK (gpurt_cl.clEnqueueReadBuffer (queue, mem,
						       blocking ? CL_TRUE
						       : CL_FALSE, offset,
						       size, dst, 0, NULL,
						       NULL),
			 why, clEnqueueReadBuffer, "%s", what);
}

/* Enqueue on QUEUE the copy of SIZE bytes of MEM at OFFSET to host DST,
   waiting for it when BLOCKING (a large one goes through pinned memory
   and is always complete on return: gpurt-stage.c).  WHAT says what it was for.  Returns 1,
   or 0 with WHY.  */

int
gpurt_cl_read (cl_command_queue queue, cl_mem mem, int blocking,
	       size_t offset, size_t size, void *dst, char *why,
	       const char *what)
{
  int staged = gpurt_stage_read (queue, mem, offset, size, dst, why);

  if (staged >= 0)
    {
      if (!staged)
	{
	  size_t n = strlen (why);
	  snprintf (why + n, GPURT_WHY_LEN - n, " %s", what);
	}
      return staged;
    }
  return gpurt_cl_read_direct (queue, mem, blocking, offset, size, dst, why,
			       what);
}

/* Wait for everything queued on QUEUE; AFTER says after what.  Returns 1,
   or 0 with WHY.  */

int
gpurt_cl_finish (cl_command_queue queue, char *why, const char *after)
{
  return GPURT_CL_CHECK (gpurt_cl.clFinish (queue), why, clFinish,
			 "after %s", after);
}

/* Wait for QUEUE, on a path that already failed: nothing still queued
   may touch host memory once we return.  */

void
gpurt_cl_drain (cl_command_queue queue)
{
  gpurt_cl.clFinish (queue);
}

/* Release QUEUE.  */

void
gpurt_cl_queue_release (cl_command_queue queue)
{
  if (queue != NULL)
    gpurt_cl.clReleaseCommandQueue (queue);
}

/* The kernel NAME of PROGRAM, or NULL with WHY.  */

cl_kernel
gpurt_cl_kernel (cl_program program, const char *name, char *why)
{
  cl_int err = CL_SUCCESS;
  cl_kernel kernel = gpurt_cl.clCreateKernel (program, name, &err);

  if (kernel == NULL && err == CL_SUCCESS)
    err = CL_INVALID_KERNEL_NAME;
  if (!GPURT_CL_CHECK (err, why, clCreateKernel, "for %s", name))
    return NULL;
  return kernel;
}

/* Release KERNEL (NULL is fine).  */

void
gpurt_cl_kernel_release (cl_kernel kernel)
{
  if (kernel != NULL)
    gpurt_cl.clReleaseKernel (kernel);
}

/* Set argument INDEX of KERNEL to the SIZE bytes at VALUE; FMT... says
   which argument, for the message.  Returns 1, or 0 with WHY.  */

int
gpurt_cl_arg (cl_kernel kernel, unsigned index, size_t size,
	      const void *value, char *why, const char *fmt, ...)
{
  cl_int err = gpurt_cl.clSetKernelArg (kernel, index, size, value);
  char ctx[GPURT_WHY_LEN];
  va_list ap;

  if (err == CL_SUCCESS)
    return 1;
  va_start (ap, fmt);
  vsnprintf (ctx, sizeof ctx, fmt, ap);
  va_end (ap);
  return GPURT_CL_CHECK (err, why, clSetKernelArg, "%s", ctx);
}

/* Enqueue KERNEL on QUEUE over NDIM dimensions of GLOBAL work-items in
   groups of LOCAL; with EVENT, an event to time it by.  Returns 1, or 0
   with WHY.  Never with a global work offset: some devices compute
   get_global_id in 32 bits or refuse offsets past 2^31, so a batch's
   first iteration is the kernel's gpu_f (docs/ABI.md section 2).  */

int
gpurt_cl_enqueue (cl_command_queue queue, cl_kernel kernel, unsigned ndim,
		  const size_t *global, const size_t *local, cl_event *event,
		  char *why, const char *name)
{
  return GPURT_CL_CHECK (gpurt_cl.clEnqueueNDRangeKernel (queue, kernel, ndim,
							  NULL, global,
							  local, 0, NULL,
							  event),
			 why, clEnqueueNDRangeKernel, "for kernel %s", name);
}

/* The nanoseconds EVENT's command ran (0 if unknown); releases EVENT.  */

uint64_t
gpurt_cl_event_ns (cl_event event)
{
  cl_ulong start = 0, end = 0;

  if (event == NULL)
    return 0;
  if (gpurt_cl.clGetEventProfilingInfo (event, CL_PROFILING_COMMAND_START,
					sizeof start, &start, NULL)
      != CL_SUCCESS
      || gpurt_cl.clGetEventProfilingInfo (event, CL_PROFILING_COMMAND_END,
					   sizeof end, &end, NULL)
	 != CL_SUCCESS
      || end <= start)
    start = end = 0;
  gpurt_cl.clReleaseEvent (event);
  return end - start;
}

/* DEV's compute units (1 if it does not say).  */

unsigned
gpurt_cl_compute_units (struct gpurt_device *dev)
{
  cl_uint cus = 0;

  if (gpurt_cl.clGetDeviceInfo (dev->id, CL_DEVICE_MAX_COMPUTE_UNITS,
				sizeof cus, &cus, NULL) != CL_SUCCESS
      || cus == 0)
    cus = 1;
  return cus;
}

/* The work-group limit of KERNEL (named NAME) on DEV into *WG (at least
   1).  Returns 1, or 0 with WHY.  */

int
gpurt_cl_kernel_wg (cl_kernel kernel, struct gpurt_device *dev,
		    const char *name, size_t *wg, char *why)
{
  cl_int err = gpurt_cl.clGetKernelWorkGroupInfo (kernel, dev->id,
						  CL_KERNEL_WORK_GROUP_SIZE,
						  sizeof *wg, wg, NULL);

  if (!GPURT_CL_CHECK (err, why, clGetKernelWorkGroupInfo, "for %s", name))
    return 0;
  if (*wg == 0)
    *wg = 1;
  return 1;
}

/* The string property PARAM of the platform P (PLATFORM nonzero) or the
   device D, malloc'd; NULL with WHY when OpenCL does not say (or there
   is no memory).  */

char *
gpurt_cl_info_string (int platform, cl_platform_id p, cl_device_id d,
		      cl_uint param, char *why)
{
  size_t size = 0;
  char *s = NULL;
  cl_int err;

  err = platform ? gpurt_cl.clGetPlatformInfo (p, param, 0, NULL, &size)
		 : gpurt_cl.clGetDeviceInfo (d, param, 0, NULL, &size);
  if (err == CL_SUCCESS)
    {
      s = calloc (size + 1, 1);
      if (s == NULL)
	{
	  gpurt_set_why (why, "out of memory");
	  return NULL;
	}
      err = platform ? gpurt_cl.clGetPlatformInfo (p, param, size, s, NULL)
		     : gpurt_cl.clGetDeviceInfo (d, param, size, s, NULL);
    }
  if (platform ? !GPURT_CL_CHECK (err, why, clGetPlatformInfo, "(0x%x)",
				  (unsigned) param)
      : !GPURT_CL_CHECK (err, why, clGetDeviceInfo, "(0x%x)",
			 (unsigned) param))
    {
      free (s);
      return NULL;
    }
  return s;
}

/* The fixed-size property PARAM of device D into VALUE (SIZE bytes,
   zeroed first); 1 on success.  */

int
gpurt_cl_device_value (cl_device_id d, cl_uint param, void *value,
		       size_t size)
{
  memset (value, 0, size);
  return gpurt_cl.clGetDeviceInfo (d, param, size, value, NULL)
	 == CL_SUCCESS;
}
