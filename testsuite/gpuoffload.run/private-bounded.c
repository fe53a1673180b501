/* private-bounded.c: a block whose size changes with the data but has a
   bound the compiler finds (a count masked to 0..15, a count clamped to
   16) is a private array of the bound's size, and so is a
   variable-length array of a clamped length; a length of zero included.
   Negative clamped lengths never reach the arrays.  */
/* Exact comparisons: the GPU would contract a*b+c into an fma, the host
   at -O2 does not.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

#define BODY_MASKED							\
  {									\
    int k = len[i] & 15;						\
    double *t = malloc (k * sizeof (double));				\
    double s = 0;							\
    for (int j = 0; j < k; j++)						\
      t[j] = x[i] * (j + 1);						\
    for (int j = k - 1; j >= 0; j--)					\
      s = s * 0.5 + t[j];						\
    y[i] = s;								\
    free (t);								\
  }

#define BODY_VLA							\
  {									\
    int k = len[i] < 16 ? len[i] : 16;					\
    if (k > 0)								\
      {									\
	double t[k];							\
	for (int j = 0; j < k; j++)					\
	  t[j] = x[i] - j;						\
	double s = 0;							\
	for (int j = 0; j < k; j++)					\
	  s += t[j] * t[k - 1 - j];					\
	y[i] = s;							\
      }									\
    else								\
      y[i] = -1;							\
  }

#define BODY_CALLOC							\
  {									\
    unsigned k = (unsigned) len[i] % 24u;				\
    int *c = calloc (k + 1, sizeof (int));				\
    for (unsigned j = 0; j < k; j += 3)					\
      c[j] = (int) j;							\
    int s = 0;								\
    for (unsigned j = 0; j <= k; j++)					\
      s = s * 7 + c[j];							\
    z[i] = s;								\
    free (c);								\
  }

static void
kern (long n, const int *len, const double *x, double *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_MASKED
}

static void
ref (long n, const int *len, const double *x, double *y)
{
  for (long i = 0; i < n; i++)
    BODY_MASKED
}

static void
kern_vla (long n, const int *len, const double *x, double *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_VLA
}

static void
ref_vla (long n, const int *len, const double *x, double *y)
{
  for (long i = 0; i < n; i++)
    BODY_VLA
}

static void
kern_calloc (long n, const int *len, int *z)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_CALLOC
}

static void
ref_calloc (long n, const int *len, int *z)
{
  for (long i = 0; i < n; i++)
    BODY_CALLOC
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      int *len = check_alloc (n * sizeof (int));
      double *x = check_alloc (n * sizeof (double));
      double *y = check_alloc (n * sizeof (double));
      double *yw = check_alloc (n * sizeof (double));
      int *z = check_alloc (n * sizeof (int));
      int *zw = check_alloc (n * sizeof (int));
      check_fill_int (len, n, -4, 40);
      check_fill_double (x, n, -2, 2);

      ref (n, len, x, yw);
      kern (n, len, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, yw, n, "block of a masked size, n=%ld", n);

      ref_vla (n, len, x, yw);
      kern_vla (n, len, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, yw, n, "variable-length array of a clamped length, "
		  "n=%ld", n);

      ref_calloc (n, len, zw);
      kern_calloc (n, len, z);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (z, zw, n, "calloc of a bounded count, n=%ld", n);

      free (len); free (x); free (y); free (yw); free (z); free (zw);
    }
  return 0;
}
