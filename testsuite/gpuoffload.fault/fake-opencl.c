/* fake-opencl.c -- a stand-in libOpenCL.so.1 that fails one chosen OpenCL
   call, for the fault-injection tests (fault.exp; issue 11, item 19).

   libgpurt dlopens "libOpenCL.so.1" by name (gpurt_load_opencl in
   libgpurt/gpurt-device.c), so this library, built as libOpenCL.so.1 into
   a directory on LD_LIBRARY_PATH, is what it loads.  It dlopens the real
   ICD loader by absolute path (GPUOFFLOAD_FAULT_REAL, else the path
   fault.exp compiled in as REAL_OPENCL) and forwards every entry point of
   libgpurt/gpurt-cl-funcs.def to it.  The list is checked against that
   file at compile time: an entry point added there and missing here does
   not compile.

   Calls are counted across all entry points together (one counter, in the
   order libgpurt makes them), which makes a program's failure points
   1..TOTAL.  The environment:
     GPUOFFLOAD_FAULT_AT=N     call number N (from 1) fails: a function
			       returning cl_int returns CL_OUT_OF_RESOURCES
			       without calling the real one; a create
			       function returns NULL with *errcode_ret set.
			       A line on stderr names the call.
     GPUOFFLOAD_FAULT_TIMES=K  calls N .. N+K-1 fail (default 1).
     GPUOFFLOAD_FAULT_COUNT=1  at exit, print "fake-opencl: TOTAL calls"
			       on stderr (the number of failure points).
     GPUOFFLOAD_FAULT_TRACE=1  print every call's number and name.
     GPUOFFLOAD_FAULT_KERNEL_WG=W  CL_KERNEL_WORK_GROUP_SIZE says at most
			       W (a kernel that allows fewer work-items
			       per group than the device, as a GPU's
			       compiler may report).
   Without GPUOFFLOAD_FAULT_AT nothing fails.  */

#ifndef CL_TARGET_OPENCL_VERSION
# define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef REAL_OPENCL
# define REAL_OPENCL "/usr/lib/x86_64-linux-gnu/libOpenCL.so.1"
#endif

#define EXPORT __attribute__ ((visibility ("default")))

static atomic_ulong fake_calls;
static unsigned long fake_at, fake_times = 1;
static int fake_trace;
static unsigned long fake_kernel_wg;
static void *fake_real;

/* The real entry points.  */
#define GPURT_CL_FUNC(RET, NAME, PARAMS) static RET (*real_##NAME) PARAMS;
#include "gpurt-cl-funcs.def"
#undef GPURT_CL_FUNC

static unsigned long
fake_env_ulong (const char *name, unsigned long dflt)
{
  const char *s = getenv (name);
  char *end;
  unsigned long v;

  if (s == NULL || *s == '\0')
    return dflt;
  v = strtoul (s, &end, 10);
  if (*end != '\0')
    {
      fprintf (stderr, "fake-opencl: bad %s=%s\n", name, s);
      _exit (98);
    }
  return v;
}

static void
fake_report (void)
{
  fprintf (stderr, "fake-opencl: %lu calls\n", atomic_load (&fake_calls));
}

/* Load the real loader and resolve everything, once, when libgpurt
   dlopens us.  Without it the test means nothing: exit at once.  */

__attribute__ ((constructor)) static void
fake_init (void)
{
  const char *path = getenv ("GPUOFFLOAD_FAULT_REAL");

  if (path == NULL || *path == '\0')
    path = REAL_OPENCL;
  fake_real = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (fake_real == NULL)
    {
      fprintf (stderr, "fake-opencl: cannot load the real loader: %s\n",
	       dlerror ());
      _exit (97);
    }
#define GPURT_CL_FUNC(RET, NAME, PARAMS)				\
  {									\
    void *sym = dlsym (fake_real, #NAME);				\
    if (sym == NULL)							\
      {									\
	fprintf (stderr, "fake-opencl: %s has no %s\n", path, #NAME);	\
	_exit (97);							\
      }									\
    memcpy (&real_##NAME, &sym, sizeof sym);				\
  }
#include "gpurt-cl-funcs.def"
#undef GPURT_CL_FUNC
  fake_at = fake_env_ulong ("GPUOFFLOAD_FAULT_AT", 0);
  fake_times = fake_env_ulong ("GPUOFFLOAD_FAULT_TIMES", 1);
  fake_trace = fake_env_ulong ("GPUOFFLOAD_FAULT_TRACE", 0) != 0;
  fake_kernel_wg = fake_env_ulong ("GPUOFFLOAD_FAULT_KERNEL_WG", 0);
  if (fake_env_ulong ("GPUOFFLOAD_FAULT_COUNT", 0) != 0)
    atexit (fake_report);
}

/* Count a call of NAME; nonzero when it must fail.  */

static int
fake_fail (const char *name)
{
  unsigned long n = atomic_fetch_add (&fake_calls, 1) + 1;

  if (fake_trace)
    fprintf (stderr, "fake-opencl: call %lu %s\n", n, name);
  if (fake_at != 0 && n >= fake_at && n - fake_at < fake_times)
    {
      fprintf (stderr, "fake-opencl: failing call %lu (%s) with"
	       " CL_OUT_OF_RESOURCES\n", n, name);
      return 1;
    }
  return 0;
}

/* Wrappers.  CALL_INT forwards a function returning cl_int; CALL_OBJ one
   returning an object with its errcode_ret pointer ERR.  */
#define CALL_INT(NAME, ...)						\
  do {									\
    if (fake_fail (#NAME))						\
      return CL_OUT_OF_RESOURCES;					\
    return real_##NAME (__VA_ARGS__);					\
  } while (0)
#define CALL_OBJ(NAME, ERR, ...)					\
  do {									\
    if (fake_fail (#NAME))						\
      {									\
	if ((ERR) != NULL)						\
	  *(ERR) = CL_OUT_OF_RESOURCES;					\
	return NULL;							\
      }									\
    return real_##NAME (__VA_ARGS__);					\
  } while (0)

EXPORT cl_int
clGetPlatformIDs (cl_uint n, cl_platform_id *p, cl_uint *np)
{
  CALL_INT (clGetPlatformIDs, n, p, np);
}

EXPORT cl_int
clGetPlatformInfo (cl_platform_id p, cl_platform_info i, size_t s, void *v,
		   size_t *r)
{
  CALL_INT (clGetPlatformInfo, p, i, s, v, r);
}

EXPORT cl_int
clGetDeviceIDs (cl_platform_id p, cl_device_type t, cl_uint n,
		cl_device_id *d, cl_uint *nd)
{
  CALL_INT (clGetDeviceIDs, p, t, n, d, nd);
}

EXPORT cl_int
clGetDeviceInfo (cl_device_id d, cl_device_info i, size_t s, void *v,
		 size_t *r)
{
  CALL_INT (clGetDeviceInfo, d, i, s, v, r);
}

EXPORT cl_context
clCreateContext (const cl_context_properties *p, cl_uint n,
		 const cl_device_id *d,
		 void (CL_CALLBACK *cb) (const char *, const void *, size_t,
					 void *),
		 void *u, cl_int *e)
{
  CALL_OBJ (clCreateContext, e, p, n, d, cb, u, e);
}

EXPORT cl_int
clReleaseContext (cl_context c)
{
  CALL_INT (clReleaseContext, c);
}

EXPORT cl_command_queue
clCreateCommandQueue (cl_context c, cl_device_id d,
		      cl_command_queue_properties p, cl_int *e)
{
  CALL_OBJ (clCreateCommandQueue, e, c, d, p, e);
}

EXPORT cl_int
clReleaseCommandQueue (cl_command_queue q)
{
  CALL_INT (clReleaseCommandQueue, q);
}

EXPORT cl_mem
clCreateBuffer (cl_context c, cl_mem_flags f, size_t s, void *h, cl_int *e)
{
  CALL_OBJ (clCreateBuffer, e, c, f, s, h, e);
}

EXPORT cl_int
clReleaseMemObject (cl_mem m)
{
  CALL_INT (clReleaseMemObject, m);
}

EXPORT cl_program
clCreateProgramWithSource (cl_context c, cl_uint n, const char **s,
			   const size_t *l, cl_int *e)
{
  CALL_OBJ (clCreateProgramWithSource, e, c, n, s, l, e);
}

EXPORT cl_int
clBuildProgram (cl_program p, cl_uint n, const cl_device_id *d,
		const char *o, void (CL_CALLBACK *cb) (cl_program, void *),
		void *u)
{
  CALL_INT (clBuildProgram, p, n, d, o, cb, u);
}

EXPORT cl_int
clGetProgramBuildInfo (cl_program p, cl_device_id d,
		       cl_program_build_info i, size_t s, void *v, size_t *r)
{
  CALL_INT (clGetProgramBuildInfo, p, d, i, s, v, r);
}

EXPORT cl_int
clReleaseProgram (cl_program p)
{
  CALL_INT (clReleaseProgram, p);
}

EXPORT cl_kernel
clCreateKernel (cl_program p, const char *n, cl_int *e)
{
  CALL_OBJ (clCreateKernel, e, p, n, e);
}

EXPORT cl_int
clReleaseKernel (cl_kernel k)
{
  CALL_INT (clReleaseKernel, k);
}

EXPORT cl_int
clSetKernelArg (cl_kernel k, cl_uint i, size_t s, const void *v)
{
  CALL_INT (clSetKernelArg, k, i, s, v);
}

EXPORT cl_int
clGetKernelWorkGroupInfo (cl_kernel k, cl_device_id d,
			  cl_kernel_work_group_info i, size_t s, void *v,
			  size_t *r)
{
  cl_int err;

  if (fake_fail ("clGetKernelWorkGroupInfo"))
    return CL_OUT_OF_RESOURCES;
  err = real_clGetKernelWorkGroupInfo (k, d, i, s, v, r);
  if (err == CL_SUCCESS && fake_kernel_wg != 0
      && i == CL_KERNEL_WORK_GROUP_SIZE && v != NULL && s >= sizeof (size_t)
      && *(size_t *) v > fake_kernel_wg)
    *(size_t *) v = fake_kernel_wg;
  return err;
}

EXPORT cl_int
clEnqueueWriteBuffer (cl_command_queue q, cl_mem m, cl_bool b, size_t o,
		      size_t s, const void *p, cl_uint n, const cl_event *w,
		      cl_event *e)
{
  CALL_INT (clEnqueueWriteBuffer, q, m, b, o, s, p, n, w, e);
}

EXPORT cl_int
clEnqueueReadBuffer (cl_command_queue q, cl_mem m, cl_bool b, size_t o,
		     size_t s, void *p, cl_uint n, const cl_event *w,
		     cl_event *e)
{
  CALL_INT (clEnqueueReadBuffer, q, m, b, o, s, p, n, w, e);
}

EXPORT cl_int
clEnqueueCopyBuffer (cl_command_queue q, cl_mem from, cl_mem to, size_t fo,
		     size_t to_off, size_t s, cl_uint n, const cl_event *w,
		     cl_event *e)
{
  CALL_INT (clEnqueueCopyBuffer, q, from, to, fo, to_off, s, n, w, e);
}

EXPORT cl_int
clEnqueueNDRangeKernel (cl_command_queue q, cl_kernel k, cl_uint d,
			const size_t *o, const size_t *g, const size_t *l,
			cl_uint n, const cl_event *w, cl_event *e)
{
  CALL_INT (clEnqueueNDRangeKernel, q, k, d, o, g, l, n, w, e);
}

EXPORT cl_int
clFinish (cl_command_queue q)
{
  CALL_INT (clFinish, q);
}

EXPORT cl_int
clGetEventProfilingInfo (cl_event ev, cl_profiling_info i, size_t s,
			 void *v, size_t *r)
{
  CALL_INT (clGetEventProfilingInfo, ev, i, s, v, r);
}

EXPORT cl_int
clReleaseEvent (cl_event ev)
{
  CALL_INT (clReleaseEvent, ev);
}

EXPORT cl_program
clCreateProgramWithBinary (cl_context c, cl_uint n, const cl_device_id *d,
			   const size_t *l, const unsigned char **b,
			   cl_int *st, cl_int *e)
{
  CALL_OBJ (clCreateProgramWithBinary, e, c, n, d, l, b, st, e);
}

EXPORT cl_int
clGetProgramInfo (cl_program p, cl_program_info i, size_t s, void *v,
		  size_t *r)
{
  CALL_INT (clGetProgramInfo, p, i, s, v, r);
}

EXPORT void *
clEnqueueMapBuffer (cl_command_queue q, cl_mem m, cl_bool b, cl_map_flags f,
		    size_t o, size_t s, cl_uint n, const cl_event *w,
		    cl_event *e, cl_int *err)
{
  CALL_OBJ (clEnqueueMapBuffer, err, q, m, b, f, o, s, n, w, e, err);
}

EXPORT cl_int
clEnqueueUnmapMemObject (cl_command_queue q, cl_mem m, void *p, cl_uint n,
			 const cl_event *w, cl_event *e)
{
  CALL_INT (clEnqueueUnmapMemObject, q, m, p, n, w, e);
}

EXPORT cl_int
clWaitForEvents (cl_uint n, const cl_event *w)
{
  CALL_INT (clWaitForEvents, n, w);
}

EXPORT cl_mem
clCreateSubBuffer (cl_mem m, cl_mem_flags f, cl_buffer_create_type t,
		   const void *info, cl_int *e)
{
  CALL_OBJ (clCreateSubBuffer, e, m, f, t, info, e);
}

EXPORT cl_int
clSetMemObjectDestructorCallback (cl_mem m,
				  void (CL_CALLBACK *cb) (cl_mem, void *),
				  void *u)
{
  CALL_INT (clSetMemObjectDestructorCallback, m, cb, u);
}

EXPORT cl_int
clFlush (cl_command_queue q)
{
  CALL_INT (clFlush, q);
}

EXPORT cl_int
clGetCommandQueueInfo (cl_command_queue q, cl_command_queue_info i,
		       size_t s, void *v, size_t *r)
{
  CALL_INT (clGetCommandQueueInfo, q, i, s, v, r);
}

/* Every entry point of gpurt-cl-funcs.def has a wrapper here, with the
   prototype <CL/cl.h> gives it.  */
#define GPURT_CL_FUNC(RET, NAME, PARAMS)				\
  static RET (*const check_##NAME) PARAMS __attribute__ ((unused)) = NAME;
#include "gpurt-cl-funcs.def"
#undef GPURT_CL_FUNC
