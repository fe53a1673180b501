/* ranges-triangular.c: a marked loop inside a serial loop whose inner serial loop runs no iteration for some launches (issue 11, item 1): the BLAS-style symmetric product symm (k < i, empty at i == 0) and triangular product trmm (k from i + 1, empty at the last row), and a 3-D nest (unsigned i < n2, long j < 1, int k != n0) with a GPU_REDUCE accumulator inside a serial time loop.  An empty loop accesses nothing, so no range may reach outside the arrays: every array starts right after an inaccessible page, then ends right before one (guard.h), and a copy to the device or back of one byte outside it faults.  Random data and shapes (empty, 1, sizes no work-group size divides), compared with the serial loops.  */
#include "guard.h"

static void
symm (int m, int n, double alpha, double beta, double *c, const double *a,
      const double *b)
{
  for (int i = 0; i < m; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	double t = 0.0;
	for (int k = 0; k < i; k++)
	  {
	    c[k * n + j] += alpha * b[i * n + j] * a[i * m + k];
	    t += b[k * n + j] * a[i * m + k];
	  }
	c[i * n + j] = beta * c[i * n + j] + alpha * b[i * n + j] * a[i * m + i]
		       + alpha * t;
      }
}

static void
symm_ref (int m, int n, double alpha, double beta, double *c, const double *a,
	  const double *b)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
	double t = 0.0;
	for (int k = 0; k < i; k++)
	  {
	    c[k * n + j] += alpha * b[i * n + j] * a[i * m + k];
	    t += b[k * n + j] * a[i * m + k];
	  }
	c[i * n + j] = beta * c[i * n + j] + alpha * b[i * n + j] * a[i * m + i]
		       + alpha * t;
      }
}

static void
trmm (int m, int n, double alpha, double *b, const double *a)
{
  for (int i = 0; i < m; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	for (int k = i + 1; k < m; k++)
	  b[i * n + j] += a[k * m + i] * b[k * n + j];
	b[i * n + j] = alpha * b[i * n + j];
      }
}

static void
trmm_ref (int m, int n, double alpha, double *b, const double *a)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
	for (int k = i + 1; k < m; k++)
	  b[i * n + j] += a[k * m + i] * b[k * n + j];
	b[i * n + j] = alpha * b[i * n + j];
      }
}

/* The 3-D nest with a reduction, T times; returns the sum of the
   reductions.  */
static long
nest3 (int t_end, unsigned n2, int n0, long *x,
       const long *y GPU_EXTENT ((long) n2 * n0))
{
  long total = 0;
  for (int t = 0; t < t_end; t++)
    {
      long s GPU_REDUCE = 0;
      for (unsigned i GPU_PARALLEL = 0; i < n2; i++)
	for (long j GPU_PARALLEL = 0; j < 1; j++)
	  for (int k GPU_PARALLEL = 0; k != n0; k++)
	    {
	      x[((long) i + j) * n0 + k] = x[((long) i + j) * n0 + k] / 2
					     + y[i * n0 + k] + t;
	      s += y[i * n0 + k] ^ k;
	    }
      total += s;
    }
  return total;
}

static long
nest3_ref (int t_end, unsigned n2, int n0, long *x, const long *y)
{
  long total = 0;
  for (int t = 0; t < t_end; t++)
    {
      long s = 0;
      for (unsigned i = 0; i < n2; i++)
	for (long j = 0; j < 1; j++)
	  for (int k = 0; k != n0; k++)
	    {
	      x[(i + j) * n0 + k] = x[(i + j) * n0 + k] / 2 + y[i * n0 + k] + t;
	      s += y[i * n0 + k] ^ k;
	    }
      total += s;
    }
  return total;
}

static void
test_blas (int m, int n, int at_end)
{
  struct check_guard ga, gb, gc;
  size_t mn = (size_t) m * n, mm = (size_t) m * m;
  double *a = check_guarded (mm * sizeof (double), at_end, &ga);
  double *b = check_guarded (mn * sizeof (double), at_end, &gb);
  double *c = check_guarded (mn * sizeof (double), at_end, &gc);
  double *bw = check_alloc (mn * sizeof (double));
  double *cw = check_alloc (mn * sizeof (double));
  double alpha = check_uniform (0.5, 1.5), beta = check_uniform (0.5, 1.5);
  check_fill_double (a, (long) mm, -1, 1);
  check_fill_double (b, (long) mn, -1, 1);
  check_fill_double (c, (long) mn, -1, 1);
  memcpy (bw, b, mn * sizeof (double));
  memcpy (cw, c, mn * sizeof (double));

  symm_ref (m, n, alpha, beta, cw, a, bw);
  symm (m, n, alpha, beta, c, a, b);
  CHECK_RAN_ON_DEVICE (m > 0 ? n : 0);
  check_doubles_at (__FILE__, __LINE__, c, cw, (long) mn, 1e-12, 1e-12,
		    "symm %dx%d (arrays %s a guard page)", m, n,
		    at_end ? "ending at" : "starting after");

  trmm_ref (m, n, alpha, bw, a);
  trmm (m, n, alpha, b, a);
  CHECK_RAN_ON_DEVICE (m > 0 ? n : 0);
  check_doubles_at (__FILE__, __LINE__, b, bw, (long) mn, 1e-12, 1e-12,
		    "trmm %dx%d (arrays %s a guard page)", m, n,
		    at_end ? "ending at" : "starting after");
  check_unguard (&ga);
  check_unguard (&gb);
  check_unguard (&gc);
  free (bw);
  free (cw);
}

static void
test_nest3 (unsigned n2, int n0, int at_end)
{
  struct check_guard gx, gy;
  size_t n = (size_t) n2 * n0;
  long *x = check_guarded (n * sizeof (long), at_end, &gx);
  long *y = check_guarded (n * sizeof (long), at_end, &gy);
  long *xw = check_alloc (n * sizeof (long));
  for (size_t i = 0; i < n; i++)
    {
      x[i] = xw[i] = check_range (-1000000, 1000000);
      y[i] = check_range (-1000000, 1000000);
    }
  int t_end = (int) check_range (1, 4);
  long want = nest3_ref (t_end, n2, n0, xw, y);
  long got = nest3 (t_end, n2, n0, x, y);
  CHECK_RAN_ON_DEVICE (n);
  CHECK (got == want, "3-D reduction %ux1x%d: %ld, want %ld", n2, n0, got,
	 want);
  CHECK_SAME (x, xw, (long) n, "3-D nest %ux1x%d", n2, n0);
  check_unguard (&gx);
  check_unguard (&gy);
  free (xw);
}

int
main (void)
{
  check_init ();
  static const int shapes[][2] = {
    { 0, 5 }, { 1, 1 }, { 1, 7 }, { 2, 3 }, { 5, 31 }, { 17, 65 }, { 64, 97 },
    { 100, 120 }
  };
  static const int nests[][2] = {
    { 0, 0 }, { 0, 5 }, { 3, 0 }, { 1, 1 }, { 7, 3 }, { 31, 9 }, { 97, 65 }
  };
  for (int at_end = 0; at_end < 2; at_end++)
    {
      for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
	test_blas (shapes[s][0], shapes[s][1], at_end);
      test_blas ((int) check_range (1, 70), (int) check_range (1, 300), at_end);
      for (unsigned s = 0; s < sizeof nests / sizeof nests[0]; s++)
	test_nest3 ((unsigned) nests[s][0], nests[s][1], at_end);
      test_nest3 ((unsigned) check_range (1, 200), (int) check_range (1, 40),
		  at_end);
    }
  return 0;
}
