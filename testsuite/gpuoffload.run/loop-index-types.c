/* loop-index-types.c: marked loops whose index is char, signed char, unsigned char, short, unsigned short, int, unsigned, long, unsigned long, long long or size_t, counting up and down; the index value is stored.  */
#include "check.h"
#include <limits.h>

/* char indices are what this test is about.  */
#pragma GCC diagnostic ignored "-Wchar-subscripts"

#define N 3000

/* Up: [lo, hi).  Down: (lo, hi] walked from hi, with the index used
   after the decrement test, so unsigned indices never wrap.  */
#define INDEX_TEST(IT, NAME)						\
  static void								\
  up_##NAME (IT lo, IT hi, const long *x, long *y)			\
  {									\
    for (IT i GPU_PARALLEL = lo; i < hi; i++)				\
      y[i] = x[i] + (long) i * 5;					\
  }									\
  static void								\
  down_##NAME (IT lo, IT hi, const long *x, long *restrict y)		\
  {									\
    for (IT i GPU_PARALLEL = hi; i > lo; i--)				\
      y[i - 1] = x[i] - (long) i;					\
  }									\
  static void								\
  up_ref_##NAME (IT lo, IT hi, const long *x, long *y)			\
  {									\
    for (IT i = lo; i < hi; i++)					\
      y[i] = x[i] + (long) i * 5;					\
  }									\
  static void								\
  down_ref_##NAME (IT lo, IT hi, const long *x, long *y)		\
  {									\
    for (IT i = hi; i > lo; i--)					\
      y[i - 1] = x[i] - (long) i;					\
  }									\
  static void								\
  test_##NAME (long lo, long hi)					\
  {									\
    static long x[N], y[N], w[N];					\
    for (int i = 0; i < N; i++)						\
      x[i] = check_range (-100000, 100000);				\
    for (int i = 0; i < N; i++)						\
      y[i] = w[i] = check_range (-3, 3);				\
    up_ref_##NAME ((IT) lo, (IT) hi, x, w);				\
    up_##NAME ((IT) lo, (IT) hi, x, y);					\
    CHECK_RAN_ON_DEVICE (hi - lo);					\
    CHECK_SAME (y, w, N, #IT " index up [%ld, %ld)", lo, hi);		\
    down_ref_##NAME ((IT) lo, (IT) hi, x, w);				\
    down_##NAME ((IT) lo, (IT) hi, x, y);				\
    CHECK_RAN_ON_DEVICE (hi - lo);					\
    CHECK_SAME (y, w, N, #IT " index down (%ld, %ld]", lo, hi);	\
  }

INDEX_TEST (char, char)
INDEX_TEST (signed char, schar)
INDEX_TEST (unsigned char, uchar)
INDEX_TEST (short, short)
INDEX_TEST (unsigned short, ushort)
INDEX_TEST (int, int)
INDEX_TEST (unsigned, uint)
INDEX_TEST (long, long)
INDEX_TEST (unsigned long, ulong)
INDEX_TEST (long long, llong)
INDEX_TEST (size_t, size_t)

/* Pairs (lo, hi) with 0 <= lo, hi < N - 1; those with hi <= 127 also fit
   the char types, whose last value CHAR_MAX must not be exceeded.  */
static const long small[][2] = {
  { 0, 0 }, { 0, 1 }, { 0, 2 }, { 3, 10 }, { 0, 100 }, { 50, 20 }, { 1, 126 }, { 0, 127 },
};
static const long large[][2] = {
  { 0, 1000 }, { 200, 2999 }, { 2000, 1000 }, { 1, 2048 },
};

int
main (void)
{
  check_init ();
  for (int k = 0; k < (int) (sizeof small / sizeof small[0]); k++)
    {
      long lo = small[k][0], hi = small[k][1];
      test_char (lo, hi);
      test_schar (lo, hi);
      test_uchar (lo, hi);
      test_short (lo, hi);
      test_ushort (lo, hi);
      test_int (lo, hi);
      test_uint (lo, hi);
      test_long (lo, hi);
      test_ulong (lo, hi);
      test_llong (lo, hi);
      test_size_t (lo, hi);
    }
  /* unsigned char also takes 128..254.  */
  test_uchar (100, 255);
  for (int k = 0; k < (int) (sizeof large / sizeof large[0]); k++)
    {
      long lo = large[k][0], hi = large[k][1];
      test_short (lo, hi);
      test_ushort (lo, hi);
      test_int (lo, hi);
      test_uint (lo, hi);
      test_long (lo, hi);
      test_ulong (lo, hi);
      test_llong (lo, hi);
      test_size_t (lo, hi);
    }
  return 0;
}
