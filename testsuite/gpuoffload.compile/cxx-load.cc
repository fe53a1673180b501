/* cxx-load.cc: the plugin loads in cc1plus and offloads a marked loop of C++ code (a struct, a reference parameter, a template); nothing crashes the compiler.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized" } */
#include <gpuoffload.h>

struct point
{
  float x, y;
};

void
dots (int n, const point *p, const point &q, float *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    out[i] = p[i].x * q.x + p[i].y * q.y;
}

template <typename T>
void
scale (int n, T a, T *v)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    v[i] *= a;
}

template void scale<double> (int, double, double *);
