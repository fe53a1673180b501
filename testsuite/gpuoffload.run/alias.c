/* alias.c: several pointers into ONE allocation with overlapping ranges (no restrict): in-place a[i] = a[i]*2 + a[i+n] through a second pointer, reads of overlapping windows x[i] + x[i+1], and disjoint writes to two halves of the same block.  */
#include "check.h"

/* a[0..n) is written, a[n..2n) read through b = a + n: iterations are
   independent although both pointers point into the same block.  */
static void
inplace (int n, float *a, const float *b)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[i] = a[i] * 2.0f + b[i];
}

/* Overlapping read windows x[0..n) and x1[0..n) = x[1..n+1); y elsewhere
   in the same block (after them).  */
static void
windows (int n, const float *x, const float *x1, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[i] + x1[i];
}

/* Two outputs, the two halves of one block, written in one loop;
   the input sits between them in the same block.  */
static void
halves (int n, float *lo, float *hi, const float *mid)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      lo[i] = mid[i] - 1.0f;
      hi[n - 1 - i] = mid[i] + 1.0f;
    }
}

int
main (void)
{
  check_init ();
  for (int s = 0; s <= CHECK_NSIZES; s++)
    {
      int n = s < CHECK_NSIZES ? (int) check_sizes[s] : (int) CHECK_LARGE;
      long m = 4L * n + 3;
      float *blk = check_alloc (m * sizeof (float));
      float *w = check_alloc (m * sizeof (float));

      check_fill_float (blk, m, -10, 10);
      memcpy (w, blk, m * sizeof (float));
      for (int i = 0; i < n; i++)
	w[i] = w[i] * 2.0f + w[n + i];
      inplace (n, blk, blk + n);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (blk, w, m, "in place with a second pointer, n=%d", n);

      check_fill_float (blk, m, -10, 10);
      memcpy (w, blk, m * sizeof (float));
      for (int i = 0; i < n; i++)
	w[n + 2 + i] = w[i] + w[i + 1];
      windows (n, blk, blk + 1, blk + n + 2);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (blk, w, m, "overlapping windows, n=%d", n);

      check_fill_float (blk, m, -10, 10);
      memcpy (w, blk, m * sizeof (float));
      for (int i = 0; i < n; i++)
	{
	  w[i] = w[n + i] - 1.0f;
	  w[2 * n + n - 1 - i] = w[n + i] + 1.0f;
	}
      halves (n, blk, blk + 2 * n, blk + n);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (blk, w, m, "two halves of one block, n=%d", n);
      free (blk);
      free (w);
    }
  return 0;
}
