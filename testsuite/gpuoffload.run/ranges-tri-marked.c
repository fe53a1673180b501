/* ranges-tri-marked.c: triangular loops (issue 11, item 13): an inner
   serial loop bounded by the marked index ('for (k = 0; k <= j; k++)'
   inside 'j GPU_PARALLEL'), upward and downward, strict and not, in 1-D
   and 2-D nests.  Every index is affine, so the access ranges are bounded
   over the marked index's range, and exactly: each array starts right
   after an inaccessible page, then ends right before one (guard.h), and
   the shapes are such that bounding the two loops independently (a box)
   would reach outside (x[j + k] with k < n - j; c[j - 1 - k] with k < j,
   empty at j = 0).  Results equal the serial loops.  */
#include "guard.h"

/* Lower triangle times a vector: k <= j.  */
static void
trmv (int n, const double *l, const double *x, double *y)
{
  for (int j GPU_PARALLEL = 0; j < n; j++)
    {
      double s = 0;
      for (int k = 0; k <= j; k++)
	s += l[j * n + k] * x[k];
      y[j] = s;
    }
}

/* Suffix window: k < n - j, reading x[j + k] (the last element at most).  */
static void
suffix (int n, const int *x, long *y)
{
  for (int j GPU_PARALLEL = 0; j < n; j++)
    {
      long s = 0;
      for (int k = 0; k < n - j; k++)
	s += (long) x[j + k] * (k + 1);
      y[j] = s;
    }
}

/* Strict and downward: k from j - 1 down to 0 reads c[k] (nothing at
   j = 0; c holds n - 1 elements).  */
static void
prefix_down (int n, const float *c, float *y)
{
  for (int j GPU_PARALLEL = 0; j < n; j++)
    {
      float s = 0;
      for (int k = j - 1; k >= 0; k--)
	s = s * 0.5f + c[k];
      y[j] = s;
    }
}

/* Strict, upward, reading c[j - 1 - k] (again n - 1 elements).  */
static void
prefix_rev (int n, const int *c, int *y)
{
  for (int j GPU_PARALLEL = 0; j < n; j++)
    {
      int s = 0;
      for (int k = 0; k < j; k++)
	s = s * 3 + c[j - 1 - k];
      y[j] = s;
    }
}

/* 2-D: the triangle in the inner marked index, rows of m.  */
static void
rows_upper (int n, int m, const double *a, double *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m; j++)
      {
	double s = 0;
	for (int k = j; k < m; k++)
	  s += a[i * m + k];
	out[i * m + j] = s;
      }
}

int
main (void)
{
  check_init ();
  static const int sizes[] = { 0, 1, 2, 3, 7, 64, 97, 300 };
  for (unsigned z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
    for (int at_end = 0; at_end < 2; at_end++)
      {
	int n = sizes[z];
	int m = n ? n + 3 : 0;
	struct check_guard g1, g2, g3, g4, g5, g6;
	double *l = check_guarded ((size_t) n * n * sizeof *l, at_end, &g1);
	double *x = check_guarded ((size_t) n * sizeof *x, at_end, &g2);
	int *xi = check_guarded ((size_t) n * sizeof *xi, at_end, &g3);
	int nm1 = n > 0 ? n - 1 : 0;
	float *c = check_guarded ((size_t) nm1 * sizeof *c, at_end, &g4);
	int *ci = check_guarded ((size_t) nm1 * sizeof *ci, at_end, &g5);
	double *a = check_guarded ((size_t) n * m * sizeof *a, at_end, &g6);
	check_fill_double (l, (long) n * n, -1.0, 1.0);
	check_fill_double (x, n, -1.0, 1.0);
	check_fill_int (xi, n, -100, 100);
	check_fill_float (c, nm1, -1.0f, 1.0f);
	check_fill_int (ci, nm1, -3, 3);
	check_fill_double (a, (long) n * m, -1.0, 1.0);
	double *y = check_alloc ((n + 1) * sizeof *y);
	long *yl = check_alloc ((n + 1) * sizeof *yl);
	float *yf = check_alloc ((n + 1) * sizeof *yf);
	int *yi = check_alloc ((n + 1) * sizeof *yi);
	double *out = check_alloc (((size_t) n * m + 1) * sizeof *out);

	trmv (n, l, x, y);
	for (int j = 0; j < n; j++)
	  {
	    double s = 0;
	    for (int k = 0; k <= j; k++)
	      s += l[j * n + k] * x[k];
	    CHECK (check_close (y[j], s, 1e-12, 1e-12), "trmv n=%d j=%d: %g, "
		   "serial %g", n, j, y[j], s);
	  }
	suffix (n, xi, yl);
	for (int j = 0; j < n; j++)
	  {
	    long s = 0;
	    for (int k = 0; k < n - j; k++)
	      s += (long) xi[j + k] * (k + 1);
	    CHECK (yl[j] == s, "suffix n=%d j=%d: %ld, serial %ld", n, j,
		   yl[j], s);
	  }
	prefix_down (n, c, yf);
	for (int j = 0; j < n; j++)
	  {
	    float s = 0;
	    for (int k = j - 1; k >= 0; k--)
	      s = s * 0.5f + c[k];
	    CHECK (yf[j] == s, "prefix_down n=%d j=%d: %g, serial %g", n, j,
		   yf[j], s);
	  }
	prefix_rev (n, ci, yi);
	for (int j = 0; j < n; j++)
	  {
	    int s = 0;
	    for (int k = 0; k < j; k++)
	      s = s * 3 + ci[j - 1 - k];
	    CHECK (yi[j] == s, "prefix_rev n=%d j=%d: %d, serial %d", n, j,
		   yi[j], s);
	  }
	rows_upper (n, m, a, out);
	for (int i = 0; i < n; i++)
	  for (int j = 0; j < m; j++)
	    {
	      double s = 0;
	      for (int k = j; k < m; k++)
		s += a[i * m + k];
	      CHECK (check_close (out[i * m + j], s, 1e-12, 1e-12),
		     "rows_upper n=%d i=%d j=%d: %g, serial %g", n, i, j,
		     out[i * m + j], s);
	    }
	free (y);
	free (yl);
	free (yf);
	free (yi);
	free (out);
	check_unguard (&g1);
	check_unguard (&g2);
	check_unguard (&g3);
	check_unguard (&g4);
	check_unguard (&g5);
	check_unguard (&g6);
      }
  return 0;
}
