/* reduce_min.c -- minimum of N floats with a GPU_REDUCE accumulator
   (ternary form, as SPEC section 2 allows).  The check is exact.  */
#include "bench.h"

static float *x, result;

#ifndef BENCH_EXTERNAL_RUN
static float
minimum (long n, const float *x)
{
  float m GPU_REDUCE = INFINITY;
  OMP_RED (reduction (min: m), map (to: x[0:n]) map (tofrom: m))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    m = x[i] < m ? x[i] : m;
  return m;
}
static void prog_run (void) { result = minimum (bench_n, x); }
#endif

static const char *prog_name = "reduce_min";
static double prog_bytes (long n) { return 4.0 * n; }
static double prog_flops (long n) { return (double) n; }

static void
prog_setup (long n)
{
  x = bench_alloc (n * sizeof *x);
  for (long i = 0; i < n; i++)
    x[i] = bench_randf () * 1000.0f + 1.0f;
  x[bench_rand64 () % n] = 0.25f;
  result = NAN;
}

static int
prog_check (char *msg, size_t len)
{
  float want = INFINITY;
  for (long i = 0; i < bench_n; i++)
    want = x[i] < want ? x[i] : want;
  if (result != want)
    {
      snprintf (msg, len, "min %g, want %g", result, want);
      return 0;
    }
  return 1;
}
