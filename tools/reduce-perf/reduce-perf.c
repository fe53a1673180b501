/* reduce-perf.c -- the GPU_REDUCE side of tools/reduce-perf: reductions
   add, mul and min over N floats written as marked loops, each launched
   REPS times.  Kernel time comes from GPURT_PROFILE=json:FILE (OpenCL
   events, per region); run.sh turns it into GB/s.  Each result is checked
   against the serial loop (sum and product within n*eps relative to the
   data, min exactly) so that a wrong kernel never gets timed.

   Usage: reduce-perf N REPS  */

#include <gpuoffload.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static float
red_add (long n, const float *x)
{
  float s GPU_REDUCE = 0.0f;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    s += x[i];
  return s;
}

static float
red_mul (long n, const float *x)
{
  float s GPU_REDUCE = 1.0f;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    s *= x[i];
  return s;
}

static float
red_min (long n, const float *x)
{
  float s GPU_REDUCE = INFINITY;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    s = x[i] < s ? x[i] : s;
  return s;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 24;
  int reps = argc > 2 ? atoi (argv[2]) : 10;
  float *x = malloc (n * sizeof *x), *xm = malloc (n * sizeof *x);
  unsigned long long st = 12345;
  double sabs = 0, dadd = 0, dmul = 0;
  float mn = INFINITY;
  for (long i = 0; i < n; i++)
    {
      st = st * 6364136223846793005ULL + 1442695040888963407ULL;
      double u = (double) (st >> 11) * 0x1.0p-53;
      x[i] = (float) (u * 2.0 - 1.0);
      /* Factors that keep the product near 1.  */
      xm[i] = (float) (1.0 + (u - 0.5) * 1e-6);
      sabs += fabs (x[i]);
      dadd += x[i];
      dmul += log (xm[i]);
      mn = x[i] < mn ? x[i] : mn;
    }
  int bad = 0, ondev = 1;
  for (int r = 0; r < reps; r++)
    {
      float a = red_add (n, x);
      ondev &= gpurt_last_region_ran_on_device ();
      float m = red_mul (n, xm);
      ondev &= gpurt_last_region_ran_on_device ();
      float lo = red_min (n, x);
      ondev &= gpurt_last_region_ran_on_device ();
      /* Bounds from the data: n eps sum|x| for the sum, n eps for the
	 relative error of the product (against the exact value).  */
      if (fabs (a - dadd) > 2.0 * n * FLT_EPSILON * sabs
	  || fabs (m - exp (dmul)) > 2.0 * n * FLT_EPSILON * exp (dmul)
	  || lo != mn)
	{
	  fprintf (stderr, "reduce-perf: wrong result n=%ld: add %.9g (%.9g)"
		   " mul %.9g (%.9g) min %.9g (%.9g)\n", n, a, dadd, m,
		   exp (dmul), lo, mn);
	  bad = 1;
	}
    }
  printf ("n %ld reps %d %s%s\n", n, reps, bad ? "WRONG" : "ok",
	  ondev ? "" : " (not on the device)");
  return bad || !ondev;
}
