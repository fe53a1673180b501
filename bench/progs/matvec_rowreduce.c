/* matvec_rowreduce.c -- y = A * x for an N x N float matrix written with
   two marked loops (issue 14): one row per outer index, the row's dot
   product as a GPU_REDUCE accumulator reduced over an inner marked loop,
   so a work-group shares each row (OpenMP: the outer loop only; nvptx:
   teams over rows, the row's threads reducing the dot product).  */
#include "bench.h"

static float *A, *x, *y;

#ifndef BENCH_EXTERNAL_RUN
static void
matvec_rowreduce (long n, const float *a, const float *x, float *y)
{
  OMP_OUTER (map (to: a[0:n*n], x[0:n]) map (from: y[0:n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      float acc GPU_REDUCE = 0.0f;
      OMP_INNER (reduction (+: acc))
      for (long j GPU_PARALLEL = 0; j < n; j++)
	acc += a[i * n + j] * x[j];
      y[i] = acc;
    }
}
static void prog_run (void) { matvec_rowreduce (bench_n, A, x, y); }
#endif

static const char *prog_name = "matvec_rowreduce";
static double prog_bytes (long n) { return 4.0 * n * n + 8.0 * n; }
static double prog_flops (long n) { return 2.0 * n * n; }

static void
prog_setup (long n)
{
  A = bench_alloc (n * n * sizeof *A);
  x = bench_alloc (n * sizeof *x);
  y = bench_alloc (n * sizeof *y);
  for (long i = 0; i < n * n; i++)
    A[i] = bench_randf () - 0.5f;
  for (long i = 0; i < n; i++)
    x[i] = bench_randf () - 0.5f;
  bench_poison (y, n);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  for (long i = 0; i < n; i++)
    {
      double want = 0, mag = 0;
      for (long j = 0; j < n; j++)
	{
	  want += (double) A[i * n + j] * x[j];
	  mag += fabs ((double) A[i * n + j] * x[j]);
	}
      if (!bench_close (y[i], want, 0, 1e-5 * mag + 1e-6))
	{
	  snprintf (msg, len, "y[%ld] = %g, want %g", i, y[i], want);
	  return 0;
	}
    }
  return 1;
}
