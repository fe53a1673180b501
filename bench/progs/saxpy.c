/* saxpy.c -- z = a*x + y on N floats: the streaming baseline (TornadoVM
   VEE'22).  Out of place so that repeated timed runs give the same result.  */
#include "bench.h"

static float *x, *y, *z, a = 2.5f;

#ifndef BENCH_EXTERNAL_RUN
static void
saxpy (long n, float a, const float *x, const float *y, float *z)
{
  OMP_FOR (map (to: x[0:n], y[0:n]) map (from: z[0:n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    z[i] = a * x[i] + y[i];
}
static void prog_run (void) { saxpy (bench_n, a, x, y, z); }
#endif

static const char *prog_name = "saxpy";
static double prog_bytes (long n) { return 12.0 * n; }
static double prog_flops (long n) { return 2.0 * n; }

static void
prog_setup (long n)
{
  x = bench_alloc (n * sizeof *x);
  y = bench_alloc (n * sizeof *y);
  z = bench_alloc (n * sizeof *z);
  for (long i = 0; i < n; i++)
    {
      x[i] = bench_randf ();
      y[i] = bench_randf ();
    }
  bench_poison (z, n);
}

static int
prog_check (char *msg, size_t len)
{
  for (long i = 0; i < bench_n; i++)
    if (!bench_close (z[i], (double) a * x[i] + y[i], 1e-6, 1e-6))
      {
	snprintf (msg, len, "z[%ld] = %g, want %g", i, z[i], a * x[i] + y[i]);
	return 0;
      }
  return 1;
}
