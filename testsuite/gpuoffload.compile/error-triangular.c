/* error-triangular.c: the bound of a nested marked loop depending on the enclosing marked index (a triangle) is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <gpuoffload.h>

void
f (int n, float *a)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < i; j++) /* { dg-error "must not depend on the enclosing loops" } */
      a[i * n + j] = 0.0f;
}
