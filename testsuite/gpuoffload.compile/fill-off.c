/* fill-off.c: -fplugin-arg-gpuoffload-no-fill: an array the region writes whole is still copied to the device first (no "fill" line; missed remark naming the switch).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details -fplugin-arg-gpuoffload-no-fill" } */
#include <gpuoffload.h>

void
scale (int n, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-missed ".y. is copied to the device first: no-fill" } */
    y[i] = 2.0f * x[i];
}

/* { dg-final { scan-tree-dump-not "record: fill " "gpu_outline" } } */
/* { dg-final { scan-tree-dump "FAILED: y not written whole: no-fill" "gpu_outline" } } */
