/* extent-unit.c: with run-time object bounds off (no-object-bounds), the remark asking for GPU_EXTENT says what its count counts: objects of the pointed-to type, rows of 800 bytes for double (*c)[100] (issue: users read it as elements and gave 100 times the array).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-object-bounds" } */
#include <gpuoffload.h>

#define N 100

void
f (int n, double (*c)[N], const int *idx)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    c[idx[i]][0] = i; /* { dg-missed "declare it with GPU_EXTENT\\(count\\), count being the number of objects of its pointed-to type \\(800 bytes each\\)" } */
}
