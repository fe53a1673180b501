/* heat3d.c -- hand-written OpenCL for progs/heat3d.c: one work-item per
   interior point in groups of 32 x 4 x 2, the seven reads straight from
   global memory (neighbouring rows and planes hit in the caches), both
   grids on the device for the whole time loop, one copy in and two
   out (the check reads both).  Built with -DBENCH_INDEX32 the indices
   are 32-bit ints instead of size_t, with -DBENCH_OURS_SHAPE the groups
   are 8 x 8 x 4, gpuoffload's until it took 32 x 4 x 2 too
   (bench/tile.sh's ocl-int and ocl-ours-shape: what each would buy
   ours).  */
#define BENCH_EXTERNAL_RUN
#include "../progs/heat3d.c"
#include "oclh.h"

#ifdef BENCH_OURS_SHAPE
# define LOCAL0 8
# define LOCAL1 8
# define LOCAL2 4
#else
# define LOCAL0 32
# define LOCAL1 4
# define LOCAL2 2
#endif

static const char *src =
  "#define IN(i, j, k) a[((i) * n + (j)) * n + (k)]\n"
  "kernel void h3 (ulong nn, global const float *a, global float *b)\n"
  "{\n"
  "  IX n = nn, k = get_global_id (0) + 1, j = get_global_id (1) + 1;\n"
  "  IX i = get_global_id (2) + 1;\n"
  "  if (i >= n - 1 || j >= n - 1 || k >= n - 1)\n"
  "    return;\n"
  "  float c = IN (i, j, k);\n"
  "  b[(i * n + j) * n + k]\n"
  "    = 0.125f * (IN (i + 1, j, k) - 2.0f * c + IN (i - 1, j, k))\n"
  "      + 0.125f * (IN (i, j + 1, k) - 2.0f * c + IN (i, j - 1, k))\n"
  "      + 0.125f * (IN (i, j, k + 1) - 2.0f * c + IN (i, j, k - 1))\n"
  "      + c;\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem ba, bb;
  size_t n = bench_n, local[3] = { LOCAL0, LOCAL1, LOCAL2 };
  size_t m = n > 2 ? n - 2 : 0;
  size_t global[3] = { ocl_round (m, LOCAL0), ocl_round (m, LOCAL1),
		       ocl_round (m, LOCAL2) };
  size_t bytes = n * n * n * sizeof *a;
  cl_ulong nn = n;

  memcpy (a, a0, bytes);
  if (k == NULL)
    {
      k = ocl_kernel (src, "h3", OCL_INDEX_OPTS);
      ba = ocl_buf (bytes); bb = ocl_buf (bytes);
    }
  ocl_write (ba, a, bytes);
  ocl_write (bb, a, bytes);
  if (m > 0)
    for (int t = 0; t < STEPS; t++)
      {
	ocl_arg (k, 0, sizeof nn, &nn);
	ocl_arg (k, 1, sizeof ba, &ba);
	ocl_arg (k, 2, sizeof bb, &bb);
	ocl_run (k, 3, global, local);
	ocl_arg (k, 1, sizeof bb, &bb);
	ocl_arg (k, 2, sizeof ba, &ba);
	ocl_run (k, 3, global, local);
      }
  ocl_read (ba, a, bytes);
  ocl_read (bb, b, bytes);
}
