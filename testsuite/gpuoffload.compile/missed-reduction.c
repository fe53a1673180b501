/* missed-reduction.c: an accumulator without GPU_REDUCE carries a value between iterations: not offloaded, and the remark suggests GPU_REDUCE.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */
#include <gpuoffload.h>

float
sum (int n, const float *x)
{
  float s = 0.0f;
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-missed "loop not offloaded: .* carries a value from one iteration to the next \\(a reduction needs GPU_REDUCE\\)" } */
    s += x[i];
  return s;
}
