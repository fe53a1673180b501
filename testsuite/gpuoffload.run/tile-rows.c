/* tile-rows.c: gpu_tile's row-staged variant (NAME_rows32k128: the rows
   a 1-D nest's serial loop reads loaded into a __local tile by the whole
   group, coalesced) against serial C, for float, double and int rows,
   square and not (rows != columns, a row pitch wider than the row, a
   marked loop from 3 by 2; tile-matvec.c has the plain matvec),
   sizes no group or tile divides, empty ranges; a row input the region
   also writes (not staged) and one that shares an allocation with the
   output (the runtime then runs the plain kernel).  The serial loop's
   order is kept: under -ffp-contract=off every result equals serial C
   bit for bit.  On the device, children run under GPURT_VERBOSE=1 with
   all the local memory (the row-staged variant runs), with 4096 bytes
   (too little for it: the tile128 variant runs) and 64 bytes (the plain
   kernel runs); each checks its results.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"
#include <sys/wait.h>

/* The children run on the device before this process opens it.  */
CHECK_CHILDREN_USE_DEVICE

/* Rows LDA elements apart, starting at element OFF of each.  */
static void
mv_double (long n, long m, long lda, long off, const double *a,
	   const double *x, double *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      double s = 0;
      for (long j = 0; j < m; j++)
	s += a[i * lda + off + j] * x[j];
      y[i] = s;
    }
}

/* An int recurrence over the row, from its second element (a constant
   offset; no reduction: its order matters).  */
static void
mv_int (int n, int m, const int *a, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      int s = 0;
      for (int j = 0; j < m; j++)
	s = (s >> 1) + a[i * m + j + 1];
      y[i] = s;
    }
}

/* Rows 3, 5, 7, ... (the marked loop's start and step in the rows the
   group loads).  */
static void
mv_step (long n, long m, const float *a, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 3; i < n; i += 2)
    {
      float s = 0;
      for (long j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}

/* The row input written through the same pointer: not staged.  */
static void
mv_self (int n, int m, float *a, const float *x)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      a[i * m] = s;
    }
}

static void
test (int n, int m)
{
  /* float, rows 3, 5, ... of M elements (the other elements of Y keep
     their values).  */
  float *a = check_alloc ((long) n * m * sizeof (float) + n * sizeof (float)
			  + 1);
  float *x = check_alloc (m * sizeof (float) + 1);
  float *y = check_alloc (n * sizeof (float) + 1);
  check_fill_float (a, (long) n * m + n, -1, 1);
  check_fill_float (x, m, -1, 1);
  check_fill_float (y, n, -1, 1);
  float *y0 = check_dup (y, n * sizeof (float) + 1);
  float *w = check_dup (y, n * sizeof (float) + 1);
  for (int i = 3; i < n; i += 2)
    {
      float s = 0;
      for (int j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      w[i] = s;
    }
  mv_step (n, m, a, x, y);
  CHECK_RAN_ON_DEVICE ((long) (n > 3) * (m > 0));
  CHECK_SAME (y, w, n, "float, rows 3, 5, ..., %dx%d", n, m);
  /* The output in the row input's allocation, after the rows.  */
  memcpy (a + (long) n * m, y0, n * sizeof (float));
  mv_step (n, m, a, x, a + (long) n * m);
  CHECK_SAME (a + (long) n * m, w, n, "float, shared allocation, %dx%d",
	      n, m);
  free (y0);

  /* double, rows of M + 5 elements, the M read starting at the 3rd.  */
  long lda = m + 5;
  double *da = check_alloc (n * lda * sizeof (double) + 1);
  double *dx = check_alloc (m * sizeof (double) + 1);
  double *dy = check_alloc (n * sizeof (double) + 1);
  double *dw = check_alloc (n * sizeof (double) + 1);
  check_fill_double (da, n * lda, -1, 1);
  check_fill_double (dx, m, -1, 1);
  for (long i = 0; i < n; i++)
    {
      double s = 0;
      for (long j = 0; j < m; j++)
	s += da[i * lda + 2 + j] * dx[j];
      dw[i] = s;
    }
  mv_double (n, m, lda, 2, da, dx, dy);
  CHECK_RAN_ON_DEVICE ((long) n * (m > 0));
  CHECK_SAME (dy, dw, n, "double %dx%d (pitch %ld)", n, m, lda);

  /* int.  */
  int *ia = check_alloc (((long) n * m + 1) * sizeof (int));
  int *iy = check_alloc (n * sizeof (int) + 1);
  int *iw = check_alloc (n * sizeof (int) + 1);
  check_fill_int (ia, (long) n * m + 1, -100000, 100000);
  for (int i = 0; i < n; i++)
    {
      int s = 0;
      for (int j = 0; j < m; j++)
	s = (s >> 1) + ia[i * m + j + 1];
      iw[i] = s;
    }
  mv_int (n, m, ia, iy);
  CHECK_RAN_ON_DEVICE ((long) n * (m > 0));
  CHECK_SAME (iy, iw, n, "int %dx%d", n, m);

  /* The row input written: the first element of each row (rows of at
     least one element).  */
  if (m > 0)
    {
      float *sw = check_dup (a, (long) n * m * sizeof (float) + 1);
      for (int i = 0; i < n; i++)
	{
	  float s = 0;
	  for (int j = 0; j < m; j++)
	    s += sw[i * m + j] * x[j];
	  sw[i * m] = s;
	}
      mv_self (n, m, a, x);
      CHECK_SAME (a, sw, (long) n * m, "self %dx%d", n, m);
      free (sw);
    }
  free (a); free (x); free (y); free (w);
  free (da); free (dx); free (dy); free (dw);
  free (ia); free (iy); free (iw);
}

static void
run_all (void)
{
  static const int sizes[][2] = {
    { 1, 1 }, { 31, 31 }, { 64, 64 }, { 65, 63 }, { 1000, 1000 },
    { 129, 1000 }, { 1000, 7 }, { 16385, 3 }, { 3, 16385 }, { 7, 200 },
    { 0, 5 }, { 0, 0 }, { 9, 0 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    test (sizes[s][0], sizes[s][1]);
}

/* Run this program as a child under GPURT_LOCAL_MEM_LIMIT=LIMIT (NULL:
   none) and GPURT_VERBOSE=1: it must pass, and on the device the float
   kernel of rows 3, 5, ... must say it runs WANT (a variant's suffix, or "the plain
   kernel").  */
static void
child (const char *argv0, const char *limit, const char *want)
{
  static char var[64];
  const char *envs[3] = { "GPURT_VERBOSE=1", "GPURT_LOCAL_MEM_LIMIT", NULL };
  if (limit)
    {
      snprintf (var, sizeof var, "GPURT_LOCAL_MEM_LIMIT=%s", limit);
      envs[1] = var;
    }
  static char err[1 << 16];
  int status = check_child_stderr (argv0, "child", envs, err, sizeof err);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	 "the child under GPURT_LOCAL_MEM_LIMIT=%s failed (%#x): %s",
	 limit ? limit : "(none)", status, err);
  const char *d = getenv ("GPURT_DEVICE");
  if (d && !strcmp (d, "host"))
    return;
  const char *p = strstr (err, "region gpu_mv_step_");
  CHECK (p && strstr (p, want) && strchr (p, '\n')
	 && strstr (p, want) < strchr (p, '\n'),
	 "under GPURT_LOCAL_MEM_LIMIT=%s the kernel of rows 3, 5, ... does not run %s: %s",
	 limit ? limit : "(none)", want, err);
}

int
main (int argc, char **argv)
{
  check_init ();
  CHECK_CHILD_RUNS (argc, run_all);
  child (argv[0], NULL, "_rows32k128 (work-group 32x1x1");
  child (argv[0], "4096", "_tile128 (work-group 128x1x1");
  child (argv[0], "64", "runs the plain kernel");
  run_all ();
  return 0;
}
