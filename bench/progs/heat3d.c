/* heat3d.c -- PolyBench's heat-3d: 100 steps of a 7-point heat stencil
   on an N x N x N grid, two marked nests a step (A into B, B into A).
   A time-step loop whose two grids can stay on the device for the whole
   run; without transfer elimination every nest copies both grids in and
   one back.  Checked against the serial loop on every point.  */
#include "bench.h"

#define STEPS 100
static float *a, *b, *a0;

/* One step of the stencil from IN into OUT at (I, J, K) of an N^3 grid.  */
#define HEAT(in, i, j, k, n)						\
  (0.125f * (in[(((i) + 1) * (n) + (j)) * (n) + (k)]			\
	     - 2.0f * in[((i) * (n) + (j)) * (n) + (k)]			\
	     + in[(((i) - 1) * (n) + (j)) * (n) + (k)])			\
   + 0.125f * (in[((i) * (n) + (j) + 1) * (n) + (k)]			\
	       - 2.0f * in[((i) * (n) + (j)) * (n) + (k)]		\
	       + in[((i) * (n) + (j) - 1) * (n) + (k)])			\
   + 0.125f * (in[((i) * (n) + (j)) * (n) + (k) + 1]			\
	       - 2.0f * in[((i) * (n) + (j)) * (n) + (k)]		\
	       + in[((i) * (n) + (j)) * (n) + (k) - 1])			\
   + in[((i) * (n) + (j)) * (n) + (k)])

#ifndef BENCH_EXTERNAL_RUN
static void
heat3d (long n, float *a, float *b)
{
  OMP_DATA (map (tofrom: a[0:n*n*n], b[0:n*n*n]))
  for (int t = 0; t < STEPS; t++)
    {
      OMP_FOR2 (map (to: a[0:n*n*n]) map (tofrom: b[0:n*n*n]))
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	for (long j GPU_PARALLEL = 1; j < n - 1; j++)
	  for (long k GPU_PARALLEL = 1; k < n - 1; k++)
	    b[(i * n + j) * n + k] = HEAT (a, i, j, k, n);
      OMP_FOR2 (map (to: b[0:n*n*n]) map (tofrom: a[0:n*n*n]))
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	for (long j GPU_PARALLEL = 1; j < n - 1; j++)
	  for (long k GPU_PARALLEL = 1; k < n - 1; k++)
	    a[(i * n + j) * n + k] = HEAT (b, i, j, k, n);
    }
}
static void
prog_run (void)
{
  size_t bytes = (size_t) bench_n * bench_n * bench_n * sizeof *a;
  memcpy (a, a0, bytes);
  memcpy (b, a0, bytes);
  heat3d (bench_n, a, b);
}
#endif

static const char *prog_name = "heat3d";
static double prog_bytes (long n) { return 2.0 * STEPS * 2 * 4.0 * n * n * n; }
static double prog_flops (long n) { return 2.0 * STEPS * 15.0 * n * n * n; }

static void
prog_setup (long n)
{
  size_t bytes = (size_t) n * n * n * sizeof *a;
  a = bench_alloc (bytes);
  b = bench_alloc (bytes);
  a0 = bench_alloc (bytes);
  for (long i = 0; i < n * n * n; i++)
    a0[i] = (float) (bench_rand64 () % 64);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  size_t bytes = (size_t) n * n * n * sizeof *a;
  float *ra = malloc (bytes), *rb = malloc (bytes);
  if (ra == NULL || rb == NULL)
    {
      snprintf (msg, len, "out of memory for the check");
      free (ra);
      free (rb);
      return 0;
    }
  memcpy (ra, a0, bytes);
  memcpy (rb, a0, bytes);
  for (int t = 0; t < STEPS; t++)
    {
      for (long i = 1; i < n - 1; i++)
	for (long j = 1; j < n - 1; j++)
	  for (long k = 1; k < n - 1; k++)
	    rb[(i * n + j) * n + k] = HEAT (ra, i, j, k, n);
      for (long i = 1; i < n - 1; i++)
	for (long j = 1; j < n - 1; j++)
	  for (long k = 1; k < n - 1; k++)
	    ra[(i * n + j) * n + k] = HEAT (rb, i, j, k, n);
    }
  int ok = 1;
  for (long k = 0; k < n * n * n && ok; k++)
    if (fabsf (a[k] - ra[k]) > 1e-3f * (1.0f + fabsf (ra[k]))
	|| fabsf (b[k] - rb[k]) > 1e-3f * (1.0f + fabsf (rb[k])))
      {
	snprintf (msg, len, "a[%ld] = %g, b = %g, want %g, %g", k, a[k], b[k],
		  ra[k], rb[k]);
	ok = 0;
      }
  free (ra);
  free (rb);
  return ok;
}
