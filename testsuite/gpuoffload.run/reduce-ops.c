/* reduce-ops.c: GPU_REDUCE with every operator (+ - * & | ^ && ||, min and max as ternaries and as if statements, fmin/fmax/fminf/fmaxf) on every integer type and on float and double, at sizes 0, 1, around 256 (the work-group size) and primes; the initial value is kept (init OP result).  Integers must equal the serial loop exactly; floating-point sums and products stay within a bound derived from the data.  */
#include "check.h"
#include <float.h>

static const long sizes[] = { 0, 1, 2, 31, 255, 256, 257, 4099, 65537, 100003 };
#define NSZ ((int) (sizeof sizes / sizeof sizes[0]))

/* One marked reduction and its serial twin per (type, operator).  */
#define RED(T, NAME, INIT_DECL, UPDATE)					\
  static T NAME (long n, const T *x, T init)				\
  {									\
    T s GPU_REDUCE = init;						\
    for (long i GPU_PARALLEL = 0; i < n; i++)				\
      UPDATE;								\
    return s;								\
  }									\
  static T NAME##_ref (long n, const T *x, T init)			\
  {									\
    T s = init;								\
    for (long i = 0; i < n; i++)					\
      UPDATE;								\
    return s;								\
  }

#define INT_REDS(T, P)							\
  RED (T, P##_add, , s += x[i])						\
  RED (T, P##_sub, , s -= x[i])						\
  RED (T, P##_mul, , s *= x[i])						\
  RED (T, P##_and, , s &= x[i])						\
  RED (T, P##_or, , s |= x[i])						\
  RED (T, P##_xor, , s ^= x[i])						\
  RED (T, P##_land, , s = s && x[i] != 0)				\
  RED (T, P##_lor, , s = s || x[i] != 0)				\
  RED (T, P##_min, , s = x[i] < s ? x[i] : s)				\
  RED (T, P##_max, , s = s > x[i] ? s : x[i])				\
  RED (T, P##_minif, , if (x[i] < s) s = x[i])				\
  RED (T, P##_maxif, , if (x[i] > s) s = x[i])

INT_REDS (signed char, sc)
INT_REDS (unsigned char, uc)
INT_REDS (short, ss)
INT_REDS (unsigned short, us)
INT_REDS (int, si)
INT_REDS (unsigned, ui)
INT_REDS (long, sl)
INT_REDS (unsigned long, ul)

#define FLT_REDS(T, P, FMIN, FMAX)					\
  RED (T, P##_add, , s += x[i])						\
  RED (T, P##_sub, , s -= x[i])						\
  RED (T, P##_mul, , s *= x[i])						\
  RED (T, P##_min, , s = x[i] < s ? x[i] : s)				\
  RED (T, P##_max, , s = s > x[i] ? s : x[i])				\
  RED (T, P##_minif, , if (x[i] < s) s = x[i])				\
  RED (T, P##_fmin, , s = FMIN (s, x[i]))				\
  RED (T, P##_fmax, , s = FMAX (x[i], s))				\
  RED (T, P##_land, , s = s && x[i] > 0)				\
  RED (T, P##_lor, , s = s || x[i] > 0)

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
	v = check_range (0, n) < 1 ? 0 : check_range (1, 100);
      else if (!strcmp (op, "lor"))
	v = check_range (0, n) < 1 ? check_range (1, 100) : 0;
      else if (size == 1)
	v = check_range (is_signed ? -128 : 0, is_signed ? 127 : 255);
      else
	v = check_range (is_signed ? -10000 : 0, 30000);
      memcpy (b + i * size, &v, size);	/* little-endian low bytes */
    }
}

static long runs;

#define CHECK_INT(T, P, OP, INIT)					\
  do {									\
    T *x = check_alloc (sizeof (T) * (n ? n : 1));			\
    fill_int (x, n, sizeof (T), (T) -1 < 0, #OP);			\
    T got = P##_##OP (n, x, (T) (INIT));				\
    CHECK_RAN_ON_DEVICE (n);						\
    T want = P##_##OP##_ref (n, x, (T) (INIT));				\
    CHECK (got == want, #P "_" #OP " n=%ld: got %lld, expected %lld",	\
	   n, (long long) got, (long long) want);				\
    free (x);								\
    runs++;								\
  } while (0)

#define CHECK_INT_ALL(T, P)						\
  do {									\
    CHECK_INT (T, P, add, 3);						\
    CHECK_INT (T, P, sub, 5);						\
    CHECK_INT (T, P, mul, 2);						\
    CHECK_INT (T, P, and, -1);						\
    CHECK_INT (T, P, or, 16);						\
    CHECK_INT (T, P, xor, 7);						\
    CHECK_INT (T, P, land, 5);						\
    CHECK_INT (T, P, land, 0);						\
    CHECK_INT (T, P, lor, 0);						\
    CHECK_INT (T, P, lor, 9);						\
    CHECK_INT (T, P, min, 100);						\
    CHECK_INT (T, P, max, -100);					\
    CHECK_INT (T, P, minif, 50);					\
    CHECK_INT (T, P, maxif, 0);						\
  } while (0)

/* Floating point: sums and products may differ from the serial order by
   rounding.  Each of the N operations of either order adds at most one
   rounding error of eps times the running magnitude, bounded by S, the
   sum of |x| (sums) or |product| times the relative growth (products).  */
#define CHECK_FLT(T, P, OP, INIT, EPS)					\
  do {									\
    T *x = check_alloc (sizeof (T) * (n ? n : 1));			\
    double mag = fabs ((double) (INIT));				\
    for (long i = 0; i < n; i++)					\
      {									\
	if (!strcmp (#OP, "mul"))					\
	  x[i] = (T) check_uniform (0.999, 1.001);			\
	else								\
	  x[i] = (T) check_uniform (-100.0, 100.0);			\
	mag += fabs ((double) x[i]);					\
      }									\
    if (n > 2 && !strcmp (#OP, "land"))					\
      x[check_range (0, n - 1)] = -1;					\
    if (n > 2 && !strcmp (#OP, "lor"))					\
      for (long i = 0; i < n; i++)					\
	x[i] = i == n / 2 ? 1 : -x[i] * x[i];				\
    T got = P##_##OP (n, x, (T) (INIT));				\
    CHECK_RAN_ON_DEVICE (n);						\
    T want = P##_##OP##_ref (n, x, (T) (INIT));				\
    double tol;								\
    if (!strcmp (#OP, "add") || !strcmp (#OP, "sub"))			\
      tol = 2.0 * (n + 1) * (EPS) * mag;				\
    else if (!strcmp (#OP, "mul"))					\
      tol = 2.0 * (n + 1) * (EPS) * fabs ((double) want) * 1.01;	\
    else								\
      tol = 0;								\
    CHECK (fabs ((double) got - (double) want) <= tol,			\
	   #P "_" #OP " n=%ld: got %.17g, expected %.17g (bound %.3g)",	\
	   n, (double) got, (double) want, tol);				\
    free (x);								\
    runs++;								\
  } while (0)

#define CHECK_FLT_ALL(T, P, EPS)					\
  do {									\
    CHECK_FLT (T, P, add, 1.5, EPS);					\
    CHECK_FLT (T, P, sub, -2.25, EPS);					\
    CHECK_FLT (T, P, mul, 0.5, EPS);					\
    CHECK_FLT (T, P, min, 1000, EPS);					\
    CHECK_FLT (T, P, max, -1000, EPS);					\
    CHECK_FLT (T, P, minif, 50, EPS);					\
    CHECK_FLT (T, P, fmin, 20, EPS);					\
    CHECK_FLT (T, P, fmax, -20, EPS);					\
    CHECK_FLT (T, P, land, 1, EPS);					\
    CHECK_FLT (T, P, lor, 0, EPS);					\
  } while (0)

int
main (void)
{
  check_init ();
  for (int k = 0; k < NSZ; k++)
    {
      long n = sizes[k];
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
  printf ("%ld reductions checked\n", runs);
  return 0;
}
