/* partial.c: partial writes: a stepped store y[2*i], a conditional store if (x[i] > 0) y[i] = ..., and a store to every third element from the end (sizes up to 1 Mi); elements the loop does not store must keep the host's values.  */
#include "check.h"

static void
stepped (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[2 * i] = x[i] * 3.0f;
}

static void
conditional (int n, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    if (x[i] > 0)
      y[i] = x[i] + 100.0f;
}

static void
every_third_from_end (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = n - 1; i >= 0; i -= 3)
    y[i] = -x[i];
}

int
main (void)
{
  check_init ();
  for (int s = 0; s <= CHECK_NSIZES; s++)
    {
      int n = s < CHECK_NSIZES ? (int) check_sizes[s] : (int) CHECK_LARGE;
      float *x = check_alloc (n * sizeof (float));
      float *y = check_alloc (2L * n * sizeof (float));
      float *w = check_alloc (2L * n * sizeof (float));
      int *xi = check_alloc (n * sizeof (int));
      int *yi = check_alloc (n * sizeof (int)), *wi = check_alloc (n * sizeof (int));

      check_fill_float (x, n, -1, 1);
      check_fill_float (y, 2L * n, 1000, 2000);
      memcpy (w, y, 2L * n * sizeof (float));
      for (int i = 0; i < n; i++)
	w[2 * i] = x[i] * 3.0f;
      stepped (n, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, w, 2L * n, "y[2*i] keeps the odd elements, n=%d", n);

      check_fill_float (y, n, 1000, 2000);
      memcpy (w, y, n * sizeof (float));
      for (int i = 0; i < n; i++)
	if (x[i] > 0)
	  w[i] = x[i] + 100.0f;
      conditional (n, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, w, n, "conditional store keeps the others, n=%d", n);

      check_fill_int (xi, n, -1000, 1000);
      check_fill_int (yi, n, 5000, 6000);
      memcpy (wi, yi, n * sizeof (int));
      for (int i = n - 1; i >= 0; i -= 3)
	wi[i] = -xi[i];
      every_third_from_end (n, xi, yi);
      CHECK_RAN_ON_DEVICE ((n + 2) / 3);
      CHECK_SAME (yi, wi, n, "every third from the end, n=%d", n);
      free (x); free (y); free (w); free (xi); free (yi); free (wi);
    }
  return 0;
}
