/* fdtd2d.c -- PolyBench's fdtd-2d: TMAX = 100 steps of a 2-D
   finite-difference time-domain solver on N x N fields EX, EY, HZ, with
   the source _FICT_[T] fed into row 0 of EY each step: four marked loops
   a step, three grids that can stay on the device for the whole run
   (without transfer elimination each loop copies its grids in and its
   result back).  Checked against the serial loop on every point.  */
#include "bench.h"

#define TMAX 100
static float *ex, *ey, *hz, *fict, *ex0, *ey0, *hz0;

#ifndef BENCH_EXTERNAL_RUN
static void
fdtd2d (long n, float *ex, float *ey, float *hz, const float *fict)
{
  OMP_DATA (map (tofrom: ex[0:n*n], ey[0:n*n], hz[0:n*n])
	    map (to: fict[0:TMAX]))
  for (int t = 0; t < TMAX; t++)
    {
      OMP_FOR (map (to: fict[0:TMAX]) map (tofrom: ey[0:n*n]))
      for (long j GPU_PARALLEL = 0; j < n; j++)
	ey[j] = fict[t];
      OMP_FOR2 (map (to: hz[0:n*n]) map (tofrom: ey[0:n*n]))
      for (long i GPU_PARALLEL = 1; i < n; i++)
	for (long j GPU_PARALLEL = 0; j < n; j++)
	  ey[i * n + j] = ey[i * n + j] - 0.5f * (hz[i * n + j]
						  - hz[(i - 1) * n + j]);
      OMP_FOR2 (map (to: hz[0:n*n]) map (tofrom: ex[0:n*n]))
      for (long i GPU_PARALLEL = 0; i < n; i++)
	for (long j GPU_PARALLEL = 1; j < n; j++)
	  ex[i * n + j] = ex[i * n + j] - 0.5f * (hz[i * n + j]
						  - hz[i * n + j - 1]);
      OMP_FOR2 (map (to: ex[0:n*n], ey[0:n*n]) map (tofrom: hz[0:n*n]))
      for (long i GPU_PARALLEL = 0; i < n - 1; i++)
	for (long j GPU_PARALLEL = 0; j < n - 1; j++)
	  hz[i * n + j] = hz[i * n + j]
			  - 0.7f * (ex[i * n + j + 1] - ex[i * n + j]
				    + ey[(i + 1) * n + j] - ey[i * n + j]);
    }
}
static void
prog_run (void)
{
  size_t bytes = (size_t) bench_n * bench_n * sizeof *ex;
  memcpy (ex, ex0, bytes);
  memcpy (ey, ey0, bytes);
  memcpy (hz, hz0, bytes);
  fdtd2d (bench_n, ex, ey, hz, fict);
}
#endif

static const char *prog_name = "fdtd2d";
static double prog_bytes (long n) { return TMAX * 11 * 4.0 * n * n; }
static double prog_flops (long n) { return TMAX * 11.0 * n * n; }

static void
prog_setup (long n)
{
  size_t bytes = (size_t) n * n * sizeof *ex;
  ex = bench_alloc (bytes);
  ey = bench_alloc (bytes);
  hz = bench_alloc (bytes);
  ex0 = bench_alloc (bytes);
  ey0 = bench_alloc (bytes);
  hz0 = bench_alloc (bytes);
  fict = bench_alloc (TMAX * sizeof *fict);
  for (long i = 0; i < n * n; i++)
    {
      ex0[i] = bench_randf ();
      ey0[i] = bench_randf ();
      hz0[i] = bench_randf ();
    }
  for (int t = 0; t < TMAX; t++)
    fict[t] = (float) t;
}

/* Does GOT (N floats) match WANT?  Else a reason in MSG.  */
static int
fdtd2d_same (const char *name, const float *got, const float *want, long n,
	     char *msg, size_t len)
{
  for (long k = 0; k < n; k++)
    if (fabsf (got[k] - want[k]) > 1e-3f * (1.0f + fabsf (want[k])))
      {
	snprintf (msg, len, "%s[%ld] = %g, want %g", name, k, got[k],
		  want[k]);
	return 0;
      }
  return 1;
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  size_t bytes = (size_t) n * n * sizeof *ex;
  float *rx = malloc (bytes), *ry = malloc (bytes), *rh = malloc (bytes);
  int ok = 0;
  if (rx == NULL || ry == NULL || rh == NULL)
    {
      snprintf (msg, len, "out of memory for the check");
      goto DONE;
    }
  memcpy (rx, ex0, bytes);
  memcpy (ry, ey0, bytes);
  memcpy (rh, hz0, bytes);
  for (int t = 0; t < TMAX; t++)
    {
      for (long j = 0; j < n; j++)
	ry[j] = fict[t];
      for (long i = 1; i < n; i++)
	for (long j = 0; j < n; j++)
	  ry[i * n + j] = ry[i * n + j] - 0.5f * (rh[i * n + j]
						  - rh[(i - 1) * n + j]);
      for (long i = 0; i < n; i++)
	for (long j = 1; j < n; j++)
	  rx[i * n + j] = rx[i * n + j] - 0.5f * (rh[i * n + j]
						  - rh[i * n + j - 1]);
      for (long i = 0; i < n - 1; i++)
	for (long j = 0; j < n - 1; j++)
	  rh[i * n + j] = rh[i * n + j]
			  - 0.7f * (rx[i * n + j + 1] - rx[i * n + j]
				    + ry[(i + 1) * n + j] - ry[i * n + j]);
    }
  ok = fdtd2d_same ("ex", ex, rx, n * n, msg, len)
       && fdtd2d_same ("ey", ey, ry, n * n, msg, len)
       && fdtd2d_same ("hz", hz, rh, n * n, msg, len);
 DONE:
  free (rx);
  free (ry);
  free (rh);
  return ok;
}
