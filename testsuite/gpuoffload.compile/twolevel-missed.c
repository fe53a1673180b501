/* twolevel-missed.c: an inner marked loop whose form the work-group
   cannot share out runs serially in each work-item of the kernel, and
   -fopt-info-loop-missed says why (a value carried from one iteration to
   the next without GPU_REDUCE; a write to an object each work-item has a
   copy of); the region is still offloaded.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed" } */
#include <gpuoffload.h>

void
carried (int n, int m, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_carried_\[0-9\]* \\(1-D index space, \[0-9\]* arguments, host fallback" } */
    {
      float s = 0;
      for (int j GPU_PARALLEL = 0; j < m; j++) /* { dg-missed "inner GPU_PARALLEL loop runs serially in each work-item: it carries a value from one iteration to the next that is no GPU_REDUCE accumulator" } */
	s += x[i * m + j];
      y[i] = s;
    }
}

void
private_write (int n, int m, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_private_write_\[0-9\]* \\(1-D index space, \[0-9\]* arguments, host fallback" } */
    {
      float tmp[64];
      for (int j GPU_PARALLEL = 0; j < 64; j++) /* { dg-missed "inner GPU_PARALLEL loop runs serially in each work-item: it writes an object each work-item has its own copy of" } */
	tmp[j] = x[i * 64 + j];
      for (int j = 0; j < m; j++)
	y[i * m + j] = tmp[j % 64];
    }
}
