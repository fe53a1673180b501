/* alloc-tiny.c: a loop that allocates, run with device heaps too small
   for it (docs/ABI.md section 8).  Its body adds to its output
   (y[i] += ...), so a run whose work-items ran out of heap must change
   nothing: it stores only after its allocation, so with
   GPURT_HEAP_BYTES=65536 the iterations that ran out are run again alone
   on the device, pass after pass ("heap 2"); with GPURT_HEAP_BYTES=16
   no pass completes any, every whole retry fails and the host runs the
   loop.  The results are the serial program's each time.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

#define N 4096

#define BODY								\
  {									\
    int m = len[i];							\
    float *t = malloc (m * sizeof *t);					\
    for (int k = 0; k < m; k++)						\
      t[k] = x[i] + (float) k;						\
    float s = 0.0f;							\
    for (int k = 0; k < m; k++)						\
      s += t[m - 1 - k] * (float) (k & 3);				\
    free (t);								\
    y[i] += s;								\
  }

static void
kern (long n, const int *len, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (long n, const int *len, const float *x, float *y)
{
  for (long i = 0; i < n; i++)
    BODY
}

/* The loop three times over the same output, against serial C; ON_DEVICE
   says whether the run must have been on the device.  */

static void
run (int on_device)
{
  int *len = check_alloc (N * sizeof (int));
  float *x = check_alloc (N * sizeof (float));
  float *y = check_alloc (N * sizeof (float));
  float *yw = check_alloc (N * sizeof (float));
  check_fill_int (len, N, 1, 40);
  check_fill_float (x, N, -1, 1);
  check_fill_float (y, N, -1, 1);
  memcpy (yw, y, N * sizeof (float));
  for (int rep = 0; rep < 3; rep++)
    {
      ref (N, len, x, yw);
      kern (N, len, x, y);
      if (on_device)
	CHECK_RAN_ON_DEVICE (N);
      CHECK_SAME (y, yw, N, "y[i] += after %d runs", rep + 1);
    }
  free (len);
  free (x);
  free (y);
  free (yw);
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1)
    {
      run (0);
      return 0;
    }
  static char text[1 << 16];
  check_profile_child (argv[0], "--retry", "GPURT_HEAP_BYTES=65536",
		       text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    {
      CHECK (check_json_sum (text, "\"heap_failed\": ") >= 3
	     && check_json_sum (text, "\"heap_passes\": ") >= 3
	     && check_json_sum (text, "\"heap_retries\": ") == 0,
	     "no run's iterations were rerun alone in a 64 KiB heap:\n%s",
	     text);
      CHECK (check_json_sum (text, "\"device_runs\": ") == 3,
	     "a retry did not finish on the device:\n%s", text);
    }
  check_profile_child (argv[0], "--host", "GPURT_HEAP_BYTES=16",
		       text, sizeof text);
  if (check_json_sum (text, "\"launches\": ") != 0
      && check_json_sum (text, "\"heap_failed\": ") != 0)
    CHECK (check_json_sum (text, "\"heap_retries\": ") == 3 * 4
	   && check_json_sum (text, "\"heap_host\": ") == 3
	   && check_json_sum (text, "\"device_runs\": ") == 0,
	   "a 16-byte heap did not end on the host:\n%s", text);
  /* And with the default heap, on the device.  */
  run (1);
  return 0;
}
