/* wrapv.c: under -fwrapv signed + - *, negation and << wrap on the device as on the host: hashes that overflow int and long on purpose, negation of the most negative value, shifts into the sign bit, comparisons a compiler folds only when overflow is undefined; random inputs and the standard sizes, compared exactly with the same code run serially.  */
/* { dg-additional-options "-fwrapv" } */
#include "check.h"
#include <limits.h>

static void
hash32 (int n, const int *x, int *restrict h)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      int v = x[i] * -1640531535 + i;		/* overflows */
      v = (v << 13) - v;			/* into the sign bit */
      v = v + INT_MAX;
      h[i] = -(v | INT_MIN) ^ (v * v);		/* -INT_MIN when v = 0 */
    }
}

static void
hash64 (int n, const long *x, long *restrict h)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      long v = x[i] * 0x5851f42d4c957f2dL + (long) i * LONG_MAX;
      v -= LONG_MIN + (v << 33);
      h[i] = -v * 3;
    }
}

/* Comparisons a compiler may fold when overflow is undefined (x + 1 > x,
   x * 2 / 2 == x); under -fwrapv they depend on the values.  */
static void
folds (int n, const int *x, int *restrict h)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      int v = x[i];
      int a = v + 1;
      int b = v * 2;
      h[i] = (a > v) + 2 * (b / 2 == v) + 4 * (-v < 0 || v == 0);
    }
}

/* The same, not offloaded.  */
__attribute__ ((noipa)) static int
ref32 (int x, int i)
{
  int v = x * -1640531535 + i;
  v = (v << 13) - v;
  v = v + INT_MAX;
  return -(v | INT_MIN) ^ (v * v);
}

__attribute__ ((noipa)) static int
reffold (int v)
{
  int a = v + 1;
  int b = v * 2;
  return (a > v) + 2 * (b / 2 == v) + 4 * (-v < 0 || v == 0);
}

__attribute__ ((noipa)) static long
ref64 (long x, int i)
{
  long v = x * 0x5851f42d4c957f2dL + (long) i * LONG_MAX;
  v -= LONG_MIN + (v << 33);
  return -v * 3;
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      int *x = check_alloc (n * sizeof (int)), *h = check_alloc (n * sizeof (int));
      int *w = check_alloc (n * sizeof (int));
      long *xl = check_alloc (n * sizeof (long)), *hl = check_alloc (n * sizeof (long));
      long *wl = check_alloc (n * sizeof (long));
      check_fill_bytes (x, n * sizeof (int));
      check_fill_bytes (xl, n * sizeof (long));
      if (n > 2)
	{
	  x[0] = INT_MIN;
	  x[1] = INT_MAX;
	  xl[0] = LONG_MIN;
	  xl[1] = LONG_MAX;
	}
      for (int i = 0; i < n; i++)
	{
	  w[i] = ref32 (x[i], i);
	  wl[i] = ref64 (xl[i], i);
	}
      hash32 (n, x, h);
      CHECK_RAN_ON_DEVICE (n);
      check_same_at (__FILE__, __LINE__, h, w, n, sizeof (int), "hash32 n=%d", n);
      for (int i = 0; i < n; i++)
	w[i] = reffold (x[i]);
      folds (n, x, h);
      CHECK_RAN_ON_DEVICE (n);
      check_same_at (__FILE__, __LINE__, h, w, n, sizeof (int), "folds n=%d", n);
      hash64 (n, xl, hl);
      CHECK_RAN_ON_DEVICE (n);
      check_same_at (__FILE__, __LINE__, hl, wl, n, sizeof (long), "hash64 n=%d", n);
      free (x); free (h); free (w); free (xl); free (hl); free (wl);
    }
  return 0;
}
