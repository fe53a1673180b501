/* reduce_add.c -- sum of N floats with a GPU_REDUCE accumulator (TornadoVM
   VEE'21 memory-hierarchy group).  Inputs are small integers so that every
   summation order gives exactly the same float: the check is exact.  */
#include "bench.h"

static float *x, result;

#ifndef BENCH_EXTERNAL_RUN
static float
sum (long n, const float *x)
{
  float s GPU_REDUCE = 0.0f;
  OMP_RED (reduction (+: s), map (to: x[0:n]) map (tofrom: s))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    s += x[i];
  return s;
}
static void prog_run (void) { result = sum (bench_n, x); }
#endif

static const char *prog_name = "reduce_add";
static double prog_bytes (long n) { return 4.0 * n; }
static double prog_flops (long n) { return (double) n; }

static void
prog_setup (long n)
{
  x = bench_alloc (n * sizeof *x);
  for (long i = 0; i < n; i++)
    x[i] = (float) ((int) (bench_rand64 () % 17) - 8);
  result = NAN;
}

static int
prog_check (char *msg, size_t len)
{
  double want = 0;
  for (long i = 0; i < bench_n; i++)
    want += x[i];
  if (result != want)
    {
      snprintf (msg, len, "sum %.1f, want %.1f", result, want);
      return 0;
    }
  return 1;
}
