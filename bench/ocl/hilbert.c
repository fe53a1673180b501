/* hilbert.c -- hand-written OpenCL for progs/hilbert.c: each work-item
   writes 4 neighbouring entries with one vstore4 (n a multiple of 4, else
   one entry per work-item).  */
#define BENCH_EXTERNAL_RUN
#include "../progs/hilbert.c"
#include "oclh.h"

static const char *src =
  "kernel void hil4 (ulong n, global float *h)\n"
  "{\n"
  "  size_t j = 4 * get_global_id (0), i = get_global_id (1);\n"
  "  if (j >= n || i >= n) return;\n"
  "  float4 d = (float4) (i + j + 1) + (float4) (0, 1, 2, 3);\n"
  "  vstore4 (1.0f / d, 0, h + i * n + j);\n"
  "}\n"
  "kernel void hil1 (ulong n, global float *h)\n"
  "{\n"
  "  size_t j = get_global_id (0), i = get_global_id (1);\n"
  "  if (j < n && i < n) h[i * n + j] = 1.0f / (float) (i + j + 1);\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem bh;
  size_t n = bench_n, v = n % 4 == 0 ? 4 : 1, local[2] = { 64, 4 };
  size_t global[2] = { ocl_round (n / v, 64), ocl_round (n, 4) };
  cl_ulong nn = n;

  if (k == NULL)
    {
      k = ocl_kernel (src, v == 4 ? "hil4" : "hil1", "-cl-fp32-correctly-rounded-divide-sqrt");
      bh = ocl_buf (n * n * 4);
    }
  ocl_arg (k, 0, sizeof nn, &nn);
  ocl_arg (k, 1, sizeof bh, &bh);
  ocl_run (k, 2, global, local);
  ocl_read (bh, h, n * n * 4);
}
