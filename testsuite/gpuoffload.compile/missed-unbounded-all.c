/* missed-unbounded-all.c: when the accesses through several pointers
   cannot be bounded, the remark names every one of them with the size of
   the objects GPU_EXTENT would count (issue 11, item 13: it named one per
   compile, so users fixed them one rebuild at a time); a triangular inner
   loop bounded by the marked index is bounded and offloaded.  With object bounds off: by default such pointers are bounded by the objects they point into at run time (object-bounds.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-object-bounds" } */
#include <gpuoffload.h>

void
gather3 (int n, float *y, const float *a, const double *b, double (*c)[10],
	 const int *idx)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a[idx[i]] + b[idx[i] + 1] + c[idx[i]][2]; /* { dg-missed "cannot bound the accesses through .a. \\(objects of 4 bytes\\), .b. \\(objects of 8 bytes\\) and .c. \\(objects of 80 bytes\\); declare each with GPU_EXTENT" } */
}

void
trmv (int n, const double *l, const double *x, double *y)
{
  for (int j GPU_PARALLEL = 0; j < n; j++) /* { dg-optimized "loop offloaded" } */
    {
      double s = 0;
      for (int k = 0; k <= j; k++)
	s += l[j * n + k] * x[k];
      y[j] = s;
    }
}
