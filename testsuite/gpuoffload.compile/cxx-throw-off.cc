/* cxx-throw-off.cc: with speculation off, a marked loop that may throw is valid C++: no error, a remark, a host loop.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-speculate" } */
#include <gpuoffload.h>

void
check (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] > 100)
	throw 1; /* { dg-missed "loop not offloaded: the loop may leave through .void __cxa_throw\\(void\\*, void\\*, void \\(\\*\\)\\(void\\*\\)\\)., which does not return" } */
      y[i] = x[i] * 2;
    }
}

/* { dg-final { scan-assembler-not "gpurt_run" } } */
