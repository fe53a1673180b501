/* twolevel-remark.c: two levels of parallelism (issue 14): the remark
   says how each level was mapped (the outer marked loop over work-groups,
   the inner marked loops over the work-items of a group) and names the
   reductions per outer iteration; gpu_twolevel's dump shows the lowered
   clone (barriers, the group's reduction) and the kernel launches one
   group per outer iteration.  Barriers: matvec's store of y[i] by one
   work-item has one on each side and the inner loop one before and one
   after (4); in the i-k-j product each work-item owns its elements of C
   across the inner loops and the code between them touches no memory, so
   the barrier after each inner loop runs only when C and A or B turn out
   to be one buffer at run time (2 such).  A 2-D inner level (two marked
   loops nested perfectly inside the outer one) is named as such.  Each
   kernel has a one-level variant NAME_flat (one work-item per outer
   iteration); the remark says which mapping a large outer index space
   gets: matvec and the i-k-j product walk consecutive elements with the
   inner index (two levels), colsum (a[j * n + i], i outer) with the
   outer one (one level).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fdump-tree-all-details" } */
#include <gpuoffload.h>

void
matvec (int n, int m, const double *A, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_matvec_\[0-9\]* \\(1-D index space, \[0-9\]* arguments, 1 reduction per outer iteration \\(\\+ t\\) in local memory; the outer 1-D nest over work-groups, 1 inner GPU_PARALLEL loop over the work-items of a group" } */
    {
      double t GPU_REDUCE = 0;
      for (int j GPU_PARALLEL = 0; j < m; j++)
	t += A[i * m + j] * x[j];
      y[i] = t;
    }
}

void
gemm_ikj (int ni, int nj, int nk, double alpha, double beta,
	  const double *A, const double *B, double *C)
{
  for (int i GPU_PARALLEL = 0; i < ni; i++) /* { dg-optimized "the outer 1-D nest over work-groups, 2 inner GPU_PARALLEL loops over the work-items of a group; when the outer iterations fill the device still work-groups, not one outer iteration per work-item \\(0 of the inner loops' accesses walk consecutive elements so, 5 with two levels\\)" } */
    {
      for (int j GPU_PARALLEL = 0; j < nj; j++)
	C[i * nj + j] *= beta;
      for (int k = 0; k < nk; k++)
	for (int j GPU_PARALLEL = 0; j < nj; j++)
	  C[i * nj + j] += alpha * A[i * nk + k] * B[k * nj + j];
    }
}

void
nest3 (long n, long m, long p, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "the outer 1-D nest over work-groups, 1 inner GPU_PARALLEL loop \\(1 of them a 2-D nest\\) over the work-items of a group" } */
    {
      y[i] = 0;
      for (long j GPU_PARALLEL = 0; j < m; j++)
	for (long k GPU_PARALLEL = 0; k < p; k++)
	  y[(i * m + j) * p + k + n] = x[(i * m + j) * p + k] * 2;
    }
}

void
colsum (int n, int m, const double *a, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "over the work-items of a group; when the outer iterations fill the device one outer iteration per work-item, inner loops serial \\(1 of the inner loops' accesses walk consecutive elements so, 0 with two levels\\)" } */
    {
      double t GPU_REDUCE = 0;
      for (int j GPU_PARALLEL = 0; j < m; j++)
	t += a[j * n + i];
      y[i] = t;
    }
}

/* { dg-final { scan-tree-dump "references walking consecutive elements: 0 with two levels, 1 with one" "gpu_twolevel" } } */
/* { dg-final { scan-tree-dump "__kernel void gpu_colsum_\[0-9\]*_flat\\(" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "const ulong gpu_t = get_global_id\\(0\\);\n  if \\(gpu_t >= gpu_n0 \\* gpu_n1 \\* gpu_n2\\) return;" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: inner GPU_PARALLEL loop \[0-9\]* \\(2-D, with the marked loop nested in it\\) shared out" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: inner GPU_PARALLEL loop \[0-9\]* shared out among the work-items of a group" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: reduction per outer iteration recognized" "gpu_reduce" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_matvec_\[0-9\]*: the outer 1-D nest over work-groups, 1 inner loop over the work-items of a group, 1 reduction per outer iteration, 4 barriers, 0 only when buffers coincide" "gpu_twolevel" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_gemm_ikj_\[0-9\]*: the outer 1-D nest over work-groups, 2 inner loops over the work-items of a group, 0 reductions per outer iteration, 0 barriers, 2 only when buffers coincide" "gpu_twolevel" } } */
/* { dg-final { scan-tree-dump "if \\(0 \\|\\| gpu_b\[0-9\]* == gpu_b\[0-9\]* \\|\\| gpu_b\[0-9\]* == gpu_b\[0-9\]*\\) barrier" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "__gpu_group_reduce \\(" "gpu_twolevel" } } */
/* { dg-final { scan-tree-dump "__gpu_barrier \\(\\);" "gpu_twolevel" } } */
/* { dg-final { scan-tree-dump "const ulong gpu_t = get_group_id\\(0\\);" "gpu_emit" } } */
