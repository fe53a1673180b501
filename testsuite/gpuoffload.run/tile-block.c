/* tile-block.c: gpu_tile's register-blocked variant with 3x3 outputs
   per work-item (block=3: 48x48 per group, no power of two) against
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

/* Check on type T: F against its serial twin R, inputs from FILL in
   [LO, HI), the outputs compared by CMP (a CHECK_* macro and its
   tolerances).  */
#define TEST(T, F, R, FILL, LO, HI, CMP)				\
  do {									\
    T *a = check_alloc (m * p * sizeof (T) + 1);			\
    T *b = check_alloc (p * n * sizeof (T) + 1);			\
    T *bias = check_alloc (m * sizeof (T) + 1);				\
    T *c = check_alloc (mn * sizeof (T) + 1);				\
    T *w = check_alloc (mn * sizeof (T) + 1);				\
    FILL (a, m * p, LO, HI);						\
    FILL (b, p * n, LO, HI);						\
    FILL (bias, m, 20 * LO, 20 * HI);					\
    R (m, n, p, a, b, bias, w, cw);					\
    F (m, n, p, a, b, bias, c, cc);					\
    CHECK_RAN_ON_DEVICE (mn);						\
    CMP (c, w, mn, #F " %ldx%ldx%ld", m, n, p);				\
    CHECK_SAME (cc, cw, mn, #F " count %ldx%ldx%ld", m, n, p);		\
    free (a); free (b); free (bias); free (c); free (w);		\
  } while (0)
#define SAME(c, w, mn, ...) CHECK_SAME (c, w, mn, __VA_ARGS__)
#define NEAR(c, w, mn, ...)						\
  CHECK_FLOATS (c, w, mn, 1e-5, 1e-4 * (p + 20), __VA_ARGS__)

static void
test (long m, long n, long p)
{
  long mn = m * n;
  long *cc = check_alloc (mn * sizeof (long) + 1);
  long *cw = check_alloc (mn * sizeof (long) + 1);
  TEST (int, imm, imm_ref, check_fill_int, -50, 50, SAME);
  TEST (float, fmm, fmm_ref, check_fill_float, -1, 1, NEAR);
  free (cc); free (cw);
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
