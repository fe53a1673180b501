/* saxpy.c: y = a*x + y on float arrays with restrict pointers, every standard size and 1 Mi elements.  */
#include "check.h"

static void
saxpy (int n, float a, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void
test (long n)
{
  float *x = check_alloc (n * sizeof *x);
  float *y = check_alloc (n * sizeof *y);
  check_fill_float (x, n, -10.0f, 10.0f);
  check_fill_float (y, n, -10.0f, 10.0f);
  float a = check_uniformf (-3.0f, 3.0f);
  float *want = check_dup (y, n * sizeof *y);
  for (long i = 0; i < n; i++)
    want[i] = a * x[i] + want[i];

  saxpy ((int) n, a, x, y);
  CHECK_RAN_ON_DEVICE (n);
  /* The device may contract a*x+y into an fma: allow for its rounding.  */
  CHECK_FLOATS (y, want, n, 1e-5, 1e-4, "saxpy n=%ld a=%g", n, (double) a);
  free (x);
  free (y);
  free (want);
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    test (check_sizes[s]);
  test (CHECK_LARGE);
  return 0;
}
