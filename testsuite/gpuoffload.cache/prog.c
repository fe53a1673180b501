/* prog.c -- the program cache.exp runs against the persistent program
   cache: two marked loops (kernels gpu_first_* and gpu_second_*), checked
   against the serial result.  Built a second time with -DSECOND_K=7,
   which changes the source of the second kernel only (a new cache key)
   and not that of the first.  Exits nonzero on a wrong result or when a
   loop did not run on the device.  */

#include <gpuoffload.h>
#include <stdio.h>

#ifndef SECOND_K
# define SECOND_K 5
#endif

enum { N = 4099 };
static int a[N], b[N];

static void
first (int n, int *x)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    x[i] = x[i] * 3 + i;
}

static void
second (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[i] * SECOND_K - 1;
}

int
main (void)
{
  int i, bad = 0, on_device;

  for (i = 0; i < N; i++)
    a[i] = i % 101;
  first (N, a);
  on_device = gpurt_last_region_ran_on_device ();
  second (N, a, b);
  on_device &= gpurt_last_region_ran_on_device ();
  for (i = 0; i < N; i++)
    {
      int want = (i % 101) * 3 + i;
      bad += a[i] != want || b[i] != want * SECOND_K - 1;
    }
  printf ("prog: %s, %s\n", bad ? "WRONG" : "results ok",
	  on_device ? "on the device" : "NOT on the device");
  return bad != 0 || !on_device;
}
