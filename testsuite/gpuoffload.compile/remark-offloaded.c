/* remark-offloaded.c: -fopt-info-loop-optimized names the kernel of an offloaded 1-D loop at the loop's line; the gpu_find dump says SUCCESS; the object gets a .gpuoffload section.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fdump-tree-all-details" } */
#include <gpuoffload.h>

void
saxpy (int n, float a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_saxpy_\[0-9_a-z\]* \\(1-D index space" } */
    y[i] = a * x[i] + y[i];
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:9: loop offloaded as kernel gpu_saxpy" "gpu_find" } } */
/* { dg-final { scan-tree-dump-not "FAILED" "gpu_find" } } */
/* { dg-final { scan-assembler "\\.gpuoffload" } } */
