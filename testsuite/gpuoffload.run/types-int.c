/* types-int.c: + - * / % & | ^ << >> unary - ~, comparisons and && ! on every integer type, bit-exact (no UB in the data).  */
#include "check.h"
#include <limits.h>

/* The body shared by the marked loop and the serial reference.  Operands
   come from ranges where nothing overflows: a, b from LO..HI (b never 0),
   c, d from a narrower range for the product, shift counts below the
   (promoted) width and left shifts only of small non-negative values
   unless the type is unsigned and at least as wide as int.  */
#define OPS(T, SHLMASK)							\
  {									\
    T x = a[i], y = b[i];						\
    r[12 * i + 0] = x + y;						\
    r[12 * i + 1] = x - y;						\
    r[12 * i + 2] = c[i] * d[i];					\
    r[12 * i + 3] = x / y;						\
    r[12 * i + 4] = x % y;						\
    r[12 * i + 5] = x & y;						\
    r[12 * i + 6] = x | y;						\
    r[12 * i + 7] = x ^ y;						\
    r[12 * i + 8] = (x & (SHLMASK)) << s[i];				\
    r[12 * i + 9] = x >> s2[i];						\
    r[12 * i + 10] = -x;						\
    r[12 * i + 11] = ~x;						\
    m[i] = ((x < y) | ((x <= y) << 1) | ((x > y) << 2) | ((x >= y) << 3) \
	    | ((x == y) << 4) | ((x != y) << 5) | ((x && y) << 6)	\
	    | ((!x) << 7));						\
  }

/* GEN(lo, hi) draws an operand; SHLMAX/SHRMAX bound the shift counts.  */
#define TYPE_TEST(T, NAME, GEN, LO, HI, MLO, MHI, SHLMASK, SHLMAX, SHRMAX) \
  static void								\
  kern_##NAME (int n, const T *a, const T *b, const T *restrict c,	\
	       const T *restrict d, const int *s, const int *s2,	\
	       T *restrict r, int *restrict m)				\
  {									\
    for (int i GPU_PARALLEL = 0; i < n; i++)				\
      OPS (T, SHLMASK)							\
  }									\
									\
  static void								\
  ref_##NAME (int n, const T *a, const T *b, const T *c, const T *d,	\
	      const int *s, const int *s2, T *r, int *m)		\
  {									\
    for (int i = 0; i < n; i++)						\
      OPS (T, SHLMASK)							\
  }									\
									\
  static void								\
  test_##NAME (long n)							\
  {									\
    T *a = check_alloc (n * sizeof (T)), *b = check_alloc (n * sizeof (T)); \
    T *c = check_alloc (n * sizeof (T)), *d = check_alloc (n * sizeof (T)); \
    int *s = check_alloc (n * sizeof (int)), *s2 = check_alloc (n * sizeof (int)); \
    T *r = check_alloc (12 * n * sizeof (T)), *rr = check_alloc (12 * n * sizeof (T)); \
    int *m = check_alloc (n * sizeof (int)), *mr = check_alloc (n * sizeof (int)); \
    for (long i = 0; i < n; i++)					\
      {									\
	a[i] = (T) GEN (LO, HI);					\
	if (i % 7 == 3)							\
	  b[i] = a[i];			/* equal operands */		\
	else if (i % 2)							\
	  b[i] = (T) GEN ((LO) > -9 ? (LO) : -9, 9);	/* small divisors */ \
	else								\
	  b[i] = (T) GEN (LO, HI);					\
	if (b[i] == 0)							\
	  b[i] = 1;							\
	if (i % 11 == 5)						\
	  a[i] = 0;							\
	c[i] = (T) GEN (MLO, MHI);					\
	d[i] = (T) GEN (MLO, MHI);					\
	s[i] = (int) check_range (0, SHLMAX);				\
	s2[i] = (int) check_range (0, SHRMAX);				\
      }									\
    check_fill_bytes (r, 12 * n * sizeof (T));				\
    memcpy (rr, r, 12 * n * sizeof (T));				\
    ref_##NAME ((int) n, a, b, c, d, s, s2, rr, mr);			\
    kern_##NAME ((int) n, a, b, c, d, s, s2, r, m);			\
    CHECK_RAN_ON_DEVICE (n);						\
    CHECK_SAME (r, rr, 12 * n, #T " operators, n=%ld", n);		\
    CHECK_SAME (m, mr, n, #T " comparisons, n=%ld", n);		\
    free (a); free (b); free (c); free (d); free (s); free (s2);	\
    free (r); free (rr); free (m); free (mr);				\
  }

/* Signed values from [lo, hi]; unsigned values from the whole type
   (unsigned arithmetic wraps), except the small divisors asked for with
   hi == 9.  */
#define RNDS(lo, hi) check_range ((lo), (hi))
#define RNDU(lo, hi) ((hi) == 9 ? (unsigned long long) check_range (0, 9) : check_u64 ())
/* Narrow unsigned types promote to int: keep products in int.  */
#define RNDUN(lo, hi) check_range (0, (hi))

/* Promoted widths: 32 for types narrower than int.  */
TYPE_TEST (char, char, RNDS, -31, 31, -7, 7, 0x7f, 23, 31)
TYPE_TEST (signed char, schar, RNDS, -31, 31, -7, 7, 0x7f, 23, 31)
TYPE_TEST (unsigned char, uchar, RNDUN, 0, UCHAR_MAX, 0, UCHAR_MAX, 0x7f, 23, 31)
TYPE_TEST (short, short, RNDS, -8191, 8191, -127, 127, 0x7f, 23, 31)
TYPE_TEST (unsigned short, ushort, RNDUN, 0, USHRT_MAX, 0, 255, 0x7f, 23, 31)
TYPE_TEST (int, int, RNDS, -(INT_MAX / 2), INT_MAX / 2, -32767, 32767, 0x7f, 23, 31)
TYPE_TEST (unsigned, uint, RNDU, 0, 0, 0, 0, ~0u, 31, 31)
TYPE_TEST (long, long, RNDS, -(LONG_MAX / 2), LONG_MAX / 2, -2147483647L, 2147483647L, 0x7f, 55, 63)
TYPE_TEST (unsigned long, ulong, RNDU, 0, 0, 0, 0, ~0ul, 63, 63)
TYPE_TEST (long long, llong, RNDS, -(LLONG_MAX / 2), LLONG_MAX / 2, -2147483647LL, 2147483647LL, 0x7f, 55, 63)
TYPE_TEST (unsigned long long, ullong, RNDU, 0, 0, 0, 0, ~0ull, 63, 63)

int
main (void)
{
  check_init ();
  for (int k = 0; k < CHECK_NSIZES; k++)
    {
      long n = check_sizes[k];
      test_char (n);
      test_schar (n);
      test_uchar (n);
      test_short (n);
      test_ushort (n);
      test_int (n);
      test_uint (n);
      test_long (n);
      test_ulong (n);
      test_llong (n);
      test_ullong (n);
    }
  return 0;
}
