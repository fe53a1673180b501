/* wrapv-print.c: under -fwrapv the kernel computes signed + - * and negation in the unsigned type of the same width (where OpenCL C wraps); << of a signed value always.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fwrapv -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
f (int n, const int *x, const long *y, int *a, long *b)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      a[i] = x[i] * 3 + 7;
      b[i] = -y[i] - 5;
    }
}

/* { dg-final { scan-tree-dump "\\(uint\\)\\(v\[0-9\]+\\) \\* \\(uint\\)\\(\\(\\(int\\)3L\\)\\)" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "\\(ulong\\)\\(\\(\\(long\\)-5L\\)\\) - \\(ulong\\)\\(v\[0-9\]+\\)" "gpu_emit" } } */
