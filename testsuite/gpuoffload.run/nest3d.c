/* nest3d.c: three nested marked loops (3-D index space) over sizes 1x1x1, 33x7x5, 5x7x33, 2x3x4, 0x4x4, 4x0x4, 4x4x0, 64x64x16 with non-zero lower bounds on the middle loop, and an unsigned 3-D permutation (GPU_EXTENT).  */
#include "check.h"

/* out[i][j][k] = in[i][j][k] * s + i - 2*j + 3*k, j from lo to n1 - 1 */
static void
grid3 (int n0, int n1, int n2, int lo, double s, const double *in,
       double *out)
{
  for (int i GPU_PARALLEL = 0; i < n0; i++)
    for (int j GPU_PARALLEL = lo; j < n1; j++)
      for (int k GPU_PARALLEL = 0; k < n2; k++)
	{
	  long at = ((long) i * n1 + j) * n2 + k;
	  out[at] = in[at] * s + i - 2 * j + 3 * k;
	}
}

static void
grid3_ref (int n0, int n1, int n2, int lo, double s, const double *in,
	   double *out)
{
  for (int i = 0; i < n0; i++)
    for (int j = lo; j < n1; j++)
      for (int k = 0; k < n2; k++)
	{
	  long at = ((long) i * n1 + j) * n2 + k;
	  out[at] = in[at] * s + i - 2 * j + 3 * k;
	}
}

/* Unsigned indices, the outermost counting down: a 3-D copy with a
   permutation of the axes: out[k][j][i] = in[i][j][k].  Unsigned index
   arithmetic may wrap as far as the compiler knows, so GPU_EXTENT gives
   the sizes.  */
static void
permute3 (unsigned n0, unsigned n1, unsigned n2,
	  const int *in GPU_EXTENT (n0 * n1 * n2),
	  int *out GPU_EXTENT (n0 * n1 * n2))
{
  for (unsigned i GPU_PARALLEL = n0; i > 0; i--)
    for (unsigned j GPU_PARALLEL = 0; j < n1; j++)
      for (unsigned k GPU_PARALLEL = 0; k < n2; k++)
	out[((k * n1) + j) * n0 + (i - 1)] = in[(((i - 1) * n1) + j) * n2 + k];
}

static void
permute3_ref (unsigned n0, unsigned n1, unsigned n2, const int *in, int *out)
{
  for (unsigned i = n0; i > 0; i--)
    for (unsigned j = 0; j < n1; j++)
      for (unsigned k = 0; k < n2; k++)
	out[((k * n1) + j) * n0 + (i - 1)] = in[(((i - 1) * n1) + j) * n2 + k];
}

static const int shapes[][3] = {
  { 1, 1, 1 }, { 33, 7, 5 }, { 5, 7, 33 }, { 2, 3, 4 }, { 0, 4, 4 },
  { 4, 0, 4 }, { 4, 4, 0 }, { 64, 64, 16 }, { 1, 1, 1000 }, { 1000, 1, 1 },
};

int
main (void)
{
  check_init ();
  for (int s = 0; s < (int) (sizeof shapes / sizeof shapes[0]); s++)
    {
      int n0 = shapes[s][0], n1 = shapes[s][1], n2 = shapes[s][2];
      long sz = (long) n0 * n1 * n2;
      int lo = n1 > 2 ? (int) check_range (0, 2) : 0;
      double *in = check_alloc (sz * sizeof (double));
      double *out = check_alloc (sz * sizeof (double));
      double *w = check_alloc (sz * sizeof (double));
      double f = check_uniform (-2, 2);
      check_fill_double (in, sz, -1e3, 1e3);
      check_fill_double (out, sz, -1, 1);
      memcpy (w, out, sz * sizeof (double));
      grid3_ref (n0, n1, n2, lo, f, in, w);
      grid3 (n0, n1, n2, lo, f, in, out);
      CHECK_RAN_ON_DEVICE ((long) n0 * (n1 - lo) * n2);
      /* in*s + i... : the device may contract the multiply-add.  */
      CHECK_DOUBLES (out, w, sz, 1e-13, 1e-10, "3-D %dx%dx%d lo=%d", n0, n1, n2, lo);

      int *pi = check_alloc (sz * sizeof (int));
      int *po = check_alloc (sz * sizeof (int));
      int *pw = check_alloc (sz * sizeof (int));
      check_fill_int (pi, sz, -1000000, 1000000);
      for (long i = 0; i < sz; i++)
	po[i] = pw[i] = 0;
      permute3_ref (n0, n1, n2, pi, pw);
      permute3 (n0, n1, n2, pi, po);
      CHECK_RAN_ON_DEVICE (sz);
      CHECK_SAME (po, pw, sz, "3-D permutation %dx%dx%d", n0, n1, n2);
      free (in); free (out); free (w); free (pi); free (po); free (pw);
    }
  return 0;
}
