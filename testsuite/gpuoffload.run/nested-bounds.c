/* nested-bounds.c: nested marked loops whose bounds the outer loops do not change but whose count GCC cannot give (found by tools/fuzz): a short or char index with constant or run-time bounds, a step other than 1 from a run-time start, counting down to a run-time end.  They are 2-D index spaces on the device (they used to be rejected with "must not depend on the enclosing loops"); compared with the serial loops, bounds drawn at random including empty ranges.  */
#include "check.h"

#define W 64

static void
narrow (int n, int m, int *a)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (short j GPU_PARALLEL = 0; j < 10; j++)
      a[i * W + j] = i + j;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (unsigned char j GPU_PARALLEL = 3; j < m; j++)
      a[i * W + j] += 7 * j - i;
}

static void
narrow_ref (int n, int m, int *a)
{
  for (int i = 0; i < n; i++)
    for (short j = 0; j < 10; j++)
      a[i * W + j] = i + j;
  for (int i = 0; i < n; i++)
    for (unsigned char j = 3; j < m; j++)
      a[i * W + j] += 7 * j - i;
}

static void
stepped (int n, long q, long r, int *a)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = q; j < 57; j += 5)
      a[i * W + j] = i * 3 + j;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 60; j >= r; j -= 3)
      a[i * W + j] -= i + 2 * j;
}

static void
stepped_ref (int n, long q, long r, int *a)
{
  for (int i = 0; i < n; i++)
    for (int j = q; j < 57; j += 5)
      a[i * W + j] = i * 3 + j;
  for (int i = 0; i < n; i++)
    for (int j = 60; j >= r; j -= 3)
      a[i * W + j] -= i + 2 * j;
}

int
main (void)
{
  check_init ();
  for (int round = 0; round < 20; round++)
    {
      int n = (int) check_range (0, 300);
      int m = (int) check_range (0, W);
      long q = check_range (0, 60), r = check_range (0, 62);
      size_t bytes = (size_t) (n + 1) * W * sizeof (int);
      int *a = check_alloc (bytes), *ref = check_alloc (bytes);
      for (size_t k = 0; k < bytes / sizeof (int); k++)
	a[k] = ref[k] = (int) check_range (-1000, 1000);
      narrow (n, m, a);
      narrow_ref (n, m, ref);
      CHECK_SAME (a, ref, (long) (bytes / sizeof (int)),
		  "narrow indices (n %d, m %d)", n, m);
      stepped (n, q, r, a);
      stepped_ref (n, q, r, ref);
      CHECK_SAME (a, ref, (long) (bytes / sizeof (int)),
		  "stepped (n %d, q %ld, r %ld)", n, q, r);
      free (a);
      free (ref);
    }
  return 0;
}
