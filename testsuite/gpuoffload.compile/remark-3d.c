/* remark-3d.c: three nested marked loops form one 3-D region (one remark, one kernel), the innermost index being dimension 0.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fdump-tree-all-details" } */
#include <gpuoffload.h>

void
grid (int a, int b, int c, float *out)
{
  for (int i GPU_PARALLEL = 0; i < a; i++) /* { dg-optimized "loop offloaded as kernel \[^ \]* \\(3-D index space" } */
    for (int j GPU_PARALLEL = 0; j < b; j++)
      for (int k GPU_PARALLEL = 0; k < c; k++)
	out[(i * b + j) * c + k] = i + j + k;
}

/* { dg-final { scan-tree-dump-times "SUCCESS: .*loop offloaded" 1 "gpu_outline" } } */
/* The host path is outlined into a function run on the host threads.  */
/* { dg-final { scan-tree-dump-times "SUCCESS: host fallback outlined into grid._gpu\[0-9\]+" 1 "gpu_outline" } } */
