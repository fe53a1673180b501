/* speculate-deep.c: speculated calls two functions down from the marked loop (issue 18 item 5): the loop calls a function of this file, which calls another, in which a path that only bad elements take prints and ends the program (fprintf to stderr then abort; printf then exit (3)) or prints and goes on (printf, then a changed result; fprintf in a GPU_REDUCE loop, whose host rerun starts from the initial value).  The device versions of the callees deoptimize there and each caller leaves after the call.  And the interplay of a deopt with the device heap (a loop that allocates a block per iteration and prints on a rare path after using it) and with batches (under GPURT_DEVICE_MEM_LIMIT=8192 and GPURT_FALLBACK=silent: a speculated region is not batched, so when its data do not fit it runs on the host, with the reason under GPURT_VERBOSE=1, and still does what the serial program does).  Each case runs in a child process, once through the marked loop and once through a serial twin, on random inputs of several sizes (empty, sizes no work-group divides, a large one), with no bad element, one, and two (the first one wins); the child's stdout goes to its stderr, and the exit status and that text must be the same.  The marked child's GPURT_PROFILE (when it ends normally) must show, on the device, no deopt and a device run when no element is bad, and one deopt when one is (the batch case: only when its data fit).  */
#include "check.h"
#include <signal.h>

/* The children open the device only if they run a region.  */
CHECK_CHILDREN_USE_DEVICE

/* The inputs and outputs of a child, at file scope so that
   LeakSanitizer sees them when the child exits in the middle.  */
static float *fx, *fy;
static int *ix, *iy;
static double *dx, *dy;

/* Two functions down: fprintf then abort on a negative element.  */
static void
check_val (long i, float v)
{
  if (v < 0)
    {
      fprintf (stderr, "bad input %ld: %g\n", i, v);
      abort ();
    }
}

static float
scale (long i, float v)
{
  check_val (i, v);
  return v * 2 + 1;
}

/* Two functions down: printf then exit (3) on an element equal to 42.  */
static void
quit_if (long i, int v)
{
  if (v == 42)
    {
      printf ("quitting at %ld\n", i);
      exit (3);
    }
}

static int
step (long i, int v)
{
  quit_if (i, v);
  return v * 3 - 1;
}

/* Two functions down: a printf that returns, and a changed result.  */
static int
note (long i, int v)
{
  if (v == 42)
    {
      printf ("element %ld is %d\n", i, v);
      return -v;
    }
  return v + 1;
}

static int
twice (long i, int v)
{
  return note (i, v) * 2;
}

/* Two functions down: fprintf, then the element does not count.  */
static int
weight (long i, int v)
{
  if (v == 42)
    {
      fprintf (stderr, "skipping element %ld\n", i);
      return 0;
    }
  return v;
}

static int
weigh (long i, int v)
{
  return weight (i, v) + 1;
}

/* Each case's loop is written once and defined twice: NAME with the
   markers, NAME_serial without.  TWINS makes the loops over N elements
   of X into Y, of type T, whose body is the rest of its arguments.  */
#define TWINS(NAME, T, ...)						\
  static void								\
  NAME (long n, const T *x, T *y)					\
  {									\
    for (long i GPU_PARALLEL = 0; i < n; i++)				\
      __VA_ARGS__							\
  }									\
  static void								\
  NAME##_serial (long n, const T *x, T *y)				\
  {									\
    for (long i = 0; i < n; i++)					\
      __VA_ARGS__							\
  }
TWINS (scaled, float, y[i] = scale (i, x[i]);)
TWINS (stepped, int, y[i] = step (i, x[i]);)
TWINS (noted, int, y[i] = twice (i, x[i]);)

/* SUM_TWINS makes the sums from INIT of EXPR over the N elements of X:
   NAME with GPU_REDUCE (the host rerun after a deopt starts again from
   INIT), NAME_serial without the markers.  */
#define SUM_TWINS(NAME, INIT, EXPR)					\
  static long NAME (long n, const int *x)				\
  {									\
    long s GPU_REDUCE = INIT;						\
    for (long i GPU_PARALLEL = 0; i < n; i++)				\
      s += EXPR;							\
    return s;								\
  }									\
  static long NAME##_serial (long n, const int *x)			\
  {									\
    long s = INIT;							\
    for (long i = 0; i < n; i++)					\
      s += EXPR;							\
    return s;								\
  }
SUM_TWINS (weighed, 7, weigh (i, x[i]))

/* The device heap in use when the region deoptimizes: each iteration
   allocates a block of a size the compiler cannot bound, and an element
   equal to 42 prints (a call that returns) after using it.  */
TWINS (heaped, int,
       {
	 int m = x[i] + 1;
	 int *t = malloc (m * sizeof *t);
	 int s = 0;
	 for (int j = 0; j < m; j++)
	   t[j] = x[i] * 3 + j;
	 for (int j = 0; j < m; j++)
	   s += t[j] * (j + 1);
	 if (x[i] == 42)
	   {
	     printf ("element %ld: %d\n", i, s);
	     s = -s;
	   }
	 free (t);
	 y[i] = s;
       })

/* A region whose data may not fit the device (run under
   GPURT_DEVICE_MEM_LIMIT): a speculated region is not batched (a deopt
   reruns the whole region on the host, from the data as they were
   before it), so it runs on the host when they do not fit.  */
TWINS (batched, double,
       {
	 check_val (i, (float) x[i]);
	 y[i] = 0.5 * x[i] + y[i];
       })
/* The device memory the batch case runs under, in bytes (run_child).  */
#define BATCH_LIMIT 8192

enum { CASE_ABORT, CASE_EXIT, CASE_PRINT, CASE_REDUCE, CASE_HEAP,
       CASE_BATCH, NCASES };
static const char *const case_names[NCASES] = {
  "abort", "exit", "print", "reduce", "heap", "batch"
};

/* A hash of the N ints Y, in order.  */
static unsigned long long
hash_ints (const int *y, long n)
{
  unsigned long long h = 0;
  for (long i = 0; i < n; i++)
    h = h * 31 + (unsigned long long) y[i];
  return h;
}

/* A hash of the N doubles Y times SCALE (whole parts), in order.  */
static unsigned long long
hash_doubles (const double *y, long n, double scale)
{
  unsigned long long h = 0;
  for (long i = 0; i < n; i++)
    h = h * 31 + (unsigned long long) (y[i] * scale);
  return h;
}

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
  long n1 = n + 1;		/* (never 0 bytes) */
  fx = check_alloc (n1 * sizeof *fx);
  fy = check_alloc (n1 * sizeof *fy);
  ix = check_alloc (n1 * sizeof *ix);
  iy = check_alloc (n1 * sizeof *iy);
  dx = check_alloc (n1 * sizeof *dx);
  dy = check_alloc (n1 * sizeof *dy);
  check_fill_double (dx, n, 0.0, 100.0);
  check_fill_int (ix, n, 0, 41);
  /* Bad elements: negative floats, ints equal to 42.  */
  long bad[2] = { bad1, bad2 };
  for (int k = 0; k < 2; k++)
    if (bad[k] >= 0 && bad[k] < n)
      {
	dx[bad[k]] = -1.0 - k;
	ix[bad[k]] = 42;
      }
  for (long i = 0; i < n; i++)
    {
      fx[i] = (float) dx[i];
      dy[i] = ix[i];
    }
  unsigned long long h = 0;
  if (c == CASE_ABORT)
    {
      (serial ? scaled_serial : scaled) (n, fx, fy);
      for (long i = 0; i < n; i++)
	dy[i] = fy[i];
      h = hash_doubles (dy, n, 8);
    }
  else if (c == CASE_EXIT)
    (serial ? stepped_serial : stepped) (n, ix, iy);
  else if (c == CASE_PRINT)
    (serial ? noted_serial : noted) (n, ix, iy);
  else if (c == CASE_HEAP)
    (serial ? heaped_serial : heaped) (n, ix, iy);
  if (c == CASE_EXIT || c == CASE_PRINT || c == CASE_HEAP)
    h = hash_ints (iy, n);
  else if (c == CASE_REDUCE)
    h = (unsigned long long) (serial ? weighed_serial : weighed) (n, ix);
  else if (c == CASE_BATCH)
    {
      (serial ? batched_serial : batched) (n, dx, dy);
      h = hash_doubles (dy, n, 4);
    }
  printf ("%s %ld: %llx\n", case_names[c], n, h);
  free (fx); free (fy); free (ix); free (iy); free (dx); free (dy);
  return 0;
}

/* Run this program as a child for case C (twin if SERIAL), with ENV
   ("NAME=VALUE") in its environment too unless NULL; fill O.  The batch
   case runs under GPURT_DEVICE_MEM_LIMIT=BATCH_LIMIT, where a region
   that does not fit falls back to the host (not a failure).  */
static void
run_child (const char *argv0, int c, int serial, unsigned long long seed,
	   long n, long bad1, long bad2, const char *env,
	   struct check_outcome *o)
{
  static char arg[128];
  snprintf (arg, sizeof arg, "%d:%d:%llu:%ld:%ld:%ld", c, serial, seed, n,
	    bad1, bad2);
  const char *envs[] = { env, NULL, NULL, NULL };
  if (c == CASE_BATCH)
    {
      envs[env ? 1 : 0] = "GPURT_DEVICE_MEM_LIMIT=8192";
      envs[env ? 2 : 1] = "GPURT_FALLBACK=silent";
    }
  check_child_profiled (argv0, arg, envs, o);
}

/* Does STATUS end a child of case C that met a bad element?  */
static int
expected_end (int c, int status)
{
  if (c == CASE_ABORT || c == CASE_BATCH)
    return WIFSIGNALED (status) && WTERMSIG (status) == SIGABRT;
  return WIFEXITED (status) && WEXITSTATUS (status) == (c == CASE_EXIT ? 3
							 : 0);
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
	  run_child (argv[0], c, 0, seed, n, bad1, bad2, NULL, &m);
	  run_child (argv[0], c, 1, seed, n, bad1, bad2, NULL, &s);
	  /* The serial program's status and output; a result printed when
	     no element is bad.  */
	  const char *what = case_names[c];
	  int end = nbad ? expected_end (c, m.status)
		    : WIFEXITED (m.status) && WEXITSTATUS (m.status) == 0;
	  CHECK (end && m.status == s.status && !strcmp (m.text, s.text)
		 && (nbad || strstr (m.text, what)),
		 "%s, %ld elements, bad at %ld and %ld: status %#x, serial "
		 "%#x; output \"%s\", serial \"%s\"", what, n, bad1, bad2,
		 m.status, s.status, m.text, s.text);
	  /* The marked loop ran on the device, and deoptimized exactly when
	     an element was bad.  */
	  CHECK (m.profiled || (nbad && (c == CASE_ABORT || c == CASE_BATCH)),
		 "%s, %ld elements, bad at %ld: no profile written", what, n,
		 bad1);
	  int fits = c != CASE_BATCH
		     || n * 2 * sizeof (double) <= BATCH_LIMIT;
	  if (m.profiled)
	    CHECK (m.deopts == (unsigned long long) (device && nbad && fits)
		   && (m.device_runs > 0) == (device && n > 0 && !nbad
					      && fits),
		   "%s, %ld elements, bad at %ld: %llu deopts, %llu device "
		   "runs", what, n, bad1, m.deopts, m.device_runs);
	}
  /* GPURT_VERBOSE=1 says why the batch case does not run on the
     device when its data do not fit (and -fopt-info-loop-missed why it
     is not batched: compile/speculate-deep.c).  */
  if (device)
    {
      run_child (argv[0], CASE_BATCH, 0, check_u64 (), 1000, -1, -1,
		 "GPURT_VERBOSE=1", &m);
      CHECK (WIFEXITED (m.status) && WEXITSTATUS (m.status) == 0
	     && strstr (m.text, "batch 1000: ") != NULL
	     && strstr (m.text, "gpu_batched_") != NULL
	     && strstr (m.text, "runs on the host: ") != NULL
	     && strstr (m.text, "GPURT_DEVICE_MEM_LIMIT") != NULL,
	     "GPURT_VERBOSE=1, batch: status %#x, output \"%s\"", m.status,
	     m.text);
    }
  return 0;
}
