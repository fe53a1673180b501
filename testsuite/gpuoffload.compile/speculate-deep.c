/* speculate-deep.c: calls with no device version on a path of a function of the unit that the marked loop calls, down the call chain, which not every call of that function takes, are speculated (issue 18 item 5): each is named in a remark at its own line with the function it is in, its block is a deopt in the device version of the function, and each caller leaves after a call that can reach one; the record has one "deopt" line per call.  A call every run of the function makes is not speculated (remark, host loop).  A speculated loop is not batched (remark).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>

static void
check_val (long i, float v)
{
  if (v < 0)
    {
      fprintf (stderr, "bad input %ld\n", i); /* { dg-optimized "kernel gpu_deep_0: call to fprintf speculated in called function check_val" } */
      abort ();
    }
}

static float
scale (long i, float v)
{
  check_val (i, v);
  return v * 2;
}

void
deep (long n, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_deep_0 " } */
    /* { dg-missed "host fallback of kernel gpu_deep_0 runs serially" "" { target *-*-* } .-1 } */
    /* { dg-missed "loop cannot run in batches: it has speculated calls" "" { target *-*-* } .-2 } */
    y[i] = scale (i, x[i]);
}

static int
note (long i, int v)
{
  if (v == 42)
    {
      printf ("element %ld\n", i); /* { dg-optimized "kernel gpu_noted_1: call to printf speculated in called function note" } */
      return -v;
    }
  if (v < 0)
    puts ("negative"); /* { dg-optimized "kernel gpu_noted_1: call to puts speculated in called function note" } */
  return v + 1;
}

static int
twice (long i, int v)
{
  return note (i, v) * 2;
}

/* In a reduction: the kernel's work-item goes on to its next iteration
   (a grid-stride loop) after a deopt down the call.  */
long
noted (long n, const int *x)
{
  long s GPU_REDUCE = 0;
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_noted_1 \\(1-D index space, \[0-9\]+ arguments, 1 reduction" } */
    /* { dg-missed "host fallback of kernel gpu_noted_1 runs serially" "" { target *-*-* } .-1 } */
    s += twice (i, x[i]);
  return s;
}

/* Every call of say prints: not speculated.  */
static int
say (long i, int v)
{
  printf ("element %ld\n", i);
  return v;
}

void
every (long n, const int *x, int *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = say (i, x[i]); /* { dg-missed "loop not offloaded: call to .printf., which has no device version \\(in .say., called here\\)" } */
}

/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: site \[0-9\]: a deopt instead of the call to" 3 "gpu_speculate" } } */
/* { dg-final { scan-tree-dump-times "__global uint \\*gpu_deopt, uint gpu_dit, __private uint \\*gpu_dhit\\)" 4 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "atomic_min\\(gpu_deopt \\+ \[01\], gpu_dit\\);\n  \\*gpu_dhit = 1;" 3 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "\\(uint\\)min\\(gpu_g0, \\(ulong\\)4294967294u\\), &gpu_dhit\\)\\);\n  if \\(gpu_dhit\\)\n    return;" 1 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "\\(uint\\)min\\(gpu_g0, \\(ulong\\)4294967294u\\), &gpu_dhit\\)\\);\n  if \\(gpu_dhit\\)\n    goto gpu_next;" 1 "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "gpu_dit, gpu_dhit\\)\\)?;\n  if \\(\\*gpu_dhit\\)\n    return" 2 "gpu_emit" } } */
/* { dg-final { scan-tree-dump "record: deopt 0 \[^ \]*speculate-deep.c:13 fprintf" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "record: deopt 1 \[^ \]*speculate-deep.c:43 puts" "gpu_outline" } } */
