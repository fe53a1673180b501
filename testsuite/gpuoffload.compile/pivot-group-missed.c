/* pivot-group-missed.c: serial loops around GPU_PARALLEL loops that do
   not run in one work-group (gpu-pivot.cc) say why in a missed remark,
   and their marked loops are still offloaded, one region per step: a
   printf in the pivot loop, a call to an external function, a time loop
   whose marked loop keeps its bounds, a marked loop with a marked loop
   nested in it, and a value computed in the loop used after it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */
#include <gpuoffload.h>
#include <stdio.h>

extern void progress (long);

void
with_printf (long n, const double *l, double *x)
{
  for (long j = 0; j < n; j++) /* { dg-missed "serial loop around GPU_PARALLEL loops does not run in one work-group: it calls a function that is not a math builtin" "" { target *-*-* } .+2 } */
    {
      printf ("step %ld\n", j);
      for (long i GPU_PARALLEL = j + 1; i < n; i++)
	x[i] -= l[j * n + i] * x[j];
    }
}

void
with_call (long n, const double *l, double *x)
{
  for (long j = 0; j < n; j++) /* { dg-missed "serial loop around GPU_PARALLEL loops does not run in one work-group: it calls a function that is not a math builtin" "" { target *-*-* } .+3 } */
    {
      x[j] /= l[j * n + j];
      progress (j);
      for (long i GPU_PARALLEL = j + 1; i < n; i++)
	x[i] -= l[j * n + i] * x[j];
    }
}

void
time_loop (long steps, long n, float *a, float *b)
{
  for (long t = 0; t < steps; t++) /* { dg-missed "serial loop around GPU_PARALLEL loops does not run in one work-group: the trip counts of its GPU_PARALLEL loops do not change with its iterations" } */
    {
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = (a[i - 1] + a[i + 1]) * 0.5f;
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	a[i] = b[i];
    }
}

void
nested (long n, float *a)
{
  for (long k = 0; k < n; k++)
    for (long i GPU_PARALLEL = k + 1; i < n; i++) /* { dg-missed "serial loop around GPU_PARALLEL loops does not run in one work-group: a GPU_PARALLEL loop in it has marked or serial loops nested in it" } */
      for (long j GPU_PARALLEL = k + 1; j < n; j++)
	a[i * n + j] -= a[i * n + k] * a[k * n + j];
}

long
used_after (long n, double *x)
{
  long last = 0;
  for (long j = 0; j < n; j++) /* { dg-missed "serial loop around GPU_PARALLEL loops does not run in one work-group: a value it computes is used after it" } */
    {
      last = j * 2;
      for (long i GPU_PARALLEL = j + 1; i < n; i++)
	x[i] -= x[j];
    }
  return last;
}
