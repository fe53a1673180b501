/* remark-offloaded.c: -fopt-info-loop-optimized names the kernel of an offloaded 1-D loop at the loop's line; each pass's dump says what it decided (gpu_find the region and its parameters, gpu_emit the kernel, gpu_outline the offload); the object gets a .gpuoffload section.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fdump-tree-all-details" } */
#include <gpuoffload.h>

void
saxpy (int n, float a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_saxpy_\[0-9_a-z\]* \\(1-D index space" } */
    y[i] = a * x[i] + y[i];
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:9: loop offloaded as kernel gpu_saxpy" "gpu_outline" } } */
/* { dg-final { scan-tree-dump-not "FAILED" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:9: region gpu_saxpy_\[0-9\]+, 1-D, 6 parameters" "gpu_find" } } */
/* { dg-final { scan-tree-dump "arg \[0-9\]: buffer x_\[0-9\]+\\(D\\) r, range" "gpu_find" } } */
/* { dg-final { scan-tree-dump "arg \[0-9\]: buffer y_\[0-9\]+\\(D\\) rw, range" "gpu_find" } } */
/* { dg-final { scan-tree-dump "arg \[0-9\]: scalar a_\[0-9\]+\\(D\\)" "gpu_find" } } */
/* { dg-final { scan-tree-dump "__kernel void gpu_saxpy_\[0-9\]+\\(" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "SUCCESS: host fallback outlined into saxpy._gpu" "gpu_outline" } } */
/* { dg-final { scan-assembler "\\.gpuoffload" } } */
