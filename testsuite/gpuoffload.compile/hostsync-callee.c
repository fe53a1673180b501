/* hostsync-callee.c: a static function whose only host code after its region is its return may return with the region's data on the device (gpu_hostsync's callee summary): its caller's time loop treats each call like a region, and syncs once, after the loop.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

static void __attribute__ ((noinline))
sweep (int n, const float *from, float *to) /* { dg-optimized "'sweep' may return with its regions' data on the device" } */
{
  for (int i GPU_PARALLEL = 1; i < n - 1; i++)
    to[i] = (from[i - 1] + from[i] + from[i + 1]) / 3.0f;
}

float
jacobi (int n, int steps, float *a, float *b)
{
  for (int t = 0; t < steps; t++)
    {
      sweep (n, a, b); /* { dg-optimized "data of the regions of 'sweep' may stay on the device after the call" } */
      sweep (n, b, a); /* { dg-optimized "data of the regions of 'sweep' may stay on the device after the call" } */
    }
  return a[n / 2];
}

/* { dg-final { scan-tree-dump "SUCCESS: sweep may return with data on the device" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: 1 region call\\(s\\) may keep their data on the device, 0 sync\\(s\\) and 0 check\\(s\\) inserted" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:21: sync before a load or store" "gpu_hostsync" } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gpurt_sync" 1 } } */
