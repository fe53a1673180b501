/* reduce-last.c: a reduction kernel takes the gpu_rlast buffer after its trip counts and its last work-group combines the partial results there (docs/ABI.md section 4): it counts the work-groups with atomic_inc, combines the long sum in a tree and folds the double sum one partial after the other (the host's order), and resets the count.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
sums (long n, const long *k, const double *x, long *ks, double *xs)
{
  long a GPU_REDUCE = 0;
  double b GPU_REDUCE = 0;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      a += k[i];
      b += x[i];
    }
  *ks = a;
  *xs = b;
}

/* { dg-final { scan-tree-dump "ulong gpu_n2, ulong gpu_f, __global ulong \\*gpu_rlast\\)" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "atomic_inc\\(\\(__global uint \\*\\)\\(gpu_rlast \\+ 2\\)\\) == gpu_ng - 1" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "\\*\\(__global long \\*\\)\\(gpu_rlast \\+ 0\\) = gpu_x0;" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "gpu_la1 = \\(gpu_la1\\) \\+ \\(gpu_l1\\\[gpu_k\\\]\\);" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "\\*\\(__global uint \\*\\)\\(gpu_rlast \\+ 2\\) = 0;" "gpu_emit" } } */
