/* reduce-then-use.c: a GPU_REDUCE accumulator read by a later marked loop
   of the same function, as particlefilter normalises its weights by their
   sum (bench/realcode): the later loop takes the reduced value as a
   parameter.  It used to stay on the host with "internal error: 's' is
   not a parameter of the kernel" (the device clone of the first loop
   renamed the value the later loop uses).  Both loops on the device, for
   a double sum, two integer reductions feeding one loop, a 2-D sum, and
   a maximum feeding a loop in a time loop; every size, empty included,
   against serial C.  */
#include "check.h"
#include <float.h>

/* Divide W by its sum; returns the sum.  */
static double
normalize (int n, double *w)
{
  double s GPU_REDUCE = 0;
  for (int x GPU_PARALLEL = 0; x < n; x++)
    s += w[x];
  for (int x GPU_PARALLEL = 0; x < n; x++)
    w[x] = w[x] / s;
  return s;
}

/* OUT[i] = (A[i] * N - sum) + lo * hi: two accumulators in one loop.  */
static void
center (int n, const int *a, long *out)
{
  long sum GPU_REDUCE = 0;
  long lo GPU_REDUCE = 1;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      sum += a[i];
      if (a[i] < lo)
	lo = a[i];
    }
  for (int i GPU_PARALLEL = 0; i < n; i++)
    out[i] = ((long) a[i] * n - sum) + lo * 3;
}

/* A 2-D sum, then every row less it.  */
static void
rows_less_total (int rows, int cols, int *m)
{
  int t GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < rows; i++)
    for (int j GPU_PARALLEL = 0; j < cols; j++)
      t += m[i * cols + j];
  for (int i GPU_PARALLEL = 0; i < rows; i++)
    for (int j GPU_PARALLEL = 0; j < cols; j++)
      m[i * cols + j] -= t;
}

/* STEPS times: the maximum, then each element less it plus the step.  */
static void
steps_less_max (int n, int steps, int *a)
{
  for (int k = 0; k < steps; k++)
    {
      int mx GPU_REDUCE = -1000000;
      for (int i GPU_PARALLEL = 0; i < n; i++)
	if (a[i] > mx)
	  mx = a[i];
      for (int i GPU_PARALLEL = 0; i < n; i++)
	a[i] = a[i] - mx + (i % 5) + k;
    }
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      double *w = check_alloc ((n + 1) * sizeof *w);
      double *ww = check_alloc ((n + 1) * sizeof *ww);
      check_fill_double (w, n + 1, 0.0, 1.0);
      memcpy (ww, w, (n + 1) * sizeof *w);
      double ws = 0, mag = 0;
      for (int x = 0; x < n; x++)
	ws += ww[x], mag += fabs (ww[x]);
      double got = normalize (n, w);
      CHECK_RAN_ON_DEVICE (n);
      CHECK (fabs (got - ws) <= 2.0 * (n + 1) * DBL_EPSILON * mag,
	     "normalize n=%d: sum %.17g, expected %.17g", n, got, ws);
      /* The division by the sum the device found is exact.  */
      for (int x = 0; x < n; x++)
	ww[x] = ww[x] / got;
      CHECK_SAME (w, ww, n + 1, "normalize n=%d", n);

      int *a = check_alloc ((n + 1) * sizeof *a);
      long *out = check_alloc ((n + 1) * sizeof *out);
      long *wout = check_alloc ((n + 1) * sizeof *wout);
      check_fill_int (a, n + 1, -100000, 100000);
      check_fill_bytes (out, (n + 1) * sizeof *out);
      memcpy (wout, out, (n + 1) * sizeof *out);
      long sum = 0, lo = 1;
      for (int i = 0; i < n; i++)
	{
	  sum += a[i];
	  if (a[i] < lo)
	    lo = a[i];
	}
      for (int i = 0; i < n; i++)
	wout[i] = ((long) a[i] * n - sum) + lo * 3;
      center (n, a, out);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (out, wout, n + 1, "center n=%d", n);

      int rows = n / 7, cols = n % 7 + 3;
      int *m = check_alloc ((n + 1) * sizeof (int) * 2);
      int *wm = check_alloc ((n + 1) * sizeof (int) * 2);
      check_fill_int (m, (long) rows * cols, -1000, 1000);
      memcpy (wm, m, (long) rows * cols * sizeof (int));
      int t = 0;
      for (long i = 0; i < (long) rows * cols; i++)
	t += wm[i];
      for (long i = 0; i < (long) rows * cols; i++)
	wm[i] -= t;
      rows_less_total (rows, cols, m);
      CHECK_RAN_ON_DEVICE (rows);
      CHECK_SAME (m, wm, (long) rows * cols, "rows_less_total %d x %d",
		  rows, cols);

      int *b = check_alloc ((n + 1) * sizeof *b);
      int *wb = check_alloc ((n + 1) * sizeof *wb);
      check_fill_int (b, n + 1, -1000, 1000);
      memcpy (wb, b, (n + 1) * sizeof *b);
      for (int k = 0; k < 4; k++)
	{
	  int mx = -1000000;
	  for (int i = 0; i < n; i++)
	    if (wb[i] > mx)
	      mx = wb[i];
	  for (int i = 0; i < n; i++)
	    wb[i] = wb[i] - mx + (i % 5) + k;
	}
      steps_less_max (n, 4, b);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (b, wb, n + 1, "steps_less_max n=%d", n);
      free (w), free (ww), free (a), free (out), free (wout);
      free (m), free (wm), free (b), free (wb);
    }
  return 0;
}
