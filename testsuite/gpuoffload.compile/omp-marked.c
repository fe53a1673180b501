/* omp-marked.c: a marked loop that is also an OpenMP loop (#pragma omp parallel for; omp-marked-reduce.c: with a reduction on a GPU_REDUCE accumulator) is valid code: with -fopenmp it stays OpenMP's loop, with a remark saying why (it used to be rejected with an error about a side-effecting condition the user never wrote); the remark is at the body's line, where OpenMP's outlined piece of the loop starts.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fno-tree-vectorize -fopt-info-loop-missed" } */
#include <gpuoffload.h>

void
fill (int n, float *a)
{
#pragma omp parallel for
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[i] = 2.0f * i; /* { dg-missed "loop not offloaded: it is also an OpenMP loop" } */
}
