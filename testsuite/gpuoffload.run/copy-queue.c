/* copy-queue.c: a region's copies in beside the kernels still running
   (GPURT_COPY_QUEUE, gpurt-lane.c).  In one function, three regions
   that return before their kernels end (GPURT_ASYNC): a long kernel
   reads array A all over (every work-item REPS times) and writes B;
   the host stores two elements of A (it waits for that kernel, and
   those bytes of A's device copy are stale); a second long kernel reads
   A again (the stale bytes are copied in first, on the thread's queue)
   and B, and writes D; while it runs, the third region's launch copies
   E in for the first time on the copy queue, and its kernel, which
   reads A, B, D and E, must wait both for that copy and for the second
   kernel.  Every array equals serial C bit for bit (integers), at sizes
   no work-group divides, in a loop of steps.  Children run it first
   with the copies staged through small pinned slots (the upload is
   then slower than the kernel ahead of it: a kernel that did not wait
   for it fails here) and with GPURT_COPY_QUEUE=0 (one queue: it must
   not say "copy queue"); then this process with the defaults.  */
#include "check.h"

#define NMAX 20000
/* Reads per work-item of the long kernels.  */
#define REPS 400

/* Long: every work-item reads A REPS times, all over it.  */
#define LONG_READ(A, I, N, S)						\
  do									\
    {									\
      S = 0;								\
      for (int r = 0; r < REPS; r++)					\
	S = (S ^ (unsigned) A[(I + r * 7) % N]) * 31 + r;		\
    }									\
  while (0)

/* One step; P is GPU_PARALLEL or nothing.  */
#define STEP_BODY(P)							\
  for (int i P = 0; i < n; i++)						\
    {									\
      unsigned s;							\
      LONG_READ (a, i, n, s);						\
      b[i] = (int) s;							\
    }									\
  if (n > 0)								\
    {									\
      a[lo] = a[lo] * 3 + t;						\
      a[hi] -= t;							\
    }									\
  for (int i P = 0; i < n; i++)						\
    {									\
      unsigned s;							\
      LONG_READ (a, i, n, s);						\
      d[i] = (int) s ^ b[i];						\
    }									\
  for (int i P = 0; i < n; i++)						\
    c[i] = a[i] - e[i] + d[n - 1 - i] + b[i];

__attribute__ ((noinline)) static void
step (int n, int lo, int hi, int t, int *a, int *b, int *c, int *d,
      const int *e)
{
  STEP_BODY (GPU_PARALLEL)
}

static void
step_ref (int n, int lo, int hi, int t, int *a, int *b, int *c, int *d,
	  const int *e)
{
  STEP_BODY ()
}

static int a[NMAX], b[NMAX], c[NMAX], d[NMAX];
static int wa[NMAX], wb[NMAX], wc[NMAX], wd[NMAX];

static void
test (int n)
{
  int *e = check_alloc ((n + 1) * sizeof *e);

  check_fill_int (a, n, -1000, 1000);
  check_fill_int (e, n, -1000, 1000);
  memcpy (wa, a, n * sizeof *a);
  for (int t = 0; t < 4; t++)
    {
      int lo = n ? (int) check_range (0, n - 1) : 0;
      int hi = n ? (int) check_range (lo, n - 1) : 0;

      step (n, lo, hi, t, a, b, c, d, e);
      step_ref (n, lo, hi, t, wa, wb, wc, wd, e);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (a, wa, n, "a after step %d (n %d, stored [%d, %d))", t, n,
		  lo, hi);
      CHECK_SAME (b, wb, n, "b after step %d (n %d)", t, n);
      CHECK_SAME (d, wd, n, "d after step %d (n %d)", t, n);
      CHECK_SAME (c, wc, n, "c after step %d (n %d, stored [%d, %d))", t,
		  n, lo, hi);
    }
  free (e);
}

static void
run (void)
{
  static const int sizes[] = { 0, 1, 2, 7, 97, 1000, 4099, 19997 };

  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
    test (sizes[k]);
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1 && strcmp (argv[1], "child") == 0)
    {
      run ();
      return 0;
    }
  /* Copies staged through small pinned slots: the first upload goes
     piece by piece, slower than the kernel ahead of it, so the kernel
     that reads it must wait for the copy queue (without that wait this
     run fails on PoCL).  */
  static const char *const staged[] = { "GPURT_PINNED=1",
					"GPURT_PINNED_CHUNK=4096",
					"GPURT_VERBOSE=2", NULL };
  static const char *const staged_want[] = { "on the copy queue",
					     "pinned staging: 3 slots",
					     NULL };
  check_child_log (argv[0], staged, "staged copies", staged_want);
  /* GPURT_COPY_QUEUE=0: one queue per thread, as before.  */
  static const char *const off[] = { "GPURT_COPY_QUEUE=0",
				     "GPURT_VERBOSE=2", NULL };
  static char err[1 << 18];
  int status = check_child_stderr (argv[0], "child", off, err, sizeof err);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	 "the run under GPURT_COPY_QUEUE=0 failed (%#x): %s", status, err);
  CHECK (strstr (err, "copy queue") == NULL,
	 "GPURT_COPY_QUEUE=0 used the copy queue: %s", err);
  /* Here: the default, the copy queue on; each upload one piece.  */
  run ();
  return 0;
}
