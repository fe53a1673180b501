/* speculate-callsite.c: a call of a function of the unit every run of which reaches a call with no device version is the deopt site itself when it sits on a path that not every iteration takes (issue 18 item 1), in the loop or one function down: the remark names the call to that function at its own line, and the function has no device version in the kernel's source.  The same call on every path keeps the loop on the host (remark).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>

static void
fail (long i)
{
  fprintf (stderr, "bad input %ld\n", i);
  exit (3);
}

static void
report (long i)
{
  printf ("odd input %ld\n", i);
}

void
failing (long n, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_failing_0 " } */
    /* { dg-missed "host fallback of kernel gpu_failing_0 runs serially" "" { target *-*-* } .-1 } */
    /* { dg-missed "loop cannot run in batches" "" { target *-*-* } .-2 } */
    {
      if (x[i] < 0)
	fail (i); /* { dg-optimized "kernel gpu_failing_0: call to fail speculated: the device deoptimizes" } */
      y[i] = x[i] * 2;
    }
}

static float
checked (long i, float v)
{
  if (v < 0)
    report (i); /* { dg-optimized "kernel gpu_deep_1: call to report speculated in called function checked" } */
  return v * 2;
}

void
deep (long n, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_deep_1 " } */
    /* { dg-missed "host fallback of kernel gpu_deep_1 runs serially" "" { target *-*-* } .-1 } */
    /* { dg-missed "loop cannot run in batches" "" { target *-*-* } .-2 } */
    y[i] = checked (i, x[i]);
}

/* On every path: not speculated.  */
void
every (long n, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      report (i); /* { dg-missed "loop not offloaded: call to .printf., which has no device version \\(in .report., called here\\)" } */
      y[i] = x[i];
    }
}

/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: site 0: a deopt instead of the call to fail\n" 1 "gpu_speculate" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: site 0: a deopt instead of the call to report\n" 1 "gpu_speculate" } } */
/* { dg-final { scan-tree-dump-times "\nfloat gpu_f_checked_\[a-z\]*\\(" 1 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-not "gpu_f_fail" "gpu_emit" } } */
/* { dg-final { scan-tree-dump-not "gpu_f_report" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "record: deopt 0 \[^ \]*speculate-callsite.c:29 fail" "gpu_outline" } } */
