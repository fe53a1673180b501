/* multi-budget.c: one OpenCL device listed twice in GPURT_DEVICES (0,0, how tests and the one-GPU bench split a device into two) gives two logical devices that share its memory (issue 20, item 2): under GPURT_DEVICE_MEM_LIMIT, each sizes its batches for its share, so that the two together never hold more than the limit.  A region of rows that reads a whole read-only table (copied to each logical device) and one that sums rows, at 0, 1, 5 and 1001 rows (odd: slices of different sizes), against serial C, run in a child under GPURT_DEVICES=0,0 and a limit smaller than the data (each slice in batches); the child's profile must show split launches on both logical devices whose most device bytes add up to at most the limit.  Under GPURT_DEVICE=host the work runs on the host, right.  */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

#define COLS 64
#define LIMIT (96 * 1024)

/* B's rows 0..N-1 from A's and the whole table W (read-only: each
   logical device holds all of it).  Unsigned: bit-identical to serial
   C.  */
static void __attribute__ ((noinline))
rows (long n, const unsigned *restrict a, const unsigned *restrict w,
      unsigned *restrict b)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < COLS; j++)
      b[i * COLS + j] = a[i * COLS + j] * 3u + (w[j] ^ (unsigned) i);
}

static void
rows_ref (long n, const unsigned *a, const unsigned *w, unsigned *b)
{
  for (long i = 0; i < n; i++)
    for (long j = 0; j < COLS; j++)
      b[i * COLS + j] = a[i * COLS + j] * 3u + (w[j] ^ (unsigned) i);
}

/* The sum of the N rows of B: a reduction over the slices.  */
static unsigned long __attribute__ ((noinline))
total (long n, const unsigned *b)
{
  unsigned long s GPU_REDUCE = 7;
  for (long i GPU_PARALLEL = 0; i < n * COLS; i++)
    s += b[i];
  return s;
}

static void
work (void)
{
  static const long sizes[] = { 0, 1, 5, 1001 };
  /* A table larger than a row: what each logical device holds whole.  */
  static unsigned w[4 * COLS];
  for (unsigned j = 0; j < 4 * COLS; j++)
    w[j] = (unsigned) check_uniform (0, 1 << 30);
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
    {
      long n = sizes[k];
      size_t bytes = (size_t) (n * COLS + 1) * sizeof (unsigned);
      unsigned *a = check_alloc (bytes), *b = check_alloc (bytes);
      unsigned *want = check_alloc (bytes);
      unsigned long s, want_s = 7;
      for (long i = 0; i < n * COLS; i++)
	a[i] = (unsigned) check_uniform (0, 1 << 30);
      rows_ref (n, a, w, want);
      rows (n, a, w, b);
      CHECK (memcmp (b, want, n * COLS * sizeof *b) == 0, "rows n=%ld", n);
      for (long i = 0; i < n * COLS; i++)
	want_s += want[i];
      s = total (n, b);
      CHECK (s == want_s, "sum n=%ld: %lu, expected %lu", n, s, want_s);
      free (a);
      free (b);
      free (want);
    }
}

int
main (int argc, char **argv)
{
  static char text[1 << 16];
  const char *d = getenv ("GPURT_DEVICE");

  check_init ();
  if (argc > 1 || (d && strcmp (d, "host") == 0))
    {
      work ();
      return 0;
    }
  char limit[64];
  snprintf (limit, sizeof limit, "%d", LIMIT);
  setenv ("GPURT_DEVICE_MEM_LIMIT", limit, 1);
  check_profile_child (argv[0], "--work", "GPURT_DEVICES=0,0", text,
		       sizeof text);
  unsetenv ("GPURT_DEVICE_MEM_LIMIT");
  const char *p = strstr (text, "\"split\": ");
  CHECK (p != NULL, "no split in the profile:\n%s", text);
  CHECK (strtoull (strstr (p, "\"launches\": ") + 12, NULL, 10) > 0,
	 "no split launch:\n%s", text);
  unsigned long long most = check_json_sum (p, "\"most_device_bytes\": ");
  CHECK (most <= LIMIT, "the two logical devices held %llu bytes, more than"
	 " GPURT_DEVICE_MEM_LIMIT (%d):\n%s", most, LIMIT, text);
  /* Both held something: the data were split, not run on one.  */
  const char *q = strstr (p, "\"most_device_bytes\": ");
  CHECK (q != NULL && strtoull (q + 21, NULL, 10) > 0
	 && (q = strstr (q + 1, "\"most_device_bytes\": ")) != NULL
	 && strtoull (q + 21, NULL, 10) > 0, "a logical device held"
	 " nothing:\n%s", text);
  /* And in this process, on one device.  */
  work ();
  return 0;
}
