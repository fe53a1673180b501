/* unsigned-stencil.c: an unsigned stencil index read as in[i - 1] under if (i > 0) wraps around at i = 0 in the range analysis, which does not use the guard: the launch's ranges would hold for no launch, so instead of a region that always falls back at run time (and stops the program under GPURT_FALLBACK=abort) the loop stays on the host with a remark saying why; the same loop with a signed index is offloaded.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed" } */
#include <gpuoffload.h>

void
blur_unsigned (unsigned n, const float *in, float *out)
{
  for (unsigned i GPU_PARALLEL = 0; i < n; i++) /* { dg-missed "loop not offloaded: the index arithmetic of an access wraps around in its unsigned type for every launch" } */
    {
      float s = in[i];
      if (i > 0)
	s += in[i - 1];
      out[i] = s;
    }
}

void
blur_signed (int n, const float *in, float *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    {
      float s = in[i];
      if (i > 0)
	s += in[i - 1];
      out[i] = s;
    }
}
