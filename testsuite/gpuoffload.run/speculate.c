/* speculate.c: marked loops that may end the program through abort, exit, a failed assert or a noreturn function of the program are valid C and are speculated (issue 18): the device runs them, and when a work-item reaches such a call the region deoptimizes and runs again on the host, so the program does exactly what the serial program does.  Each case runs in a child process (the program itself, exec'd with its stdout and stderr in files), once through the marked loop and once through a serial twin, on random inputs of several sizes, with no bad element, one, and two (the first one must win); the exit status, stdout and stderr must be the same (stderr up to the twin's function name and line in an assert's message), and a child that ends normally prints its results.  The cases: abort after a message; exit (3) after printing to stdout; a failed assert; a noreturn function of the program in a GPU_REDUCE loop (the host rerun starts from the initial value); a region whose input an earlier region left on the device (residency) before it deoptimizes; a time loop of two regions, the second speculated, each reading what the other kept on the device the step before, whose elements go bad at a random step (with no bad element, optimized, its arrays are copied in at most once over the steps: the speculated region keeps its data on the device too; with a bad element, the deopt must find the first region's results of that step and the second's of the step before, which the device may hold alone). And calls that return but have no device version, on a path only bad elements take, after which the iteration goes on (speculated too; the program then ends normally and prints its results): fprintf to stderr that repairs the element; a function of another file (here defined under another name behind an asm label) that prints to stdout; the same in a GPU_REDUCE loop that skips the bad elements.  The marked child's GPURT_PROFILE must show, on the device, no deopt and a device run when no element is bad, and one deopt when one is (for the cases that exit, the others die before the report); speculate-off.c builds the same with no-speculate (host loops).  */
#ifndef SPECULATE_OFF
#define SPECULATE_OFF 0
#endif
#include "check.h"
#include <assert.h>
#include <signal.h>

/* The children open the device only if they run a region.  */
CHECK_CHILDREN_USE_DEVICE

/* The inputs and outputs of a child, at file scope so that
   LeakSanitizer sees them when the child exits in the middle.  */
static float *fx, *fy;
static int *ix, *iy;

/* Each case's function is written once and defined twice: NAME with the
   markers, NAME_serial with MARK and RED empty (the serial program the
   marked one must match, an assert's message apart from the name).  */

#define CHECKED(NAME, MARK)						\
  static void								\
  NAME (long n, const float *x, float *y)				\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      {									\
	if (x[i] < 0)							\
	  {								\
	    fprintf (stderr, "bad input %ld: %g\n", i, x[i]);		\
	    abort ();							\
	  }								\
	y[i] = x[i] * 2;						\
      }									\
  }
CHECKED (checked, GPU_PARALLEL)
CHECKED (checked_serial, )

#define QUITS(NAME, MARK, STATUS)					\
  static void								\
  NAME (long n, const int *x, int *y)					\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      {									\
	if (x[i] == 42)							\
	  {								\
	    printf ("quitting at %ld\n", i);				\
	    exit (STATUS);						\
	  }								\
	y[i] = x[i] + 1;						\
      }									\
  }
QUITS (quits, GPU_PARALLEL, 3)
QUITS (quits_serial, , 3)

#define ASSERTS(NAME, MARK)						\
  static void								\
  NAME (long n, const int *idx, int m, int *y)				\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      {									\
	assert (idx[i] < m);						\
	y[i] = idx[i] * 3;						\
      }									\
  }
ASSERTS (asserts, GPU_PARALLEL)
ASSERTS (asserts_serial, )

/* A noreturn function of the program, called from the loop.  */
__attribute__ ((noreturn, noinline)) static void
die (long i, int v)
{
  fprintf (stderr, "element %ld is %d\n", i, v);
  fflush (NULL);
  exit (5);
}

#define SUMMED(NAME, MARK, RED)						\
  static int								\
  NAME (long n, const int *x)						\
  {									\
    int s RED = 0;							\
    for (long i MARK = 0; i < n; i++)					\
      {									\
	if (x[i] == 42)							\
	  die (i, x[i]);						\
	s += x[i];							\
      }									\
    return s;								\
  }
SUMMED (summed, GPU_PARALLEL, GPU_REDUCE)
SUMMED (summed_serial, , )

/* The input of consume, made by a region whose result may stay on the
   device (nothing on the host touches it before consume).  */
static void
produce (long n, long bad1, long bad2, int *x)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    x[i] = i == bad1 || i == bad2 ? 42 : (int) (i % 41);
}

/* Stops the program with exit (4) at the first bad element.  */
QUITS (consume, GPU_PARALLEL, 4)
QUITS (consume_serial, , 4)

/* STEPS time steps of two regions: the first reads B, kept on the device
   by the second the step before, and makes A, which the second reads;
   element I goes bad at step X[I] (never when X[I] < 0), and the second
   then stops the program with exit (6).  */
#define STEPS(NAME, MARK)						\
  static void								\
  NAME (long n, int steps, const int *x, int *a, int *b)		\
  {									\
    for (int t = 0; t < steps; t++)					\
      {									\
	for (long i MARK = 0; i < n; i++)				\
	  a[i] = b[i] + (x[i] == t ? -1000 : 7);			\
	for (long i MARK = 0; i < n; i++)				\
	  {								\
	    if (a[i] < -100)						\
	      {								\
		printf ("step %d: element %ld is %d\n", t, i, a[i]);	\
		exit (6);						\
	      }								\
	    b[i] = a[i] / 2 + t;					\
	  }								\
      }									\
  }
STEPS (steps, GPU_PARALLEL)
STEPS (steps_serial, )
#define NSTEPS 4

/* Calls that return but have no device version, on a path only bad
   elements take, after which the iteration goes on: they are speculated
   too.  WARNS prints to stderr and repairs the element.  */
#define WARNS(NAME, MARK)						\
  static void								\
  NAME (long n, float *x, float *y)					\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      {									\
	if (x[i] < 0)							\
	  {								\
	    fprintf (stderr, "bad input %ld: %g, using 0\n", i, x[i]);	\
	    x[i] = 0;							\
	  }								\
	y[i] = x[i] * 2;						\
      }									\
  }
WARNS (warns, GPU_PARALLEL)
WARNS (warns_serial, )

/* Functions of "another file": run.exp builds one file, so they are
   defined at the end under other names that the asm labels here name;
   the compiler sees a call to a function with no body.  It prints to
   stdout.  */
extern void note_bad (long i, int v) __asm__ ("gpuoffload_spec_note_bad");

#define EXTERN(NAME, MARK)						\
  static void								\
  NAME (long n, const int *x, int *y)					\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      {									\
	int v = x[i] + 1;						\
	if (x[i] == 42)							\
	  {								\
	    note_bad (i, x[i]);						\
	    v = -x[i];							\
	  }								\
	y[i] = v;							\
      }									\
  }
EXTERN (external, GPU_PARALLEL)
EXTERN (external_serial, )

/* The same in a GPU_REDUCE loop that skips the bad elements: the host
   rerun starts the sum from the initial value.  */
#define SKIPSUM(NAME, MARK, RED)					\
  static int								\
  NAME (long n, const int *x)						\
  {									\
    int s RED = 5;							\
    for (long i MARK = 0; i < n; i++)					\
      {									\
	if (x[i] == 42)							\
	  {								\
	    note_bad (i, x[i]);						\
	    continue;							\
	  }								\
	s += x[i];							\
      }									\
    return s;								\
  }
SKIPSUM (skipsum, GPU_PARALLEL, GPU_REDUCE)
SKIPSUM (skipsum_serial, , )

enum { CASE_CHECKED, CASE_QUITS, CASE_ASSERTS, CASE_SUMMED, CASE_RESIDENT,
       CASE_STEPS, CASE_WARNS, CASE_EXTERN, CASE_SKIPSUM, NCASES };
static const char *const case_names[NCASES] = {
  "checked", "quits", "asserts", "summed", "resident", "steps", "warns",
  "external", "skipsum"
};

/* The child: case CASE, serial twin if SERIAL, N elements from SEED with
   bad elements at BAD1 and BAD2 (-1: none).  Prints the results and
   exits 0 if no bad element stops it.  */
static int
child (int c, int serial, unsigned long long seed, long n, long bad1,
       long bad2)
{
  check_state = seed;
  fx = check_alloc (n * sizeof *fx);
  fy = check_alloc (n * sizeof *fy);
  ix = check_alloc (n * sizeof *ix);
  iy = check_alloc (n * sizeof *iy);
  check_fill_float (fx, n, 0.0f, 100.0f);
  if (c == CASE_STEPS)
    for (long i = 0; i < n; i++)
      ((int *) fx)[i] = (int) check_range (0, 40);
  for (long i = 0; i < n; i++)
    {
      ix[i] = (int) check_range (0, 41);
      fy[i] = -1.0f;
      iy[i] = -1;
    }
  for (int k = 0; k < 2; k++)
    {
      long b = k ? bad2 : bad1;
      if (b < 0 || b >= n)
	continue;
      fx[b] = -1.0f - (float) k;
      ix[b] = 42;
    }
  unsigned long long h = 0;
  switch (c)
    {
    case CASE_CHECKED:
      (serial ? checked_serial : checked) (n, fx, fy);
      for (long i = 0; i < n; i++)
	h = h * 31 + (unsigned long long) (fy[i] * 8);
      break;
    case CASE_QUITS:
      (serial ? quits_serial : quits) (n, ix, iy);
      for (long i = 0; i < n; i++)
	h = h * 31 + (unsigned long long) iy[i];
      break;
    case CASE_ASSERTS:
      (serial ? asserts_serial : asserts) (n, ix, 42, iy);
      for (long i = 0; i < n; i++)
	h = h * 31 + (unsigned long long) iy[i];
      break;
    case CASE_SUMMED:
      h = (unsigned long long) (serial ? summed_serial : summed) (n, ix);
      break;
    case CASE_STEPS:
      {
	/* The bad elements go bad at one step, chosen from the seed.  */
	int k = (int) (seed % NSTEPS);
	for (long i = 0; i < n; i++)
	  {
	    ix[i] = i == bad1 || i == bad2 ? k : -1;
	    ((int *) fy)[i] = ((int *) fx)[i];
	  }
	(serial ? steps_serial : steps) (n, NSTEPS, ix, iy, (int *) fy);
	for (long i = 0; i < n; i++)
	  h = h * 31 + (unsigned long long) iy[i] * 7
	      + (unsigned long long) ((int *) fy)[i];
      }
      break;
    case CASE_WARNS:
      (serial ? warns_serial : warns) (n, fx, fy);
      for (long i = 0; i < n; i++)
	h = h * 31 + (unsigned long long) (fy[i] * 8)
	    + (unsigned long long) (fx[i] * 4);
      break;
    case CASE_EXTERN:
      (serial ? external_serial : external) (n, ix, iy);
      for (long i = 0; i < n; i++)
	h = h * 31 + (unsigned long long) iy[i];
      break;
    case CASE_SKIPSUM:
      h = (unsigned long long) (serial ? skipsum_serial : skipsum) (n, ix);
      break;
    default:
      produce (n, bad1, bad2, ix);
      (serial ? consume_serial : consume) (n, ix, iy);
      for (long i = 0; i < n; i++)
	h = h * 31 + (unsigned long long) iy[i];
      break;
    }
  printf ("%s %ld: %llx\n", case_names[c], n, h);
  free (fx); free (fy); free (ix); free (iy);
  return 0;
}

/* TEXT with the twin's "_serial" names and the line numbers of an
   assert's message (":DIGITS:") taken out, in place.  */
static void
normalize (char *text)
{
  char *out = text;
  for (char *p = text; *p;)
    {
      if (!strncmp (p, "_serial", 7))
	{
	  p += 7;
	  continue;
	}
      if (*p == ':' && p[1] >= '0' && p[1] <= '9')
	{
	  char *q = p + 1;
	  while (*q >= '0' && *q <= '9')
	    q++;
	  if (*q == ':')
	    {
	      *out++ = ':';
	      p = q;
	      continue;
	    }
	}
      *out++ = *p++;
    }
  *out = 0;
}

struct outcome
{
  int status;
  char out[4096], err[4096];
  int profiled;			/* the child wrote its profile */
  unsigned long long deopts, device_runs;
  unsigned long long bytes_h2d;	/* copied in, all regions together */
};

/* Run this program as a child for case C (twin if SERIAL), with its
   output in files and ENV ("NAME=VALUE") in its environment unless NULL;
   fill O.  */
static void
run_child (int c, int serial, unsigned long long seed, long n, long bad1,
	   long bad2, const char *env, struct outcome *o)
{
  char a[6][32];
  char *argv[] = { "noreturn-child", "child", a[0], a[1], a[2], a[3], a[4],
		   a[5], NULL };
  static char text[1 << 14];
  snprintf (a[0], sizeof a[0], "%d", c);
  snprintf (a[1], sizeof a[1], "%d", serial);
  snprintf (a[2], sizeof a[2], "%llu", seed);
  snprintf (a[3], sizeof a[3], "%ld", n);
  snprintf (a[4], sizeof a[4], "%ld", bad1);
  snprintf (a[5], sizeof a[5], "%ld", bad2);
  o->status = check_child_output (argv, env, o->out, o->err, sizeof o->out,
				  text, sizeof text);
  /* No profile from a child that abort ended.  */
  o->profiled = text[0] != 0;
  if (o->profiled)
    {
      o->deopts = check_json_sum (text, "\"deopts\": ");
      o->device_runs = check_json_sum (text, "\"device_runs\": ");
      o->bytes_h2d = check_json_sum (text, "\"bytes_h2d\": ");
    }
}

/* The status a child of case C with a bad element must end with.  */
static int
expected_end (int c, int status)
{
  switch (c)
    {
    case CASE_CHECKED:
    case CASE_ASSERTS:
      return WIFSIGNALED (status) && WTERMSIG (status) == SIGABRT;
    case CASE_QUITS:
      return WIFEXITED (status) && WEXITSTATUS (status) == 3;
    case CASE_SUMMED:
      return WIFEXITED (status) && WEXITSTATUS (status) == 5;
    case CASE_STEPS:
      return WIFEXITED (status) && WEXITSTATUS (status) == 6;
    case CASE_WARNS:
    case CASE_EXTERN:
    case CASE_SKIPSUM:
      return WIFEXITED (status) && WEXITSTATUS (status) == 0;
    default:
      return WIFEXITED (status) && WEXITSTATUS (status) == 4;
    }
}

int
main (int argc, char **argv)
{
  if (argc == 8 && !strcmp (argv[1], "child"))
    return child (atoi (argv[2]), atoi (argv[3]),
		  strtoull (argv[4], NULL, 10), atol (argv[5]),
		  atol (argv[6]), atol (argv[7]));
  check_init ();
  const char *d = getenv ("GPURT_DEVICE");
  int device = d == NULL || strcmp (d, "host") != 0;
  int spec = device && !SPECULATE_OFF;
  static const long sizes[] = { 0, 1, 7, 1000, 65537 };
  static struct outcome m, s;
  for (int c = 0; c < NCASES; c++)
    for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
      for (int nbad = 0; nbad < 3; nbad++)
	{
	  long n = sizes[k];
	  if (nbad && n == 0)
	    continue;
	  unsigned long long seed = check_u64 ();
	  long bad1 = nbad ? check_range (0, n - 1) : -1;
	  long bad2 = nbad == 2 ? check_range (bad1, n - 1) : -1;
	  run_child (c, 0, seed, n, bad1, bad2, NULL, &m);
	  run_child (c, 1, seed, n, bad1, bad2, NULL, &s);
	  const char *what = case_names[c];
	  CHECK (m.status == s.status, "%s, %ld elements, bad at %ld and %ld: "
		 "status %#x, serial %#x (stderr: %s)", what, n, bad1, bad2,
		 m.status, s.status, m.err);
	  CHECK (nbad ? expected_end (c, m.status)
		 : WIFEXITED (m.status) && WEXITSTATUS (m.status) == 0,
		 "%s, %ld elements, bad at %ld: status %#x (stderr: %s)",
		 what, n, bad1, m.status, m.err);
	  CHECK (!strcmp (m.out, s.out), "%s, %ld elements, bad at %ld: "
		 "stdout \"%s\", serial \"%s\"", what, n, bad1, m.out, s.out);
	  normalize (s.err);
	  normalize (m.err);
	  CHECK (!strcmp (m.err, s.err), "%s, %ld elements, bad at %ld: "
		 "stderr \"%s\", serial \"%s\"", what, n, bad1, m.err, s.err);
	  CHECK (nbad || m.out[0], "%s, %ld elements: no result printed",
		 what, n);
	  /* The marked loops ran on the device (speculated), and
	     deoptimized exactly when an element was bad.  */
	  CHECK (m.profiled || (nbad && (c == CASE_CHECKED
					 || c == CASE_ASSERTS)),
		 "%s, %ld elements, bad at %ld: no profile written", what, n,
		 bad1);
	  if (m.profiled)
	    CHECK (m.deopts == (unsigned long long) (spec && nbad)
		   && (m.device_runs > 0) == (n > 0
					      && ((spec && !nbad)
						  || (device
						      && (c == CASE_RESIDENT
							  || c == CASE_STEPS)))),
		   "%s, %ld elements, bad at %ld: %llu deopts, %llu device"
		   " runs", what, n, bad1, m.deopts, m.device_runs);
	  /* A time loop whose speculated region never deoptimizes keeps its
	     data on the device like any other (gpu_hostsync gives its launch
	     GPU_NARGS_KEEP): X, A and B are copied in at most once, not at
	     every step.  gpu_hostsync does not run at -O0.  */
#ifdef __OPTIMIZE__
	  if (m.profiled && spec && !nbad && c == CASE_STEPS)
	    CHECK (m.bytes_h2d <= 3 * n * sizeof (int),
		   "steps, %ld elements: %llu bytes copied in over %d steps,"
		   " more than X, A and B once (%lu)", n, m.bytes_h2d, NSTEPS,
		   (unsigned long) (3 * n * sizeof (int)));
#endif
	}
  /* GPURT_VERBOSE=1 names the call and line a deopt reached, at the
     first iteration that reached one.  */
  if (spec)
    {
      run_child (CASE_QUITS, 0, check_u64 (), 1000, 500, 700,
		 "GPURT_VERBOSE=1", &m);
      CHECK (WIFEXITED (m.status) && WEXITSTATUS (m.status) == 3
	     && strstr (m.err, "deoptimized: iteration 500 reached the call"
			" to exit at ") != NULL
	     && strstr (m.err, "speculate.c:") != NULL
	     && !strcmp (m.out, "quitting at 500\n"),
	     "GPURT_VERBOSE=1 deopt: status %#x, stdout \"%s\", stderr \"%s\"",
	     m.status, m.out, m.err);
      /* A call that returns: the program goes on after the host rerun.  */
      run_child (CASE_WARNS, 0, check_u64 (), 1000, 500, 700,
		 "GPURT_VERBOSE=1", &m);
      CHECK (WIFEXITED (m.status) && WEXITSTATUS (m.status) == 0
	     && strstr (m.err, "deoptimized: iteration 500 reached the call"
			" to fprintf at ") != NULL
	     && strstr (m.err, "bad input 500: -1, using 0\n") != NULL
	     && strstr (m.err, "bad input 700: -2, using 0\n") != NULL
	     && !strncmp (m.out, "warns 1000: ", 12),
	     "GPURT_VERBOSE=1 deopt of fprintf: status %#x, stdout \"%s\", "
	     "stderr \"%s\"", m.status, m.out, m.err);
    }
  return 0;
}

/* The function of "another file" (see note_bad).  */
void gpuoffload_spec_note_bad_def (long i, int v)
  __asm__ ("gpuoffload_spec_note_bad");

void
gpuoffload_spec_note_bad_def (long i, int v)
{
  printf ("element %ld is %d, stored its negation\n", i, v);
}

