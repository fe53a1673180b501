/* tile-block.c: gpu_tile's register-blocked variant with 3 rows per
   work-item (block=3: 48 rows per group, no power of two) against
   serial C: the row's code around the serial loop (a value loaded per
   row before it, a second carried value, an epilogue with the row
   index), a row-dependent store of a second output, long indices, int
   (exact) and float; rows and columns no group or block divides, empty
   ranges.  */
/* { dg-additional-options "-fplugin-arg-gpuoffload-block=3" } */
#include "check.h"

#define KERNEL(NAME, T, MARK)						\
  static void								\
  NAME (long m, long n, long p, const T *a, const T *b, const T *bias,	\
	T *c, long *cnt)						\
  {									\
    for (long i MARK = 0; i < m; i++)					\
      for (long j MARK = 0; j < n; j++)					\
	{								\
	  T acc = bias[i];						\
	  long pos = 0;							\
	  for (long k = 0; k < p; k++)					\
	    {								\
	      T t = a[i * p + k] * b[k * n + j];			\
	      acc += t;							\
	      pos += t > 0;						\
	    }								\
	  c[i * n + j] = acc * (T) (i % 5 + 1) - (T) j;			\
	  cnt[i * n + j] = pos + i;					\
	}								\
  }
KERNEL (imm, int, GPU_PARALLEL)
KERNEL (imm_ref, int, )
KERNEL (fmm, float, GPU_PARALLEL)
KERNEL (fmm_ref, float, )

static void
test (long m, long n, long p)
{
  long mn = m * n;
  int *a = check_alloc (m * p * sizeof (int) + 1);
  int *b = check_alloc (p * n * sizeof (int) + 1);
  int *bias = check_alloc (m * sizeof (int) + 1);
  int *c = check_alloc (mn * sizeof (int) + 1);
  int *w = check_alloc (mn * sizeof (int) + 1);
  long *cc = check_alloc (mn * sizeof (long) + 1);
  long *cw = check_alloc (mn * sizeof (long) + 1);
  check_fill_int (a, m * p, -50, 50);
  check_fill_int (b, p * n, -50, 50);
  check_fill_int (bias, m, -1000, 1000);
  imm_ref (m, n, p, a, b, bias, w, cw);
  imm (m, n, p, a, b, bias, c, cc);
  CHECK_RAN_ON_DEVICE (mn);
  CHECK_SAME (c, w, mn, "int %ldx%ldx%ld", m, n, p);
  CHECK_SAME (cc, cw, mn, "int count %ldx%ldx%ld", m, n, p);

  float *fa = check_alloc (m * p * sizeof (float) + 1);
  float *fb = check_alloc (p * n * sizeof (float) + 1);
  float *fbias = check_alloc (m * sizeof (float) + 1);
  float *fc = check_alloc (mn * sizeof (float) + 1);
  float *fw = check_alloc (mn * sizeof (float) + 1);
  check_fill_float (fa, m * p, -1, 1);
  check_fill_float (fb, p * n, -1, 1);
  check_fill_float (fbias, m, -1, 1);
  fmm_ref (m, n, p, fa, fb, fbias, fw, cw);
  fmm (m, n, p, fa, fb, fbias, fc, cc);
  CHECK_RAN_ON_DEVICE (mn);
  CHECK_FLOATS (fc, fw, mn, 1e-5, 1e-5 * (p + 1) * 5, "float %ldx%ldx%ld",
		m, n, p);
  free (a); free (b); free (bias); free (c); free (w); free (cc); free (cw);
  free (fa); free (fb); free (fbias); free (fc); free (fw);
}

int
main (void)
{
  static const long shapes[][3] = {
    { 0, 5, 5 }, { 5, 0, 5 }, { 5, 5, 0 }, { 1, 1, 1 }, { 7, 7, 7 },
    { 47, 17, 31 }, { 48, 16, 16 }, { 49, 33, 33 }, { 100, 100, 100 },
    { 145, 3, 257 }, { 3, 145, 20 }
  };
  check_init ();
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    test (shapes[s][0], shapes[s][1], shapes[s][2]);
  return 0;
}
