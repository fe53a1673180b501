/* tile-transpose-one.c: with -fplugin-arg-gpuoffload-no-register-block
   the staged transpose moves one element per work-item in a 32x32 group
   (_tr32; see tile-transpose.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fplugin-arg-gpuoffload-no-register-block" } */
#include <gpuoffload.h>

void
tr (long m, long n, const float *in, float *out)
{
  for (long i GPU_PARALLEL = 0; i < m; i++) /* { dg-optimized "variant gpu_tr_\[0-9\]*_tr32 with transpose: in staged through local memory in tiles of 32x33 \\(the stores walk dimension 1\\), work-group 32x32, one element per work-item, 4224 bytes" } */
    for (long j GPU_PARALLEL = 0; j < n; j++)
      out[j * m + i] = in[i * n + j];
}
