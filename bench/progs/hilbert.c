/* hilbert.c -- fill the N x N Hilbert matrix h[i][j] = 1 / (i + j + 1):
   a write-only streaming kernel (TornadoVM VEE'22).  */
#include "bench.h"

static float *h;

#ifndef BENCH_EXTERNAL_RUN
static void
hilbert (long n, float *h)
{
  OMP_FOR2 (map (from: h[0:n*n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < n; j++)
      h[i * n + j] = 1.0f / (float) (i + j + 1);
}
static void prog_run (void) { hilbert (bench_n, h); }
#endif

static const char *prog_name = "hilbert";
static double prog_bytes (long n) { return 4.0 * n * n; }
static double prog_flops (long n) { return 1.0 * n * n; }

static void
prog_setup (long n)
{
  h = bench_alloc (n * n * sizeof *h);
  bench_poison (h, n * n);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      if (h[i * n + j] != 1.0f / (float) (i + j + 1))
	{
	  snprintf (msg, len, "h[%ld][%ld] = %g", i, j, h[i * n + j]);
	  return 0;
	}
  return 1;
}
