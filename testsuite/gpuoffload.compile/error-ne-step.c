/* error-ne-step.c: a != condition with a step of 2 has an iteration count only under an assumption the compiler cannot check: a marked loop of that form is an error saying why.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <gpuoffload.h>

void
f (int lo, int hi, int *y)
{
  for (int i GPU_PARALLEL = lo; i != hi; i += 2) /* { dg-error "only valid under assumptions" } */
    y[i] = i;
}
