/* tile-stencil-off.c: -fplugin-arg-gpuoffload-no-halo-tile after
   halo-tile (the last wins), and the default: a 2-D stencil gets no halo
   variant (the plain kernel only, no barrier).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all-details -fplugin-arg-gpuoffload-halo-tile -fplugin-arg-gpuoffload-no-halo-tile" } */
#include <gpuoffload.h>

void
jac (long n, long m, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 1; j < m - 1; j++)
      b[i * m + j] = 0.2f * (a[i * m + j] + a[(i - 1) * m + j]
			     + a[(i + 1) * m + j] + a[i * m + j - 1]
			     + a[i * m + j + 1]);
}

/* { dg-final { scan-tree-dump-not "variant gpu_jac_" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "barrier\\(" "gpu_emit" } } */
