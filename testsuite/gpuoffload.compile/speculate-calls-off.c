/* speculate-calls-off.c: with -fplugin-arg-gpuoffload-no-speculate, a call that returns but has no device version keeps the loop on the host even on a rare path (remark naming the call), and nothing is speculated.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-speculate -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

extern void report (long i, float v);

void
external (long n, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] > 100)
	report (i, x[i]); /* { dg-missed "loop not offloaded: call to .report., which has no body in this translation unit" } */
      y[i] = x[i] + 1;
    }
}

/* { dg-final { scan-assembler-not "gpuoffload-region" } } */
