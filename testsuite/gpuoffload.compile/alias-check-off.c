/* alias-check-off.c: -fplugin-arg-gpuoffload-no-alias-check keeps a
   serial inner loop whose independence only a run-time alias check
   would show (lud through a pointer) serial in each work-item (missed
   remark naming the switch); a loop whose independence the analysis
   proves still becomes the inner level.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-alias-check" } */
#include <gpuoffload.h>

float T[64][64], R[64][64];

void
rows (int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "1 inner GPU_PARALLEL loop over the work-items of a group" } */
    for (int j = 0; j < m; j++) /* { dg-optimized "inner loop at line \[0-9\]* runs as a second level: its iterations are independent" } */
      R[i][j] = T[i][j] * 2;
}

void
ludp (int n, float *a)
{
  for (int k = 0; k < n; k++)
    for (int i GPU_PARALLEL = k + 1; i < n; i++) /* { dg-optimized "loop offloaded" } */
      {
	float l = a[i * n + k] / a[k * n + k];
	a[i * n + k] = l;
	for (int j = k + 1; j < n; j++) /* { dg-missed "inner loop at line \[0-9\]* runs serially in each work-item: \[^\n\]*-fplugin-arg-gpuoffload-no-alias-check" } */
	  a[i * n + j] -= l * a[k * n + j];
      }
}
