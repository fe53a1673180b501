/* tile-deep.c: gpu_tile's default register-blocked variant (issue 16
   item 2, the shape bench/ocl/sgemm_sweep.c found fastest): 8x8 outputs
   per work-item, a 16x16 group mapped to 128 rows and 128 columns, and
   deep tiles of 32 iterations of the serial loop (each work-item loads
   two elements of each tile): NAME_tile16r8x8k32, 8 tiles of a (32
   rows of 17 floats: k-major, padded) and 8 of b (32 rows of 16).  A double matmul's deep tiles would need 64 KiB, over
   the budget: its blocked variant keeps tiles of 16 iterations.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fdump-tree-all-details" } */
#include <gpuoffload.h>

void
matmul (int n, const float *a, const float *b, float *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_matmul_\[0-9\]*_tile16r8x8k32 with tile: a, b in local memory, tiles of 32 iterations of the serial loop at line 19, work-group 16x16, register blocks of 8x8 outputs per work-item, 33792 bytes" } */
    for (int j GPU_PARALLEL = 0; j < n; j++) /* { dg-optimized "variant gpu_matmul_\[0-9\]*_tile16 with tile: a, b in local memory, tiles of 16 iterations of the serial loop at line 19, work-group 16x16, 2048 bytes" "" { target *-*-* } .-1 } */
      {
	float acc = 0;
	for (int k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

void
dmatmul (int n, const double *a, const double *b, double *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_dmatmul_\[0-9\]*_tile16r8x8 with tile: a, b in local memory, tiles of 16 iterations of the serial loop at line 32, work-group 16x16, register blocks of 8x8 outputs per work-item, 32768 bytes" } */
    for (int j GPU_PARALLEL = 0; j < n; j++) /* { dg-optimized "variant gpu_dmatmul_\[0-9\]*_tile16 with" "" { target *-*-* } .-1 } */
      {
	double acc = 0;
	for (int k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_matmul_\[0-9\]*: the serial loop at line 19 strip-mined: a loop over tiles of 32 iterations; full tiles run a copy of it with the constant trip count" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "get_group_id\\(1\\) \\* 128UL \\+ get_local_id\\(1\\)" 2 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "get_group_id\\(0\\) \\* 128UL \\+ get_local_id\\(0\\)" 2 "gpu_emit" } } */
/* { dg-final { scan-tree-dump "record: variant gpu_matmul_\[0-9\]*_tile16r8x8k32 \[^\n\]* block 8 8 1\n" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "record: opt gpu_matmul_\[0-9\]*_tile16r8x8k32: " "gpu_outline" } } */
