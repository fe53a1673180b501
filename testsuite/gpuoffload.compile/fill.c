/* fill.c: buffers a region writes whole are not copied to the device first (record line "fill K", docs/ABI.md section 10): every iteration of a one-dimensional loop stores the element of its index and nothing reads the array (optimized remark, SUCCESS in the dump).  Not when the array is also read, stored under a condition, with gaps (a step of 2, a reversed index), in an inner serial loop, or under -fplugin-arg-gpuoffload-no-fill (fill-off.c): missed remark and FAILED line saying why.  In a 2-D index space the same when every inner iteration stores the element next to the last one and the rows lie back to back (i * m + j, j < m; an image from row 1); not with rows of m in a matrix of rows of n, rows from element 1, every other element, a conditional store, column-major stores, or in 3-D.  */
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
/* { dg-optimized ".y. is written whole: not copied to the device first" "" { target *-*-* } 54 } */

/* An image of n x n pixels, rows from 1 (the range starts at row 1).  */
void
image (long n, const unsigned *restrict x, unsigned *restrict y)
{
  for (long i GPU_PARALLEL = 1; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (long j GPU_PARALLEL = 0; j < n; j++)
      y[i * n + j] = x[i * n + j] >> 1;
}
/* { dg-optimized ".y. is written whole: not copied to the device first" "" { target *-*-* } 64 } */

/* Rows that leave gaps: rows of m in a matrix of rows of n (m < n),
   rows from their element 1, every other element of a row; column-major
   stores (the inner index moves by a row).  */
void
gaps (int n, int m, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j GPU_PARALLEL = 0; j < m; j++)
      y[i * n + j] = x[i * n + j];
  /* { dg-missed ".y. is copied to the device first: its rows may leave gaps" "" { target *-*-* } .-3 } */
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j GPU_PARALLEL = 1; j < m; j++)
      y[i * m + j] = 2.0f * x[i * m + j];
  /* { dg-missed ".y. is copied to the device first: its rows may leave gaps" "" { target *-*-* } .-3 } */
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j GPU_PARALLEL = 0; j < m; j += 2)
      y[i * m + j] = 3.0f * x[i * m + j];
  /* { dg-missed ".y. is copied to the device first: its stores leave gaps between iterations of the inner index" "" { target *-*-* } .-3 } */
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j GPU_PARALLEL = 0; j < n; j++)
      y[j * n + i] = 4.0f * x[i * n + j];
  /* { dg-missed ".y. is copied to the device first: its stores leave gaps between iterations of the inner index" "" { target *-*-* } .-3 } */
}

/* A store under a condition of the inner index.  */
void
some (int n, int m, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j GPU_PARALLEL = 0; j < m; j++)
      if (x[i * m + j] > 0)
	y[i * m + j] = x[i * m + j];
}
/* { dg-missed ".y. is copied to the device first" "" { target *-*-* } 98 } */

void
cube (int n, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j GPU_PARALLEL = 0; j < n; j++)
      for (int k GPU_PARALLEL = 0; k < n; k++)
	y[(i * n + j) * n + k] = x[(i * n + j) * n + k];
}
/* { dg-missed ".y. is copied to the device first: the index space has more than two dimensions" "" { target *-*-* } 108 } */

/* { dg-final { scan-tree-dump-times "record: fill " 3 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: y written whole" 3 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "FAILED: . not written whole" 10 "gpu_outline" } } */
