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
  bench_random_arrays (m * bench_m, &A, NULL);
  bench_random_arrays (bench_m, &x, &y, NULL);
  bench_random_arrays (m, &tmp, NULL);
  bench_poisond (y, bench_m);
  bench_poisond (tmp, m);
}

/* tmp against A x, then y against A^T times the tmp found (checked).  */
static int
prog_check (char *msg, size_t len)
{
  long m = bench_n, n = bench_m;
  return bench_check_matvec ("tmp", tmp, NULL, 1, A, n, 1, x, m, n, msg, len)
	 && bench_check_matvec ("y", y, NULL, 1, A, 1, n, tmp, n, m, msg, len);
}
