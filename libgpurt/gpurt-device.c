/* gpurt-device.c -- the backend: loading OpenCL, choosing the device,
   building programs.

   OpenCL is loaded with dlopen on the first launch, never at program
   start and never under GPURT_DEVICE=host, so a program linked with
   libgpurt starts and runs (on the host) where no OpenCL loader is
   installed.  The entry points are listed once in gpurt-cl-funcs.def.

   One device is chosen per process, after GPURT_DEVICE (SPEC section 5),
   with one context; each host thread gets its own queue (gpurt-lane.c).
   Each region's program is built once for it, on first launch, under the
   region's build lock -- from a binary of the program cache when it has
   one (gpurt-cache.c keeps the bytes), else from source; a failed build
   is remembered so the region goes to the host at once on later
   launches.  With gpurt-cl.c this is the only file that calls OpenCL.  */

#include "gpurt-internal.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gpurt_cl_funcs gpurt_cl;

/* Every prototype in the .def list must match <CL/cl.h>; checked here
   without referencing the symbols (the operand of _Generic is not
   evaluated).  */
#define GPURT_CL_FUNC(RET, NAME, PARAMS)				\
  _Static_assert (_Generic (&NAME, RET (CL_API_CALL *) PARAMS: 1,	\
			    default: 0),				\
		  "gpurt-cl-funcs.def: wrong prototype for " #NAME);
#include "gpurt-cl-funcs.def"
#undef GPURT_CL_FUNC

static void gpurt_device_identity (struct gpurt_device *dev);

/* Held while the device is chosen (by the start-up thread or the first
   region), so that later callers wait for the choice; GPURT_DEVICE_
   CHOOSING is set meanwhile, for a child of fork.  */
static pthread_mutex_t gpurt_device_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int gpurt_device_choosing;
static struct gpurt_device gpurt_the_device;
static struct gpurt_device *gpurt_chosen;
static atomic_int gpurt_device_selected;
static char gpurt_host_reason[GPURT_WHY_LEN] = "device not chosen yet";

/* The name of the OpenCL error code ERR, for messages.  */

const char *
gpurt_cl_error_name (cl_int err)
{
  switch (err)
    {
    case 0: return "CL_SUCCESS";
    case -1: return "CL_DEVICE_NOT_FOUND";
    case -2: return "CL_DEVICE_NOT_AVAILABLE";
    case -3: return "CL_COMPILER_NOT_AVAILABLE";
    case -4: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
    case -5: return "CL_OUT_OF_RESOURCES";
    case -6: return "CL_OUT_OF_HOST_MEMORY";
    case -7: return "CL_PROFILING_INFO_NOT_AVAILABLE";
    case -8: return "CL_MEM_COPY_OVERLAP";
    case -9: return "CL_IMAGE_FORMAT_MISMATCH";
    case -10: return "CL_IMAGE_FORMAT_NOT_SUPPORTED";
    case -11: return "CL_BUILD_PROGRAM_FAILURE";
    case -12: return "CL_MAP_FAILURE";
    case -13: return "CL_MISALIGNED_SUB_BUFFER_OFFSET";
    case -14: return "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST";
    case -15: return "CL_COMPILE_PROGRAM_FAILURE";
    case -16: return "CL_LINKER_NOT_AVAILABLE";
    case -17: return "CL_LINK_PROGRAM_FAILURE";
    case -18: return "CL_DEVICE_PARTITION_FAILED";
    case -19: return "CL_KERNEL_ARG_INFO_NOT_AVAILABLE";
    case -30: return "CL_INVALID_VALUE";
    case -31: return "CL_INVALID_DEVICE_TYPE";
    case -32: return "CL_INVALID_PLATFORM";
    case -33: return "CL_INVALID_DEVICE";
    case -34: return "CL_INVALID_CONTEXT";
    case -35: return "CL_INVALID_QUEUE_PROPERTIES";
    case -36: return "CL_INVALID_COMMAND_QUEUE";
    case -37: return "CL_INVALID_HOST_PTR";
    case -38: return "CL_INVALID_MEM_OBJECT";
    case -39: return "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR";
    case -40: return "CL_INVALID_IMAGE_SIZE";
    case -41: return "CL_INVALID_SAMPLER";
    case -42: return "CL_INVALID_BINARY";
    case -43: return "CL_INVALID_BUILD_OPTIONS";
    case -44: return "CL_INVALID_PROGRAM";
    case -45: return "CL_INVALID_PROGRAM_EXECUTABLE";
    case -46: return "CL_INVALID_KERNEL_NAME";
    case -47: return "CL_INVALID_KERNEL_DEFINITION";
    case -48: return "CL_INVALID_KERNEL";
    case -49: return "CL_INVALID_ARG_INDEX";
    case -50: return "CL_INVALID_ARG_VALUE";
    case -51: return "CL_INVALID_ARG_SIZE";
    case -52: return "CL_INVALID_KERNEL_ARGS";
    case -53: return "CL_INVALID_WORK_DIMENSION";
    case -54: return "CL_INVALID_WORK_GROUP_SIZE";
    case -55: return "CL_INVALID_WORK_ITEM_SIZE";
    case -56: return "CL_INVALID_GLOBAL_OFFSET";
    case -57: return "CL_INVALID_EVENT_WAIT_LIST";
    case -58: return "CL_INVALID_EVENT";
    case -59: return "CL_INVALID_OPERATION";
    case -60: return "CL_INVALID_GL_OBJECT";
    case -61: return "CL_INVALID_BUFFER_SIZE";
    case -62: return "CL_INVALID_MIP_LEVEL";
    case -63: return "CL_INVALID_GLOBAL_WORK_SIZE";
    case -64: return "CL_INVALID_PROPERTY";
    case -65: return "CL_INVALID_IMAGE_DESCRIPTOR";
    case -66: return "CL_INVALID_COMPILER_OPTIONS";
    case -67: return "CL_INVALID_LINKER_OPTIONS";
    case -68: return "CL_INVALID_DEVICE_PARTITION_COUNT";
    case -69: return "CL_INVALID_PIPE_SIZE";
    case -70: return "CL_INVALID_DEVICE_QUEUE";
    case -71: return "CL_INVALID_SPEC_ID";
    case -72: return "CL_MAX_SIZE_RESTRICTION_EXCEEDED";
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR";
    default: return "unknown OpenCL error";
    }
}

/* dlopen the OpenCL ICD loader and resolve every entry point of
   gpurt-cl-funcs.def into gpurt_cl.  Returns 1 on success, else 0 with
   WHY.  The library is never closed.  */

int
gpurt_load_opencl (char *why)
{
  static const char *const names[] = { "libOpenCL.so.1", "libOpenCL.so" };
  void *handle = NULL;
  const char *missing = NULL;
  char first_error[256] = "";
  unsigned i;

  for (i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++)
    {
      handle = dlopen (names[i], RTLD_NOW | RTLD_LOCAL);
      if (handle == NULL && i == 0)
	snprintf (first_error, sizeof first_error, "%s", dlerror ());
    }
  if (handle == NULL)
    {
      gpurt_set_why (why, "no OpenCL loader (%s)", first_error);
      goto ERROR;
    }

#define GPURT_CL_FUNC(RET, NAME, PARAMS)				\
  if (missing == NULL)							\
    {									\
      void *sym = dlsym (handle, #NAME);				\
      if (sym == NULL)							\
	missing = #NAME;						\
      /* POSIX guarantees that this conversion works.  */		\
      memcpy (&gpurt_cl.NAME, &sym, sizeof sym);			\
    }
#include "gpurt-cl-funcs.def"
#undef GPURT_CL_FUNC

  if (missing != NULL)
    {
      gpurt_set_why (why, "the OpenCL loader %s has no %s", names[i - 1],
		     missing);
      goto ERROR;
    }
  return 1;

 ERROR:
  if (handle != NULL)
    dlclose (handle);
  return 0;
}

/* A short word for the device type TYPE.  */

const char *
gpurt_type_name (cl_device_type type)
{
  if (type & CL_DEVICE_TYPE_GPU)
    return "GPU";
  if (type & CL_DEVICE_TYPE_ACCELERATOR)
    return "accelerator";
  if (type & CL_DEVICE_TYPE_CPU)
    return "CPU";
  return "other";
}

/* Does HAYSTACK contain NEEDLE, ignoring case?  */

static int
gpurt_contains_nocase (const char *haystack, const char *needle)
{
  size_t n = strlen (needle), i;

  for (; *haystack != '\0'; haystack++)
    {
      for (i = 0; i < n; i++)
	if (haystack[i] == '\0'
	    || tolower ((unsigned char) haystack[i])
	       != tolower ((unsigned char) needle[i]))
	  break;
      if (i == n)
	return 1;
    }
  return n == 0;
}

/* Store the name of device ID, truncated to SIZE - 1 bytes, in NAME.  */

static void
gpurt_device_name (cl_device_id id, char *name, size_t size)
{
  size_t len = 0;
  char *full = NULL;

  snprintf (name, size, "?");
  if (gpurt_cl.clGetDeviceInfo (id, CL_DEVICE_NAME, 0, NULL, &len)
      != CL_SUCCESS)
    return;
  full = calloc (len + 1, 1);
  if (full != NULL
      && gpurt_cl.clGetDeviceInfo (id, CL_DEVICE_NAME, len, full, NULL)
	 == CL_SUCCESS)
    snprintf (name, size, "%s", full);
  free (full);
}

/* Fill *COUNT candidates into a malloc'ed array *LIST with every device of
   every platform.  Returns 1 on success (possibly with no device), else 0
   with WHY.  */

int
gpurt_list_devices (struct gpurt_candidate **list, unsigned *count,
		    char *why)
{
  cl_platform_id *platforms = NULL;
  cl_device_id *ids = NULL;
  struct gpurt_candidate *cands = NULL;
  cl_uint nplatforms = 0, ndevices, p, d;
  unsigned n = 0;
  cl_int err;
  int ok = 0;

  err = gpurt_cl.clGetPlatformIDs (0, NULL, &nplatforms);
  if (err == -1001 /* CL_PLATFORM_NOT_FOUND_KHR */ || nplatforms == 0)
    {
      ok = 1;
      goto ERROR;
    }
  if (err != CL_SUCCESS)
    {
      gpurt_set_why (why, "clGetPlatformIDs failed (%d, %s)", (int) err,
		     gpurt_cl_error_name (err));
      goto ERROR;
    }
  platforms = calloc (nplatforms, sizeof *platforms);
  if (platforms == NULL)
    {
      gpurt_set_why (why, "out of memory listing OpenCL platforms");
      goto ERROR;
    }
  err = gpurt_cl.clGetPlatformIDs (nplatforms, platforms, NULL);
  if (err != CL_SUCCESS)
    {
      gpurt_set_why (why, "clGetPlatformIDs failed (%d, %s)", (int) err,
		     gpurt_cl_error_name (err));
      goto ERROR;
    }

  for (p = 0; p < nplatforms; p++)
    {
      struct gpurt_candidate *grown;

      ndevices = 0;
      err = gpurt_cl.clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, 0,
				     NULL, &ndevices);
      if (err == CL_DEVICE_NOT_FOUND || ndevices == 0)
	continue;
      if (err != CL_SUCCESS)
	{
	  if (gpurt_env.verbose >= 1)
	    gpurt_message ("clGetDeviceIDs failed (%d, %s) for platform %u;"
			   " skipped", (int) err, gpurt_cl_error_name (err),
			   p);
	  continue;
	}
      free (ids);
      ids = calloc (ndevices, sizeof *ids);
      grown = realloc (cands, (n + ndevices) * sizeof *cands);
      if (ids == NULL || grown == NULL)
	{
	  if (grown != NULL)
	    cands = grown;
	  gpurt_set_why (why, "out of memory listing OpenCL devices");
	  goto ERROR;
	}
      cands = grown;
      err = gpurt_cl.clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL,
				     ndevices, ids, NULL);
      if (err != CL_SUCCESS)
	{
	  if (gpurt_env.verbose >= 1)
	    gpurt_message ("clGetDeviceIDs failed (%d, %s) for platform %u;"
			   " skipped", (int) err, gpurt_cl_error_name (err),
			   p);
	  continue;
	}
      for (d = 0; d < ndevices; d++)
	{
	  struct gpurt_candidate *c = &cands[n++];
	  cl_bool available = CL_FALSE, compiler = CL_FALSE;

	  memset (c, 0, sizeof *c);
	  c->platform = platforms[p];
	  c->id = ids[d];
	  c->platform_index = p;
	  c->device_index = d;
	  gpurt_device_name (ids[d], c->name, sizeof c->name);
	  if (gpurt_cl.clGetDeviceInfo (ids[d], CL_DEVICE_TYPE,
					sizeof c->type, &c->type, NULL)
	      != CL_SUCCESS)
	    c->type = 0;
	  if (gpurt_cl.clGetDeviceInfo (ids[d], CL_DEVICE_AVAILABLE,
					sizeof available, &available, NULL)
	      != CL_SUCCESS)
	    available = CL_FALSE;
	  if (gpurt_cl.clGetDeviceInfo (ids[d], CL_DEVICE_COMPILER_AVAILABLE,
					sizeof compiler, &compiler, NULL)
	      != CL_SUCCESS)
	    compiler = CL_FALSE;
	  c->usable = available && compiler;
	  if (gpurt_env.verbose >= 2)
	    gpurt_message ("OpenCL device %u:%u '%s' (%s)%s", p, d, c->name,
			   gpurt_type_name (c->type),
			   c->usable ? "" : ", not available or no compiler");
	}
    }
  ok = 1;

 ERROR:
  free (ids);
  free (platforms);
  if (!ok)
    {
      free (cands);
      cands = NULL;
      n = 0;
    }
  *list = cands;
  *count = n;
  return ok;
}

/* Under MPI or Slurm (gpurt_env.local_rank set, GPURT_DEVICE unset),
   pick for the process of local rank R the device R mod K among the K
   usable devices of the first type of ORDER (GPU, accelerator, CPU) that
   the N candidates CANDS have, so that the ranks of a host spread over
   its GPUs.  Returns it, or NULL when none is usable; *CHOSEN_BECAUSE
   says which rank chose it.  */

static struct gpurt_candidate *
gpurt_match_local_rank (struct gpurt_candidate *cands, unsigned n,
			const cl_device_type *order,
			const char **chosen_because)
{
  static char because[128];
  unsigned i, t, k, pick;

  for (t = 0; t < 3; t++)
    {
      k = 0;
      for (i = 0; i < n; i++)
	if (cands[i].usable && (cands[i].type & order[t]))
	  k++;
      if (k == 0)
	continue;
      pick = (unsigned) gpurt_env.local_rank % k;
      snprintf (because, sizeof because,
		"local rank %d of %s: device %u of %u %s devices",
		gpurt_env.local_rank, gpurt_env.local_rank_from, pick, k,
		gpurt_type_name (order[t]));
      for (i = 0; i < n; i++)
	if (cands[i].usable && (cands[i].type & order[t]) && pick-- == 0)
	  {
	    *chosen_because = because;
	    return &cands[i];
	  }
    }
  return NULL;
}

/* Pick one of the N candidates CANDS after GPURT_DEVICE.  Returns it, or
   NULL with WHY; *CHOSEN_BECAUSE says why the device was chosen.  */

struct gpurt_candidate *
gpurt_match_device (struct gpurt_candidate *cands, unsigned n,
		    const char **chosen_because, char *why)
{
  static const cl_device_type auto_order[3] = { CL_DEVICE_TYPE_GPU,
						CL_DEVICE_TYPE_ACCELERATOR,
						CL_DEVICE_TYPE_CPU };
  static const char *const auto_because[3] = {
    "first GPU",
    "no GPU; first accelerator",
    "no GPU or accelerator; first CPU device"
  };
  const char *req = gpurt_env.device_string;
  struct gpurt_candidate *c;
  unsigned i, t;

  switch (gpurt_env.device)
    {
    case GPURT_DEV_AUTO:
      c = gpurt_env.local_rank >= 0
	  ? gpurt_match_local_rank (cands, n, auto_order, chosen_because)
	  : NULL;
      if (c != NULL)
	return c;
      for (t = 0; t < 3; t++)
	for (i = 0; i < n; i++)
	  if (cands[i].usable && (cands[i].type & auto_order[t]))
	    {
	      *chosen_because = auto_because[t];
	      return &cands[i];
	    }
      gpurt_set_why (why, n == 0 ? "no OpenCL device"
				 : "no usable OpenCL GPU, accelerator or CPU"
				   " device");
      return NULL;

    case GPURT_DEV_GPU:
    case GPURT_DEV_CPU:
      t = gpurt_env.device == GPURT_DEV_GPU ? 0 : 2;
      for (i = 0; i < n; i++)
	if (cands[i].usable && (cands[i].type & auto_order[t]))
	  {
	    *chosen_because = "first of the requested type";
	    return &cands[i];
	  }
      gpurt_set_why (why, "GPURT_DEVICE=%s: no usable OpenCL %s device", req,
		     gpurt_type_name (auto_order[t]));
      return NULL;

    case GPURT_DEV_INDEX:
      for (i = 0; i < n; i++)
	if (cands[i].platform_index == gpurt_env.platform_index
	    && cands[i].device_index == gpurt_env.device_index)
	  {
	    if (!cands[i].usable)
	      {
		gpurt_set_why (why, "GPURT_DEVICE=%s: device '%s' is not"
			       " available or has no compiler", req,
			       cands[i].name);
		return NULL;
	      }
	    *chosen_because = "requested by index";
	    return &cands[i];
	  }
      gpurt_set_why (why, "GPURT_DEVICE=%s: no such OpenCL platform:device",
		     req);
      return NULL;

    case GPURT_DEV_NAME:
      for (i = 0; i < n; i++)
	if (cands[i].usable && gpurt_contains_nocase (cands[i].name, req))
	  {
	    *chosen_because = "name matches";
	    return &cands[i];
	  }
      gpurt_set_why (why, "GPURT_DEVICE=%s: no usable OpenCL device whose"
		     " name contains '%s'", req, req);
      return NULL;

    case GPURT_DEV_HOST:
    default:
      gpurt_set_why (why, "GPURT_DEVICE=host");
      return NULL;
    }
}

/* Does the space-separated list EXTENSIONS contain NAME?  */

static int
gpurt_has_extension (const char *extensions, const char *name)
{
  size_t len = strlen (name);
  const char *p = extensions;

  while ((p = strstr (p, name)) != NULL)
    {
      if ((p == extensions || p[-1] == ' ')
	  && (p[len] == '\0' || p[len] == ' '))
	return 1;
      p += len;
    }
  return 0;
}

/* Create the context and queue for the candidate C in DEV and read the
   device's limits.  Returns 1 on success, else 0 with WHY and nothing
   left allocated.  */

static int
gpurt_open_device (struct gpurt_device *dev, const struct gpurt_candidate *c,
		   char *why)
{
  cl_context_properties props[3];
  cl_device_fp_config double_config = 0;
  size_t ext_size = 0;
  char *extensions = NULL;
  cl_uint dims = 0;
  size_t sizes[16];
  cl_int err;
  const char *what = "";
  int ok = 0;

  memset (dev, 0, sizeof *dev);
  dev->platform = c->platform;
  dev->id = c->id;
  dev->platform_index = c->platform_index;
  dev->device_index = c->device_index;
  dev->type = c->type;
  memcpy (dev->name, c->name, sizeof dev->name);

  props[0] = CL_CONTEXT_PLATFORM;
  props[1] = (cl_context_properties) c->platform;
  props[2] = 0;
  dev->context = gpurt_cl.clCreateContext (props, 1, &dev->id, NULL, NULL,
					   &err);
  if (dev->context == NULL || err != CL_SUCCESS)
    {
      what = "clCreateContext";
      goto ERROR;
    }
  what = "clGetDeviceInfo (CL_DEVICE_EXTENSIONS)";
  err = gpurt_cl.clGetDeviceInfo (dev->id, CL_DEVICE_EXTENSIONS, 0, NULL,
				  &ext_size);
  if (err != CL_SUCCESS)
    goto ERROR;
  extensions = calloc (ext_size + 1, 1);
  if (extensions == NULL)
    {
      gpurt_set_why (why, "out of memory reading device extensions");
      goto ERROR;
    }
  err = gpurt_cl.clGetDeviceInfo (dev->id, CL_DEVICE_EXTENSIONS, ext_size,
				  extensions, NULL);
  if (err != CL_SUCCESS)
    goto ERROR;
  /* Devices without fp64 may refuse the query: that means no fp64.  */
  if (gpurt_cl.clGetDeviceInfo (dev->id, CL_DEVICE_DOUBLE_FP_CONFIG,
				sizeof double_config, &double_config, NULL)
      != CL_SUCCESS)
    double_config = 0;
  dev->fp64 = gpurt_has_extension (extensions, "cl_khr_fp64")
	      || double_config != 0;

  what = "clGetDeviceInfo (CL_DEVICE_SINGLE_FP_CONFIG)";
  err = gpurt_cl.clGetDeviceInfo (dev->id, CL_DEVICE_SINGLE_FP_CONFIG,
				  sizeof dev->single_fp_config,
				  &dev->single_fp_config, NULL);
  if (err != CL_SUCCESS)
    goto ERROR;
  what = "clGetDeviceInfo (CL_DEVICE_MAX_WORK_GROUP_SIZE)";
  err = gpurt_cl.clGetDeviceInfo (dev->id, CL_DEVICE_MAX_WORK_GROUP_SIZE,
				  sizeof dev->max_work_group_size,
				  &dev->max_work_group_size, NULL);
  if (err != CL_SUCCESS)
    goto ERROR;
  what = "clGetDeviceInfo (CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS)";
  err = gpurt_cl.clGetDeviceInfo (dev->id,
				  CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS,
				  sizeof dims, &dims, NULL);
  if (err != CL_SUCCESS)
    goto ERROR;
  if (dims < 3 || dims > 16)
    {
      gpurt_set_why (why, "device '%s' reports %u work-item dimensions",
		     dev->name, dims);
      goto ERROR;
    }
  what = "clGetDeviceInfo (CL_DEVICE_MAX_WORK_ITEM_SIZES)";
  err = gpurt_cl.clGetDeviceInfo (dev->id, CL_DEVICE_MAX_WORK_ITEM_SIZES,
				  dims * sizeof sizes[0], sizes, NULL);
  if (err != CL_SUCCESS)
    goto ERROR;
  memcpy (dev->max_work_item_sizes, sizes, sizeof dev->max_work_item_sizes);
  what = "clGetDeviceInfo (CL_DEVICE_LOCAL_MEM_SIZE)";
  err = gpurt_cl.clGetDeviceInfo (dev->id, CL_DEVICE_LOCAL_MEM_SIZE,
				  sizeof dev->local_mem_size,
				  &dev->local_mem_size, NULL);
  if (err != CL_SUCCESS)
    goto ERROR;
  what = "clGetDeviceInfo (CL_DEVICE_MAX_MEM_ALLOC_SIZE)";
  err = gpurt_cl.clGetDeviceInfo (dev->id, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
				  sizeof dev->max_mem_alloc_size,
				  &dev->max_mem_alloc_size, NULL);
  if (err != CL_SUCCESS)
    goto ERROR;
  what = "clGetDeviceInfo (CL_DEVICE_GLOBAL_MEM_SIZE)";
  err = gpurt_cl.clGetDeviceInfo (dev->id, CL_DEVICE_GLOBAL_MEM_SIZE,
				  sizeof dev->global_mem_size,
				  &dev->global_mem_size, NULL);
  if (err != CL_SUCCESS)
    goto ERROR;
  gpurt_device_identity (dev);
  gpurt_map_init (&dev->map);
  ok = 1;

 ERROR:
  if (!ok && why[0] == '\0')
    gpurt_set_why (why, "%s failed (%d, %s) for device '%s'", what,
		   (int) err, gpurt_cl_error_name (err), dev->name);
  if (!ok && dev->context != NULL)
    gpurt_cl.clReleaseContext (dev->context);
  free (extensions);
  return ok;
}

/* Choose the process's device (run once, through gpurt_device_get).  */

static void
gpurt_device_select (void)
{
  struct gpurt_candidate *cands = NULL, *c;
  unsigned n = 0;
  const char *because = "";
  char why[GPURT_WHY_LEN] = "";
  /* Worth a line under GPURT_FALLBACK=warn: the user asked for a device
     that is missing, or a device was found but cannot be used.  A machine
     without OpenCL under GPURT_DEVICE=auto is not worth one.  */
  int notable = gpurt_env.device != GPURT_DEV_AUTO;

  if (gpurt_env.device == GPURT_DEV_HOST)
    {
      gpurt_set_why (why, "GPURT_DEVICE=host");
      notable = 0;
      goto ERROR;
    }
  if (!gpurt_load_opencl (why))
    goto ERROR;
  if (!gpurt_list_devices (&cands, &n, why))
    goto ERROR;
  c = gpurt_env.ndevices != 0 || gpurt_env.devices_all
      ? gpurt_multi_select (cands, n, &because, why)
      : gpurt_match_device (cands, n, &because, why);
  if (c == NULL)
    goto ERROR;
  if (!gpurt_open_device (&gpurt_the_device, c, why))
    {
      notable = 1;
      goto ERROR;
    }
  gpurt_chosen = &gpurt_the_device;
  if (gpurt_env.verbose >= 1)
    gpurt_message ("using OpenCL device %u:%u '%s' (%s%s) for"
		   " GPURT_DEVICE=%s: %s",
		   c->platform_index, c->device_index, c->name,
		   gpurt_type_name (c->type),
		   gpurt_the_device.fp64 ? ", fp64" : "",
		   gpurt_env.device_string, because);

 ERROR:
  free (cands);
  if (gpurt_chosen == NULL)
    {
      snprintf (gpurt_host_reason, sizeof gpurt_host_reason, "%s", why);
      if (gpurt_env.verbose >= 1
	  || (notable && gpurt_env.fallback == GPURT_FALLBACK_WARN))
	gpurt_message ("no OpenCL device used, marked regions run on the"
		       " host: %s", why);
    }
  atomic_store (&gpurt_device_selected, 1);
}

/* The other devices GPURT_DEVICES opened (gpurt_device_other), by
   ordinal - 1, under their lock; never closed (split regions may run
   until exit).  */
static struct gpurt_device gpurt_other_devices[GPURT_MAX_DEVICES];
static unsigned gpurt_nother;
static pthread_mutex_t gpurt_other_lock = PTHREAD_MUTEX_INITIALIZER;

/* See gpurt-internal.h.  */

struct gpurt_device *
gpurt_device_other (const struct gpurt_candidate *c, int fresh, char *why)
{
  struct gpurt_device *dev = NULL;
  unsigned i;
  int opened = 0;

  pthread_mutex_lock (&gpurt_other_lock);
  for (i = 0; i < gpurt_nother && dev == NULL && !fresh; i++)
    if (gpurt_other_devices[i].platform_index == c->platform_index
	&& gpurt_other_devices[i].device_index == c->device_index)
      dev = &gpurt_other_devices[i];
  if (dev == NULL && gpurt_nother + 1 < GPURT_MAX_DEVICES)
    {
      dev = &gpurt_other_devices[gpurt_nother];
      opened = gpurt_open_device (dev, c, why);
      if (opened)
	dev->ordinal = ++gpurt_nother;
      else
	dev = NULL;
    }
  else if (dev == NULL)
    gpurt_set_why (why, "more than %d devices", GPURT_MAX_DEVICES - 1);
  pthread_mutex_unlock (&gpurt_other_lock);
  if (opened && gpurt_env.verbose >= 1)
    gpurt_message ("opened OpenCL device %u:%u '%s' for GPURT_DEVICES",
		   c->platform_index, c->device_index, c->name);
  return dev;
}

/* See gpurt-internal.h.  */

uint64_t
gpurt_device_memory (const struct gpurt_device *dev)
{
  uint64_t limit = gpurt_env.device_mem_limit != 0
		   ? gpurt_env.device_mem_limit : dev->global_mem_size;
  unsigned share = atomic_load (&dev->share);

  return share > 1 ? limit / share : limit;
}

/* The process's device, chosen on the first call; NULL when regions run
   on the host (gpurt_device_host_reason says why).  */

struct gpurt_device *
gpurt_device_get (void)
{
  if (!atomic_load (&gpurt_device_selected))
    {
      pthread_mutex_lock (&gpurt_device_lock);
      if (!atomic_load (&gpurt_device_selected))
	{
	  atomic_store (&gpurt_device_choosing, 1);
	  gpurt_device_select ();
	  atomic_store (&gpurt_device_choosing, 0);
	}
      pthread_mutex_unlock (&gpurt_device_lock);
    }
  return gpurt_chosen;
}

/* The device if one was already chosen, without choosing one.  */

struct gpurt_device *
gpurt_device_peek (void)
{
  return atomic_load (&gpurt_device_selected) ? gpurt_chosen : NULL;
}

/* Held around every program build (gpurt_region_build,
   gpurt_region_preload).  */
static pthread_mutex_t gpurt_build_serial = PTHREAD_MUTEX_INITIALIZER;

/* Nonzero in a child of fork whose parent had opened a device.  */
static int gpurt_forked;

/* In the child of fork (gpurt.c's handler).  OpenCL objects do not
   survive fork: the driver's threads and device connections stay with
   the parent.  When the parent had opened a device, the child's regions
   run on the host; a parent that had not chosen yet leaves the choice to
   the child.  A fork while another thread (the start-up thread, most
   likely) is choosing the device leaves the child on the host too: that
   thread did not come along, and the driver's state it was building is
   half made.  */

void
gpurt_device_atfork_child (void)
{
  pthread_mutex_init (&gpurt_device_lock, NULL);
  pthread_mutex_init (&gpurt_build_serial, NULL);
  if (atomic_load (&gpurt_device_choosing))
    {
      snprintf (gpurt_host_reason, sizeof gpurt_host_reason,
		"this process was made by fork() while its parent was"
		" setting up OpenCL, and OpenCL does not survive fork");
      atomic_store (&gpurt_device_choosing, 0);
      atomic_store (&gpurt_device_selected, 1);
      gpurt_chosen = NULL;
      gpurt_forked = 1;
      return;
    }
  if (gpurt_chosen == NULL)
    return;
  snprintf (gpurt_host_reason, sizeof gpurt_host_reason,
	    "this process was made by fork() after its parent had set up"
	    " OpenCL device '%s', and OpenCL does not survive fork",
	    gpurt_chosen->name);
  gpurt_chosen = NULL;
  gpurt_forked = 1;
}

/* Is this a child of fork that lost its parent's device?  */

int
gpurt_device_forked (void)
{
  return gpurt_forked;
}

/* Why gpurt_device_get returned NULL.  */

const char *
gpurt_device_host_reason (void)
{
  return gpurt_host_reason;
}

/* The build options for region R on DEV: the record's options, less
   -cl-fp32-correctly-rounded-divide-sqrt where DEV cannot honour it,
   -DGPURT_PLAIN_ONLY when PLAIN_ONLY (the source then holds the plain
   kernel only, not its variants: docs/ABI.md section 6), and -w unless
   GPURT_VERBOSE=3 asks for the compiler's warnings (some drivers, PoCL
   among them, print them on stderr themselves: "1 warning generated.").
   Returns a malloc'ed string, or NULL when out of memory.  */

static char *
gpurt_build_options (const struct gpurt_region *r,
		     const struct gpurt_device *dev, int plain_only)
{
  static const char crdiv[] = "-cl-fp32-correctly-rounded-divide-sqrt";
  int drop = !(dev->single_fp_config & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT);
  static const char quiet[] = " -w";
  static const char plain[] = " -DGPURT_PLAIN_ONLY";
  size_t len = strlen (r->options);
  char *out = malloc (len + sizeof plain + sizeof quiet);
  const char *p = r->options;
  size_t o = 0;

  if (out == NULL)
    return NULL;
  while (*p != '\0')
    {
      size_t tlen;

      while (*p == ' ' || *p == '\t')
	p++;
      for (tlen = 0; p[tlen] != '\0' && p[tlen] != ' ' && p[tlen] != '\t';
	   tlen++)
	;
      if (tlen == 0)
	break;
      if (drop && tlen == sizeof crdiv - 1 && memcmp (p, crdiv, tlen) == 0)
	{
	  if (gpurt_env.verbose >= 1)
	    gpurt_message ("kernel %s: device '%s' has no correctly rounded"
			   " divide and sqrt; dropping %s", r->name,
			   dev->name, crdiv);
	}
      else
	{
	  if (o != 0)
	    out[o++] = ' ';
	  memcpy (out + o, p, tlen);
	  o += tlen;
	}
      p += tlen;
    }
  out[o] = '\0';
  if (plain_only)
    {
      strcpy (out + o, o != 0 ? plain : plain + 1);
      o = strlen (out);
    }
  if (gpurt_env.verbose < 3)
    strcpy (out + o, o != 0 ? quiet : quiet + 1);
  return out;
}

/* Print the build log of PROGRAM on DEV for region R to stderr.  */

static void
gpurt_print_build_log (const struct gpurt_region *r, cl_program program,
		       const struct gpurt_device *dev)
{
  size_t size = 0;
  char *log;

  if (gpurt_cl.clGetProgramBuildInfo (program, dev->id, CL_PROGRAM_BUILD_LOG,
				      0, NULL, &size) != CL_SUCCESS)
    return;
  log = calloc (size + 1, 1);
  if (log == NULL)
    return;
  if (gpurt_cl.clGetProgramBuildInfo (program, dev->id, CL_PROGRAM_BUILD_LOG,
				      size, log, NULL) == CL_SUCCESS)
    fprintf (stderr, "gpurt: build log of kernel %s (%s):\n%s%s", r->name,
	     r->loc, log,
	     size > 1 && log[strlen (log) - 1] != '\n' ? "\n" : "");
  free (log);
}

/* DEV's (or with PLATFORM its platform's) info string PARAM into BUF of
   SIZE bytes; "?" when the driver does not say.  */

static void
gpurt_info_string (const struct gpurt_device *dev, int platform,
		   cl_uint param, char *buf, size_t size)
{
  char why[GPURT_WHY_LEN];
  char *s = gpurt_cl_info_string (platform, dev->platform, dev->id, param,
				  why);

  snprintf (buf, size, "%s", s != NULL ? s : "?");
  free (s);
}

/* Fill DEV->identity: what a program binary for it depends on.  */

static void
gpurt_device_identity (struct gpurt_device *dev)
{
  char vendor[256], version[256], driver[256], pname[256], pversion[256];

  gpurt_info_string (dev, 0, CL_DEVICE_VENDOR, vendor, sizeof vendor);
  gpurt_info_string (dev, 0, CL_DEVICE_VERSION, version, sizeof version);
  gpurt_info_string (dev, 0, CL_DRIVER_VERSION, driver, sizeof driver);
  gpurt_info_string (dev, 1, CL_PLATFORM_NAME, pname, sizeof pname);
  gpurt_info_string (dev, 1, CL_PLATFORM_VERSION, pversion, sizeof pversion);
  snprintf (dev->identity, sizeof dev->identity,
	    "vendor %s\ndevice-version %s\ndriver %s\nplatform %s\n"
	    "platform-version %s\n", vendor, version, driver, pname, pversion);
}

/* The program of the kernel NAME for DEV made from the LEN bytes of
   BINARY (a program cache entry) and built with OPTIONS, as OpenCL wants
   for binaries too; checked to hold the kernel, so that an entry that is
   still wrong is rebuilt rather than failing the region.  NULL, with a
   message under GPURT_VERBOSE, when the driver refuses it.  */

static cl_program
gpurt_program_from_binary (struct gpurt_device *dev, const char *name,
			   const unsigned char *binary, size_t len,
			   const char *options)
{
  cl_int err = CL_SUCCESS, status = CL_SUCCESS;
  cl_program program;
  cl_kernel kernel = NULL;
  char why[GPURT_WHY_LEN] = "";

  program = gpurt_cl.clCreateProgramWithBinary (dev->context, 1, &dev->id,
						&len, &binary, &status, &err);
  if (program == NULL && err == CL_SUCCESS)
    err = CL_INVALID_BINARY;
  if (!GPURT_CL_CHECK (err, why, clCreateProgramWithBinary, "(binary status"
		       " %d)", (int) status)
      || !GPURT_CL_CHECK (status, why, clCreateProgramWithBinary,
			  "(binary status)")
      || !GPURT_CL_CHECK (gpurt_cl.clBuildProgram (program, 1, &dev->id,
						   options, NULL, NULL),
			  why, clBuildProgram, "of the cached binary"))
    goto ERROR;
  kernel = gpurt_cl_kernel (program, name, why);
  if (kernel == NULL)
    goto ERROR;
  gpurt_cl_kernel_release (kernel);
  return program;

 ERROR:
  if (gpurt_env.verbose >= 1)
    gpurt_message ("kernel %s: ignoring program cache entry (%s); building"
		   " from source", name, why);
  if (program != NULL)
    gpurt_cl.clReleaseProgram (program);
  return NULL;
}

/* The binary of PROGRAM, built for one device, for the kernel NAME into
   *BINARY (malloc'd) and *LEN.  Returns 1, or 0 with a message under
   GPURT_VERBOSE.  */

static int
gpurt_program_binary (cl_program program, const char *name,
		      unsigned char **binary, size_t *len)
{
  cl_uint ndevices = 0;
  char why[GPURT_WHY_LEN] = "";

  *binary = NULL;
  *len = 0;
  if (!GPURT_CL_CHECK (gpurt_cl.clGetProgramInfo (program,
						  CL_PROGRAM_NUM_DEVICES,
						  sizeof ndevices, &ndevices,
						  NULL),
		       why, clGetProgramInfo, "(CL_PROGRAM_NUM_DEVICES)")
      || ndevices != 1
      || !GPURT_CL_CHECK (gpurt_cl.clGetProgramInfo (program,
						     CL_PROGRAM_BINARY_SIZES,
						     sizeof *len, len, NULL),
			  why, clGetProgramInfo, "(CL_PROGRAM_BINARY_SIZES)")
      || *len == 0)
    goto ERROR;
  *binary = malloc (*len);
  if (*binary == NULL)
    goto ERROR;
  if (!GPURT_CL_CHECK (gpurt_cl.clGetProgramInfo (program,
						  CL_PROGRAM_BINARIES,
						  sizeof *binary, binary, NULL),
		       why, clGetProgramInfo, "(CL_PROGRAM_BINARIES)"))
    goto ERROR;
  return 1;

 ERROR:
  if (gpurt_env.verbose >= 1)
    gpurt_message ("kernel %s: not cached: no program binary%s%s", name,
		   why[0] ? ": " : "", why);
  free (*binary);
  *binary = NULL;
  *len = 0;
  return 0;
}

/* Build the program of region R for DEV and create its kernel, with the
   kernel variants unless PLAIN_ONLY.  Called under R->build_lock.  The
   program comes from the persistent cache (gpurt-cache.c) when it holds
   a valid entry for this source, these options and this device and
   driver; otherwise it is built from source and stored there; with
   CACHE_ONLY (the start-up thread) it is not, and a miss is a quiet
   failure.  Returns 1 on success, else 0 with WHY.  */

static int
gpurt_build_1 (struct gpurt_region *r, struct gpurt_device *dev,
	       int cache_only, int plain_only, char *why)
{
  cl_program program = NULL;
  cl_kernel kernel = NULL;
  char *options = NULL;
  struct gpurt_cache_key key = { NULL, 0, "" };
  int have_key = 0, from_cache = 0;
  uint64_t t0 = gpurt_now_ns ();
  size_t wg = 0;
  cl_int err;
  int ok = 0;

  options = gpurt_build_options (r, dev, plain_only);
  if (options == NULL)
    {
      gpurt_set_why (why, "out of memory building kernel %s", r->name);
      goto ERROR;
    }
  if (gpurt_cache_dir () != NULL)
    have_key = gpurt_cache_key_make (&key, r, dev, options);
  if (have_key)
    {
      unsigned char *binary;
      size_t len;

      if (gpurt_cache_load (&key, r->name, &binary, &len))
	{
	  program = gpurt_program_from_binary (dev, r->name, binary, len,
					       options);
	  free (binary);
	}
    }
  if (program != NULL)
    {
      from_cache = 1;		/* already built: skip clBuildProgram */
      err = CL_SUCCESS;
    }
  else if (cache_only)
    {
      gpurt_set_why (why, "kernel %s is not in the program cache", r->name);
      goto ERROR;
    }
  else
    program = gpurt_cl.clCreateProgramWithSource (dev->context, 1, &r->source,
						&r->source_len, &err);
  if (program == NULL || err != CL_SUCCESS)
    {
      gpurt_set_why (why, "clCreateProgramWithSource failed (%d, %s) for"
		     " kernel %s", (int) err, gpurt_cl_error_name (err),
		     r->name);
      goto ERROR;
    }
  err = from_cache ? CL_SUCCESS
		  : gpurt_cl.clBuildProgram (program, 1, &dev->id, options,
					     NULL, NULL);
  if (err != CL_SUCCESS)
    {
      gpurt_set_why (why, "clBuildProgram failed (%d, %s) for kernel %s",
		     (int) err, gpurt_cl_error_name (err), r->name);
      if (gpurt_env.verbose >= 1
	  || gpurt_env.fallback == GPURT_FALLBACK_ABORT)
	gpurt_print_build_log (r, program, dev);
      goto ERROR;
    }
  /* The compiler's warnings, for whoever reads GPURT_VERBOSE=3.  */
  if (!from_cache && gpurt_env.verbose >= 3)
    gpurt_print_build_log (r, program, dev);
  kernel = gpurt_cl.clCreateKernel (program, r->name, &err);
  if (kernel == NULL || err != CL_SUCCESS)
    {
      gpurt_set_why (why, "clCreateKernel failed (%d, %s) for kernel %s",
		     (int) err, gpurt_cl_error_name (err), r->name);
      kernel = NULL;
      goto ERROR;
    }
  err = gpurt_cl.clGetKernelWorkGroupInfo (kernel, dev->id,
					   CL_KERNEL_WORK_GROUP_SIZE,
					   sizeof wg, &wg, NULL);
  if (err != CL_SUCCESS)
    {
      gpurt_set_why (why, "clGetKernelWorkGroupInfo failed (%d, %s) for"
		     " kernel %s", (int) err, gpurt_cl_error_name (err),
		     r->name);
      goto ERROR;
    }

  if (have_key && !from_cache)
    {
      unsigned char *binary;
      size_t len;

      if (gpurt_program_binary (program, r->name, &binary, &len))
	gpurt_cache_store (&key, r->name, binary, len);
      free (binary);
    }
  if (from_cache)
    atomic_fetch_add (&r->cache_hits, 1);

  if (dev->ordinal == 0)
    {
      r->program = program;
      atomic_store (&r->kernel, kernel);
      r->kernel_work_group_size = wg != 0 ? wg : 1;
    }
  else
    {
      /* Another device of GPURT_DEVICES: each lane makes its kernel.  */
      r->other_program[dev->ordinal] = program;
      r->other_wg[dev->ordinal] = wg != 0 ? wg : 1;
      gpurt_cl_kernel_release (kernel);
    }
  ok = 1;
  if (gpurt_env.verbose >= 1)
    gpurt_message ("%s kernel %s (%s) in %.1f ms%s, options '%s',"
		   " work-group limit %zu",
		   from_cache ? "loaded cached" : "built", r->name, r->loc,
		   (double) (gpurt_now_ns () - t0) / 1e6,
		   cache_only ? " at start-up" : "", options, wg);

 ERROR:
  gpurt_cache_key_free (&key);
  if (ok || !cache_only)
    atomic_store (&r->build_ns, gpurt_now_ns () - t0);
  if (!ok && kernel != NULL)
    gpurt_cl.clReleaseKernel (kernel);
  if (!ok && program != NULL)
    gpurt_cl.clReleaseProgram (program);
  free (options);
  return ok;
}

/* gpurt_region_build for DEV, another device of GPURT_DEVICES: the
   plain kernel only (split regions run in batches, which run it).  */

static int
gpurt_region_build_other (struct gpurt_region *r, struct gpurt_device *dev,
			  char *why)
{
  atomic_int *state = &r->other_state[dev->ordinal];
  int ok;

  if (atomic_load_explicit (state, memory_order_acquire) == GPURT_BUILD_OK)
    return 1;
  pthread_mutex_lock (&r->build_lock);
  ok = atomic_load (state) == GPURT_BUILD_OK;
  if (atomic_load (state) == GPURT_BUILD_FAILED)
    gpurt_set_why (why, "kernel %s failed to build for device '%s'",
		   r->name, dev->name);
  else if (!ok)
    {
      why[0] = '\0';
      pthread_mutex_lock (&gpurt_build_serial);
      ok = gpurt_build_1 (r, dev, 0, 1, why);
      pthread_mutex_unlock (&gpurt_build_serial);
      atomic_store_explicit (state, ok ? GPURT_BUILD_OK : GPURT_BUILD_FAILED,
			     memory_order_release);
    }
  pthread_mutex_unlock (&r->build_lock);
  return ok;
}

/* Make sure region R has a kernel built for DEV: build it on the first
   call, then reuse it (or its failure).  Thread-safe; once built, a
   launch takes no lock here.  Returns 1 when the kernel is ready, else 0
   with WHY.  */

int
gpurt_region_build (struct gpurt_region *r, struct gpurt_device *dev,
		    char *why)
{
  int ok;

  if (dev->ordinal != 0)
    return gpurt_region_build_other (r, dev, why);
  if (atomic_load_explicit (&r->build_state, memory_order_acquire)
      == GPURT_BUILD_OK)
    return 1;
  pthread_mutex_lock (&r->build_lock);
  if (atomic_load (&r->build_state) == GPURT_BUILD_OK)
    ok = 1;
  else if (atomic_load (&r->build_state) == GPURT_BUILD_FAILED)
    {
      gpurt_set_why (why, "%s", r->build_error != NULL ? r->build_error
			       : "the kernel failed to build");
      ok = 0;
    }
  else
    {
      why[0] = '\0';
      /* One build at a time in the process: PoCL's compiler crashes
	 when two threads build programs at once (the start-up thread
	 and a region of another kernel, seen with PoCL 3).  */
      pthread_mutex_lock (&gpurt_build_serial);
      ok = gpurt_build_1 (r, dev, 0, 0, why);
      if (!ok && r->nvariants > 0)
	{
	  unsigned v;

	  /* A variant the device's compiler cannot build must not keep
	     the plain kernel off the device: the program again without
	     the variants, which are not tried again.  */
	  if (gpurt_env.verbose >= 1)
	    gpurt_message ("kernel %s (%s): %s; building it again without"
			   " its variants", r->name, r->loc, why);
	  for (v = 0; v < r->nvariants; v++)
	    atomic_store (&r->variant_failed[v], 1);
	  why[0] = '\0';
	  ok = gpurt_build_1 (r, dev, 0, 1, why);
	}
      pthread_mutex_unlock (&gpurt_build_serial);
      if (!ok)
	{
	  r->build_error = malloc (strlen (why) + 1);
	  if (r->build_error != NULL)
	    strcpy (r->build_error, why);
	}
      atomic_store_explicit (&r->build_state,
			     ok ? GPURT_BUILD_OK : GPURT_BUILD_FAILED,
			     memory_order_release);
    }
  pthread_mutex_unlock (&r->build_lock);
  return ok;
}

/* The start-up thread: load region R's program for DEV from the program
   cache, if it holds one, so that R's first launch finds it built.
   Nothing else: a region being built by another thread is left to it,
   one the device cannot run or whose program is not cached is left to
   its first launch (which says why, or builds from source), and a
   failure to load is not remembered.  */

void
gpurt_region_preload (struct gpurt_region *r, struct gpurt_device *dev)
{
  char why[GPURT_WHY_LEN] = "";

  if (r->error != NULL || (r->fp64 && !dev->fp64)
      || gpurt_cache_dir () == NULL
      || pthread_mutex_trylock (&r->build_lock) != 0)
    return;
  if (atomic_load (&r->build_state) == GPURT_BUILD_NONE)
    {
      int ok;

      pthread_mutex_lock (&gpurt_build_serial);
      ok = gpurt_build_1 (r, dev, 1, 0, why);
      pthread_mutex_unlock (&gpurt_build_serial);
      if (ok)
	atomic_store_explicit (&r->build_state, GPURT_BUILD_OK,
			       memory_order_release);
    }
  pthread_mutex_unlock (&r->build_lock);
}

/* A new in-order command queue on DEV (profiling when GPURT_PROFILE asks
   for kernel times), for one host thread (gpurt-lane.c).  Returns NULL
   with WHY set on failure.  */

cl_command_queue
gpurt_device_new_queue (struct gpurt_device *dev, char *why)
{
  cl_command_queue_properties qprops = 0;
  cl_command_queue queue;
  cl_int err;

  if (gpurt_env.profile != GPURT_PROFILE_OFF)
    qprops |= CL_QUEUE_PROFILING_ENABLE;
  queue = gpurt_cl.clCreateCommandQueue (dev->context, dev->id, qprops,
					 &err);
  if (queue == NULL || err != CL_SUCCESS)
    {
      gpurt_set_why (why, "clCreateCommandQueue failed (%d, %s) for device"
		     " '%s'", (int) err, gpurt_cl_error_name (err), dev->name);
      return NULL;
    }
  return queue;
}
