/* index32.c: gpu_emit prints a kernel's buffer offsets a second time in
   32-bit arithmetic (NAME_i32, the record's "index32" line), which the
   runtime runs when every buffer is small enough.  Narrowed: products
   such as (i - 1) * n + j and negative halo offsets, whose low 32 bits
   are exact; the sign-extended sum is added to the buffer.  Not
   narrowed: a value that is also stored, divided or compared.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

void
stencil (long n, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++) /* { dg-optimized "kernel gpu_stencil_0: also gpu_stencil_0_i32 with 32-bit buffer offsets, run while every buffer is under 1 GiB" } */
    for (long j GPU_PARALLEL = 1; j < n - 1; j++)
      b[i * n + j] = a[(i - 1) * n + j] + a[(i + 1) * n + j]
		     + a[i * n + j - 1] + a[i * n + j + 1];
}

/* The product i * n is also stored, and divided: it stays 64-bit in
   gpu_keep_1_i32, where only (k / 3) * m + i is narrowed.  */
void
keep (long n, long m, long *idx, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      long k = i * n;
      idx[i] = k;
      y[i] = x[k / 3 * m + i];
    }
}

/* Offsets that multiply no two values (i * 8, a shift): a second kernel
   would double the build time for little.  */
void
halo (long n, const double *p, double *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = p[-1 - i] + p[i + 1];
}

/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*kernel gpu_halo_2: no kernel with 32-bit offsets: its offsets multiply no two values" "gpu_emit" } } */
/* { dg-final { scan-tree-dump-not "gpu_halo_2_i32" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*kernel gpu_stencil_0_i32: \[0-9\]+ offset computations in 32 bits" "gpu_emit" } } */
/* { dg-final { scan-tree-dump "record: index32 gpu_stencil_0_i32" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "\\+ \\(long\\)as_int\\(v" "gpu_emit" } } */
/* The stored product i * n keeps its 64-bit multiplication.  */
/* { dg-final { scan-tree-dump "void gpu_keep_1_i32\\(\[^#\]* = \\(long\\)\\(\\(v\[0-9\]+\\) \\* \\(gpu_s\[0-9\]+\\)\\);\[^#\]* = \\(uint\\)gpu_s\[0-9\]+ \\* \\(uint\\)v\[0-9\]+;" "gpu_emit" } } */
