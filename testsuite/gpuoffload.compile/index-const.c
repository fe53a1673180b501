/* index-const.c: a marked loop's start and step that are small integer constants are printed into the kernel's index computation (no multiplication by a step of 1, no parameter read); a start known only at run time comes from its parameter, a constant step other than 1 multiplies the work-item's index by the constant.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all-details" } */
#include <gpuoffload.h>

void
stencil (long n, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 1; j < n - 1; j++)
      b[i * n + j] = a[(i - 1) * n + j] + a[i * n + j + 1];
}

void
strided (long lo, long n, const float *a, float *b)
{
  for (long i GPU_PARALLEL = lo; i < n; i += 3)
    b[i] = 2.0f * a[i];
}

/* { dg-final { scan-tree-dump "= \\(long\\)\\(\\(ulong\\)1L \\+ \\(ulong\\)gpu_g1\\);" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "= \\(long\\)\\(\\(ulong\\)1L \\+ \\(ulong\\)gpu_g0\\);" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "= \\(long\\)\\(\\(ulong\\)gpu_s\[0-9\]+ \\+ \\(ulong\\)gpu_g0 \\* \\(ulong\\)3L\\);" "gpu_emit" } } */
/* { dg-final { scan-tree-dump-not "\\(ulong\\)gpu_g\[0-9\] \\* \\(ulong\\)gpu_s" "gpu_emit" } } */
