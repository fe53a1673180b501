/* pivot-block.c: gpu_pivot blocks a pivot loop whose accesses it can
   prove allow it (gpu-pivot.cc): the remark and the dump say so at the
   serial loop, and the loop gives two regions, the block's triangle in
   one work-group and the rows below it.  Loops it must not block say
   why (missed remark, FAILED in the dump) and stay whole in one
   work-group: a second array stored after the marked loop, a marked
   loop starting two rows below the step, serial code reading the array
   it updates at another element than the step's, a marked loop whose
   bound is computed in the loop (n - 1: a limitation, the test is read
   before GCC moves the subtraction out).  The blocking is only valid when
   the array it updates lies apart from those it reads: proved for
   restrict pointers and distinct global arrays (blocked without a
   check), checked at run time for plain pointers (the remark says
   which), and a local array that may overlap cannot be checked (not
   blocked).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fdump-tree-all-details -fplugin-arg-gpuoffload-pivot-block=64" } */
#include <gpuoffload.h>

void
trsv (long n, const double *l, double *x)
{
  for (long j = 0; j < n; j++) /* { dg-optimized "pivot loop blocked by 64 steps when x and l lie in different objects \\(checked at run time\\): each block's triangle runs in one work-group \\(of up to 64 work-items\\), the rows below it on the whole device" } */
    { /* { dg-optimized "loop offloaded as kernel gpu_trsv_1 \\(1-D index space, \[0-9\]* arguments; the outer 1-D nest over work-groups" "" { target *-*-* } .-1 } */
      x[j] /= l[j * n + j];
      for (long i GPU_PARALLEL = j + 1; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_trsv_0 \\(1-D index space" } */
	x[i] -= l[j * n + i] * x[j];
    }
}

void
trsv_restrict (long n, const double *restrict l, double *restrict x)
{
  for (long j = 0; j < n; j++) /* { dg-optimized "pivot loop blocked by 64 steps: each block's triangle" } */
    { /* { dg-optimized "loop offloaded as kernel gpu_trsv_restrict_\[0-9\]*" "" { target *-*-* } .-1 } */
      x[j] /= l[j * n + j];
      for (long i GPU_PARALLEL = j + 1; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_trsv_restrict_\[0-9\]*" } */
	x[i] -= l[j * n + i] * x[j];
    }
}

double gl[64 * 64], gx[64];

void
trsv_global (long n)
{
  for (long j = 0; j < n; j++) /* { dg-optimized "pivot loop blocked by 64 steps: each block's triangle" } */
    { /* { dg-optimized "loop offloaded as kernel gpu_trsv_global_\[0-9\]*" "" { target *-*-* } .-1 } */
      gx[j] /= gl[j * n + j];
      for (long i GPU_PARALLEL = j + 1; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_trsv_global_\[0-9\]*" } */
	gx[i] -= gl[j * n + i] * gx[j];
    }
}

void
trsv_two (long n, const double *l, const double *d, double *x)
{
  for (long j = 0; j < n; j++) /* { dg-optimized "pivot loop blocked by 64 steps when x and l, d lie in different objects \\(checked at run time\\)" } */
    { /* { dg-optimized "loop offloaded as kernel gpu_trsv_two_\[0-9\]*" "" { target *-*-* } .-1 } */
      x[j] = x[j] / l[j * n + j] + d[j];
      for (long i GPU_PARALLEL = j + 1; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_trsv_two_\[0-9\]*" } */
	x[i] -= l[j * n + i] * x[j];
    }
}

void
save (long n, const double *l, double *x, double *s)
{
  for (long j = 0; j < n; j++)
    {
      x[j] /= l[j * n + j];
      for (long i GPU_PARALLEL = j + 1; i < n; i++)
	x[i] -= l[j * n + i] * x[j];
      s[j] = x[j]; /* { dg-missed "pivot loop not blocked \\(its whole work runs in one work-group\\): its serial code stores after or beside the GPU_PARALLEL loop" } */
    }
}

void
skip (long n, const double *l, double *x)
{
  for (long j = 0; j < n; j++)
    {
      x[j] = x[j] / l[j * n + j];
      for (long i GPU_PARALLEL = j + 2; i < n; i++) /* { dg-missed "pivot loop not blocked \\(its whole work runs in one work-group\\): its GPU_PARALLEL loop does not start at the step's index \\+ 1" } */
	x[i] = x[i] - x[j] * l[j * n + i];
    }
}

void
first_row (long n, const double *l, double *x)
{
  for (long j = 0; j < n; j++)
    {
      x[j] = x[j] / l[j * n + j] + x[0]; /* { dg-missed "pivot loop not blocked \\(its whole work runs in one work-group\\): it reads the array it updates at an index it cannot compare" } */
      for (long i GPU_PARALLEL = j + 1; i < n; i++)
	x[i] -= l[j * n + i] * x[j];
    }
}

void
bound_in_loop (long n, const double *l, double *x)
{
  for (long j = 0; j < n; j++)
    {
      x[j] /= l[j * n + j];
      for (long i GPU_PARALLEL = j + 1; i < n - 1; i++) /* { dg-missed "pivot loop not blocked \\(its whole work runs in one work-group\\): its exit test is not its index < a bound fixed in it" } */
	x[i] -= l[j * n + i] * x[j];
    }
}

void use (double *);

void
local_x (long n, const double *l)
{
  double x[64];
  use (x);
  for (long j = 0; j < n; j++) /* { dg-missed "pivot loop not blocked \\(its whole work runs in one work-group\\): the array it updates may overlap an array it reads, and neither GCC nor the runtime can tell" } */
    {
      x[j] /= l[j * n + j];
      for (long i GPU_PARALLEL = j + 1; i < n; i++)
	x[i] -= l[j * n + i] * x[j];
    }
  use (x);
}

/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: loop \[0-9\]* blocked by 64 steps" 4 "gpu_pivot" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: loop \[0-9\]* blocked by 64 steps when x and l lie in different objects \\(checked at run time\\)" 1 "gpu_pivot" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: loop \[0-9\]* blocked by 64 steps \\(the array it updates proved apart from those it reads\\)" 2 "gpu_pivot" } } */
/* The run-time checks: one for trsv, one for trsv_two; none for the
   restrict and global versions.  */
/* { dg-final { scan-tree-dump-times "\n  disjoint_\[0-9\]* = gpurt_disjoint \\(2, " 1 "gpu_pivot" } } */
/* { dg-final { scan-tree-dump-times "\n  disjoint_\[0-9\]* = gpurt_disjoint \\(3, " 1 "gpu_pivot" } } */
/* { dg-final { scan-tree-dump-times "FAILED: \[^\n\]*:\[0-9\]*: " 5 "gpu_pivot" } } */
