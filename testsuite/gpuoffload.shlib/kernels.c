/* kernels.c: the program half of the shlib test: calls marked loops that live in a shared (or static) library, and has a marked loop of its own, so kernels from two objects are registered with libgpurt.  */
#include "check.h"
#include "kernels.h"

static void
own_kernel (int n, const int *in, int *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    out[i] = in[i] * 3 - 1;
}

int
main (void)
{
  check_init ();
  CHECK (lib_kernel_count () == 2, "library not linked");
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      float *x = check_alloc (n * sizeof (float)), *y = check_alloc (n * sizeof (float));
      float *w = check_alloc (n * sizeof (float));
      float a = check_uniformf (-2, 2);
      check_fill_float (x, n, -1, 1);
      check_fill_float (y, n, -1, 1);
      for (int i = 0; i < n; i++)
	w[i] = a * x[i] + (y[i] + y[i]);
      lib_saxpy (n, a, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_FLOATS (y, w, n, 1e-5, 1e-5, "library saxpy, n=%d", n);

      int *in = check_alloc (n * sizeof (int)), *out = check_alloc (n * sizeof (int));
      check_fill_int (in, n, -1000, 1000);
      own_kernel (n, in, out);
      CHECK_RAN_ON_DEVICE (n);
      for (int i = 0; i < n; i++)
	CHECK (out[i] == in[i] * 3 - 1, "own kernel, element %d of %d", i, n);

      int m = 1 + n % 13, k = n / 13 + 1;
      int *g = check_alloc ((long) m * k * sizeof (int));
      lib_index2d (m, k, g);
      CHECK_RAN_ON_DEVICE ((long) m * k);
      for (int i = 0; i < m; i++)
	for (int j = 0; j < k; j++)
	  CHECK (g[i * k + j] == i * 10000 + j, "library 2-D, %d,%d of %dx%d", i, j, m, k);
      free (x); free (y); free (w); free (in); free (out); free (g);
    }
  return 0;
}
