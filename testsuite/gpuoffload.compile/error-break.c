/* error-break.c: a break out of a marked loop is an error: the loop must leave only through its condition.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <gpuoffload.h>

void
f (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-error "must leave only through its condition" } */
    {
      if (x[i] < 0)
	break;
      y[i] = x[i];
    }
}
