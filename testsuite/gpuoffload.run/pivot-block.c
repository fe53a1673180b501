/* pivot-block.c: a pivot loop blocked by steps (gpu-pivot.cc): each
   block's triangle in one work-group, the rows below it in a kernel over
   the whole device.  Forward substitution by columns as in
   bench/progs/trsv.c; one with int indices, floats, a pivot loop over a
   given range of steps that stops before the rows do (or one after) and
   a serial statement reading another array; and two loops the pass must
   not block (a second array stored after the marked loop, a marked loop
   starting two rows below the step), which still run in one work-group.
   Every result equals serial C bit for bit (-ffp-contract=off: each
   element receives the same subtractions in the same order), for sizes
   around the default block of 128 steps (0, 1, 2, 127, 128, 129, 389,
   1000).  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

#include "pivot-fwd.h"

/* Steps [J0, M) of an elimination over N rows, int indices.  */
#define PART_BODY(P)							\
  for (int j = j0; j < m; j++)						\
    {									\
      y[j] = y[j] * 0.5f + d[j];					\
      for (int i P = j + 1; i < n; i++)					\
	y[i] -= a[j * n + i] * y[j];					\
    }

static void
part (int n, int j0, int m, const float *a, const float *d, float *y)
{
  PART_BODY (GPU_PARALLEL)
}

static void
part_ref (int n, int j0, int m, const float *a, const float *d, float *y)
{
  PART_BODY ()
}

/* Not blocked: the serial code stores to a second array after the
   marked loop.  */
FWD_FUNCTION (save, GPU_PARALLEL, 1, s[j] = x[j] * 2.0, , double *s)
FWD_FUNCTION (save_ref, , 1, s[j] = x[j] * 2.0, , double *s)

/* Not blocked: the marked loop starts two rows below the step.  */
FWD_FUNCTION (skip, GPU_PARALLEL, 2, (void) 0)
FWD_FUNCTION (skip_ref, , 2, (void) 0)

int
main (void)
{
  static const long sizes[] = { 0, 1, 2, 127, 128, 129, 389, 1000 };
  check_init ();
  for (int q = 0; q < 8; q++)
    {
      long n = sizes[q];
      size_t nn = (size_t) (n * n + 1);

      double *l = check_alloc (sizeof (double) * nn);
      check_fill_double (l, n * n, -1.0 / (n + 1), 1.0 / (n + 1));
      for (long j = 0; j < n; j++)
	l[j * n + j] = 1.0 + check_uniform (0, 1);
      double *x = check_alloc (sizeof (double) * (n + 1));
      check_fill_double (x, n, -1, 1);
      double *s = check_alloc (sizeof (double) * (n + 1));
      double *x0 = check_dup (x, sizeof (double) * (n + 1));
      double *x2 = check_dup (x, sizeof (double) * (n + 1));
      double *s2 = check_dup (s, sizeof (double) * (n + 1));
      fwd (n, l, x);
      CHECK_RAN_ON_DEVICE (n);
      fwd_ref (n, l, x2);
      CHECK_SAME (x, x2, n, "fwd %ld", n);

      memcpy (x, x0, sizeof (double) * (n + 1));
      memcpy (x2, x0, sizeof (double) * (n + 1));
      save (n, l, x, s);
      CHECK_RAN_ON_DEVICE (n);
      save_ref (n, l, x2, s2);
      CHECK_SAME (x, x2, n, "save x %ld", n);
      CHECK_SAME (s, s2, n, "save s %ld", n);

      memcpy (x, x0, sizeof (double) * (n + 1));
      memcpy (x2, x0, sizeof (double) * (n + 1));
      skip (n, l, x);
      CHECK_RAN_ON_DEVICE (n);
      skip_ref (n, l, x2);
      CHECK_SAME (x, x2, n, "skip %ld", n);

      float *a = check_alloc (sizeof (float) * nn);
      check_fill_float (a, n * n, -0.01f, 0.01f);
      float *d = check_alloc (sizeof (float) * (n + 1));
      check_fill_float (d, n + 1, -1.0f, 1.0f);
      float *y = check_alloc (sizeof (float) * (n + 1));
      check_fill_float (y, n + 1, -1.0f, 1.0f);
      float *y2 = check_dup (y, sizeof (float) * (n + 1));
      /* No step, all steps, steps from 1 to three quarters, and one step
	 more than there are rows.  */
      static const int ranges[][2] = { { 0, 0 }, { 0, -1 }, { 1, -2 },
				       { 0, -3 } };
      for (int r = 0; r < 4; r++)
	{
	  int j0 = ranges[r][0] < n ? ranges[r][0] : (int) n;
	  int m = ranges[r][1] == -1 ? (int) n
	    : ranges[r][1] == -2 ? (int) (n * 3 / 4)
	    : ranges[r][1] == -3 ? (int) n + 1 : ranges[r][1];
	  if (m < j0)
	    m = j0;
	  part ((int) n, j0, m, a, d, y);
	  part_ref ((int) n, j0, m, a, d, y2);
	  CHECK_SAME (y, y2, n + 1, "part %ld [%d, %d)", n, j0, m);
	}

      free (l), free (x), free (s), free (x0), free (x2), free (s2);
      free (a), free (d), free (y), free (y2);
    }
  printf ("blocked pivot loops match serial C\n");
  return 0;
}
