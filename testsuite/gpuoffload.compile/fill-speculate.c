/* fill-speculate.c: a speculated loop (issue 18) may still have its outputs written whole left out of the copy in ("fill K", docs/ABI.md section 10): its kernel stops part way only at a speculated call, and a deopt drops what the launch stored.  After an abort path and after a warning that returns, the array stored in every iteration is filled (optimized remark, SUCCESS and the record's fill line); one whose store a path after the warning skips is not (missed remark: a store is conditional).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>

void
checked (int n, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      if (x[i] < 0)
	{
	  fprintf (stderr, "bad input %d\n", i);
	  abort (); /* { dg-optimized "call to abort speculated" } */
	}
      y[i] = 2.0f * x[i];
    }
}
/* { dg-optimized ".y. is written whole: not copied to the device first" "" { target *-*-* } 11 } */

void
warned (int n, const float *restrict x, float *restrict y, float *restrict z)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      if (x[i] < 0)
	{
	  printf ("skipping %d\n", i); /* { dg-optimized "call to printf speculated" } */
	  continue;
	}
      z[i] = x[i];
    }
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      if (x[i] < 0)
	printf ("using 0 for %d\n", i); /* { dg-optimized "call to printf speculated" } */
      y[i] = x[i] < 0 ? 0.0f : x[i];
    }
}
/* { dg-missed ".z. is copied to the device first: a store is conditional" "" { target *-*-* } 26 } */
/* { dg-optimized ".y. is written whole: not copied to the device first" "" { target *-*-* } 35 } */

/* { dg-final { scan-tree-dump-times "record: fill " 2 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: y written whole" 2 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "FAILED: z not written whole: a store is conditional" 1 "gpu_outline" } } */
