/* lud.c -- LU decomposition in place, without pivoting (in the style of
   the Rodinia benchmark of that name; our own code): at step K every row
   below K is scaled and updated in parallel.  The matrix is diagonally
   dominant so that no pivot is needed.  lud takes the matrix before its
   size, the usual C order.

   usage: lud N   (an N x N matrix)  */
#include "rc.h"

/* Factor the SIZE x SIZE matrix A into L (unit lower, below the
   diagonal) and U (upper, the diagonal included), in place.  */
void
lud (float *a, int size)
{
  for (int k = 0; k < size; k++)
    {
#pragma omp parallel for
      for (int i = k + 1; i < size; i++)
	{
	  float l = a[i * size + k] / a[k * size + k];
	  a[i * size + k] = l;
	  for (int j = k + 1; j < size; j++)
	    a[i * size + j] -= l * a[k * size + j];
	}
    }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 512;
  float *a = rc_alloc ((size_t) n * n * sizeof (float));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = rc_randf () + (i == j ? (float) n : 0.0f);

  double t0 = rc_now_ms ();
  lud (a, n);
  rc_time ("lud", n, rc_now_ms () - t0);
  rc_out_f (a, (size_t) n * n);
  return 0;
}
