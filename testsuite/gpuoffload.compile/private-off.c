/* private-off.c: -fplugin-arg-gpuoffload-no-private places no block in
   private memory: a loop whose body allocates stays on the host with the
   remark it had before gpu_private.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-private -fplugin-arg-gpuoffload-no-alloc -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdlib.h>

void
scratch (int n, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *t = malloc (8 * sizeof (double)); /* { dg-missed "loop not offloaded: pointer returned by a function call" } */
      for (int k = 0; k < 8; k++)
	t[k] = x[i] * k;
      y[i] = t[3] + t[5];
      free (t);
    }
}

/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*private-off.c:14: pointer returned by a function call" "gpu_find" } } */
