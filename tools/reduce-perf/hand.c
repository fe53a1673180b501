/* hand.c -- the reference side of tools/reduce-perf: a hand-written
   OpenCL reduction (float4 loads over a grid-stride loop, a work-group
   tree in __local memory, partials combined on the host) for add, mul
   and min over N floats, and the device-to-device clEnqueueCopyBuffer
   bandwidth of the same N floats, all timed with OpenCL events on the
   first GPU (else the first device).

   Usage: hand N REPS.  Prints lines "copy MS GBS" and "hand OP MS GBS":
   MS the mean kernel time in milliseconds over REPS runs after one
   warm-up; GBS bytes moved per second (copy: read + write, 2 N 4 bytes;
   reductions: N 4 bytes read).  */

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *source =
  "#define RED(NAME, ID, C)\\\n"
  "__kernel __attribute__((reqd_work_group_size(256, 1, 1)))\\\n"
  "void NAME(__global const float4 *x4, ulong n, __global float *out)\\\n"
  "{\\\n"
  "  __local float l[256];\\\n"
  "  const uint li = get_local_id(0);\\\n"
  "  const ulong n4 = n / 4, gs = get_global_size(0);\\\n"
  "  float a = ID, b = ID;\\\n"
  "  ulong i = get_global_id(0);\\\n"
  "  for (; i + gs < n4; i += 2 * gs) {\\\n"
  "    float4 v = x4[i], w = x4[i + gs];\\\n"
  "    a = C(a, C(C(v.x, v.y), C(v.z, v.w)));\\\n"
  "    b = C(b, C(C(w.x, w.y), C(w.z, w.w)));\\\n"
  "  }\\\n"
  "  if (i < n4) {\\\n"
  "    float4 v = x4[i];\\\n"
  "    a = C(a, C(C(v.x, v.y), C(v.z, v.w)));\\\n"
  "  }\\\n"
  "  a = C(a, b);\\\n"
  "  if (get_global_id(0) < n - n4 * 4)\\\n"
  "    a = C(a, ((__global const float *) x4)[n4 * 4 + get_global_id(0)]);\\\n"
  "  l[li] = a;\\\n"
  "  barrier(CLK_LOCAL_MEM_FENCE);\\\n"
  "  for (uint s = 128; s > 0; s >>= 1) {\\\n"
  "    if (li < s) l[li] = C(l[li], l[li + s]);\\\n"
  "    barrier(CLK_LOCAL_MEM_FENCE);\\\n"
  "  }\\\n"
  "  if (li == 0) out[get_group_id(0)] = l[0];\\\n"
  "}\n"
  "#define ADD(a, b) ((a) + (b))\n"
  "#define MUL(a, b) ((a) * (b))\n"
  "#define MIN(a, b) ((b) < (a) ? (b) : (a))\n"
  "RED(red_add, 0.0f, ADD)\n"
  "RED(red_mul, 1.0f, MUL)\n"
  "RED(red_min, INFINITY, MIN)\n";

#define CHECK(e, what)							\
  do { if ((e) != CL_SUCCESS) { fprintf (stderr, "hand: %s failed (%d)\n", \
					 what, (int) (e)); exit (1); } } while (0)

static double
event_ms (cl_event ev)
{
  cl_ulong a, b;
  clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL);
  clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL);
  clReleaseEvent (ev);
  return (double) (b - a) / 1e6;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 24;
  int reps = argc > 2 ? atoi (argv[2]) : 10;
  cl_platform_id plats[8];
  cl_uint np = 0;
  cl_device_id dev = NULL;
  cl_int err;

  CHECK (clGetPlatformIDs (8, plats, &np), "clGetPlatformIDs");
  for (cl_uint p = 0; p < np && !dev; p++)
    if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_GPU, 1, &dev, NULL)
	!= CL_SUCCESS)
      dev = NULL;
  if (!dev)
    CHECK (clGetDeviceIDs (plats[0], CL_DEVICE_TYPE_ALL, 1, &dev, NULL),
	   "clGetDeviceIDs");
  char name[256];
  cl_uint cus;
  clGetDeviceInfo (dev, CL_DEVICE_NAME, sizeof name, name, NULL);
  clGetDeviceInfo (dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
  cl_context ctx = clCreateContext (NULL, 1, &dev, NULL, NULL, &err);
  CHECK (err, "clCreateContext");
  cl_command_queue q = clCreateCommandQueue (ctx, dev,
					     CL_QUEUE_PROFILING_ENABLE, &err);
  CHECK (err, "clCreateCommandQueue");
  cl_program prog = clCreateProgramWithSource (ctx, 1, &source, NULL, &err);
  CHECK (err, "clCreateProgramWithSource");
  if (clBuildProgram (prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS)
    {
      char log[8192];
      clGetProgramBuildInfo (prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log,
			     NULL);
      fprintf (stderr, "hand: build failed:\n%s\n", log);
      return 1;
    }

  size_t bytes = n * sizeof (float);
  float *x = malloc (bytes), *xm = malloc (bytes);
  for (long i = 0; i < n; i++)
    {
      x[i] = (float) ((i * 7919 % 1000) / 500.0 - 1.0);
      xm[i] = 1.0f + (float) ((i % 7) - 3) * 1e-7f;
    }
  cl_mem bx = clCreateBuffer (ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
			      bytes, x, &err);
  CHECK (err, "clCreateBuffer");
  cl_mem bm = clCreateBuffer (ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
			      bytes, xm, &err);
  CHECK (err, "clCreateBuffer");
  cl_mem by = clCreateBuffer (ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  CHECK (err, "clCreateBuffer");
  size_t groups = 8 * (size_t) cus, wg = 256;
  size_t need = (n / 4 + 1) / 2 / wg + 1;
  if (groups > need)
    groups = need;
  size_t global = groups * wg;
  cl_mem bo = clCreateBuffer (ctx, CL_MEM_READ_WRITE, groups * sizeof (float),
			      NULL, &err);
  CHECK (err, "clCreateBuffer");
  printf ("device %s, %u compute units, n %ld, %zu groups\n", name, cus, n,
	  groups);

  /* Device-to-device copy bandwidth.  */
  double t = 0;
  for (int r = -1; r < reps; r++)
    {
      cl_event ev;
      CHECK (clEnqueueCopyBuffer (q, bx, by, 0, 0, bytes, 0, NULL, &ev),
	     "clEnqueueCopyBuffer");
      clFinish (q);
      double ms = event_ms (ev);
      if (r >= 0)
	t += ms;
    }
  t /= reps;
  printf ("copy %.4f %.1f\n", t, 2.0 * bytes / t / 1e6);

  static const char *ops[] = { "add", "mul", "min" };
  for (int o = 0; o < 3; o++)
    {
      char kname[32];
      snprintf (kname, sizeof kname, "red_%s", ops[o]);
      cl_kernel k = clCreateKernel (prog, kname, &err);
      CHECK (err, "clCreateKernel");
      cl_mem in = o == 1 ? bm : bx;
      cl_ulong nn = n;
      clSetKernelArg (k, 0, sizeof in, &in);
      clSetKernelArg (k, 1, sizeof nn, &nn);
      clSetKernelArg (k, 2, sizeof bo, &bo);
      t = 0;
      float *part = malloc (groups * sizeof (float));
      double res = 0;
      for (int r = -1; r < reps; r++)
	{
	  cl_event ev;
	  CHECK (clEnqueueNDRangeKernel (q, k, 1, NULL, &global, &wg, 0, NULL,
					 &ev), "clEnqueueNDRangeKernel");
	  clFinish (q);
	  double ms = event_ms (ev);
	  if (r >= 0)
	    t += ms;
	  CHECK (clEnqueueReadBuffer (q, bo, CL_TRUE, 0, groups * sizeof (float),
				      part, 0, NULL, NULL), "read");
	  res = o == 1 ? 1 : o == 2 ? INFINITY : 0;
	  for (size_t g = 0; g < groups; g++)
	    res = o == 0 ? res + part[g] : o == 1 ? res * part[g]
	      : (part[g] < res ? part[g] : res);
	}
      /* Check against the serial result.  */
      double want = o == 1 ? 1 : o == 2 ? INFINITY : 0, sabs = 0;
      for (long i = 0; i < n; i++)
	{
	  float v = o == 1 ? xm[i] : x[i];
	  want = o == 0 ? want + v : o == 1 ? want * v : (v < want ? v : want);
	  sabs += fabs (v);
	}
      int ok = fabs (res - want) <= (o == 2 ? 0 : 2e-7 * n * (o == 1 ? want : sabs));
      t /= reps;
      printf ("hand %s %.4f %.1f %s\n", ops[o], t, bytes / t / 1e6,
	      ok ? "ok" : "WRONG");
      free (part);
      clReleaseKernel (k);
    }
  return 0;
}
