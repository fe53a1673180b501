/* hoist-guarded-off.c: -fplugin-arg-gpuoffload-no-hoist-guarded moves no
   load under a loop's entry test: the row pointer wall[t + 1] stays in
   the loop and the loop on the host, with the remark.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-hoist-guarded -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

int **wall;

void
step (int cols, int t, const int *src, int *dst)
{
  for (int n GPU_PARALLEL = 0; n < cols; n++)
    dst[n] = wall[t + 1][n] + src[n]; /* { dg-missed "loop not offloaded: pointer .* is loaded from memory" } */
}

/* { dg-final { scan-tree-dump-not "under its entry test" "gpu_find" } } */
