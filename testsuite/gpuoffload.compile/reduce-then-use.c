/* reduce-then-use.c: a marked loop that reads a GPU_REDUCE accumulator
   after the loop that reduced it (particlefilter's weights[x] /
   sum_weights) takes the reduced value as a parameter and is offloaded;
   it used to fail with "internal error: 's' is not a parameter of the
   kernel" whichever of the two loops was printed first.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
normalize (int n, double *w)
{
  double s GPU_REDUCE = 0;
  for (int x GPU_PARALLEL = 0; x < n; x++) /* { dg-optimized "loop offloaded as kernel gpu_normalize_\[0-9\] \[^\n\]*1 reduction \\(\\+ s\\)" } */
    s += w[x];
  for (int x GPU_PARALLEL = 0; x < n; x++) /* { dg-optimized "loop offloaded as kernel gpu_normalize_\[0-9\] \\(1-D index space, 5 arguments, host" } */
    w[x] = w[x] / s;
}

void
twice (int n, int steps, long *a)
{
  for (int k = 0; k < steps; k++)
    {
      long sum GPU_REDUCE = 0;
      long mx GPU_REDUCE = 0;
      for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_twice_\[0-9\] \[^\n\]*2 reductions" } */
	{
	  sum += a[i];
	  mx = a[i] > mx ? a[i] : mx;
	}
      for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_twice_\[0-9\] \\(1-D" } */
	a[i] = a[i] * mx - sum;
    }
}

/* { dg-final { scan-tree-dump-not "internal error" "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: kernel gpu_\[a-z\]*_\[0-9\] printed" 4 "gpu_emit" } } */
