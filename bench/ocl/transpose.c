/* transpose.c -- hand-written OpenCL for progs/transpose.c: 32 x 32 tiles
   staged in local memory (padded against bank conflicts), work-groups of
   32 x 8 each moving 4 rows, so reads and writes are both coalesced.  */
#define BENCH_EXTERNAL_RUN
#include "../progs/transpose.c"
#include "oclh.h"

static const char *src =
  "#define T 32\n"
  "kernel void tr (ulong n, global const float *in, global float *out)\n"
  "{\n"
  "  local float tile[T][T + 1];\n"
  "  size_t tx = get_local_id (0), ty = get_local_id (1);\n"
  "  size_t bx = get_group_id (0) * T, by = get_group_id (1) * T;\n"
  "  for (size_t r = ty; r < T; r += 8)\n"
  "    if (by + r < n && bx + tx < n)\n"
  "      tile[r][tx] = in[(by + r) * n + bx + tx];\n"
  "  barrier (CLK_LOCAL_MEM_FENCE);\n"
  "  for (size_t r = ty; r < T; r += 8)\n"
  "    if (bx + r < n && by + tx < n)\n"
  "      out[(bx + r) * n + by + tx] = tile[tx][r];\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem bi, bo;
  size_t n = bench_n, local[2] = { 32, 8 };
  size_t global[2] = { ocl_round (n, 32), ocl_round (n, 32) / 4 };
  cl_ulong nn = n;

  if (k == NULL)
    {
      k = ocl_kernel (src, "tr", "");
      bi = ocl_buf (n * n * 4); bo = ocl_buf (n * n * 4);
    }
  ocl_write (bi, in, n * n * 4);
  ocl_arg (k, 0, sizeof nn, &nn);
  ocl_arg (k, 1, sizeof bi, &bi);
  ocl_arg (k, 2, sizeof bo, &bo);
  ocl_run (k, 2, global, local);
  ocl_read (bo, out, n * n * 4);
}
