/* auto-inner-alias.c: a serial inner loop of a 1-D marked nest whose
   references GCC's dependence analysis cannot compare (their distance
   depends on run-time values) becomes the inner level under a run-time
   alias check (gpu-twolevel.cc, alias_check_cond), against serial C:
   lud through a pointer (rows i and k of one buffer: the check passes,
   the group shares the row out), a shift of each row by D elements
   through a pointer (for |D| < M the bytes read and written meet: the
   check fails and one work-item runs the row, still the serial result),
   and a copy between two pointers (apart: parallel).  Empty ranges and
   sizes no work-group divides.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

/* LU decomposition without pivoting of A (N x N, through a pointer).  */
static void
ludp (float *a, int n)
{
  for (int k = 0; k < n; k++)
    for (int i GPU_PARALLEL = k + 1; i < n; i++)
      {
	float l = a[i * n + k] / a[k * n + k];
	a[i * n + k] = l;
	for (int j = k + 1; j < n; j++)
	  a[i * n + j] -= l * a[k * n + j];
      }
}

static void
ludp_ref (float *a, int n)
{
  for (int k = 0; k < n; k++)
    for (int i = k + 1; i < n; i++)
      {
	float l = a[i * n + k] / a[k * n + k];
	a[i * n + k] = l;
	for (int j = k + 1; j < n; j++)
	  a[i * n + j] -= l * a[k * n + j];
      }
}

/* Row I of A starts at I * S + 4 (S >= M + 8): each element takes the
   one D further plus 1, in order (a carried dependence for D != 0).  */
static void
shift (float *a, int n, int m, int s, int d)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * s + 4 + j] = a[i * s + 4 + j + d] + 1;
}

static void
shift_ref (float *a, int n, int m, int s, int d)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * s + 4 + j] = a[i * s + 4 + j + d] + 1;
}

/* Two pointers that do not meet.  */
static void
scale (float *dst, const float *src, int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      dst[i * m + j] = src[i * m + j] * 3 - 1;
}

static void
test_lud (int n)
{
  size_t bytes = (size_t) n * n * sizeof (float) + 1;
  float *g = check_alloc (bytes), *w = check_alloc (bytes);
  check_fill_float (g, (long) n * n, -1, 1);
  for (int r = 0; r < n; r++)
    g[r * n + r] += n;
  memcpy (w, g, (size_t) n * n * sizeof (float));
  ludp_ref (w, n);
  ludp (g, n);
  CHECK_SAME (g, w, (long) n * n, "ludp %d", n);
  free (g);
  free (w);
}

static void
test (int n, int m)
{
  int s = m + 8;
  size_t len = (size_t) n * s + 1;
  float *g = check_alloc (len * sizeof (float));
  float *w = check_alloc (len * sizeof (float));
  static const int ds[] = { 1, 3, -1, -4, 0 };
  for (unsigned k = 0; k < sizeof ds / sizeof ds[0]; k++)
    {
      check_fill_float (g, (long) len, -10, 10);
      memcpy (w, g, len * sizeof (float));
      shift_ref (w, n, m, s, ds[k]);
      shift (g, n, m, s, ds[k]);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (g, w, (long) len, "shift %dx%d by %d", n, m, ds[k]);
    }

  float *src = check_alloc ((size_t) n * m * sizeof (float) + 1);
  check_fill_float (src, (long) n * m, -10, 10);
  for (long e = 0; e < (long) n * m; e++)
    w[e] = src[e] * 3 - 1;
  scale (g, src, n, m);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_SAME (g, w, (long) n * m, "scale %dx%d", n, m);
  free (src);
  free (g);
  free (w);
}

int
main (void)
{
  check_init ();
  static const int sizes[][2] = {
    { 0, 5 }, { 3, 0 }, { 1, 1 }, { 7, 7 }, { 31, 33 }, { 33, 31 },
    { 100, 100 }, { 257, 3 }, { 5, 257 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    test (sizes[s][0], sizes[s][1]);
  static const int lsizes[] = { 0, 1, 2, 13, 64, 129, 200 };
  for (unsigned s = 0; s < sizeof lsizes / sizeof lsizes[0]; s++)
    test_lud (lsizes[s]);
  return 0;
}
