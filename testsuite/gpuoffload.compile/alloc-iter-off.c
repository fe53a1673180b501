/* alloc-iter-off.c: -fplugin-arg-gpuoffload-no-heap-iter: a loop whose
   iterations could be run again alone (alloc-iter.c's first loop) keeps
   the whole-run retry of its device heap ("heap 1"), and says why.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-heap-iter -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdlib.h>

void
scratch (int n, const int *len, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-missed "kernel gpu_scratch_0: a run out of device heap is run again whole: switched off .no-heap-iter." } */
    {
      float *t = malloc (len[i] * sizeof *t);
      for (int k = 0; k < len[i]; k++)
	t[k] = x[i] - k;
      y[i] += t[len[i] - 1];
      free (t);
    }
}

/* { dg-final { scan-tree-dump-times "record: heap 1\n" 1 "gpu_outline" } } */
