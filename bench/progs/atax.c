/* atax.c -- PolyBench's ATAX kernel: y = A^T (A x) for a matrix A of M
   rows and N columns, in double, through the temporary tmp = A x (M
   entries).  Two loops, each over its own output: tmp[i] along row i (a
   row reduction: serial in each work-item, or two levels under
   -DBENCH_ROW_GROUPS), then y[j] down column j (neighbouring j read
   neighbouring elements); tmp stays on the device between them.  Size
   MxN: PolyBench's LARGE 1900x2100, EXTRALARGE 1800x2200.  */
#include "bench.h"

static double *A, *x, *y, *tmp;

#ifndef BENCH_EXTERNAL_RUN
static void
atax (long m, long n, const double *a, const double *x, double *y,
      double *tmp)
{
  /* nvptx: A crosses once for both loops, tmp stays there.  */
  OMP_DATA (map (to: a[0:m*n]) map (from: tmp[0:m]))
  {
    OMP_FOR (map (to: a[0:m*n], x[0:n]) map (from: tmp[0:m]))
    for (long i GPU_PARALLEL = 0; i < m; i++)
      {
	double t ROW_REDUCE = 0;
	for (long j ROW_PARALLEL = 0; j < n; j++)
	  t += a[i * n + j] * x[j];
	tmp[i] = t;
      }
    OMP_FOR (map (to: a[0:m*n], tmp[0:m]) map (from: y[0:n]))
    for (long j GPU_PARALLEL = 0; j < n; j++)
      {
	double t = 0;
	for (long i = 0; i < m; i++)
	  t += a[i * n + j] * tmp[i];
	y[j] = t;
      }
  }
}
static void prog_run (void) { atax (bench_n, bench_m, A, x, y, tmp); }
#endif

static const char *prog_name = "atax";
/* A and x in, y and tmp (the program's array) out.  */
static double prog_bytes (long m) { return 8.0 * (m * bench_m + 2 * bench_m + m); }
static double prog_flops (long m) { return 4.0 * m * bench_m; }

static void
prog_setup (long m)
{
  long n = bench_m;
  A = bench_alloc (m * n * sizeof *A);
  x = bench_alloc (n * sizeof *x);
  y = bench_alloc (n * sizeof *y);
  tmp = bench_alloc (m * sizeof *tmp);
  bench_fill (A, m * n);
  bench_fill (x, n);
  bench_poisond (y, n);
  bench_poisond (tmp, m);
}

/* tmp against A x, then y against A^T times the tmp found (checked).  */
static int
prog_check (char *msg, size_t len)
{
  long m = bench_n, n = bench_m;
  long double want, mag;
  for (long i = 0; i < m; i++)
    {
      want = bench_dot (A + i * n, 1, x, n, &mag);
      if (!bench_check_sum ("tmp", i, tmp[i], want, mag, msg, len))
	return 0;
    }
  for (long j = 0; j < n; j++)
    {
      want = bench_dot (A + j, n, tmp, m, &mag);
      if (!bench_check_sum ("y", j, y[j], want, mag, msg, len))
	return 0;
    }
  return 1;
}
