/* tile-vector.c: the vector tile loads of gpu_tile's register-blocked
   matmul variant (4-lane loads of full tiles whose first element is
   aligned and whose rows are a multiple of 4 elements apart) against
   serial C, float, int and double (4 lanes of 8 bytes, 32-byte
   alignment): sizes where every tile is full (256, 128),
   where groups and the last tile of k are partial (264x260x200), rows a
   multiple of 4 apart but not of 16 bytes for a (p = 250) or b
   (n = 254), and inputs starting one element past an aligned address
   (the scalar loads run); the same product through aligned and
   misaligned inputs must give identical bits (the two kinds of loads
   fill the tiles with the same elements, the sums keep their order);
   a product blocked along the columns only.  */
/* { dg-additional-options "-fplugin-arg-gpuoffload-vector-tile" } */
#include "check.h"

/* C = A B for the rows where ROW (an expression of i) holds; A and B
   start OA and OB elements into their arrays.  */
#define MATMUL(NAME, T, MARK, ROW)					\
  static void								\
  NAME (int m, int n, int p, int oa, int ob, const T *a, const T *b,	\
	T *c)								\
  {									\
    for (int i MARK = 0; i < m; i++)					\
      for (int j MARK = 0; j < n; j++)					\
	{								\
	  T acc = 0;							\
	  for (int k = 0; k < p; k++)					\
	    acc += a[i * p + k + oa] * b[k * n + j + ob];		\
	  if (ROW)							\
	    c[i * n + j] = acc;						\
	}								\
  }
MATMUL (smm, float, GPU_PARALLEL, 1)
MATMUL (smm_ref, float, , 1)
MATMUL (imm, int, GPU_PARALLEL, 1)
MATMUL (imm_ref, int, , 1)
MATMUL (dmm, double, GPU_PARALLEL, 1)
MATMUL (dmm_ref, double, , 1)
/* Blocked along the columns only (a condition depends on the row): the
   group's rows are one per work-item.  */
MATMUL (odd, float, GPU_PARALLEL, i & 1)
MATMUL (odd_ref, float, , i & 1)

/* An M x N x P product on type T by F against its serial twin R (inputs
   from FILL in [LO, HI), compared by CMP, a CHECK_* macro and its
   tolerances), then the same with a, then b, one element further into
   its array: identical bits.  */
#define TEST(T, F, R, FILL, LO, HI, CMP)				\
  do {									\
    T *a = check_alloc ((mp + 1) * sizeof (T));				\
    T *b = check_alloc ((pn + 1) * sizeof (T));				\
    T *a1 = check_alloc ((mp + 1) * sizeof (T));			\
    T *b1 = check_alloc ((pn + 1) * sizeof (T));			\
    T *c = check_alloc ((mn + 1) * sizeof (T));				\
    T *c1 = check_alloc ((mn + 1) * sizeof (T));			\
    T *w = check_alloc ((mn + 1) * sizeof (T));				\
    FILL (a, mp + 1, LO, HI);						\
    FILL (b, pn + 1, LO, HI);						\
    R (m, n, p, 0, 0, a, b, w);						\
    F (m, n, p, 0, 0, a, b, c);						\
    CHECK_RAN_ON_DEVICE (mn * (p > 0));					\
    CMP;								\
    memcpy (a1 + 1, a, mp * sizeof (T));				\
    F (m, n, p, 1, 0, a1, b, c1);					\
    CHECK_SAME (c1, c, mn, #T " %dx%dx%d, a misaligned", m, n, p);	\
    memcpy (b1 + 1, b, pn * sizeof (T));				\
    F (m, n, p, 0, 1, a, b1, c1);					\
    CHECK_SAME (c1, c, mn, #T " %dx%dx%d, b misaligned", m, n, p);	\
    free (a); free (b); free (a1); free (b1);				\
    free (c); free (c1); free (w);					\
  } while (0)

static void
test (int m, int n, int p)
{
  long mn = (long) m * n, mp = (long) m * p, pn = (long) p * n;
  TEST (float, smm, smm_ref, check_fill_float, -1, 1,
	CHECK_FLOATS (c, w, mn, 1e-5, 1e-5 * p, "float %dx%dx%d", m, n, p));
  TEST (int, imm, imm_ref, check_fill_int, -100, 100,
	CHECK_SAME (c, w, mn, "int %dx%dx%d", m, n, p));
  float *a = check_alloc ((mp + 1) * sizeof (float));
  float *b = check_alloc ((pn + 1) * sizeof (float));
  float *c = check_alloc ((mn + 1) * sizeof (float));
  float *w = check_alloc ((mn + 1) * sizeof (float));
  check_fill_float (a, mp, -1, 1);
  check_fill_float (b, pn, -1, 1);
  check_fill_float (c, mn, -1, 1);
  memcpy (w, c, mn * sizeof (float));
  odd_ref (m, n, p, 0, 0, a, b, w);
  odd (m, n, p, 0, 0, a, b, c);
  CHECK_FLOATS (c, w, mn, 1e-5, 1e-5 * p, "odd rows %dx%dx%d", m, n, p);
  free (a); free (b); free (c); free (w);
  TEST (double, dmm, dmm_ref, check_fill_double, -1, 1,
	CHECK_DOUBLES (c, w, mn, 1e-12, 1e-12 * p, "double %dx%dx%d", m, n,
		       p));
}

int
main (void)
{
  check_init ();
  test (256, 256, 256);
  test (128, 128, 128);
  test (264, 260, 200);
  test (256, 256, 250);
  test (256, 254, 256);
  test (0, 256, 256);
  test (256, 256, 0);
  return 0;
}
