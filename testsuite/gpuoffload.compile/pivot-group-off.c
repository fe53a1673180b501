/* pivot-group-off.c: -fplugin-arg-gpuoffload-no-pivot-group leaves a
   serial pivot loop on the host: its marked loop is a region launched
   once per step (1-D, no inner level).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fplugin-arg-gpuoffload-no-pivot-group" } */
#include <gpuoffload.h>

void
trsv (long n, const double *l, double *x)
{
  for (long j = 0; j < n; j++)
    {
      x[j] /= l[j * n + j];
      for (long i GPU_PARALLEL = j + 1; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_trsv_0 \\(1-D index space, \[0-9\]* arguments, host fallback" } */
	x[i] -= l[j * n + i] * x[j];
    }
}
