/* private.c: local arrays and structs declared inside a marked body are private to each iteration: a small sort in a local array, a local histogram, a local struct array, and a local array indexed by data.  */
#include "check.h"

struct acc
{
  int count;
  float total;
};

#define W 8

#define BODY								\
  {									\
    float win[W];							\
    int hist[4] = { 0, 0, 0, 0 };					\
    struct acc parts[2];						\
    parts[0].count = parts[1].count = 0;				\
    parts[0].total = parts[1].total = 0.0f;				\
    for (int k = 0; k < W; k++)						\
      win[k] = x[i * W + k];						\
    /* insertion sort of the window */					\
    for (int k = 1; k < W; k++)						\
      {									\
	float v = win[k];						\
	int j = k - 1;							\
	while (j >= 0 && win[j] > v)					\
	  {								\
	    win[j + 1] = win[j];					\
	    j--;							\
	  }								\
	win[j + 1] = v;							\
      }									\
    for (int k = 0; k < W; k++)						\
      {									\
	int bin = (int) ((win[k] + 1.0f) * 2.0f);			\
	hist[bin < 0 ? 0 : bin > 3 ? 3 : bin]++;			\
	struct acc *p = &parts[win[k] >= 0.0f];				\
	p->count++;							\
	p->total += win[k];						\
      }									\
    med[i] = (win[W / 2 - 1] + win[W / 2]) * 0.5f;			\
    for (int k = 0; k < 4; k++)						\
      h[i * 4 + k] = hist[k];						\
    pos[i] = parts[1].count * 1000 + parts[0].count;			\
    tot[i] = parts[1].total - parts[0].total;				\
  }

static void
kern (int n, const float *x, float *med, int *h, int *pos, float *tot)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (int n, const float *x, float *med, int *h, int *pos, float *tot)
{
  for (int i = 0; i < n; i++)
    BODY
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      float *x = check_alloc (W * n * sizeof (float));
      float *med = check_alloc (n * sizeof (float)), *medw = check_alloc (n * sizeof (float));
      int *h = check_alloc (4 * n * sizeof (int)), *hw = check_alloc (4 * n * sizeof (int));
      int *pos = check_alloc (n * sizeof (int)), *posw = check_alloc (n * sizeof (int));
      float *tot = check_alloc (n * sizeof (float)), *totw = check_alloc (n * sizeof (float));
      check_fill_float (x, W * n, -1, 1);
      ref ((int) n, x, medw, hw, posw, totw);
      kern ((int) n, x, med, h, pos, tot);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (med, medw, n, "median of a private window, n=%ld", n);
      CHECK_SAME (h, hw, 4 * n, "private histogram, n=%ld", n);
      CHECK_SAME (pos, posw, n, "private struct counts, n=%ld", n);
      CHECK_FLOATS (tot, totw, n, 1e-6, 1e-6, "private struct totals, n=%ld", n);
      free (x); free (med); free (medw); free (h); free (hw); free (pos);
      free (posw); free (tot); free (totw);
    }
  return 0;
}
