/* kernels-lib.c: the library half of the shlib test: exported functions with marked loops (1-D and 2-D) and a static helper, built into libkernels.so and libkernels.a by shlib.exp.  */
#include <gpuoffload.h>
#include "kernels.h"

static float
twice (float v)
{
  return v + v;
}

void
lib_saxpy (int n, float a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + twice (y[i]);
}

void
lib_index2d (int m, int n, int *out)
{
  for (int i GPU_PARALLEL = 0; i < m; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      out[i * n + j] = i * 10000 + j;
}

int
lib_kernel_count (void)
{
  return 2;
}
