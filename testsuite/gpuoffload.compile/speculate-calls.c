/* speculate-calls.c: calls that return but have no device version (fprintf, puts, putchar, perror, a function of another file), on a path of the iteration that not every iteration takes and after which the iteration goes on, are speculated (issue 18): each call is named in a remark, the block of the call is a deopt of the kernel, and the record has one "deopt" line per call.  A call every iteration makes, or one behind a test that does not change in the loop is not speculated (remark, host loop).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdio.h>

extern void report (long i, float v);

void
warns (long n, float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_warns_0 \\(1-D index space, \[0-9\]+ arguments, host fallback serial\\)" } */
    /* { dg-missed "host fallback of kernel gpu_warns_0 runs serially: the loop has speculated calls" "" { target *-*-* } .-1 } */
    {
      if (x[i] < 0)
	{
	  fprintf (stderr, "bad input %ld\n", i); /* { dg-optimized "kernel gpu_warns_0: call to fprintf speculated" } */
	  x[i] = 0;
	}
      y[i] = x[i] * 2;
    }
}

void
several (long n, const int *x, int *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_several_1 " } */
    /* { dg-missed "host fallback of kernel gpu_several_1 runs serially" "" { target *-*-* } .-1 } */
    {
      int v = x[i];
      if (v == 1)
	puts ("one"); /* { dg-optimized "kernel gpu_several_1: call to puts speculated" } */
      else if (v == 2)
	putchar ('2'); /* { dg-optimized "kernel gpu_several_1: call to putchar speculated" } */
      if (v < 0)
	{
	  perror ("negative"); /* { dg-optimized "kernel gpu_several_1: call to perror speculated" } */
	  v = 0;
	}
      y[i] = v + 1;
    }
}

void
external (long n, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_external_2 " } */
    /* { dg-missed "host fallback of kernel gpu_external_2 runs serially" "" { target *-*-* } .-1 } */
    {
      if (x[i] > 100)
	report (i, x[i]); /* { dg-optimized "kernel gpu_external_2: call to report speculated" } */
      y[i] = x[i] + 1;
    }
}

void
every (long n, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      report (i, x[i]); /* { dg-missed "loop not offloaded: call to .report., which has no body in this translation unit" } */
      y[i] = x[i] + 1;
    }
}

void
invariant (long n, int m, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      if (m > 1000)
	report (i, x[i]); /* { dg-missed "loop not offloaded: the test before .report. does not change in the loop: every iteration would reach it" } */
      y[i] = x[i] + m;
    }
}

/* A call outside the inner loops keeps the region from sharing them out
   among a work-group (two levels, which would not be speculated): 1-D,
   the inner loops serial in each work-item, the call speculated.  */

void
twolevel (long n, long m, const int *x, int *y, int *z)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_twolevel_5 \\(1-D index space" } */
    /* { dg-missed "host fallback of kernel gpu_twolevel_5 runs serially" "" { target *-*-* } .-1 } */
    {
      if (x[i] < 0)
	report (i, 0); /* { dg-optimized "kernel gpu_twolevel_5: call to report speculated" } */
      for (long j GPU_PARALLEL = 0; j < m; j++)
	y[i * m + j] = x[i] + (int) j;
      for (long j GPU_PARALLEL = 0; j < m; j++)
	z[i * m + j] = x[i] - (int) j;
    }
}

/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: site \[0-9\]: a deopt instead of the call to" 6 "gpu_speculate" } } */
/* { dg-final { scan-tree-dump-times "ulong gpu_n2, ulong gpu_f, __global uint \\*gpu_deopt\\)" 4 "gpu_emit" } } */
/* { dg-final { scan-tree-dump "atomic_min\\(gpu_deopt \\+ 2, \\(uint\\)min\\(gpu_g0, " "gpu_emit" } } */
/* { dg-final { scan-assembler-times "gpuoffload-region 3" 4 } } */
/* { dg-final { scan-tree-dump "record: deopt 0 \[^ \]*speculate-calls.c:17 fprintf" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "record: deopt 2 \[^ \]*speculate-calls.c:37 perror" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "record: deopt 0 \[^ \]*speculate-calls.c:51 report" "gpu_outline" } } */
