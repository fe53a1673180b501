/* alloc-remark.c: the remarks of the device heap (docs/ABI.md section
   8): a malloc of a size known only at run time and a calloc come from
   the heap, saying why they are not private memory; a malloc in a called
   function is named at the call (alloc-missed.c has the loops that stay
   on the host); the kernels allocate through gpu_heap_malloc and
   gpu_heap_calloc, and test for a failed allocation after each
   allocation and each call that can reach one (gpu_alloc's dump).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdlib.h>

void
scratch (int n, const int *len, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_scratch_0" } */
    {
      float *t = malloc (len[i] * sizeof *t); /* { dg-optimized "kernel gpu_scratch_0: malloc from the device heap .not private memory: its size is not bounded" } */
      for (int k = 0; k < len[i]; k++)
	t[k] = x[i] * k;
      y[i] = t[len[i] / 2];
      free (t);
    }
}

static float
helper (int m)
{
  int *c = calloc (m, sizeof *c);
  float s = 0.0f;
  for (int k = 0; k < m; k++)
    s += c[k] + k;
  free (c);
  return s;
}

void
called (int n, const int *len, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_called_1" } */
    y[i] += helper (len[i]); /* { dg-optimized "kernel gpu_called_1: calloc in a called function from the device heap" } */
}

static __attribute__ ((noinline)) float
pure_sum (const float *t, int m)
{
  float s = 0.0f;
  for (int k = 0; k < m; k++)
    s += t[k];
  return s;
}

/* A call to a function that cannot reach an allocation is not followed
   by a heap check (gpu_alloc: 1 check, the malloc's).  */
void
no_reach (int n, const int *len, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_no_reach_2" } */
    {
      float *t = malloc (len[i] * sizeof *t); /* { dg-optimized "kernel gpu_no_reach_2: malloc from the device heap" } */
      for (int k = 0; k < len[i]; k++)
	t[k] = k;
      y[i] = pure_sum (t, len[i]);
      free (t);
    }
}

/* { dg-final { scan-tree-dump "= \\(__global float \\*\\)\\(gpu_heap_malloc\\(gpu_heap, " "gpu_emit" } } */
/* { dg-final { scan-tree-dump "gpu_heap_calloc\\(gpu_heap, " "gpu_emit" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_scratch_0: device heap: 2 calls, 1 checks, 1 frees removed" "gpu_alloc" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_called_1: device heap: 2 calls, 2 checks, 0 frees removed" "gpu_alloc" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_no_reach_2: device heap: 2 calls, 1 checks, 1 frees removed" "gpu_alloc" } } */
/* { dg-final { scan-tree-dump-times "if \\(GPU_HEAP_OUT\\(gpu_heap\\)\\)" 4 "gpu_emit" } } */
