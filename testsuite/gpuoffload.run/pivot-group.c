/* pivot-group.c: serial pivot loops around GPU_PARALLEL loops run as one
   region of one work-group (gpu-pivot.cc): a forward substitution by
   columns (the division on the pivot, then the update of the rows
   below), an elimination with two marked loops and serial statements
   between them that store what the next marked loop reads, a backward
   substitution by rows with a GPU_REDUCE per step, a pivot loop whose
   range is given (0, 1 or more steps), and a pivot loop that calls a
   function of this file (not transformed: one region per step).  Every
   result equals serial C bit for bit (-ffp-contract=off: the device
   updates each element in the host's order), for sizes 0, 1, 2, 17, 255
   and 1000 (no work-group size divides most of them); everything again
   in children with work-groups of 1 and of 8 work-items
   (GPURT_GROUP_SIZE), and in one whose profile must show no one-level
   kernel run (a pivot region's one outer iteration never fills the
   device: the runtime always runs the work-group).  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

/* The children below open the device: this process must not before.  */
CHECK_CHILDREN_USE_DEVICE

#include "pivot-fwd.h"

/* Elimination of a right-hand side with multipliers: the first marked
   loop writes M, the serial statements scale B[K] and store the step's
   pivot in PIV, the second marked loop reads M, B[K] and PIV[K] and
   changes D, which the next step's first loop reads.  */
#define ELIM_BODY(P)							\
  for (long k = 0; k < n; k++)						\
    {									\
      for (long i P = k + 1; i < n; i++)				\
	m[i] = a[k * n + i] / d[k];					\
      b[k] = b[k] / d[k];						\
      piv[k] = d[k] * 0.5f;						\
      for (long i P = k + 1; i < n; i++)				\
	{								\
	  b[i] -= m[i] * b[k];						\
	  d[i] += m[i] * piv[k];					\
	}								\
    }

static void
elim (long n, const float *a, float *d, float *m, float *b, float *piv)
{
  ELIM_BODY (GPU_PARALLEL)
}

static void
elim_ref (long n, const float *a, float *d, float *m, float *b, float *piv)
{
  ELIM_BODY ()
}

/* Backward substitution U x = c by rows (U stored by rows): a dot
   product per step, reduced over the group.  The integer sum is exact
   in any order.  */
#define BWD_BODY(P, R)							\
  for (long i = n - 1; i >= 0; i--)					\
    {									\
      long s R = 0;							\
      for (long j P = i + 1; j < n; j++)				\
	s += u[i * n + j] * x[j];					\
      x[i] = (c[i] - s) / u[i * n + i];					\
    }

static void
bwd (long n, const long *u, const long *c, long *x)
{
  BWD_BODY (GPU_PARALLEL, GPU_REDUCE)
}

static void
bwd_ref (long n, const long *u, const long *c, long *x)
{
  BWD_BODY (, )
}

/* A pivot loop over a given range of steps.  */
#define RANGE_BODY(P)							\
  for (long j = j0; j < j1; j++)					\
    {									\
      y[j] = y[j] * 3 + 1;						\
      for (long i P = j + 1; i < n; i++)				\
	y[i] += y[j] ^ (int) i;						\
    }

static void
range (long n, long j0, long j1, int *y)
{
  RANGE_BODY (GPU_PARALLEL)
}

static void
range_ref (long n, long j0, long j1, int *y)
{
  RANGE_BODY ()
}

/* A pivot loop that calls a function: it stays a host loop launching a
   region per step.  */
static int steps;

__attribute__ ((noinline)) static void
count_step (void)
{
  steps++;
}

#define CALL_BODY(P, C)							\
  for (long j = 0; j < n; j++)						\
    {									\
      C;								\
      for (long i P = j + 1; i < n; i++)				\
	y[i] -= y[j];							\
    }

static void
calls (long n, int *y)
{
  CALL_BODY (GPU_PARALLEL, count_step ())
}

static void
calls_ref (long n, int *y)
{
  CALL_BODY (, (void) 0)
}

/* Everything again in children: work-groups of 1 and 8 work-items, and
   the runtime's own choice, which must be the two-level kernel.  */
static void
test_children (const char *self)
{
  static char text[1 << 16];
  check_profile_child (self, "--child", "GPURT_GROUP_SIZE=1", text,
		       sizeof text);
  check_profile_child (self, "--child", "GPURT_GROUP_SIZE=8", text,
		       sizeof text);
  check_profile_child (self, "--child", NULL, text, sizeof text);
  CHECK (check_json_sum (text, "\"flat_runs\": ") == 0,
	 "a pivot region ran its one-level kernel:\n%s", text);
}

int
main (int argc, char **argv)
{
  static const long sizes[] = { 0, 1, 2, 17, 255, 1000 };
  check_init ();
  if (argc < 2)
    test_children (argv[0]);
  for (int q = 0; q < 6; q++)
    {
      long n = sizes[q];
      size_t nn = (size_t) (n * n + 1);

      double *l = check_alloc (sizeof (double) * nn);
      double *x = check_alloc (sizeof (double) * (n + 1));
      check_fill_double (l, n * n, -1.0 / (n + 1), 1.0 / (n + 1));
      for (long j = 0; j < n; j++)
	l[j * n + j] = 1.0 + check_uniform (0, 1);
      check_fill_double (x, n, -1, 1);
      double *x2 = check_dup (x, sizeof (double) * (n + 1));
      fwd (n, l, x);
      CHECK_RAN_ON_DEVICE (n);
      fwd_ref (n, l, x2);
      CHECK_SAME (x, x2, n, "fwd %ld", n);

      float *a = check_alloc (sizeof (float) * nn);
      float *d = check_alloc (sizeof (float) * (n + 1));
      float *m = check_alloc (sizeof (float) * (n + 1));
      float *b = check_alloc (sizeof (float) * (n + 1));
      float *piv = check_alloc (sizeof (float) * (n + 1));
      check_fill_float (a, n * n, -0.01f, 0.01f);
      check_fill_float (d, n, 1.0f, 2.0f);
      check_fill_float (b, n, -1.0f, 1.0f);
      float *d2 = check_dup (d, sizeof (float) * (n + 1));
      float *m2 = check_dup (m, sizeof (float) * (n + 1));
      float *b2 = check_dup (b, sizeof (float) * (n + 1));
      float *piv2 = check_dup (piv, sizeof (float) * (n + 1));
      elim (n, a, d, m, b, piv);
      CHECK_RAN_ON_DEVICE (n);
      elim_ref (n, a, d2, m2, b2, piv2);
      CHECK_SAME (b, b2, n, "elim b %ld", n);
      CHECK_SAME (d, d2, n, "elim d %ld", n);
      CHECK_SAME (m, m2, n, "elim m %ld", n);
      CHECK_SAME (piv, piv2, n, "elim piv %ld", n);

      long *u = check_alloc (sizeof (long) * nn);
      long *c = check_alloc (sizeof (long) * (n + 1));
      long *lx = check_alloc (sizeof (long) * (n + 1));
      for (long i = 0; i < n * n; i++)
	u[i] = check_range (-3, 3);
      for (long i = 0; i < n; i++)
	{
	  u[i * n + i] = check_range (1, 4);
	  c[i] = check_range (-1000, 1000);
	  lx[i] = check_range (-5, 5);
	}
      long *lx2 = check_dup (lx, sizeof (long) * (n + 1));
      bwd (n, u, c, lx);
      CHECK_RAN_ON_DEVICE (n);
      bwd_ref (n, u, c, lx2);
      CHECK_SAME (lx, lx2, n, "bwd %ld", n);

      int *y = check_alloc (sizeof (int) * (n + 1));
      check_fill_int (y, n, -100, 100);
      int *y2 = check_dup (y, sizeof (int) * (n + 1));
      /* No step, one step, two steps, and all of them.  */
      static const long ranges[][2] = { { 0, 0 }, { 1, 1 }, { 0, 1 },
					{ 1, 2 }, { 2, 4 }, { 0, -1 } };
      for (int r = 0; r < 6; r++)
	{
	  long j0 = ranges[r][0], j1 = ranges[r][1] < 0 ? n : ranges[r][1];
	  if (j1 > n)
	    j1 = n;
	  range (n, j0, j1, y);
	  range_ref (n, j0, j1, y2);
	  CHECK_SAME (y, y2, n, "range %ld [%ld, %ld)", n, j0, j1);
	}

      steps = 0;
      calls (n, y);
      calls_ref (n, y2);
      CHECK_SAME (y, y2, n, "calls %ld", n);
      CHECK (steps == n, "calls %ld: %d steps counted", n, steps);

      free (l), free (x), free (x2);
      free (a), free (d), free (m), free (b), free (piv);
      free (d2), free (m2), free (b2), free (piv2);
      free (u), free (c), free (lx), free (lx2);
      free (y), free (y2);
    }
  printf ("pivot loops in one work-group match serial C\n");
  return 0;
}
