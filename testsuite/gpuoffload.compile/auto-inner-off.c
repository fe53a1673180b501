/* auto-inner-off.c: -fplugin-arg-gpuoffload-no-auto-inner keeps a serial
   inner loop with independent iterations serial in each work-item
   (missed remark naming the switch).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-auto-inner" } */
#include <gpuoffload.h>

float T[64][64], R[64][64];

void
rows (int n, int m)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "1-D index space, \[0-9\]* arguments, host fallback" } */
    for (int j = 0; j < m; j++) /* { dg-missed "inner loop at line \[0-9\]* runs serially in each work-item: -fplugin-arg-gpuoffload-no-auto-inner" } */
      R[i][j] = T[i][j] * 2;
}
