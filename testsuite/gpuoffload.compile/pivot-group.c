/* pivot-group.c: a serial pivot loop around GPU_PARALLEL loops whose
   trip counts change with it runs as one region of one work-group
   (gpu-pivot.cc): the remark says so at the serial loop, and the region
   is a two-level one whose marked loops are its inner level.  Per step
   of trsv the kernel has 3 barriers: after the inner loop, before and
   after work-item 0's store of x[j] (the one before the next inner loop
   follows the last with nothing between: dropped).  trsv would be
   blocked (pivot-block.c): no-pivot-block keeps it whole in the group.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fdump-tree-all-details -fplugin-arg-gpuoffload-no-pivot-block" } */
#include <gpuoffload.h>

void
trsv (long n, const double *l, double *x)
{
  for (long j = 0; j < n; j++) /* { dg-optimized "serial loop around GPU_PARALLEL loops runs in one work-group" } */
    { /* { dg-optimized "loop offloaded as kernel gpu_trsv_0 \\(1-D index space, \[0-9\]* arguments; the outer 1-D nest over work-groups, 1 inner GPU_PARALLEL loop over the work-items of a group" "" { target *-*-* } .-1 } */
      x[j] /= l[j * n + j];
      for (long i GPU_PARALLEL = j + 1; i < n; i++)
	x[i] -= l[j * n + i] * x[j];
    }
}

void
elim (long n, const float *a, float *d, float *b)
{
  for (long k = 0; k < n; k++) /* { dg-optimized "serial loop around GPU_PARALLEL loops runs in one work-group" } */
    { /* { dg-optimized "2 inner GPU_PARALLEL loops over the work-items of a group" "" { target *-*-* } .-1 } */
      for (long i GPU_PARALLEL = k + 1; i < n; i++)
	d[i] -= a[k * n + i] * d[k];
      b[k] /= d[k];
      for (long i GPU_PARALLEL = k + 1; i < n; i++)
	b[i] -= a[k * n + i] * b[k];
    }
}

/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: loop \[0-9\]* wrapped in a marked loop of one iteration" 2 "gpu_pivot" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_trsv_0: the outer 1-D nest over work-groups, 1 inner loop over the work-items of a group, 0 reductions per outer iteration, 3 barriers" "gpu_twolevel" } } */
