/* tile-lean-off.c: -fplugin-arg-gpuoffload-no-lean-tile and
   no-tile-unroll give gpu_tile's variants of tile-deep.c's matmuls as
   before the lean loads (every tile load clamped, barriers fencing
   global memory too) and the loops over a full tile rolled (see
   tile-lean.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all-details -fplugin-arg-gpuoffload-no-lean-tile -fplugin-arg-gpuoffload-no-tile-unroll" } */
#include "tile-deep.c"

/* { dg-final { scan-tree-dump "variant gpu_matmul_\[0-9\]*_tile16r8x8k32: " "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "without clamps" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-not "unrolled" "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "barrier\\(CLK_LOCAL_MEM_FENCE \\| CLK_GLOBAL_MEM_FENCE\\)" 8 "gpu_emit" } } */
