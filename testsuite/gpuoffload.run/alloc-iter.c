/* alloc-iter.c: iterations that run out of device heap are run again
   alone (record "heap 2", docs/ABI.md section 8), against serial C.
   Each body adds to its output (y[i] += ...), and each loop runs twice
   over the same output, so an iteration run twice, or a pass that lost
   a result, shows.
   - after: grows a block with realloc and stores only after: the
     iterations that ran out are rerun alone, pass after pass;
   - before: stores before its allocation: a run out of heap is dropped
     and run again whole with a larger heap;
   - deep: allocates two calls down (the failure goes up the chain);
   - mixed: every 97th iteration needs a block larger than a 32 KiB
     heap grown 4 times: the device runs the others, the host those;
   - big: each block is larger than any heap the retries reach under
     GPURT_HEAP_BYTES=64: every iteration fails on the device, with the
     heap doubled 4 times, and the host runs them.
   The parent runs itself with a 32 KiB heap (passes, whole retries,
   the host finishing 'mixed'),
   a 64-byte heap (the host finishes), GPURT_VERBOSE=2 (each pass and
   retry said), then with the default heap on the device.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

#define BODY_AFTER							\
  {									\
    int cap = 4;							\
    int *v = malloc (cap * sizeof *v);					\
    for (int k = 0; k < cap; k++)					\
      v[k] = k - (int) (x[i] * 8.0f);					\
    while (cap < len[i])						\
      {									\
	v = realloc (v, (cap + 8) * sizeof *v);				\
	for (int k = cap; k < cap + 8; k++)				\
	  v[k] = v[k - cap] * 3 + k;					\
	cap += 8;							\
      }									\
    float s = 0.0f;							\
    for (int k = 0; k < cap; k++)					\
      s = s * 0.5f + (float) v[cap - 1 - k];				\
    free (v);								\
    y[i] += s;								\
  }

#define BODY_BEFORE							\
  {									\
    y[i] += 1.0f;							\
    int m = len[i];							\
    float *t = malloc (m * sizeof *t);					\
    for (int k = 0; k < m; k++)						\
      t[k] = x[i] - (float) k;						\
    float s = 0.0f;							\
    for (int k = 0; k < m; k++)						\
      s += t[k] * (float) (k % 5);					\
    free (t);								\
    y[i] += s;								\
  }

#define BODY_DEEP							\
  {									\
    y[i] += mid (len[i], x[i]);						\
  }

/* Every 97th iteration needs 800 KB, more than a 32 KiB heap grown 4
   times: the host runs those, the device the others.  */
#define BODY_MIXED							\
  {									\
    int m = i % 97 == 13 ? 200000 : len[i];				\
    float *t = malloc (m * sizeof *t);					\
    for (int k = 0; k < m; k++)						\
      t[k] = x[i] * (float) (k % 9);					\
    float s = 0.0f;							\
    for (int k = 0; k < m; k += 5)					\
      s += t[k];							\
    free (t);								\
    y[i] += s;								\
  }

#define BODY_BIG							\
  {									\
    int m = len[i] + 300;						\
    float *t = calloc (m, sizeof *t);					\
    for (int k = 0; k < m; k += 7)					\
      t[k] = x[i] * (float) k;						\
    float s = 0.0f;							\
    for (int k = 0; k < m; k++)						\
      s += t[k];							\
    free (t);								\
    y[i] += s;								\
  }

static __attribute__ ((noinline)) float
leaf (int m, float v)
{
  float *t = malloc (m * sizeof *t);
  for (int k = 0; k < m; k++)
    t[k] = v * (float) (k + 1);
  float s = 0.0f;
  for (int k = 0; k < m; k++)
    s += t[(k * 3) % m];
  free (t);
  return s;
}

static __attribute__ ((noinline)) float
mid (int m, float v)
{
  return leaf (m, v) + leaf (m / 2 + 1, -v);
}

#define KERNEL(NAME, BODY)						\
  static void								\
  NAME (long n, const int *len, const float *x, float *y)		\
  {									\
    for (long i GPU_PARALLEL = 0; i < n; i++)				\
      BODY								\
  }									\
  static void								\
  NAME##_ref (long n, const int *len, const float *x, float *y)	\
  {									\
    for (long i = 0; i < n; i++)					\
      BODY								\
  }

KERNEL (after, BODY_AFTER)
KERNEL (before, BODY_BEFORE)
KERNEL (deep, BODY_DEEP)
KERNEL (mixed, BODY_MIXED)
KERNEL (big, BODY_BIG)

typedef void (*kernel_fn) (long, const int *, const float *, float *);

/* Run K against REF twice over the same output, for several sizes (none
   a multiple of a work-group, and an empty range); ON_DEVICE says
   whether each run must have been on the device.  */

static void
run (kernel_fn k, kernel_fn ref, const char *what, int on_device)
{
  static const long sizes[] = { 0, 1, 7, 1000, 4099 };
  for (int s = 0; s < (int) (sizeof sizes / sizeof sizes[0]); s++)
    {
      long n = sizes[s];
      int *len = check_alloc ((n + 1) * sizeof (int));
      /* x, y and the serial program's y in one block.  */
      float *x = check_alloc (3 * (n + 1) * sizeof (float));
      float *y = x + n + 1, *yw = y + n + 1;
      for (long i = 0; i < n; i++)
	{
	  len[i] = (int) check_range (1, 40);
	  x[i] = check_uniformf (-1, 1);
	  y[i] = yw[i] = check_uniformf (-1, 1);
	}
      for (int rep = 1; rep <= 2; rep++)
	{
	  k (n, len, x, y);
	  if (on_device && n > 0)
	    CHECK_RAN_ON_DEVICE (n);
	  ref (n, len, x, yw);
	  CHECK_SAME (y, yw, n, "%s: n %ld, y[i] += after %d runs", what, n,
		      rep);
	}
      free (len);
      free (x);
    }
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1 && !strcmp (argv[1], "--big"))
    {
      run (big, big_ref, "big", 0);
      return 0;
    }
  if (argc > 1)
    {
      run (after, after_ref, "after", 0);
      run (before, before_ref, "before", 0);
      run (deep, deep_ref, "deep", 0);
      run (mixed, mixed_ref, "mixed", 0);
      return 0;
    }
  static char text[1 << 16];
  /* A 32 KiB heap: most iterations of the larger sizes run out.  */
  check_profile_child (argv[0], "--tiny", "GPURT_HEAP_BYTES=32768",
		       text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    {
      CHECK (check_json_sum (text, "\"heap_failed_iterations\": ") > 0
	     && check_json_sum (text, "\"heap_passes\": ") > 0,
	     "no iteration was rerun alone with a 32 KiB heap:\n%s", text);
      CHECK (check_json_sum (text, "\"heap_retries\": ") > 0,
	     "the loop that stores first was not rerun whole:\n%s", text);
      /* 'mixed' at 1000 and 4099 iterations, twice each: 11 and 43
	 iterations of 800 KB, which the host finishes.  */
      CHECK (check_json_sum (text, "\"heap_host\": ") == 2 * 2
	     && check_json_sum (text, "\"heap_host_iterations\": ")
		== 2 * (11 + 43),
	     "the host did not finish just the 800 KB iterations:\n%s", text);
    }
  /* A 64-byte heap, 1 KiB after the retries: every block of 'big' is
     larger, every iteration fails on the device, the host runs it.  */
  check_profile_child (argv[0], "--big", "GPURT_HEAP_BYTES=64",
		       text, sizeof text);
  if (check_json_sum (text, "\"launches\": ") != 0
      && check_json_sum (text, "\"heap_failed\": ") != 0)
    CHECK (check_json_sum (text, "\"device_runs\": ") == 0
	   && check_json_sum (text, "\"heap_host\": ") == 4 * 2
	   && check_json_sum (text, "\"heap_retries\": ") == 4 * 2 * 4,
	   "a 64-byte heap did not end on the host:\n%s", text);
  /* GPURT_VERBOSE=2 says each pass and each whole retry.  */
  static char err[1 << 18];
  static const char *const envs[]
    = { "GPURT_HEAP_BYTES=32768", "GPURT_VERBOSE=2", "GPURT_PROFILE", NULL };
  int status = check_child_stderr (argv[0], "--tiny", envs, err, sizeof err);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	 "verbose child failed (%#x):\n%s", status, err);
  if (strstr (err, "launch gpu_"))
    CHECK (strstr (err, "iterations ran out of the 32768-byte device heap;"
		   " pass 2 runs them again")
	   && strstr (err, "device heap; again on the device with 65536"),
	   "GPURT_VERBOSE=2 did not say the passes and retries:\n%.4000s",
	   err);
  /* The default heap, on the device.  */
  run (after, after_ref, "after", 1);
  run (before, before_ref, "before", 1);
  run (deep, deep_ref, "deep", 1);
  run (mixed, mixed_ref, "mixed", 1);
  return 0;
}
