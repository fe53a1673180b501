/* batch.c: regions whose data do not fit the device run in batches of their outermost index (docs/ABI.md section 9): saxpy, a 2-D stencil with a halo of one row, a 1-D and a 2-D sum reduction and a region with a whole read-only table beside a streamed input, in a child under GPURT_DEVICE_MEM_LIMIT (8 KiB: a third of the data of the larger sizes or less), at sizes that do not divide into batches, against serial C; the child's profile must count batches.  A region writing through an index (not batchable) over data larger than the limit runs on the host, right.  */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

static void
saxpy (int n, float a, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* Rows 1..n-2 of OUT from three rows of IN: the halo.  */
static void
stencil (int n, int m, const float *restrict in, float *restrict out)
{
  for (int i GPU_PARALLEL = 1; i < n - 1; i++)
    for (int j GPU_PARALLEL = 0; j < m; j++)
      out[i * m + j] = in[(i - 1) * m + j] + 2.0f * in[i * m + j]
		       + in[(i + 1) * m + j];
}

static long
sum (int n, const int *x)
{
  long s GPU_REDUCE = 7;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    s += x[i];
  return s;
}

/* A 2-D reduction: batches of rows, the flattened index space offset.  */
static long
sum2 (int n, int m, const int *x)
{
  long s GPU_REDUCE = -3;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m; j++)
      s += x[i * m + j] * (j + 1);
  return s;
}

/* LUT is read whole by every batch; X and Y are streamed.  */
static void
lookup (int n, const int *restrict x, const float *restrict lut GPU_EXTENT (16),
	float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = lut[x[i] & 15] * (float) x[i];
}

/* H is written through an index: its range does not move with I, so the
   region is not batchable.  */
static void
hist (int n, const int *restrict k, int *restrict h GPU_EXTENT (4096))
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    h[k[i] & 4095] = 1;
}

/* The region of HIST over 16 KiB of data under the 8 KiB limit: it must
   run on the host (the child runs under GPURT_FALLBACK=silent), right.  */
static void
test_host (void)
{
  int n = 4096;
  int *k = check_alloc (n * sizeof *k);
  int *h = check_alloc (4096 * sizeof *h);
  int *want = check_alloc (4096 * sizeof *want);
  for (int i = 0; i < n; i++)
    k[i] = (int) check_uniformf (0.0f, 100000.0f);
  memset (h, 0, 4096 * sizeof *h);
  memset (want, 0, 4096 * sizeof *want);
  for (int i = 0; i < n; i++)
    want[k[i] & 4095] = 1;
  hist (n, k, h);
  CHECK (!gpurt_last_region_ran_on_device (),
	 "a region too large and not batchable ran on the device");
  CHECK (memcmp (h, want, 4096 * sizeof *h) == 0, "hist");
  free (k);
  free (h);
  free (want);
}

static void
test (long n, long m)
{
  float *x = check_alloc (n * m * sizeof *x);
  float *y = check_alloc (n * m * sizeof *y);
  int *ix = check_alloc (n * sizeof *ix);
  float lut[16];
  check_fill_float (x, n * m, -10.0f, 10.0f);
  check_fill_float (y, n * m, -10.0f, 10.0f);
  check_fill_float (lut, 16, -2.0f, 2.0f);
  for (long i = 0; i < n; i++)
    ix[i] = (int) check_uniformf (-1000.0f, 1000.0f);
  float a = check_uniformf (-3.0f, 3.0f);

  float *want = check_dup (y, n * m * sizeof *y);
  for (long i = 0; i < n * m; i++)
    want[i] = a * x[i] + want[i];
  saxpy ((int) (n * m), a, x, y);
  CHECK_RAN_ON_DEVICE (n * m);
  CHECK_FLOATS (y, want, n * m, 1e-5, 1e-4, "saxpy n=%ld", n * m);

  for (long i = 1; i < n - 1; i++)
    for (long j = 0; j < m; j++)
      want[i * m + j] = x[(i - 1) * m + j] + 2.0f * x[i * m + j]
			+ x[(i + 1) * m + j];
  stencil ((int) n, (int) m, x, y);
  CHECK_FLOATS (y, want, n * m, 1e-5, 1e-4, "stencil %ldx%ld", n, m);

  long s = 7;
  for (long i = 0; i < n; i++)
    s += ix[i];
  long got = sum ((int) n, ix);
  CHECK (got == s, "sum n=%ld: %ld, want %ld", n, got, s);

  int *ix2 = check_alloc (n * m * sizeof *ix2);
  for (long i = 0; i < n * m; i++)
    ix2[i] = (int) x[i];
  s = -3;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      s += ix2[i * m + j] * (j + 1);
  got = sum2 ((int) n, (int) m, ix2);
  CHECK (got == s, "sum2 %ldx%ld: %ld, want %ld", n, m, got, s);
  free (ix2);

  for (long i = 0; i < n; i++)
    want[i] = lut[ix[i] & 15] * (float) ix[i];
  lookup ((int) n, ix, lut, y);
  CHECK (n == 0 || memcmp (y, want, n * sizeof *y) == 0, "lookup n=%ld", n);
  free (x);
  free (y);
  free (ix);
  free (want);
}

static void
run_all (void)
{
  for (int s = 0; s < CHECK_NSIZES; s++)
    test (check_sizes[s], 3);
  test (1000, 37);
  test (4099, 5);
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1 && strcmp (argv[1], "--host") == 0)
    {
      test_host ();
      return 0;
    }
  if (argc > 1)
    {
      run_all ();
      return 0;
    }
  /* Under a limit of 8 KiB every region of 1000 iterations or more needs
     batches (its data are 12 KiB or more): on a device (the child's
     regions ran there), the profile counts them.  */
  static char text[1 << 16];
  check_profile_child (argv[0], "--child", "GPURT_DEVICE_MEM_LIMIT=8192",
		       text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches\": ") >= 3 * 4,
	   "too few batches in the profile:\n%s", text);
  /* Not batchable and too large: the host, with the reason (the child
     must not stop at it).  */
  check_profile_child_silent (argv[0], "--host",
			      "GPURT_DEVICE_MEM_LIMIT=8192", text,
			      sizeof text);
  CHECK (check_json_sum (text, "\"batches\": ") == 0,
	 "a region that is not batchable ran in batches:\n%s", text);
  /* And without a limit, in this process.  */
  run_all ();
  return 0;
}
