/* matvec_common.h -- the hand-written OpenCL y = A * x shared by
   matvec.c and matvec_rowreduce.c (the same product, written by the user
   with one row per work-item or with a reduction per row): one
   work-group of 256 per row, float4 loads along the row (coalesced), a
   local-memory tree for the row's sum (n a multiple of 4 for the vector
   part).  The including file has included its program (A, x, y).  */
#include "oclh.h"

static const char *src =
  "kernel void mv (ulong n, global const float *A, global const float *x,\n"
  "                global float *y)\n"
  "{\n"
  "  local float l[256];\n"
  "  size_t i = get_group_id (0), lid = get_local_id (0);\n"
  "  global const float *row = A + i * n;\n"
  "  float acc = 0.0f;\n"
  "  size_t n4 = n / 4;\n"
  "  for (size_t j = lid; j < n4; j += 256)\n"
  "    { float4 a = vload4 (j, row), b = vload4 (j, x); acc += dot (a, b); }\n"
  "  for (size_t j = 4 * n4 + lid; j < n; j += 256) acc += row[j] * x[j];\n"
  "  l[lid] = acc;\n"
  "  barrier (CLK_LOCAL_MEM_FENCE);\n"
  "  for (size_t s = 128; s > 0; s >>= 1)\n"
  "    {\n"
  "      if (lid < s) l[lid] += l[lid + s];\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "    }\n"
  "  if (lid == 0) y[i] = l[0];\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem ba, bx, by;
  size_t n = bench_n, local = 256, global = n * 256;
  cl_ulong nn = n;

  if (k == NULL)
    {
      k = ocl_kernel (src, "mv", "");
      ba = ocl_buf (n * n * 4); bx = ocl_buf (n * 4); by = ocl_buf (n * 4);
    }
  ocl_write (ba, A, n * n * 4);
  ocl_write (bx, x, n * 4);
  ocl_arg (k, 0, sizeof nn, &nn);
  ocl_arg (k, 1, sizeof ba, &ba);
  ocl_arg (k, 2, sizeof bx, &bx);
  ocl_arg (k, 3, sizeof by, &by);
  ocl_run (k, 1, &global, &local);
  ocl_read (by, y, n * 4);
}
