/* tile-vector-off.c: -fplugin-arg-gpuoffload-no-vector-tile after
   vector-tile (the last wins; scalar loads are also the default) keeps
   the register-blocked variant's scalar tile loads only (see
   tile-vector.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fdump-tree-all-details -fplugin-arg-gpuoffload-vector-tile -fplugin-arg-gpuoffload-no-vector-tile" } */
#include <gpuoffload.h>

void
matmul (int n, const float *a, const float *b, float *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_matmul_\[0-9\]*_tile16r8x8k32 with tile: a, b in local memory, tiles of 32 iterations of the serial loop at line 16, work-group 16x16, register blocks of 8x8 outputs per work-item, 33792 bytes;" } */
    for (int j GPU_PARALLEL = 0; j < n; j++) /* { dg-optimized "variant gpu_matmul_\[0-9\]*_tile16 with" "" { target *-*-* } .-1 } */
      {
	float acc = 0;
	for (int k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

/* { dg-final { scan-tree-dump-not "float4" "gpu_emit" } } */
