/* coalescing-remark.c: a 2-D marked nest whose inner index walks the rows
   (a[j * n + i] with i outer, j inner) runs dimension 0 (j) fastest, so
   neighbouring work-items touch addresses n elements apart: the compiler
   says so, and that exchanging the two marked loops would coalesce the
   accesses (issue 14 item 4).  The row-major nest, a transpose (one
   access coalesced either way) and a 1-D loop get no such remark.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fdump-tree-all-details" } */
#include <gpuoffload.h>

void
by_columns (int n, double *a, const double *b)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-missed "no reference walks consecutive elements along dimension 0 \\(the innermost marked loop\\) and some do along dimension 1: neighbouring work-items touch distant addresses \\(not coalesced on a GPU\\); exchanging the two innermost marked loops would coalesce them \\(2 such references\\)" } */
    for (int j GPU_PARALLEL = 0; j < n; j++)
      a[j * n + i] = 2 * b[j * n + i];
}

void
by_rows (int n, double *a, const double *b)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      a[i * n + j] = 2 * b[i * n + j];
}

void
transpose (int n, double *a, const double *b)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      a[j * n + i] = b[i * n + j];
}

void
one_d (int n, double *a, const double *b)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[i * n] = b[i * 7];
}

/* { dg-final { scan-tree-dump-times "FAILED: \[^\n\]*not coalesced" 1 "gpu_find" } } */
