/* matmul.c: C = A*B with two marked loops and a serial inner k loop (the SPEC example), square sizes 1..70 and rectangular shapes, float and double.  */
#include "check.h"

static void
matmul (int m, int n, int p, const float *a, const float *b,
	float *restrict c)
{
  for (int i GPU_PARALLEL = 0; i < m; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	float acc = 0.0f;
	for (int k = 0; k < p; k++)
	  acc += a[i * p + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

static void
matmul_ref (int m, int n, int p, const float *a, const float *b, float *c)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
	float acc = 0.0f;
	for (int k = 0; k < p; k++)
	  acc += a[i * p + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

/* Double, with the k loop counting down and C accumulated into.  */
static void
dgemm_acc (int n, const double *a, const double *b, double *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	double acc = c[i * n + j];
	for (int k = n - 1; k >= 0; k--)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

static void
dgemm_acc_ref (int n, const double *a, const double *b, double *c)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
	double acc = c[i * n + j];
	for (int k = n - 1; k >= 0; k--)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

static void
test (int m, int n, int p)
{
  float *a = check_alloc ((long) m * p * sizeof (float));
  float *b = check_alloc ((long) p * n * sizeof (float));
  float *c = check_alloc ((long) m * n * sizeof (float));
  float *w = check_alloc ((long) m * n * sizeof (float));
  check_fill_float (a, (long) m * p, -1, 1);
  check_fill_float (b, (long) p * n, -1, 1);
  check_fill_float (c, (long) m * n, -1, 1);
  matmul_ref (m, n, p, a, b, w);
  matmul (m, n, p, a, b, c);
  CHECK_RAN_ON_DEVICE ((long) m * n);
  /* Same summation order; only fma contraction may differ.  */
  CHECK_FLOATS (c, w, (long) m * n, 1e-5, 1e-5 * p, "matmul %dx%dx%d", m, n, p);
  free (a); free (b); free (c); free (w);
}

static void
dtest (int n)
{
  long nn = (long) n * n;
  double *a = check_alloc (nn * sizeof (double));
  double *b = check_alloc (nn * sizeof (double));
  double *c = check_alloc (nn * sizeof (double));
  double *w = check_alloc (nn * sizeof (double));
  check_fill_double (a, nn, -1, 1);
  check_fill_double (b, nn, -1, 1);
  check_fill_double (c, nn, -1, 1);
  memcpy (w, c, nn * sizeof (double));
  dgemm_acc_ref (n, a, b, w);
  dgemm_acc (n, a, b, c);
  CHECK_RAN_ON_DEVICE (nn);
  CHECK_DOUBLES (c, w, nn, 1e-12, 1e-13 * n, "dgemm_acc %d", n);
  free (a); free (b); free (c); free (w);
}

int
main (void)
{
  check_init ();
  for (int n = 1; n <= 70; n += (n < 8 ? 1 : 7))
    test (n, n, n);
  test (70, 70, 70);
  test (1, 70, 3);
  test (33, 1, 17);
  test (5, 64, 0);		/* empty k: C = 0 */
  test (0, 5, 5);
  test (128, 96, 40);
  for (int n = 1; n <= 70; n += 23)
    dtest (n);
  return 0;
}
