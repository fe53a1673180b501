/* resident-check.c: single host loads and stores between regions in the loop that launches them go through gpurt_sync_range (gpu_hostsync): stores to a progress array and to per-step results that no region touches leave the regions' data on the device; a read and a write of an element of the kept array every few steps brings it home first.  Compared with serial loops at sizes that fit no work-group; on a device, a profile child checks that the arrays go there once and come back once although the host stores something every step.  */
#include "check.h"

/* The profile child uses the device.  */
CHECK_CHILDREN_USE_DEVICE

static float progress[64], results[64];

/* T steps of two sweeps; host code in the loop: always a store to
   PROGRESS and RESULTS, and every PEEK steps (0: never) a read and a
   write of an element of A.  */
__attribute__ ((noinline)) static void
steps (int n, int t, int peek, float *a, float *b)
{
  for (int k = 0; k < t; k++)
    {
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	a[i] = b[i] * 0.999f;
      progress[k % 64] = (float) k;
      results[(k * 7) % 64] = (float) (k * 3);
      if (peek && k % peek == 0)
	{
	  float v = a[n / 2];
	  a[n / 3] = v + 1.0f;
	}
    }
}

static void
serial (int n, int t, int peek, float *a, float *b, float *prog, float *res)
{
  for (int k = 0; k < t; k++)
    {
      for (int i = 1; i < n - 1; i++)
	b[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
      for (int i = 1; i < n - 1; i++)
	a[i] = b[i] * 0.999f;
      prog[k % 64] = (float) k;
      res[(k * 7) % 64] = (float) (k * 3);
      if (peek && k % peek == 0)
	{
	  float v = a[n / 2];
	  a[n / 3] = v + 1.0f;
	}
    }
}

static void
run (int n, int t, int peek)
{
  float *a = check_alloc (n * sizeof *a), *b = check_alloc (n * sizeof *b);
  float *wa = check_alloc (n * sizeof *wa), *wb = check_alloc (n * sizeof *wb);
  float wp[64], wr[64];
  check_fill_float (a, n, -4, 4);
  memcpy (wa, a, n * sizeof *a);
  memset (b, 0, n * sizeof *b);
  memset (wb, 0, n * sizeof *b);
  memset (progress, 0, sizeof progress);
  memset (results, 0, sizeof results);
  memset (wp, 0, sizeof wp);
  memset (wr, 0, sizeof wr);
  steps (n, t, peek, a, b);
  serial (n, t, peek, wa, wb, wp, wr);
  CHECK_FLOATS (a, wa, n, 1e-5, 1e-5, "a (n %d, peek %d)", n, peek);
  CHECK_FLOATS (b, wb, n, 1e-5, 1e-5, "b (n %d, peek %d)", n, peek);
  CHECK_SAME (progress, wp, 64, "progress (n %d)", n);
  CHECK_SAME (results, wr, 64, "results (n %d)", n);
  free (a); free (b); free (wa); free (wb);
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1 && strcmp (argv[1], "--bytes") == 0)
    {
      run (4099, 40, 0);
      return 0;
    }
#ifdef __OPTIMIZE__
  const char *d = getenv ("GPURT_DEVICE");
  if (!d || strcmp (d, "host") != 0)
    {
      static char text[1 << 16];
      check_profile_child (argv[0], "--bytes", NULL, text, sizeof text);
      if (check_json_sum (text, "\"device_runs\": ") != 0)
	{
	  unsigned long long d2h = check_json_sum (text, "\"bytes_d2h\": ")
				   + check_json_sum (text, "\"sync_bytes_d2h\": ");
	  /* Two arrays of 4099 floats come back once, not 40 times.  */
	  CHECK (d2h <= 2ull * 4099 * sizeof (float) + 64,
		 "40 steps with host stores moved %llu bytes back", d2h);
	}
    }
#endif
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      if (n < 3)
	continue;
      run (n, 9, 0);
      run (n, 9, 4);
      run (n, 5, 1);
    }
  return 0;
}
