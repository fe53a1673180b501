/* twolevel-reduce-ops.c: GPU_REDUCE per outer iteration (two levels of
   parallelism, issue 14 item 2): for each row i of a marked loop, an
   accumulator declared in the row starts at a value of its own, an inner
   marked loop over the row's columns updates it with every operator
   (+ - * & | ^ && ||, min and max as ternaries and as if statements,
   fmin/fmax/fminf/fmaxf) on every integer type and on float and double,
   and the row's code stores it after the inner loop.  Shapes include
   empty outer and inner ranges and rows that fit no work-group size.
   Integers must equal the serial loop exactly; floating-point sums and
   products stay within a bound derived from the data.  */
#include "check.h"
#include <float.h>

static const long shapes[][2] = {
  { 0, 5 }, { 3, 0 }, { 1, 1 }, { 7, 31 }, { 5, 255 }, { 4, 256 },
  { 3, 257 }, { 2, 1000 }, { 33, 97 }, { 2, 4099 }
};
#define NSH ((int) (sizeof shapes / sizeof shapes[0]))

/* One marked row reduction and its serial twin per (type, operator).  */
#define RED(T, NAME, UPDATE)						\
  static void NAME (long n, long m, const T *x, const T *init, T *y)	\
  {									\
    for (long i GPU_PARALLEL = 0; i < n; i++)				\
      {									\
	T s GPU_REDUCE = init[i];					\
	for (long j GPU_PARALLEL = 0; j < m; j++)			\
	  UPDATE;							\
	y[i] = s;							\
      }									\
  }									\
  static void NAME##_ref (long n, long m, const T *x, const T *init,	\
			  T *y)						\
  {									\
    for (long i = 0; i < n; i++)					\
      {									\
	T s = init[i];							\
	for (long j = 0; j < m; j++)					\
	  UPDATE;							\
	y[i] = s;							\
      }									\
  }

#define X x[i * m + j]
#define INT_REDS(T, P)							\
  RED (T, P##_add, s += X)						\
  RED (T, P##_sub, s -= X)						\
  RED (T, P##_mul, s *= X)						\
  RED (T, P##_and, s &= X)						\
  RED (T, P##_or, s |= X)						\
  RED (T, P##_xor, s ^= X)						\
  RED (T, P##_land, s = s && X != 0)					\
  RED (T, P##_lor, s = s || X != 0)					\
  RED (T, P##_min, s = X < s ? X : s)					\
  RED (T, P##_max, s = s > X ? s : X)					\
  RED (T, P##_minif, if (X < s) s = X)					\
  RED (T, P##_maxif, if (X > s) s = X)

INT_REDS (signed char, sc)
INT_REDS (unsigned char, uc)
INT_REDS (short, ss)
INT_REDS (unsigned short, us)
INT_REDS (int, si)
INT_REDS (unsigned, ui)
INT_REDS (long, sl)
INT_REDS (unsigned long, ul)

#define FLT_REDS(T, P, FMIN, FMAX)					\
  RED (T, P##_add, s += X)						\
  RED (T, P##_sub, s -= X)						\
  RED (T, P##_mul, s *= X)						\
  RED (T, P##_min, s = X < s ? X : s)					\
  RED (T, P##_max, s = s > X ? s : X)					\
  RED (T, P##_minif, if (X < s) s = X)					\
  RED (T, P##_fmin, s = FMIN (s, X))					\
  RED (T, P##_fmax, s = FMAX (X, s))					\
  RED (T, P##_land, s = s && X > 0)					\
  RED (T, P##_lor, s = s || X > 0)

FLT_REDS (float, f, fminf, fmaxf)
FLT_REDS (double, d, fmin, fmax)

/* Fill X (N elements of SIZE bytes, integer) for operator OP so that the
   result is interesting: products of +-1 with a few 3s, sparse bits.  */
static void
fill_int (void *x, long n, size_t size, int is_signed, const char *op)
{
  unsigned char *b = x;
  for (long i = 0; i < n; i++)
    {
      long long v;
      if (!strcmp (op, "mul"))
	{
	  v = check_range (0, 1) ? 1 : (is_signed ? -1 : 1);
	  if (check_range (0, n) < 4)
	    v = 3;
	}
      else if (!strcmp (op, "and"))
	v = ~(1LL << check_range (0, size * 8 - 1));
      else if (!strcmp (op, "or"))
	v = check_range (0, n) < 6 ? 1LL << check_range (0, size * 8 - 1) : 0;
      else if (!strcmp (op, "land"))
	v = check_range (0, n) < 2 ? 0 : check_range (1, 100);
      else if (!strcmp (op, "lor"))
	v = check_range (0, n) < 2 ? check_range (1, 100) : 0;
      else if (size == 1)
	v = check_range (is_signed ? -128 : 0, is_signed ? 127 : 255);
      else
	v = check_range (is_signed ? -10000 : 0, 30000);
      memcpy (b + i * size, &v, size);	/* little-endian low bytes */
    }
}

static long runs;

#define CHECK_INT(T, P, OP)						\
  do {									\
    T *x = check_alloc (sizeof (T) * (n * m + 1));		\
    T *init = check_alloc (sizeof (T) * (n ? n : 1));			\
    T *got = check_alloc (sizeof (T) * (n ? n : 1));			\
    T *want = check_alloc (sizeof (T) * (n ? n : 1));			\
    fill_int (x, n * m, sizeof (T), (T) -1 < 0, #OP);			\
    fill_int (init, n, sizeof (T), (T) -1 < 0, "any");			\
    P##_##OP (n, m, x, init, got);					\
    CHECK_RAN_ON_DEVICE (n);						\
    P##_##OP##_ref (n, m, x, init, want);				\
    CHECK_SAME (got, want, n, #P "_" #OP " %ldx%ld", n, m);		\
    free (x);								\
    free (init);							\
    free (got);								\
    free (want);							\
    runs++;								\
  } while (0)

#define CHECK_INT_ALL(T, P)						\
  do {									\
    CHECK_INT (T, P, add);						\
    CHECK_INT (T, P, sub);						\
    CHECK_INT (T, P, mul);						\
    CHECK_INT (T, P, and);						\
    CHECK_INT (T, P, or);						\
    CHECK_INT (T, P, xor);						\
    CHECK_INT (T, P, land);						\
    CHECK_INT (T, P, lor);						\
    CHECK_INT (T, P, min);						\
    CHECK_INT (T, P, max);						\
    CHECK_INT (T, P, minif);						\
    CHECK_INT (T, P, maxif);						\
  } while (0)

/* Floating point: sums and products may differ from the serial order by
   rounding, bounded per row as in reduce-ops.c.  */
#define CHECK_FLT(T, P, OP, EPS)					\
  do {									\
    T *x = check_alloc (sizeof (T) * (n * m + 1));		\
    T *init = check_alloc (sizeof (T) * (n ? n : 1));			\
    T *got = check_alloc (sizeof (T) * (n ? n : 1));			\
    T *want = check_alloc (sizeof (T) * (n ? n : 1));			\
    for (long k = 0; k < n * m; k++)					\
      x[k] = !strcmp (#OP, "mul") ? (T) check_uniform (0.999, 1.001)	\
	: (T) check_uniform (-100.0, 100.0);				\
    for (long i = 0; i < n; i++)					\
      {									\
	init[i] = (T) check_uniform (-2.0, 2.0);			\
	if (m > 2 && !strcmp (#OP, "land") && check_range (0, 1))	\
	  x[i * m + check_range (0, m - 1)] = -1;			\
	if (m > 2 && !strcmp (#OP, "lor"))				\
	  for (long j = 0; j < m; j++)					\
	    x[i * m + j] = (j == m / 2 && (i & 1)) ? 1			\
	      : -x[i * m + j] * x[i * m + j];				\
      }									\
    P##_##OP (n, m, x, init, got);					\
    CHECK_RAN_ON_DEVICE (n);						\
    P##_##OP##_ref (n, m, x, init, want);				\
    for (long i = 0; i < n; i++)					\
      {									\
	double mag = fabs ((double) init[i]), tol;			\
	for (long j = 0; j < m; j++)					\
	  mag += fabs ((double) x[i * m + j]);				\
	if (!strcmp (#OP, "add") || !strcmp (#OP, "sub"))		\
	  tol = 2.0 * (m + 1) * (EPS) * mag;				\
	else if (!strcmp (#OP, "mul"))					\
	  tol = 2.0 * (m + 1) * (EPS) * fabs ((double) want[i]) * 1.01;	\
	else								\
	  tol = 0;							\
	CHECK (fabs ((double) got[i] - (double) want[i]) <= tol,	\
	       #P "_" #OP " %ldx%ld row %ld: got %.17g, expected %.17g",	\
	       n, m, i, (double) got[i], (double) want[i]);		\
      }									\
    free (x);								\
    free (init);							\
    free (got);								\
    free (want);							\
    runs++;								\
  } while (0)

#define CHECK_FLT_ALL(T, P, EPS)					\
  do {									\
    CHECK_FLT (T, P, add, EPS);						\
    CHECK_FLT (T, P, sub, EPS);						\
    CHECK_FLT (T, P, mul, EPS);						\
    CHECK_FLT (T, P, min, EPS);						\
    CHECK_FLT (T, P, max, EPS);						\
    CHECK_FLT (T, P, minif, EPS);					\
    CHECK_FLT (T, P, fmin, EPS);					\
    CHECK_FLT (T, P, fmax, EPS);					\
    CHECK_FLT (T, P, land, EPS);					\
    CHECK_FLT (T, P, lor, EPS);						\
  } while (0)

int
main (void)
{
  check_init ();
  for (int k = 0; k < NSH; k++)
    {
      long n = shapes[k][0], m = shapes[k][1];
      CHECK_INT_ALL (signed char, sc);
      CHECK_INT_ALL (unsigned char, uc);
      CHECK_INT_ALL (short, ss);
      CHECK_INT_ALL (unsigned short, us);
      CHECK_INT_ALL (int, si);
      CHECK_INT_ALL (unsigned, ui);
      CHECK_INT_ALL (long, sl);
      CHECK_INT_ALL (unsigned long, ul);
      CHECK_FLT_ALL (float, f, FLT_EPSILON);
      CHECK_FLT_ALL (double, d, DBL_EPSILON);
    }
  printf ("%ld row reductions checked\n", runs);
  return 0;
}
