/* math-double.c: exp log sqrt pow tanh (and fabs, floor, fmin, fmax) on double in a marked loop, relative tolerance 1e-12.  */
#include "check.h"

#define ND 8

#define BODY								\
  {									\
    double *o = r + ND * i;						\
    o[0] = exp (t[i]);							\
    o[1] = log (x[i]);							\
    o[2] = sqrt (x[i]);							\
    o[3] = pow (x[i], y[i]);						\
    o[4] = tanh (t[i]);							\
    o[5] = fabs (t[i]) + floor (y[i] * 10.0);				\
    o[6] = fmin (t[i], y[i]);						\
    o[7] = fmax (t[i], y[i]);						\
  }

static void
kern (long n, const double *x, const double *y, const double *t,
      double *restrict r)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (long n, const double *x, const double *y, const double *t, double *r)
{
  for (long i = 0; i < n; i++)
    BODY
}

static void
test (long n)
{
  double *x = check_alloc (n * sizeof (double));
  double *y = check_alloc (n * sizeof (double));
  double *t = check_alloc (n * sizeof (double));
  double *r = check_alloc (ND * n * sizeof (double));
  double *w = check_alloc (ND * n * sizeof (double));
  check_fill_double (x, n, 0.5, 50.0);
  check_fill_double (y, n, -4.0, 4.0);
  check_fill_double (t, n, -20.0, 20.0);
  for (long i = 0; i < n; i++)
    if (i % 8 == 5)
      y[i] = t[i];
  ref (n, x, y, t, w);
  kern (n, x, y, t, r);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_DOUBLES (r, w, ND * n, 1e-12, 1e-300, "double math, n=%ld", n);
  free (x); free (y); free (t); free (r); free (w);
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    test (check_sizes[s]);
  return 0;
}
