/* hoist-guarded.c: a load every iteration of a marked loop does with the
   same address, that could fault before the loop (a row pointer from a
   table, pathfinder's wall[t + 1][n]), is done before the loop under its
   entry test, with its address arithmetic, and the loop is offloaded; a
   load only some iterations do (under a test in the body) stays in the
   loop, and the loop on the host with the remark.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

int **wall;

void
step (int cols, int t, const int *src, int *dst)
{
  for (int n GPU_PARALLEL = 0; n < cols; n++) /* { dg-optimized "loop offloaded as kernel" } */
    dst[n] = wall[t + 1][n] + src[n];
}

void
sometimes (int cols, int t, const int *src, int *dst)
{
  for (int n GPU_PARALLEL = 0; n < cols; n++)
    dst[n] = src[n] > 0 ? wall[t][n] : 0; /* { dg-missed "loop not offloaded: pointer .* is loaded from memory" } */
}

/* { dg-final { scan-tree-dump-times "SUCCESS: load moved before loop \[0-9\]+ under its entry test: _\[0-9\]+ = \\*_\[0-9\]+;" 1 "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: load moved before loop \[0-9\]+: wall\[.0-9_\]* = wall;" "gpu_find" } } */
