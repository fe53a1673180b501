/* noplugin-markers.c: without the plugin every marker of gpuoffload.h expands to nothing and a marked program is warning-free C (-Wall -Wextra -pedantic).  */
/* { dg-do compile } */
#include <gpuoffload.h>

float
dot (int n, const float *x, const float *y)
{
  float s GPU_REDUCE = 0.0f;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

void
gather (int n, int m, float *y, const float *x GPU_EXTENT (m), const int *idx)
{
  (void) m;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[idx[i]];
}

int
ran (void)
{
  return gpurt_last_region_ran_on_device ();
}
