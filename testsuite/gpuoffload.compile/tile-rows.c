/* tile-rows.c: gpu_tile's row-staged variant of a 1-D nest (issue 16,
   matvec): the rows its serial loop reads, uncoalesced, go through a
   32x129 __local tile that the group loads coalesced, in tiles of 128
   iterations (NAME_rows32k128, k64 for double; then NAME_tile128); a
   row input written through the same pointer or read under a condition
   is not staged, with the reason at the access (under a condition, at
   -O2 its address is not one data references see as affine); a load that walks the
   marked loop's index (a[i + j]: already coalesced) is not staged.  By
   default each work-item loads its share of the next tiles into
   registers while the group sums the current ones.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fdump-tree-all-details" } */
#include <gpuoffload.h>

void
mv (long n, long m, const float *a, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_mv_\[0-9\]*_rows32k128 with rows: x, a in local memory, rows staged in tiles of 32x129, tiles of 128 iterations of the serial loop at line 21, work-group 32, 17024 bytes, the next tiles loaded into registers while the group sums" } */
    {
      float s = 0;
      for (long j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}

/* Only the rows to stage: the row-staged variant alone.  */
void
rowsum (int n, int m, const double *a, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_rowsum_\[0-9\]*_rows32k64 with rows: a in local memory, rows staged in tiles of 32x65, tiles of 64 iterations of the serial loop at line 34, work-group 32, 16640 bytes" } */
    {
      double s = 1;
      for (int j = 0; j < m; j++)
	s = s * 0.5 + a[i * m + j];
      y[i] = s;
    }
}

void
self (int n, float *a, const float *x)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < n; j++)
	s += a[i * n + j] * x[j]; /* { dg-missed "access to a not promoted to local memory: the region also writes through the same pointer" } */
      a[i * n] = s;
    }
}

void
cond (int n, const float *a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < n; j++)
	if (x[j] > 0)
	  s += a[i * n + j]; /* { dg-missed "access to a not promoted to local memory: " } */
      y[i] = s;
    }
}

void
slide (int n, const float *a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < 5; j++)
	s += a[i + j] * x[j];
      y[i] = s;
    }
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_mv_\[0-9\]*: variant gpu_mv_\[0-9\]*_rows32k128: rows: x, a in local memory" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_mv_\[0-9\]*: variant gpu_mv_\[0-9\]*_tile128: tile: x in local memory" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_self_\[0-9\]*: variant gpu_self_\[0-9\]*_tile128" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "variant gpu_self_\[0-9\]*_rows" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "variant gpu_cond_\[0-9\]*_rows" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "variant gpu_slide_\[0-9\]*_rows" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "variant gpu_\[a-z\]*_\[0-9\]*_rows32k\[0-9\]*:" 2 "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: gpu_\[a-z\]*_\[0-9\]*: row-staged tiles prefetched: each work-item loads its share of the next tiles into registers before the sum" 2 "gpu_tile" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_mv_\[0-9\]*: the serial loop at line 21 strip-mined: a loop over tiles of 128 iterations; full tiles run a copy" "gpu_tile" } } */
