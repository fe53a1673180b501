/* reduce.c -- fault injection (fault.exp): GPU_REDUCE reductions (sum,
   minimum, maximum, product) whose accumulators must come out as the
   serial loop's whatever fails.  */
#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>

static long
sum (int n, const int *x)
{
  long s GPU_REDUCE = 5;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    s += x[i];
  return s;
}

static int
minmax (int n, const int *x, int *max)
{
  int lo GPU_REDUCE = 1000000, hi GPU_REDUCE = -1000000;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      lo = x[i] < lo ? x[i] : lo;
      hi = x[i] > hi ? x[i] : hi;
    }
  *max = hi;
  return lo;
}

static unsigned
product (int n, const int *x)
{
  unsigned p GPU_REDUCE = 1;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    p *= (unsigned) x[i] | 1u;
  return p;
}

int
main (void)
{
  enum { N = 5001 };
  int *x = malloc (N * sizeof *x), hi;

  for (int i = 0; i < N; i++)
    x[i] = (i * 7919) % 1009 - 504;
  printf ("sum %ld\n", sum (N, x));
  int lo = minmax (N, x, &hi);
  printf ("min %d max %d\n", lo, hi);
  printf ("product %u\n", product (N, x));
  free (x);
  return 0;
}
