/* batch-base.c: a batch (or a device's slice) starting at outer iteration F computes with the absolute index, which the kernel gets as gpu_f (docs/ABI.md section 2), never from a global work offset: regions whose stored values depend on the index itself -- a[i] = 3 i + 1 (plus a random input), a 2-D b[i][j] = 1000 i + j + x, the grid-stride sum of i * x[i] and a 2-D sum weighted by the row -- run in children in sequential batches (GPURT_DEVICE_MEM_LIMIT=8192), in pipelined batches (GPURT_BATCH_BYTES=3000) and in slices on three logical devices (GPURT_DEVICES=0,0,0), at sizes that do not divide into batches, against serial C; each child's profile must count its batches or split launches, so that a wrong base is seen.  */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

static void
affine (long n, const int *restrict x, long *restrict a)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    a[i] = 3 * i + 1 + x[i];
}

static void
rows (long n, long m, const int *restrict x, long *restrict b)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < m; j++)
      b[i * m + j] = 1000 * i + j + x[i * m + j];
}

static long
weighted (long n, const int *x)
{
  long s GPU_REDUCE = 5;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    s += i * x[i];
  return s;
}

static long
weighted2 (long n, long m, const int *x)
{
  long s GPU_REDUCE = -9;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < m; j++)
      s += (i + 1) * x[i * m + j] + j;
  return s;
}

static void
test (long n, long m)
{
  int *x = check_alloc (n * m * sizeof *x);
  /* The results and what they must be, in one block.  */
  long *a = check_alloc (2 * n * m * sizeof *a);
  long *want = a + n * m;
  check_fill_int (x, n * m, -100, 100);

  for (long i = 0; i < n * m; i++)
    want[i] = 3 * i + 1 + x[i];
  affine (n * m, x, a);
  CHECK_RAN_ON_DEVICE (n * m);
  for (long i = 0; i < n * m; i++)
    CHECK (a[i] == want[i], "affine n=%ld: a[%ld] = %ld, want %ld", n * m,
	   i, a[i], want[i]);

  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      want[i * m + j] = 1000 * i + j + x[i * m + j];
  rows (n, m, x, a);
  CHECK_RAN_ON_DEVICE (n * m);
  for (long i = 0; i < n * m; i++)
    CHECK (a[i] == want[i], "rows %ldx%ld: b[%ld] = %ld, want %ld", n, m, i,
	   a[i], want[i]);

  long s = 5;
  for (long i = 0; i < n * m; i++)
    s += i * x[i];
  long got = weighted (n * m, x);
  CHECK (got == s, "weighted n=%ld: %ld, want %ld", n * m, got, s);

  s = -9;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      s += (i + 1) * x[i * m + j] + j;
  got = weighted2 (n, m, x);
  CHECK (got == s, "weighted2 %ldx%ld: %ld, want %ld", n, m, got, s);
  free (x);
  free (a);
}

static void
run_all (void)
{
  /* Rows of 3 and 5 iterations; 1001 x 7 does not divide either.  */
  for (int s = 0; s < CHECK_NSIZES; s++)
    test (check_sizes[s], s % 2 ? 5 : 3);
  test (1001, 7);
}

int
main (int argc, char **argv)
{
  check_init ();
  CHECK_CHILD_RUNS (argc, run_all);
  static char text[1 << 16];
  /* Sequential batches: 8 KiB hold about 300 iterations of AFFINE.  */
  check_profile_child (argv[0], "--child", "GPURT_DEVICE_MEM_LIMIT=8192",
		       text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches\": ") >= 4 * 3,
	   "too few batches in the profile:\n%s", text);
  /* Pipelined batches of about 3000 bytes.  */
  check_profile_child (argv[0], "--child", "GPURT_BATCH_BYTES=3000", text,
		       sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches_pipelined\": ") >= 4 * 3,
	   "too few pipelined batches in the profile:\n%s", text);
  /* Slices on three logical devices: slices 1 and 2 start past 0.  */
  check_profile_child (argv[0], "--child", "GPURT_DEVICES=0,0,0", text,
		       sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (strstr (text, "\"split\": { \"devices\": 3") != NULL,
	   "no split launches in the profile:\n%s", text);
  run_all ();
  return 0;
}
