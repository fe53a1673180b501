/* auto-inner.c: remarks of gpu_twolevel_auto_inner.  The serial inner
   loop of a 1-D nest whose iterations GCC's data-dependence analysis
   proves independent becomes the inner level (optimized remark, SUCCESS
   line): rows of global arrays, a lud update of rows i and k of one
   array, a call of a function that only reads a global.  It stays
   serial, with the reason as a missed remark, when an iteration reads
   what another writes, when it carries a scalar.  When the analysis
   cannot separate two pointers only because their distance is known at
   run time (lud through a pointer, rows i * n and k * n apart) it
   becomes the inner level under a run-time alias check (SUCCESS lines
   in gpu_find and gpu_twolevel).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fdump-tree-all-details" } */
#include <gpuoffload.h>

float T[64][64], R[64][64], A[64][64];

void
rows (int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "1 inner GPU_PARALLEL loop over the work-items of a group" } */
    for (int j = 0; j < m; j++) /* { dg-optimized "inner loop at line \[0-9\]* runs as a second level: its iterations are independent" } */
      R[i][j] = T[i][j] + (j > 0 ? T[i][j - 1] : 0);
}

void
lud (int n)
{
  for (int k = 0; k < n; k++)
    for (int i GPU_PARALLEL = k + 1; i < n; i++) /* { dg-optimized "1 inner GPU_PARALLEL loop over the work-items of a group" } */
      {
	float l = A[i][k] / A[k][k];
	A[i][k] = l;
	for (int j = k + 1; j < n; j++) /* { dg-optimized "inner loop at line \[0-9\]* runs as a second level: its iterations are independent" } */
	  A[i][j] -= l * A[k][j];
      }
}

void
carried (int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j = 1; j < m; j++) /* { dg-missed "inner loop at line \[0-9\]* runs serially in each work-item: an iteration touches memory that another one writes" } */
      R[i][j] = R[i][j - 1] + T[i][j];
}

/* Reads memory: no const function, but it only reads, at an address
   fixed for the loop (auto-inner-call.c has more).  */
static float
f (float x)
{
  return x * T[0][0];
}

void
calls (int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j = 0; j < m; j++) /* { dg-optimized "inner loop at line \[0-9\]* runs as a second level: its iterations are independent" } */
      R[i][j] = f (T[i][j]);
}

void
scalar (int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      float s = 0;
      for (int j = 0; j < m; j++) /* { dg-missed "inner loop at line \[0-9\]* runs serially in each work-item: it carries a value other than its index" } */
	{
	  s = s * 0.5f + T[i][j];
	  R[i][j] = s;
	}
    }
}

void
ludp (int n, float *a)
{
  for (int k = 0; k < n; k++)
    for (int i GPU_PARALLEL = k + 1; i < n; i++) /* { dg-optimized "1 inner GPU_PARALLEL loop over the work-items of a group" } */
      {
	float l = a[i * n + k] / a[k * n + k];
	a[i * n + k] = l;
	for (int j = k + 1; j < n; j++) /* { dg-optimized "inner loop at line \[0-9\]* runs as a second level: inner loop parallel under a run-time alias check" } */
	  a[i * n + j] -= l * a[k * n + j];
      }
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_rows_\[0-9\]*: the inner loop at line \[0-9\]* runs as a second level" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_lud_\[0-9\]*: the inner loop at line \[0-9\]* runs as a second level" "gpu_find" } } */
/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*: gpu_carried_\[0-9\]*: the inner loop at line \[0-9\]* runs serially" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_ludp_\[0-9\]*: the inner loop at line \[0-9\]* runs as a second level: inner loop parallel under a run-time alias check" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_ludp_\[0-9\]*: the inner loop at line \[0-9\]*: inner loop parallel under a run-time alias check of 1 pair of references" "gpu_twolevel" } } */
/* { dg-final { scan-tree-dump-not "gpu_rows_\[0-9\]*: \[^\n\]*run-time alias check" "gpu_find" } } */
