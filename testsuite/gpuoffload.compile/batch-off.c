/* batch-off.c: -fplugin-arg-gpuoffload-no-batch: a region that could run in batches has no "batch" lines in its record (the dump says it is not batchable).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fplugin-arg-gpuoffload-dump=details -fplugin-arg-gpuoffload-no-batch" } */
#include <gpuoffload.h>

void
saxpy (int n, float a, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    y[i] = a * x[i] + y[i];
}

/* { dg-final { scan-tree-dump-not "record: batch " "gpu_outline" } } */
/* { dg-final { scan-tree-dump "FAILED: not batchable" "gpu_outline" } } */
