/* hello.c -- built by install.exp against the temporary install, once per
   way of using gpuoffload (pkg-config, specs file, -fplugin=gpuoffload).
   Fails to compile unless the plugin was loaded (__GPUOFFLOAD__), and
   exits nonzero unless the marked loop ran on the OpenCL device with the
   right results.  */

#include <gpuoffload.h>
#include <stdio.h>

#ifndef __GPUOFFLOAD__
# error "the gpuoffload plugin was not loaded"
#endif

static void
scale (int n, int *x)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    x[i] = 3 * x[i] + 1;
}

int
main (void)
{
  int x[1000], i, bad = 0;

  for (i = 0; i < 1000; i++)
    x[i] = i;
  scale (1000, x);
  for (i = 0; i < 1000; i++)
    bad += x[i] != 3 * i + 1;
  printf ("hello: %s, ran on %s\n", bad ? "WRONG" : "ok",
	  gpurt_last_region_ran_on_device () ? "the device" : "the host");
  return bad != 0 || !gpurt_last_region_ran_on_device ();
}
