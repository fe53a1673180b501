/* multi-resident.c: split regions keep their slices on their logical devices (issue 20, item 2; GPURT_MULTI_RESIDENT, gpurt-multi.c).  A 1-D and a 2-D stencil time loop (unsigned arithmetic: bit-identical to serial C, whatever the device compiler contracts), each slice reading a row of halo from each neighbour's slice, run under GPURT_DEVICES=0,0 and 0,0,0 (two and three logical devices on the OpenCL device), and under POCL_DEVICES="pthread pthread" GPURT_DEVICES=all, at sizes 0, 1, 2, 5, 1000 and 1025 (divisible by neither 2 nor 3; fewer rows than devices too), with host code between the steps that reads one element, writes one, or both, and a full host read at the end; a time loop of regions cut in different ways and one that cannot be cut, one after the other; and regions cut the same way whose slices write rows other slices wrote (gathered first).  Children under GPURT_PROFILE check that split launches found their slices kept (resident launches, neighbours' rows copied in on every device) and that the bytes copied to the devices for 20 steps are about the arrays once plus the halos, against 20 times as much under GPURT_MULTI_RESIDENT=0.  */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

/* Host code between the steps: nothing, a read of one element of B into
   TRACE, a write of one element of B, or both.  */
enum { HOST_NONE, HOST_READ, HOST_WRITE, HOST_BOTH, HOST_KINDS };

/* The host code of kind KIND at step T over the LEN elements of B: one
   element read into TRACE, or one written (at a place that moves by
   STRIDE a step, VALUE), or both.  */
#define BETWEEN_STEPS(kind, t, len, b, trace, stride, value)		\
  do									\
    {									\
      if (((kind) == HOST_READ || (kind) == HOST_BOTH) && (len) > 0)	\
	(trace)[t] = (b)[((len) / 2 + (t)) % (len)];			\
      if (((kind) == HOST_WRITE || (kind) == HOST_BOTH) && (len) > 0)	\
	(b)[((t) * (stride) + (len) / 3) % (len)] = (value);		\
    }									\
  while (0)

/* The stencils: element I of the 1-D one from A, element (I, J) of the
   2-D one from the M columns of A.  */
#define LINE_AT(a, i) (((a)[(i) - 1] ^ ((a)[i] * 3u)) + (a)[(i) + 1] * 5u)
#define GRID_AT(a, m, i, j)						\
  ((a)[((i) - 1) * (m) + (j)] + (a)[(i) * (m) + (j)] * 2u		\
   + ((a)[((i) + 1) * (m) + (j)] ^ (unsigned) (j)))

/* STEPS steps of a 1-D stencil from A into B and back over N elements,
   with host code KIND between the two sweeps of a step.  */
static void __attribute__ ((noinline))
line (long n, int steps, int kind, unsigned *a, unsigned *b, unsigned *trace)
{
  for (int t = 0; t < steps; t++)
    {
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = LINE_AT (a, i);
      BETWEEN_STEPS (kind, t, n, b, trace, 7, (unsigned) t * 977u);
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	a[i] = LINE_AT (b, i);
    }
}

static void
line_ref (long n, int steps, int kind, unsigned *a, unsigned *b,
	  unsigned *trace)
{
  for (int t = 0; t < steps; t++)
    {
      for (long i = 1; i < n - 1; i++)
	b[i] = LINE_AT (a, i);
      BETWEEN_STEPS (kind, t, n, b, trace, 7, (unsigned) t * 977u);
      for (long i = 1; i < n - 1; i++)
	a[i] = LINE_AT (b, i);
    }
}

/* The same over the rows 1..N-2 of N x M grids: a row of halo on each
   side of a slice.  */
static void __attribute__ ((noinline))
grid (long n, long m, int steps, int kind, unsigned *a, unsigned *b,
      unsigned *trace)
{
  for (int t = 0; t < steps; t++)
    {
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	for (long j GPU_PARALLEL = 0; j < m; j++)
	  b[i * m + j] = GRID_AT (a, m, i, j);
      BETWEEN_STEPS (kind, t, n * m, b, trace, 13, (unsigned) t + 12345u);
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	for (long j GPU_PARALLEL = 0; j < m; j++)
	  a[i * m + j] = GRID_AT (b, m, i, j);
    }
}

static void
grid_ref (long n, long m, int steps, int kind, unsigned *a, unsigned *b,
	  unsigned *trace)
{
  for (int t = 0; t < steps; t++)
    {
      for (long i = 1; i < n - 1; i++)
	for (long j = 0; j < m; j++)
	  b[i * m + j] = GRID_AT (a, m, i, j);
      BETWEEN_STEPS (kind, t, n * m, b, trace, 13, (unsigned) t + 12345u);
      for (long i = 1; i < n - 1; i++)
	for (long j = 0; j < m; j++)
	  a[i * m + j] = GRID_AT (b, m, i, j);
    }
}

/* A time loop of regions cut in different ways: rows 1..N-2, all N
   rows, and one that cannot be split (H is written through an index),
   each after the other without host code between them.  */
static void __attribute__ ((noinline))
mixed (long n, int steps, unsigned *a, unsigned *b,
       unsigned *restrict h GPU_EXTENT (64))
{
  for (int t = 0; t < steps; t++)
    {
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = LINE_AT (a, i);
      for (long i GPU_PARALLEL = 0; i < n; i++)
	a[i] = b[i] * 7u + (unsigned) i;
      for (long i GPU_PARALLEL = 0; i < n; i++)
	h[b[i] & 63] = 1;
    }
}

static void
mixed_ref (long n, int steps, unsigned *a, unsigned *b, unsigned *h)
{
  for (int t = 0; t < steps; t++)
    {
      for (long i = 1; i < n - 1; i++)
	b[i] = LINE_AT (a, i);
      for (long i = 0; i < n; i++)
	a[i] = b[i] * 7u + (unsigned) i;
      for (long i = 0; i < n; i++)
	h[b[i] & 63] = 1;
    }
}

/* Regions cut the same way whose slices write different rows of B: each
   slice of the second writes rows that another slice of the first
   wrote, and nothing reads B before the end.  */
static void __attribute__ ((noinline))
mirror (long n, int steps, unsigned *restrict a, unsigned *restrict b)
{
  for (int t = 0; t < steps; t++)
    {
      for (long i GPU_PARALLEL = 0; i < n; i++)
	b[i] = a[i] * 3u + 1u;
      for (long i GPU_PARALLEL = 0; i < n; i++)
	b[n - 1 - i] ^= a[i] >> 3;
      for (long i GPU_PARALLEL = 0; i < n; i++)
	a[i] = a[i] * 5u + (unsigned) t;
    }
}

static void
mirror_ref (long n, int steps, unsigned *a, unsigned *b)
{
  for (int t = 0; t < steps; t++)
    {
      for (long i = 0; i < n; i++)
	b[i] = a[i] * 3u + 1u;
      for (long i = 0; i < n; i++)
	b[n - 1 - i] ^= a[i] >> 3;
      for (long i = 0; i < n; i++)
	a[i] = a[i] * 5u + (unsigned) t;
    }
}

#define STEPS 6

/* The 1-D loop over N elements and the 2-D loop over N x M, with host
   code KIND, against serial C, bit for bit.  */
static void
test (long n, long m, int kind)
{
  size_t bytes = (size_t) (n * m + 1) * sizeof (unsigned);
  unsigned *a = check_alloc (bytes), *b = check_alloc (bytes);
  unsigned trace[STEPS] = { 0 }, want_trace[STEPS] = { 0 };
  for (long i = 0; i < n * m; i++)
    {
      a[i] = (unsigned) check_uniform (0, 1 << 30);
      b[i] = (unsigned) check_uniform (0, 1 << 30);
    }
  unsigned *wa = check_dup (a, bytes), *wb = check_dup (b, bytes);

  line_ref (n, STEPS, kind, wa, wb, want_trace);
  line (n, STEPS, kind, a, b, trace);
  CHECK (memcmp (a, wa, n * sizeof *a) == 0
	 && memcmp (b, wb, n * sizeof *b) == 0, "1-D n=%ld host code %d", n,
	 kind);
  CHECK (memcmp (trace, want_trace, sizeof trace) == 0,
	 "1-D n=%ld: the host read other values between the steps", n);

  grid_ref (n, m, STEPS, kind, wa, wb, want_trace);
  grid (n, m, STEPS, kind, a, b, trace);
  CHECK (memcmp (a, wa, n * m * sizeof *a) == 0
	 && memcmp (b, wb, n * m * sizeof *b) == 0, "2-D %ldx%ld host code %d",
	 n, m, kind);
  CHECK (memcmp (trace, want_trace, sizeof trace) == 0,
	 "2-D %ldx%ld: the host read other values between the steps", n, m);

  if (kind == HOST_NONE)
    {
      unsigned h[64] = { 0 }, want_h[64] = { 0 };
      mixed_ref (n, STEPS, wa, wb, want_h);
      mixed (n, STEPS, a, b, h);
      CHECK (memcmp (a, wa, n * sizeof *a) == 0
	     && memcmp (b, wb, n * sizeof *b) == 0
	     && memcmp (h, want_h, sizeof h) == 0, "cuts that change n=%ld",
	     n);
      mirror_ref (n, STEPS, wa, wb);
      mirror (n, STEPS, a, b);
      CHECK (memcmp (a, wa, n * sizeof *a) == 0
	     && memcmp (b, wb, n * sizeof *b) == 0, "mirrored writes n=%ld",
	     n);
    }
  free (a);
  free (b);
  free (wa);
  free (wb);
}

static void
work (void)
{
  static const long sizes[] = { 0, 1, 2, 5, 1000, 1025 };
  for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++)
    for (int kind = 0; kind < HOST_KINDS; kind++)
      test (sizes[s], 7, kind);
}

/* Only the two loops, long enough that copying every step would show:
   the bytes child checks.  */
#define BIG_N 100003
#define BIG_ROWS 1001
#define BIG_COLS 64
#define BIG_STEPS 20

static void
big (void)
{
  unsigned *a = check_alloc (BIG_N * sizeof *a);
  unsigned *b = check_alloc (BIG_N * sizeof *b);
  unsigned *wa, *wb;
  for (long i = 0; i < BIG_N; i++)
    a[i] = b[i] = (unsigned) i * 2654435761u;
  wa = check_dup (a, BIG_N * sizeof *a);
  wb = check_dup (b, BIG_N * sizeof *b);
  line (BIG_N, BIG_STEPS, HOST_NONE, a, b, NULL);
  line_ref (BIG_N, BIG_STEPS, HOST_NONE, wa, wb, NULL);
  CHECK (memcmp (a, wa, BIG_N * sizeof *a) == 0
	 && memcmp (b, wb, BIG_N * sizeof *b) == 0, "1-D n=%d", BIG_N);
  grid (BIG_ROWS, BIG_COLS, BIG_STEPS, HOST_NONE, a, b, NULL);
  grid_ref (BIG_ROWS, BIG_COLS, BIG_STEPS, HOST_NONE, wa, wb, NULL);
  CHECK (memcmp (a, wa, BIG_ROWS * BIG_COLS * sizeof *a) == 0
	 && memcmp (b, wb, BIG_ROWS * BIG_COLS * sizeof *b) == 0,
	 "2-D %dx%d", BIG_ROWS, BIG_COLS);
  free (a);
  free (b);
  free (wa);
  free (wb);
}

/* Read "KEY: N" in TEXT after P (the split object), or fail.  */
CHECK_UNUSED static unsigned long long
field (const char *text, const char *p, const char *key)
{
  const char *q = p != NULL ? strstr (p, key) : NULL;
  CHECK (q != NULL, "no %s in the profile:\n%s", key, text);
  return strtoull (q + strlen (key), NULL, 10);
}

/* Run --work under GPURT_DEVICES=LIST (NDEV logical devices): its
   profile must show split launches that found their slices kept, and
   neighbours' rows copied in on every device.  */
CHECK_UNUSED static void
child_work (const char *self, const char *list, unsigned ndev)
{
  static char text[1 << 16], var[64];
  snprintf (var, sizeof var, "GPURT_DEVICES=%s", list);
  check_profile_child (self, "--work", var, text, sizeof text);
  const char *p = strstr (text, "\"split\": ");
  CHECK (p != NULL, "%s: no split in the profile:\n%s", var, text);
  CHECK (field (text, p, "\"devices\": ") == ndev, "%s: not %u devices",
	 var, ndev);
  unsigned long long resident = field (text, p, "\"resident\": ");
  /* At 1000 and 1025, 4 kinds, 2 loops, 2 * STEPS - 1 launches that
     follow one cut the same way.  */
  CHECK (resident >= 2 * 4 * 2 * (2 * STEPS - 1), "%s: %llu launches found"
	 " their slices kept", var, resident);
  for (unsigned d = 0; d < ndev; d++)
    {
      p = strstr (p + 1, "\"halo_bytes_h2d\": ");
      CHECK (p != NULL && strtoull (p + 18, NULL, 10) > 0, "%s: logical"
	     " device %u copied in no neighbour's rows:\n%s", var, d, text);
    }
}

/* Run --big under GPURT_DEVICES=LIST (and GPURT_MULTI_RESIDENT=0 unless
   RESIDENT): the bytes copied to the devices.  */
CHECK_UNUSED static unsigned long long
child_bytes (const char *self, const char *list, int resident)
{
  static char text[1 << 16], var[64];
  snprintf (var, sizeof var, "GPURT_DEVICES=%s", list);
  if (!resident)
    setenv ("GPURT_MULTI_RESIDENT", "0", 1);
  check_profile_child (self, "--big", var, text, sizeof text);
  unsetenv ("GPURT_MULTI_RESIDENT");
  CHECK (strstr (text, "\"split\": ") != NULL, "%s: no split:\n%s", var,
	 text);
  return check_json_sum (text, "\"bytes_h2d\": ");
}

int
main (int argc, char **argv)
{
  const char *d = getenv ("GPURT_DEVICE");
  static char err[1 << 16];

  check_init ();
  if (argc > 1 && strcmp (argv[1], "--big") == 0)
    {
      big ();
      return 0;
    }
  if (argc > 1)
    {
      work ();
      return 0;
    }
  if (d && strcmp (d, "host") == 0)
    {
      work ();
      return 0;
    }
#ifdef __OPTIMIZE__
  /* (At -O0 every region copies its results back.)  */
  child_work (argv[0], "0,0", 2);
  child_work (argv[0], "0,0,0", 3);
  /* Both loops' two arrays once, then a row of halo per neighbour and
     step; each step copying its slices in would be 2 * BIG_STEPS times
     the arrays.  */
  unsigned long long arrays = 2ull * BIG_N * sizeof (unsigned)
			      + 2ull * BIG_ROWS * BIG_COLS * sizeof (unsigned);
  unsigned long long halos = 2ull * BIG_STEPS * 2 * 2 * 4
			     * (BIG_COLS * sizeof (unsigned));
  for (unsigned ndev = 2; ndev <= 3; ndev++)
    {
      unsigned long long h2d = child_bytes (argv[0], ndev == 2 ? "0,0"
					    : "0,0,0", 1);
      CHECK (h2d >= arrays / 2 && h2d <= arrays + halos, "%u logical"
	     " devices: %llu bytes copied in, expected at most %llu", ndev,
	     h2d, arrays + halos);
    }
  unsigned long long copied = child_bytes (argv[0], "0,0", 0);
  CHECK (copied >= BIG_STEPS * arrays, "GPURT_MULTI_RESIDENT=0: %llu bytes"
	 " copied in, fewer than every step's slices", copied);
#endif
  /* Two OpenCL devices, each with its context and program.  */
  const char *two[] = { "POCL_DEVICES=pthread pthread", "GPURT_DEVICES=all",
			NULL };
  int st = check_child_stderr ("multi-resident", "--work", two, err,
			       sizeof err);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0, "GPURT_DEVICES=all: %#x\n%s",
	 st, err);
  /* And in this process, on one device.  */
  work ();
  return 0;
}
