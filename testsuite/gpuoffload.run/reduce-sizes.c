/* reduce-sizes.c: GPU_REDUCE at sizes 0, 1, 2^p - 1, 2^p, 2^p + 1 for every p up to 24, and primes: a plain float sum, and one loop with five reductions at once (float sum, float max, int count, unsigned xor, long sum of squares) next to an ordinary store.  Integers exact; the float sums within 2 (n + 1) eps sum|x|.  */
#include "check.h"
#include <float.h>

static float
sum (long n, const float *x)
{
  float s GPU_REDUCE = 0.25f;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    s += x[i];
  return s;
}

struct many
{
  float s, m;
  int c;
  unsigned h;
  long q;
};

static struct many
many (long n, const float *x, const int *k, float *y)
{
  float s GPU_REDUCE = 0, m GPU_REDUCE = -1e30f;
  int c GPU_REDUCE = 7;
  unsigned h GPU_REDUCE = 0x5a5a;
  long q GPU_REDUCE = -3;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      s += x[i];
      m = x[i] > m ? x[i] : m;
      if (x[i] > 0)
	c++;
      h ^= (unsigned) k[i] * 2654435761u;
      q += (long) k[i] * k[i];
      y[i] = 2 * x[i];
    }
  struct many r = { s, m, c, h, q };
  return r;
}

static struct many
many_ref (long n, const float *x, const int *k, float *y)
{
  float s = 0, m = -1e30f;
  int c = 7;
  unsigned h = 0x5a5a;
  long q = -3;
  for (long i = 0; i < n; i++)
    {
      s += x[i];
      m = x[i] > m ? x[i] : m;
      if (x[i] > 0)
	c++;
      h ^= (unsigned) k[i] * 2654435761u;
      q += (long) k[i] * k[i];
      y[i] = 2 * x[i];
    }
  struct many r = { s, m, c, h, q };
  return r;
}

int
main (void)
{
  check_init ();
  long sizes[100];
  int ns = 0;
  sizes[ns++] = 0;
  sizes[ns++] = 1;
  for (int p = 1; p <= 24; p++)
    {
      sizes[ns++] = (1L << p) - 1;
      sizes[ns++] = 1L << p;
      sizes[ns++] = (1L << p) + 1;
    }
  static const long primes[] = { 97, 65521, 1000003, 16777213 };
  for (int i = 0; i < 4; i++)
    sizes[ns++] = primes[i];
  long nmax = (1L << 24) + 1;
  float *x = check_alloc (nmax * sizeof *x);
  int *k = check_alloc (nmax * sizeof *k);
  float *y = check_alloc (nmax * sizeof *y);
  float *yref = check_alloc (nmax * sizeof *y);
  check_fill_float (x, nmax, -1.0f, 1.0f);
  check_fill_int (k, nmax, -1000, 1000);

  for (int t = 0; t < ns; t++)
    {
      long n = sizes[t];
      double mag = 0.25;
      for (long i = 0; i < n; i++)
	mag += fabs (x[i]);
      double tol = 2.0 * (n + 1) * FLT_EPSILON * mag;

      float got = sum (n, x);
      CHECK_RAN_ON_DEVICE (n);
      float want = 0.25f;
      for (long i = 0; i < n; i++)
	want += x[i];
      CHECK (fabs ((double) got - want) <= tol,
	     "sum n=%ld: got %.9g, expected %.9g (bound %.3g)", n, got, want,
	     tol);

      struct many g = many (n, x, k, y);
      CHECK_RAN_ON_DEVICE (n);
      struct many w = many_ref (n, x, k, yref);
      CHECK (fabs ((double) g.s - w.s) <= tol,
	     "many.s n=%ld: got %.9g, expected %.9g", n, g.s, w.s);
      CHECK (g.m == w.m, "many.m n=%ld: got %.9g, expected %.9g", n, g.m,
	     w.m);
      CHECK (g.c == w.c, "many.c n=%ld: got %d, expected %d", n, g.c, w.c);
      CHECK (g.h == w.h, "many.h n=%ld: got %u, expected %u", n, g.h, w.h);
      CHECK (g.q == w.q, "many.q n=%ld: got %ld, expected %ld", n, g.q, w.q);
      CHECK_FLOATS (y, yref, n, 0, 0, "many.y n=%ld", n);
    }
  printf ("%d sizes checked\n", ns);
  return 0;
}
