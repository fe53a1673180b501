/* trsv.c -- solve L x = b for a lower triangular N x N matrix by forward
   substitution in column order (issue 14 item 7): a serial pivot loop
   over the columns j, the division x[j] /= L[j][j] on the host, then a
   marked loop subtracting column j's multiple from the rows below.  So N
   regions of N - j - 1 iterations each, one after the other: the data
   must stay on the device between them (the residency issue), and each
   launch must cost little.  L is stored by columns (element (i, j) at
   L[j * n + i]), so that neighbouring work-items read neighbouring
   elements of the column.  L is diagonally dominant (diagonal 1 to 2,
   off-diagonal elements of size 1 / N), so x stays of the size of b.  */
#include "bench.h"

static double *L, *b, *x;

#ifndef BENCH_EXTERNAL_RUN
static void
trsv (long n, const double *l, double *x)
{
  /* nvptx: L and x stay on the device for the whole pivot loop; the
     division runs there too.  */
  OMP_DATA (map (to: l[0:n*n]) map (tofrom: x[0:n]))
  for (long j = 0; j < n; j++)
    {
      OMP_ON_DEVICE
      x[j] /= l[j * n + j];
      OMP_FOR (map (to: l[0:n*n]) map (tofrom: x[0:n]))
      for (long i GPU_PARALLEL = j + 1; i < n; i++)
	x[i] -= l[j * n + i] * x[j];
    }
}
static void
prog_run (void)
{
  memcpy (x, b, (size_t) bench_n * sizeof *x);
  trsv (bench_n, L, x);
}
#endif

static const char *prog_name = "trsv";
static double prog_bytes (long n) { return 4.0 * n * n + 16.0 * n; }
static double prog_flops (long n) { return 1.0 * n * n; }

static void
prog_setup (long n)
{
  L = bench_alloc ((size_t) n * n * sizeof *L);
  b = bench_alloc (n * sizeof *b);
  x = bench_alloc (n * sizeof *x);
  for (long j = 0; j < n; j++)
    for (long i = 0; i < n; i++)
      L[j * n + i] = i < j ? 0.0 : i == j ? 1.0 + bench_randf ()
	: (bench_randf () - 0.5) / (double) n;
  for (long i = 0; i < n; i++)
    b[i] = bench_randf () - 0.5;
}

/* The residual of every row: b[i] = sum over j <= i of L[i][j] x[j]
   (summed by columns, as L is stored).  */
static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  double *r = bench_alloc (n * sizeof *r), *mag = bench_alloc (n * sizeof *mag);
  int ok = 1;
  for (long i = 0; i < n; i++)
    r[i] = b[i], mag[i] = fabs (b[i]);
  for (long j = 0; j < n; j++)
    for (long i = j; i < n; i++)
      {
	r[i] -= L[j * n + i] * x[j];
	mag[i] += fabs (L[j * n + i] * x[j]);
      }
  for (long i = 0; i < n && ok; i++)
    if (!(fabs (r[i]) <= 1e-10 * mag[i] + 1e-12))
      {
	snprintf (msg, len, "row %ld: residual %g (x[%ld] = %g)", i, r[i], i,
		  x[i]);
	ok = 0;
      }
  free (r);
  free (mag);
  return ok;
}
