/* twolevel-wrong.c: triangular solves of many independent systems, one
   per outer marked iteration, with the column loop of the row update
   wrongly marked GPU_PARALLEL (every iteration updates x[s][i]): the
   compiler warns (issue 14 item 3) and runs that inner loop serially in
   each work-item, so the device and the host give the serial result.
   Sizes include empty ranges and odd ones.  */
#include "check.h"

static void
solve (int nsys, int n, const double *A GPU_EXTENT (n * n),
       double *x GPU_EXTENT (nsys * n))
{
  for (int s GPU_PARALLEL = 0; s < nsys; s++)
    for (int i = 0; i < n; i++)
      {
	for (int j GPU_PARALLEL = 0; j < i; j++)
	  x[s * n + i] -= A[i * n + j] * x[s * n + j]; /* { dg-warning "stores a different value to the same element of .x." } */
	x[s * n + i] /= A[i * n + i];
      }
}

static void
solve_ref (int nsys, int n, const double *A, double *x)
{
  for (int s = 0; s < nsys; s++)
    for (int i = 0; i < n; i++)
      {
	for (int j = 0; j < i; j++)
	  x[s * n + i] -= A[i * n + j] * x[s * n + j];
	x[s * n + i] /= A[i * n + i];
      }
}

int
main (void)
{
  static const int shapes[][2] = { { 0, 3 }, { 3, 0 }, { 1, 1 }, { 7, 5 },
				   { 33, 17 }, { 5, 300 } };
  check_init ();
  for (int q = 0; q < 6; q++)
    {
      int nsys = shapes[q][0], n = shapes[q][1];
      double *A = check_alloc (sizeof (double) * (n * n + 1));
      double *x = check_alloc (sizeof (double) * (nsys * n + 1));
      check_fill_double (A, n * n, -0.1, 0.1);
      for (int i = 0; i < n; i++)
	A[i * n + i] = 1.0 + check_uniform (0, 1);
      check_fill_double (x, nsys * n, -1, 1);
      double *x2 = check_dup (x, sizeof (double) * (nsys * n + 1));
      solve (nsys, n, A, x);
      CHECK_RAN_ON_DEVICE (nsys * n);
      solve_ref (nsys, n, A, x2);
      CHECK_DOUBLES (x, x2, nsys * n, 1e-12, 1e-12, "solve %dx%d", nsys, n);
      free (A);
      free (x);
      free (x2);
    }
  printf ("wrongly marked inner loop ran serially\n");
  return 0;
}
