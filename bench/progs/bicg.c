/* bicg.c -- PolyBench's BiCG kernel, the two matrix-vector products of a
   biconjugate gradient step: for a matrix A of N rows and M columns,
   s = A^T r (M entries) and q = A p (N entries), in double.  PolyBench's
   serial nest makes both in one pass over A; written for a parallel
   machine it is two loops, each over its own output: s[j] sums down
   column j (neighbouring j read neighbouring elements), q[i] along row i
   (a row reduction: serial in each work-item, or two levels under
   -DBENCH_ROW_GROUPS).  Size NxM: PolyBench's LARGE 2100x1900,
   EXTRALARGE 2200x1800.  */
#include "bench.h"

static double *A, *r, *p, *s, *q;

#ifndef BENCH_EXTERNAL_RUN
static void
bicg (long n, long m, const double *a, const double *r, const double *p,
      double *s, double *q)
{
  /* nvptx: A crosses once for both loops.  */
  OMP_DATA (map (to: a[0:n*m]))
  {
    OMP_FOR (map (to: a[0:n*m], r[0:n]) map (from: s[0:m]))
    for (long j GPU_PARALLEL = 0; j < m; j++)
      {
	double t = 0;
	for (long i = 0; i < n; i++)
	  t += r[i] * a[i * m + j];
	s[j] = t;
      }
    OMP_FOR (map (to: a[0:n*m], p[0:m]) map (from: q[0:n]))
    for (long i GPU_PARALLEL = 0; i < n; i++)
      {
	double t ROW_REDUCE = 0;
	for (long j ROW_PARALLEL = 0; j < m; j++)
	  t += a[i * m + j] * p[j];
	q[i] = t;
      }
  }
}
static void prog_run (void) { bicg (bench_n, bench_m, A, r, p, s, q); }
#endif

static const char *prog_name = "bicg";
static double prog_bytes (long n) { return 8.0 * (n * bench_m + 2 * n + 2 * bench_m); }
static double prog_flops (long n) { return 4.0 * n * bench_m; }

static void
prog_setup (long n)
{
  bench_random_arrays (n * bench_m, &A, NULL);
  bench_random_arrays (n, &r, &q, NULL);
  bench_random_arrays (bench_m, &p, &s, NULL);
  bench_poisond (s, bench_m);
  bench_poisond (q, n);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n, m = bench_m;
  return bench_check_matvec ("s", s, NULL, 1, A, 1, m, r, m, n, msg, len)
	 && bench_check_matvec ("q", q, NULL, 1, A, m, 1, p, n, m, msg, len);
}
