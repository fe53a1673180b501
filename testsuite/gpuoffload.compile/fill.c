/* fill.c: buffers a region writes whole are not copied to the device first (record line "fill K", docs/ABI.md section 10): every iteration of a one-dimensional loop stores the element of its index and nothing reads the array (optimized remark, SUCCESS in the dump).  Not when the array is also read, stored under a condition, with gaps (a step of 2, a reversed index), in an inner serial loop, in a 2-D index space, or under -fplugin-arg-gpuoffload-no-fill (fill-off.c): missed remark and FAILED line saying why.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
scale (int n, const float *restrict x, float *restrict y, double *restrict z)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      y[i] = 2.0f * x[i];
      z[i] = x[i];
      z[i] += 1.0;
    }
}
/* { dg-optimized ".y. is written whole: not copied to the device first" "" { target *-*-* } 9 } */
/* { dg-missed ".z. is copied to the device first: it is also read" "" { target *-*-* } 9 } */

void
cond (int n, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    if (x[i] > 0)
      y[i] = x[i];
}
/* { dg-missed ".y. is copied to the device first: a store is conditional" "" { target *-*-* } 22 } */

void
evens (int n, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i += 2) /* { dg-optimized "loop offloaded" } */
    y[i] = x[i];
}
/* { dg-missed ".y. is copied to the device first: its stores leave gaps between iterations" "" { target *-*-* } 31 } */

void
inner (int n, int m, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      float s = x[i];
      for (int j = 0; j < m; j++)
	{
	  s = s * 0.5f + 1.0f;
	  y[i * m + j] = s;
	}
    }
}
/* { dg-missed ".y. is copied to the device first: a store is in an inner loop" "" { target *-*-* } 39 } */

void
rows (int n, int m, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j GPU_PARALLEL = 0; j < m; j++)
      y[i * m + j] = x[i * m + j];
}
/* { dg-missed ".y. is copied to the device first: the index space has more than one dimension" "" { target *-*-* } 54 } */

/* { dg-final { scan-tree-dump-times "record: fill " 1 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: y written whole" 1 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "FAILED: . not written whole" 5 "gpu_outline" } } */
