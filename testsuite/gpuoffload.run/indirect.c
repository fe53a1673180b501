/* indirect.c: indirect indexing with GPU_EXTENT: a gather y[i] = x[idx[i]] (extent on a parameter), a scatter through a permutation (extent on a local pointer variable), and a gather with a data-dependent second index.  */
#include "check.h"

static void
gather (int n, int m, float *restrict y, const float *x GPU_EXTENT (m),
	const int *restrict idx)
{
  (void) m;			/* used only by GPU_EXTENT */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[idx[i]] * 2.0f;
}

/* perm is a permutation of 0..n-1, so the stores are independent.  */
static void
scatter (int n, const int *perm, const double *x, double *out)
{
  double *o GPU_EXTENT (n) = out;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    o[perm[i]] = x[i] + 1.0;
}

/* Two levels of indirection: row pointers as offsets (CSR-like).  */
static void
rows_first (int rows, int nnz, const int *start, const int *col GPU_EXTENT (nnz),
	    const float *val GPU_EXTENT (nnz), float *first)
{
  (void) nnz;
  for (int r GPU_PARALLEL = 0; r < rows; r++)
    first[r] = start[r] < start[r + 1] ? val[start[r]] + (float) col[start[r]] : 0.0f;
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      int m = (int) check_range (1, 3L * n + 1);
      float *x = check_alloc (m * sizeof (float));
      float *y = check_alloc (n * sizeof (float)), *yw = check_alloc (n * sizeof (float));
      int *idx = check_alloc (n * sizeof (int));
      check_fill_float (x, m, -50, 50);
      check_fill_int (idx, n, 0, m - 1);
      for (int i = 0; i < n; i++)
	yw[i] = x[idx[i]] * 2.0f;
      gather (n, m, y, x, idx);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, yw, n, "gather n=%d m=%d", n, m);

      int *perm = check_alloc (n * sizeof (int));
      double *xd = check_alloc (n * sizeof (double));
      double *o = check_alloc (n * sizeof (double)), *ow = check_alloc (n * sizeof (double));
      for (int i = 0; i < n; i++)
	perm[i] = i;
      for (int i = n - 1; i > 0; i--)
	{
	  int j = (int) check_range (0, i), t = perm[i];
	  perm[i] = perm[j];
	  perm[j] = t;
	}
      check_fill_double (xd, n, -1, 1);
      for (int i = 0; i < n; i++)
	ow[perm[i]] = xd[i] + 1.0;
      scatter (n, perm, xd, o);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (o, ow, n, "scatter through a permutation, n=%d", n);

      int rows = n, nnz = 0;
      int *start = check_alloc ((rows + 1) * sizeof (int));
      start[0] = 0;
      for (int r = 0; r < rows; r++)
	start[r + 1] = start[r] + (int) check_range (0, 3);
      nnz = start[rows];
      int *col = check_alloc (nnz * sizeof (int));
      float *val = check_alloc (nnz * sizeof (float));
      float *first = check_alloc (rows * sizeof (float)), *firstw = check_alloc (rows * sizeof (float));
      check_fill_int (col, nnz, 0, 1000);
      check_fill_float (val, nnz, -1, 1);
      for (int r = 0; r < rows; r++)
	firstw[r] = start[r] < start[r + 1] ? val[start[r]] + (float) col[start[r]] : 0.0f;
      rows_first (rows, nnz, start, col, val, first);
      CHECK_RAN_ON_DEVICE (rows);
      CHECK_SAME (first, firstw, rows, "CSR first elements, rows=%d nnz=%d", rows, nnz);

      free (x); free (y); free (yw); free (idx); free (perm); free (xd);
      free (o); free (ow); free (start); free (col); free (val); free (first);
      free (firstw);
    }
  return 0;
}
