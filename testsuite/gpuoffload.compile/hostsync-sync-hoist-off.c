/* hostsync-sync-hoist-off.c: with -fplugin-arg-gpuoffload-no-sync-hoist, the serial loop of a speculated region (behind its gpurt_launch) syncs in every iteration, before its first load, instead of once on its entry (hostsync-speculate.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-sync-hoist" } */
#include <stdio.h>
#include <stdlib.h>
#include <gpuoffload.h>

void
checked (int n, const float *a, float *b)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      if (a[i] < 0) /* { dg-missed "data kept on the device is copied back here: a load or store" } */
	{
	  fprintf (stderr, "bad %d\n", i);
	  abort ();
	}
      b[i] = a[i] + 1.0f;
    }
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:13: sync before a load or store that may reach a region's data: " "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump-not "on the loop's entries" "gpu_hostsync" } } */
