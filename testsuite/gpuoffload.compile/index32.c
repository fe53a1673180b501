/* index32.c: gpu_emit prints a kernel's buffer offsets a second time in
   32-bit arithmetic (NAME_i32, the record's "index32" line), which the
   runtime runs when every buffer is small enough.  Narrowed: products
   such as (i - 1) * n + j and negative halo offsets, whose low 32 bits
   are exact; the sign-extended sum is added to the buffer.  Not
   narrowed: a value that is also stored, divided or compared.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
stencil (long n, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 1; j < n - 1; j++)
      b[i * n + j] = a[(i - 1) * n + j] + a[(i + 1) * n + j]
		     + a[i * n + j - 1] + a[i * n + j + 1];
}

/* The offset i * n is also stored as a value: the product stays
   64-bit, only the byte offset made from it is narrowed.  */
void
keep (long n, long *idx, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      long k = i * n;
      idx[i] = k;
      y[i] = x[k / 3];
    }
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*kernel gpu_stencil_0_i32: \[0-9\]+ offset computations in 32 bits" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "record: index32 gpu_stencil_0_i32" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "\\+ \\(long\\)as_int\\(v" "gpu_emit" } } */
/* The stored product i * n keeps its 64-bit multiplication.  */
/* { dg-final { scan-tree-dump "= \\(long\\)\\(\\(\[a-z0-9_\]+\\) \\* \\(\[a-z0-9_\]+\\)\\)" "gpu_emit" } } */
