/* jacobi2d.c -- 100 steps of a 5-point Jacobi stencil on an N x N grid,
   two sweeps a step (A into B, B into A): the time-step loop of the
   residency issue.  Data can stay on the device for the whole loop;
   without transfer elimination every sweep copies both grids in and one
   back.  Checked against the serial loop on every point for N <= 1024,
   on a sample of rows (recomputed from a serial run) otherwise.  */
#include "bench.h"

#define STEPS 100
static float *a, *b, *a0;

#ifndef BENCH_EXTERNAL_RUN
static void
jacobi2d (long n, float *a, float *b)
{
  /* nvptx: both grids stay on the device for the whole time loop.  */
  OMP_DATA (map (tofrom: a[0:n*n], b[0:n*n]))
  for (int t = 0; t < STEPS; t++)
    {
      OMP_FOR2 (map (to: a[0:n*n]) map (tofrom: b[0:n*n]))
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	for (long j GPU_PARALLEL = 1; j < n - 1; j++)
	  b[i * n + j] = 0.2f * (a[i * n + j] + a[(i - 1) * n + j]
				 + a[(i + 1) * n + j] + a[i * n + j - 1]
				 + a[i * n + j + 1]);
      OMP_FOR2 (map (to: b[0:n*n]) map (tofrom: a[0:n*n]))
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	for (long j GPU_PARALLEL = 1; j < n - 1; j++)
	  a[i * n + j] = 0.2f * (b[i * n + j] + b[(i - 1) * n + j]
				 + b[(i + 1) * n + j] + b[i * n + j - 1]
				 + b[i * n + j + 1]);
    }
}
static void
prog_run (void)
{
  memcpy (a, a0, (size_t) bench_n * bench_n * sizeof *a);
  memcpy (b, a0, (size_t) bench_n * bench_n * sizeof *b);
  jacobi2d (bench_n, a, b);
}
#endif

static const char *prog_name = "jacobi2d";
static double prog_bytes (long n) { return 2.0 * STEPS * 2 * 4.0 * n * n; }
static double prog_flops (long n) { return 2.0 * STEPS * 5.0 * n * n; }

static void
prog_setup (long n)
{
  a = bench_alloc ((size_t) n * n * sizeof *a);
  b = bench_alloc ((size_t) n * n * sizeof *b);
  a0 = bench_alloc ((size_t) n * n * sizeof *a0);
  for (long i = 0; i < n * n; i++)
    a0[i] = (float) (bench_rand64 () % 64);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  /* The serial loop, in full: the stencil mixes every row into its
     neighbours, so a sample needs the whole history anyway.  */
  float *ra = malloc ((size_t) n * n * sizeof *ra);
  float *rb = malloc ((size_t) n * n * sizeof *rb);
  if (ra == NULL || rb == NULL)
    {
      snprintf (msg, len, "out of memory for the check");
      return 0;
    }
  memcpy (ra, a0, (size_t) n * n * sizeof *ra);
  memcpy (rb, a0, (size_t) n * n * sizeof *rb);
  for (int t = 0; t < STEPS; t++)
    {
      for (long i = 1; i < n - 1; i++)
	for (long j = 1; j < n - 1; j++)
	  rb[i * n + j] = 0.2f * (ra[i * n + j] + ra[(i - 1) * n + j]
				  + ra[(i + 1) * n + j] + ra[i * n + j - 1]
				  + ra[i * n + j + 1]);
      for (long i = 1; i < n - 1; i++)
	for (long j = 1; j < n - 1; j++)
	  ra[i * n + j] = 0.2f * (rb[i * n + j] + rb[(i - 1) * n + j]
				  + rb[(i + 1) * n + j] + rb[i * n + j - 1]
				  + rb[i * n + j + 1]);
    }
  int ok = 1;
  for (long k = 0; k < n * n && ok; k++)
    if (fabsf (a[k] - ra[k]) > 1e-3f * (1.0f + fabsf (ra[k])))
      {
	snprintf (msg, len, "a[%ld] = %g, want %g", k, a[k], ra[k]);
	ok = 0;
      }
  free (ra);
  free (rb);
  return ok;
}
