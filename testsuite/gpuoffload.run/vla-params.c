/* vla-params.c: C99 variable-length array parameters (issue 11, item
   14), the prototype style of much scientific C: 'double a[n][m]' in a
   region body (2-D nest), a region passing a whole 'a' or one row a[i] to
   called functions that take array parameters themselves (so the caller
   cannot bound the accesses: the extent comes from the declaration,
   n * m doubles), bounds named in either parameter order, and a constant
   outer bound.  The arrays end (and start) at inaccessible pages: nothing
   outside them may be copied.  */
/* Exact comparisons of a*b+c: the device must not contract it into an
   fma where the host does not (README, "Floating point: what is exact").  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "guard.h"

static void
scale2 (int n, int m, const double a[n][m], double b[n][m])
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m; j++)
      b[i][j] = 2.0 * a[i][j] + i - j;
}

/* Bounds in the other order.  */
static void
transpose (int m, int n, const double a[n][m], double t[m][n])
{
  for (int j GPU_PARALLEL = 0; j < m; j++)
    for (int i GPU_PARALLEL = 0; i < n; i++)
      t[j][i] = a[i][j];
}

static double
row_sum (int m, const double r[m])
{
  double s = 0;
  for (int k = 0; k < m; k++)
    s += r[k];
  return s;
}

static double
diag_dot (int n, int m, const double a[n][m], int i)
{
  double s = 0;
  for (int k = 0; k < m; k++)
    s += a[i][k] * a[(i + k) % n][k];
  return s;
}

/* Callees reached through the whole array and through a row.  */
static void
row_sums (int n, int m, const double a[n][m], double *out, double *dd)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      out[i] = row_sum (m, a[i]);
      dd[i] = diag_dot (n, m, a, i);
    }
}

/* A constant outer bound, a variable inner one.  */
static void
first_rows (int m, const double a[7][m], double *out)
{
  for (int i GPU_PARALLEL = 0; i < 7; i++)
    out[i] = row_sum (m, a[i]);
}

int
main (void)
{
  check_init ();
  static const int dims[][2] = { { 1, 1 }, { 7, 3 }, { 37, 53 },
				  { 100, 257 }, { 0, 5 }, { 9, 0 } };
  for (unsigned d = 0; d < sizeof dims / sizeof dims[0]; d++)
    for (int at_end = 0; at_end < 2; at_end++)
      {
	int n = dims[d][0], m = dims[d][1];
	size_t bytes = (size_t) n * m * sizeof (double);
	struct check_guard ga, gb, gt;
	double (*a)[m] = check_guarded (bytes, at_end, &ga);
	double (*b)[m] = check_guarded (bytes, at_end, &gb);
	double (*t)[n] = check_guarded (bytes, at_end, &gt);
	check_fill_double ((double *) a, (long) n * m, -4.0, 4.0);
	double *out = check_alloc ((n + 1) * sizeof *out);
	double *dd = check_alloc ((n + 1) * sizeof *dd);

	scale2 (n, m, a, b);
	for (int i = 0; i < n; i++)
	  for (int j = 0; j < m; j++)
	    CHECK (b[i][j] == 2.0 * a[i][j] + i - j, "scale2 %dx%d at %d,%d",
		   n, m, i, j);
	transpose (m, n, a, t);
	for (int i = 0; i < n; i++)
	  for (int j = 0; j < m; j++)
	    CHECK (t[j][i] == a[i][j], "transpose %dx%d at %d,%d", n, m, i, j);
	if (m > 0)
	  {
	    row_sums (n, m, a, out, dd);
	    for (int i = 0; i < n; i++)
	      {
		CHECK (out[i] == row_sum (m, a[i]), "row_sums %dx%d row %d", n,
		       m, i);
		CHECK (dd[i] == diag_dot (n, m, a, i), "diag_dot %dx%d row %d",
		       n, m, i);
	      }
	  }
	if (n >= 7)
	  {
	    first_rows (m, a, out);
	    for (int i = 0; i < 7; i++)
	      CHECK (out[i] == row_sum (m, a[i]), "first_rows %dx%d row %d", n,
		     m, i);
	  }
	free (out);
	free (dd);
	check_unguard (&ga);
	check_unguard (&gb);
	check_unguard (&gt);
      }
  return 0;
}
