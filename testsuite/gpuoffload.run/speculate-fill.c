/* speculate-fill.c: a speculated region (issue 18) whose output the kernel stores whole is not copied to the device first ("fill", docs/ABI.md section 10), and a deopt never lets that partly stored device copy count.  A time loop of two regions: the first, speculated, reads X and B and stores every element of A but those that go bad at that step, which print a line to stderr (a call that returns, so the program goes on) and keep their old value (the host rerun after a deopt must find it in host memory: the device copy, not copied in, holds garbage there); the second reads A on the device and stores every element of B.  The host prints a checksum of A and B at the end.  Each run is a child process (this program exec'd, stdout and stderr in files), once marked and once through a serial twin, at sizes no work-group divides, 0 and 1, on random inputs: no bad element (on the device: no deopt, the profile counts A's bytes as filled, and at -O2, where A and B stay on the device between the steps, A is never copied in); one bad element at step 0 (A's device copy is new and filled when the kernel stops); one at a later step (A's copy was kept on the device by the step before, holding results the host does not have); two, at one step and the next (a deopt right after a deopt: A's copy new again).  Exit status, stdout and stderr must be the serial program's.  */
#include "check.h"

/* The children open the device only if they run a region.  */
CHECK_CHILDREN_USE_DEVICE

#define NSTEPS 4

/* NSTEPS steps of two regions.  The first, speculated, reads X and B and
   stores every element of A but those that go bad at that step (element
   I at step X[I]), which keep what A held (the device only ever runs it
   when none does: it is written whole there).  The second reads A and
   stores every element of B.  */
#define STEPS(NAME, MARK)						\
  static void								\
  NAME (long n, const int *x, int *a, int *b)				\
  {									\
    for (int t = 0; t < NSTEPS; t++)					\
      {									\
	for (long i MARK = 0; i < n; i++)				\
	  {								\
	    if (x[i] == t)						\
	      {								\
		fprintf (stderr, "step %d: element %ld kept\n", t, i);	\
		continue;						\
	      }								\
	    a[i] = b[i] * 3 + t;					\
	  }								\
	for (long i MARK = 0; i < n; i++)				\
	  b[i] = (int) (((unsigned) a[i] ^ ((unsigned) a[i] >> 3))	\
			% 997u) + t;					\
      }									\
  }
STEPS (steps, GPU_PARALLEL)
STEPS (steps_serial, )

/* The child: serial twin if SERIAL, N elements from SEED, element BAD1
   bad at step STEP1 and BAD2 at STEP2 (-1: none).  Prints the checksum
   and exits 0.  */
static int
child (int serial, unsigned long long seed, long n, long bad1, int step1,
       long bad2, int step2)
{
  check_state = seed;
  int *x = check_alloc (n * sizeof *x);
  int *a = check_alloc (n * sizeof *a);
  int *b = check_alloc (n * sizeof *b);
  for (long i = 0; i < n; i++)
    {
      x[i] = -1;
      /* A's old contents must not matter.  */
      a[i] = (int) check_range (-100000, 100000);
      b[i] = (int) check_range (0, 1000);
    }
  if (bad1 >= 0 && bad1 < n)
    x[bad1] = step1;
  if (bad2 >= 0 && bad2 < n)
    x[bad2] = step2;
  (serial ? steps_serial : steps) (n, x, a, b);
  unsigned long long h = 0;
  for (long i = 0; i < n; i++)
    h = h * 31 + (unsigned long long) a[i] * 7 + (unsigned long long) b[i];
  printf ("%ld: %llx\n", n, h);
  free (x); free (a); free (b);
  return 0;
}

struct outcome
{
  int status;
  char out[4096], err[4096];
  unsigned long long deopts, device_runs, bytes_h2d, bytes_filled;
};

/* Run this program as a child (the twin if SERIAL) with the arguments of
   child () in one word after "child"; fill O.  */
static void
run_child (int serial, unsigned long long seed, long n, long bad1,
	   int step1, long bad2, int step2, struct outcome *o)
{
  char spec[160];
  char *argv[] = { "specfill-child", "child", spec, NULL };
  static char text[1 << 14];
  snprintf (spec, sizeof spec, "%d %llu %ld %ld %d %ld %d", serial, seed, n,
	    bad1, step1, bad2, step2);
  o->status = check_child_output (argv, NULL, o->out, o->err, sizeof o->out,
				  text, sizeof text);
  CHECK (text[0], "no profile written (status %#x)", o->status);
  o->deopts = check_json_sum (text, "\"deopts\": ");
  o->device_runs = check_json_sum (text, "\"device_runs\": ");
  o->bytes_h2d = check_json_sum (text, "\"bytes_h2d\": ");
  o->bytes_filled = check_json_sum (text, "\"bytes_filled\": ");
}

int
main (int argc, char **argv)
{
  if (argc == 3 && !strcmp (argv[1], "child"))
    {
      int serial, step1, step2;
      unsigned long long seed;
      long n, bad1, bad2;
      CHECK (sscanf (argv[2], "%d %llu %ld %ld %d %ld %d", &serial, &seed,
		     &n, &bad1, &step1, &bad2, &step2) == 7,
	     "bad child arguments \"%s\"", argv[2]);
      return child (serial, seed, n, bad1, step1, bad2, step2);
    }
  check_init ();
  const char *d = getenv ("GPURT_DEVICE");
  int device = d == NULL || strcmp (d, "host") != 0;
  static const long sizes[] = { 0, 1, 7, 999, 65537 };
  static struct outcome m, s;
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
    for (int kind = 0; kind < 4; kind++)
      {
	long n = sizes[k];
	if ((kind && n == 0) || (kind == 3 && n < 2))
	  continue;
	/* 0: none bad; 1: at step 0; 2: at a later step; 3: two, at a
	   step and the next.  */
	long bad1 = kind ? check_range (0, n - 1) : -1;
	long bad2 = kind == 3 ? (bad1 + check_range (1, n - 1)) % n : -1;
	int step1 = kind == 1 ? 0 : (int) check_range (1, NSTEPS - 2);
	int step2 = step1 + 1;
	unsigned long long seed = check_u64 ();
	run_child (0, seed, n, bad1, step1, bad2, step2, &m);
	run_child (1, seed, n, bad1, step1, bad2, step2, &s);
	CHECK (WIFEXITED (m.status) && WEXITSTATUS (m.status) == 0
	       && m.status == s.status,
	       "%ld elements, bad at %ld (step %d) and %ld (step %d): status"
	       " %#x, serial %#x (stderr: %s)", n, bad1, step1, bad2, step2,
	       m.status, s.status, m.err);
	CHECK (m.out[0] && !strcmp (m.out, s.out),
	       "%ld elements, bad at %ld (step %d) and %ld (step %d): stdout"
	       " \"%s\", serial \"%s\"", n, bad1, step1, bad2, step2, m.out,
	       s.out);
	CHECK (!strcmp (m.err, s.err),
	       "%ld elements, bad at %ld (step %d) and %ld (step %d): stderr"
	       " \"%s\", serial \"%s\"", n, bad1, step1, bad2, step2, m.err,
	       s.err);
	if (!device || n == 0)
	  continue;
	/* One deopt per step with a bad element.  */
	unsigned long long deopts = kind == 0 ? 0 : kind == 3 ? 2 : 1;
	CHECK (m.deopts == deopts && m.device_runs > 0,
	       "%ld elements, bad at %ld (step %d) and %ld (step %d): %llu"
	       " deopts (%llu expected), %llu device runs", n, bad1, step1,
	       bad2, step2, m.deopts, deopts, m.device_runs);
	/* A, at least, was never copied in at step 0.  */
	CHECK (m.bytes_filled >= n * sizeof (int),
	       "%ld elements, bad at %ld (step %d): %llu bytes filled, fewer"
	       " than A's %lu", n, bad1, step1, m.bytes_filled,
	       (unsigned long) (n * sizeof (int)));
	/* With A and B kept on the device between the steps (gpu_hostsync,
	   not at -O0), X and B are copied in once and A never.  */
#ifdef __OPTIMIZE__
	if (kind == 0)
	  CHECK (m.bytes_h2d <= 2 * n * sizeof (int),
		 "%ld elements: %llu bytes copied in over %d steps, more than"
		 " X and B once (%lu)", n, m.bytes_h2d, NSTEPS,
		 (unsigned long) (2 * n * sizeof (int)));
#endif
      }
  return 0;
}
