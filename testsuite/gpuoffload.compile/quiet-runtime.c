/* quiet-runtime.c: the code the plugin adds says no more than it must in the user's -fopt-info-loop-missed output: the constructor that registers the kernels is compiled without basic-block vectorization, so gpurt_register is never reported as a statement that clobbers memory; the entry points are declared not to throw.  */
/* { dg-do compile } */
/* { dg-options "-O3 -fdump-tree-slp1-details -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
step (int n, float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = 0.5f * x[i] + y[i];
}

/* { dg-final { scan-assembler "_sub_I_gpuoffload_0" } } */
/* { dg-final { scan-assembler "gpurt_register" } } */
/* { dg-final { scan-tree-dump "Function step " "slp1" } } */
/* { dg-final { scan-tree-dump-not "Function _sub_I_gpuoffload" "slp1" } } */
/* { dg-final { scan-tree-dump-not "clobbers memory: gpurt_register" "slp1" } } */
/* { dg-final { scan-tree-dump "gpurt_run \\(" "gpu_outline" } } */
