/* fill.c: arrays a region writes whole are not copied to the device first (record line "fill K", docs/ABI.md section 10), and arrays it writes in part still are.  Every element of y stored (y's old contents are random and must not matter), every element of z stored and w read too, a conditional store and a step of 3 that leave the other elements as they were, at sizes 0, 1, 255, 4099 and 2^18 + 3, against serial C; in a child with its profile: one launch at a time, pipelined batches (GPURT_BATCH_BYTES=8K, through pinned staging with GPURT_PINNED=1) and batches one after the other (GPURT_BATCH=0).  On the device the profile must count bytes not copied in ("bytes_filled").  */
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
