/* alloc-escape-off.c: no-escape keeps on the host a loop whose heap
   blocks outlive it (alloc-escape.c offloads the same loop), with the
   missed remark.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-escape" } */
#include <gpuoffload.h>
#include <stdlib.h>

void
rows_out (int n, const int *len, double **rows)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *r = malloc (len[i] * sizeof *r); /* { dg-missed "not placed in private memory" } */
      for (int k = 0; k < len[i]; k++)
	r[k] = k;
      rows[i] = r; /* { dg-missed "loop not offloaded: pointer .r. to a block of the device heap is stored to memory: the block would outlive the iteration and objects that outlive the region are switched off .no-escape." } */
    }
}
