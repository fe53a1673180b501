/* alloc-iter.c: the retry policy gpu_alloc gives a loop that allocates
   (docs/ABI.md section 8).  A body that writes shared memory only after
   its allocations gets "heap 2" (the iterations that ran out are run
   again alone); a store, or a call that writes shared memory, before an
   allocation keeps the whole-run retry ("heap 1"), the missed remark
   naming it; stores into the iteration's own blocks and variables do
   not count (no-heap-iter gives "heap 1" everywhere).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdlib.h>

void
after (int n, const int *len, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "kernel gpu_after_0: iterations that run out of device heap are run again alone" } */
    {
      float *t = malloc (len[i] * sizeof *t);
      for (int k = 0; k < len[i]; k++)
	t[k] = x[i] * k;
      float *u = malloc ((len[i] + 1) * sizeof *u);
      u[0] = t[0];
      y[i] += t[len[i] / 2] + u[0];
      free (t);
      free (u);
    }
}

void
before (int n, const int *len, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      y[i] = 0.0f; /* { dg-missed "kernel gpu_before_1: a run out of device heap is run again whole: a store through .y. writes shared memory before an allocation" } */
      float *t = malloc (len[i] * sizeof *t);
      for (int k = 0; k < len[i]; k++)
	t[k] = x[i] * k;
      y[i] += t[len[i] / 2];
      free (t);
    }
}

static __attribute__ ((noinline)) void
put (float *y, int i, float v)
{
  y[i] = v;
}

void
called (int n, const int *len, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      put (y, i, x[i]); /* { dg-missed "kernel gpu_called_2: a run out of device heap is run again whole: the call to put may write shared memory" } */
      float *t = malloc (len[i] * sizeof *t);
      t[0] = x[i];
      y[i] += t[0];
      free (t);
    }
}

/* { dg-final { scan-tree-dump-times "record: heap 2\n" 1 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "record: heap 1\n" 2 "gpu_outline" } } */
