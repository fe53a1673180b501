/* reduce-foldaway.c: a GPU_REDUCE accumulator whose updates GCC folds away (p *= 1.0f, s += 0 * x[i]) is left unchanged by the loop: valid code, so a remark and the host loop, not the "no recognizable update" error a misused accumulator gets.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */
#include <gpuoffload.h>

float
times_one (int n)
{
  float p GPU_REDUCE = 1; /* { dg-missed "loop not offloaded: the updates of GPU_REDUCE accumulator .p. fold away" } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    p *= 1.0f;
  return p;
}

int
plus_zero (int n, const int *x)
{
  int s GPU_REDUCE = 3; /* { dg-missed "loop not offloaded: the updates of GPU_REDUCE accumulator .s. fold away" } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    s += 0 * x[i];
  return s;
}
