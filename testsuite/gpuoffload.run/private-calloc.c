/* private-calloc.c: calloc's block is private on the device and zeroed
   at every iteration: a histogram of a few bins of each row (most bins
   stay zero), in a 1-D region, in a GPU_REDUCE region (the kernel runs
   many iterations in one work-item, in the same array), and in a 2-D
   nest; and a block of 4096 bytes, the most a work-item may have.  */
#include "check.h"

#define W 9
#define BINS 32

#define BODY_HIST							\
  {									\
    int *h = calloc (BINS, sizeof (int));				\
    for (int k = 0; k < W; k++)						\
      h[v[i * W + k] & (BINS - 1)] += k + 1;				\
    int m = 0;								\
    for (int b = 0; b < BINS; b++)					\
      m = m * 3 + h[b] + (h[b] == 0);					\
    out[i] = m;								\
    free (h);								\
  }

#define BODY_SUM							\
  {									\
    unsigned char *seen = calloc (BINS, 1);				\
    for (int k = 0; k < W; k++)						\
      seen[v[i * W + k] & (BINS - 1)] = 1;				\
    for (int b = 0; b < BINS; b++)					\
      distinct += seen[b];						\
    free (seen);							\
  }

#define BODY_2D								\
  {									\
    long *c = calloc (4, sizeof (long));				\
    c[(v[i * m + j] >> 3) & 3] += v[i * m + j];				\
    c[v[j] & 3] -= 1;							\
    out2[i * m + j] = c[0] * 1000003 + c[1] * 1009 + c[2] * 31 + c[3];	\
    free (c);								\
  }

#define BODY_BIG							\
  {									\
    int *big = calloc (1024, sizeof (int));				\
    for (int k = 0; k < W; k++)						\
      big[(v[i * W + k] * 37) & 1023] += k;				\
    int s = 0;								\
    for (int b = 0; b < 1024; b += 17)					\
      s += big[b] * b;							\
    out[i] = s;								\
    free (big);								\
  }

static void
kern_hist (long n, const int *v, int *out)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_HIST
}

static void
ref_hist (long n, const int *v, int *out)
{
  for (long i = 0; i < n; i++)
    BODY_HIST
}

static long
kern_sum (long n, const int *v)
{
  long distinct GPU_REDUCE = 0;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_SUM
  return distinct;
}

static long
ref_sum (long n, const int *v)
{
  long distinct = 0;
  for (long i = 0; i < n; i++)
    BODY_SUM
  return distinct;
}

static void
kern_2d (int n, int m, const int *v, long *out2)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m; j++)
      BODY_2D
}

static void
ref_2d (int n, int m, const int *v, long *out2)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      BODY_2D
}

static void
kern_big (long n, const int *v, int *out)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_BIG
}

static void
ref_big (long n, const int *v, int *out)
{
  for (long i = 0; i < n; i++)
    BODY_BIG
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      int *v = check_alloc (W * n * sizeof (int));
      int *out = check_alloc (n * sizeof (int));
      int *outw = check_alloc (n * sizeof (int));
      check_fill_int (v, W * n, 0, 1 << 20);

      ref_hist (n, v, outw);
      kern_hist (n, v, out);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (out, outw, n, "calloc'd histogram, n=%ld", n);

      long dw = ref_sum (n, v);
      long d = kern_sum (n, v);
      CHECK_RAN_ON_DEVICE (n);
      CHECK (d == dw, "calloc'd block in a reduction: %ld, want %ld, n=%ld",
	     d, dw, n);

      ref_big (n, v, outw);
      kern_big (n, v, out);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (out, outw, n, "4096-byte calloc'd block, n=%ld", n);

      /* 2-D: rows by W columns, then a shape no work-group divides.  */
      int rows = (int) (n / W), cols = W;
      if (s % 2)
	{
	  rows = (int) n / 7;
	  cols = 7;
	}
      long *o2 = check_alloc ((size_t) rows * cols * sizeof (long));
      long *o2w = check_alloc ((size_t) rows * cols * sizeof (long));
      ref_2d (rows, cols, v, o2w);
      kern_2d (rows, cols, v, o2);
      CHECK_RAN_ON_DEVICE ((long) rows * cols);
      CHECK_SAME (o2, o2w, (long) rows * cols, "calloc'd block in a 2-D "
		  "nest, %dx%d", rows, cols);
      free (o2); free (o2w);
      free (v); free (out); free (outw);
    }
  return 0;
}
