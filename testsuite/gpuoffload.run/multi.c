/* multi.c: GPURT_DEVICES (issue 20, item 2): a region the compiler can cut along its outermost index runs in one slice per logical device, at once, each slice copying in only its part of the moving arrays (and its halo), the reductions combined device 0 first.  Children run saxpy, a sum and a min reduction, a 1-D stencil b[i] = a[i-1] + a[i] + a[i+1] (once, and back and forth in a time loop), a 2-D stencil and sum over rows and a region writing through an index (which cannot be split: it runs on one device) under GPURT_DEVICES=0,0 and 0,0,0 (two and three logical devices on the OpenCL device) and GPURT_DEVICES=all (under POCL_DEVICES="pthread pthread" too: two OpenCL devices), at sizes 0, 1, 2, 3, 1001 and 65537 (divisible by neither 2 nor 3), against serial C; their profiles must count split launches with outer iterations and bytes on every logical device, and one launch not split, whose reason GPURT_VERBOSE=1 gives; a GPURT_DEVICES that is no list is reported and ignored.  Under GPURT_DEVICE=host the work runs on the host, right.  */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

static void
saxpy (long n, float a, const float *restrict x, float *restrict y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* B[1..N-2] from three elements of A: a halo of one on each side.  */
static void
stencil (long n, const float *restrict a, float *restrict b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    b[i] = a[i - 1] + a[i] + a[i + 1];
}

static long
sum (long n, const int *x)
{
  long s GPU_REDUCE = 11;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    s += x[i];
  return s;
}

static float
minimum (long n, const float *x)
{
  float m GPU_REDUCE = 1e30f;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    m = x[i] < m ? x[i] : m;
  return m;
}

/* A 2-D stencil over rows 1..N-2 of N x M: slices of rows, a halo of a
   row on each side.  */
static void
stencil2 (long n, long m, const float *restrict a, float *restrict b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 0; j < m; j++)
      b[i * m + j] = a[(i - 1) * m + j] + 2.0f * a[i * m + j]
		     + a[(i + 1) * m + j];
}

/* A 2-D sum: each slice's partial over its rows, flattened.  */
static long
sum2 (long n, long m, const int *x)
{
  long s GPU_REDUCE = -3;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < m; j++)
      s += x[i * m + j] * (j + 1);
  return s;
}

/* H is written through an index: its range does not move with I, so the
   region cannot be split (it runs on one device).  */
static void
hist (long n, const int *restrict k, int *restrict h GPU_EXTENT (64))
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    h[k[i] & 63] = 1;
}

static void
test (long n)
{
  float *x = check_alloc (n * sizeof *x);
  float *y = check_alloc (n * sizeof *y);
  int *ix = check_alloc (n * sizeof *ix);
  int h[64], hwant[64];
  check_fill_float (x, n, -10.0f, 10.0f);
  check_fill_float (y, n, -10.0f, 10.0f);
  check_fill_int (ix, n, -100000, 100000);
  float a = check_uniformf (-3.0f, 3.0f);

  float *want = check_dup (y, n * sizeof *y);
  for (long i = 0; i < n; i++)
    want[i] = a * x[i] + want[i];
  saxpy (n, a, x, y);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_FLOATS (y, want, n, 1e-5, 1e-4, "saxpy n=%ld", n);

  for (long i = 1; i < n - 1; i++)
    want[i] = x[i - 1] + x[i] + x[i + 1];
  stencil (n, x, y);
  CHECK_RAN_ON_DEVICE (n - 2);
  CHECK_FLOATS (y, want, n, 1e-5, 1e-4, "stencil n=%ld", n);

  /* A time loop: the stencil back and forth, the results of each step
     read by the next (kept on the device between unsplit regions).  */
  float *u = check_dup (x, n * sizeof *x), *v = check_dup (y, n * sizeof *y);
  float *uw = check_dup (x, n * sizeof *x), *vw = check_dup (y, n * sizeof *y);
  for (int t = 0; t < 4; t++)
    {
      for (long i = 1; i < n - 1; i++)
	vw[i] = uw[i - 1] + uw[i] + uw[i + 1];
      for (long i = 1; i < n - 1; i++)
	uw[i] = vw[i - 1] + vw[i] + vw[i + 1];
    }
  for (int t = 0; t < 4; t++)
    {
      stencil (n, u, v);
      stencil (n, v, u);
    }
  CHECK_FLOATS (u, uw, n, 1e-5, 1e-3, "stencil time loop n=%ld", n);
  CHECK_FLOATS (v, vw, n, 1e-5, 1e-3, "stencil time loop n=%ld (b)", n);
  free (u);
  free (v);
  free (uw);
  free (vw);

  long s = 11;
  for (long i = 0; i < n; i++)
    s += ix[i];
  long got = sum (n, ix);
  CHECK_RAN_ON_DEVICE (n);
  CHECK (got == s, "sum n=%ld: %ld, want %ld", n, got, s);

  float m = 1e30f;
  for (long i = 0; i < n; i++)
    m = x[i] < m ? x[i] : m;
  float gotm = minimum (n, x);
  CHECK_RAN_ON_DEVICE (n);
  CHECK (gotm == m, "min n=%ld: %g, want %g", n, gotm, m);

  /* N x 3 as 2-D: rows split.  */
  long rows = n / 3;
  for (long i = 1; i < rows - 1; i++)
    for (long j = 0; j < 3; j++)
      want[i * 3 + j] = x[(i - 1) * 3 + j] + 2.0f * x[i * 3 + j]
			+ x[(i + 1) * 3 + j];
  stencil2 (rows, 3, x, y);
  CHECK_RAN_ON_DEVICE (rows - 2);
  CHECK_FLOATS (y, want, rows * 3, 1e-5, 1e-4, "stencil2 %ldx3", rows);
  s = -3;
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < 3; j++)
      s += ix[i * 3 + j] * (j + 1);
  got = sum2 (rows, 3, ix);
  CHECK_RAN_ON_DEVICE (rows);
  CHECK (got == s, "sum2 %ldx3: %ld, want %ld", rows, got, s);

  memset (h, 0, sizeof h);
  memset (hwant, 0, sizeof hwant);
  for (long i = 0; i < n; i++)
    hwant[ix[i] & 63] = 1;
  hist (n, ix, h);
  CHECK_RAN_ON_DEVICE (n);
  CHECK (memcmp (h, hwant, sizeof h) == 0, "hist n=%ld", n);
  free (x);
  free (y);
  free (ix);
  free (want);
}

static void
work (void)
{
  static const long sizes[] = { 0, 1, 2, 3, 1001, 65537 };
  for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++)
    test (sizes[s]);
}

/* Run the work in a child under GPURT_DEVICES=LIST; with NDEV logical
   devices (0: do not look at the split) its profile must show split
   launches with outer iterations on each.  */
static void
child (const char *list, unsigned ndev)
{
  static char text[1 << 16], var[64];
  unsigned devices = 0;
  unsigned long long launches = 0, unsplit = 0, iters;

  snprintf (var, sizeof var, "GPURT_DEVICES=%s", list);
  check_profile_child ("multi", "--work", var, text, sizeof text);
  const char *p = strstr (text, "\"split\": ");
  if (ndev == 0)
    return;
  CHECK (p != NULL && sscanf (p, "\"split\": { \"devices\": %u, \"launches\":"
			      " %llu, \"unsplit\": %llu", &devices,
			      &launches, &unsplit) == 3,
	 "%s: no split in the profile:\n%s", var, text);
  CHECK (devices == ndev, "%s: %u logical devices", var, devices);
  /* Saxpy, sum and min at 5 sizes, the stencil 9 times at 3; hist at 5.  */
  CHECK (launches >= 3 * 5 + 9 * 3, "%s: %llu split launches", var, launches);
  CHECK (unsplit >= 5, "%s: %llu launches not split", var, unsplit);
  for (unsigned d = 0; d < ndev; d++)
    {
      unsigned long long in = 0, out = 0;
      p = strstr (p + 1, "{ \"outer_iterations\": ");
      CHECK (p != NULL && sscanf (p, "{ \"outer_iterations\": %llu,"
				  " \"range_bytes_h2d\": %llu,"
				  " \"range_bytes_d2h\": %llu", &iters, &in,
				  &out) == 3, "%s: logical device %u not in"
	     " the profile:\n%s", var, d, text);
      CHECK (iters >= 65537 / ndev, "%s: logical device %u ran %llu outer"
	     " iterations", var, d, iters);
      /* At least its share of saxpy's x and y at 65537.  */
      CHECK (in >= 2 * 4 * (65537 / ndev) && out >= 4 * (65537 / ndev),
	     "%s: logical device %u copied %llu bytes in, %llu back", var, d,
	     in, out);
    }
}

int
main (int argc, char **argv)
{
  const char *d = getenv ("GPURT_DEVICE");
  static char err[1 << 16];

  check_init ();
  if (argc > 1)
    {
      work ();
      return 0;
    }
  (void) argv;
  if (d && strcmp (d, "host") == 0)
    {
      /* Everything on the host, under GPURT_DEVICES too.  */
      child ("0,0", 0);
      work ();
      return 0;
    }
  child ("0,0", 2);
  child ("0,0,0", 3);
  child ("all", 0);
  /* The region that cannot be split says why.  */
  const char *envs[] = { "GPURT_DEVICES=0,0", "GPURT_VERBOSE=1", NULL };
  int st = check_child_stderr ("multi", "--work", envs, err, sizeof err);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0, "verbose child: %#x\n%s",
	 st, err);
  CHECK (strstr (err, "GPURT_DEVICES: logical device 1 of 2: OpenCL device")
	 != NULL, "the devices are not listed:\n%s", err);
  const char *why = strstr (err, "runs on one device, not split over 2: ");
  CHECK (why != NULL && strstr (err, "region gpu_hist_") != NULL
	 && (strstr (why, "no range that moves") != NULL
	     || strstr (why, "(h) is written and its range does not move")
		!= NULL), "no reason for the region not split:\n%s", err);
  /* Two OpenCL devices, each with its context and program, when the
     platform has two of a type (PoCL under POCL_DEVICES="pthread
     pthread").  */
  const char *two[] = { "POCL_DEVICES=pthread pthread", "GPURT_DEVICES=all",
			"GPURT_VERBOSE=2", NULL };
  st = check_child_stderr ("multi", "--work", two, err, sizeof err);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0, "GPURT_DEVICES=all: %#x\n%s",
	 st, err);
  if (strstr (err, "opened OpenCL device") != NULL)
    CHECK (strstr (err, "split over 2 logical devices") != NULL,
	   "GPURT_DEVICES=all opened a second device but split nothing:\n%s",
	   err);
  /* A value that is no list is reported and ignored: one device.  */
  const char *bad[] = { "GPURT_DEVICES=0,x", NULL };
  st = check_child_stderr ("multi", "--work", bad, err, sizeof err);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0
	 && strstr (err, "GPURT_DEVICES=0,x is neither \"all\" nor a list")
	    != NULL, "GPURT_DEVICES=0,x: %#x\n%s", st, err);
  /* And in this process, on one device.  */
  work ();
  return 0;
}
