/* jacobi2d.c -- hand-written OpenCL for progs/jacobi2d.c: one work-item
   per interior point in groups of 32 x 8, the five reads straight from
   global memory (the neighbours' rows hit in the caches), both grids on
   the device for the whole time loop, one copy in and one out.  Built
   with -DBENCH_INDEX32 the indices are 32-bit ints instead of size_t,
   with -DBENCH_OURS_SHAPE the groups are gpuoffload's 16 x 16 (bench/
   tile.sh's ocl-int and ocl-ours-shape: what each would buy ours).  */
#define BENCH_EXTERNAL_RUN
#include "../progs/jacobi2d.c"
#include "oclh.h"

#ifdef BENCH_OURS_SHAPE
# define LOCAL0 16
# define LOCAL1 16
#else
# define LOCAL0 32
# define LOCAL1 8
#endif

static const char *src =
  "kernel void j2 (ulong nn, global const float *a, global float *b)\n"
  "{\n"
  "  IX n = nn, j = get_global_id (0) + 1, i = get_global_id (1) + 1;\n"
  "  if (i >= n - 1 || j >= n - 1)\n"
  "    return;\n"
  "  b[i * n + j] = 0.2f * (a[i * n + j] + a[(i - 1) * n + j]\n"
  "                         + a[(i + 1) * n + j] + a[i * n + j - 1]\n"
  "                         + a[i * n + j + 1]);\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem ba, bb;
  size_t n = bench_n, local[2] = { LOCAL0, LOCAL1 };
  size_t m = n > 2 ? n - 2 : 0;
  size_t global[2] = { ocl_round (m, LOCAL0), ocl_round (m, LOCAL1) };
  cl_ulong nn = n;

  memcpy (a, a0, n * n * sizeof *a);
  if (k == NULL)
    {
      k = ocl_kernel (src, "j2", OCL_INDEX_OPTS);
      ba = ocl_buf (n * n * 4); bb = ocl_buf (n * n * 4);
    }
  ocl_write (ba, a, n * n * 4);
  ocl_write (bb, a, n * n * 4);
  if (m > 0)
    for (int t = 0; t < STEPS; t++)
      {
	ocl_arg (k, 0, sizeof nn, &nn);
	ocl_arg (k, 1, sizeof ba, &ba);
	ocl_arg (k, 2, sizeof bb, &bb);
	ocl_run (k, 2, global, local);
	ocl_arg (k, 1, sizeof bb, &bb);
	ocl_arg (k, 2, sizeof ba, &ba);
	ocl_run (k, 2, global, local);
      }
  ocl_read (ba, a, n * n * 4);
}
