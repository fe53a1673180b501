/* gpurt.c -- libgpurt's entry points: environment, gpurt_launch and the
   fallback policy.

   gpurt_launch is the one call generated code makes per execution of an
   offloaded loop nest (docs/ABI.md).  It either runs the region on the
   process's OpenCL device and leaves the results in host memory
   (returns 1), or changes nothing and lets the caller run its host loop
   (returns 0).  Whether a failure is reported, counted or fatal is
   decided in one place, gpurt_fallback, after GPURT_FALLBACK (SPEC 5).

   Initialisation is on first use (pthread_once) because gpurt_register
   is called from constructors of the program's objects, possibly before
   any constructor of libgpurt itself; the first registration also starts
   the thread that opens the device (gpurt-startup.c).  */

#include "gpurt-internal.h"

#include <ctype.h>
#include <malloc.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

/* Scalar arguments are the low bytes of a 64-bit word (docs/ABI.md).  */
#if defined __BYTE_ORDER__ && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
# error "libgpurt passes scalar arguments as little-endian words"
#endif


static pthread_once_t gpurt_init_once = PTHREAD_ONCE_INIT;

/* Set by every gpurt_launch of the calling thread.  */
static _Thread_local int gpurt_last_on_device;
/* Host threads that ran the calling thread's last region (gpurt_run).  */
static _Thread_local int gpurt_last_host_threads;
/* Set by gpurt_run around its gpurt_launch when its host function runs
   the iterations of the outermost loop the kernel numbers: a "heap 2"
   run that leaves iterations out of heap then brings the others'
   results home and leaves in GPURT_HEAP_LEFT one byte per iteration
   (nonzero: for the host to run), else NULL.  */
static _Thread_local int gpurt_heap_host_ok;
static _Thread_local uint8_t *gpurt_heap_left;

/* Print "gpurt: " and the message FMT to stderr, as one line.  */

void
gpurt_message (const char *fmt, ...)
{
  char line[1024];
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (line, sizeof line, fmt, ap);
  va_end (ap);
  /* One fprintf so that lines of different threads do not interleave.  */
  fprintf (stderr, "gpurt: %s\n", line);
}

/* Format the reason a region cannot run on the device into WHY, a buffer
   of GPURT_WHY_LEN bytes.  */

void
gpurt_set_why (char *why, const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  vsnprintf (why, GPURT_WHY_LEN, fmt, ap);
  va_end (ap);
}

/* Monotonic time in nanoseconds.  */

uint64_t
gpurt_now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* Set when a child of fork has said that its regions run on the host.  */
static atomic_int gpurt_fork_noted;

/* The pthread_atfork handler in the child: no thread of the parent but
   the forking one came along, so the host pool and the locks start anew,
   and a device the parent had opened is not used (gpurt-device.c).  */

static void
gpurt_atfork_child (void)
{
  gpurt_region_atfork_child ();
  gpurt_host_atfork_child ();
  gpurt_device_atfork_child ();
  gpurt_startup_atfork_child ();
  gpurt_lane_atfork_child ();
  atomic_store (&gpurt_fork_noted, 0);
}

/* Read the environment (SPEC section 5) once, register the fork handler
   and the profile report.  Called through pthread_once from every entry
   point.  */

static void
gpurt_init_1 (void)
{
  gpurt_env_read ();
  if (pthread_atfork (NULL, NULL, gpurt_atfork_child) != 0)
    gpurt_message ("cannot register the fork handler: a child of fork may"
		   " hang in its first region");
  if (gpurt_env.profile != GPURT_PROFILE_OFF
      && atexit (gpurt_profile_report) != 0)
    gpurt_message ("cannot register the GPURT_PROFILE report with atexit");
}

/* Initialise libgpurt if not done yet; thread-safe and cheap.  */

void
gpurt_init (void)
{
  pthread_once (&gpurt_init_once, gpurt_init_1);
}

/* The region R (NULL if its record could not even be stored) runs on the
   host because of WHY.  Apply GPURT_FALLBACK: abort prints WHY and aborts;
   warn prints one line the first time R falls back unless QUIET (the
   reason was already reported once for the whole process); silent says
   nothing.  GPURT_VERBOSE>=1 prints every fallback.  Returns 0, the value
   gpurt_launch returns for "run the host loop".  */

static int
gpurt_fallback (struct gpurt_region *r, int quiet, const char *why)
{
  const char *name = r != NULL && r->name != NULL ? r->name : "?";
  const char *loc = r != NULL && r->loc != NULL ? r->loc : "?";

  gpurt_last_on_device = 0;
  /* The host loop needs the results earlier regions kept on the device.  */
  gpurt_sync ();
  if (r != NULL)
    atomic_fetch_add (&r->host_runs, 1);

  if (gpurt_env.fallback == GPURT_FALLBACK_ABORT)
    {
      gpurt_message ("region %s (%s) cannot run on the device: %s;"
		     " aborting (GPURT_FALLBACK=abort)", name, loc, why);
      abort ();
    }
  if (gpurt_env.verbose >= 1)
    gpurt_message ("region %s (%s) runs on the host: %s", name, loc, why);
  else if (gpurt_env.fallback == GPURT_FALLBACK_WARN && !quiet
	   && (r == NULL || atomic_exchange (&r->warned, 1) == 0))
    gpurt_message ("region %s (%s) runs on the host: %s"
		   " (further fallbacks of this region are only counted)",
		   name, loc, why);
  return 0;
}

/* Choose the work-group size LOCAL for an NDIM-dimensional launch of trip
   counts N on a kernel whose work-group limit is KERNEL_WG and a device
   whose per-dimension limits are MAX_ITEMS.  1-D starts from 256, 2-D from
   16x16 and 3-D from 32x4x2 (or GPURT_LOCAL_SHAPE's shape of NDIM
   dimensions, to measure others).  3-D's dimension 0 is a 128-byte line
   of floats wide, as hand-written 3-D stencils take it: heat3d 256 on an
   H100 took 19.63 ms in it against 20.32 in 8x8x4.  The largest dimension
   is halved until the product fits KERNEL_WG; a dimension whose trip
   count is smaller than its local size is shrunk to the next power of
   two >= the trip count.  */

void
gpurt_choose_local_size (unsigned ndim, const uint64_t *n, size_t kernel_wg,
			 const size_t *max_items, size_t *local)
{
  static const size_t initial[3][3] = { { 256, 1, 1 },
					{ 16, 16, 1 },
					{ 32, 4, 2 } };
  unsigned d;

  if (kernel_wg == 0)
    kernel_wg = 1;
  for (d = 0; d < 3; d++)
    {
      local[d] = d < ndim ? initial[ndim - 1][d] : 1;
      if (ndim >= 1 && ndim <= 3 && gpurt_env.local_shape[ndim - 1][0] != 0)
	local[d] = gpurt_env.local_shape[ndim - 1][d];
      if (max_items[d] != 0 && local[d] > max_items[d])
	local[d] = max_items[d];
    }
  for (;;)
    {
      size_t product = local[0] * local[1] * local[2];
      unsigned largest = 0;

      if (product <= kernel_wg)
	break;
      /* Halve the largest dimension; on a tie the outer one, so that
	 dimension 0 (neighbouring addresses) keeps its width.  */
      for (d = 1; d < 3; d++)
	if (local[d] >= local[largest])
	  largest = d;
      local[largest] /= 2;
    }
  for (d = 0; d < ndim; d++)
    if (n[d] < local[d])
      {
	size_t p = 1;

	while (p < n[d])
	  p *= 2;
	if (p < local[d])
	  local[d] = p;
      }
}

/* The sizes of a launch of the two-level region R with trip counts N on
   DEV through LK: GLOBAL and LOCAL, 1-D.  Returns the kernel to run: the
   one-level kernel (one work-item per outer iteration) when
   GPURT_TWO_LEVEL=flat says so, or when the outer iterations alone give
   four work-items per processing element of the device (compute units
   times the group size L) and the compiler found that the one-level
   kernel walks consecutive elements at least as often; otherwise the
   two-level kernel (one work-group of L per outer iteration).  NULL with
   WHY when the sizes do not fit size_t.  */

static cl_kernel
gpurt_two_level_sizes (const struct gpurt_region *r,
		       struct gpurt_device *dev,
		       const struct gpurt_lane_kernel *lk, const uint64_t *n,
		       size_t *global, size_t *local, char *why)
{
  size_t l = 1, limit = r->group_wg;
  uint64_t outer = n[0] * n[1] * n[2];
  int flat;

  if (gpurt_env.group_size != 0 && gpurt_env.group_size < limit)
    limit = gpurt_env.group_size;
  if (r->kernel_work_group_size < limit)
    limit = r->kernel_work_group_size;
  if (dev->max_work_item_sizes[0] != 0
      && dev->max_work_item_sizes[0] < limit)
    limit = dev->max_work_item_sizes[0];
  while (l * 2 <= limit)
    l *= 2;
  if (lk->flat_kernel == NULL || gpurt_env.two_level == GPURT_TWO_LEVEL_GROUP)
    flat = 0;
  else if (gpurt_env.two_level == GPURT_TWO_LEVEL_FLAT)
    flat = 1;
  else
    flat = r->flat_coalesced
	   && outer / 4 / l >= gpurt_compute_units (dev);
  global[1] = global[2] = local[1] = local[2] = 1;
  if (flat)
    {
      gpurt_choose_local_size (1, &outer, lk->flat_work_group_size,
			       dev->max_work_item_sizes, local);
      l = 1;
    }
  else
    local[0] = l;
  if (outer > (SIZE_MAX - local[0]) / l)
    {
      gpurt_set_why (why, "%" PRIu64 " outer iterations in work-groups of"
		     " %zu are too many for size_t", outer, local[0]);
      return NULL;
    }
  global[0] = flat ? (size_t) ((outer + local[0] - 1) / local[0] * local[0])
		   : (size_t) outer * l;
  if (gpurt_env.verbose >= 2)
    gpurt_message ("launch %s: %s kernel (%s)", r->name,
		   flat ? "one-level" : "two-level",
		   gpurt_env.two_level != GPURT_TWO_LEVEL_AUTO
		   ? "GPURT_TWO_LEVEL" : lk->flat_kernel == NULL
		   ? "no other" : flat ? "the outer iterations fill the device"
		   : r->flat_coalesced ? "too few outer iterations to fill"
		   " the device" : "its accesses walk consecutive elements"
		   " more often");
  return flat ? lk->flat_kernel : lk->kernel;
}

/* Set the arguments of KERNEL, a kernel of region R, for the argument
   records ARGS, the buffers of PLAN, the reduction buffers of LK and the
   trip counts N; those that already hold their values since KERNEL's
   last launch on this thread are left alone (gpurt_lane_arg).  Returns
   1, or 0 with WHY.  */

static int
gpurt_set_args (struct gpurt_region *r, cl_kernel kernel,
		const struct gpurt_plan *plan, struct gpurt_lane_kernel *lk,
		const uint64_t *args, const uint64_t *n, uint64_t first,
		cl_mem deopt, cl_mem heap, char *why)
{
  cl_ulong f = first;
  cl_uint index = 0;
  unsigned k, d;

  for (k = 0; k < r->nargs; k++)
    {
      const uint64_t *a = args + 4 * (size_t) k;
      int set;

      if (r->args[k].kind == GPURT_ARG_REDUCE)	/* GPU_REDUCE hook */
	set = gpurt_lane_arg (lk, kernel, index++, sizeof (cl_mem),
			      &lk->reduce_mem[k], why, k, r->args[k].name);
      else if (r->args[k].kind == GPURT_ARG_BUFFER)
	{
	  cl_mem mem = plan->buffers[plan->arg_buffer[k]].mem;
	  cl_long offset = plan->arg_offset[k];

	  set = gpurt_lane_arg (lk, kernel, index++, sizeof mem, &mem, why,
				k, r->args[k].name)
		&& gpurt_lane_arg (lk, kernel, index++, sizeof offset,
				   &offset, why, k, r->args[k].name);
	}
      else
	/* The scalar's bytes are the low bytes of word 1 (little-endian
	   host, as the ABI requires).  */
	set = gpurt_lane_arg (lk, kernel, index++, r->args[k].size, &a[1],
			      why, k, r->args[k].name);
      if (!set)
	return 0;
    }
  for (d = 0; d < 3; d++)
    {
      cl_ulong trip = n[d];

      if (!gpurt_lane_arg (lk, kernel, index++, sizeof trip, &trip, why, d,
			   NULL))
	return 0;
    }
  if (!gpurt_lane_arg (lk, kernel, index++, sizeof f, &f, why, r->nargs,
		       "gpu_f"))
    return 0;
  /* GPU_REDUCE hook, "reduce WG local last": the buffer the last
     work-group combines into, or NULL (gpurt_reduce_setup).  */
  if (r->reduce_last
      && !gpurt_lane_arg (lk, kernel, index++, sizeof (cl_mem),
			  &lk->last_arg, why, r->nargs, "gpu_rlast"))
    return 0;
  /* A speculated region's deopt buffer, new at each launch: set each
     time, outside the lane's cache.  */
  if (r->ndeopts != 0
      && !gpurt_cl_arg (kernel, index++, sizeof deopt, &deopt, why,
			"the deopt buffer of %s", r->name))
    return 0;
  /* The device heap (the lane's buffer, kept between launches).  */
  if (r->heap
      && !gpurt_cl_arg (kernel, index, sizeof heap, &heap, why,
			"the heap buffer of %s", r->name))
    return 0;
  return 1;
}

/* Can KERNEL, the variant NAME, run work-groups of ITEMS work-items on
   DEV?  Returns 1, or 0 with WHY (its limit, or why OpenCL did not say
   it).  */

static int
gpurt_variant_fits (cl_kernel kernel, struct gpurt_device *dev,
		    const char *name, size_t items, char *why)
{
  size_t wg;

  if (!gpurt_cl_kernel_wg (kernel, dev, name, &wg, why))
    return 0;
  if (items <= wg)
    return 1;
  snprintf (why, GPURT_WHY_LEN, "its work-group of %zu work-items is"
	    " larger than the kernel's limit on the device, %zu", items, wg);
  return 0;
}

/* The first variant of region R (docs/ABI.md section 6) that DEV can run
   with the buffers of PLAN, its kernel in *KERNEL (made in LK on first
   use); -1 when none can, the plain kernel then runs.  WHY_NOT says why
   the first variant was passed over.  */

static int
gpurt_choose_variant (struct gpurt_region *r, struct gpurt_device *dev,
		      const struct gpurt_plan *plan,
		      struct gpurt_lane_kernel *lk, cl_kernel *kernel,
		      char *why_not)
{
  uint64_t local_limit = dev->local_mem_size;
  unsigned v, j, d;

  if (gpurt_env.local_mem_limit != 0
      && gpurt_env.local_mem_limit < local_limit)
    local_limit = gpurt_env.local_mem_limit;
  why_not[0] = '\0';
  for (v = 0; v < r->nvariants; v++)
    {
      const struct gpurt_record_variant *var = &r->variants[v];
      size_t items = (size_t) var->group[0] * var->group[1] * var->group[2];
      const char *no = NULL;
      char buf[GPURT_WHY_LEN];

      buf[0] = '\0';
      if (atomic_load (&r->variant_failed[v]))
	no = "it failed before";
      else if (var->local_bytes > local_limit)
	{
	  snprintf (buf, sizeof buf, "it needs %lu bytes of local memory,"
		    " the device has %" PRIu64 "%s", var->local_bytes,
		    local_limit, gpurt_env.local_mem_limit != 0
		    ? " (GPURT_LOCAL_MEM_LIMIT)" : "");
	  no = buf;
	}
      else if (items > dev->max_work_group_size)
	no = "its work-group is larger than the device's";
      for (d = 0; no == NULL && d < 3; d++)
	if (dev->max_work_item_sizes[d] != 0
	    && var->group[d] > dev->max_work_item_sizes[d])
	  no = "its work-group is larger than the device's";
      for (j = 0; no == NULL && j < var->ndistinct; j++)
	if (plan->arg_buffer[var->distinct[2 * j]]
	    == plan->arg_buffer[var->distinct[2 * j + 1]])
	  {
	    snprintf (buf, sizeof buf, "arguments %s and %s share a device"
		      " buffer (they overlap)",
		      r->args[var->distinct[2 * j]].name,
		      r->args[var->distinct[2 * j + 1]].name);
	    no = buf;
	  }
      if (no == NULL && lk->variant_kernels[v] == NULL)
	{
	  lk->variant_kernels[v]
	    = gpurt_cl_kernel (gpurt_region_program (r, dev), var->name, buf);
	  /* The compiled kernel may allow fewer work-items per group
	     than the device (registers, local memory): its group would
	     not launch.  */
	  if (lk->variant_kernels[v] == NULL
	      || !gpurt_variant_fits (lk->variant_kernels[v], dev,
				      var->name, items, buf))
	    {
	      atomic_store (&r->variant_failed[v], 1);
	      no = buf;
	    }
	}
      if (no == NULL)
	{
	  *kernel = lk->variant_kernels[v];
	  return (int) v;
	}
      if (why_not[0] == '\0')
	snprintf (why_not, GPURT_WHY_LEN, "variant %s not run: %s",
		  var->name, no);
    }
  *kernel = lk->kernel;
  return -1;
}

/* Region R's kernel with 32-bit buffer offsets ("index32", docs/ABI.md
   section 6) for a launch of PLAN on DEV through LK, made on first use;
   NULL when R has none, it could not be made, or an offset of the launch
   might not fit: gpu_emit computes each offset modulo 2^32 and
   sign-extends it, which is exact while every buffer argument's device
   buffer size plus the magnitude of its offset is at most 2^30 bytes
   (gpu-emit.cc index32_names; GPURT_INDEX32_LIMIT may lower that, to
   test the fall back).  */

static cl_kernel
gpurt_choose_index32 (struct gpurt_region *r, struct gpurt_device *dev,
		      const struct gpurt_plan *plan,
		      struct gpurt_lane_kernel *lk)
{
  uint64_t limit = (uint64_t) 1 << 30;
  char why[GPURT_WHY_LEN];
  size_t wg = 0;
  unsigned k;

  if (r->index32_name == NULL || atomic_load (&r->index32_failed))
    return NULL;
  if (gpurt_env.index32_limit != 0 && gpurt_env.index32_limit < limit)
    limit = gpurt_env.index32_limit;
  for (k = 0; k < r->nargs; k++)
    if (r->args[k].kind == GPURT_ARG_BUFFER)
      {
	const struct gpurt_buffer *b = &plan->buffers[plan->arg_buffer[k]];
	int64_t off = plan->arg_offset[k];
	uint64_t mag = off < 0 ? 0 - (uint64_t) off : (uint64_t) off;

	if (b->dummy)
	  continue;
	if (b->map == NULL || mag > limit
	    || b->map->end - b->map->start > limit - mag)
	  return NULL;
      }
  if (lk->index32_kernel == NULL)
    {
      lk->index32_kernel = gpurt_cl_kernel (gpurt_region_program (r, dev),
					    r->index32_name, why);
      /* Its work-group limit must allow the plain kernel's groups.  */
      if (lk->index32_kernel == NULL
	  || !gpurt_cl_kernel_wg (lk->index32_kernel, dev, r->index32_name,
				  &wg, why)
	  || wg < r->kernel_work_group_size)
	{
	  if (gpurt_env.verbose >= 1)
	    gpurt_message ("region %s (%s): kernel %s not run: %s", r->name,
			   r->loc, r->index32_name, lk->index32_kernel == NULL
			   || wg != 0 ? why : "a smaller work-group limit");
	  atomic_store (&r->index32_failed, 1);
	  gpurt_cl_kernel_release (lk->index32_kernel);
	  lk->index32_kernel = NULL;
	  return NULL;
	}
    }
  return lk->index32_kernel;
}

/* Say under GPURT_VERBOSE which kernel of R runs (variant V, -1 for the
   plain one) and why, when that changes.  */

static void
gpurt_say_variant (struct gpurt_region *r, int v, const char *why_not)
{
  if (gpurt_env.verbose < 1 || r->nvariants == 0
      || atomic_exchange (&r->last_variant, v + 2) == v + 2)
    return;
  if (v >= 0)
    gpurt_message ("region %s (%s): runs variant %s (work-group %ux%ux%u,"
		   " %lu bytes of local memory)", r->name, r->loc,
		   r->variants[v].name, r->variants[v].group[0],
		   r->variants[v].group[1], r->variants[v].group[2],
		   r->variants[v].local_bytes);
  else
    gpurt_message ("region %s (%s): runs the plain kernel: %s", r->name,
		   r->loc, why_not);
}

/* Times a region that ran out of its device heap runs again on the
   device, each time with twice the heap, before the host runs it.  */
#define GPURT_HEAP_RETRIES 4

/* The largest device heap on DEV: one buffer, and at most what the
   header's 32-bit count of 16-byte units can say.  */

static uint64_t
gpurt_heap_max (const struct gpurt_device *dev)
{
  uint64_t max = dev->max_mem_alloc_size - 16;
  return max < (uint64_t) UINT32_MAX * 16 ? max : (uint64_t) UINT32_MAX * 16;
}

/* The first device heap of a launch on DEV: GPURT_HEAP_BYTES, else a
   quarter of the largest buffer DEV allows, at most 64 MiB (the buffer
   each thread keeps the largest it needed so far); at least 16 bytes,
   at most gpurt_heap_max.  */

static uint64_t
gpurt_heap_bytes (const struct gpurt_device *dev)
{
  uint64_t bytes = gpurt_env.heap_bytes;
  if (bytes == 0)
    {
      bytes = dev->max_mem_alloc_size / 4;
      if (bytes > (uint64_t) 64 << 20)
	bytes = (uint64_t) 64 << 20;
    }
  if (bytes < 16)
    bytes = 16;
  if (bytes > gpurt_heap_max (dev))
    bytes = gpurt_heap_max (dev);
  return bytes & ~(uint64_t) 15;
}

/* Passes a "heap 2" run makes over its iterations that ran out of
   heap before it starts over whole with twice the heap (each pass
   completes some, but a heap that holds a few blocks would take one
   pass for each few iterations; a pass over iterations that are done is
   a few microseconds on a GPU).  */
#define GPURT_HEAP_PASSES 256

/* Bytes after the blocks of a heap of UNITS 16-byte units for region R
   with trip count N0: the iteration words and bytes of a "heap 2"
   region (docs/ABI.md section 8), a multiple of 16; 0 for others.  */

static uint64_t
gpurt_heap_iter_bytes (const struct gpurt_region *r, uint64_t n0)
{
  if (r->heap != 2)
    return 0;
  return (GPU_HEAP_ITER_WORDS * 4 + n0 + 15) & ~(uint64_t) 15;
}

/* A pass of KERNEL, region R's "heap 2" kernel, on LANE ran out of its
   heap HEAP_MEM (header words in HEAP), leaving some of the LEFT
   iterations (the trip count after the first pass; after the heap grew,
   UINT64_MAX: one more pass in any case): run it again over GLOBAL and
   LOCAL, each time with the heap reset, for the iterations that ran out,
   while each pass completes some, at most GPURT_HEAP_PASSES times; when
   PROFILED, add each pass's kernel time.  Returns 1 when every
   iteration completed (HEAP then holds the largest use of a pass and
   every pass's allocations), 0 when a pass completed none or the passes
   are over (the heap must grow), -1 on an OpenCL error (WHY says
   which).  */

static int
gpurt_heap_passes (struct gpurt_region *r, struct gpurt_lane *lane,
		   cl_kernel kernel, const size_t *global,
		   const size_t *local, cl_mem heap_mem, uint32_t *heap,
		   uint64_t left, int profiled, char *why)
{
  size_t iter_at = GPU_HEAP_HEADER_WORDS * 4 + (size_t) heap[1] * 16;
  uint32_t words[GPU_HEAP_ITER_WORDS];
  uint32_t used = heap[0], allocs = heap[2];
  unsigned made = 0;
  cl_event event = NULL;
  char after[300];

  snprintf (after, sizeof after, "kernel %s", r->name);
  for (;; made++)
    {
      if (!gpurt_cl_read (lane->queue, heap_mem, 1, iter_at, sizeof words,
			  words, why, "the heap's iteration words"))
	return -1;
      atomic_fetch_add (&r->heap_iter_failed, words[1]);
      if (words[1] == 0 || words[1] >= left || made == GPURT_HEAP_PASSES)
	{
	  if (gpurt_env.verbose >= 2)
	    gpurt_message ("region %s (%s): pass %" PRIu32 " left %" PRIu32
			   " iterations out of the %" PRIu64 "-byte device"
			   " heap", r->name, r->loc, words[0] + 1, words[1],
			   (uint64_t) heap[1] * 16);
	  heap[0] = used;
	  heap[2] = allocs;
	  return 0;
	}
      if (gpurt_env.verbose >= 2)
	gpurt_message ("region %s (%s): %" PRIu32 " iterations ran out"
		       " of the %" PRIu64 "-byte device heap; pass %" PRIu32
		       " runs them again", r->name, r->loc, words[1],
		       (uint64_t) heap[1] * 16, words[0] + 2);
      left = words[1];
      words[0]++;
      words[1] = 0;
      heap[0] = heap[2] = heap[3] = 0;
      atomic_fetch_add (&r->heap_passes, 1);
      if (!gpurt_cl_write (lane->queue, heap_mem, 0,
			   GPU_HEAP_HEADER_WORDS * sizeof *heap, heap, why)
	  || !gpurt_cl_write (lane->queue, heap_mem, iter_at, sizeof words,
			      words, why)
	  || !gpurt_cl_enqueue (lane->queue, kernel, r->ndim, global, local,
				profiled ? &event : NULL, why, r->name)
	  || !gpurt_lane_finish (lane, why, after))
	{
	  if (event != NULL)
	    gpurt_cl_event_ns (event);	/* releases it */
	  return -1;
	}
      if (event != NULL)
	{
	  atomic_fetch_add (&r->kernel_ns, gpurt_cl_event_ns (event));
	  event = NULL;
	}
      if (!gpurt_cl_read (lane->queue, heap_mem, 1, 0,
			  GPU_HEAP_HEADER_WORDS * sizeof *heap, heap, why,
			  "the heap buffer"))
	return -1;
      used = heap[0] > used ? heap[0] : used;
      allocs += heap[2];
      if (heap[3] == 0)
	{
	  atomic_fetch_add (&r->heap_failed, 1);
	  heap[0] = used;
	  heap[2] = allocs;
	  return 1;
	}
    }
}

/* Region R's blocks that outlive it ("heap 3", docs/ABI.md section 8),
   after a good run whose results are in host memory: each element of
   the array of pointers at HOST (COUNT elements) that the kernel marked
   in MARKS holds the offset of a block in HEAP, the first USED bytes of
   the heap buffer (its header included); it becomes the address of a
   host malloc block holding the same bytes, which the program may read
   and free.  A block stored into several elements becomes one host
   block, as in the serial program: its header in HEAP, once copied,
   says GPURT_ESCAPE_COPIED and holds the host address.  An element that
   names no block of HEAP, or whose block the host cannot allocate,
   becomes NULL, with a message: never a device offset in host
   memory.  */

#define GPURT_ESCAPE_COPIED UINT64_MAX

static void
gpurt_heap_escape (struct gpurt_region *r, uint64_t host, uint64_t count,
		   const uint8_t *marks, unsigned char *heap, uint64_t used)
{
  uint64_t i, at, size, moved = 0;
  int block;

  for (i = 0; i < count; i++)
    {
      unsigned char *e = (unsigned char *) (uintptr_t) (host + 8 * i);
      void *p = NULL;

      if (!marks[i])
	continue;
      memcpy (&at, e, sizeof at);
      if (at == 0)		/* the kernel stored NULL there last */
	continue;
      block = at % 16 == 0 && at >= 2 * 16 && at <= used;
      if (block)
	{
	  memcpy (&size, heap + at - 16, sizeof size);
	  block = size <= used - at || size == GPURT_ESCAPE_COPIED;
	}
      /* malloc (0) on the device gave a block of its own: so does the
	 host's.  */
      if (!block)
	gpurt_message ("region %s (%s): element %" PRIu64 " of its array"
		       " of pointers names no block of its device heap"
		       " (offset %" PRIu64 "); it is NULL", r->name, r->loc,
		       i, at);
      else if (size == GPURT_ESCAPE_COPIED)
	memcpy (&p, heap + at - 8, sizeof p);
      else if ((p = malloc (size != 0 ? size : 1)) == NULL)
	gpurt_message ("region %s (%s): out of host memory for a %" PRIu64
		       "-byte block of its device heap; element %" PRIu64
		       " of its array of pointers is NULL", r->name, r->loc,
		       size, i);
      else
	{
	  memcpy (p, heap + at, size);
	  size = GPURT_ESCAPE_COPIED;
	  memcpy (heap + at - 16, &size, sizeof size);
	  memcpy (heap + at - 8, &p, sizeof p);
	  moved++;
	}
      memcpy (e, &p, sizeof p);
    }
  atomic_fetch_add (&r->heap_escaped, moved);
  if (gpurt_env.verbose >= 2)
    gpurt_message ("region %s (%s): %" PRIu64 " device heap block(s) copied"
		   " into host malloc blocks", r->name, r->loc, moved);
}

/* Region R's "heap 2" run on LANE left iterations out of its heap
   *HEAP_MEM of HEAP_BYTES (header words in HEAP) that no more passes
   finish: give it a heap twice as large, the iteration words and bytes
   (ITER_BYTES) copied over, the header reset, so that the iterations
   that completed keep their results.  The new buffer becomes the lane's
   and *HEAP_MEM; the kernel's argument is the caller's to set.  Returns
   1, or 0 with WHY.  */

static int
gpurt_heap_grow (struct gpurt_region *r, struct gpurt_device *dev,
		 struct gpurt_lane *lane, cl_mem *heap_mem,
		 uint64_t heap_bytes, uint64_t iter_bytes, uint32_t *heap,
		 char *why)
{
  size_t head = GPU_HEAP_HEADER_WORDS * sizeof *heap;
  cl_mem grown = gpurt_cl_buffer (dev, CL_MEM_READ_WRITE,
				  head + 2 * heap_bytes + iter_bytes, why,
				  "the heap buffer");
  if (grown == NULL)
    return 0;
  /* HEAP outlives the write, which need not be done on return; a write
     that fails was not queued, and HEAP gets its words back.  */
  uint32_t old[GPU_HEAP_HEADER_WORDS];
  memcpy (old, heap, head);
  memset (heap, 0, head);
  heap[1] = (uint32_t) (2 * heap_bytes / 16);
  if (!gpurt_cl_copy (lane->queue, *heap_mem, head + heap_bytes, grown,
		      head + 2 * heap_bytes, iter_bytes, why)
      || !gpurt_cl_write (lane->queue, grown, 0, head, heap, why))
    {
      memcpy (heap, old, head);
      gpurt_cl_buffer_release (grown);
      return 0;
    }
  if (gpurt_env.verbose >= 2)
    gpurt_message ("region %s (%s): its iterations out of heap run again"
		   " with a %" PRIu64 "-byte heap, the others' results"
		   " kept", r->name, r->loc, 2 * heap_bytes);
  atomic_fetch_add (&r->heap_retries, 1);
  /* The lane's old buffer goes once the queue is done with it.  */
  gpurt_cl_buffer_release (lane->heap);
  lane->heap = grown;
  lane->heap_bytes = 2 * heap_bytes + iter_bytes;
  *heap_mem = grown;
  return 1;
}

/* Run the region R on DEV with the argument records ARGS and the trip
   counts N, through the calling thread's lane (its own queue and kernel,
   so no lock is held: other threads' launches run at the same time),
   charging its host time to the parts of CLOCK.
   Returns 1 when the results are in host memory, 0 (with WHY set) when
   nothing was copied back and the host loop must run, -1 when the kernel
   of a speculated region reached a speculated call (docs/ABI.md section
   7): nothing was copied back, *SITE is the deopt line reached at the
   first iteration *ITER (in the serial order) of those that reached
   one.  For a region that allocates (docs/ABI.md section 8) the kernel
   gets a heap of HEAP_BYTES; HEAP receives the heap's header words
   after the kernel, and -2 says that an allocation failed: nothing was
   copied back.  */

static int
gpurt_run_on_device (struct gpurt_region *r, struct gpurt_device *dev,
		     const uint64_t *args, const uint64_t *n, int keep,
		     struct gpurt_clock *clock, char *why, unsigned *site,
		     uint32_t *iter, uint64_t heap_bytes, uint32_t *heap,
		     const uint64_t *first)
{
  /* A batch's first outer iteration: the kernel's gpu_f, never a global
     work offset (docs/ABI.md section 2).  */
  const uint64_t start = first != NULL ? *first : 0;
  int enqueued = 0, deopted = 0;
  cl_mem deopt_mem = NULL, heap_mem = NULL;
  uint32_t deopt_words[GPU_MAX_DEOPT_SITES];
  struct gpurt_lane *lane = NULL;
  struct gpurt_lane_kernel *lk = NULL;
  cl_kernel kernel = NULL;
  struct gpurt_plan plan;
  struct gpurt_reduce_launch red;	/* GPU_REDUCE hook */
  size_t local[3], global[3];
  cl_event kernel_event = NULL;
  cl_event *event_ptr;
  int variant = -1;
  uint64_t blocks, skip;
  char why_not[GPURT_WHY_LEN];
  unsigned k, d;
  int ok = 0;
  /* Blocks that outlive the region ("heap 3"): the array of pointers'
     host address and elements, the kernel's marks, the heap read back.  */
  uint64_t esc_host = 0, esc_n = 0, esc_used = 0;
  uint8_t *esc_marks = NULL;
  unsigned char *esc_heap = NULL;

  memset (&plan, 0, sizeof plan);
  memset (&red, 0, sizeof red);
  lane = gpurt_lane_get (dev, why);
  if (lane == NULL)
    return 0;
  lk = gpurt_lane_kernel (lane, r, why);
  if (lk == NULL)
    return 0;
  gpurt_clock_mark (clock, GPURT_PART_LOOKUP);
  if (!gpurt_plan_make (&plan, r, args, dev, lane, keep, why))
    goto ERROR;
  /* Speculation: every word of the deopt buffer starts unreached.  */
  if (r->ndeopts != 0)
    {
      for (k = 0; k < r->ndeopts; k++)
	deopt_words[k] = GPU_DEOPT_UNREACHED;
      deopt_mem = gpurt_cl_buffer (dev, CL_MEM_READ_WRITE,
				   r->ndeopts * sizeof *deopt_words, why,
				   "the deopt buffer");
      if (deopt_mem == NULL)
	goto ERROR;
    }
  /* The device heap: its header says how many 16-byte units follow.
     The lane keeps its buffer from launch to launch and makes another
     only when a launch (a retry) needs more than it holds, or much less
     (the retries over, a heap up to 16 times larger is not kept on the
     device); the header limits the kernel to HEAP_BYTES either way.  */
  if (r->heap)
    {
      uint64_t iter_bytes = gpurt_heap_iter_bytes (r, n[0]), need;

      /* "heap 3": after the blocks, the count of the array of pointers'
	 elements from the kernel's pointer to the end of its buffer, and
	 a byte per element (gpu_heap_escape).  */
      if (r->escape != 0)
	{
	  const struct gpurt_buffer *eb
	    = &plan.buffers[plan.arg_buffer[r->escape - 1]];

	  esc_host = args[4 * (size_t) (r->escape - 1) + 1];
	  esc_n = eb->dummy || eb->end <= esc_host ? 0
		  : (eb->end - esc_host) / 8;
	  iter_bytes = 8 + esc_n;
	}
      /* The iteration bytes come out of the largest buffer too.  */
      if (heap_bytes + iter_bytes > gpurt_heap_max (dev))
	{
	  if (iter_bytes + 16 > gpurt_heap_max (dev))
	    {
	      gpurt_set_why (why, "%" PRIu64 " iterations leave no room for"
			     " a device heap", n[0]);
	      goto ERROR;
	    }
	  heap_bytes = (gpurt_heap_max (dev) - iter_bytes) & ~(uint64_t) 15;
	}
      need = heap_bytes + iter_bytes;
      memset (heap, 0, GPU_HEAP_HEADER_WORDS * sizeof *heap);
      heap[1] = (uint32_t) (heap_bytes / 16);
      if (lane->heap != NULL
	  && (lane->heap_bytes < need || lane->heap_bytes / 4 > need))
	{
	  gpurt_cl_buffer_release (lane->heap);
	  lane->heap = NULL;
	}
      if (lane->heap == NULL)
	{
	  lane->heap = gpurt_cl_buffer (dev, CL_MEM_READ_WRITE,
					GPU_HEAP_HEADER_WORDS * sizeof *heap
					+ (size_t) need, why,
					"the heap buffer");
	  if (lane->heap == NULL)
	    goto ERROR;
	  lane->heap_bytes = need;
	}
      heap_mem = lane->heap;
    }
  /* GPU_REDUCE hook: partials buffers and the 1-D grid-stride sizes.  */
  if (r->reduce_wg != 0
      && !gpurt_reduce_setup (r, lane, lk, n, &red, global, local, why))
    goto ERROR;
  /* Two levels: the two-level or the one-level kernel, and its sizes.  */
  kernel = lk->kernel;
  if (r->group_wg != 0
      && (kernel = gpurt_two_level_sizes (r, dev, lk, n, global, local,
					  why)) == NULL)
    goto ERROR;

  variant = -1;
  why_not[0] = '\0';
  if (r->nvariants != 0 && r->group_wg == 0 && r->reduce_wg == 0
      && first == NULL)
    variant = gpurt_choose_variant (r, dev, &plan, lk, &kernel, why_not);
  /* The plain kernel with 32-bit offsets, when they fit.  */
  if (variant < 0 && kernel == lk->kernel && first == NULL)
    {
      cl_kernel k32 = gpurt_choose_index32 (r, dev, &plan, lk);
      if (k32 != NULL)
	kernel = k32;
      /* Which of the two runs: each launch, or when that changes.  */
      if (r->index32_name != NULL
	  && (gpurt_env.verbose >= 2
	      || (gpurt_env.verbose >= 1
		  && atomic_exchange (&r->last_index32, 1 + (k32 != NULL))
		     != 1 + (k32 != NULL))))
	gpurt_message ("launch %s: kernel %s (%s-bit offsets)", r->name,
		       k32 != NULL ? r->index32_name : r->name,
		       k32 != NULL ? "32" : "64");
    }
  if (!gpurt_set_args (r, kernel, &plan, lk, args, n, start, deopt_mem,
		       heap_mem, why))
    goto ERROR;

  if (variant >= 0)
    for (d = 0; d < 3; d++)
      local[d] = r->variants[variant].group[d];
  else if (r->reduce_wg == 0 && r->group_wg == 0)
    gpurt_choose_local_size (r->ndim, n, r->kernel_work_group_size,
			     dev->max_work_item_sizes, local);
  for (d = 0; d < 3 && r->reduce_wg == 0 && r->group_wg == 0; d++)
    {
      if (n[d] > SIZE_MAX - 4096)
	{
	  gpurt_set_why (why, "trip count %" PRIu64 " of dimension %u is too"
			 " large for size_t", n[d], d);
	  goto ERROR;
	}
      /* A variant's work-item may take BLOCK iterations.  */
      blocks = variant >= 0 ? r->variants[variant].block[d] : 1;
      /* A batch runs outer iterations [START, N) (the kernel adds START
	 and guards N).  */
      skip = d + 1 == r->ndim ? start : 0;
      global[d] = (size_t) (((n[d] - skip + blocks - 1) / blocks
			     + local[d] - 1) / local[d] * local[d]);
    }

  gpurt_clock_mark (clock, GPURT_PART_ARGS);
  if (!gpurt_buffers_copy_in (&plan, r, lane->queue, why))
    goto ERROR;
  if (deopt_mem != NULL
      && (!gpurt_cl_write (lane->queue, deopt_mem, 0,
			   r->ndeopts * sizeof *deopt_words, deopt_words,
			   why)
	  || !gpurt_buffers_backup (&plan, lane->queue, why)))
    goto ERROR;
  if (heap_mem != NULL
      && !gpurt_cl_write (lane->queue, heap_mem, 0,
			  GPU_HEAP_HEADER_WORDS * sizeof *heap, heap, why))
    goto ERROR;
  /* "heap 3": the count, no element marked.  */
  if (heap_mem != NULL && r->escape != 0)
    {
      esc_marks = calloc (8 + esc_n, 1);
      if (esc_marks == NULL)
	{
	  gpurt_set_why (why, "out of memory for %" PRIu64 " bytes of heap"
			 " marks", 8 + esc_n);
	  goto ERROR;
	}
      memcpy (esc_marks, &esc_n, sizeof esc_n);
      if (!gpurt_cl_write (lane->queue, heap_mem,
			   GPU_HEAP_HEADER_WORDS * sizeof *heap
			   + (size_t) heap[1] * 16, 8 + esc_n, esc_marks,
			   why))
	goto ERROR;
    }
  /* "heap 2": the first pass (its iterations clear their bytes).  */
  if (heap_mem != NULL && r->heap == 2)
    {
      static const uint32_t first_pass[GPU_HEAP_ITER_WORDS];
      if (!gpurt_cl_write (lane->queue, heap_mem,
			   GPU_HEAP_HEADER_WORDS * sizeof *heap
			   + (size_t) heap[1] * 16, sizeof first_pass,
			   first_pass, why))
	goto ERROR;
    }
  gpurt_clock_mark (clock, GPURT_PART_COPY);

  if (gpurt_env.verbose >= 2)
    gpurt_message ("launch %s: n %" PRIu64 "x%" PRIu64 "x%" PRIu64
		   ", global %zux%zux%zu, local %zux%zux%zu, %u buffer(s)",
		   r->name, n[0], n[1], n[2], global[0], global[1], global[2],
		   local[0], local[1], local[2], plan.nbuffers);

  event_ptr = gpurt_env.profile != GPURT_PROFILE_OFF ? &kernel_event : NULL;
  /* Asynchronous: a launch whose results all stay on the device, with no
     reduction to read and no kernel time to take, returns once its kernel
     is enqueued; the thread's in-order queue runs its next launch after
     it, and gpurt_sync waits for it.  A launch that waits must not be
     the one to find an earlier asynchronous kernel's failure: it waits
     for them first.  */
  int async = keep && r->reduce_wg == 0 && r->ndeopts == 0 && !r->heap
	      && event_ptr == NULL
	      && gpurt_env.async && !gpurt_plan_copies_back (&plan)
	      && !gpurt_plan_private_copies (&plan);
  if (!async && lane->async_pending)
    gpurt_lane_wait (lane);
  gpurt_clock_mark (clock, GPURT_PART_WAIT);
  if (variant >= 0
      && !gpurt_cl_enqueue (lane->queue, kernel, r->ndim, global, local,
			    event_ptr, why, r->variants[variant].name))
    {
      /* The variant cannot run here (local memory, work-group size): the
	 plain kernel, from now on.  */
      atomic_store (&r->variant_failed[variant], 1);
      snprintf (why_not, sizeof why_not, "variant %s failed to launch: %.300s",
		r->variants[variant].name, why);
      variant = -1;
      kernel = lk->kernel;
      why[0] = '\0';
      if (!gpurt_set_args (r, kernel, &plan, lk, args, n, start, deopt_mem,
			   heap_mem, why))
	goto ERROR;
      gpurt_choose_local_size (r->ndim, n, r->kernel_work_group_size,
			       dev->max_work_item_sizes, local);
      for (d = 0; d < 3; d++)
	global[d] = (size_t) ((n[d] + local[d] - 1) / local[d] * local[d]);
      if (!gpurt_cl_enqueue (lane->queue, kernel, r->ndim, global, local,
			     event_ptr, why, r->name))
	goto ERROR;
    }
  else if (variant < 0
	   && !gpurt_cl_enqueue (lane->queue, kernel,
				 r->reduce_wg != 0 || r->group_wg != 0
				 ? 1 : r->ndim, global, local, event_ptr, why,
				 r->name))
    goto ERROR;		/* not queued: the device's data is intact */
  gpurt_say_variant (r, variant, why_not);
  enqueued = 1;
  gpurt_clock_mark (clock, GPURT_PART_ENQUEUE);
  if (async)
    {
      lane->async_pending = 1;
      ok = 1;
      plan.kept = 1;
      goto ERROR;		/* the common cleanup */
    }
  /* GPU_REDUCE: the partials' reads queued behind the kernel, so that
     the one wait below covers them.  */
  if (r->reduce_wg != 0 && !gpurt_reduce_read (r, lane, lk, &red, why))
    goto ERROR;
  /* The kernel must have finished successfully before anything is
     copied back into host memory.  */
  char after[300];
  snprintf (after, sizeof after, "kernel %s", r->name);
  if (!gpurt_lane_finish (lane, why, after))
    goto ERROR;
  gpurt_clock_mark (clock, GPURT_PART_WAIT);
  if (kernel_event != NULL)
    {
      atomic_fetch_add (&r->kernel_ns, gpurt_cl_event_ns (kernel_event));
      kernel_event = NULL;
    }
  /* Speculation: a kernel that reached a speculated call leaves its
     results on the device, where they are dropped (the plan is not kept);
     what earlier regions kept in the device copies it may have written
     comes home from the backups.  */
  if (deopt_mem != NULL)
    {
      if (!gpurt_cl_read (lane->queue, deopt_mem, 1, 0,
			  r->ndeopts * sizeof *deopt_words, deopt_words, why,
			  "the deopt buffer"))
	goto ERROR;
      *iter = GPU_DEOPT_UNREACHED;
      for (k = 0; k < r->ndeopts; k++)
	if (deopt_words[k] != GPU_DEOPT_UNREACHED && deopt_words[k] < *iter)
	  {
	    *iter = deopt_words[k];
	    *site = k;
	    deopted = 1;
	  }
      if (deopted)
	{
	  if (!gpurt_buffers_restore (&plan, r, lane->queue, why))
	    gpurt_message ("region %s (%s) deoptimized and %s", r->name,
			   r->loc, why);
	  goto ERROR;
	}
    }
  /* The device heap: a failed allocation drops the results too.  */
  if (heap_mem != NULL)
    {
      if (!gpurt_cl_read (lane->queue, heap_mem, 1, 0,
			  GPU_HEAP_HEADER_WORDS * sizeof *heap, heap, why,
			  "the heap buffer"))
	goto ERROR;
      /* "heap 2": the iterations that ran out run again alone; the
	 results of those that completed stay on the device.  */
      if (heap[3] != 0 && r->heap == 2)
	{
	  uint64_t iter_bytes = gpurt_heap_iter_bytes (r, n[0]);
	  uint64_t left = n[0];
	  unsigned grown = 0;
	  int passes;

	  /* When passes stop completing iterations, the heap doubles, at
	     most GPURT_HEAP_RETRIES times, keeping the results.  */
	  while ((passes = gpurt_heap_passes (r, lane, kernel, global, local,
					      heap_mem, heap, left,
					      event_ptr != NULL, why)) == 0
		 && grown < GPURT_HEAP_RETRIES
		 && heap_bytes <= (gpurt_heap_max (dev) - iter_bytes) / 2)
	    {
	      /* No larger buffer: as when the retries are over.  */
	      if (!gpurt_heap_grow (r, dev, lane, &heap_mem, heap_bytes,
				    iter_bytes, heap, why))
		{
		  if (gpurt_env.verbose >= 2)
		    gpurt_message ("region %s (%s): %s", r->name, r->loc, why);
		  why[0] = '\0';
		  break;
		}
	      if (!gpurt_set_args (r, kernel, &plan, lk, args, n, start,
				   deopt_mem, heap_mem, why))
		goto ERROR;
	      heap_bytes *= 2;
	      grown++;
	      left = UINT64_MAX;
	    }
	  if (passes < 0)
	    goto ERROR;
	  if (passes == 0 && gpurt_heap_host_ok)
	    {
	      /* The host finishes the iterations left; the others'
		 results come home.  */
	      uint8_t *left_bytes = malloc (n[0] ? n[0] : 1);
	      if (left_bytes == NULL)
		deopted = 2;
	      else if (!gpurt_cl_read (lane->queue, heap_mem, 1,
				       GPU_HEAP_HEADER_WORDS * sizeof *heap
				       + (size_t) heap[1] * 16
				       + GPU_HEAP_ITER_WORDS * 4, n[0],
				       left_bytes, why,
				       "the heap's iteration bytes"))
		{
		  free (left_bytes);
		  goto ERROR;
		}
	      else
		gpurt_heap_left = left_bytes;
	    }
	  else if (passes == 0)
	    deopted = 2;
	}
      else if (heap[3] != 0)
	deopted = 2;
      if (deopted)
	goto ERROR;
      /* "heap 3": the marks and the blocks, before any result comes
	 home (a failure here leaves host memory as it was).  */
      if (r->escape != 0)
	{
	  esc_used = GPU_HEAP_HEADER_WORDS * sizeof *heap
		     + (uint64_t) (heap[0] < heap[1] ? heap[0] : heap[1]) * 16;
	  esc_heap = malloc (esc_used);
	  if (esc_heap == NULL)
	    {
	      gpurt_set_why (why, "out of memory for the %" PRIu64 " bytes"
			     " of the device heap used", esc_used);
	      goto ERROR;
	    }
	  if (!gpurt_cl_read (lane->queue, heap_mem, 1,
			      GPU_HEAP_HEADER_WORDS * sizeof *heap
			      + (size_t) heap[1] * 16 + 8, esc_n,
			      esc_marks + 8, why, "the heap's marks")
	      || !gpurt_cl_read (lane->queue, heap_mem, 1, 0, esc_used,
				 esc_heap, why, "the device heap's blocks"))
	    goto ERROR;
	}
    }

  /* GPU_REDUCE hook: combine the partials into the host slots.  */
  if (r->reduce_wg != 0 && !gpurt_reduce_finish (r, &red, why))
    goto ERROR;
  if (!gpurt_buffers_copy_back (&plan, r, lane->queue, why))
    goto ERROR;
  /* The array of pointers is home, with heap offsets where the kernel
     stored blocks: host blocks instead.  */
  if (esc_heap != NULL)
    gpurt_heap_escape (r, esc_host, esc_n, esc_marks + 8, esc_heap,
		       esc_used);
  /* Only now, with everything else in host memory, the reductions'
     results: a failure before leaves the slots for the host path.  */
  if (r->reduce_wg != 0)
    gpurt_reduce_store (r, &red, args);
  gpurt_clock_mark (clock, GPURT_PART_COPY);
  ok = 1;
  plan.kept = keep;

 ERROR:
  free (red.values);
  free (esc_marks);
  free (esc_heap);
  if (ok && kernel != NULL && kernel == lk->flat_kernel)
    atomic_fetch_add (&r->flat_runs, 1);
  if (!ok)
    {
      /* A kernel that did not finish may leave the last work-group's
	 count of work-groups done behind.  */
      if (red.last)
	lk->last_reset = 1;
      /* Nothing for the host to finish: it runs the whole loop.  */
      free (gpurt_heap_left);
      gpurt_heap_left = NULL;
      /* Let nothing still queued touch host memory once we return.  */
      gpurt_cl_drain (lane->queue);
      /* The kernel may have changed data earlier regions kept on the
	 device, which the host does not have: the host loop cannot start
	 over from host memory.  (Kept data the kernel only reads is
	 copied back when the plan is released, and the host loop runs.)  */
      for (k = 0; enqueued && k < plan.nbuffers; k++)
	if (plan.buffers[k].at_risk)
	  {
	    gpurt_message ("region %s (%s) failed on the device after its"
			   " kernel started, changing results of earlier"
			   " regions that only the device held: %s;"
			   " aborting", r->name, r->loc, why);
	    abort ();
	  }
    }
  /* The partials' reads are complete: waited for, or drained above.  */
  free (red.partials);
  if (kernel_event != NULL)
    gpurt_cl_event_ns (kernel_event);	/* releases it */
  if (deopt_mem != NULL)
    gpurt_cl_buffer_release (deopt_mem);
  /* HEAP_MEM is the lane's, kept for its next launch.  */
  gpurt_plan_release (&plan);
  gpurt_clock_mark (clock, GPURT_PART_RELEASE);
  return deopted ? -deopted : ok;
}

/* Check the argument records ARGS (NARGS of them) and the trip counts N
   against the record of R.  Returns 1 if they agree, else 0 with WHY.  */

static int
gpurt_check_call (const struct gpurt_region *r, const uint64_t *args,
		  unsigned nargs, const uint64_t *n, char *why)
{
  unsigned k, d;

  if (nargs != r->nargs)
    {
      gpurt_set_why (why, "called with %u arguments, the record has %u",
		     nargs, r->nargs);
      return 0;
    }
  for (d = r->ndim; d < 3; d++)
    if (n[d] != 1)
      {
	gpurt_set_why (why, "trip count of unused dimension %u is %" PRIu64
		       ", not 1", d, n[d]);
	return 0;
      }
  for (k = 0; k < nargs; k++)
    {
      const uint64_t *a = args + 4 * (size_t) k;
      unsigned kind = (unsigned) (a[0] & 0xff);

      if (kind != (unsigned) r->args[k].kind)
	{
	  gpurt_set_why (why, "argument %u (%s): kind %u in the call, %s in"
			 " the record", k, r->args[k].name, kind,
			 r->args[k].kind == GPURT_ARG_BUFFER
			 ? "buffer" : r->args[k].kind == GPURT_ARG_SCALAR
			 ? "scalar" : "reduce");
	  return 0;
	}
      if (r->args[k].kind == GPURT_ARG_REDUCE
	  && (a[2] != r->args[k].op || a[3] != r->args[k].type))
	{
	  gpurt_set_why (why, "argument %u (%s): reduction operator/type"
			 " %" PRIu64 "/%" PRIu64 " in the call, %u/%u in the"
			 " record", k, r->args[k].name, a[2], a[3],
			 r->args[k].op, r->args[k].type);
	  return 0;
	}
      if (r->args[k].kind == GPURT_ARG_SCALAR && a[2] != r->args[k].size)
	{
	  gpurt_set_why (why, "argument %u (%s): scalar of %" PRIu64 " bytes"
			 " in the call, %u in the record", k,
			 r->args[k].name, a[2], r->args[k].size);
	  return 0;
	}
      if (r->args[k].kind == GPURT_ARG_BUFFER && (int64_t) a[2]
	  > (int64_t) a[3])
	{
	  gpurt_set_why (why, "argument %u (%s): range [%" PRId64 ", %" PRId64
			 ") is reversed", k, r->args[k].name, (int64_t) a[2],
			 (int64_t) a[3]);
	  return 0;
	}
    }
  return 1;
}

/* Bound each buffer argument of region R that the compiler marked
   GPU_ARG_OBJECT by the object its pointer points into: words 2 and 3 of
   its record in ARGS (NARGS of them) become the object's start and end,
   relative to the pointer.  Returns 0, with the reason in WHY, when some
   pointer points into no object the runtime knows.
   The compiler's range of any other buffer argument is cut to the heap
   block its pointer points into: the range takes no account of the
   tests around an access (a stencil's src[n - 1] under n > 0 reaches 4
   bytes before the block), and no access of the program goes outside
   its object, so nothing outside it is copied.  A range that does not
   meet the block (a pointer one past its end) is kept.  */

static int
gpurt_bound_objects (struct gpurt_region *r, uint64_t *args, unsigned nargs,
		     char *why)
{
  unsigned k;

  for (k = 0; k < nargs && k < r->nargs; k++)
    {
      uint64_t *a = args + 4 * (size_t) k;
      uintptr_t p = (uintptr_t) a[1], start, end;

      if (GPU_ARG_WORD0_KIND (a[0]) != GPU_ARG_BUFFER)
	continue;
      if (!(GPU_ARG_WORD0_FLAGS (a[0]) & GPU_ARG_OBJECT))
	{
	  int64_t lo = (int64_t) a[2], hi = (int64_t) a[3];
	  if (lo < hi && gpurt_heap_bounds ((const void *) p, &start, &end))
	    {
	      int64_t s = (int64_t) (start - p), e = (int64_t) (end - p);
	      if (lo < e && hi > s)
		{
		  a[2] = (uint64_t) (lo > s ? lo : s);
		  a[3] = (uint64_t) (hi < e ? hi : e);
		}
	    }
	  continue;
	}
      if (!gpurt_object_bounds ((const void *) p, &start, &end))
	{
	  gpurt_set_why (why, "argument %u (%s): the compiler could not bound"
			 " its accesses and it points into no heap block or"
			 " variable the runtime knows (the stack, memory of"
			 " another allocator or of mmap, a variable of a"
			 " stripped executable); declare it with GPU_EXTENT",
			 k, r->args[k].name);
	  return 0;
	}
      a[2] = (uint64_t) (int64_t) (start - p);
      a[3] = (uint64_t) (int64_t) (end - p);
    }
  return 1;
}

/* Batches pipelined over this many queues, each with its own device
   buffers: batch K's copy in, kernel and copy out go to queue K % 3, so
   that the copy in of batch K + 1 and the copy out of batch K - 1 run
   while batch K computes.  */
#define GPURT_PIPE_SLOTS 3
/* Data that fit the device are pipelined from this many bytes that move
   with the outer index.  A pipelined batch moves at most
   GPURT_PIPE_BATCH bytes (more batches hide more of the first copy in
   and the last copy out; each slot's pinned staging area, kept by the
   thread, is that large), data that fit are cut into at least
   GPURT_PIPE_BATCHES batches of at least GPURT_PIPE_BATCH_MIN bytes.
   GPURT_BATCH_BYTES sets the size instead.  */
#define GPURT_PIPE_MIN ((uint64_t) 64 << 20)
#define GPURT_PIPE_BATCH ((uint64_t) 32 << 20)
#define GPURT_PIPE_BATCHES 4
#define GPURT_PIPE_BATCH_MIN ((uint64_t) 8 << 20)
/* The pipeline's first batches grow from 1 / 2^GPURT_PIPE_RAMP of the
   batch size, doubling, and its last ones shrink the same way
   (with GPURT_BATCH_RAMP=1; by default all are of one size, which was
   faster on an H100): the first copy in and the last copy out, which no
   kernel or other copy hides, are then short.  */
#define GPURT_PIPE_RAMP 3

/* Most device buffers the calling thread keeps for its later pipelines,
   and most bytes: at most this, and an eighth of the device's memory (or
   of GPURT_DEVICE_MEM_LIMIT), which batch sizes do not count.  */
#define GPURT_PIPE_POOL 16
#define GPURT_PIPE_POOL_BYTES ((size_t) 256 << 20)

/* The calling thread's pipeline slots' queues and pinned staging areas,
   made on first use and kept, and the slots' device buffers of its last
   pipelines, idle, for the next ones (a launch in a host loop then does
   not make them again).  */
static _Thread_local struct
{
  struct gpurt_device *dev;
  cl_command_queue queue[GPURT_PIPE_SLOTS];
  cl_mem pinned[GPURT_PIPE_SLOTS];
  char *host[GPURT_PIPE_SLOTS];
  size_t host_size;		/* bytes of each HOST */
  int no_pinned;		/* no pinned memory here (a CPU device) */
  cl_mem pool[GPURT_PIPE_POOL];	/* idle device buffers on DEV */
  size_t pool_size[GPURT_PIPE_POOL];
  unsigned npool;
  size_t pool_bytes;		/* the sum of POOL_SIZE */
} gpurt_pipe;

/* Release the calling thread's idle pipeline buffers.  */

static void
gpurt_pipe_pool_release (void)
{
  while (gpurt_pipe.npool > 0)
    gpurt_cl_buffer_release (gpurt_pipe.pool[--gpurt_pipe.npool]);
  gpurt_pipe.pool_bytes = 0;
}

/* A read-write device buffer of at least SIZE bytes on DEV for a
   pipeline slot (WHAT names its argument): the smallest idle one that
   is large enough, else a new one.  Returns NULL with WHY.  */

static cl_mem
gpurt_pipe_buffer (struct gpurt_device *dev, size_t size, char *why,
		   const char *what)
{
  unsigned i, best = GPURT_PIPE_POOL;

  if (gpurt_pipe.dev == dev)
    for (i = 0; i < gpurt_pipe.npool; i++)
      if (gpurt_pipe.pool_size[i] >= size
	  && (best == GPURT_PIPE_POOL
	      || gpurt_pipe.pool_size[i] < gpurt_pipe.pool_size[best]))
	best = i;
  if (best == GPURT_PIPE_POOL)
    return gpurt_cl_buffer (dev, CL_MEM_READ_WRITE, size, why, what);
  cl_mem mem = gpurt_pipe.pool[best];
  gpurt_pipe.pool_bytes -= gpurt_pipe.pool_size[best];
  gpurt_pipe.npool--;
  gpurt_pipe.pool[best] = gpurt_pipe.pool[gpurt_pipe.npool];
  gpurt_pipe.pool_size[best] = gpurt_pipe.pool_size[gpurt_pipe.npool];
  return mem;
}

/* MEM, SIZE bytes on DEV made by gpurt_pipe_buffer, is idle (nothing
   queued uses it): keep it for a later pipeline, or release it.  */

static void
gpurt_pipe_buffer_done (struct gpurt_device *dev, cl_mem mem, size_t size)
{
  uint64_t limit = gpurt_device_memory (dev);
  size_t most = limit / 8 < GPURT_PIPE_POOL_BYTES ? (size_t) (limit / 8)
		: GPURT_PIPE_POOL_BYTES;

  if (mem == NULL)
    return;
  if (gpurt_pipe.dev != dev || gpurt_pipe.npool == GPURT_PIPE_POOL
      || size > most || gpurt_pipe.pool_bytes > most - size)
    {
      gpurt_cl_buffer_release (mem);
      return;
    }
  gpurt_pipe.pool[gpurt_pipe.npool] = mem;
  gpurt_pipe.pool_size[gpurt_pipe.npool++] = size;
  gpurt_pipe.pool_bytes += size;
}

/* Release the calling thread's pipeline staging areas (keeping the
   queues) or, with ALL, everything (at its lane's release).  */

void
gpurt_pipe_release (int all)
{
  unsigned i;

  for (i = 0; i < GPURT_PIPE_SLOTS; i++)
    {
      if (gpurt_pipe.host[i] != NULL)
	gpurt_cl_pinned_release (gpurt_pipe.queue[i], gpurt_pipe.pinned[i],
				 gpurt_pipe.host[i]);
      gpurt_pipe.host[i] = NULL;
      gpurt_pipe.pinned[i] = NULL;
      if (all)
	{
	  gpurt_cl_queue_release (gpurt_pipe.queue[i]);
	  gpurt_pipe.queue[i] = NULL;
	}
    }
  gpurt_pipe.host_size = 0;
  if (all)
    {
      gpurt_pipe_pool_release ();
      gpurt_pipe.dev = NULL;
    }
}

/* Make the calling thread's pipeline queues on DEV and, unless
   GPURT_PINNED says no, staging areas of at least STAGE bytes.  Returns
   1, or 0 with WHY (no queue).  */

static int
gpurt_pipe_prepare (struct gpurt_device *dev, size_t stage, char *why)
{
  unsigned i;

  if (gpurt_pipe.dev != dev)
    gpurt_pipe_release (1);
  gpurt_pipe.dev = dev;
  for (i = 0; i < GPURT_PIPE_SLOTS; i++)
    if (gpurt_pipe.queue[i] == NULL
	&& (gpurt_pipe.queue[i] = gpurt_device_new_queue (dev, why)) == NULL)
      return 0;
  if (gpurt_env.pinned == 0 || stage == 0 || gpurt_pipe.no_pinned
      || gpurt_pipe.host_size >= stage)
    return 1;
  gpurt_pipe_release (0);
  for (i = 0; i < GPURT_PIPE_SLOTS; i++)
    {
      gpurt_pipe.host[i] = gpurt_cl_pinned (gpurt_pipe.queue[i], stage,
					    gpurt_env.pinned > 0,
					    &gpurt_pipe.pinned[i]);
      if (gpurt_pipe.host[i] == NULL)
	{
	  /* Straight copies from now on.  */
	  gpurt_pipe_release (0);
	  gpurt_pipe.no_pinned = 1;
	  return 1;
	}
    }
  gpurt_pipe.host_size = stage;
  if (gpurt_env.verbose >= 2)
    gpurt_message ("pinned staging: %u areas of %zu bytes for this"
		   " thread's pipelined batches", GPURT_PIPE_SLOTS, stage);
  return 1;
}

/* The J-th "move" argument's words of EXT (docs/ABI.md section 9): the
   bytes one outer iteration accesses, *ONE, and how far they move from
   one outer iteration to the next, *ABS_STEP.  */

static void
gpurt_batch_extent (const uint64_t *ext, unsigned j, uint64_t *one,
		    uint64_t *abs_step)
{
  int64_t lo0 = (int64_t) ext[3 * j], hi0 = (int64_t) ext[3 * j + 1];
  int64_t s = (int64_t) ext[3 * j + 2];

  *one = hi0 > lo0 ? (uint64_t) (hi0 - lo0) : 0;
  *abs_step = s < 0 ? -(uint64_t) s : (uint64_t) s;
}

/* See gpurt-internal.h.  */

int
gpurt_batch_splits (const struct gpurt_region *r, const uint64_t *args,
		    unsigned nargs, const uint64_t *ext, char *why)
{
  unsigned k, j = 0;

  for (k = 0; k < nargs; k++)
    {
      const uint64_t *a = args + 4 * (size_t) k;

      if (GPU_ARG_WORD0_KIND (a[0]) != GPU_ARG_BUFFER)
	continue;
      if (r->args[k].batch != 'm')
	{
	  if (GPU_ARG_WORD0_FLAGS (a[0]) & GPU_ARG_WRITTEN)
	    {
	      gpurt_set_why (why, "argument %u (%s) is written and its range"
			     " does not move with the outer index", k,
			     r->args[k].name);
	      return 0;
	    }
	  continue;
	}
      uint64_t one, abs_s;

      gpurt_batch_extent (ext, j++, &one, &abs_s);
      if ((GPU_ARG_WORD0_FLAGS (a[0]) & GPU_ARG_WRITTEN) && abs_s < one)
	{
	  gpurt_set_why (why, "argument %u (%s): the ranges successive outer"
			 " iterations write overlap", k, r->args[k].name);
	  return 0;
	}
    }
  return 1;
}

/* The batch size of region R on DEV for the launch ARGS (NARGS
   arguments, EXT the words after them, docs/ABI.md section 9) over the
   trip counts N, when SLOTS batches are on the device at once (1:
   one after the other; more: pipelined, which batches also data that
   fit when they are large, unless KEEP: the results may stay on the
   device, or R has kernel variants), UNSPLIT NULL when the launch can be
   cut along its outer index, else why not (gpurt_batch_splits's answer):
   outer iterations per batch, 0 when the launch needs no batches,
   UINT64_MAX with WHY when it needs them and cannot have them.  */

uint64_t
gpurt_batch_size (const struct gpurt_region *r,
		  const struct gpurt_device *dev, const uint64_t *args,
		  unsigned nargs, const uint64_t *ext, const uint64_t *n,
		  unsigned slots, int keep, const char *unsplit, char *why)
{
  uint64_t limit = gpurt_device_memory (dev);
  uint64_t total = 0, fixed = 0, slice = 0, step = 0, outer, budget;
  uint64_t most = dev->max_mem_alloc_size, c, nb, bytes = gpurt_env.batch_bytes;
  unsigned k, j = 0;
  int big = 0, room, fit;

  if (unsplit != NULL)
    gpurt_set_why (why, "%s", unsplit);

  for (k = 0; k < nargs; k++)
    {
      const uint64_t *a = args + 4 * (size_t) k;
      int64_t lo = (int64_t) a[2], hi = (int64_t) a[3];
      uint64_t size = hi > lo ? (uint64_t) (hi - lo) : 0;

      if (GPU_ARG_WORD0_KIND (a[0]) != GPU_ARG_BUFFER)
	continue;
      total += size;
      big |= size > most;
      if (r->args[k].batch != 'm')
	{
	  fixed += size;
	  continue;
	}
      uint64_t one, abs_s;

      gpurt_batch_extent (ext, j++, &one, &abs_s);
      slice += one < size ? one : size;
      step += abs_s;
    }
  outer = n[r->ndim - 1];
  /* A launch whose data fit the device never needs batches: when it
     cannot have them (it cannot be cut, or not into batches of
     GPURT_BATCH_BYTES, a tuning knob and not a limit), it runs
     unbatched.  */
  room = total <= limit && !big;
  fit = room && (bytes == 0 || total <= bytes);
  if (unsplit != NULL)
    return room ? 0 : UINT64_MAX;
  /* Nor are data that fit pipelined for a region with kernel variants
     (tiles, register blocks): batches run the plain kernel (on an H100,
     matmul 4096 took 134 ms of kernels pipelined, 5.8 ms whole).  */
  if (fit && (slots == 1 || keep || bytes != 0 || total - fixed < GPURT_PIPE_MIN
	      || outer < 2 || r->nvariants != 0))
    return 0;
  /* Bytes of one batch's moving slices: a share of what the device has
     left, at most GPURT_BATCH_BYTES with the fixed data.  */
  budget = limit > fixed ? (limit - fixed) / slots : 0;
  if (bytes != 0)
    budget = bytes > fixed && bytes - fixed < budget ? bytes - fixed
	     : bytes > fixed ? budget : 0;
  else if (slots > 1 && budget > GPURT_PIPE_BATCH)
    budget = slice > GPURT_PIPE_BATCH ? slice : GPURT_PIPE_BATCH;
  if (budget < slice)
    {
      if (room)
	return 0;
      gpurt_set_why (why, "its data (%" PRIu64 " bytes) do not fit the"
		     " device (%" PRIu64 " bytes%s), nor in batches (%" PRIu64
		     " bytes that do not move with the outer index, %" PRIu64
		     " more per outer iteration)", total, limit,
		     gpurt_env.device_mem_limit ? ", GPURT_DEVICE_MEM_LIMIT"
		     : "", fixed, slice);
      return UINT64_MAX;
    }
  c = step != 0 ? (budget - slice) / step + 1 : outer;
  if (step != 0 && big && (most - slice) / step + 1 < c)
    c = most > slice ? (most - slice) / step + 1 : 1;
  /* Data that fit, pipelined: a few batches, not too small.  */
  if (fit)
    {
      nb = (total - fixed) / GPURT_PIPE_BATCH_MIN;
      nb = nb < GPURT_PIPE_BATCHES ? nb : GPURT_PIPE_BATCHES;
      if ((outer + nb - 1) / nb < c)
	c = (outer + nb - 1) / nb;
    }
  if (c > outer)
    c = outer;
  /* As few batches as that, of even sizes.  */
  nb = (outer + c - 1) / c;
  return (outer + nb - 1) / nb;
}

/* See gpurt-internal.h.  */

void
gpurt_batch_ranges (const struct gpurt_region *r, const uint64_t *args,
		    unsigned nargs, const uint64_t *ext, uint64_t first,
		    uint64_t last, uint64_t *a)
{
  unsigned k, j;

  for (k = 0, j = 0; k < nargs; k++)
    {
      const uint64_t *w = args + 4 * (size_t) k;
      int64_t lo, hi, s;

      if (GPU_ARG_WORD0_KIND (w[0]) != GPU_ARG_BUFFER
	  || r->args[k].batch != 'm')
	continue;
      s = (int64_t) ext[3 * j + 2];
      lo = (int64_t) ext[3 * j] + (int64_t) (s < 0 ? last - 1 : first) * s;
      hi = (int64_t) ext[3 * j + 1]
	   + (int64_t) (s < 0 ? first : last - 1) * s;
      j++;
      lo = lo > (int64_t) w[2] ? lo : (int64_t) w[2];
      hi = hi < (int64_t) w[3] ? hi : (int64_t) w[3];
      a[4 * k + 2] = (uint64_t) lo;
      a[4 * k + 3] = (uint64_t) (hi > lo ? hi : lo);
    }
}

/* The end of the pipelined batch that starts at outer iteration FIRST
   of OUTER, batch number B of batches of C iterations: C, or less near
   either end (GPURT_PIPE_RAMP): the first batches double from C / 8,
   and once fewer than 2 * C iterations are left, each batch takes half
   of what is left, down to C / 8, the last one the rest.  */

static uint64_t
gpurt_pipe_last (uint64_t first, uint64_t outer, uint64_t c, unsigned b)
{
  uint64_t size = c, left = outer - first;
  uint64_t least = c >> GPURT_PIPE_RAMP;

  if (gpurt_env.batch_ramp)
    {
      least = least > 0 ? least : 1;
      if (b < GPURT_PIPE_RAMP)
	size = c >> (GPURT_PIPE_RAMP - b);
      if (size > left / 2)
	size = left / 2;
      if (size < least)
	size = least;
    }
  return size < left ? first + size : outer;
}

/* One slot of the batch pipeline: its queue, its device buffer for each
   "move" argument, its pinned staging area (or none: copies go straight
   from and to the user's arrays) and the batch it holds.  */

struct gpurt_pipe_slot
{
  cl_command_queue queue;
  cl_mem *mem;			/* per "move" argument */
  char *host;			/* its staging area (gpurt_pipe), or NULL */
  uint64_t *a;			/* the batch's argument words */
  int busy;			/* a batch is queued */
  cl_event *ev;			/* its copies' events, 2 * NARGS */
  cl_event kernel_event;	/* GPURT_PROFILE: its kernel's */
  cl_mem *red;			/* per reduction: its partial results */
  void **red_host;		/* per reduction: their copy on the host */
  size_t groups;		/* partial results of the batch's reductions */
  size_t red_offset;		/* the first one's index */
  size_t *at;			/* per "move" argument: its slice's offset
				   in HOST for the copy in, and ... */
  size_t *out_at;		/* ... for the copy out (after OUT_BASE) */
  size_t out_base;		/* where HOST's room for copies out starts */
  unsigned nev;
};

/* Where a copy queued on slot S puts its event: only GPURT_PROFILE
   reads copies' device time (a driver makes and releases an event per
   copy otherwise for nothing).  */

static cl_event *
gpurt_pipe_event (struct gpurt_pipe_slot *s)
{
  return gpurt_env.profile != GPURT_PROFILE_OFF ? &s->ev[s->nev++] : NULL;
}

/* The host copies of one step of the pipeline (a batch's slices out of
   a slot's staging area, the next batch's into it), made together:
   GPURT_STAGE_MERGE (default) in one call of the host thread pool, else
   one call each.  Sets *WRITTEN when NOUT of the N copies C (the first
   ones) write host memory the user sees.  */

static void
gpurt_pipe_copies (const struct gpurt_host_copy *c, unsigned n,
		   unsigned nout, int *written)
{
  unsigned k;

  if (nout > 0)
    *written = 1;
  if (gpurt_env.stage_merge)
    gpurt_host_memcpy_many (c, n);
  else
    for (k = 0; k < n; k++)
      gpurt_host_memcpy (c[k].dst, c[k].src, c[k].size);
}

/* Bring home what slot S of the pipeline of R (NARGS arguments) holds:
   wait for its queue, add the copies of its written slices out of its
   staging area to COPY (*NCOPY of them; the caller makes them), combine
   its reductions' partial results into ACC (per argument; the first
   batch's, *FOLDED 0, set it), charge its copies' device time to R.
   Returns 1, or 0 with WHY.  */

static int
gpurt_pipe_drain (struct gpurt_region *r, unsigned nargs,
		  struct gpurt_pipe_slot *s, uint64_t *acc, int *folded,
		  struct gpurt_host_copy *copy, unsigned *ncopy, char *why)
{
  char after[300];
  unsigned k;

  if (!s->busy)
    return 1;
  snprintf (after, sizeof after, "a batch of kernel %s", r->name);
  if (!gpurt_cl_finish (s->queue, why, after))
    return 0;
  s->busy = 0;
  while (s->nev > 0)
    atomic_fetch_add (&r->batch_copy_ns, gpurt_cl_event_ns (s->ev[--s->nev]));
  if (s->kernel_event != NULL)
    {
      uint64_t ns = gpurt_cl_event_ns (s->kernel_event);

      atomic_fetch_add (&r->kernel_ns, ns);
      atomic_fetch_add (&r->batch_kernel_ns, ns);
      s->kernel_event = NULL;
    }
  for (k = 0; k < nargs; k++)
    if (r->args[k].kind == GPURT_ARG_REDUCE)
      {
	uint64_t part = 0;

	gpurt_reduce_combine (r->args[k].op, r->args[k].type,
			      s->red_host[k], s->groups, &part);
	if (*folded)
	  gpurt_reduce_fold (r->args[k].op, r->args[k].type,
			     r->args[k].size, &acc[k], &part);
	else
	  acc[k] = part;
      }
  *folded = 1;
  for (k = 0; s->host != NULL && k < nargs; k++)
    {
      const uint64_t *w = s->a + 4 * (size_t) k;
      size_t size = (size_t) (w[3] - w[2]);

      if (GPU_ARG_WORD0_KIND (w[0]) != GPU_ARG_BUFFER
	  || r->args[k].batch != 'm'
	  || !(GPU_ARG_WORD0_FLAGS (w[0]) & GPU_ARG_WRITTEN) || size == 0)
	continue;
      copy[*ncopy].dst = (char *) (uintptr_t) (w[1] + w[2]);
      copy[*ncopy].src = s->host + s->out_base + s->out_at[k];
      copy[(*ncopy)++].size = size;
    }
  return 1;
}

/* Queue on slot S the batch [FIRST, LAST) of outer iterations of region
   R (launch ARGS, NARGS arguments, trip counts N; S->a holds the batch's
   ranges) with kernel LK->kernel: copy in every "move" slice (through
   S's staging area when it has one: those host copies are made after
   the NCOPY copies out that COPY holds, together with them), run the
   kernel, copy the written slices out.  WHOLE holds the "whole"
   arguments' buffers.  Sets *WRITTEN once a copy out may write host
   memory.  Returns 1, or 0 with WHY.  */

static int
gpurt_pipe_queue (struct gpurt_region *r, struct gpurt_device *dev,
		  struct gpurt_lane *lane,
		  struct gpurt_lane_kernel *lk, unsigned nargs,
		  const uint64_t *n, uint64_t first, uint64_t last,
		  struct gpurt_pipe_slot *s, cl_mem *whole,
		  struct gpurt_host_copy *copy, unsigned ncopy, int *written,
		  char *why)
{
  size_t local[3], global[3], at = 0, out = 0;
  uint64_t nb[3] = { n[0], n[1], n[2] }, skip;
  cl_ulong f = first;
  unsigned nout = ncopy;
  cl_uint index = 0;
  unsigned k, d;
  int ok;

  nb[r->ndim - 1] = last;
  /* The slices' places in the staging area (inputs from its start,
     outputs from OUT_BASE), and their copies into it.  */
  for (k = 0; k < nargs; k++)
    {
      const uint64_t *w = s->a + 4 * (size_t) k;
      size_t size = (size_t) (w[3] - w[2]);

      if (GPU_ARG_WORD0_KIND (w[0]) != GPU_ARG_BUFFER
	  || r->args[k].batch != 'm' || s->host == NULL)
	continue;
      s->at[k] = at;
      s->out_at[k] = out;
      at += size;
      if (GPU_ARG_WORD0_FLAGS (w[0]) & GPU_ARG_WRITTEN)
	out += size;
      if (size == 0 || r->args[k].fills)
	continue;
      copy[ncopy].dst = s->host + s->at[k];
      copy[ncopy].src = (const char *) (uintptr_t) (w[1] + w[2]);
      copy[ncopy++].size = size;
    }
  gpurt_pipe_copies (copy, ncopy, nout, written);
  for (k = 0; k < nargs; k++)
    {
      const uint64_t *w = s->a + 4 * (size_t) k;
      size_t size = (size_t) (w[3] - w[2]);
      char *src = (char *) (uintptr_t) (w[1] + w[2]);
      cl_mem mem = r->args[k].batch == 'm' ? s->mem[k] : whole[k];
      cl_long off = -(cl_long) (int64_t) w[2];

      if (r->args[k].kind == GPURT_ARG_REDUCE)
	{
	  if (!gpurt_lane_arg (lk, lk->kernel, index++, sizeof (cl_mem),
			       &s->red[k], why, k, r->args[k].name))
	    return 0;
	  continue;
	}
      if (GPU_ARG_WORD0_KIND (w[0]) != GPU_ARG_BUFFER)
	{
	  if (!gpurt_lane_arg (lk, lk->kernel, index++, r->args[k].size,
			       &w[1], why, k, r->args[k].name))
	    return 0;
	  continue;
	}
      if (!gpurt_lane_arg (lk, lk->kernel, index++, sizeof mem, &mem, why, k,
			   r->args[k].name)
	  || !gpurt_lane_arg (lk, lk->kernel, index++, sizeof off, &off, why,
			      k, r->args[k].name))
	return 0;
      if (r->args[k].batch != 'm' || size == 0)
	continue;
      if (r->args[k].fills)
	{
	  /* The kernel stores the whole slice: nothing to copy in.  */
	  atomic_fetch_add (&r->bytes_filled, size);
	  continue;
	}
      if (s->host != NULL)
	src = s->host + s->at[k];
      if (!gpurt_cl_copy_async (s->queue, mem, 1, 0, size, src,
				gpurt_pipe_event (s), why))
	return 0;
      atomic_fetch_add (&r->bytes_h2d, size);
    }
  for (d = 0; d < 3; d++)
    {
      cl_ulong trip = nb[d];

      if (!gpurt_lane_arg (lk, lk->kernel, index++, sizeof trip, &trip, why,
			   d, NULL))
	return 0;
    }
  /* The batch's first outer iteration (as gpurt_run_on_device).  */
  if (!gpurt_lane_arg (lk, lk->kernel, index++, sizeof f, &f, why, r->nargs,
		       "gpu_f"))
    return 0;
  if (r->reduce_wg != 0)
    {
      /* The 1-D grid-stride loop over the flattened index space,
	 dimension 0 fastest, from the batch's first outer iteration (the
	 kernel's gpu_f).  */
      struct gpurt_reduce_launch rl;

      if (!gpurt_reduce_setup (r, lane, lk, nb, &rl, global, local, why))
	return 0;
      s->groups = rl.groups;
      s->red_offset = rl.offset;
      /* Each slot's partials come home and are combined on the host:
	 no gpu_rlast (the slots' kernels run at the same time).  */
      cl_mem none = NULL;
      if (r->reduce_last
	  && !gpurt_lane_arg (lk, lk->kernel, index++, sizeof none, &none,
			      why, r->nargs, "gpu_rlast"))
	return 0;
    }
  else
    {
      gpurt_choose_local_size (r->ndim, nb, r->kernel_work_group_size,
			       dev->max_work_item_sizes, local);
      for (d = 0; d < 3; d++)
	{
	  skip = d + 1 == r->ndim ? first : 0;
	  global[d] = (size_t) ((nb[d] - skip + local[d] - 1)
				/ local[d] * local[d]);
	}
    }
  if (!gpurt_cl_enqueue (s->queue, lk->kernel,
			 r->reduce_wg != 0 ? 1 : r->ndim, global, local,
			 gpurt_env.profile != GPURT_PROFILE_OFF
			 ? &s->kernel_event : NULL, why, r->name))
    return 0;
  s->busy = 1;
  /* The written slices, into the staging area's room for outputs (or
     the user's arrays), where gpurt_pipe_drain finds them.  */
  for (k = 0; k < nargs; k++)
    {
      const uint64_t *w = s->a + 4 * (size_t) k;
      size_t size = (size_t) (w[3] - w[2]);
      char *dst = (char *) (uintptr_t) (w[1] + w[2]);

      if (GPU_ARG_WORD0_KIND (w[0]) != GPU_ARG_BUFFER
	  || r->args[k].batch != 'm'
	  || !(GPU_ARG_WORD0_FLAGS (w[0]) & GPU_ARG_WRITTEN) || size == 0)
	continue;
      if (s->host != NULL)
	dst = s->host + s->out_base + s->out_at[k];
      *written |= s->host == NULL;
      ok = gpurt_cl_copy_async (s->queue, s->mem[k], 0, 0, size, dst,
				gpurt_pipe_event (s), why);
      if (!ok)
	return 0;
      atomic_fetch_add (&r->bytes_d2h, size);
    }
  for (k = 0; k < nargs; k++)
    if (r->args[k].kind == GPURT_ARG_REDUCE
	&& !gpurt_cl_copy_async (s->queue, s->red[k], 0,
				 s->red_offset * r->args[k].size,
				 s->groups * r->args[k].size, s->red_host[k],
				 gpurt_pipe_event (s), why))
      return 0;
  return 1;
}

/* Run region R on DEV in pipelined batches of C outer iterations (the
   launch ARGS, NARGS arguments, EXT the words after them, trip counts N):
   each slot of GPURT_PIPE_SLOTS has its own queue and buffers, reused
   round-robin.  Returns 1 when done, 0 with WHY when nothing reached host
   memory (the caller may run the batches otherwise); aborts when a
   failure comes after some batch's results did.  */

static int
gpurt_pipe_run (struct gpurt_region *r, struct gpurt_device *dev,
		const uint64_t *args, unsigned nargs, const uint64_t *n,
		uint64_t c, char *why)
{
  struct gpurt_pipe_slot slot[GPURT_PIPE_SLOTS];
  cl_mem *whole = NULL;
  size_t *most = NULL, stage = 0, stage_out = 0;
  struct gpurt_host_copy *copy = NULL;
  unsigned ncopy;
  const uint64_t *ext = args + 4 * (size_t) nargs;
  uint64_t outer = n[r->ndim - 1], first, last, t0, done = 0;
  struct gpurt_lane *lane;
  struct gpurt_lane_kernel *lk;
  struct gpurt_reduce_launch rl;
  size_t g[3], l[3];
  uint64_t *acc = NULL;
  unsigned i, k, b, nbatch = 0;
  int ok = 0, written = 0, folded = 0;

  memset (slot, 0, sizeof slot);
  lane = gpurt_lane_get (dev, why);
  lk = lane != NULL ? gpurt_lane_kernel (lane, r, why) : NULL;
  if (lk == NULL)
    return 0;
  whole = calloc (nargs + 1, sizeof *whole);
  most = calloc (nargs + 1, sizeof *most);
  acc = calloc (nargs + 1, sizeof *acc);
  copy = calloc (2 * (size_t) nargs + 1, sizeof *copy);
  for (i = 0; i < GPURT_PIPE_SLOTS; i++)
    {
      slot[i].mem = calloc (nargs + 1, sizeof *slot[i].mem);
      slot[i].a = malloc (4 * (size_t) nargs * sizeof *slot[i].a + 1);
      slot[i].ev = calloc (2 * (size_t) nargs + 1, sizeof *slot[i].ev);
      slot[i].red = calloc (nargs + 1, sizeof *slot[i].red);
      slot[i].red_host = calloc (nargs + 1, sizeof *slot[i].red_host);
      slot[i].at = calloc (2 * (size_t) nargs + 1, sizeof *slot[i].at);
      if (slot[i].mem == NULL || slot[i].a == NULL || slot[i].ev == NULL
	  || slot[i].red == NULL || slot[i].red_host == NULL
	  || slot[i].at == NULL)
	break;
      slot[i].out_at = slot[i].at + nargs;
      memcpy (slot[i].a, args, 4 * (size_t) nargs * sizeof *args);
    }
  if (whole == NULL || most == NULL || acc == NULL || copy == NULL
      || i < GPURT_PIPE_SLOTS)
    {
      gpurt_set_why (why, "out of memory for the batch pipeline");
      goto ERROR;
    }
  /* The largest slice of each "move" argument over the batches.  */
  for (first = 0, b = 0; first < outer; first = last, b++)
    {
      last = gpurt_pipe_last (first, outer, c, b);
      nbatch = b + 1;
      gpurt_batch_ranges (r, args, nargs, ext, first, last, slot[0].a);
      for (k = 0; k < nargs; k++)
	if (slot[0].a[4 * k + 3] - slot[0].a[4 * k + 2] > most[k])
	  most[k] = (size_t) (slot[0].a[4 * k + 3] - slot[0].a[4 * k + 2]);
    }
  /* Reductions: each slot's partial results, as many as the largest
     batch (the last: its index space from 0 is the whole) has.  */
  if (r->reduce_wg != 0
      && !gpurt_reduce_setup (r, lane, lk, n, &rl, g, l, why))
    goto ERROR;
  for (k = 0; k < nargs; k++)
    {
      const uint64_t *w = args + 4 * (size_t) k;

      if (r->args[k].kind == GPURT_ARG_REDUCE)
	for (i = 0; i < GPURT_PIPE_SLOTS; i++)
	  {
	    slot[i].red[k] = gpurt_cl_buffer (dev, CL_MEM_READ_WRITE,
					      (rl.offset + rl.groups)
					      * r->args[k].size, why,
					      r->args[k].name);
	    slot[i].red_host[k] = malloc (rl.groups * r->args[k].size + 1);
	    if (slot[i].red[k] == NULL)
	      goto ERROR;
	    if (slot[i].red_host[k] == NULL)
	      {
		gpurt_set_why (why, "out of memory for partial results");
		goto ERROR;
	      }
	  }
      if (GPU_ARG_WORD0_KIND (w[0]) != GPU_ARG_BUFFER)
	continue;
      if (r->args[k].batch == 'm')
	{
	  stage += most[k];
	  if (GPU_ARG_WORD0_FLAGS (w[0]) & GPU_ARG_WRITTEN)
	    stage_out += most[k];
	  if (most[k] == 0)
	    most[k] = 1;
	  for (i = 0; i < GPURT_PIPE_SLOTS; i++)
	    if ((slot[i].mem[k] = gpurt_pipe_buffer (dev, most[k], why,
						     r->args[k].name)) == NULL)
	      goto ERROR;
	  continue;
	}
      /* A "whole" argument is read only: one copy for all batches.  */
      whole[k] = gpurt_cl_buffer (dev, CL_MEM_READ_ONLY,
				  w[3] > w[2] ? (size_t) (w[3] - w[2]) : 1,
				  why, r->args[k].name);
      if (whole[k] == NULL)
	goto ERROR;
    }
  /* Pinned staging where copies from pageable memory are slow
     (GPURT_PINNED, as gpurt-stage.c); none: straight copies.  Each
     slot's area has room for the inputs, then for the outputs, so that
     the host copies a batch's outputs out of it and the next batch's
     inputs into it at once.  */
  if (!gpurt_pipe_prepare (dev, stage + stage_out, why))
    goto ERROR;
  for (i = 0; i < GPURT_PIPE_SLOTS; i++)
    {
      slot[i].queue = gpurt_pipe.queue[i];
      slot[i].host = gpurt_pipe.host[i];
      slot[i].out_base = stage;
    }
  for (k = 0; k < nargs; k++)
    if (whole[k] != NULL && args[4 * k + 3] > args[4 * k + 2]
	&& !gpurt_cl_write (slot[0].queue, whole[k], 0,
			    (size_t) (args[4 * k + 3] - args[4 * k + 2]),
			    (const char *) (uintptr_t) (args[4 * k + 1]
							+ args[4 * k + 2]),
			    why))
      goto ERROR;
  if (!gpurt_cl_finish (slot[0].queue, why, "the whole arguments' copy"))
    goto ERROR;
  if (gpurt_env.verbose >= 1)
    gpurt_message ("region %s (%s) runs in pipelined batches of %" PRIu64
		   " outer iterations of %" PRIu64 " (%u batches%s, %u queues%s)",
		   r->name, r->loc, c, outer, nbatch,
		   gpurt_env.batch_ramp && nbatch > 1
		   ? ", the first and last smaller" : "", GPURT_PIPE_SLOTS,
		   slot[0].host != NULL ? ", pinned staging" : "");
  t0 = gpurt_now_ns ();
  for (first = 0, b = 0; first < outer; first = last, b++)
    {
      struct gpurt_pipe_slot *s = &slot[b % GPURT_PIPE_SLOTS];

      last = gpurt_pipe_last (first, outer, c, b);
      ncopy = 0;
      if (!gpurt_pipe_drain (r, nargs, s, acc, &folded, copy, &ncopy, why))
	goto ERROR;
      gpurt_batch_ranges (r, args, nargs, ext, first, last, s->a);
      if (!gpurt_pipe_queue (r, dev, lane, lk, nargs, n, first, last, s,
			     whole, copy, ncopy, &written, why))
	goto ERROR;
      done++;
    }
  for (i = 0; i < GPURT_PIPE_SLOTS; i++)
    {
      ncopy = 0;
      if (!gpurt_pipe_drain (r, nargs, &slot[(b + i) % GPURT_PIPE_SLOTS],
			     acc, &folded, copy, &ncopy, why))
	goto ERROR;
      gpurt_pipe_copies (copy, ncopy, ncopy, &written);
    }
  /* Only now, with everything else in host memory, the reductions'
     results.  */
  for (k = 0; k < nargs; k++)
    if (r->args[k].kind == GPURT_ARG_REDUCE)
      memcpy ((void *) (uintptr_t) args[4 * (size_t) k + 1], &acc[k],
	      r->args[k].size);
  atomic_fetch_add (&r->batch_wall_ns, gpurt_now_ns () - t0);
  atomic_fetch_add (&r->batches, done);
  atomic_fetch_add (&r->batch_piped, done);
  ok = 1;

 ERROR:
  for (i = 0; i < GPURT_PIPE_SLOTS; i++)
    if (slot[i].queue != NULL)
      gpurt_cl_drain (slot[i].queue);
  if (!ok && written)
    {
      /* Earlier batches changed host memory: the host loop cannot start
	 over.  */
      gpurt_message ("region %s (%s): a pipelined batch failed after"
		     " others wrote their results: %s; aborting", r->name,
		     r->loc, why);
      abort ();
    }
  for (i = 0; i < GPURT_PIPE_SLOTS; i++)
    {
      while (slot[i].ev != NULL && slot[i].nev > 0)
	gpurt_cl_event_ns (slot[i].ev[--slot[i].nev]);
      gpurt_cl_event_ns (slot[i].kernel_event);
      /* The queues are drained: the buffers are idle.  */
      for (k = 0; slot[i].mem != NULL && k < nargs; k++)
	gpurt_pipe_buffer_done (dev, slot[i].mem[k], most ? most[k] : 0);
      for (k = 0; slot[i].red != NULL && k < nargs; k++)
	{
	  if (slot[i].red[k] != NULL)
	    gpurt_cl_buffer_release (slot[i].red[k]);
	  if (slot[i].red_host != NULL)
	    free (slot[i].red_host[k]);
	}
      free (slot[i].mem);
      free (slot[i].a);
      free (slot[i].ev);
      free (slot[i].red);
      free (slot[i].red_host);
      free (slot[i].at);
    }
  for (k = 0; whole != NULL && k < nargs; k++)
    if (whole[k] != NULL)
      gpurt_cl_buffer_release (whole[k]);
  free (whole);
  free (most);
  free (acc);
  free (copy);
  return ok;
}

/* Run region R on DEV in batches of its outermost index when the data
   of the launch ARGS (NARGS arguments) over the trip counts N do not fit
   the device, or are large and not kept there (KEEP: the launch may keep
   its results): then the batches are pipelined (docs/ABI.md section 9),
   timing it in CLOCK.  Returns 1 when it ran so, -1 when it needs no
   batches (or has no "batch" lines: the usual launch follows), 0 with
   WHY when it must run on the host.  */

static int
gpurt_batch_run (struct gpurt_region *r, struct gpurt_device *dev,
		 const uint64_t *args, unsigned nargs, const uint64_t *n,
		 int keep, struct gpurt_clock *clock, char *why)
{
  const uint64_t *ext = args + 4 * (size_t) nargs;
  uint64_t c = UINT64_MAX;
  unsigned k;
  int ok = 0;
  char unsplit_why[GPURT_WHY_LEN];
  const char *unsplit;

  if (!r->batch || r->group_wg != 0 || r->ndeopts != 0 || r->heap)
    return -1;
  unsplit = gpurt_batch_splits (r, args, nargs, ext, unsplit_why) ? NULL
	    : unsplit_why;
  /* Pipelined: not for data that fit when the results may stay on the
     device (they cross the bus once anyway).  */
  if (gpurt_env.batch)
    {
      /* Results this region left on the device went home unused, and
	 none was ever used there: keeping them does not pay, and large
	 data are pipelined as if the launch did not keep them.  */
      int keeps = keep && !(atomic_load (&r->keep_unpaid)
			    && !atomic_load (&r->keep_paid));

      for (k = 0; k < nargs; k++)
	if (GPU_ARG_WORD0_KIND (args[4 * (size_t) k]) != GPU_ARG_BUFFER
	    && GPU_ARG_WORD0_KIND (args[4 * (size_t) k]) != GPU_ARG_SCALAR
	    && GPU_ARG_WORD0_KIND (args[4 * (size_t) k]) != GPU_ARG_REDUCE)
	  break;
      if (k == nargs)
	c = gpurt_batch_size (r, dev, args, nargs, ext, n, GPURT_PIPE_SLOTS,
			      keeps, unsplit, why);
      if (c == 0 && keeps && gpurt_env.verbose >= 2)
	gpurt_message ("region %s (%s): not in pipelined batches: its"
		       " results may stay on the device", r->name, r->loc);
      if (c != 0 && c != UINT64_MAX && keep && !keeps
	  && gpurt_env.verbose >= 2)
	gpurt_message ("region %s (%s): in pipelined batches although its"
		       " results may stay on the device: those of its"
		       " earlier launches went home unused", r->name, r->loc);
      if (c == 0)
	return -1;
      if (c != UINT64_MAX)
	{
	  gpurt_sync ();
	  gpurt_clock_mark (clock, GPURT_PART_ARGS);
	  ok = gpurt_pipe_run (r, dev, args, nargs, n, c, why);
	  gpurt_clock_mark (clock, GPURT_PART_COPY);
	  if (ok)
	    return 1;
	  if (gpurt_env.verbose >= 1)
	    gpurt_message ("region %s (%s): no pipelined batches: %s",
			   r->name, r->loc, why);
	}
    }
  why[0] = '\0';
  c = gpurt_batch_size (r, dev, args, nargs, ext, n, 1, keep, unsplit,
			why);
  if (c == 0)
    return -1;
  if (c == UINT64_MAX)
    return 0;
  /* Batches keep nothing on the device: what earlier regions kept goes
     home first, as batches copy in from host memory.  */
  gpurt_sync ();
  if (gpurt_env.verbose >= 1)
    gpurt_message ("region %s (%s) runs in batches of %" PRIu64 " outer"
		   " iterations of %" PRIu64, r->name, r->loc, c,
		   n[r->ndim - 1]);
  return gpurt_batch_span (r, dev, args, nargs, n, 0, n[r->ndim - 1], c,
			   NULL, 0, clock, why);
}

/* See gpurt-internal.h.  */

int
gpurt_batch_span (struct gpurt_region *r, struct gpurt_device *dev,
		  const uint64_t *args, unsigned nargs, const uint64_t *n,
		  uint64_t lo, uint64_t hi, uint64_t c, uint64_t *red,
		  int keep, struct gpurt_clock *clock, char *why)
{
  const uint64_t *ext = args + 4 * (size_t) nargs;
  uint64_t *a = NULL, *part = NULL, *acc = NULL;
  uint64_t first, nb[3], done = 0;
  unsigned k, site = 0;
  uint32_t iter = 0;
  int ok = 0;

  a = malloc (4 * (size_t) nargs * sizeof *a + 1);
  part = calloc (2 * (size_t) nargs + 1, sizeof *part);
  if (a == NULL || part == NULL)
    {
      gpurt_set_why (why, "out of memory for the batches' arguments");
      goto ERROR;
    }
  acc = red != NULL ? red : part + nargs;
  memcpy (a, args, 4 * (size_t) nargs * sizeof *a);
  /* Each batch's reduction result goes to PART, combined into ACC.  */
  for (k = 0; k < nargs; k++)
    if (GPU_ARG_WORD0_KIND (a[4 * k]) == GPU_ARG_REDUCE)
      a[4 * k + 1] = (uint64_t) (uintptr_t) &part[k];
  memcpy (nb, n, sizeof nb);
  for (first = lo; first < hi; first += c)
    {
      uint64_t last = first + c < hi ? first + c : hi;
      gpurt_batch_ranges (r, args, nargs, ext, first, last, a);
      nb[r->ndim - 1] = last;
      ok = gpurt_run_on_device (r, dev, a, nb, keep, clock, why, &site,
				&iter, 0, NULL, &first);
      if (ok <= 0)
	{
	  if (done == 0)
	    goto ERROR;
	  /* Earlier batches changed host memory: the host loop cannot
	     start over.  */
	  gpurt_message ("region %s (%s): batch at outer iteration %" PRIu64
			 " failed after %" PRIu64 " batches wrote their"
			 " results: %s; aborting", r->name, r->loc, first,
			 done, why);
	  abort ();
	}
      for (k = 0; k < nargs; k++)
	if (GPU_ARG_WORD0_KIND (a[4 * k]) == GPU_ARG_REDUCE)
	  {
	    if (done == 0)
	      acc[k] = part[k];
	    else
	      gpurt_reduce_fold (r->args[k].op, r->args[k].type,
				 r->args[k].size, &acc[k], &part[k]);
	  }
      done++;
    }
  /* A split launch's slices leave their results in RED for
     gpurt-multi.c to combine; a whole launch's go to their variables.  */
  for (k = 0; red == NULL && k < nargs; k++)
    if (GPU_ARG_WORD0_KIND (a[4 * k]) == GPU_ARG_REDUCE)
      memcpy ((void *) (uintptr_t) args[4 * (size_t) k + 1], &acc[k],
	      r->args[k].size);
  atomic_fetch_add (&r->batches, done);
  ok = 1;

 ERROR:
  free (a);
  free (part);
  return ok;
}

/* Run the loop nest described by the region record REGION on the device:
   ARGS holds 4 * NARGS words (docs/ABI.md section 3; bit 31 of NARGS,
   GPURT_NARGS_RANGES_INVALID, sends the launch to the host), N0, N1, N2
   are the trip counts.  Returns 1 when the results are in host memory, 0 when the
   caller must run its host loop.  */

int
gpurt_launch (const char *region, uint64_t *args, unsigned nargs,
	      uint64_t n0, uint64_t n1, uint64_t n2)
{
  const uint64_t n[3] = { n0, n1, n2 };
  char why[GPURT_WHY_LEN];
  struct gpurt_region *r;
  struct gpurt_device *dev;
  unsigned flags = nargs & GPU_NARGS_FLAGS;
  struct gpurt_clock clock;
  unsigned site = 0;
  uint64_t heap_bytes;
  uint32_t heap[GPU_HEAP_HEADER_WORDS];
  unsigned retries = 0;
  uint32_t iter = 0;
  int ok;

  nargs &= ~GPU_NARGS_FLAGS;
  gpurt_init ();
  gpurt_clock_start (&clock);
  r = gpurt_region_get (region);
  if (r != NULL)
    atomic_fetch_add (&r->launches, 1);
  /* On the host, a region without an outlined function is the caller's
     serial loop (gpurt_run overrides this).  */
  gpurt_last_host_threads = n0 && n1 && n2;

  if (n0 == 0 || n1 == 0 || n2 == 0)
    {
      /* Nothing to do.  The flag says whether a device is in use.  */
      dev = gpurt_env.device == GPURT_DEV_HOST ? NULL : gpurt_device_get ();
      gpurt_last_on_device = dev != NULL;
      return 1;
    }

  if (gpurt_env.device == GPURT_DEV_HOST)
    {
      /* Asked for: not a fallback, and never fatal.  */
      if (r != NULL)
	atomic_fetch_add (&r->host_runs, 1);
      gpurt_last_on_device = 0;
      return 0;
    }
  if (gpurt_device_forked ())
    {
      /* The rule for children of fork, not a failure: never fatal, said
	 once (SPEC section 5).  */
      if (r != NULL)
	atomic_fetch_add (&r->host_runs, 1);
      if (gpurt_env.fallback != GPURT_FALLBACK_SILENT
	  && atomic_exchange (&gpurt_fork_noted, 1) == 0)
	gpurt_message ("marked regions of process %ld run on the host: %s",
		       (long) getpid (), gpurt_device_host_reason ());
      gpurt_last_on_device = 0;
      return 0;
    }
  if (r == NULL)
    return gpurt_fallback (NULL, 0, "out of memory storing the region"
			   " record");
  if (r->error != NULL)
    return gpurt_fallback (r, 0, r->error);
  /* Bit 31 of NARGS: the compiler's access ranges do not hold for this
     launch (index arithmetic that may wrap; docs/ABI.md).  */
  if (flags & GPURT_NARGS_RANGES_INVALID)
    return gpurt_fallback (r, 0, "the index arithmetic may wrap around for"
			   " these bounds, so the accessed ranges are unknown");

  gpurt_clock_mark (&clock, GPURT_PART_LOOKUP);
  dev = gpurt_device_get ();
  if (dev == NULL)
    return gpurt_fallback (r, 1, gpurt_device_host_reason ());
  gpurt_clock_mark (&clock, GPURT_PART_READY);

  if (r->fp64 && !dev->fp64)
    {
      gpurt_set_why (why, "the kernel uses double and device '%s' has no"
		     " fp64", dev->name);
      return gpurt_fallback (r, 0, why);
    }
  if (!gpurt_bound_objects (r, args, nargs, why)
      || !gpurt_check_call (r, args, nargs, n, why))
    return gpurt_fallback (r, 0, why);
  gpurt_clock_mark (&clock, GPURT_PART_ARGS);
  if (!gpurt_region_build (r, dev, why))
    return gpurt_fallback (r, 0, why);
  gpurt_clock_mark (&clock, GPURT_PART_READY);

  /* GPURT_DEVICES: cut over several logical devices; else data larger
     than the device: batches of the outermost index.  */
  ok = gpurt_multi_run (r, dev, args, nargs, n, (flags & GPU_NARGS_KEEP) != 0
			&& !gpurt_env.verify, &clock, why);
  if (ok < 0)
    ok = gpurt_batch_run (r, dev, args, nargs, n,
			  (flags & GPU_NARGS_KEEP) != 0, &clock, why);
  if (ok == 0)
    return gpurt_fallback (r, 0, why);
  if (ok > 0)
    {
      gpurt_clock_add (r, &clock);
      atomic_fetch_add (&r->device_runs, 1);
      gpurt_last_on_device = 1;
      gpurt_last_host_threads = 0;
      return 1;
    }

  /* A speculated region keeps its results on the device as any other
     (its kernel is waited for, to read the deopt buffer; a deopt restores
     what it overwrote).  A region with a heap may have to start over from
     host memory after running out of heap: results earlier regions kept
     on the device go home first, and its own are not kept.  */
  if (r->heap)
    gpurt_sync ();
  heap_bytes = gpurt_heap_bytes (dev);
  for (;;)
    {
      ok = gpurt_run_on_device (r, dev, args, n,
				(flags & GPU_NARGS_KEEP) && !gpurt_env.verify
				&& !r->heap, &clock, why,
				&site, &iter, heap_bytes, heap, NULL);
      if (ok != -2)
	break;
      /* Out of heap: nothing was kept.  Again with twice the heap, a
	 few times, then the host loop (not a failure either).  */
      atomic_fetch_add (&r->heap_failed, 1);
      /* (A "heap 2" run grew its heap itself.)  */
      if (retries == GPURT_HEAP_RETRIES || r->heap == 2
	  || heap_bytes > gpurt_heap_max (dev) / 2)
	{
	  atomic_fetch_add (&r->host_runs, 1);
	  atomic_fetch_add (&r->heap_host, 1);
	  if (gpurt_env.verbose >= 1)
	    gpurt_message ("region %s (%s) ran out of its %" PRIu64 "-byte"
			   " device heap; the region runs on the host",
			   r->name, r->loc, heap_bytes);
	  gpurt_last_on_device = 0;
	  return 0;
	}
      retries++;
      atomic_fetch_add (&r->heap_retries, 1);
      if (gpurt_env.verbose >= 2)
	gpurt_message ("region %s (%s) ran out of its %" PRIu64 "-byte"
		       " device heap; again on the device with %" PRIu64
		       " bytes", r->name, r->loc, heap_bytes,
		       heap_bytes * 2);
      heap_bytes *= 2;
    }
  if (ok > 0 && r->heap)
    {
      atomic_store (&r->heap_used, (uint64_t) heap[0] * 16);
      atomic_fetch_add (&r->heap_allocs, heap[2]);
    }
  /* A "heap 2" run whose results came home but for the iterations out of
     heap: gpurt_run's host function runs those.  */
  if (ok > 0 && gpurt_heap_left != NULL)
    {
      gpurt_clock_add (r, &clock);
      atomic_fetch_add (&r->heap_failed, 1);
      atomic_fetch_add (&r->heap_host, 1);
      atomic_fetch_add (&r->host_runs, 1);
      if (gpurt_env.verbose >= 1)
	gpurt_message ("region %s (%s) ran out of its device heap; the host"
		       " runs the iterations left", r->name, r->loc);
      gpurt_last_on_device = 0;
      return 0;
    }
  if (ok < 0)
    {
      /* Not a failure: the host runs the region as the serial program
	 does (printing, ending the program), from host memory: the
	 region's own device copies were dropped, and what earlier regions
	 kept comes home first.  */
      gpurt_sync ();
      atomic_fetch_add (&r->deopt_runs, 1);
      atomic_fetch_add (&r->host_runs, 1);
      if (gpurt_env.verbose >= 1)
	gpurt_message ("region %s (%s) deoptimized: iteration %" PRIu32
		       "%s reached the call to %s at %s; the region runs"
		       " on the host", r->name, r->loc, iter,
		       iter == GPU_DEOPT_ITER_MAX ? " or later" : "",
		       r->deopts[site].call, r->deopts[site].loc);
      gpurt_last_on_device = 0;
      return 0;
    }
  if (!ok)
    return gpurt_fallback (r, 0, why);
  gpurt_clock_add (r, &clock);

  atomic_fetch_add (&r->device_runs, 1);
  gpurt_last_on_device = 1;
  gpurt_last_host_threads = 0;
  return 1;
}

/* Run the region as gpurt_launch does and, when it could not run on the
   device, run its outlined host function HOST (DATA, LO, HI) over the
   NHOST iterations of its outermost loop on the host threads.  Returns 1
   when the device ran it, 0 when the host did.  */

int
gpurt_run (const char *region, uint64_t *args, unsigned nargs,
	   uint64_t n0, uint64_t n1, uint64_t n2,
	   void (*host) (void *data, uint64_t lo, uint64_t hi), void *data,
	   uint64_t nhost)
{
  gpurt_last_host_threads = 0;
  gpurt_init ();
  if (gpurt_env.verify && host != NULL && gpurt_env.device != GPURT_DEV_HOST)
    {
      /* Both runs start from host memory.  */
      gpurt_sync ();
      const uint64_t n[3] = { n0, n1, n2 };
      int threads = 0;
      int both = gpurt_verify_run (region, args, nargs, n, host, data, nhost,
				   &threads);
      if (both >= 0)
	{
	  gpurt_last_host_threads = threads;
	  return both;
	}
    }
  gpurt_heap_host_ok = host != NULL && nhost == n0 && n1 == 1 && n2 == 1;
  int ran = gpurt_launch (region, args, nargs, n0, n1, n2);
  gpurt_heap_host_ok = 0;
  if (ran)
    return 1;
  if (gpurt_heap_left != NULL)
    {
      /* The iterations a "heap 2" run left, in order, on this thread.  */
      struct gpurt_region *r = gpurt_region_get (region);
      uint64_t count = gpurt_host_run_marked (host, data, gpurt_heap_left,
					      nhost);
      if (r != NULL)
	atomic_fetch_add (&r->heap_host_iters, count);
      free (gpurt_heap_left);
      gpurt_heap_left = NULL;
      gpurt_last_host_threads = 1;
      return 0;
    }
  gpurt_last_host_threads = gpurt_host_run (host, data, nhost);
  return 0;
}

/* The number of host threads that ran the calling thread's last region:
   0 when a device ran it (or it had no iteration).  */

int
gpurt_last_region_host_threads (void)
{
  return gpurt_last_host_threads;
}

/* Record the region REGION so that it appears in the profile even if it is
   never launched, and parse it early.  Safe from constructors.  */

void
gpurt_register (const char *region)
{
  gpurt_init ();
  gpurt_region_get (region);
  gpurt_startup_begin ();
}

/* The calling thread's lane when it keeps data on the device, its
   asynchronous kernels finished; NULL in the common case, also inside
   host loops: nothing kept.  */

static struct gpurt_lane *
gpurt_lane_settled (void)
{
  struct gpurt_lane *lane = gpurt_lane_peek ();

  if (lane == NULL || (lane->nkept == 0 && !lane->async_pending))
    return NULL;
  if (lane->async_pending)
    gpurt_lane_wait (lane);
  return lane;
}

/* Bring into host memory every result the calling thread's regions kept
   on the device (launches with GPU_NARGS_KEEP), and release their device
   copies.  The compiler calls it before host code that may touch them;
   cheap when there are none.  Aborts when a copy fails: the results
   exist nowhere else.  */

void
gpurt_sync (void)
{
  gpurt_multi_gather ();
  gpurt_sync_lane ();
}

/* See gpurt-internal.h.  */

void
gpurt_sync_lane (void)
{
  struct gpurt_lane *lane = gpurt_lane_settled ();

  if (lane != NULL)
    gpurt_map_sync (lane->dev, lane);
}

/* The host is about to load (STORE zero) or store the SIZE bytes at
   ADDR: when the calling thread keeps a device copy of any of them, wait
   for its kernels and make those bytes current in host memory, the
   copies staying on the device (gpurt_map_host_access); otherwise
   nothing, and its kernels go on running.  */

static void
gpurt_host_access (const void *addr, size_t size, int store)
{
  struct gpurt_lane *lane = gpurt_lane_peek ();
  uint64_t start = (uint64_t) (uintptr_t) addr;

  if (size != 0)
    gpurt_multi_host_access (start, start + size, store);
  if (lane == NULL || lane->nkept == 0 || size == 0)
    return;
  /* (Asynchronous launches use kept copies only, so an access that
     touches none of them cannot race with a copy in.)  */
  if (!gpurt_map_kept_overlaps (lane->dev, lane, start, start + size))
    return;
  lane = gpurt_lane_settled ();
  if (lane != NULL)
    gpurt_map_host_access (lane->dev, lane, start, start + size, store);
}

/* The host is about to store the SIZE bytes at ADDR (the compiler calls
   this before a single store between regions, instead of gpurt_sync; and
   before a single load in objects older than gpurt_sync_load): see
   gpurt_host_access.  The next launch copies in only the stored bytes.  */

void
gpurt_sync_range (const void *addr, size_t size)
{
  gpurt_host_access (addr, size, 1);
}

/* The host is about to load the SIZE bytes at ADDR (the compiler calls
   this before a single load between regions): see gpurt_host_access.
   The device copies stay current: nothing is copied in again.  */

void
gpurt_sync_load (const void *addr, size_t size)
{
  gpurt_host_access (addr, size, 0);
}

/* BLOCK, from malloc, is about to be freed: device copies the calling
   thread or split regions (gpurt-multi.c) kept of bytes inside it are
   dropped, not copied back (the compiler calls this before free instead
   of gpurt_sync).  Its size is asked of malloc once.  */

void
gpurt_discard (void *block)
{
  struct gpurt_lane *lane;
  uint64_t start = (uint64_t) (uintptr_t) block, end;

  if (block == NULL)
    return;
  lane = gpurt_lane_settled ();
  end = start + (uint64_t) malloc_usable_size (block);
  gpurt_multi_discard (start, end);
  if (lane != NULL)
    gpurt_map_discard (lane->dev, lane, start, end);
}

/* Nonzero when the calling thread's last gpurt_launch ran on a device.  */

int
gpurt_last_region_ran_on_device (void)
{
  return gpurt_last_on_device;
}
