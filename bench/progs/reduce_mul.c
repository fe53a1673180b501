/* reduce_mul.c -- product of N floats with a GPU_REDUCE accumulator.
   Inputs are +-1 with a few 2s and 0.5s, so every partial product is an
   exact power of two in range: any multiplication order is exact.  */
#include "bench.h"

static float *x, result;

#ifndef BENCH_EXTERNAL_RUN
static float
product (long n, const float *x)
{
  float p GPU_REDUCE = 1.0f;
  OMP_RED (reduction (*: p), map (to: x[0:n]) map (tofrom: p))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    p *= x[i];
  return p;
}
static void prog_run (void) { result = product (bench_n, x); }
#endif

static const char *prog_name = "reduce_mul";
static double prog_bytes (long n) { return 4.0 * n; }
static double prog_flops (long n) { return (double) n; }

static void
prog_setup (long n)
{
  x = bench_alloc (n * sizeof *x);
  for (long i = 0; i < n; i++)
    x[i] = (bench_rand64 () & 1) ? 1.0f : -1.0f;
  for (int k = 0; k < 64 && k < n; k++)
    x[bench_rand64 () % n] = 2.0f;
  for (int k = 0; k < 60 && k < n; k++)
    x[bench_rand64 () % n] = 0.5f;
  result = NAN;
}

static int
prog_check (char *msg, size_t len)
{
  double want = 1;
  for (long i = 0; i < bench_n; i++)
    want *= x[i];
  if (result != want)
    {
      snprintf (msg, len, "product %g, want %g", result, want);
      return 0;
    }
  return 1;
}
