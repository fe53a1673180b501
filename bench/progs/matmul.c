/* matmul.c -- C = A * B for N x N floats, the naive triple loop a user
   writes (SPEC section 2).  Checked against double-precision dot products
   on a sample of entries once N makes a full serial product too slow.  */
#include "bench.h"

static float *A, *B, *C;

#ifndef BENCH_EXTERNAL_RUN
static void
matmul (long n, const float *a, const float *b, float *c)
{
  OMP_FOR2 (map (to: a[0:n*n], b[0:n*n]) map (from: c[0:n*n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < n; j++)
      {
	float acc = 0.0f;
	for (long k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}
static void prog_run (void) { matmul (bench_n, A, B, C); }
#endif

static const char *prog_name = "matmul";
static double prog_bytes (long n) { return 12.0 * n * n; }
static double prog_flops (long n) { return 2.0 * n * n * n; }

static void
prog_setup (long n)
{
  A = bench_alloc (n * n * sizeof *A);
  B = bench_alloc (n * n * sizeof *B);
  C = bench_alloc (n * n * sizeof *C);
  for (long i = 0; i < n * n; i++)
    {
      A[i] = bench_randf () - 0.5f;
      B[i] = bench_randf () - 0.5f;
    }
  bench_poison (C, n * n);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  size_t count = (size_t) n * n, lim = 4096, s = bench_samples (count, lim);
  bench_sampled = count > lim;
  for (size_t k = 0; k < s; k++)
    {
      size_t e = bench_sample (k, count, lim);
      long i = (long) (e / n), j = (long) (e % n);
      double want = 0, mag = 0;
      for (long q = 0; q < n; q++)
	{
	  want += (double) A[i * n + q] * B[q * n + j];
	  mag += fabs ((double) A[i * n + q] * B[q * n + j]);
	}
      if (!bench_close (C[e], want, 0, 1e-5 * mag + 1e-6))
	{
	  snprintf (msg, len, "C[%ld][%ld] = %g, want %g", i, j, C[e], want);
	  return 0;
	}
    }
  return 1;
}
