/* remark-both.c: with -fopt-info-loop-optimized and -fopt-info-loop-missed on one command line (in either order: remark-both-rev.c), the user gets both kinds of remark from the gpu_* passes, as from GCC's own passes: the offloaded loop and the loop that stays on the host.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed" } */
#include <gpuoffload.h>

extern float external_fn (float);

void
saxpy (int n, float a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_saxpy_\[0-9_a-z\]* \\(1-D index space" } */
    y[i] = a * x[i] + y[i];
}

void
f (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = external_fn (x[i]); /* { dg-missed "loop not offloaded: call to .external_fn., which has no body" } */
}
