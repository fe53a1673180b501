/* hostsync-free.c: a temporary the regions keep on the device and the function frees: gpu_hostsync drops its device copy before free (gpurt_discard, no copy back) instead of syncing there, and the result is copied back at the return, which now follows free: free is no tail call any more, or the copy back would be skipped.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdlib.h>

void
pipeline (int n, const float *in, float *out)
{
  float *tmp = malloc (n * sizeof *tmp);
  for (int i GPU_PARALLEL = 0; i < n; i++)
    tmp[i] = in[i] * 2;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    out[i] = tmp[i] + 1;
  free (tmp);
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:15: device copies of the freed block are dropped" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:16: sync before the function returns" "gpu_hostsync" } } */
/* { dg-final { scan-assembler "call\[ \t\]+gpurt_discard" } } */
/* { dg-final { scan-assembler "call\[ \t\]+free" } } */
/* { dg-final { scan-assembler-not "jmp\[ \t\]+free" } } */
