/* gemm_ikj.c -- hand-written OpenCL for progs/gemm_ikj.c, equal in work
   to gpuoffload's two-level kernel: one work-group of 256 per row of C,
   each work-item owning the columns lid, lid + 256, ...; the row of A
   read once per k by the whole group (a broadcast), the row k of B read
   element by element along the row (coalesced); C's elements stay in
   global memory, read and written once per k as in the source.  (Not a
   tiled 2-D product: the comparison is with the same mapping.)  */
#define BENCH_EXTERNAL_RUN
#include "../progs/gemm_ikj.c"
#include "oclh.h"

static const char *src =
  "kernel void gemm (ulong n, float al, float be, global const float *A,\n"
  "                  global const float *B, global float *C)\n"
  "{\n"
  "  size_t i = get_group_id (0), lid = get_local_id (0);\n"
  "  size_t ls = get_local_size (0);\n"
  "  global float *c = C + i * n;\n"
  "  for (size_t j = lid; j < n; j += ls)\n"
  "    c[j] *= be;\n"
  "  for (size_t k = 0; k < n; k++)\n"
  "    {\n"
  "      float a = al * A[i * n + k];\n"
  "      global const float *b = B + k * n;\n"
  "      for (size_t j = lid; j < n; j += ls)\n"
  "        c[j] += a * b[j];\n"
  "    }\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem ba, bb, bc;
  size_t n = bench_n, local = 256, global = n * 256;
  cl_ulong nn = n;

  memcpy (C, C0, n * n * sizeof *C);
  if (k == NULL)
    {
      k = ocl_kernel (src, "gemm", "");
      ba = ocl_buf (n * n * 4); bb = ocl_buf (n * n * 4);
      bc = ocl_buf (n * n * 4);
    }
  ocl_write (ba, A, n * n * 4);
  ocl_write (bb, B, n * n * 4);
  ocl_write (bc, C, n * n * 4);
  ocl_arg (k, 0, sizeof nn, &nn);
  ocl_arg (k, 1, sizeof alpha, &alpha);
  ocl_arg (k, 2, sizeof beta, &beta);
  ocl_arg (k, 3, sizeof ba, &ba);
  ocl_arg (k, 4, sizeof bb, &bb);
  ocl_arg (k, 5, sizeof bc, &bc);
  ocl_run (k, 1, &global, &local);
  ocl_read (bc, C, n * n * 4);
}
