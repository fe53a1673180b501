/* resident-evict.c: data kept on the device under a device memory limit (GPURT_DEVICE_MEM_LIMIT, in a child): a time loop alternates two pairs of regions over four 1 MiB arrays, while the limit holds about two and a half of them, so each pair's launch must send the other pair's kept copies home first (least recently used), results and all.  Compared with serial loops; the child's profile must show evicted bytes on a device.  */
#include "check.h"

/* The child runs regions on the device.  */
CHECK_CHILDREN_USE_DEVICE

#define N 262144		/* 1 MiB of floats */

__attribute__ ((noinline)) static void
pair (long n, const float *restrict in, float *restrict out, float c)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    out[i] = out[i] * 0.5f + in[i] * c;
}

static void
steps (int t, float *a, float *b, float *c, float *d)
{
  for (int k = 0; k < t; k++)
    {
      pair (N, a, b, 1.0f);
      pair (N, c, d, 2.0f);
      pair (N, b, a, 0.25f);
      pair (N, d, c, 0.125f);
    }
}

static void
serial_pair (long n, const float *in, float *out, float c)
{
  for (long i = 0; i < n; i++)
    out[i] = out[i] * 0.5f + in[i] * c;
}

static void
run (void)
{
  float *v[4], *w[4];
  for (int k = 0; k < 4; k++)
    {
      v[k] = check_alloc (N * sizeof (float));
      w[k] = check_alloc (N * sizeof (float));
      check_fill_float (v[k], N, -2, 2);
      memcpy (w[k], v[k], N * sizeof (float));
    }
  steps (5, v[0], v[1], v[2], v[3]);
  for (int k = 0; k < 5; k++)
    {
      serial_pair (N, w[0], w[1], 1.0f);
      serial_pair (N, w[2], w[3], 2.0f);
      serial_pair (N, w[1], w[0], 0.25f);
      serial_pair (N, w[3], w[2], 0.125f);
    }
  for (int k = 0; k < 4; k++)
    CHECK_FLOATS (v[k], w[k], N, 1e-5, 1e-6, "array %d", k);
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1)
    {
      run ();
      return 0;
    }
  static char text[1 << 16];
  check_profile_child (argv[0], "--child", "GPURT_DEVICE_MEM_LIMIT=2621440",
		       text, sizeof text);
#ifdef __OPTIMIZE__
  /* On a device, with data kept (not at -O0), copies had to go home.  */
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"evicted_bytes\": ") >= N * sizeof (float),
	   "nothing was evicted:\n%s", text);
#endif
  /* And without a limit, in this process.  */
  run ();
  return 0;
}
