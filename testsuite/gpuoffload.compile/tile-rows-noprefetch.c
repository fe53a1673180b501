/* tile-rows-noprefetch.c: no-row-prefetch keeps the row-staged variant
   (tile-rows.c) loading each tile between its two barriers: the remark
   does not name the registers, the dump says why.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fdump-tree-all-details -fplugin-arg-gpuoffload-no-row-prefetch" } */
#include <gpuoffload.h>

void
mv (long n, long m, const float *a, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_mv_\[0-9\]*_rows32k128 with rows: x, a in local memory, rows staged in tiles of 32x129, tiles of 128 iterations of the serial loop at line 14, work-group 32, 17024 bytes; the plain kernel" } */
    {
      float s = 0;
      for (long j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}

/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*: gpu_mv_\[0-9\]*: row-staged tiles not prefetched: no-row-prefetch" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "row-staged tiles prefetched" "gpu_tile" } } */
