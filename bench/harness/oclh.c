/* oclh.c -- implementation of oclh.h (see there).  */
#include "oclh.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;
static long long kernel_ns;

#define CHECK(e, what) \
  do { cl_int e_ = (e); if (e_ != CL_SUCCESS) { \
    fprintf (stderr, "oclh: %s failed (%d)\n", what, (int) e_); exit (3); } } while (0)

static void
init (void)
{
  cl_platform_id plats[8];
  cl_uint np = 0, nd = 0;
  cl_int err;

  if (q != NULL)
    return;
  CHECK (clGetPlatformIDs (8, plats, &np), "clGetPlatformIDs");
  for (int pass = 0; pass < 2 && nd == 0; pass++)
    for (cl_uint p = 0; p < np && nd == 0; p++)
      if (clGetDeviceIDs (plats[p], pass == 0 ? CL_DEVICE_TYPE_GPU
			  : CL_DEVICE_TYPE_ALL, 1, &dev, &nd) != CL_SUCCESS)
	nd = 0;
  if (nd == 0)
    {
      fprintf (stderr, "oclh: no OpenCL device\n");
      exit (3);
    }
  ctx = clCreateContext (NULL, 1, &dev, NULL, NULL, &err);
  CHECK (err, "clCreateContext");
  q = clCreateCommandQueue (ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  CHECK (err, "clCreateCommandQueue");
}

cl_kernel
ocl_kernel (const char *src, const char *name, const char *opts)
{
  cl_int err;
  cl_program p;
  cl_kernel k;

  init ();
  p = clCreateProgramWithSource (ctx, 1, &src, NULL, &err);
  CHECK (err, "clCreateProgramWithSource");
  err = clBuildProgram (p, 1, &dev, opts, NULL, NULL);
  if (err != CL_SUCCESS)
    {
      static char log[16384];
      clGetProgramBuildInfo (p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
      fprintf (stderr, "oclh: build of %s failed:\n%s\n", name, log);
      exit (3);
    }
  k = clCreateKernel (p, name, &err);
  CHECK (err, "clCreateKernel");
  return k;
}

cl_mem
ocl_buf (size_t bytes)
{
  cl_int err;
  cl_mem b;

  init ();
  b = clCreateBuffer (ctx, CL_MEM_READ_WRITE, bytes ? bytes : 4, NULL, &err);
  CHECK (err, "clCreateBuffer");
  return b;
}

void
ocl_write (cl_mem b, const void *p, size_t bytes)
{
  CHECK (clEnqueueWriteBuffer (q, b, CL_TRUE, 0, bytes, p, 0, NULL, NULL),
	 "clEnqueueWriteBuffer");
}

void
ocl_read (cl_mem b, void *p, size_t bytes)
{
  CHECK (clEnqueueReadBuffer (q, b, CL_TRUE, 0, bytes, p, 0, NULL, NULL),
	 "clEnqueueReadBuffer");
}

void
ocl_arg (cl_kernel k, unsigned i, size_t size, const void *p)
{
  CHECK (clSetKernelArg (k, i, size, p), "clSetKernelArg");
}

void
ocl_run (cl_kernel k, unsigned dim, const size_t *global, const size_t *local)
{
  cl_event ev;
  cl_ulong t0, t1;

  CHECK (clEnqueueNDRangeKernel (q, k, dim, NULL, global, local, 0, NULL, &ev),
	 "clEnqueueNDRangeKernel");
  CHECK (clWaitForEvents (1, &ev), "clWaitForEvents");
  clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
  clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
  kernel_ns += (long long) (t1 - t0);
  clReleaseEvent (ev);
}

size_t
ocl_max_wg (void)
{
  size_t s = 0;
  init ();
  clGetDeviceInfo (dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof s, &s, NULL);
  return s;
}

unsigned
ocl_units (void)
{
  cl_uint u = 0;
  init ();
  clGetDeviceInfo (dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof u, &u, NULL);
  return u;
}

long long
bench_kernel_ns (void)
{
  return kernel_ns;
}
