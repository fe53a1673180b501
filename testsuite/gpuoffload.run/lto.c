/* lto.c: built and linked with -flto, the plugin loads in lto1 too (it used to fail there on a symbol of the C front end): the marked loops, offloaded at compile time, still run on the device from the LTO-linked program; a map and a reduction, random data, the standard sizes.  */
/* { dg-additional-options "-flto" } */
#include "check.h"

static void
scale (int n, float a, const float *x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + 1.0f;
}

static long
count_pos (int n, const float *x)
{
  long c GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    c += x[i] > 0.0f;
  return c;
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      float *x = check_alloc (n * sizeof (float));
      float *y = check_alloc (n * sizeof (float));
      float *w = check_alloc (n * sizeof (float));
      check_fill_float (x, n, -1, 1);
      float a = check_uniformf (-2, 2);
      long want = 0;
      for (int i = 0; i < n; i++)
	{
	  w[i] = a * x[i] + 1.0f;
	  want += x[i] > 0.0f;
	}
      scale (n, a, x, y);
      CHECK_RAN_ON_DEVICE (n);
      check_floats_at (__FILE__, __LINE__, y, w, n, 1e-6, 1e-6, "scale n=%d", n);
      long got = count_pos (n, x);
      CHECK_RAN_ON_DEVICE (n);
      if (got != want)
	check_fail_at (__FILE__, __LINE__, "count_pos n=%d: %ld, expected %ld", n, got, want);
      free (x); free (y); free (w);
    }
  return 0;
}
