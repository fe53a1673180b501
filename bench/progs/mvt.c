/* mvt.c -- PolyBench's MVT kernel: x1 += A y1 and x2 += A^T y2 for an
   N x N matrix, in double.  Two loops over i: x1[i] along row i (a row
   reduction: serial in each work-item, or two levels under
   -DBENCH_ROW_GROUPS), x2[i] down column i (neighbouring i read
   neighbouring elements).  Each run starts from the same x1 and x2.
   PolyBench's LARGE size is 2000, EXTRALARGE 4000.  */
#include "bench.h"

static double *A, *x1, *x2, *y1, *y2, *x1_0, *x2_0;

#ifndef BENCH_EXTERNAL_RUN
static void
mvt (long n, const double *a, double *x1, double *x2, const double *y1,
     const double *y2)
{
  /* nvptx: A crosses once for both loops.  */
  OMP_DATA (map (to: a[0:n*n]))
  {
    OMP_FOR (map (to: a[0:n*n], y1[0:n]) map (tofrom: x1[0:n]))
    for (long i GPU_PARALLEL = 0; i < n; i++)
      {
	double t ROW_REDUCE = x1[i];
	for (long j ROW_PARALLEL = 0; j < n; j++)
	  t += a[i * n + j] * y1[j];
	x1[i] = t;
      }
    OMP_FOR (map (to: a[0:n*n], y2[0:n]) map (tofrom: x2[0:n]))
    for (long i GPU_PARALLEL = 0; i < n; i++)
      {
	double t = x2[i];
	for (long j = 0; j < n; j++)
	  t += a[j * n + i] * y2[j];
	x2[i] = t;
      }
  }
}
static void
prog_run (void)
{
  memcpy (x1, x1_0, bench_n * sizeof *x1);
  memcpy (x2, x2_0, bench_n * sizeof *x2);
  mvt (bench_n, A, x1, x2, y1, y2);
}
#endif

static const char *prog_name = "mvt";
/* A, x1, x2, y1 and y2 in, x1 and x2 out.  */
static double prog_bytes (long n) { return 8.0 * (n * n + 6 * n); }
static double prog_flops (long n) { return 4.0 * n * n; }

static void
prog_setup (long n)
{
  bench_random_arrays (n * n, &A, NULL);
  bench_random_arrays (n, &x1, &x2, &y1, &y2, &x1_0, &x2_0, NULL);
  bench_poisond (x1, n);
  bench_poisond (x2, n);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  return bench_check_matvec ("x1", x1, x1_0, 1, A, n, 1, y1, n, n, msg, len)
	 && bench_check_matvec ("x2", x2, x2_0, 1, A, 1, n, y2, n, n, msg, len);
}
