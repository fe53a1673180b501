/* copybw.c -- device-to-device copy bandwidth through OpenCL
   (clEnqueueCopyBuffer of 1 GiB, bytes read + written, median of 10 after
   warm-up): the ceiling the reductions' GB/s are compared with.  */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

static int
cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

int
main (void)
{
  cl_platform_id plats[8];
  cl_device_id dev;
  cl_uint np = 0, nd = 0;
  cl_int err;
  size_t bytes = (size_t) 1 << 30;
  double t[12];

  clGetPlatformIDs (8, plats, &np);
  for (cl_uint p = 0; p < np && nd == 0; p++)
    if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_GPU, 1, &dev, &nd) != CL_SUCCESS)
      nd = 0;
  for (cl_uint p = 0; p < np && nd == 0; p++)
    if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_ALL, 1, &dev, &nd) != CL_SUCCESS)
      nd = 0;
  if (nd == 0)
    return 3;
  cl_context ctx = clCreateContext (NULL, 1, &dev, NULL, NULL, &err);
  cl_command_queue q = clCreateCommandQueue (ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  cl_mem a = clCreateBuffer (ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  cl_mem b = clCreateBuffer (ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  if (err != CL_SUCCESS)
    return 3;
  int zero = 0;
  clEnqueueFillBuffer (q, a, &zero, sizeof zero, 0, bytes, 0, NULL, NULL);
  for (int r = 0; r < 12; r++)
    {
      cl_event ev;
      cl_ulong t0, t1;
      if (clEnqueueCopyBuffer (q, a, b, 0, 0, bytes, 0, NULL, &ev) != CL_SUCCESS)
	return 3;
      clWaitForEvents (1, &ev);
      clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
      clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
      t[r] = (double) (t1 - t0);
      clReleaseEvent (ev);
    }
  qsort (t + 2, 10, sizeof *t, cmp);
  printf ("COPYBW,opencl,%zu,%.1f\n", bytes, 2.0 * bytes / (0.5 * (t[6] + t[7])));
  return 0;
}
