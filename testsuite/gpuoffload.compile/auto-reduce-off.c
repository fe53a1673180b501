/* auto-reduce-off.c: -fplugin-arg-gpuoffload-no-auto-reduce keeps an
   integer sum loop serial in each work-item (missed remark naming the
   switch); the nest gets its tiled variant instead.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-auto-reduce" } */
#include <gpuoffload.h>

void
mvi (int n, int m, const int *a, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_mvi_\[0-9\]*_tile128" } */
    {
      int s = 0;
      for (int j = 0; j < m; j++) /* { dg-missed "serial loop summing into s runs in each work-item: -fplugin-arg-gpuoffload-no-auto-reduce" } */
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}
