/* tile-lean.c: gpu_tile's variants of tile-deep.c's float and double
   matmul load full tiles from one base pointer per promoted load (and
   copy) without clamps, fence only local memory at their barriers, and
   the register-blocked variants' loops over a full tile (32 and 16
   iterations of k) are unrolled whole, 32 and 16 times (the SGEMM target
   of issue 16);
   tile-lean-off.c turns both off.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all-details" } */
#include "tile-deep.c"

/* 8 copies of each of a and b in a blocked variant, a and b in a plain
   tiled one; two barriers in each of the four variants.  */
/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: gpu_d?matmul_\[0-9\]*: full tiles loaded from 16 base pointers without clamps" 2 "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: gpu_d?matmul_\[0-9\]*: full tiles loaded from 2 base pointers without clamps" 2 "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: gpu_matmul_\[0-9\]*: the loop over a full tile unrolled 32 times" 1 "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: gpu_dmatmul_\[0-9\]*: the loop over a full tile unrolled 16 times" 1 "gpu_tile" } } */
/* { dg-final { scan-tree-dump-times "barrier\\(CLK_LOCAL_MEM_FENCE\\)" 8 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-not "GLOBAL_MEM_FENCE" "gpu_emit" } } */
