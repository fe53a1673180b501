/* speculate-callsite.c: a call of a function of this file every run of which reaches a call with no device version, on a path that only bad elements take, is itself the deopt site (issue 18 item 1): "if (bad) fail (i)" with fail = fprintf to stderr then exit (3), "if (bad) report (i)" with report = printf only (the loop goes on, the element gets another value), and the same two calls one function down (a helper of this file that the loop calls on every element).  fail and report need no device version.  Each case runs in a child process, once through the marked loop and once through a serial twin, on random inputs of several sizes (empty, sizes no work-group divides, a large one), with no bad element, one, and two (the first one wins); the child's stdout goes to its stderr, and the exit status and that text must be the same.  The marked child's GPURT_PROFILE must show, on the device, no deopt and a device run when no element is bad, and one deopt when one is (the exit cases write no profile then).  */
#include "check.h"

/* The children open the device only if they run a region.  */
CHECK_CHILDREN_USE_DEVICE

/* The inputs and outputs of a child, at file scope so that
   LeakSanitizer sees them when the child exits in the middle.  */
static int *ix, *iy;

/* Every run prints and ends the program.  */
static void
fail (long i, int v)
{
  fprintf (stderr, "bad input %ld: %d\n", i, v);
  exit (3);
}

/* Every run prints, and returns.  */
static void
report (long i, int v)
{
  printf ("odd input %ld: %d\n", i, v);
}

/* One function down: the helper calls them on bad elements only.  */
static int
checked (long i, int v)
{
  if (v == 42)
    fail (i, v);
  return v * 3 - 1;
}

static int
noted (long i, int v)
{
  if (v == 42)
    {
      report (i, v);
      return -v;
    }
  return v + 1;
}

/* Each case's loop is written once and defined twice: NAME with the
   markers, NAME_serial without.  TWINS makes the loops over N ints of
   X into Y whose body is the rest of its arguments.  */
#define TWINS(NAME, ...)						\
  static void								\
  NAME (long n, const int *x, int *y)					\
  {									\
    for (long i GPU_PARALLEL = 0; i < n; i++)				\
      __VA_ARGS__							\
  }									\
  static void								\
  NAME##_serial (long n, const int *x, int *y)				\
  {									\
    for (long i = 0; i < n; i++)					\
      __VA_ARGS__							\
  }
TWINS (failing, { if (x[i] == 42) fail (i, x[i]); y[i] = x[i] * 2 + 1; })
TWINS (reporting, { int v = x[i] * 2 + 1;
		    if (x[i] == 42) { report (i, x[i]); v = -1; }
		    y[i] = v; })
TWINS (checking, y[i] = checked (i, x[i]);)
TWINS (noting, y[i] = noted (i, x[i]) * 2;)

enum { CASE_FAIL, CASE_REPORT, CASE_DEEP_FAIL, CASE_DEEP_REPORT, NCASES };
static const char *const case_names[NCASES] = {
  "fail", "report", "deep-fail", "deep-report"
};
static void (*const marked[NCASES]) (long, const int *, int *) = {
  failing, reporting, checking, noting
};
static void (*const serial_twin[NCASES]) (long, const int *, int *) = {
  failing_serial, reporting_serial, checking_serial, noting_serial
};

/* The child: case C, serial twin if SERIAL, N elements from SEED with
   bad elements at BAD1 and BAD2 (-1: none).  Prints a hash of the
   results and returns 0 if no bad element stops it.  */
static int
child (int c, int serial, unsigned long long seed, long n, long bad1,
       long bad2)
{
  /* One stream to compare, in the order the program writes it.  */
  dup2 (2, 1);
  check_state = seed;
  ix = check_alloc ((n + 1) * sizeof *ix);
  iy = check_alloc ((n + 1) * sizeof *iy);
  check_fill_int (ix, n, 0, 41);
  long bad[2] = { bad1, bad2 };
  for (int k = 0; k < 2; k++)
    if (bad[k] >= 0 && bad[k] < n)
      ix[bad[k]] = 42;
  (serial ? serial_twin[c] : marked[c]) (n, ix, iy);
  unsigned long long h = 0;
  for (long i = 0; i < n; i++)
    h = h * 31 + (unsigned long long) iy[i];
  printf ("%s %ld: %llx\n", case_names[c], n, h);
  free (ix);
  free (iy);
  return 0;
}

/* Run this program as a child for case C (twin if SERIAL); fill O.  */
static void
run_child (const char *argv0, int c, int serial, unsigned long long seed,
	   long n, long bad1, long bad2, struct check_outcome *o)
{
  static char arg[128];
  snprintf (arg, sizeof arg, "%d:%d:%llu:%ld:%ld:%ld", c, serial, seed, n,
	    bad1, bad2);
  check_child_profiled (argv0, arg, NULL, o);
}

int
main (int argc, char **argv)
{
  int c, serial;
  unsigned long long seed;
  long n, bad1, bad2;
  if (argc == 2
      && sscanf (argv[1], "%d:%d:%llu:%ld:%ld:%ld", &c, &serial, &seed, &n,
		 &bad1, &bad2) == 6)
    return child (c, serial, seed, n, bad1, bad2);
  check_init ();
  const char *d = getenv ("GPURT_DEVICE");
  int device = d == NULL || strcmp (d, "host") != 0;
  static const long sizes[] = { 0, 1, 7, 1000, 65537 };
  static struct check_outcome m, s;
  for (c = 0; c < NCASES; c++)
    for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
      for (int nbad = 0; nbad < 3; nbad++)
	{
	  n = sizes[k];
	  if (nbad && n == 0)
	    continue;
	  seed = check_u64 ();
	  bad1 = nbad ? check_range (0, n - 1) : -1;
	  bad2 = nbad == 2 ? check_range (bad1, n - 1) : -1;
	  run_child (argv[0], c, 0, seed, n, bad1, bad2, &m);
	  run_child (argv[0], c, 1, seed, n, bad1, bad2, &s);
	  /* The serial program's status and output; a result printed
	     unless fail ended the program.  */
	  const char *what = case_names[c];
	  int exits = nbad && (c == CASE_FAIL || c == CASE_DEEP_FAIL);
	  int end = WIFEXITED (m.status)
		    && WEXITSTATUS (m.status) == (exits ? 3 : 0);
	  CHECK (end && m.status == s.status && !strcmp (m.text, s.text)
		 && (exits ? strstr (m.text, "bad input ") != NULL
		     : strstr (m.text, what) != NULL),
		 "%s, %ld elements, bad at %ld and %ld: status %#x, serial "
		 "%#x; output \"%s\", serial \"%s\"", what, n, bad1, bad2,
		 m.status, s.status, m.text, s.text);
	  /* The marked loop ran on the device, and deoptimized exactly when
	     an element was bad.  */
	  CHECK (m.profiled || exits,
		 "%s, %ld elements, bad at %ld: no profile written", what, n,
		 bad1);
	  if (m.profiled)
	    CHECK (m.deopts == (unsigned long long) (device && nbad)
		   && (m.device_runs > 0) == (device && n > 0 && !nbad),
		   "%s, %ld elements, bad at %ld: %llu deopts, %llu device "
		   "runs", what, n, bad1, m.deopts, m.device_runs);
	}
  return 0;
}
