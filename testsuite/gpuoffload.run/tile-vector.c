/* tile-vector.c: the vector tile loads of gpu_tile's register-blocked
   matmul variant (4-lane loads of full tiles whose first element is
   aligned and whose rows are a multiple of 4 elements apart) against
   serial C, float and int: sizes where every tile is full (256, 128),
   where groups and the last tile of k are partial (264x260x200), rows a
   multiple of 4 apart but not of 16 bytes for a (p = 250) or b
   (n = 254), and inputs starting one element past an aligned address
   (the scalar loads run); the same product through aligned and
   misaligned inputs must give identical bits (the two kinds of loads
   fill the tiles with the same elements, the sums keep their order).  */
#include "check.h"

#define MATMUL(NAME, T, MARK)						\
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
	  c[i * n + j] = acc;						\
	}								\
  }
MATMUL (smm, float, GPU_PARALLEL)
MATMUL (smm_ref, float, )
MATMUL (imm, int, GPU_PARALLEL)
MATMUL (imm_ref, int, )

/* M x N x P products, then the same with a (OA) or b (OB) one element
   further into its array.  */
static void
test (int m, int n, int p)
{
  long mn = (long) m * n, mp = (long) m * p, pn = (long) p * n;
  float *a = check_alloc ((mp + 1) * sizeof (float));
  float *b = check_alloc ((pn + 1) * sizeof (float));
  float *a1 = check_alloc ((mp + 1) * sizeof (float));
  float *b1 = check_alloc ((pn + 1) * sizeof (float));
  float *c = check_alloc ((mn + 1) * sizeof (float));
  float *c1 = check_alloc ((mn + 1) * sizeof (float));
  float *w = check_alloc ((mn + 1) * sizeof (float));
  check_fill_float (a, mp + 1, -1, 1);
  check_fill_float (b, pn + 1, -1, 1);
  smm_ref (m, n, p, 0, 0, a, b, w);
  smm (m, n, p, 0, 0, a, b, c);
  CHECK_RAN_ON_DEVICE (mn * (p > 0));
  CHECK_FLOATS (c, w, mn, 1e-5, 1e-5 * p, "float %dx%dx%d", m, n, p);
  memcpy (a1 + 1, a, mp * sizeof (float));
  smm (m, n, p, 1, 0, a1, b, c1);
  CHECK_SAME (c1, c, mn, "float %dx%dx%d, a misaligned",
	      m, n, p);
  memcpy (b1 + 1, b, pn * sizeof (float));
  smm (m, n, p, 0, 1, a, b1, c1);
  CHECK_SAME (c1, c, mn, "float %dx%dx%d, b misaligned",
	      m, n, p);

  int *ia = check_alloc ((mp + 1) * sizeof (int));
  int *ib = check_alloc ((pn + 1) * sizeof (int));
  int *ic = check_alloc ((mn + 1) * sizeof (int));
  int *iw = check_alloc ((mn + 1) * sizeof (int));
  check_fill_int (ia, mp + 1, -100, 100);
  check_fill_int (ib, pn + 1, -100, 100);
  imm_ref (m, n, p, 0, 0, ia, ib, iw);
  imm (m, n, p, 0, 0, ia, ib, ic);
  CHECK_SAME (ic, iw, mn, "int %dx%dx%d", m, n, p);
  imm_ref (m, n, p, 1, 1, ia, ib, iw);
  imm (m, n, p, 1, 1, ia, ib, ic);
  CHECK_SAME (ic, iw, mn, "int %dx%dx%d, both misaligned",
	      m, n, p);
  free (a); free (b); free (a1); free (b1); free (c); free (c1); free (w);
  free (ia); free (ib); free (ic); free (iw);
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
