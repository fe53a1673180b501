/* index32-off.c: -fplugin-arg-gpuoffload-no-index32 prints no kernel
   with 32-bit offsets (index32.c prints one).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-no-index32 -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
stencil (long n, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 1; j < n - 1; j++)
      b[i * n + j] = a[(i - 1) * n + j] + a[(i + 1) * n + j];
}

/* { dg-final { scan-tree-dump-not "_i32" "gpu_emit" } } */
/* { dg-final { scan-tree-dump-not "record: index32" "gpu_outline" } } */
