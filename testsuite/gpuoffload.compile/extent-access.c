/* extent-access.c: GCC's access attribute with a size index and a [static N] parameter bound the accesses the compiler cannot (issue 13, item 2); an access attribute without a size index says nothing of the reach, so such accesses are bounded at run time by the object the pointer points into, as any pointer without an extent; a plain a[m] parameter is taken at its word (m objects), as C99 array parameters are (vla-params.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed" } */
#include <gpuoffload.h>

__attribute__ ((access (write_only, 1, 4))) void
access_size (float *a, const int *idx, int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    a[idx[i]] = 0;
}

void
static_size (float a[static 100], const int *idx, int n)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    a[idx[i]] = 0;
}

void
static_param (int m, float a[static m], const int *idx, int n)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    a[idx[i]] = 0;
}

__attribute__ ((access (write_only, 1))) void
access_no_size (float *a, const int *idx, int n)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[idx[i]] = 0; /* { dg-optimized "accesses through 'a' bounded at run time by the heap block or global it points into" } */
}

void
vla_not_static (int m, float a[m], const int *idx, int n)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[idx[i]] = 0;
}
