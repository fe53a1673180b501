/* ranges-outer.c: gpu_find records how each buffer's range moves with the outermost marked index (for batching): a row-major array accessed by row moves by the row's bytes per iteration; an array also read at a fixed place does not move as one block, and an indirect access is not affine.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
rows (int n, int m, const float *x, float *y, const float *z, const int *idx,
      float *w GPU_EXTENT (n))
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m; j++)
      {
	y[i * m + j] = x[i * m + j] + x[j];
	w[idx[i]] = z[j];
      }
}

/* { dg-final { scan-tree-dump "buffer y_\[0-9\]+\\(D\\) w, range \[^\n\]*, per outer iteration k: \[^\n\]* \\+ k \\* \\(long int\\) \\(\\(long unsigned int\\) m_\[0-9\]+\\(D\\) \\* 4\\)\n" "gpu_find" } } */
/* { dg-final { scan-tree-dump "buffer z_\[0-9\]+\\(D\\) r, range \[^\n\]*, per outer iteration k: \[^\n\]* \\+ k \\* 0\n" "gpu_find" } } */
/* { dg-final { scan-tree-dump "buffer idx_\[0-9\]+\\(D\\) r, range \[^\n\]*, per outer iteration k: \[^\n\]* \\+ k \\* 4\n" "gpu_find" } } */
/* { dg-final { scan-tree-dump-not "buffer x_\[0-9\]+\\(D\\) r, range \[^\n\]*per outer" "gpu_find" } } */
/* { dg-final { scan-tree-dump-not "buffer w_\[0-9\]+\\(D\\) w, range \[^\n\]*per outer" "gpu_find" } } */
/* { dg-final { scan-tree-dump "buffer x_\[0-9\]+\\(D\\) r, range" "gpu_find" } } */
/* { dg-final { scan-tree-dump "buffer w_\[0-9\]+\\(D\\) w, range" "gpu_find" } } */
