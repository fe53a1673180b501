/* missed-call.c: without werror, a marked loop calling an external function stays a host loop and -fopt-info-loop-missed says why, at the call; the dump of gpu_find, which checks every call of the region and of the functions it calls before anything is printed, says FAILED.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fdump-tree-all-details" } */
#include <gpuoffload.h>

extern float external_fn (float);

void
f (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = external_fn (x[i]); /* { dg-missed "loop not offloaded: call to .external_fn., which has no body" } */
}

/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*:12: call to" "gpu_find" } } */
/* { dg-final { scan-tree-dump-not "loop offloaded" "gpu_outline" } } */
/* { dg-final { scan-assembler-not "gpurt_launch" } } */
