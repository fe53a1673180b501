/* missed-volatile.c: a volatile access in a marked body prevents offloading, with a remark at the access.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */
#include <gpuoffload.h>

void
f (int n, volatile int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[i]; /* { dg-missed "loop not offloaded: volatile" } */
}
