/* tile-vector.c: the register-blocked matmul variant loads full, aligned
   tiles with 4-lane vector loads (float4, int4: the remark says so, the
   kernel reads a float4 and writes its lanes to the tile); a load whose
   element steps are neither the serial loop's nor its own dimension's
   (b[k * n + 2 * j]) keeps the scalar loads, with the reason.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fdump-tree-all-details -fplugin-arg-gpuoffload-vector-tile" } */
#include <gpuoffload.h>

void
matmul (int n, const float *a, const float *b, float *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_matmul_\[0-9\]*_tile16r8x8k32 with tile: a, b in local memory, tiles of 32 iterations of the serial loop at line 17, work-group 16x16, register blocks of 8x8 outputs per work-item, 33792 bytes, 4-lane vector loads of full aligned tiles" } */
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	float acc = 0;
	for (int k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

void
imatmul (long n, const int *a, const int *b, int *c)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_imatmul_\[0-9\]*_tile16r8x8k32 with \[^\n\]*, 4-lane vector loads of full aligned tiles" } */
    for (long j GPU_PARALLEL = 0; j < n; j++)
      {
	int acc = 0;
	for (long k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

void
strided (int n, const float *a, const float *b, float *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-missed "kernel gpu_strided_\[0-9\]*: no vector tile loads: a promoted load walks neither the serial loop nor its own dimension" } */
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	float acc = 0;
	for (int k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * 2 * n + 2 * j];
	c[i * n + j] = acc;
      }
}

/* { dg-final { scan-tree-dump "= \\(float4\\)\\(\\(\\*\\(__global float4 \\*\\)" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "= \\(int4\\)\\(\\(\\*\\(__global int4 \\*\\)" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "\\.s3\\)" "gpu_emit" } } */
