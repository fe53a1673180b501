/* tile-stencil.c: gpu_tile's halo tiles (issue 16 item 1, stencils).  A
   2-D 5-point stencil and a 3-D 7-point one (int indices: the plane
   stride n * n) get the variant NAME_halo32x8, its remark naming the
   array, the offsets, the block, the group and the bytes; one barrier
   each.  An input also written through the same pointer and a load at a
   run-time offset are not promoted, with the reason at the access, nor
   one read at two offsets only; a copy (one offset: nothing to share)
   gets no variant.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fdump-tree-all-details -fplugin-arg-gpuoffload-halo-tile" } */
#include <gpuoffload.h>

void
jac (long n, long m, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++) /* { dg-optimized "variant gpu_jac_\[0-9\]*_halo32x8 with halo tiles: a \\(offsets -1..1 x -1..1: a 34x10 block\\) in local memory, work-group 32x8, 1360 bytes" } */
    for (long j GPU_PARALLEL = 1; j < m - 1; j++)
      b[i * m + j] = 0.2f * (a[i * m + j] + a[(i - 1) * m + j]
			     + a[(i + 1) * m + j] + a[i * m + j - 1]
			     + a[i * m + j + 1]);
}

void
heat (int n, const double *a, double *b)
{
  for (int i GPU_PARALLEL = 1; i < n - 1; i++) /* { dg-optimized "variant gpu_heat_\[0-9\]*_halo32x8 with halo tiles: a \\(offsets -1..1 x -1..1: a 34x10 block\\) in local memory, work-group 32x8x1, 2720 bytes" } */
    for (int j GPU_PARALLEL = 1; j < n - 1; j++)
      for (int k GPU_PARALLEL = 1; k < n - 1; k++)
	b[(i * n + j) * n + k] = a[((i + 1) * n + j) * n + k]
	  + a[((i - 1) * n + j) * n + k] + a[(i * n + j + 1) * n + k]
	  + a[(i * n + j - 1) * n + k] + a[(i * n + j) * n + k + 1]
	  + a[(i * n + j) * n + k - 1] - 6.0 * a[(i * n + j) * n + k];
}

void
self (long n, long m, float *a)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 1; j < m - 1; j++)
      a[n * m + i * m + j] = a[(i - 1) * m + j] /* { dg-missed "access to a not promoted to local memory: the region also writes through the same pointer" } */
	+ a[(i + 1) * m + j] + a[i * m + j];
}

void
shift (long n, long m, long k, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 1; j < m - 1; j++)
      b[i * m + j] = a[(i - 1) * m + j] + a[(i + 1) * m + j] + a[i * m + j]
	+ a[i * m + j + k]; /* { dg-missed "access to a not promoted to local memory: its offset from the array's other loads is not a constant of at most 4 elements along each dimension" } */
}

void
diff (long n, long m, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 1; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < m; j++)
      b[i * m + j] = a[i * m + j] - a[(i - 1) * m + j]; /* { dg-missed "access to a not promoted to local memory: its loads read 2 neighbours \\(a halo tile needs 3\\)" } */
}

void
copy (long n, long m, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < m; j++)
      b[i * m + j] = a[i * m + j];
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_jac_\[0-9\]*: variant gpu_jac_\[0-9\]*_halo32x8: halo tiles: a" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_heat_\[0-9\]*: variant gpu_heat_\[0-9\]*_halo32x8: halo tiles: a" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*: gpu_self_\[0-9\]*: access to a not promoted" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*: gpu_shift_\[0-9\]*: access to a not promoted" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "variant gpu_copy_" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "variant gpu_diff_" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "variant gpu_self_" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "variant gpu_shift_\[0-9\]*_halo32x8: halo tiles: a \\(offsets 0..0 x 0..2: a 32x10 block\\)" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "barrier\\(" 3 "gpu_emit" } } */
