/* extent-forms.c: the forms of an extent (issue 13, item 2), each on a gather through an index array the compiler cannot bound: GPU_EXTENT naming a later parameter (LU's "float *a GPU_EXTENT (size * size), int size"), a count with a cast, a member through a pointer, an index and a conditional, a call of a static function, GCC's access attribute with a size index, and a [static N] array parameter.  Compared with serial C, on the device and on the host.  */
/* Exact comparisons of a*b+c: the device must not contract it into an
   fma where the host does not (README, "Floating point: what is exact").  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

#define ROWS 3

struct dims
{
  long rows, cols;
};

/* The count names the parameter that follows.  */
static void
gather_later (float *restrict y, const float *a GPU_EXTENT (size * size),
	      const int *restrict idx, int n, int size)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a[idx[i]] + 1.0f;
}

/* A cast, a member through a pointer, an array element, a conditional and
   a macro.  */
static void
gather_expr (float *restrict y,
	     const float *a GPU_EXTENT ((long) d->rows * d->cols),
	     const float *b GPU_EXTENT (lens[1] > 0 ? lens[1] : 1),
	     const float *c GPU_EXTENT (ROWS * sizeof (int) / sizeof (int)),
	     const int *restrict idx, int n, const struct dims *d,
	     const long *lens)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a[idx[i]] * b[idx[i] % lens[1]] + c[idx[i] % ROWS];
}

/* A call in the count (of a static function nothing else calls).  */
static long
area (const struct dims *d)
{
  return d->rows * d->cols;
}

static void
gather_call (float *restrict y, const float *a GPU_EXTENT (area (d) + 0 * n),
	     const int *restrict idx, int n, const struct dims *d)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a[idx[i]] * 0.5f;
}

/* GCC's access attribute: A reaches M elements (parameter 4).  */
__attribute__ ((access (read_only, 2, 4))) static void
gather_access (float *restrict y, const float *a, const int *restrict idx,
	       int m, int n)
{
  (void) m;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a[idx[i]] - 2.0f;
}

/* A C99 array parameter of at least 64 elements.  */
static void
gather_static (float *restrict y, const float a[static 64],
	       const int *restrict idx, int n)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a[idx[i]] * 3.0f;
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      int size = (int) check_range (1, 40);
      long m = (long) size * size;
      float *a = check_alloc (m * sizeof (float));
      float *y = check_alloc (n * sizeof (float) + 1);
      float *w = check_alloc (n * sizeof (float) + 1);
      int *idx = check_alloc (n * sizeof (int) + 1);
      check_fill_float (a, m, -50, 50);
      check_fill_int (idx, n, 0, (int) m - 1);

      for (int i = 0; i < n; i++)
	w[i] = a[idx[i]] + 1.0f;
      gather_later (y, a, idx, n, size);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, w, n, "later parameter, n=%d size=%d", n, size);

      struct dims d = { size, size };
      long lens[2] = { 0, check_range (1, m) };
      float c[ROWS] = { 0.5f, -1.5f, 2.0f };
      for (int i = 0; i < n; i++)
	w[i] = a[idx[i]] * a[idx[i] % lens[1]] + c[idx[i] % ROWS];
      gather_expr (y, a, a, c, idx, n, &d, lens);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, w, n, "expression counts, n=%d size=%d", n, size);

      for (int i = 0; i < n; i++)
	w[i] = a[idx[i]] * 0.5f;
      gather_call (y, a, idx, n, &d);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, w, n, "a call in the count, n=%d size=%d", n, size);

      for (int i = 0; i < n; i++)
	w[i] = a[idx[i]] - 2.0f;
      gather_access (y, a, idx, (int) m, n);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, w, n, "access attribute, n=%d size=%d", n, size);

      float t[64];
      check_fill_float (t, 64, -5, 5);
      check_fill_int (idx, n, 0, 63);
      for (int i = 0; i < n; i++)
	w[i] = t[idx[i]] * 3.0f;
      gather_static (y, t, idx, n);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, w, n, "[static 64], n=%d", n);

      free (a), free (y), free (w), free (idx);
    }
  return 0;
}
