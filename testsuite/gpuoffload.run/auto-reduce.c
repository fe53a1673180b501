/* auto-reduce.c: a serial sum loop in a 1-D marked nest (matvec's row
   times x) made an inner level with a local-memory sum per row
   (gpu-twolevel.cc, gpu_twolevel_auto_reduce): int, unsigned and long
   sums exact, float and double under -fassociative-math within a bound
   from the data, against serial C; empty rows and columns, sizes no
   work-group divides, a start other than 0 and a step of 2, a sum that
   starts at a value of its own and a use of it after the loop.  */
/* { dg-additional-options "-fassociative-math -fno-signed-zeros -fno-trapping-math" } */
#include "check.h"

#define MV(NAME, T, MARK)						\
  static void								\
  NAME (long n, long m, const T *a, const T *x, const T *init, T *y)	\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      {									\
	T s = init[i];							\
	for (long j = 0; j < m; j++)					\
	  s += a[i * m + j] * x[j];					\
	y[i] = s * 3;							\
      }									\
  }
MV (mvi, int, GPU_PARALLEL)
MV (mvi_ref, int, )
MV (mvu, unsigned, GPU_PARALLEL)
MV (mvu_ref, unsigned, )
MV (mvl, long, GPU_PARALLEL)
MV (mvl_ref, long, )
MV (mvf, float, GPU_PARALLEL)
MV (mvf_ref, float, )
MV (mvd, double, GPU_PARALLEL)
MV (mvd_ref, double, )

/* Odd columns from 1: a start other than 0, a step of 2.  */
static void
odd (int n, int m, const int *a, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      int s = 0;
      for (int j = 1; j < m; j += 2)
	s += a[i * m + j];
      y[i] = s;
    }
}

static void
odd_ref (int n, int m, const int *a, int *y)
{
  for (int i = 0; i < n; i++)
    {
      int s = 0;
      for (int j = 1; j < m; j += 2)
	s += a[i * m + j];
      y[i] = s;
    }
}

/* Fill P[0..C) of type T with integers in [LO, HI).  */
#define FILLER(NAME, T)							\
  static void								\
  NAME (T *p, long c, long lo, long hi)				\
  {									\
    for (long e = 0; e < c; e++)					\
      p[e] = (T) check_range (lo, hi);					\
  }
FILLER (fill_int, int)
FILLER (fill_unsigned, unsigned)
FILLER (fill_long, long)

/* Comparisons: integers exact, floating types within a bound of the
   number of terms M.  */
#define SAME(y, w, n, ...) CHECK_SAME (y, w, n, __VA_ARGS__)
#define NEAR_F(y, w, n, ...)						\
  CHECK_FLOATS (y, w, n, 1e-4, 1e-5 * (m + 1), __VA_ARGS__)
#define NEAR_D(y, w, n, ...)						\
  CHECK_DOUBLES (y, w, n, 1e-12, 1e-13 * (m + 1), __VA_ARGS__)

/* F against its serial twin R on type T, inputs FILL'ed in [LO, HI),
   compared by CMP.  */
#define TEST(T, F, R, FILL, LO, HI, CMP)				\
  do {									\
    T *a = check_alloc (nm * sizeof (T) + 1);				\
    T *x = check_alloc (m * sizeof (T) + 1);				\
    T *in = check_alloc (n * sizeof (T) + 1);				\
    T *y = check_alloc (n * sizeof (T) + 1);				\
    T *w = check_alloc (n * sizeof (T) + 1);				\
    FILL (a, nm, LO, HI);						\
    FILL (x, m, LO, HI);						\
    FILL (in, n, LO, HI);						\
    R (n, m, a, x, in, w);						\
    F (n, m, a, x, in, y);						\
    CHECK_RAN_ON_DEVICE (n);						\
    CMP (y, w, n, #F " %ldx%ld", n, m);					\
    free (a); free (x); free (in); free (y); free (w);			\
  } while (0)

static void
test (long n, long m)
{
  long nm = n * m;
  TEST (int, mvi, mvi_ref, fill_int, -100, 100, SAME);
  TEST (unsigned, mvu, mvu_ref, fill_unsigned, 0, 1L << 30, SAME);
  TEST (long, mvl, mvl_ref, fill_long, -100000, 100000, SAME);
  TEST (float, mvf, mvf_ref, check_fill_float, -1, 1, NEAR_F);
  TEST (double, mvd, mvd_ref, check_fill_double, -1, 1, NEAR_D);

  int *ia = check_alloc (nm * sizeof (int) + 1);
  int *iy = check_alloc (n * sizeof (int) + 1);
  int *iw = check_alloc (n * sizeof (int) + 1);
  check_fill_int (ia, nm, -1000, 1000);
  odd_ref ((int) n, (int) m, ia, iw);
  odd ((int) n, (int) m, ia, iy);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_SAME (iy, iw, n, "odd %ldx%ld", n, m);

  free (ia); free (iy); free (iw);
}

int
main (void)
{
  check_init ();
  static const long sizes[][2] = {
    { 0, 5 }, { 3, 0 }, { 1, 1 }, { 7, 7 }, { 31, 33 }, { 33, 31 },
    { 100, 100 }, { 257, 3 }, { 5, 257 }, { 1000, 1000 }, { 2, 4099 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    test (sizes[s][0], sizes[s][1]);
  return 0;
}
