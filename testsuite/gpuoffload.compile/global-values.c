/* global-values.c: scalar globals that a region and the functions it
   calls only read are kernel arguments by value (in the kernel's and the
   called function's parameters); a global the region writes, or whose
   address is taken, stays a buffer.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fplugin-arg-gpuoffload-dump=details -fplugin-arg-gpuoffload-dump-cl=out/gpuoffload.compile/dump-cl" } */
#include <gpuoffload.h>

static long long A = 1103515245;	/* not const: a variable read */
double offset;
int scale = 3;
long count;
int taken;
int *taken_ptr = &taken;

static long long
lcg (long long seed)
{
  return A * seed % 2147483647 + scale;
}

void
gvalues (long n, long long *seeds, double *out)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    {
      seeds[i] = lcg (seeds[i]);
      out[i] = offset + taken;
      if (i == 0)
	count = n;
    }
}

/* { dg-final { scan-tree-dump "SUCCESS: global A is read only: argument \[0-9\]+ by value" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: global offset is read only: argument \[0-9\]+ by value" "gpu_find" } } */
/* { dg-final { scan-tree-dump-not "SUCCESS: global (count|taken) is read only" "gpu_find" } } */
/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_gvalues*.cl" "long gpu_\[a-z_\]*lcg_v\\(long \[a-z_0-9\]+, long gpu_s\[0-9\]+, int gpu_s\[0-9\]+\\)" } } */
/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_gvalues*.cl" "__kernel void gpu_gvalues_\[0-9\]+\\(\[^\\n\]*double gpu_s\[0-9\]+, " } } */
