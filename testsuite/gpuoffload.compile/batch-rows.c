/* batch-rows.c: an access in a serial inner loop whose bounds do not change with the outer index moves with it (docs/ABI.md section 9): the rows a[i * m + j], j < m, of a matrix-vector product and of two matrices are streamed, the vector x[j] read by every row is "whole" (copied once); the same for the outer index of a 2-D matrix product (rows a[i * p + k]); a triangular inner loop (j <= i) leaves its matrix "whole", and a triangle it writes makes the region not batchable (missed remark naming it).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
matvec (int n, int m, const double *a, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      double s = 0;
      for (int j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}
/* { dg-optimized "loop can run in batches of its outermost index when its data do not fit the device \\(2 argument\\(s\\) streamed\\)" "" { target *-*-* } 9 } */

void
gesummv (long n, long m, double alpha, double beta, const double *a,
	 const double *b, const double *x, double *y, double *tmp)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      double t = 0, u = 0;
      for (long j = 0; j < m; j++)
	{
	  t += a[i * m + j] * x[j];
	  u += b[i * m + j] * x[j];
	}
      tmp[i] = t;
      y[i] = alpha * t + beta * u;
    }
}
/* { dg-optimized "loop can run in batches of its outermost index when its data do not fit the device \\(4 argument\\(s\\) streamed\\)" "" { target *-*-* } 23 } */

void
tri (int n, const float *a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      float s = 0;
      for (int j = 0; j <= i; j++)
	s += a[i * n + j] * x[j];
      y[i] = s;
    }
}
/* { dg-optimized "loop can run in batches of its outermost index when its data do not fit the device \\(1 argument\\(s\\) streamed\\)" "" { target *-*-* } 40 } */

void
triwrite (int n, const float *x, float *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      float s = 0;
      for (int j = 0; j <= i; j++)
	{
	  s += x[j];
	  out[i * n + j] = s;
	}
    }
}
/* { dg-missed "loop cannot run in batches: the range of .out. it writes does not move with the outermost index" "" { target *-*-* } 53 } */

/* 2-D: the rows of A read in the serial loop over K move with the outer
   index I.  */
void
matmul (int n, int m, int p, const float *a, const float *b, float *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j GPU_PARALLEL = 0; j < m; j++)
      {
	float s = 0;
	for (int k = 0; k < p; k++)
	  s += a[i * p + k] * b[k * m + j];
	c[i * m + j] = s;
      }
}
/* { dg-optimized "loop can run in batches of its outermost index when its data do not fit the device \\(2 argument\\(s\\) streamed\\)" "" { target *-*-* } 70 } */

/* matvec: y, a move, x whole; gesummv: tmp, y, a, b move, x whole; tri:
   y moves, a and x whole; matmul: a, c move, b whole.  */
/* { dg-final { scan-tree-dump-times "record: batch \[0-9\]+ move\n" 9 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "record: batch \[0-9\]+ whole\n" 5 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "FAILED: not batchable" 1 "gpu_outline" } } */
/* The window of a row at iteration k: [0, m * 8) + k * m * 8 when the
   inner loop runs.  */
/* { dg-final { scan-tree-dump "buffer a_\[0-9\]+\\(D\\) r, range \[^\n\]*, per outer iteration k: \[^\n\]*m_\[0-9\]+\\(D\\) > 0\[^\n\]* \\+ k \\* \\(long int\\) \\(\\(long unsigned int\\) m_\[0-9\]+\\(D\\) \\* 8\\)\n" "gpu_find" } } */
