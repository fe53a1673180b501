/* reduce-remark.c: -fopt-info-loop-optimized names the reductions of an offloaded loop, with their operators and where they combine; the gpu_reduce dump says SUCCESS for each; gpu_clone lowers them in the device clone to private accumulators (a store along the back edge, a load at the top) in a grid-stride kernel with 8 copies of the body, and the clone is gone from the host code after gpu_emit; no-local-mem is not given so the combine is in local memory.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <math.h>

float
stats (int n, const float *x, float *y, int *cnt)
{
  float s GPU_REDUCE = 0.0f, m GPU_REDUCE = -INFINITY, lo GPU_REDUCE = INFINITY;
  int c GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_stats_\[0-9\]* \\(1-D index space, \[0-9\]+ arguments, 4 reductions \\(\\+ s, max m, fmin lo, \\+ c\\) in local memory, host fallback on threads\\)" } */
    {
      s += x[i];
      m = x[i] > m ? x[i] : m;
      lo = fminf (lo, x[i]);
      c += x[i] > 0;
      y[i] = x[i] * 2;
    }
  *cnt = c;
  return s + m + lo;
}

/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*reduction recognized" 4 "gpu_reduce" } } */
/* { dg-final { scan-tree-dump "reduction m: op max, type f32" "gpu_reduce" } } */
/* { dg-final { scan-tree-dump "__local float gpu_l0\\\[256\\\]" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*device clone of gpu_stats_\[0-9\]+ is loop \[0-9\]+, grid-stride, 8 copies of the body" "gpu_clone" } } */
/* { dg-final { scan-tree-dump-times "\n  gpu_a\[0-3\]\\.\[0-9\]+ = \[a-z_0-9\]+;" 8 "gpu_clone" } } */
/* { dg-final { scan-tree-dump-times "\n  _\[0-9\]+ = gpu_a\[0-3\]\\.\[0-9\]+;" 4 "gpu_clone" } } */
/* { dg-final { scan-tree-dump-not "gpu_a\[0-3\]\\.\[0-9\]+ = " "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "gpu_next_7: ;" 1 "gpu_emit" } } */
