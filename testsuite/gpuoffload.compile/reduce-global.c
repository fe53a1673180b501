/* reduce-global.c: with -fplugin-arg-gpuoffload-no-local-mem the reduction kernel uses no __local memory: one iteration per work-item and a tree in global memory, and the remark says so; its last work-group does not combine the partials.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fplugin-arg-gpuoffload-no-local-mem -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

double
dot (long n, const double *x, const double *y)
{
  double s GPU_REDUCE = 0;
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "1 reduction \\(\\+ s\\) in global memory" } */
    s += x[i] * y[i];
  return s;
}

/* The main kernel declares no __local array (the optional final-combine
   kernel NAME_fin after it may).  */
/* { dg-final { scan-tree-dump-not "void gpu_dot_\[0-9\]*\\(\[^\n\]*\\)\n.\n  __local" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "barrier\\(CLK_GLOBAL_MEM_FENCE\\)" "gpu_emit" } } */
/* Nor a last work-group's combine (the runtime combines this form).  */
/* { dg-final { scan-tree-dump-not "gpu_rlast" "gpu_emit" } } */
