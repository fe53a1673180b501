/* saxpy.c -- the example project's program: y = a*x + y with a marked
   loop, checked against the same loop run serially.  Prints where the
   loop ran; exits 0 when the results are right.  */

#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>

static void
saxpy (int n, float a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int
main (void)
{
  enum { N = 100003 };
  float *x = malloc (N * sizeof *x), *y = malloc (N * sizeof *y);
  int i, bad = 0;

  if (x == NULL || y == NULL)
    return 1;
  for (i = 0; i < N; i++)
    {
      x[i] = (float) (i % 1000) / 7.0f;
      y[i] = (float) (i % 13);
    }
  saxpy (N, 2.5f, x, y);
  for (i = 0; i < N; i++)
    {
      float want = 2.5f * ((float) (i % 1000) / 7.0f) + (float) (i % 13);
      float diff = y[i] > want ? y[i] - want : want - y[i];
      if (diff > 1e-5f * (1.0f + (want > 0 ? want : -want)))
	bad++;
    }
#ifdef __GPUOFFLOAD__
  printf ("saxpy of %d elements ran on %s: %s\n", N,
	  gpurt_last_region_ran_on_device () ? "the OpenCL device" : "the host",
	  bad ? "WRONG" : "ok");
#else
  printf ("saxpy of %d elements (built without gpuoffload): %s\n", N,
	  bad ? "WRONG" : "ok");
#endif
  free (x);
  free (y);
  return bad != 0;
}
