/* hostsync-off.c: -fplugin-arg-gpuoffload-no-transfer-elim turns gpu_hostsync off: no gpurt_sync call, every region copies its data in and back.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-no-transfer-elim" } */
#include <gpuoffload.h>

float
jacobi (int n, int steps, float *a, float *b)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0f;
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	a[i] = (b[i - 1] + b[i] + b[i + 1]) / 3.0f;
    }
  return a[n / 2];
}

/* { dg-final { scan-assembler "gpurt_run" } } */
/* { dg-final { scan-assembler-not "gpurt_sync" } } */
