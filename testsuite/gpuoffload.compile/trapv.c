/* trapv.c: under -ftrapv signed overflow must trap, which the device cannot do: the loop stays on the host (a remark, no error, werror aside), with the reason in gpu_find's dump.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftrapv -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
add (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-missed "loop not offloaded: .-ftrapv. asks for a trap on signed overflow" } */
    y[i] = x[i] + y[i];
}

/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*:9: .-ftrapv. asks for a trap" "gpu_find" } } */
/* { dg-final { scan-assembler-not "gpurt_run" } } */
