/* auto-reduce.c: remarks of gpu_twolevel_auto_reduce.  An integer sum
   in the serial loop of a 1-D nest becomes the inner level (optimized
   remark naming the sum and the rule, SUCCESS line); a float sum without
   -fassociative-math stays serial and keeps its tiled variant (missed
   remark); a loop carrying a second value, one that stores, and a 2-D
   nest are left alone without a remark.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fdump-tree-all-details" } */
#include <gpuoffload.h>

void
mvi (int n, int m, const int *a, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "1 reduction per outer iteration \\(\\+ s\\) in local memory" } */
    {
      int s = 0;
      for (int j = 0; j < m; j++) /* { dg-optimized "serial loop summing into s shared out over a work-group per iteration, the sum combined in local memory: the order of its additions changes \\(an integer sum: the same result\\)" } */
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}

void
mvf (int n, int m, const float *a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_mvf_\[0-9\]*_tile128" } */
    {
      float s = 0;
      for (int j = 0; j < m; j++) /* { dg-missed "serial loop summing into s runs in each work-item: sharing it out over a work-group would change the order of its floating-point additions; -fassociative-math allows that" } */
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}

void
two (int n, int m, const int *a, int *y, int *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_two_\[0-9\]* \\(1-D index space, \[0-9\]* arguments, host fallback" } */
    {
      int s = 0, k = 0;
      for (int j = 0; j < m; j++)
	{
	  s += a[i * m + j];
	  k += a[i * m + j] > 0;
	}
      y[i] = s;
      c[i] = k;
    }
}

void
mm (int n, const int *a, const int *b, int *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_mm_\[0-9\]*_tile16" } */
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	int s = 0;
	for (int k = 0; k < n; k++)
	  s += a[i * n + k] * b[k * n + j];
	c[i * n + j] = s;
      }
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_mvi_\[0-9\]*: the serial loop summing into s is shared out" "gpu_find" } } */
/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*: gpu_mvf_\[0-9\]*: the serial loop summing into s runs in each work-item" "gpu_find" } } */
/* { dg-final { scan-tree-dump-not "gpu_two_\[0-9\]*: the serial loop summing" "gpu_find" } } */
/* { dg-final { scan-tree-dump-not "gpu_mm_\[0-9\]*: the serial loop summing" "gpu_find" } } */
