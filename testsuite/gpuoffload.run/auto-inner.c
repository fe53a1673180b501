/* auto-inner.c: a serial inner loop of a 1-D marked nest whose
   iterations GCC's data-dependence analysis proves independent becomes
   the inner level (gpu-twolevel.cc, gpu_twolevel_auto_inner), against
   serial C: a hotspot-like stencil over rows of global arrays, a
   lud-like triangular update whose inner loop starts after the pivot k
   (rows i and k of one array), an in-place update through a pointer; and
   loops that must stay serial in each work-item and still be right: a
   carried dependence (a[j] from a[j - 1]) and a loop calling a helper.
   Empty ranges and sizes no work-group divides.  */
/* Exact comparisons: the GPU would contract a*b-1 into an fma (on the
   H100 the helper's result differed by 6 ulp), the host at -O2 does not.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

#define MAXN 300
static float T[MAXN][MAXN], P[MAXN][MAXN], RES[MAXN][MAXN], A[MAXN][MAXN];

/* One step of a stencil over rows x cols of T (edges clamped).  */
static void
stencil (int rows, int cols)
{
  for (int r GPU_PARALLEL = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      {
	float up = T[r > 0 ? r - 1 : r][c];
	float dn = T[r < rows - 1 ? r + 1 : r][c];
	float lf = T[r][c > 0 ? c - 1 : c];
	float rt = T[r][c < cols - 1 ? c + 1 : c];
	RES[r][c] = T[r][c] + 0.125f * (up + dn + lf + rt - 4 * T[r][c])
		    + P[r][c];
      }
}

static void
stencil_ref (int rows, int cols, float *out)
{
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      {
	float up = T[r > 0 ? r - 1 : r][c];
	float dn = T[r < rows - 1 ? r + 1 : r][c];
	float lf = T[r][c > 0 ? c - 1 : c];
	float rt = T[r][c < cols - 1 ? c + 1 : c];
	out[r * cols + c] = T[r][c] + 0.125f * (up + dn + lf + rt
						 - 4 * T[r][c]) + P[r][c];
      }
}

/* LU decomposition without pivoting of A[0..n)[0..n).  */
static void
lud (int n)
{
  for (int k = 0; k < n; k++)
    for (int i GPU_PARALLEL = k + 1; i < n; i++)
      {
	float l = A[i][k] / A[k][k];
	A[i][k] = l;
	for (int j = k + 1; j < n; j++)
	  A[i][j] -= l * A[k][j];
      }
}

static void
lud_ref (int n, float *a)
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

/* In place through a pointer: the same element read and written.  */
static void
inplace (float *a, int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = a[i * m + j] * 2 + 1;
}

/* A carried dependence: stays serial in each work-item.  */
static void
prefix (int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      RES[i][j] = RES[i][j - 1] + T[i][j];
}

static void
prefix_ref (int n, int m, float *out)
{
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      out[i * m + j] = out[i * m + j - 1] + T[i][j];
}

static float
helper (int r, int c)
{
  return T[r][c] * P[r][c] - 1;
}

/* A call in the loop: stays serial in each work-item.  */
static void
calls (int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      RES[i][j] = helper (i, j);
}

static void
test (int n, int m)
{
  float *w = check_alloc ((size_t) n * m * sizeof (float) + 1);
  float *g = check_alloc ((size_t) n * m * sizeof (float) + 1);
  for (int r = 0; r < n; r++)
    {
      check_fill_float (T[r], m, -10, 10);
      check_fill_float (P[r], m, -1, 1);
    }

  stencil_ref (n, m, w);
  stencil (n, m);
  CHECK_RAN_ON_DEVICE (n);
  for (int r = 0; r < n; r++)
    memcpy (g + r * m, RES[r], m * sizeof (float));
  CHECK_SAME (g, w, (long) n * m, "stencil %dx%d", n, m);

  for (int r = 0; r < n; r++)
    {
      RES[r][0] = T[r][0];
      for (int c = 0; c < m; c++)
	w[r * m + c] = RES[r][c];
    }
  prefix_ref (n, m, w);
  prefix (n, m);
  CHECK_RAN_ON_DEVICE (n);
  for (int r = 0; r < n; r++)
    memcpy (g + r * m, RES[r], m * sizeof (float));
  CHECK_SAME (g, w, (long) n * m, "prefix %dx%d", n, m);

  for (int r = 0; r < n; r++)
    for (int c = 0; c < m; c++)
      w[r * m + c] = T[r][c] * P[r][c] - 1;
  calls (n, m);
  CHECK_RAN_ON_DEVICE (n);
  for (int r = 0; r < n; r++)
    memcpy (g + r * m, RES[r], m * sizeof (float));
  CHECK_SAME (g, w, (long) n * m, "calls %dx%d", n, m);

  check_fill_float (g, (long) n * m, -10, 10);
  memcpy (w, g, (size_t) n * m * sizeof (float));
  for (long e = 0; e < (long) n * m; e++)
    w[e] = w[e] * 2 + 1;
  inplace (g, n, m);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_SAME (g, w, (long) n * m, "inplace %dx%d", n, m);

  free (w);
  free (g);
}

/* lud on an N x N matrix, diagonally dominant (no pivoting needed).  */
static void
test_lud (int n)
{
  float *w = check_alloc ((size_t) n * n * sizeof (float) + 1);
  for (int r = 0; r < n; r++)
    {
      check_fill_float (A[r], n, -1, 1);
      A[r][r] += n;
      memcpy (w + r * n, A[r], n * sizeof (float));
    }
  lud_ref (n, w);
  lud (n);
  /* The last launch (k = n - 1) is empty: GPURT_FALLBACK=abort checks
     that the others ran on the device.  */
  for (int r = 0; r < n; r++)
    CHECK_SAME (A[r], w + r * n, n, "lud %d row %d", n, r);
  free (w);
}

int
main (void)
{
  check_init ();
  static const int sizes[][2] = {
    { 0, 5 }, { 3, 0 }, { 1, 1 }, { 7, 7 }, { 31, 33 }, { 33, 31 },
    { 100, 100 }, { 257, 3 }, { 5, 257 }, { 300, 300 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    test (sizes[s][0], sizes[s][1]);
  static const int lsizes[] = { 0, 1, 2, 13, 64, 129, 300 };
  for (unsigned s = 0; s < sizeof lsizes / sizeof lsizes[0]; s++)
    test_lud (lsizes[s]);
  return 0;
}
