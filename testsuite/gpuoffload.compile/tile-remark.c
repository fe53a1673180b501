/* tile-remark.c: gpu_tile (issue 16, first step).  matmul's a and b and
   matvec's x go to __local tiles of a kernel variant: the remark names
   the arrays, the tile and the work-group; an input written through the
   same pointer, a data-dependent bound, a triangular loop, a non-affine
   index and an access under a condition are not promoted, with the
   reason at the access or loop.  The serial loops of matmul and matvec
   are strip-mined: two barriers per variant (before and after the tile
   loads, outside the loop over one tile), and full tiles run a loop
   whose test is against the constant tile size.  Without the
   register-blocked variant (tile-block.c) and the row-staged one (none:
   tile-rows.c), so that the counts are those of the plain tiled one.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fdump-tree-all-details -fplugin-arg-gpuoffload-no-register-block -fplugin-arg-gpuoffload-no-row-stage" } */
#include <gpuoffload.h>

void
matmul (int n, const float *a, const float *b, float *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_matmul_\[0-9\]*_tile16 with tile: a, b in local memory, tiles of 16 iterations of the serial loop at line 23, work-group 16x16, 2048 bytes" } */
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	float acc = 0.0f;
	for (int k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

void
matvec (int n, const double *A, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_matvec_\[0-9\]*_tile128 with tile: x in local memory" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	s += A[i * n + j] * x[j];
      y[i] = s;
    }
}

void
self (int n, const float *A, float *x)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < n; j++)
	s += A[i * n + j] * x[j]; /* { dg-missed "access to x not promoted to local memory: the region also writes through the same pointer" } */
      x[n + i] = s;
    }
}

void
bounded (int n, const int *len, const float *A, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < len[i]; j++) /* { dg-missed "the serial loop not promoted to local memory: its trip count is not the same" } */
	s += A[i * n + j] * x[j];
      y[i] = s;
    }
}

void
tri (int n, const float *A, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < i; j++) /* { dg-missed "the serial loop not promoted to local memory: its trip count is not the same" } */
	s += A[i * n + j] * x[j];
      y[i] = s;
    }
}

void
square (int n, const float *A, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < n; j++)
	s += A[i * n + j] * x[j * j]; /* { dg-missed "access to x not promoted to local memory: its index is not an affine function" } */
      y[i] = s;
    }
}

void
cond (int n, const float *A, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < n; j++)
	if (A[i * n + j] > 0)
	  s += x[j]; /* { dg-missed "access to x not promoted to local memory: it is under a condition in the serial loop" } */
      y[i] = s;
    }
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_matmul_\[0-9\]*: variant gpu_matmul_\[0-9\]*_tile16: tile: a, b in local memory" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_matvec_\[0-9\]*: variant gpu_matvec_\[0-9\]*_tile128: tile: x in local memory" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*: gpu_self_\[0-9\]*: access to x not promoted" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*: gpu_tri_\[0-9\]*: the serial loop not promoted" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "__local " 3 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-not "_rows" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_matmul_\[0-9\]*: the serial loop at line 23 strip-mined: a loop over tiles of 16 iterations; full tiles run a copy of it with the constant trip count" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_matvec_\[0-9\]*: the serial loop at line 35 strip-mined: a loop over tiles of 128 iterations" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "barrier\\(" 4 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "if \\(\\(v\[0-9\]*\\) < \\(\\(\\(ulong\\)16UL\\)\\)\\)" 1 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "if \\(\\(v\[0-9\]*\\) < \\(\\(\\(ulong\\)128UL\\)\\)\\)" 1 "gpu_emit" } } */
