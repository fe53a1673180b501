/* private-malloc.c: blocks a marked body allocates with malloc, of a
   constant size, freed in the iteration, are private arrays on the
   device (gpu_private): a scratch window sorted in place, whose result
   is tested for NULL as careful code does; a block filled and read by
   functions of this file, two calls down, that only use it; two blocks
   of one iteration; a block allocated and freed at each step of a
   serial loop inside the iteration; and a block kept in a void pointer
   whose bytes hold an int and two doubles at byte offsets (malloc's
   alignment).  */
/* Exact comparisons: the GPU would contract a*b+c into an fma, the host
   at -O2 does not.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

#define W 12

/* Fill WIN with the W values of row I of X, scaled.  */
static void
load_row (double *win, const double *x, long i, double scale)
{
  for (int k = 0; k < W; k++)
    win[k] = x[i * W + k] * scale;
}

/* Sort WIN in place (insertion sort), after loading it.  */
static void
sorted_row (double *win, const double *x, long i)
{
  load_row (win, x, i, 2.0);
  for (int k = 1; k < W; k++)
    {
      double v = win[k];
      int j = k - 1;
      while (j >= 0 && win[j] > v)
	{
	  win[j + 1] = win[j];
	  j--;
	}
      win[j + 1] = v;
    }
}

#define BODY_MEDIAN							\
  {									\
    double *t = malloc (W * sizeof (double));				\
    if (!t)								\
      {									\
	med[i] = -1;							\
	continue;							\
      }									\
    for (int k = 0; k < W; k++)						\
      t[k] = x[i * W + k];						\
    for (int k = 1; k < W; k++)						\
      {									\
	double v = t[k];						\
	int j = k - 1;							\
	while (j >= 0 && t[j] > v)					\
	  {								\
	    t[j + 1] = t[j];						\
	    j--;							\
	  }								\
	t[j + 1] = v;							\
      }									\
    med[i] = (t[W / 2 - 1] + t[W / 2]) * 0.5;				\
    free (t);								\
  }

#define BODY_HELPER							\
  {									\
    double *win = (double *) malloc (sizeof (double[W]));		\
    int *rank = malloc (W * sizeof *rank);				\
    sorted_row (win, x, i);						\
    for (int k = 0; k < W; k++)						\
      rank[k] = win[k] > 0.0 ? 1 : 0;					\
    int pos = 0;							\
    for (int k = 0; k < W; k++)						\
      pos += rank[k] << k;						\
    lo[i] = win[0] + win[1];						\
    bits[i] = pos;							\
    free (rank);							\
    free (win);								\
  }

#define BODY_STEPS							\
  {									\
    float acc = 0.0f;							\
    for (int s = 0; s < 3; s++)						\
      {									\
	float *tmp = malloc (4 * sizeof (float));			\
	for (int k = 0; k < 4; k++)					\
	  tmp[k] = (float) x[i * W + s * 4 + k];			\
	acc += tmp[3 - s] * (float) (s + 1);				\
	free (tmp);							\
      }									\
    st[i] = acc;							\
  }

#define BODY_BYTES							\
  {									\
    void *v = malloc (24);						\
    char *c = v;							\
    *(int *) c = (int) (x[i * W] * 1000.0);				\
    *(double *) (c + 8) = x[i * W + 1] * 2.5;				\
    *(double *) (c + 16) = *(double *) (c + 8) + *(int *) c;		\
    lo[i] = *(double *) (c + 16);					\
    free (v);								\
  }

static void
kern_bytes (long n, const double *x, double *lo)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_BYTES
}

static void
ref_bytes (long n, const double *x, double *lo)
{
  for (long i = 0; i < n; i++)
    BODY_BYTES
}

static void
kern_median (long n, const double *x, double *med)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_MEDIAN
}

static void
ref_median (long n, const double *x, double *med)
{
  for (long i = 0; i < n; i++)
    BODY_MEDIAN
}

static void
kern_helper (long n, const double *x, double *lo, int *bits)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_HELPER
}

static void
ref_helper (long n, const double *x, double *lo, int *bits)
{
  for (long i = 0; i < n; i++)
    BODY_HELPER
}

static void
kern_steps (long n, const double *x, float *st)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_STEPS
}

static void
ref_steps (long n, const double *x, float *st)
{
  for (long i = 0; i < n; i++)
    BODY_STEPS
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      double *x = check_alloc (W * n * sizeof (double));
      double *med = check_alloc (n * sizeof (double));
      double *medw = check_alloc (n * sizeof (double));
      double *lo = check_alloc (n * sizeof (double));
      double *low = check_alloc (n * sizeof (double));
      int *bits = check_alloc (n * sizeof (int));
      int *bitsw = check_alloc (n * sizeof (int));
      float *st = check_alloc (n * sizeof (float));
      float *stw = check_alloc (n * sizeof (float));
      check_fill_double (x, W * n, -1, 1);

      ref_median (n, x, medw);
      kern_median (n, x, med);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (med, medw, n, "median of a malloc'd window, n=%ld", n);

      ref_helper (n, x, low, bitsw);
      kern_helper (n, x, lo, bits);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (lo, low, n, "block sorted by a helper, n=%ld", n);
      CHECK_SAME (bits, bitsw, n, "second block of the iteration, n=%ld", n);

      ref_steps (n, x, stw);
      kern_steps (n, x, st);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (st, stw, n, "block of each serial step, n=%ld", n);

      ref_bytes (n, x, low);
      kern_bytes (n, x, lo);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (lo, low, n, "bytes of a void * block, n=%ld", n);

      free (x); free (med); free (medw); free (lo); free (low);
      free (bits); free (bitsw); free (st); free (stw);
    }
  return 0;
}
