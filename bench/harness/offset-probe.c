/* offset-probe.c -- what a device makes of large global work offsets.
   Batches used to start a kernel at their first outer iteration through
   clEnqueueNDRangeKernel's global work offset; on NVIDIA a batch past
   index 2^31 or 2^32 faulted (CL_INVALID_COMMAND_QUEUE after the kernel).
   For each offset below this launches one work-group of 64 work-items
   that store get_global_id(0), get_global_offset(0), get_group_id(0) and
   get_local_id(0), and prints, per offset, what work-items 0 and 63
   report, whether get_global_id equals offset + local id, and whether
   the enqueue or clFinish failed.  A last line checks the scheme the
   runtime uses now (docs/ABI.md section 2): no offset, the first index
   passed as a ulong argument and added in the kernel.
   Runs on the first GPU, else the first OpenCL device.  Exit status 0
   when every launch ran and every index was right, 1 otherwise, 3 when
   there is no device.  */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define ITEMS 64

static const char *source =
  "__kernel void probe (__global ulong *out, ulong base)\n"
  "{\n"
  "  size_t l = get_local_id (0);\n"
  "  out[4 * l + 0] = (ulong) get_global_id (0) + base;\n"
  "  out[4 * l + 1] = (ulong) get_global_offset (0);\n"
  "  out[4 * l + 2] = (ulong) get_group_id (0);\n"
  "  out[4 * l + 3] = (ulong) l;\n"
  "}\n";

/* Launch KERNEL once over ITEMS work-items with the global work offset
   OFFSET (none when 0) and the argument BASE, into MEM on Q; print one
   line labelled LABEL.  Returns 1 when it ran and every work-item's
   index was OFFSET + BASE + its local id.  */

static int
probe (cl_command_queue q, cl_kernel kernel, cl_mem mem, const char *label,
       uint64_t offset, uint64_t base)
{
  cl_ulong out[4 * ITEMS];
  size_t off = (size_t) offset, global = ITEMS, local = ITEMS;
  cl_ulong b = base;
  cl_int err;
  int good = 1;

  for (int i = 0; i < 4 * ITEMS; i++)
    out[i] = 0xdeadbeefdeadbeefULL;
  err = clEnqueueWriteBuffer (q, mem, CL_TRUE, 0, sizeof out, out, 0, NULL,
			      NULL);
  if (err == CL_SUCCESS)
    err = clSetKernelArg (kernel, 1, sizeof b, &b);
  if (err != CL_SUCCESS)
    {
      printf ("%-12s %20" PRIu64 ": setup failed (%d)\n", label, offset,
	      (int) err);
      return 0;
    }
  if ((uint64_t) off != offset)
    {
      printf ("%-12s %20" PRIu64 ": does not fit the host's size_t\n", label,
	      offset);
      return 0;
    }
  err = clEnqueueNDRangeKernel (q, kernel, 1, offset != 0 ? &off : NULL,
				&global, &local, 0, NULL, NULL);
  if (err != CL_SUCCESS)
    {
      printf ("%-12s %20" PRIu64 ": clEnqueueNDRangeKernel failed (%d)\n",
	      label, offset, (int) err);
      clFinish (q);
      return 0;
    }
  err = clFinish (q);
  if (err != CL_SUCCESS)
    {
      printf ("%-12s %20" PRIu64 ": clFinish failed (%d) after the kernel\n",
	      label, offset, (int) err);
      return 0;
    }
  err = clEnqueueReadBuffer (q, mem, CL_TRUE, 0, sizeof out, out, 0, NULL,
			     NULL);
  if (err != CL_SUCCESS)
    {
      printf ("%-12s %20" PRIu64 ": clEnqueueReadBuffer failed (%d)\n",
	      label, offset, (int) err);
      return 0;
    }
  for (int i = 0; i < ITEMS; i++)
    if (out[4 * i] != offset + base + (uint64_t) i || out[4 * i + 3] != (cl_ulong) i)
      good = 0;
  printf ("%-12s %20" PRIu64 ": item 0: id %" PRIu64 " offset %" PRIu64
	  " group %" PRIu64 " local %" PRIu64 "; item %d: id %" PRIu64
	  " group %" PRIu64 "; %s\n", label, offset + base,
	  (uint64_t) out[0], (uint64_t) out[1], (uint64_t) out[2],
	  (uint64_t) out[3], ITEMS - 1, (uint64_t) out[4 * (ITEMS - 1)],
	  (uint64_t) out[4 * (ITEMS - 1) + 2],
	  good ? "ok" : "WRONG (id != offset + local id)");
  return good;
}

int
main (void)
{
  static const uint64_t offsets[] = {
    0, (UINT64_C (1) << 31) - 64, (UINT64_C (1) << 31) + 64,
    (UINT64_C (1) << 32) - 64, (UINT64_C (1) << 32) + 64,
    UINT64_C (5000000000)
  };
  cl_platform_id plats[8];
  cl_device_id dev;
  cl_uint np = 0, nd = 0, bits = 0;
  cl_int err;
  char name[256] = "", version[256] = "";
  int good = 1;

  if (clGetPlatformIDs (8, plats, &np) != CL_SUCCESS)
    np = 0;
  for (cl_uint p = 0; p < np && nd == 0; p++)
    if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_GPU, 1, &dev, &nd)
	!= CL_SUCCESS)
      nd = 0;
  for (cl_uint p = 0; p < np && nd == 0; p++)
    if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_ALL, 1, &dev, &nd)
	!= CL_SUCCESS)
      nd = 0;
  if (nd == 0)
    {
      fprintf (stderr, "offset-probe: no OpenCL device\n");
      return 3;
    }
  clGetDeviceInfo (dev, CL_DEVICE_NAME, sizeof name - 1, name, NULL);
  clGetDeviceInfo (dev, CL_DRIVER_VERSION, sizeof version - 1, version, NULL);
  clGetDeviceInfo (dev, CL_DEVICE_ADDRESS_BITS, sizeof bits, &bits, NULL);
  printf ("device: %s, driver %s, %u address bits\n", name, version,
	  (unsigned) bits);

  cl_context ctx = clCreateContext (NULL, 1, &dev, NULL, NULL, &err);
  if (err != CL_SUCCESS)
    {
      fprintf (stderr, "offset-probe: clCreateContext failed (%d)\n", err);
      return 3;
    }
  cl_command_queue q = clCreateCommandQueue (ctx, dev, 0, &err);
  cl_program prog = err == CL_SUCCESS
    ? clCreateProgramWithSource (ctx, 1, &source, NULL, &err) : NULL;
  if (err == CL_SUCCESS)
    err = clBuildProgram (prog, 1, &dev, "", NULL, NULL);
  cl_kernel kernel = err == CL_SUCCESS
    ? clCreateKernel (prog, "probe", &err) : NULL;
  cl_mem mem = err == CL_SUCCESS
    ? clCreateBuffer (ctx, CL_MEM_READ_WRITE, 4 * ITEMS * sizeof (cl_ulong),
		      NULL, &err) : NULL;
  if (err == CL_SUCCESS)
    err = clSetKernelArg (kernel, 0, sizeof mem, &mem);
  if (err != CL_SUCCESS)
    {
      fprintf (stderr, "offset-probe: setting up the kernel failed (%d)\n",
	       err);
      return 3;
    }

  /* A faulted kernel may leave the queue unusable: each probe gets a
     fresh one.  */
  for (size_t i = 0; i < sizeof offsets / sizeof *offsets; i++)
    {
      good &= probe (q, kernel, mem, "offset", offsets[i], 0);
      clReleaseCommandQueue (q);
      q = clCreateCommandQueue (ctx, dev, 0, &err);
      if (err != CL_SUCCESS)
	{
	  printf ("offset-probe: the context is gone (%d): stopping\n", err);
	  return 1;
	}
    }
  for (size_t i = 0; i < sizeof offsets / sizeof *offsets; i++)
    good &= probe (q, kernel, mem, "kernel-arg", 0, offsets[i]);

  clReleaseMemObject (mem);
  clReleaseKernel (kernel);
  clReleaseProgram (prog);
  clReleaseCommandQueue (q);
  clReleaseContext (ctx);
  printf ("offset-probe: %s\n", good ? "all ok" : "some launches WRONG");
  return good ? 0 : 1;
}
