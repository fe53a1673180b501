/* cxx-missed.cc: in C++ a loop that cannot be offloaded for a reason naming a declaration gets the remark and stays a host loop (formatting the declaration with the C++ front end's printer used to crash cc1plus).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

extern float ext (float);

void
f (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = ext (x[i]); /* { dg-missed "loop not offloaded: call to .float ext\\(float\\)., which has no body in this translation unit" } */
}

/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*:12: call to .float ext\\(float\\)." "gpu_find" } } */
/* { dg-final { scan-assembler-not "gpurt_run" } } */
