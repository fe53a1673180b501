/* fill-speculate.c: a speculated loop (issue 18) may still have its outputs written whole left out of the copy in ("fill K", docs/ABI.md section 10): its kernel stops part way only at a speculated call, and a deopt drops what the launch stored.  After an abort path and after a warning that returns, the array stored in every iteration is filled (optimized remark, SUCCESS and the record's fill line); so is one whose store only a path through a warning skips (that path is a deopt on the device).  Without speculation, a store on each arm of a condition writes the array whole, a store on one arm does not (missed remark: a store is conditional).  */
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
/* { dg-optimized ".z. is written whole: not copied to the device first" "" { target *-*-* } 26 } */
/* { dg-optimized ".y. is written whole: not copied to the device first" "" { target *-*-* } 35 } */

/* No speculation: a store on each arm of a condition writes y whole; a
   store on one arm only does not write z whole.  */
void
arms (int n, const float *restrict x, float *restrict y, float *restrict z,
      float *restrict w)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    {
      if (x[i] > 0)
	{
	  y[i] = x[i];
	  w[i] = 1.0f;
	}
      else
	{
	  z[i] = x[i];
	  y[i] = w[i];
	}
    }
}

/* { dg-optimized ".y. is written whole: not copied to the device first" "" { target *-*-* } 51 } */
/* { dg-missed ".z. is copied to the device first: a store is conditional" "" { target *-*-* } 51 } */

/* { dg-final { scan-tree-dump-times "record: fill " 4 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: y written whole" 3 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: z written whole" 1 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "FAILED: z not written whole: a store is conditional" 1 "gpu_outline" } } */
