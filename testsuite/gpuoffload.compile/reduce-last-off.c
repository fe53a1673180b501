/* reduce-last-off.c: with -fplugin-arg-gpuoffload-no-reduce-last the reduction kernel has no gpu_rlast argument and no last work-group's combine: it writes one partial result per work-group, which the runtime combines (the record's reduce line has no "last").  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-no-reduce-last -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

long
sum (long n, const long *k)
{
  long a GPU_REDUCE = 0;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    a += k[i];
  return a;
}

/* { dg-final { scan-tree-dump "ulong gpu_n2, ulong gpu_f\\)" "gpu_emit" } } */
/* { dg-final { scan-tree-dump-not "gpu_rlast" "gpu_emit" } } */
/* { dg-final { scan-tree-dump-not "atomic_inc" "gpu_emit" } } */
