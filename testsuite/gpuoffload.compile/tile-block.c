/* tile-block.c: gpu_tile's register-blocked variant (issue 16 item 2)
   with block=4 (today's default is 8x8: tile-deep.c).
   matmul gets NAME_tile16r4x4 (each work-item 4x4 outputs, a tile of a
   per row, one of b per column) listed before NAME_tile16: the remark
   names the blocks and the local memory of both; the kernel maps a
   group to 64 rows and 64 columns; the record line carries "block 4 4
   1".  A nest whose condition depends on the row is blocked along the
   columns only (missed remark for the rows).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fdump-tree-all-details -fplugin-arg-gpuoffload-block=4" } */
#include <gpuoffload.h>

void
matmul (int n, const float *a, const float *b, float *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "variant gpu_matmul_\[0-9\]*_tile16r4x4 with tile: a, b in local memory, tiles of 16 iterations of the serial loop at line 20, work-group 16x16, register blocks of 4x4 outputs per work-item, 8192 bytes" } */
    for (int j GPU_PARALLEL = 0; j < n; j++) /* { dg-optimized "variant gpu_matmul_\[0-9\]*_tile16 with tile: a, b in local memory, tiles of 16 iterations of the serial loop at line 20, work-group 16x16, 2048 bytes" "" { target *-*-* } .-1 } */
      {
	float acc = 0;
	for (int k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

void
odd_rows (int n, const float *a, const float *b, float *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-missed "kernel gpu_odd_rows_\[0-9\]*: no register blocking along dimension 1 \\(rows\\): a condition, a call or a loop other than the serial loop depends on its index" } */
    for (int j GPU_PARALLEL = 0; j < n; j++) /* { dg-optimized "variant gpu_odd_rows_\[0-9\]*_tile16r1x4 with\[^\n\]*register blocks of 1x4 outputs" "" { target *-*-* } .-1 } */
      {
	float acc = 0;
	for (int k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	if (i & 1)
	  c[i * n + j] = acc;
      }
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_matmul_\[0-9\]*: variant gpu_matmul_\[0-9\]*_tile16r4x4: tile: a, b in local memory\[^\n\]*register blocks of 4x4" "gpu_tile" } } */
/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*: gpu_odd_rows_\[0-9\]*: no register blocking along dimension 1" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "get_group_id\\(1\\) \\* 64UL \\+ get_local_id\\(1\\)" 1 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "get_group_id\\(0\\) \\* 64UL \\+ get_local_id\\(0\\)" 2 "gpu_emit" } } */
/* { dg-final { scan-tree-dump "record: variant gpu_matmul_\[0-9\]*_tile16r4x4 \[^\n\]* block 4 4 1\n" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "record: opt gpu_matmul_\[0-9\]*_tile16r4x4: " "gpu_outline" } } */
