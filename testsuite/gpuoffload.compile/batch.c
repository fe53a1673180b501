/* batch.c: which regions may run in batches of their outermost index (docs/ABI.md section 9): rows of a 2-D array and a 1-D stencil are streamed and a GPU_EXTENT table is read whole (record lines "batch K move|whole", optimized remark); a region writing a range that does not move with the outer index (a histogram through an index) is not batchable (missed remark naming it, no "batch" lines).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
rows (int n, int m, const float *restrict x, const float *restrict t GPU_EXTENT (16), float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    for (int j GPU_PARALLEL = 0; j < m; j++)
      y[i * m + j] = x[(i + 1) * m + j] + t[(int) x[i * m + j] & 15];
}
/* { dg-optimized "loop can run in batches of its outermost index when its data do not fit the device \\(2 argument\\(s\\) streamed\\)" "" { target *-*-* } 9 } */

void
hist (int n, const int *restrict k, int *restrict h GPU_EXTENT (64))
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    h[k[i] & 63] = i;
}
/* { dg-missed "loop cannot run in batches: the range of .h. it writes does not move with the outermost index" "" { target *-*-* } 18 } */

/* { dg-final { scan-tree-dump "record: batch 6 move\n" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "record: batch 7 whole\n" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "record: batch 8 move\n" "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "record: batch " 3 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "FAILED: not batchable" 1 "gpu_outline" } } */
