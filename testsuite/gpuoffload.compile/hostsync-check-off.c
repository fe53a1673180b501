/* hostsync-check-off.c: with -fplugin-arg-gpuoffload-no-sync-range, a host store between regions in their loop is a sync point again (hostsync-check.c has the default).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-no-sync-range -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

float progress[100];

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
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:17: sync before a load or store" "gpu_hostsync" } } */
/* { dg-final { scan-assembler-not "gpurt_sync_range" } } */
