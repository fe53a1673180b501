/* hoist-guarded.c: a row pointer read from a table with an index the
   loop does not change (pathfinder's wall[t + 1][n], bench/realcode) is
   read once before the loop, under the loop's entry test, and the loop is
   offloaded (the run uses werror: a loop left on the host fails the
   build).  A loop with no iteration must not read the table at all: the
   empty calls pass a null table and an index past its end, which an
   unguarded read before the loop would fault on.  The stencil's
   src[n - 1] under n > 0 used to have the device copy 4 bytes before the
   heap block (the AddressSanitizer run caught it): the runtime now cuts
   such ranges to the block.  A table indexed by another table's element
   (both reads moved under one entry test: the second's address must use
   the first's value, not the value after the test; fuzz seed 10 found
   it).  Every size, against serial C.  Proving that
   the int stores do not overwrite the int * rows takes C's type rules
   (-fstrict-aliasing, which -O2 turns on): the -O0 build asks for them.  */
#include "check.h"
/* { dg-additional-options "-fstrict-aliasing" } */

int **wall;			/* rows of the wall, a heap table */
int nrows;

/* DST[n] = min of SRC around n + wall[T + 1][n] (pathfinder's step).  */
static void
step (int cols, int t, const int *src, int *dst)
{
  for (int n GPU_PARALLEL = 0; n < cols; n++)
    {
      int m = src[n];
      if (n > 0 && src[n - 1] < m)
	m = src[n - 1];
      if (n < cols - 1 && src[n + 1] < m)
	m = src[n + 1];
      dst[n] = wall[t + 1][n] + m;
    }
}

/* OUT[i] = ROWS[K][i] * 3 - ROWS[K + 1][LO + i]: two rows of a table
   passed as a parameter, the start of the loop not 0.  */
static void
two_rows (long lo, long hi, int *const *rows, int k, long *out)
{
  for (long i GPU_PARALLEL = lo; i < hi; i++)
    out[i - lo] = (long) rows[k][i] * 3 - rows[k + 1][i];
}

/* Two tables, the second indexed through the first.  */
static short tab1[64];
static long tab2[64];

/* Y[i] = X[i] + TAB2[~TAB1[T & 63] & 63]: both reads are the same in
   every iteration.  */
static void
chained (int n, int t, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[i] + (int) tab2[~(unsigned) tab1[(unsigned) t & 63] & 63];
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int cols = (int) check_sizes[s];
      nrows = 4;
      wall = check_alloc (nrows * sizeof *wall);
      int *data = check_alloc ((size_t) nrows * (cols + 1) * sizeof (int));
      for (int r = 0; r < nrows; r++)
	wall[r] = data + (size_t) r * (cols + 1);
      check_fill_int (data, (long) nrows * (cols + 1), 0, 9);
      int *a = check_alloc ((cols + 1) * sizeof (int));
      int *b = check_alloc ((cols + 1) * sizeof (int));
      int *wa = check_alloc ((cols + 1) * sizeof (int));
      int *wb = check_alloc ((cols + 1) * sizeof (int));
      check_fill_int (a, cols + 1, 0, 100);
      check_fill_int (b, cols + 1, 0, 100);
      memcpy (wa, a, (cols + 1) * sizeof (int));
      memcpy (wb, b, (cols + 1) * sizeof (int));
      for (int t = 0; t < nrows - 1; t++)
	{
	  int *src = t % 2 ? wb : wa, *dst = t % 2 ? wa : wb;
	  for (int n = 0; n < cols; n++)
	    {
	      int m = src[n];
	      if (n > 0 && src[n - 1] < m)
		m = src[n - 1];
	      if (n < cols - 1 && src[n + 1] < m)
		m = src[n + 1];
	      dst[n] = wall[t + 1][n] + m;
	    }
	}
      for (int t = 0; t < nrows - 1; t++)
	{
	  step (cols, t, t % 2 ? b : a, t % 2 ? a : b);
	  CHECK_RAN_ON_DEVICE (cols);
	}
      CHECK_SAME (a, wa, cols + 1, "step a, cols=%d", cols);
      CHECK_SAME (b, wb, cols + 1, "step b, cols=%d", cols);

      long lo = cols / 3;
      long *out = check_alloc ((cols + 1) * sizeof (long));
      long *wout = check_alloc ((cols + 1) * sizeof (long));
      check_fill_bytes (out, (cols + 1) * sizeof (long));
      memcpy (wout, out, (cols + 1) * sizeof (long));
      for (long i = lo; i < cols; i++)
	wout[i - lo] = (long) wall[1][i] * 3 - wall[2][i];
      two_rows (lo, cols, wall, 1, out);
      CHECK_RAN_ON_DEVICE (cols - lo);
      CHECK_SAME (out, wout, cols + 1, "two_rows [%ld, %d)", lo, cols);

      /* No iteration: the table is not read (an unguarded read before
	 the loop would fault here).  */
      int **saved = wall;
      wall = NULL;
      step (0, 1, a, b);
      step (-5, 1, a, b);
      wall = saved;
      two_rows (lo, lo, NULL, 1, out);
      two_rows (5, 2, wall, 1 << 28, out);
      CHECK_SAME (a, wa, cols + 1, "after empty steps, cols=%d", cols);
      CHECK_SAME (out, wout, cols + 1, "after empty two_rows, cols=%d", cols);
      /* A table through a table.  */
      check_fill_bytes (tab1, sizeof tab1);
      check_fill_bytes (tab2, sizeof tab2);
      for (int t = 0; t < 3; t++)
	{
	  int k = (int) check_range (0, 1023);
	  for (int i = 0; i < cols; i++)
	    wa[i] = a[i] + (int) tab2[~(unsigned) tab1[(unsigned) k & 63] & 63];
	  memcpy (wb, b, (cols + 1) * sizeof (int));
	  chained (cols, k, a, b);
	  CHECK_RAN_ON_DEVICE (cols);
	  for (int i = cols; i < cols + 1; i++)
	    wa[i] = b[i];
	  CHECK_SAME (b, wa, cols + 1, "chained (t %d), cols=%d", k, cols);
	}
      free (wall), free (data), free (a), free (b), free (wa), free (wb);
      free (out), free (wout);
    }
  return 0;
}
