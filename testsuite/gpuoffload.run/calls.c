/* calls.c: a marked body calling static functions of the same file, transitively (f calls g calls h), with scalar, pointer and struct arguments, a struct return value, helpers writing through a pointer argument (GPU_EXTENT on the arrays), and helpers also called from host code.  */
#include "check.h"

struct pair
{
  float lo, hi;
};

static int
h_clamp (int v, int lo, int hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

static int
g_mix (int a, int b)
{
  return h_clamp (a * 3 - b, -1000, 1000) + (a ^ b);
}

static int
f_combine (const int *p, int k)
{
  /* reads through a pointer argument */
  return g_mix (p[0], p[1]) - g_mix (p[1], k);
}

static struct pair
minmax (float a, float b)
{
  struct pair r;
  if (a < b)
    r.lo = a, r.hi = b;
  else
    r.lo = b, r.hi = a;
  return r;
}

static float
spread (struct pair p)
{
  return p.hi - p.lo;
}

static void
store_both (float *dst, struct pair p)
{
  dst[0] = p.lo;
  dst[1] = p.hi;
}

/* The helpers get pointers into x and z, so the compiler cannot bound the
   accesses from the loop alone: GPU_EXTENT gives the element counts.  */
static void
kern (int n, int k, const int *x GPU_EXTENT (2 * n), const float *a,
      const float *b, int *y, float *z GPU_EXTENT (3 * n))
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      y[i] = f_combine (x + 2 * i, k);
      struct pair p = minmax (a[i], b[i]);
      store_both (z + 3 * i, p);
      z[3 * i + 2] = spread (p);
    }
}

static void
ref (int n, int k, const int *x, const float *a, const float *b, int *y,
     float *z)
{
  for (int i = 0; i < n; i++)
    {
      y[i] = f_combine (x + 2 * i, k);
      struct pair p = minmax (a[i], b[i]);
      store_both (z + 3 * i, p);
      z[3 * i + 2] = spread (p);
    }
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      int k = (int) check_range (-50, 50);
      int *x = check_alloc (2 * n * sizeof (int));
      float *a = check_alloc (n * sizeof (float)), *b = check_alloc (n * sizeof (float));
      int *y = check_alloc (n * sizeof (int)), *yw = check_alloc (n * sizeof (int));
      float *z = check_alloc (3 * n * sizeof (float)), *zw = check_alloc (3 * n * sizeof (float));
      check_fill_int (x, 2 * n, -500, 500);
      check_fill_float (a, n, -10, 10);
      check_fill_float (b, n, -10, 10);
      ref ((int) n, k, x, a, b, yw, zw);
      kern ((int) n, k, x, a, b, y, z);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, yw, n, "int helpers, n=%ld", n);
      CHECK_SAME (z, zw, 3 * n, "struct helpers, n=%ld", n);
      /* The helpers still work from host code.  */
      CHECK (g_mix (3, 4) == h_clamp (5, -1000, 1000) + (3 ^ 4), "host call");
      free (x); free (a); free (b); free (y); free (yw); free (z); free (zw);
    }
  return 0;
}
