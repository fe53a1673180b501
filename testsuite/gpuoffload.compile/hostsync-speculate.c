/* hostsync-speculate.c: a speculated region (gpu_speculate: its serial loop stays in place behind gpurt_launch) keeps its data on the device like any other region: gpu_hostsync gives its gpurt_launch GPU_NARGS_KEEP, and a time loop of a plain region and a speculated one syncs only after the loop; the speculated region's serial loop syncs once on entry, not in every iteration (hostsync-sync-hoist-off.c: with no-sync-hoist, in every iteration).  With no-speculate the checked loop is a host loop, a sync point.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details -fopt-info-loop-optimized" } */
#include <stdio.h>
#include <stdlib.h>
#include <gpuoffload.h>

void
steps (int n, int t, float *a, float *b)
{
  for (int k = 0; k < t; k++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	b[i] = a[i] * 0.5f;
      for (int i GPU_PARALLEL = 0; i < n; i++)
	{
	  if (b[i] < 0)
	    {
	      fprintf (stderr, "bad %d\n", i);
	      abort (); /* { dg-message "call to abort speculated" } */
	    }
	  a[i] = b[i] + 1.0f;
	}
    }
}

/* { dg-message "region's data may stay on the device after it" "" { target *-*-* } 15 } */
/* The speculated region's launch gets GPU_NARGS_KEEP (0x40000000 | 5 arguments); its serial loop, run only when the launch returns 0 (the runtime has synced), and the return sync.  */
/* { dg-final { scan-tree-dump "SUCCESS: 2 region call\\(s\\) may keep their data on the device, 2 sync\\(s\\) and 0 check\\(s\\) inserted" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "= gpurt_launch \\(&__gpu_region_gpu_steps_0\\\[0\\\], &gpu_args\[^,\]*, 1073741829," "gpu_hostsync" } } */
/* The serial loop's sync is once, on its entry, not in every iteration.  */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:17: sync before a load or store that may reach a region's data \\(on the loop's entries\\)" "gpu_hostsync" } } */
