/* gesummv.c -- PolyBench's GESUMMV kernel: y = alpha A x + beta B x for
   two N x N matrices, in double (tmp = A x kept, as PolyBench does).  One
   loop over the rows, each two row reductions over the same x: serial in
   each work-item, or two levels under -DBENCH_ROW_GROUPS.  PolyBench's
   LARGE size is 1300, EXTRALARGE 2800.  */
#include "bench.h"

static double *A, *B, *x, *y, *tmp;
static const double alpha = 1.5, beta = 1.2;

#ifndef BENCH_EXTERNAL_RUN
static void
gesummv (long n, double alpha, double beta, const double *a,
	 const double *b, const double *x, double *y, double *tmp)
{
  OMP_FOR (map (to: a[0:n*n], b[0:n*n], x[0:n]) map (from: y[0:n], tmp[0:n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      double t ROW_REDUCE = 0, u ROW_REDUCE = 0;
      for (long j ROW_PARALLEL = 0; j < n; j++)
	{
	  t += a[i * n + j] * x[j];
	  u += b[i * n + j] * x[j];
	}
      tmp[i] = t;
      y[i] = alpha * t + beta * u;
    }
}
static void
prog_run (void)
{
  gesummv (bench_n, alpha, beta, A, B, x, y, tmp);
}
#endif

static const char *prog_name = "gesummv";
static double prog_bytes (long n) { return 8.0 * (2 * n * n + 3 * n); }
static double prog_flops (long n) { return 4.0 * n * n + 3.0 * n; }

static void
prog_setup (long n)
{
  bench_random_arrays (n * n, &A, &B, NULL);
  bench_random_arrays (n, &x, &y, &tmp, NULL);
  bench_poisond (y, n);
  bench_poisond (tmp, n);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  for (long i = 0; i < n; i++)
    {
      long double ta, ma, tb, mb;
      ta = bench_dot (A + i * n, 1, x, n, &ma);
      tb = bench_dot (B + i * n, 1, x, n, &mb);
      if (!bench_check_sum ("tmp", i, tmp[i], ta, ma, msg, len)
	  || !bench_check_sum ("y", i, y[i], alpha * ta + beta * tb,
			       alpha * ma + beta * mb, msg, len))
	return 0;
    }
  return 1;
}
