/* fill.c: arrays a region writes whole are not copied to the device first (record line "fill K", docs/ABI.md section 10), and arrays it writes in part still are.  Every element of y stored (y's old contents are random and must not matter), every element of z stored and w read too, a conditional store and a step of 3 that leave the other elements as they were, at sizes 0, 1, 255, 4099 and 2^18 + 3, and in 2-D index spaces rows back to back written whole, an image from row 1 (row 0 stays) and rows one element short (the last stays), at 0 x 5, 3 x 0, 1 x 1, 7 x 13, 129 x 67 and 600 x 437, against serial C; in a child with its profile: one launch at a time, pipelined batches (GPURT_BATCH_BYTES=8K, through pinned staging with GPURT_PINNED=1) and batches one after the other (GPURT_BATCH=0).  On the device the profile must count bytes not copied in ("bytes_filled").  */
/* OpenCL contracts 3.0f * x + j into one fma by default (one ulp from
   the host's result on an H100): compare exactly without it.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

/* y is written whole.  */
static void
scale (int n, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = 2.0f * x[i] + 1.0f;
}

/* Only where x is positive: the rest of y stays.  */
static void
cond (int n, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    if (x[i] > 0)
      y[i] = x[i];
}

/* Every third element.  */
static void
thirds (int n, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i += 3)
    y[i] = x[i] - 1.0f;
}

/* z written whole, w read and written.  */
static void
two (int n, const float *restrict x, double *restrict z, float *restrict w)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      z[i] = x[i] * 0.5;
      w[i] = w[i] + x[i];
    }
}

/* 2-D: rows of m back to back, written whole.  */
static void
rows (int n, int m, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m; j++)
      y[i * m + j] = 3.0f * x[i * m + j] + (float) j;
}

/* An image of n x m from row 1: row 0 stays.  */
static void
image (long n, long m, const unsigned *restrict x, unsigned *restrict y)
{
  for (long i GPU_PARALLEL = 1; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < m; j++)
      y[i * m + j] = x[i * m + j] >> 1;
}

/* Rows of m - 1 in rows of m: the last element of each row stays.  */
static void
narrow (int n, int m, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m - 1; j++)
      y[i * m + j] = x[i * m + j] - 2.0f;
}

static void
run2d (void)
{
  static const int shape[][2] = { { 0, 5 }, { 3, 0 }, { 1, 1 }, { 7, 13 },
				  { 129, 67 }, { 600, 437 } };
  for (int k = 0; k < 6; k++)
    {
      int n = shape[k][0], m = shape[k][1];
      size_t e = n > 0 && m > 0 ? (size_t) n * m : 1;
      float *x = check_alloc (e * sizeof *x), *y = check_alloc (e * sizeof *y);
      float *want = check_alloc (e * sizeof *want);
      unsigned *u = check_alloc (e * sizeof *u), *v = check_alloc (e * sizeof *v);
      unsigned *wantv = check_alloc (e * sizeof *wantv);
      check_fill_float (x, n * m, -4, 4);

      check_fill_float (y, n * m, -100, 100);
      for (int i = 0; i < n; i++)
	for (int j = 0; j < m; j++)
	  want[i * m + j] = 3.0f * x[i * m + j] + (float) j;
      rows (n, m, x, y);
      CHECK_RAN_ON_DEVICE (n * m);
      CHECK_SAME (y, want, n * m, "rows (%d x %d)", n, m);

      for (int i = 0; i < n * m; i++)
	{
	  u[i] = (unsigned) check_uniformf (0, 4e9f);
	  v[i] = wantv[i] = (unsigned) check_uniformf (0, 4e9f);
	}
      for (int i = 1; i < n; i++)
	for (int j = 0; j < m; j++)
	  wantv[i * m + j] = u[i * m + j] >> 1;
      image (n, m, u, v);
      CHECK_RAN_ON_DEVICE ((n - 1) * m);
      CHECK (n * m == 0 || memcmp (v, wantv, (size_t) n * m * sizeof *v) == 0,
	     "image (%d x %d)", n, m);

      check_fill_float (y, n * m, -100, 100);
      memcpy (want, y, (size_t) n * m * sizeof *want);
      for (int i = 0; i < n; i++)
	for (int j = 0; j < m - 1; j++)
	  want[i * m + j] = x[i * m + j] - 2.0f;
      narrow (n, m, x, y);
      CHECK_RAN_ON_DEVICE (m > 1 ? n * (m - 1) : 0);
      CHECK_SAME (y, want, n * m, "narrow (%d x %d)", n, m);
      free (x); free (y); free (want); free (u); free (v); free (wantv);
    }
}

static void
run (void)
{
  static const int sizes[] = { 0, 1, 255, 4099, (1 << 18) + 3 };
  for (int k = 0; k < 5; k++)
    {
      int n = sizes[k];
      size_t m = n ? n : 1;
      float *x = check_alloc (m * sizeof *x), *y = check_alloc (m * sizeof *y);
      float *want = check_alloc (m * sizeof *want);
      float *w = check_alloc (m * sizeof *w), *wantw = check_alloc (m * sizeof *wantw);
      double *z = check_alloc (m * sizeof *z), *wantz = check_alloc (m * sizeof *wantz);
      check_fill_float (x, n, -4, 4);

      check_fill_float (y, n, -100, 100);
      for (int i = 0; i < n; i++)
	want[i] = 2.0f * x[i] + 1.0f;
      scale (n, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, want, n, "scale (%d)", n);

      check_fill_float (y, n, -100, 100);
      memcpy (want, y, n * sizeof *want);
      for (int i = 0; i < n; i++)
	if (x[i] > 0)
	  want[i] = x[i];
      cond (n, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, want, n, "cond (%d)", n);

      check_fill_float (y, n, -100, 100);
      memcpy (want, y, n * sizeof *want);
      for (int i = 0; i < n; i += 3)
	want[i] = x[i] - 1.0f;
      thirds (n, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, want, n, "thirds (%d)", n);

      check_fill_double (z, n, -100, 100);
      check_fill_float (w, n, -4, 4);
      for (int i = 0; i < n; i++)
	{
	  wantz[i] = x[i] * 0.5;
	  wantw[i] = w[i] + x[i];
	}
      two (n, x, z, w);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (z, wantz, n, "two z (%d)", n);
      CHECK_SAME (w, wantw, n, "two w (%d)", n);
      free (x); free (y); free (want); free (w); free (wantw); free (z); free (wantz);
    }
  run2d ();
}

/* Run the child under the environment ENV (and GPURT_PINNED when PINNED);
   on the device its profile must count bytes not copied in.  */
static void
child (const char *argv0, const char *env, int pinned)
{
  static char text[1 << 16];
  if (pinned)
    setenv ("GPURT_PINNED", "1", 1);
  check_profile_child (argv0, "--child", env, text, sizeof text);
  unsetenv ("GPURT_PINNED");
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"bytes_filled\": ") > 0,
	   "no bytes left out of the copies in (%s):\n%s", env ? env : "", text);
}

int
main (int argc, char **argv)
{
  check_init ();
  CHECK_CHILD_RUNS (argc, run);
  child (argv[0], NULL, 0);
  child (argv[0], "GPURT_BATCH_BYTES=8K", 0);
  child (argv[0], "GPURT_BATCH_BYTES=8K", 1);
  setenv ("GPURT_BATCH", "0", 1);
  child (argv[0], "GPURT_BATCH_BYTES=8K", 0);
  unsetenv ("GPURT_BATCH");
  run ();
  return 0;
}
