/* nest2d.c: two nested marked loops (a 2-D index space) over sizes 1x1, 3x1000, 1000x3, 17x19, 0xN, Nx0, 257x255, with row strides, a transposed store, and an inner loop that counts down by 2.  */
#include "check.h"

/* c[i][j] = a[i][j] * 2 + b[j][i] (row-major, leading dimensions lda, ldc) */
static void
add_transposed (int m, int n, int lda, int ldc, const float *a,
		const float *b, float *c)
{
  for (int i GPU_PARALLEL = 0; i < m; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      c[i * ldc + j] = a[i * lda + j] * 2.0f + b[j * m + i];
}

static void
add_transposed_ref (int m, int n, int lda, int ldc, const float *a,
		    const float *b, float *c)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      c[i * ldc + j] = a[i * lda + j] * 2.0f + b[j * m + i];
}

/* Outer index counts down, inner index steps by -2 from the end:
   out[i][j] = i * 1000 + j for even distance from n-1.  */
static void
index_grid (long m, long n, long *restrict out)
{
  for (long i GPU_PARALLEL = m - 1; i >= 0; i--)
    for (long j GPU_PARALLEL = n - 1; j >= 0; j -= 2)
      out[i * n + j] = i * 1000 + j;
}

static void
index_grid_ref (long m, long n, long *out)
{
  for (long i = m - 1; i >= 0; i--)
    for (long j = n - 1; j >= 0; j -= 2)
      out[i * n + j] = i * 1000 + j;
}

static const int shapes[][2] = {
  { 1, 1 }, { 3, 1000 }, { 1000, 3 }, { 17, 19 }, { 0, 5 }, { 5, 0 },
  { 0, 0 }, { 1, 64 }, { 64, 1 }, { 257, 255 }, { 2, 4099 },
};

int
main (void)
{
  check_init ();
  for (int s = 0; s < (int) (sizeof shapes / sizeof shapes[0]); s++)
    {
      int m = shapes[s][0], n = shapes[s][1];
      int lda = n + (int) check_range (0, 3), ldc = n + (int) check_range (0, 5);
      long asz = (long) m * lda, bsz = (long) n * m, csz = (long) m * ldc;
      float *a = check_alloc (asz * sizeof (float));
      float *b = check_alloc (bsz * sizeof (float));
      float *c = check_alloc (csz * sizeof (float));
      float *w = check_alloc (csz * sizeof (float));
      check_fill_float (a, asz, -10, 10);
      check_fill_float (b, bsz, -10, 10);
      check_fill_float (c, csz, -10, 10);
      memcpy (w, c, csz * sizeof (float));
      add_transposed_ref (m, n, lda, ldc, a, b, w);
      add_transposed (m, n, lda, ldc, a, b, c);
      CHECK_RAN_ON_DEVICE ((long) m * n);
      CHECK_SAME (c, w, csz, "2-D %dx%d lda=%d ldc=%d", m, n, lda, ldc);

      long *o = check_alloc ((long) m * n * sizeof (long));
      long *ow = check_alloc ((long) m * n * sizeof (long));
      for (long i = 0; i < (long) m * n; i++)
	o[i] = ow[i] = -7;
      index_grid_ref (m, n, ow);
      index_grid (m, n, o);
      CHECK_RAN_ON_DEVICE ((long) m * ((n + 1) / 2));
      CHECK_SAME (o, ow, (long) m * n, "2-D index grid %dx%d", m, n);
      free (a); free (b); free (c); free (w); free (o); free (ow);
    }
  return 0;
}
