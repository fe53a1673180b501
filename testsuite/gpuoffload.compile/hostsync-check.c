/* hostsync-check.c: a single host load or store between regions in the loop that launches them (k-means' per-cluster results, a progress counter) is no sync point: gpu_hostsync puts gpurt_sync_range (address, size) before it, which syncs only when the thread keeps a device copy of those bytes; an access in a host loop without a region still syncs once before that loop, and a load followed by the function's return is synced as before.  -fplugin-arg-gpuoffload-no-sync-range restores a sync at every access.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

float sums[16], progress[100];

float
clusters (int n, const float *x, const int *assign)
{
  for (int c = 0; c < 16; c++)
    {
      float s GPU_REDUCE = 0;
      for (int i GPU_PARALLEL = 0; i < n; i++)
	if (assign[i] == c)
	  s += x[i];
      sums[c] = s;
    }
  return sums[3];
}

void
steps (int n, int t, float *a, float *b)
{
  for (int k = 0; k < t; k++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	b[i] = a[i] * 0.5f;
      for (int i GPU_PARALLEL = 0; i < n; i++)
	a[i] = b[i] + 1.0f;
      progress[k % 100] = k;
    }
  for (int i = 0; i < 100; i++)
    progress[i] += a[i];
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:17: access checked against the data kept on the device" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:19: sync before a load or store" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:31: access checked against the data kept on the device" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:34: sync before a load or store" "gpu_hostsync" } } */
/* { dg-final { scan-assembler "call\[ \t\]+gpurt_sync_range" } } */
