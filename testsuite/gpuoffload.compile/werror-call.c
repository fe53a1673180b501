/* werror-call.c: under -fplugin-arg-gpuoffload-werror a marked loop that calls a function with no body in this file is an error at the call.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-werror" } */
#include <gpuoffload.h>

extern float external_fn (float);

void
f (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = external_fn (x[i]); /* { dg-error ".GPU_PARALLEL. loop not offloaded: call to .external_fn., which has no body in this translation unit" } */
}
