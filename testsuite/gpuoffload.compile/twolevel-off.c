/* twolevel-off.c: -fplugin-arg-gpuoffload-no-two-level restores one
   level: a marked loop under a serial loop of a region runs serially in
   the kernel (the region stays 1-D), a marked loop nested with code that
   has side effects around it keeps the nest on the host, as before
   issue 14, and so does a GPU_REDUCE accumulator reduced per outer
   iteration (valid code: a remark, not the error of a misused marker).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-two-level" } */
#include <gpuoffload.h>

void
under_serial (int n, int m, int p, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_under_serial_\[0-9\]* \\(1-D index space, \[0-9\]* arguments, host fallback" } */
    for (int k = 0; k < p; k++)
      for (int j GPU_PARALLEL = 0; j < m; j++)
	y[i * m + j] += x[k * m + j];
}

void
matvec (int n, int m, const double *A, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double t = 0;
      for (int j GPU_PARALLEL = 0; j < m; j++)
	t += A[i * m + j] * x[j];
      y[i] = t; /* { dg-missed "loop not offloaded: statement between nested GPU_PARALLEL loops has side effects" } */
    }
}

void
row_sums (int n, int m, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s GPU_REDUCE = 0;
      for (int j GPU_PARALLEL = 0; j < m; j++)
	s += x[i * m + j];
      y[i] = s; /* { dg-missed "loop not offloaded: statement between nested GPU_PARALLEL loops has side effects" } */
    }
}
