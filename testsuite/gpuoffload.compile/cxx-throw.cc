/* cxx-throw.cc: a marked loop that may throw is valid C++: no error; the throw is speculated (the device deoptimizes, the serial host loop throws), or with speculation off a remark and a host loop (cxx-throw-off.cc).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed" } */
#include <gpuoffload.h>

void
check (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] > 100)
	throw 1; /* { dg-optimized "call to __cxa_throw speculated" } */
      y[i] = x[i] * 2;
    }
}

/* { dg-optimized "loop offloaded as kernel" "" { target *-*-* } 9 } */
/* { dg-missed "host fallback of kernel gpu_check_0 runs serially" "" { target *-*-* } 9 } */
/* { dg-final { scan-assembler "gpurt_launch" } } */
