/* error-four-deep.c: more than three nested marked loops is an error at the fourth.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <gpuoffload.h>

void
f (int n, float *a)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      for (int k GPU_PARALLEL = 0; k < n; k++)
	for (int l GPU_PARALLEL = 0; l < n; l++) /* { dg-error "more than three nested" } */
	  a[((i * n + j) * n + k) * n + l] = 1.0f;
}
