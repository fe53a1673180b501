/* batch-pipe.c: data that fit the device, run in pipelined batches (docs/ABI.md section 9) because GPURT_BATCH_BYTES is small: several batches in flight on the three queues, each with its own buffers.  Saxpy, an in-place update, a guarded write that leaves every other element alone, a 2-D stencil with a halo of one row, a region with a whole read-only table beside a streamed input, one whose table is larger than a batch may be (it runs unbatched on the device), a sum and a 2-D float maximum reduction, at sizes that do not divide into batches, against serial C; the child's profile must count pipelined batches, also through pinned staging areas (GPURT_PINNED=1), fewer when GPURT_BATCH_RAMP=0 makes the first and last batches of each pipeline as large as the others (with small pinned slots, GPURT_PINNED_CHUNK, for the other copies), the same with each slice's host copy in a call of the thread pool of its own (GPURT_STAGE_MERGE=0), and none under GPURT_BATCH=0 (batches one after the other, same results).  Large data (2^23 + 5 floats) whose results may stay on the device: saxpy calls with a host check after each are pipelined once the first call's results went home unused; a time loop of two regions using each other's results is not pipelined (it keeps them).  */
#include "check.h"
#include <math.h>

CHECK_CHILDREN_USE_DEVICE

static void
saxpy (int n, float a, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* Read and written through the same pointer.  */
static void
scale (int n, float *x)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    x[i] = 2.0f * x[i] + 1.0f;
}

/* Writes only the even elements: the odd ones must come back as they
   were (the batches copy the written slices in too).  */
static void
evens (int n, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    if ((i & 1) == 0)
      y[i] = x[i] - 1.0f;
}

/* Steps that use each other's results on the device.  */
static void
pingpong (int n, int t, float *restrict x, float *restrict y)
{
  for (int s = 0; s < t; s++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	y[i] = 0.5f * x[i] + y[i];
      for (int i GPU_PARALLEL = 0; i < n; i++)
	x[i] = 0.5f * y[i] - x[i];
    }
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

/* LUT is read whole by every batch; X and Y are streamed.  */
static void
lookup (int n, const int *restrict x, const float *restrict lut GPU_EXTENT (16),
	float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = lut[x[i] & 15] * (float) x[i];
}

/* A table of 4096 bytes read whole: more than one batch of
   GPURT_BATCH_BYTES=3000 may hold, so the region cannot be batched; its
   data fit the device, so it runs there unbatched.  */
static void
widelookup (int n, const int *restrict x,
	    const float *restrict lut GPU_EXTENT (1024), float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = lut[x[i] & 1023] * 0.5f;
}

static long
sum (int n, const int *x)
{
  long s GPU_REDUCE = 5;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    s += x[i];
  return s;
}

/* A float maximum over a 2-D index space (the flattened grid-stride
   loop starts at each batch's first row).  */
static float
biggest (int n, int m, const float *x)
{
  float b GPU_REDUCE = -1e30f;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m; j++)
      b = fmaxf (b, x[i * m + j] * (float) (j + 1));
  return b;
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

  for (long i = 0; i < n * m; i++)
    want[i] = 2.0f * y[i] + 1.0f;
  scale ((int) (n * m), y);
  CHECK_FLOATS (y, want, n * m, 1e-5, 1e-4, "scale n=%ld", n * m);

  for (long i = 0; i < n * m; i += 2)
    want[i] = x[i] - 1.0f;
  evens ((int) (n * m), x, y);
  CHECK (n * m == 0 || memcmp (y, want, n * m * sizeof *y) == 0,
	 "evens n=%ld", n * m);

  for (long i = 1; i < n - 1; i++)
    for (long j = 0; j < m; j++)
      want[i * m + j] = x[(i - 1) * m + j] + 2.0f * x[i * m + j]
			+ x[(i + 1) * m + j];
  stencil ((int) n, (int) m, x, y);
  CHECK_FLOATS (y, want, n * m, 1e-5, 1e-4, "stencil %ldx%ld", n, m);

  for (long i = 0; i < n; i++)
    want[i] = lut[ix[i] & 15] * (float) ix[i];
  lookup ((int) n, ix, lut, y);
  CHECK (n == 0 || memcmp (y, want, n * sizeof *y) == 0, "lookup n=%ld", n);

  float *wide = check_alloc (1024 * sizeof *wide);
  check_fill_float (wide, 1024, -2.0f, 2.0f);
  for (long i = 0; i < n; i++)
    want[i] = wide[ix[i] & 1023] * 0.5f;
  widelookup ((int) n, ix, wide, y);
  CHECK_RAN_ON_DEVICE (n);
  CHECK (n == 0 || memcmp (y, want, n * sizeof *y) == 0,
	 "widelookup n=%ld", n);
  free (wide);

  long s = 5;
  for (long i = 0; i < n; i++)
    s += ix[i];
  long got = sum ((int) n, ix);
  CHECK (got == s, "sum n=%ld: %ld, want %ld", n, got, s);

  float b = -1e30f;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      b = fmaxf (b, x[i * m + j] * (float) (j + 1));
  float gotb = biggest ((int) n, (int) m, x);
  CHECK (gotb == b, "biggest %ldx%ld: %g, want %g", n, m, gotb, b);
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

/* Large data (2^23 + 5 floats in and out: 64 MiB or more move) whose
   results may stay on the device: when CALLS, saxpy calls with a host
   check of the results after each; else a time loop of two regions, each
   using the other's results.  */
static void
keep (int calls)
{
  int n = (1 << 23) + 5;
  float *x = check_alloc (n * sizeof *x), *y = check_alloc (n * sizeof *y);
  float *wx = check_alloc (n * sizeof *wx), *wy = check_alloc (n * sizeof *wy);
  check_fill_float (x, n, -4, 4);
  check_fill_float (y, n, -4, 4);
  memcpy (wx, x, n * sizeof *wx);
  memcpy (wy, y, n * sizeof *wy);
  for (int c = 0; c < 4; c++)
    {
      float a = check_uniformf (-2, 2);
      for (int i = 0; i < n; i++)
	wy[i] = calls ? a * wx[i] + wy[i] : 0.5f * wx[i] + wy[i];
      if (!calls)
	for (int i = 0; i < n; i++)
	  wx[i] = 0.5f * wy[i] - wx[i];
      if (calls)
	{
	  saxpy (n, a, x, y);
	  CHECK_FLOATS (y, wy, n, 1e-5, 1e-5, "keep call %d", c);
	}
    }
  if (!calls)
    {
      pingpong (n, 4, x, y);
      CHECK_FLOATS (x, wx, n, 1e-5, 1e-5, "pingpong x");
      CHECK_FLOATS (y, wy, n, 1e-5, 1e-5, "pingpong y");
    }
  free (x); free (y); free (wx); free (wy);
}

/* Run this test as a child in batches of about 5000 bytes through
   pinned staging areas, with the variable VAR (NULL: none) set to VALUE;
   its profile in TEXT (SIZE bytes).  Returns its pipelined batches, or
   -1 when it never ran on the device.  */
static long long
pinned_child (const char *argv0, const char *var, const char *value,
	      char *text, size_t size)
{
  setenv ("GPURT_PINNED", "1", 1);
  if (var != NULL)
    setenv (var, value, 1);
  check_profile_child (argv0, "--child", "GPURT_BATCH_BYTES=5000", text,
		       size);
  if (var != NULL)
    unsetenv (var);
  unsetenv ("GPURT_PINNED");
  if (check_json_sum (text, "\"device_runs\": ") == 0)
    return -1;
  return (long long) check_json_sum (text, "\"batches_pipelined\": ");
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1)
    {
      if (strcmp (argv[1], "--child") == 0)
	run_all ();
      else
	keep (strcmp (argv[1], "--keep-calls") == 0);
      return 0;
    }
  /* Batches of about 3000 bytes: the regions of 1000 iterations or more
     run in many batches, three in flight.  */
  static char text[1 << 16];
  check_profile_child (argv[0], "--child", "GPURT_BATCH_BYTES=3000", text,
		       sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches_pipelined\": ") >= 6 * 3 * 4,
	   "too few pipelined batches in the profile:\n%s", text);
  /* Through pinned staging areas (off by default on a CPU device),
     every batch of a pipeline of the one size (GPURT_BATCH_RAMP's
     default); small pinned slots (GPURT_PINNED_CHUNK) stage the copies
     that are not batched too.  */
  setenv ("GPURT_PINNED_CHUNK", "4096", 1);
  long long flat = pinned_child (argv[0], NULL, NULL, text, sizeof text);
  unsetenv ("GPURT_PINNED_CHUNK");
  CHECK (flat < 0 || flat >= 6 * 3 * 2,
	 "too few pipelined batches in the profile (pinned):\n%s", text);
  /* GPURT_BATCH_RAMP=1: the first and last batches of a pipeline
     smaller than the others, so more of them.  */
  long long ramp = pinned_child (argv[0], "GPURT_BATCH_RAMP", "1", text,
				 sizeof text);
  CHECK (ramp < 0 || (ramp >= 6 * 3 * 4 && flat < ramp),
	 "GPURT_BATCH_RAMP=1: %lld pipelined batches, %lld without the"
	 " ramp:\n%s", ramp, flat, text);
  /* GPURT_STAGE_MERGE=0: each slice's host copy through the staging
     area in a call of the pool of its own; the same batches.  */
  long long merge = pinned_child (argv[0], "GPURT_STAGE_MERGE", "0", text,
				  sizeof text);
  CHECK (merge < 0 || merge == flat,
	 "GPURT_STAGE_MERGE=0: %lld pipelined batches, not %lld:\n%s", merge,
	 flat, text);
  /* GPURT_BATCH=0: the same batches, one after the other.  */
  setenv ("GPURT_BATCH", "0", 1);
  check_profile_child (argv[0], "--child", "GPURT_BATCH_BYTES=3000", text,
		       sizeof text);
  unsetenv ("GPURT_BATCH");
  CHECK (check_json_sum (text, "\"batches_pipelined\": ") == 0,
	 "GPURT_BATCH=0 pipelined batches:\n%s", text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches\": ") >= 6 * 3 * 4,
	   "too few batches in the profile under GPURT_BATCH=0:\n%s", text);
  /* Results kept on the device: calls whose results go home unused each
     time are pipelined once the first went home (64 MiB move); a time
     loop whose steps use each other's results keeps them (at -O0, without
     transfer elimination, nothing is kept and every step is pipelined).  */
  check_profile_child (argv[0], "--keep-calls", NULL, text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches_pipelined\": ") > 0,
	   "the calls were never pipelined:\n%s", text);
  check_profile_child (argv[0], "--keep-loop", NULL, text, sizeof text);
#ifdef __OPTIMIZE__
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches_pipelined\": ") == 0,
	   "the time loop's steps were pipelined:\n%s", text);
#endif
  /* And without GPURT_BATCH_BYTES (small data: no batches), here.  */
  run_all ();
  return 0;
}
