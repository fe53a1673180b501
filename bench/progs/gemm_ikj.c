/* gemm_ikj.c -- C = beta * C + alpha * A * B for N x N floats in the
   cache-friendly i-k-j order a CPU programmer writes (issue 14): the
   outer marked loop over rows, inner marked loops over the row's columns,
   one beside the serial k loop and one under it, so a work-group shares
   each row (OpenMP: the outer loop only; nvptx: teams over rows, each
   inner loop a parallel for of the team).  */
#include "bench.h"

static float *A, *B, *C, *C0;
static const float alpha = 1.5f, beta = -0.5f;

#ifndef BENCH_EXTERNAL_RUN
static void
gemm_ikj (long n, float al, float be, const float *a, const float *b,
	  float *c)
{
  OMP_OUTER (map (to: a[0:n*n], b[0:n*n]) map (tofrom: c[0:n*n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      OMP_INNER ()
      for (long j GPU_PARALLEL = 0; j < n; j++)
	c[i * n + j] *= be;
      for (long k = 0; k < n; k++)
	OMP_INNER ()
	for (long j GPU_PARALLEL = 0; j < n; j++)
	  c[i * n + j] += al * a[i * n + k] * b[k * n + j];
    }
}
static void
prog_run (void)
{
  /* Every run starts from the same C.  */
  memcpy (C, C0, (size_t) bench_n * bench_n * sizeof *C);
  gemm_ikj (bench_n, alpha, beta, A, B, C);
}
#endif

static const char *prog_name = "gemm_ikj";
static double prog_bytes (long n) { return 16.0 * n * n; }
static double prog_flops (long n) { return 2.0 * n * n * n + n * n; }

static void
prog_setup (long n)
{
  A = bench_alloc (n * n * sizeof *A);
  B = bench_alloc (n * n * sizeof *B);
  C = bench_alloc (n * n * sizeof *C);
  C0 = bench_alloc (n * n * sizeof *C0);
  for (long i = 0; i < n * n; i++)
    {
      A[i] = bench_randf () - 0.5f;
      B[i] = bench_randf () - 0.5f;
      C0[i] = bench_randf () - 0.5f;
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
      double want = (double) beta * C0[e], mag = fabs (want);
      for (long q = 0; q < n; q++)
	{
	  double t = (double) alpha * A[i * n + q] * B[q * n + j];
	  want += t;
	  mag += fabs (t);
	}
      if (!bench_close (C[e], want, 0, 1e-5 * mag + 1e-6))
	{
	  snprintf (msg, len, "C[%ld][%ld] = %g, want %g", i, j, C[e], want);
	  return 0;
	}
    }
  return 1;
}
