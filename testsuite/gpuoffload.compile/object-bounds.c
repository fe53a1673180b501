/* object-bounds.c: accesses the compiler cannot bound and no GPU_EXTENT declares: through a pointer parameter they are bounded at run time by the heap block or global the pointer points into (remark, dump); through a pointer computed from a variable's address, by that variable; through a pointer into a local array of unknown size (a VLA) they still need GPU_EXTENT, and the remark says so.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
gather (int n, float *y, const float *x, const int *idx)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    y[i] = x[idx[i]]; /* { dg-optimized "accesses through 'x' bounded at run time by the heap block or global it points into" } */
}

float table[1000];

void
from_global (int n, float *y, const int *idx, int k)
{
  const float *t = table + k;
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    y[i] = t[idx[i]];
}

void
from_vla (int n, int m, float *y, const int *idx)
{
  float v[m];
  for (int i = 0; i < m; i++)
    v[i] = i;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = v[idx[i]]; /* { dg-missed "cannot bound the accesses through .v.*. \\(it points into the stack\\); declare it with GPU_EXTENT" } */
}

/* { dg-final { scan-tree-dump "SUCCESS: accesses through x bounded at run time by the object it points into" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: accesses through t bounded by the variable it points into" "gpu_find" } } */
