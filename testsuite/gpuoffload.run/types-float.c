/* types-float.c: + - * / unary -, comparisons, ternary min/max/abs and float<->int conversions on float and double.  */
#include "check.h"

/* Operands avoid denormals (OpenCL may flush them) and overflow:
   |a|, |b| in [0.01, 100] with either sign.  */
#define OPS(T)								\
  {									\
    T x = a[i], y = b[i];						\
    r[8 * i + 0] = x + y;						\
    r[8 * i + 1] = x - y;						\
    r[8 * i + 2] = x * y;						\
    r[8 * i + 3] = x / y;						\
    r[8 * i + 4] = -x;							\
    r[8 * i + 5] = x < y ? x : y;					\
    r[8 * i + 6] = x > y ? x : y;					\
    r[8 * i + 7] = x < 0 ? -x : x;					\
    m[i] = ((x < y) | ((x <= y) << 1) | ((x > y) << 2) | ((x >= y) << 3) \
	    | ((x == y) << 4) | ((x != y) << 5) | ((!x) << 6));		\
    k[i] = (int) (x * 1000) + (int) y;					\
  }

#define TYPE_TEST(T, NAME, CHECKER, RTOL)				\
  static void								\
  kern_##NAME (long n, const T *restrict a, const T *restrict b,	\
	       T *restrict r, int *restrict m, int *restrict k)		\
  {									\
    for (long i GPU_PARALLEL = 0; i < n; i++)				\
      OPS (T)								\
  }									\
									\
  static void								\
  ref_##NAME (long n, const T *a, const T *b, T *r, int *m, int *k)	\
  {									\
    for (long i = 0; i < n; i++)					\
      OPS (T)								\
  }									\
									\
  static T								\
  rnd_##NAME (void)							\
  {									\
    T v = (T) check_uniform (0.01, 100.0);				\
    return check_u64 () & 1 ? -v : v;					\
  }									\
									\
  static void								\
  test_##NAME (long n)							\
  {									\
    T *a = check_alloc (n * sizeof (T)), *b = check_alloc (n * sizeof (T)); \
    T *r = check_alloc (8 * n * sizeof (T)), *rr = check_alloc (8 * n * sizeof (T)); \
    int *m = check_alloc (n * sizeof (int)), *mr = check_alloc (n * sizeof (int)); \
    int *k = check_alloc (n * sizeof (int)), *kr = check_alloc (n * sizeof (int)); \
    for (long i = 0; i < n; i++)					\
      {									\
	a[i] = rnd_##NAME ();						\
	b[i] = i % 5 == 2 ? a[i] : rnd_##NAME ();			\
	if (i % 13 == 1)						\
	  a[i] = 0;							\
      }									\
    for (long i = 0; i < 8 * n; i++)					\
      r[i] = rr[i] = (T) i;						\
    ref_##NAME (n, a, b, rr, mr, kr);					\
    kern_##NAME (n, a, b, r, m, k);					\
    CHECK_RAN_ON_DEVICE (n);						\
    /* + - * are correctly rounded everywhere; / may be 2.5 ulp on an	\
       OpenCL device without correctly rounded division.  */		\
    CHECKER (r, rr, 8 * n, RTOL, 0, #T " operators, n=%ld", n);	\
    CHECK_SAME (m, mr, n, #T " comparisons, n=%ld", n);		\
    CHECK_SAME (k, kr, n, #T " conversion to int, n=%ld", n);		\
    free (a); free (b); free (r); free (rr); free (m); free (mr);	\
    free (k); free (kr);						\
  }

TYPE_TEST (float, float, CHECK_FLOATS, 1e-6)
TYPE_TEST (double, double, CHECK_DOUBLES, 1e-15)

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      test_float (check_sizes[s]);
      test_double (check_sizes[s]);
    }
  return 0;
}
