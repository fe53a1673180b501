/* index32.c: the kernels whose buffer offsets gpu_emit computes in 32
   bits (NAME_i32) against serial C, bit for bit: a 2-D 5-point float
   stencil with long indices, a skewed 3-D difference with int indices
   (each offset a conversion from int), double reads at negative offsets from
   a pointer into the middle of the array (p[-1 - i * s]), strided, affine
   and indirect int reads (x[3 * i + 2], x[s * i] with a runtime S,
   x[idx[i]]), and a read whose offset goes through a division (that
   part stays 64-bit), at sizes no work-group divides and empty ones;
   p[-1 - i], whose offsets multiply no two values, has no such kernel.
   Children run a few sizes under GPURT_VERBOSE=2: on the device the log
   must say that the _i32 kernels ran, and under GPURT_INDEX32_LIMIT=64
   (the buffers then count as too large for 32-bit offsets) that the
   plain kernels did.  */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

#define J5(A, I, J, M)							\
  (0.2f * (A[(I) * (M) + (J)] + A[((I) - 1) * (M) + (J)]		\
	   + A[((I) + 1) * (M) + (J)] + A[(I) * (M) + (J) - 1]		\
	   + A[(I) * (M) + (J) + 1]))
/* A skewed 3-D difference: plane I - 1 against plane I, row J + 1,
   column K - 1.  */
#define D3(A, I, J, K, M, L)						\
  (A[((I) - 1) * (M) * (L) + (J) * (L) + (K)]				\
   - 0.5f * A[(I) * (M) * (L) + ((J) + 1) * (L) + (K) - 1])
#define MID(P, I, S) (P[-1 - (I) * (S)] * 0.5 + P[I])
#define AFF(X, IDX, I, S) (X[3 * (I) + 2] - X[(S) * (I)] + X[IDX[I]])
#define DIV(X, I, S) (X[(I) * (S) / 3] + 1)

static void
jac (long n, long m, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 1; j < m - 1; j++)
      b[i * m + j] = J5 (a, i, j, m);
}

static void
skew (int n, int m, int l, const float *a, float *b)
{
  for (int i GPU_PARALLEL = 1; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m - 1; j++)
      for (int k GPU_PARALLEL = 1; k < l; k++)
	b[i * m * l + j * l + k] = D3 (a, i, j, k, m, l);
}

/* P points N * S elements into its array: P[-N * S] .. P[N - 1].  */
static void
mid (long n, long s, const double *p, double *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = MID (p, i, s);
}

/* Offsets with no product of two values: no kernel with 32-bit ones.  */
static void
shift (long n, const double *p, double *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = MID (p, i, 1);
}

static void
affine (long n, long s, const int *x, const long *idx, int *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = AFF (x, idx, i, s);
}

static void
divided (long n, long s, const int *x, int *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = DIV (x, i, s);
}

static void
test (long n, long m)
{
  long nm = n * m;
  float *a = check_alloc (nm * sizeof *a + 1);
  float *b = check_alloc (nm * sizeof *b + 1);
  float *w = check_alloc (nm * sizeof *w + 1);
  check_fill_float (a, nm, -100, 100);
  check_fill_float (b, nm, -100, 100);
  memcpy (w, b, nm * sizeof *w);
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < m - 1; j++)
      w[i * m + j] = J5 (a, i, j, m);
  jac (n, m, a, b);
  if (n > 2 && m > 2)
    CHECK_RAN_ON_DEVICE (nm);
  CHECK_SAME (b, w, nm, "jac %ldx%ld", n, m);
  free (a); free (b); free (w);

  /* N x M x (N + 3), int indices.  */
  int l = (int) n + 3;
  long nml = nm * l;
  a = check_alloc (nml * sizeof *a + 1);
  b = check_alloc (nml * sizeof *b + 1);
  w = check_alloc (nml * sizeof *w + 1);
  check_fill_float (a, nml, -100, 100);
  check_fill_float (b, nml, -100, 100);
  memcpy (w, b, nml * sizeof *w);
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m - 1; j++)
      for (int k = 1; k < l; k++)
	w[i * m * l + j * l + k] = D3 (a, i, j, k, m, l);
  skew ((int) n, (int) m, l, a, b);
  if (n > 1 && m > 1)
    CHECK_RAN_ON_DEVICE (nml);
  CHECK_SAME (b, w, nml, "skew %ldx%ldx%d", n, m, l);
  free (a); free (b); free (w);

  long s = 1 + m % 5;
  double *d = check_alloc ((s + 1) * nm * sizeof *d + 1);
  double *y = check_alloc (nm * sizeof *y + 1);
  double *wy = check_alloc (nm * sizeof *wy + 1);
  check_fill_double (d, (s + 1) * nm, -1, 1);
  for (long i = 0; i < nm; i++)
    wy[i] = MID ((d + s * nm), i, s);
  mid (nm, s, d + s * nm, y);
  CHECK_RAN_ON_DEVICE (nm);
  CHECK_SAME (y, wy, nm, "mid %ld stride %ld", nm, s);
  for (long i = 0; i < nm; i++)
    wy[i] = MID ((d + s * nm), i, 1);
  shift (nm, d + s * nm, y);
  CHECK_RAN_ON_DEVICE (nm);
  CHECK_SAME (y, wy, nm, "shift %ld", nm);
  free (d); free (y); free (wy);

  int *x = check_alloc ((5 * nm + 3) * sizeof *x);
  long *idx = check_alloc (nm * sizeof *idx + 1);
  int *iy = check_alloc (nm * sizeof *iy + 1);
  int *wiy = check_alloc (nm * sizeof *wiy + 1);
  check_fill_int (x, 5 * nm + 3, -1000, 1000);
  for (long i = 0; i < nm; i++)
    idx[i] = check_range (0, 5 * nm + 2);
  for (long i = 0; i < nm; i++)
    wiy[i] = AFF (x, idx, i, s);
  affine (nm, s, x, idx, iy);
  CHECK_RAN_ON_DEVICE (nm);
  CHECK_SAME (iy, wiy, nm, "affine %ld stride %ld", nm, s);
  for (long i = 0; i < nm; i++)
    wiy[i] = DIV (x, i, s);
  divided (nm, s, x, iy);
  CHECK_RAN_ON_DEVICE (nm);
  CHECK_SAME (iy, wiy, nm, "divided %ld", nm);
  free (x); free (idx); free (iy); free (wiy);
}

int
main (int argc, char **argv)
{
  static const long sizes[][2] = {
    { 17, 33 }, { 100, 7 }, { 1, 1 }, { 2, 2 }, { 3, 3 }, { 7, 100 },
    { 0, 9 }, { 9, 0 }, { 35, 11 }, { 66, 67 }
  };
  /* This program again, a few sizes, under GPURT_VERBOSE=2: on the
     device the log says which kernels of jac and mid ran.  */
  static const char *const env32[] = {
    "GPURT_VERBOSE=2", "GPURT_INDEX32_LIMIT=1073741824", NULL };
  static const char *const env64[] = {
    "GPURT_VERBOSE=2", "GPURT_INDEX32_LIMIT=64", NULL };
  static const char *const want32[] = {
    "launch gpu_jac_0: kernel gpu_jac_0_i32",
    "launch gpu_mid_2: kernel gpu_mid_2_i32", NULL };
  static const char *const want64[] = {
    "launch gpu_jac_0: kernel gpu_jac_0 (64-bit offsets)",
    "launch gpu_mid_2: kernel gpu_mid_2 (64-bit offsets)", NULL };
  check_init ();
  if (argc < 2)
    {
      check_child_log (argv[0], env32, env32[1], want32);
      check_child_log (argv[0], env64, env64[1], want64);
    }
  unsigned ns = argc < 2 ? sizeof sizes / sizeof sizes[0] : 2;
  for (unsigned k = 0; k < ns; k++)
    test (sizes[k][0], sizes[k][1]);
  return 0;
}
