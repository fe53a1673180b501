/* hostsync.c: gpu_hostsync lets the two sweeps of a time loop keep their data on the device (no sync inside the loop: only registers and the launch's own temporaries are touched between them), and inserts one gpurt_sync where host code reads the array after the loop, with a remark naming that statement (the return after it needs none).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

float
jacobi (int n, int steps, float *a, float *b)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i GPU_PARALLEL = 1; i < n - 1; i++) /* { dg-optimized "region's data may stay on the device" } */
	b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0f;
      for (int i GPU_PARALLEL = 1; i < n - 1; i++) /* { dg-optimized "region's data may stay on the device" } */
	a[i] = (b[i - 1] + b[i] + b[i + 1]) / 3.0f;
    }
  return a[n / 2]; /* { dg-missed "data kept on the device is copied back here: a load or store" } */
}

/* { dg-final { scan-tree-dump "SUCCESS: 2 region call\\(s\\) may keep their data on the device, 1 sync\\(s\\) and 0 check\\(s\\) inserted" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:16: sync before a load or store" "gpu_hostsync" } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gpurt_sync" 1 } } */
