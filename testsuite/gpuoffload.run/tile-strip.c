/* tile-strip.c: gpu_tile's strip-mined serial loop with tiles of 4
   (tile=4), against serial C: trip counts 0 to 13 and larger ones (no
   tile, one tile, full tiles only, full tiles and a last partial one),
   starts other than 0, the serial loop's index and a second carried value
   used after the loop (they leave through the loop over the tiles), in a
   2-D (matmul-like) and a 1-D (matvec-like) nest, float and int (exact:
   the float matmul multiplies quarters of small integers).  */
/* { dg-additional-options "-fplugin-arg-gpuoffload-tile=4" } */
#include "check.h"

/* C[i][j] = sum over k in [LO, HI) of A[i][k] * B[k][j], plus the final
   k times 1000 (int: exact).  */
#define MM(NAME, T, MARK)						\
  static void								\
  NAME (int m, int n, int lo, int hi, const T *a, const T *b, T *c)	\
  {									\
    for (int i MARK = 0; i < m; i++)					\
      for (int j MARK = 0; j < n; j++)					\
	{								\
	  T acc = 0;							\
	  int k;							\
	  for (k = lo; k < hi; k++)					\
	    acc += a[i * hi + k] * b[k * n + j];			\
	  c[i * n + j] = acc + (T) k * 1000;				\
	}								\
  }
MM (mm, int, GPU_PARALLEL)
MM (mm_ref, int, )
MM (mmf, float, GPU_PARALLEL)
MM (mmf_ref, float, )

/* Y[i] = sum over j in [LO, HI) of A[i][j] * X[j], and the number of
   positive products in CNT[i].  */
#define MV(NAME, MARK)							\
  static void								\
  NAME (int n, int lo, int hi, const float *a, const float *x, float *y, \
	int *cnt)							\
  {									\
    for (int i MARK = 0; i < n; i++)					\
      {									\
	float s = 0;							\
	int pos = 0;							\
	for (int j = lo; j < hi; j++)					\
	  {								\
	    float p = a[i * hi + j] * x[j];				\
	    s += p;							\
	    pos += p > 0;						\
	  }								\
	y[i] = s;							\
	cnt[i] = pos;							\
      }									\
  }
MV (mv, GPU_PARALLEL)
MV (mv_ref, )

static void
test (int m, int n, int lo, int hi)
{
  long mn = (long) m * n, mk = (long) m * hi, kn = (long) hi * n;
  int *a = check_alloc (mk * sizeof (int) + 1);
  int *b = check_alloc (kn * sizeof (int) + 1);
  int *c = check_alloc (mn * sizeof (int) + 1);
  int *w = check_alloc (mn * sizeof (int) + 1);
  check_fill_int (a, mk, -50, 50);
  check_fill_int (b, kn, -50, 50);
  mm_ref (m, n, lo, hi, a, b, w);
  mm (m, n, lo, hi, a, b, c);
  CHECK_RAN_ON_DEVICE (mn);
  CHECK_SAME (c, w, mn, "int %dx%d, k from %d to %d", m, n, lo, hi);

  /* The same in float: quarters of the ints, so every sum is exact.  */
  float *fa = check_alloc (mk * sizeof (float) + 1);
  float *fb = check_alloc (kn * sizeof (float) + 1);
  float *fc = check_alloc (mn * sizeof (float) + 1);
  float *fw = check_alloc (mn * sizeof (float) + 1);
  for (long e = 0; e < mk; e++)
    fa[e] = a[e] * 0.25f;
  for (long e = 0; e < kn; e++)
    fb[e] = b[e] * 0.25f;
  mmf_ref (m, n, lo, hi, fa, fb, fw);
  mmf (m, n, lo, hi, fa, fb, fc);
  CHECK_SAME (fc, fw, mn, "float %dx%d, k from %d to %d", m, n, lo, hi);

  float *x = check_alloc (hi * sizeof (float) + 1);
  float *y = check_alloc (m * sizeof (float) + 1);
  float *yw = check_alloc (m * sizeof (float) + 1);
  int *p = check_alloc (m * sizeof (int) + 1);
  int *pw = check_alloc (m * sizeof (int) + 1);
  check_fill_float (x, hi, -1, 1);
  mv_ref (m, lo, hi, fa, x, yw, pw);
  mv (m, lo, hi, fa, x, y, p);
  CHECK_RAN_ON_DEVICE (m);
  CHECK_FLOATS (y, yw, m, 1e-5, 1e-5 * (hi + 1), "matvec %d, j from %d to "
		"%d", m, lo, hi);
  CHECK_SAME (p, pw, m, "matvec %d positive count, j from %d to %d", m, lo,
	      hi);
  free (a); free (b); free (c); free (w);
  free (fa); free (fb); free (fc); free (fw);
  free (x); free (y); free (yw); free (p); free (pw);
}

int
main (void)
{
  check_init ();
  for (int hi = 0; hi <= 13; hi++)
    {
      test (5, 6, 0, hi);
      test (9, 3, hi / 3, hi);
    }
  test (4, 4, 0, 4);
  test (8, 8, 0, 64);
  test (33, 17, 1, 100);
  test (1, 1, 5, 3);
  test (0, 3, 0, 9);
  test (3, 0, 0, 9);
  test (101, 7, 2, 253);
  return 0;
}
