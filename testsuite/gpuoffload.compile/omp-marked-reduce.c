/* omp-marked-reduce.c: omp-marked.c with an OpenMP reduction on a GPU_REDUCE accumulator: valid code, OpenMP's loop, a remark.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fno-tree-vectorize -fopt-info-loop-missed" } */
#include <gpuoffload.h>

float
sum (int n, const float *a)
{
  float s GPU_REDUCE = 0.0f;
#pragma omp parallel for reduction (+: s)
  for (int i GPU_PARALLEL = 0; i < n; i++)
    s += a[i]; /* { dg-missed "loop not offloaded: it is also an OpenMP loop" } */
  return s;
}
