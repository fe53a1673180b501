/* batch-base.c: every kernel takes the first outer iteration of its launch as its last index parameter, ulong gpu_f after the trip counts, and adds it to the outermost index (docs/ABI.md section 2): get_global_id of the outermost dimension in the plain kernels (1-D and 2-D), gpu_f times the inner trip counts in the grid-stride loop of a reduction.  No launch uses a global work offset (libgpurt), so a batch past 2^32 iterations gets its index right on every device.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
affine (long n, long *a)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    a[i] = 3 * i + 1;
}

void
rows (long n, long m, long *b)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < m; j++)
      b[i * m + j] = 1000 * i + j;
}

long
weighted2 (long n, long m, const int *x)
{
  long s GPU_REDUCE = 0;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < m; j++)
      s += i * x[i * m + j];
  return s;
}

/* { dg-final { scan-tree-dump "void gpu_affine_0\\(\[^)\]*ulong gpu_n2, ulong gpu_f\\)" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "void gpu_rows_1\\(\[^)\]*ulong gpu_n2, ulong gpu_f\\)" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "void gpu_weighted2_2\\(\[^)\]*ulong gpu_n2, ulong gpu_f, __global ulong \\*gpu_rlast\\)" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "ulong gpu_g0 = get_global_id\\(0\\) \\+ gpu_f;\n  if \\(gpu_g0 >= gpu_n0\\) return;" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "ulong gpu_g0 = get_global_id\\(0\\);\n  if \\(gpu_g0 >= gpu_n0\\) return;\n  ulong gpu_g1 = get_global_id\\(1\\) \\+ gpu_f;\n  if \\(gpu_g1 >= gpu_n1\\) return;" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "ulong gpu_t = get_global_id\\(0\\) \\+ gpu_f \\* gpu_n0;" "gpu_emit" } } */
