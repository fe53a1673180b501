/* tile-rows-size.c: row-group=32 row-depth=100 give the row-staged
   variant (tile-rows.c) 32 rows per group and tiles of 128 iterations
   (the depth rounded up to a multiple of the group): a 32x129 tile.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fdump-tree-all-details -fplugin-arg-gpuoffload-row-group=32 -fplugin-arg-gpuoffload-row-depth=100" } */
#include <gpuoffload.h>

void
mv (long n, long m, const float *a, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_mv_\[0-9\]*_rows32k128 with rows: x, a in local memory, rows staged in tiles of 32x129, tiles of 128 iterations of the serial loop at line 14, work-group 32, 17024 bytes" } */
    {
      float s = 0;
      for (long j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}
