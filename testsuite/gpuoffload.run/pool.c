/* pool.c: small device buffers are sub-buffers of one pooled buffer
   (libgpurt's gpurt-cl.c: 256 slots of 16 KiB), given back when the
   driver deletes them.  Regions over sizes from empty to past a slot
   (0, 1, 1000, 4096 floats -- one slot exactly --, 4097, 100000 and
   random ones), each array freed before the next one is allocated (the
   slots are taken again, maybe for other sizes); then 300 chunks of one
   array, each a range of its own kept on the device between two syncs,
   more than the pool holds (the rest get buffers of their own), each
   updated three times.  Compared with serial C, in this process (the
   pool made by the first launch: GPURT_INIT=lazy) and in two children:
   the pool made by the start-up thread (GPURT_INIT=eager), and no pool
   (GPURT_POOL=0).  */
#include "check.h"

/* The children run regions on the device.  */
CHECK_CHILDREN_USE_DEVICE

#define NCHUNKS 300
#define CHUNK 100

__attribute__ ((noinline)) static void
axpb (long n, float *restrict y, const float *restrict x,
      const int *restrict k)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = 0.5f * x[i] + (float) k[i];
}

__attribute__ ((noinline)) static void
bump (long n, int *v, int by)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    v[i] = v[i] * 3 + by + (int) (i & 7);
}

/* Each chunk of V (NCHUNKS of CHUNK ints) bumped by its own region, three
   times: no host code between, so each chunk's copy stays on the device
   until the end.  */
static void
chunks (int *v)
{
  for (int t = 0; t < 3; t++)
    for (long c = 0; c < NCHUNKS; c++)
      bump (CHUNK, v + c * CHUNK, (int) c + t);
}

/* axpb over N elements of arrays allocated for it and freed after (each
   4-byte elements).  */
static void
one_size (long n)
{
  void *a[4];

  for (int j = 0; j < 4; j++)
    a[j] = check_alloc ((size_t) n * 4);
  float *x = a[0], *y = a[1], *want = a[2];
  int *k = a[3];
  check_fill_float (x, n, -100, 100);
  check_fill_int (k, n, -1000, 1000);
  for (long i = 0; i < n; i++)
    want[i] = 0.5f * x[i] + (float) k[i];
  axpb (n, y, x, k);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_SAME (y, want, n, "axpb n=%ld", n);
  for (int j = 0; j < 4; j++)
    free (a[j]);
}

static void
run (void)
{
  static const long sizes[] = { 0, 1, 1000, 4096, 4097, 100000, 1, 0, 4095,
				4096, 1000, 17 };
  int *v = check_alloc (NCHUNKS * CHUNK * sizeof (int));
  int *w = check_alloc (NCHUNKS * CHUNK * sizeof (int));

  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    one_size (sizes[s]);
  for (int r = 0; r < 40; r++)
    one_size (check_range (0, 5000));

  check_fill_int (v, NCHUNKS * CHUNK, -1000, 1000);
  memcpy (w, v, NCHUNKS * CHUNK * sizeof (int));
  chunks (v);
  for (int t = 0; t < 3; t++)
    for (long c = 0; c < NCHUNKS; c++)
      for (long i = 0; i < CHUNK; i++)
	w[c * CHUNK + i] = w[c * CHUNK + i] * 3 + (int) c + t + (int) (i & 7);
  CHECK_SAME (v, w, NCHUNKS * CHUNK, "chunks");
  free (v);
  free (w);
}

int
main (int argc, char **argv)
{
  static char text[1 << 16];

  check_init ();
  if (argc > 1)
    {
      run ();
      return 0;
    }
  check_profile_child (argv[0], "--child", "GPURT_INIT=eager", text,
		       sizeof text);
  check_profile_child (argv[0], "--child", "GPURT_POOL=0", text,
		       sizeof text);
  run ();
  return 0;
}
