/* tile-transpose.c: gpu_tile's staged transpose.  A 2-D nest whose store
   walks dimension 1 gets the variant _tr32x8 (in staged through a 32x33
   __local tile, the local indices exchanged, 32x8 work-items each moving
   4 elements); an input written through
   the same pointer is not staged (missed remark at the load); a copy whose store walks
   dimension 0 (nothing to gain) and a nest whose load walks dimension 1
   get no variant.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fdump-tree-all-details" } */
#include <gpuoffload.h>

void
tr (long m, long n, const float *in, float *out)
{
  for (long i GPU_PARALLEL = 0; i < m; i++) /* { dg-optimized "variant gpu_tr_\[0-9\]*_tr32x8 with transpose: in staged through local memory in tiles of 32x33 \\(the stores walk dimension 1\\), work-group 32x8, 4 elements per work-item, 4224 bytes" } */
    for (long j GPU_PARALLEL = 0; j < n; j++)
      out[j * m + i] = in[i * n + j];
}

void
self (int n, float *a)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      a[n * n + j * n + i] = a[i * n + j]; /* { dg-missed "access to a not promoted to local memory: the region also writes through the same pointer" } */
}

void
copy (long n, const float *in, float *out)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < n; j++)
      out[i * n + j] = in[i * n + j];
}

void
gather (long n, const float *in, float *out)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < n; j++)
      out[j * n + i] = in[j * n + i];
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_tr_\[0-9\]*: variant gpu_tr_\[0-9\]*_tr32x8: transpose: in staged" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*: gpu_self_\[0-9\]*: access to a not promoted" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "variant gpu_copy_" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "variant gpu_gather_" "gpu_tile" } } */
