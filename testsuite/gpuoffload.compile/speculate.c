/* speculate.c: paths of a marked loop that end the program (abort, exit, a failed assert, a noreturn function of the program) are speculated (issue 18): each call is named in a remark, the loop is offloaded with a serial host path, the kernel records the iteration in its deopt buffer instead of leaving, and the record has one "deopt" line per call (version 3).  Also in a GPU_REDUCE loop and a 2-D nest; a loop with an inner GPU_PARALLEL loop is not speculated, nor a path behind a test that does not change in the loop (remark, host loop); a real break still is an error (error-break.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

void
checked (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_checked_0 \\(1-D index space, \[0-9\]+ arguments, host fallback serial\\)" } */
    /* { dg-missed "host fallback of kernel gpu_checked_0 runs serially: the loop has speculated calls" "" { target *-*-* } .-1 } */
    {
      if (x[i] < 0)
	{
	  fprintf (stderr, "bad input %d\n", i);
	  abort (); /* { dg-optimized "kernel gpu_checked_0: call to abort speculated" } */
	}
      if (x[i] > 1000)
	exit (3); /* { dg-optimized "kernel gpu_checked_0: call to exit speculated" } */
      y[i] = x[i] * 2;
    }
}

__attribute__ ((noreturn, noinline)) static void
die (int i)
{
  fprintf (stderr, "element %d\n", i);
  exit (5);
}

int
summed (int n, const int *idx, int m)
{
  int s GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_summed_1 \\(1-D index space, \[0-9\]+ arguments, 1 reduction" } */
    /* { dg-missed "host fallback of kernel gpu_summed_1 runs serially" "" { target *-*-* } .-1 } */
    {
      assert (idx[i] < m); /* { dg-optimized "kernel gpu_summed_1: call to __assert_fail speculated" } */
      if (idx[i] == 42)
	die (i); /* { dg-optimized "kernel gpu_summed_1: call to die speculated" } */
      s += idx[i];
    }
  return s;
}

void
nest (int n, int m, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_nest_2 \\(2-D index space" } */
    /* { dg-missed "host fallback of kernel gpu_nest_2 runs serially" "" { target *-*-* } .-1 } */
    for (int j GPU_PARALLEL = 0; j < m; j++)
      {
	if (x[i * m + j] == 42)
	  exit (3); /* { dg-optimized "kernel gpu_nest_2: call to exit speculated" } */
	y[i * m + j] = x[i * m + j] + 1;
      }
}

void
twolevel (int n, int m, const int *x, int *y, int *z)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] < 0)
	abort (); /* { dg-missed "loop not offloaded: .abort. on a path out of a loop with an inner .GPU_PARALLEL. loop is not speculated" } */
      for (int j GPU_PARALLEL = 0; j < m; j++)
	y[i * m + j] = x[i] + j;
      for (int j GPU_PARALLEL = 0; j < m; j++)
	z[i * m + j] = x[i] - j;
    }
}

void
invariant (int n, int m, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      if (m > 1000)
	abort (); /* { dg-missed "loop not offloaded: the test before .abort. does not change in the loop: every iteration would reach it" } */
      y[i] = x[i] + m;
    }
}

/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: site \[0-9\]: a deopt instead of the call to" 5 "gpu_speculate" } } */
/* { dg-final { scan-tree-dump "atomic_min\\(gpu_deopt \\+ 1, \\(uint\\)min\\(gpu_g0, " "gpu_emit" } } */
/* { dg-final { scan-tree-dump "atomic_min\\(gpu_deopt \\+ 0, \\(uint\\)min\\(\\(gpu_g0 \\+ gpu_n0 \\* gpu_g1\\), " "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "ulong gpu_n2, ulong gpu_f, (__global ulong \\*gpu_rlast, )?__global uint \\*gpu_deopt\\)" 3 "gpu_emit" } } */
/* { dg-final { scan-assembler-times "gpuoffload-region 3" 3 } } */
/* { dg-final { scan-tree-dump "record: deopt 0 \[^ \]*speculate.c:21 exit" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "record: deopt 0 \[^ \]*speculate.c:42 die" "gpu_outline" } } */
