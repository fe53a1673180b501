/* noreturn.c: a marked loop that may leave through abort, exit or a failed assert is valid C: no error (it used to be rejected as a break/return/goto).  With speculation off, a remark naming the call, and the loop stays on the host; also through a noreturn function of the program, in a GPU_REDUCE loop (speculate.c: the same loops speculated).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details -fplugin-arg-gpuoffload-no-speculate" } */
#include <gpuoffload.h>
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

void
checked (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] < 0)
	{
	  fprintf (stderr, "bad input %d\n", i);
	  abort (); /* { dg-missed "loop not offloaded: the loop may leave through .abort., which does not return" } */
	}
      y[i] = x[i] * 2;
    }
}

void
quits (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] == 42)
	exit (3); /* { dg-missed "loop not offloaded: the loop may leave through .exit., which does not return" } */
      y[i] = x[i] + 1;
    }
}

void
asserts (int n, const int *idx, int m, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      assert (idx[i] < m); /* { dg-missed "loop not offloaded: the loop may leave through .__assert_fail., which does not return" } */
      y[i] = idx[i];
    }
}

/* A noreturn function of the program, in a reduction loop.  */
__attribute__ ((noreturn, noinline)) static void
die (int i)
{
  fprintf (stderr, "element %d\n", i);
  exit (5);
}

int
summed (int n, const int *x)
{
  int s GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] == 42)
	die (i); /* { dg-missed "loop not offloaded: the loop may leave through .die., which does not return" } */
      s += x[i];
    }
  return s;
}

/* { dg-final { scan-tree-dump-times "FAILED: \[^\n\]*which does not return" 4 "gpu_find" } } */
/* { dg-final { scan-assembler-not "gpurt_run" } } */
