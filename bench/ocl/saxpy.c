/* saxpy.c -- hand-written OpenCL for progs/saxpy.c: float4 loads and
   stores, 256 work-items per group, a scalar tail.  */
#define BENCH_EXTERNAL_RUN
#include "../progs/saxpy.c"
#include "oclh.h"

static const char *src =
  "kernel void saxpy (ulong n, float a, global const float *x,\n"
  "                   global const float *y, global float *z)\n"
  "{\n"
  "  size_t i = get_global_id (0);\n"
  "  if (4 * i + 3 < n)\n"
  "    vstore4 (a * vload4 (i, x) + vload4 (i, y), i, z);\n"
  "  else\n"
  "    for (size_t j = 4 * i; j < n; j++) z[j] = a * x[j] + y[j];\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem bx, by, bz;
  size_t n = bench_n, local = 256, global = ocl_round ((n + 3) / 4, 256);
  cl_ulong nn = n;

  if (k == NULL)
    {
      k = ocl_kernel (src, "saxpy", "");
      bx = ocl_buf (n * 4); by = ocl_buf (n * 4); bz = ocl_buf (n * 4);
    }
  ocl_write (bx, x, n * 4);
  ocl_write (by, y, n * 4);
  ocl_arg (k, 0, sizeof nn, &nn);
  ocl_arg (k, 1, sizeof a, &a);
  ocl_arg (k, 2, sizeof bx, &bx);
  ocl_arg (k, 3, sizeof by, &by);
  ocl_arg (k, 4, sizeof bz, &bz);
  ocl_run (k, 1, &global, &local);
  ocl_read (bz, z, n * 4);
}
