/* tile-rows-off.c: -fplugin-arg-gpuoffload-no-row-stage leaves matvec
   the plain tiled variant only (x in local memory; see tile-rows.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fdump-tree-all-details -fplugin-arg-gpuoffload-no-row-stage" } */
#include <gpuoffload.h>

void
mv (long n, long m, const float *a, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_mv_\[0-9\]*_tile128 with tile: x in local memory" } */
    {
      float s = 0;
      for (long j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}

/* { dg-final { scan-tree-dump-not "_rows" "gpu_tile" } } */
