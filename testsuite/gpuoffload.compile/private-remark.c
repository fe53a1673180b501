/* private-remark.c: gpu_private places each block of a constant size
   that stays in the iteration in private memory and says so: malloc
   tested for NULL, calloc (zeroed by a memset in the clone), a block a
   function of this file fills, two blocks of one iteration, a block and
   a variable-length array whose sizes have a bound; the free of
   each goes from the device clone, the host keeps malloc and free.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdlib.h>

static void
fill (float *b, float v)
{
  for (int k = 0; k < 8; k++)
    b[k] = v * k;
}

void
scratch (int n, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_scratch_" } */
    {
      double *t = malloc (8 * sizeof (double)); /* { dg-optimized "block of malloc \\(64 bytes\\) placed in private memory of each work-item" } */
      if (!t)
	{
	  y[i] = -1;
	  continue;
	}
      for (int k = 0; k < 8; k++)
	t[k] = x[i] * k;
      y[i] = t[3] + t[5];
      free (t);
    }
}

void
zeroed (int n, const int *v, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_zeroed_" } */
    {
      int *h = calloc (16, sizeof (int)); /* { dg-optimized "block of calloc \\(64 bytes\\) placed in private memory of each work-item, zeroed" } */
      h[v[i] & 15]++;
      y[i] = h[0] + 2 * h[1];
      free (h);
    }
}

void
helper (int n, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_helper_" } */
    {
      float *a = malloc (8 * sizeof (float)); /* { dg-optimized "block of malloc \\(32 bytes\\) placed" } */
      float *b = malloc (32); /* { dg-optimized "block of malloc \\(32 bytes\\) placed" } */
      fill (a, x[i]);
      fill (b, x[i] + 1);
      y[i] = a[7] * b[2];
      free (a);
      free (b);
    }
}

void
bounded (int n, const int *len, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_bounded_" } */
    {
      int k = len[i] & 15;
      double *t = malloc (k * sizeof (double)); /* { dg-optimized "block of malloc \\(120 bytes\\) placed" } */
      double s = 0;
      for (int j = 0; j < k; j++)
	t[j] = j;
      for (int j = 0; j < k; j++)
	s += t[j];
      y[i] = s;
      free (t);
    }
}

void
vla (int n, int m, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_vla_" } */
    {
      int k = m < 16 ? m : 16;
      double t[k]; /* { dg-optimized "block of a variable-length array \\(128 bytes\\) placed" } */
      for (int j = 0; j < k; j++)
	t[j] = x[i] * j;
      y[i] = t[k / 2];
    }
}

/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*private-remark.c:\[0-9\]*: gpu_\[a-z\]*_\[0-9\]*: block of malloc \\(\[0-9\]* bytes, pointer '\[a-z\]'\\) in private memory" 4 "gpu_private" } } */
/* { dg-final { scan-tree-dump-times "SUCCESS: \[^\n\]*: block of calloc \\(64 bytes, pointer 'h'\\) in private memory" 1 "gpu_private" } } */
/* { dg-final { scan-tree-dump-not "FAILED:" "gpu_private" } } */
/* The calloc's clone zeroes its array.  */
/* { dg-final { scan-tree-dump "memset \\(h_\[0-9\]*, 0, 64\\)" "gpu_private" } } */
