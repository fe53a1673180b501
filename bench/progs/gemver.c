/* gemver.c -- PolyBench's GEMVER kernel for an N x N matrix, in double:
   A += u1 v1^T + u2 v2^T (a 2-D loop), x += beta A^T y (down the columns:
   neighbouring i read neighbouring elements), x += z, w += alpha A x
   (along the rows: a row reduction, serial in each work-item or two levels
   under -DBENCH_ROW_GROUPS).  A stays on the device through the four
   loops.  Each run starts from the same x and w; A keeps growing by the
   same rank-2 update, as a program repeating the step would, so that no
   copy of A is timed (the check repeats the update as often).
   PolyBench's LARGE size is 2000, EXTRALARGE 4000.  */
#include "bench.h"

static double *A, *A0, *u1, *v1, *u2, *v2, *w, *x, *y, *z, *w0, *x0;
static const double alpha = 1.5, beta = 1.2;
static long runs;

#ifndef BENCH_EXTERNAL_RUN
static void
gemver (long n, double alpha, double beta, double *a, const double *u1,
	const double *v1, const double *u2, const double *v2, double *w,
	double *x, const double *y, const double *z)
{
  /* nvptx: A crosses in once and back once.  */
  OMP_DATA (map (tofrom: a[0:n*n]) map (tofrom: x[0:n]))
  {
    OMP_FOR2 (map (tofrom: a[0:n*n])
	      map (to: u1[0:n], v1[0:n], u2[0:n], v2[0:n]))
    for (long i GPU_PARALLEL = 0; i < n; i++)
      for (long j GPU_PARALLEL = 0; j < n; j++)
	a[i * n + j] = a[i * n + j] + u1[i] * v1[j] + u2[i] * v2[j];
    OMP_FOR (map (to: a[0:n*n], y[0:n]) map (tofrom: x[0:n]))
    for (long i GPU_PARALLEL = 0; i < n; i++)
      {
	double t = x[i];
	for (long j = 0; j < n; j++)
	  t += beta * a[j * n + i] * y[j];
	x[i] = t;
      }
    OMP_FOR (map (to: z[0:n]) map (tofrom: x[0:n]))
    for (long i GPU_PARALLEL = 0; i < n; i++)
      x[i] = x[i] + z[i];
    OMP_FOR (map (to: a[0:n*n], x[0:n]) map (tofrom: w[0:n]))
    for (long i GPU_PARALLEL = 0; i < n; i++)
      {
	double t ROW_REDUCE = w[i];
	for (long j ROW_PARALLEL = 0; j < n; j++)
	  t += alpha * a[i * n + j] * x[j];
	w[i] = t;
      }
  }
}
static void
prog_run (void)
{
  long n = bench_n;
  memcpy (x, x0, n * sizeof *x);
  memcpy (w, w0, n * sizeof *w);
  gemver (n, alpha, beta, A, u1, v1, u2, v2, w, x, y, z);
  runs++;
}
#endif

static const char *prog_name = "gemver";
/* A in and out; u1, v1, u2, v2, w, x, y and z in; x and w out.  */
static double prog_bytes (long n) { return 8.0 * (2 * n * n + 10 * n); }
static double prog_flops (long n) { return 10.0 * n * n + n; }

static void
prog_setup (long n)
{
  bench_random_arrays (n * n, &A0, NULL);
  A = bench_alloc (n * n * sizeof *A);
  memcpy (A, A0, n * n * sizeof *A);
  bench_random_arrays (n, &u1, &v1, &u2, &v2, &y, &z, &w0, &x0, &w, &x, NULL);
  bench_poisond (w, n);
  bench_poisond (x, n);
}

/* A against RUNS updates of A0, then x and w from the A found (checked).  */
static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      {
	double a = A0[i * n + j];
	double d = fabs (u1[i] * v1[j]) + fabs (u2[i] * v2[j]);
	for (long k = 0; k < runs; k++)
	  a = a + u1[i] * v1[j] + u2[i] * v2[j];
	if (!bench_check_sum ("A", i * n + j, A[i * n + j], a,
			      fabs (A0[i * n + j]) + runs * d, msg, len))
	  return 0;
      }
  double *xz = bench_alloc (n * sizeof *xz);
  for (long i = 0; i < n; i++)
    xz[i] = x0[i] + z[i];
  int ok = bench_check_matvec ("x", x, xz, beta, A, 1, n, y, n, n, msg, len)
	   && bench_check_matvec ("w", w, w0, alpha, A, n, 1, x, n, n, msg,
				  len);
  free (xz);
  return ok;
}
