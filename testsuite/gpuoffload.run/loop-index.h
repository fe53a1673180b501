/* loop-index.h -- shared by loop-index-types.c and loop-index-narrow.c:
   INDEX_TEST (IT, NAME) defines test_NAME (lo, hi), which runs a marked
   loop with an index of type IT up over [lo, hi) and down over (lo, hi]
   (storing values that depend on the index) and compares with the same
   loops run serially.  */
#ifndef LOOP_INDEX_H
#define LOOP_INDEX_H

#include "check.h"
#include <limits.h>

/* char indices are what these tests are about.  */
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

#endif /* LOOP_INDEX_H */
