/* loop-bounds.c: bounds that are host expressions (n*2+1, p->len, a value f(n) computed before the loop, (n+3)/4, n-k), starts above 0, negative bounds on signed indices and negative offsets from a pointer.  */
#include "check.h"

struct vec
{
  int cap;
  int len;
};

static int
rounded_half (int n)
{
  return n / 2 + (n & 1);
}

/* y[0 .. 2n] */
static void
k_expr (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n * 2 + 1; i++)
    y[i] = x[i] + 1.0f;
}

/* y[0 .. v->len) */
static void
k_member (const struct vec *v, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < v->len; i++)
    y[i] = x[i] * 2.0f;
}

/* y[0 .. f(n)) with f(n) computed before the loop */
static void
k_call (int n, const float *x, float *y)
{
  int m = rounded_half (n);
  for (int i GPU_PARALLEL = 0; i < m; i++)
    y[i] = x[2 * i] - x[i];
}

/* y[k .. (n+3)/4 + k) and y[n-k .. n) */
static void
k_arith (int n, int k, const float *x, float *y)
{
  for (long i GPU_PARALLEL = k; i < (n + 3) / 4 + k; i++)
    y[i] = x[i] * x[i];
  for (int i GPU_PARALLEL = n - k; i < n; i++)
    y[i] = -x[i];
}

/* Index from -n to n: y[0 .. 2n] through y + n, and a reversed walk.  */
static void
k_negative (int n, const float *x, float *y)
{
  float *yc = y + n;
  const float *xc = x + n;
  for (int i GPU_PARALLEL = -n; i <= n; i++)
    yc[i] = xc[i] + (float) i;
}

static void
k_negative_down (int n, const float *x, float *yc)
{
  for (int i GPU_PARALLEL = -1; i >= -n; i--)
    yc[i] = x[-i] * 0.5f;
}

static void
fill (float *x, float *y, float *w, long m)
{
  check_fill_float (x, m, -100, 100);
  check_fill_float (y, m, -100, 100);
  memcpy (w, y, m * sizeof (float));
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      long m = 2L * n + 8;
      float *x = check_alloc (m * sizeof (float));
      float *y = check_alloc (m * sizeof (float));
      float *w = check_alloc (m * sizeof (float));

      fill (x, y, w, m);
      for (int i = 0; i < n * 2 + 1; i++)
	w[i] = x[i] + 1.0f;
      k_expr (n, x, y);
      CHECK_RAN_ON_DEVICE (2 * n + 1);
      CHECK_SAME (y, w, m, "i < n*2+1, n=%d", n);

      fill (x, y, w, m);
      struct vec v = { (int) m, n };
      for (int i = 0; i < n; i++)
	w[i] = x[i] * 2.0f;
      k_member (&v, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, w, m, "i < p->len, n=%d", n);

      fill (x, y, w, m);
      for (int i = 0; i < rounded_half (n); i++)
	w[i] = x[2 * i] - x[i];
      k_call (n, x, y);
      CHECK_RAN_ON_DEVICE (rounded_half (n));
      CHECK_SAME (y, w, m, "i < f(n), n=%d", n);

      if (n >= 4)
	{
	  int k = (int) check_range (1, n / 4);
	  fill (x, y, w, m);
	  for (long i = k; i < (n + 3) / 4 + k; i++)
	    w[i] = x[i] * x[i];
	  for (int i = n - k; i < n; i++)
	    w[i] = -x[i];
	  k_arith (n, k, x, y);
	  CHECK_RAN_ON_DEVICE (k);
	  CHECK_SAME (y, w, m, "(n+3)/4+k and n-k, n=%d k=%d", n, k);
	}

      fill (x, y, w, m);
      for (int i = -n; i <= n; i++)
	w[n + i] = x[n + i] + (float) i;
      k_negative (n, x, y);
      CHECK_RAN_ON_DEVICE (2 * n + 1);
      CHECK_SAME (y, w, m, "-n <= i <= n, n=%d", n);

      fill (x, y, w, m);
      for (int i = -1; i >= -n; i--)
	w[n + i] = x[-i] * 0.5f;
      k_negative_down (n, x, y + n);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, w, m, "i from -1 down to -n, n=%d", n);
      free (x);
      free (y);
      free (w);
    }
  return 0;
}
