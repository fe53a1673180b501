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
   1000).

   The blocking needs the array it updates apart from the arrays it
   reads; for plain pointers gpurt_disjoint checks it at run time.  A
   child run (--overlap, profiled) solves with L and x in two malloc
   blocks (blocked: the regions launch once per block) and with x inside
   L's own block, overlapping one of L's columns (one block, two
   launches at most); a second (--stacked) with both on the stack, where
   the runtime cannot tell (one block; the region itself runs on the
   host, GPURT_FALLBACK=silent: the compiler cannot bound its accesses
   and the runtime cannot locate them either).  Each bit for bit as
   serial C on the same layout.  */
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

/* One solver per layout of the --overlap child, so that the profile
   tells their regions apart.  */
FWD_FUNCTION (apart, GPU_PARALLEL, 1, (void) 0)
FWD_FUNCTION (shared, GPU_PARALLEL, 1, (void) 0)
FWD_FUNCTION (stacked, GPU_PARALLEL, 1, (void) 0)

CHECK_CHILDREN_USE_DEVICE

/* Fill L (N x N, by columns) and X (N) for a forward substitution:
   x in [1, 2] (a column of L may be x itself), a dominant diagonal.  */
static void
fill_system (long n, double *l, double *x)
{
  check_fill_double (l, n * n, -1.0 / (n + 1), 1.0 / (n + 1));
  for (long j = 0; j < n; j++)
    l[j * n + j] = 1.0 + check_uniform (0, 1);
  check_fill_double (x, n, 1, 2);
}

/* Solve with SOLVE the system of N in BUF (L at BUF, x at BUF + XOFF),
   and the same on a copy with fwd_ref; they must agree bit for bit.  */
static void
solve_check (void (*solve) (long, const double *, double *), long n,
	     double *buf, long xoff, const char *what)
{
  long len = xoff + n > n * n ? xoff + n : n * n;
  double *ref = check_dup (buf, sizeof (double) * (size_t) len);
  solve (n, buf, buf + xoff);
  fwd_ref (n, ref, ref + xoff);
  CHECK_SAME (buf, ref, len, "%s %ld", what, n);
  free (ref);
}

/* The --overlap child: the three layouts of the file's comment.  */
static void
overlap_child (void)
{
  long n = 389;
  double *l = check_alloc (sizeof (double) * (size_t) (n * n + n));
  double *x = check_alloc (sizeof (double) * (size_t) n);
  fill_system (n, l, x);
  double *l2 = check_dup (l, sizeof (double) * (size_t) (n * n));
  double *x2 = check_dup (x, sizeof (double) * (size_t) n);
  apart (n, l, x);
  fwd_ref (n, l2, x2);
  CHECK_SAME (x, x2, n, "apart %ld", n);

  /* x is L's column n / 2 (the diagonal included).  */
  fill_system (n, l, l + n * n);
  solve_check (shared, n, l, n * (n / 2), "shared");
  free (l), free (x), free (l2), free (x2);
}

/* The --stacked child: L and x on the stack.  */
static void
stacked_child (void)
{
  long m = 150;
  double sl[150 * 150 + 150];
  fill_system (m, sl, sl + m * m);
  solve_check (stacked, m, sl, m * m, "stacked");
}

/* The launches the profile JSON counts for the regions whose names
   start with PREFIX.  */
static unsigned long long
launches_of (const char *json, const char *prefix)
{
  static const char name[] = "{\"name\": \"", key[] = "\"launches\": ";
  unsigned long long sum = 0;
  for (const char *p = strstr (json, name); p; p = strstr (p + 1, name))
    {
      const char *q = p + strlen (name), *k = strstr (q, key);
      if (!strncmp (q, prefix, strlen (prefix)) && k)
	sum += strtoull (k + strlen (key), NULL, 10);
    }
  return sum;
}

int
main (int argc, char **argv)
{
  static const long sizes[] = { 0, 1, 2, 127, 128, 129, 389, 1000 };
  check_init ();
  if (argc > 1)
    {
      if (!strcmp (argv[1], "--stacked"))
	stacked_child ();
      else
	overlap_child ();
      return 0;
    }
  {
    static char json[1 << 16], json2[1 << 16];
    check_profile_child (argv[0], "--overlap", NULL, json, sizeof json);
    check_profile_child (argv[0], "--stacked", "GPURT_FALLBACK=silent",
			 json2, sizeof json2);
    const char *dev = getenv ("GPURT_DEVICE");
    if (!dev || strcmp (dev, "host"))
      {
	/* 389 steps: four blocks of 128, a launch each of the triangle's
	   region, the rows' region for three.  One block: a launch each
	   at most.  */
	unsigned long long a = launches_of (json, "gpu_apart_");
	unsigned long long s = launches_of (json, "gpu_shared_");
	unsigned long long k = launches_of (json2, "gpu_stacked_");
	CHECK (a >= 7 && s >= 1 && s <= 2 && k >= 1 && k <= 2,
	       "launches: apart %llu (blocked), shared %llu and stacked %llu "
	       "(one block)", a, s, k);
      }
  }
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
