/* speculate-deep.c: speculated calls two functions down from the marked loop (issue 18 item 5): the loop calls a function of this file, which calls another, in which a path that only bad elements take prints and ends the program (fprintf to stderr then abort; printf then exit (3)) or prints and goes on (printf, then a changed result; fprintf in a GPU_REDUCE loop, whose host rerun starts from the initial value).  The device versions of the callees deoptimize there and each caller leaves after the call.  And the interplay of a deopt with the device heap (a loop that allocates a block per iteration and prints on a rare path after using it) and with batches (under GPURT_DEVICE_MEM_LIMIT=8192 and GPURT_FALLBACK=silent: a speculated region is not batched, so when its data do not fit it runs on the host, with the reason under GPURT_VERBOSE=1, and still does what the serial program does).  Each case runs in a child process, once through the marked loop and once through a serial twin, on random inputs of several sizes (empty, sizes no work-group divides, a large one), with no bad element, one, and two (the first one wins); the child's stdout goes to its stderr, and the exit status and that text must be the same.  The marked child's GPURT_PROFILE (when it ends normally) must show, on the device, no deopt and a device run when no element is bad, and one deopt when one is (the batch case: only when its data fit).  */
#include "check.h"
#include <signal.h>

/* The children open the device only if they run a region.  */
CHECK_CHILDREN_USE_DEVICE

/* The inputs and outputs of a child, at file scope so that
   LeakSanitizer sees them when the child exits in the middle.  */
static float *fx, *fy;
static int *ix, *iy;

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
   markers, NAME_serial with MARK and RED empty.  */
#define SCALED(NAME, MARK)						\
  static void								\
  NAME (long n, const float *x, float *y)				\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      y[i] = scale (i, x[i]);						\
  }
SCALED (scaled, GPU_PARALLEL)
SCALED (scaled_serial, )

#define STEPPED(NAME, MARK)						\
  static void								\
  NAME (long n, const int *x, int *y)					\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      y[i] = step (i, x[i]);						\
  }
STEPPED (stepped, GPU_PARALLEL)
STEPPED (stepped_serial, )

#define NOTED(NAME, MARK)						\
  static void								\
  NAME (long n, const int *x, int *y)					\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      y[i] = twice (i, x[i]);						\
  }
NOTED (noted, GPU_PARALLEL)
NOTED (noted_serial, )

#define WEIGHED(NAME, MARK, RED)					\
  static long								\
  NAME (long n, const int *x)						\
  {									\
    long s RED = 7;							\
    for (long i MARK = 0; i < n; i++)					\
      s += weigh (i, x[i]);						\
    return s;								\
  }
WEIGHED (weighed, GPU_PARALLEL, GPU_REDUCE)
WEIGHED (weighed_serial, , )

/* The device heap in use when the region deoptimizes: each iteration
   allocates a block of a size the compiler cannot bound, and an element
   equal to 42 prints (a call that returns) after using it.  */
#define HEAPED(NAME, MARK)						\
  static void								\
  NAME (long n, const int *x, int *y)					\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      {									\
	int m = x[i] + 1;						\
	int *t = malloc (m * sizeof *t);				\
	int s = 0;							\
	for (int j = 0; j < m; j++)					\
	  t[j] = x[i] * 3 + j;						\
	for (int j = 0; j < m; j++)					\
	  s += t[j] * (j + 1);						\
	if (x[i] == 42)							\
	  {								\
	    printf ("element %ld: %d\n", i, s);			\
	    s = -s;							\
	  }								\
	free (t);							\
	y[i] = s;							\
      }									\
  }
HEAPED (heaped, GPU_PARALLEL)
HEAPED (heaped_serial, )

/* A region whose data may not fit the device (run under
   GPURT_DEVICE_MEM_LIMIT): a speculated region is not batched (a deopt
   reruns the whole region on the host, from the data as they were
   before it), so it runs on the host when they do not fit.  */
#define BATCHED(NAME, MARK)						\
  static void								\
  NAME (long n, const double *x, double *y)				\
  {									\
    for (long i MARK = 0; i < n; i++)					\
      {									\
	if (x[i] < 0)							\
	  {								\
	    fprintf (stderr, "bad input %ld\n", i);			\
	    abort ();							\
	  }								\
	y[i] = 0.5 * x[i] + y[i];					\
      }									\
  }
BATCHED (batched, GPU_PARALLEL)
BATCHED (batched_serial, )
/* The device memory the batch case runs under, in bytes (run_child).  */
#define BATCH_LIMIT 8192

enum { CASE_ABORT, CASE_EXIT, CASE_PRINT, CASE_REDUCE, CASE_HEAP,
       CASE_BATCH, NCASES };
static const char *const case_names[NCASES] = {
  "abort", "exit", "print", "reduce", "heap", "batch"
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
  fx = check_alloc (n * sizeof *fx);
  fy = check_alloc (n * sizeof *fy);
  ix = check_alloc (n * sizeof *ix);
  iy = check_alloc (n * sizeof *iy);
  check_fill_float (fx, n, 0.0f, 100.0f);
  check_fill_int (ix, n, 0, 41);
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
    case CASE_ABORT:
      (serial ? scaled_serial : scaled) (n, fx, fy);
      for (long i = 0; i < n; i++)
	h = h * 31 + (unsigned long long) (fy[i] * 8);
      break;
    case CASE_EXIT:
      (serial ? stepped_serial : stepped) (n, ix, iy);
      for (long i = 0; i < n; i++)
	h = h * 31 + (unsigned long long) iy[i];
      break;
    case CASE_PRINT:
      (serial ? noted_serial : noted) (n, ix, iy);
      for (long i = 0; i < n; i++)
	h = h * 31 + (unsigned long long) iy[i];
      break;
    case CASE_REDUCE:
      h = (unsigned long long) (serial ? weighed_serial : weighed) (n, ix);
      break;
    case CASE_HEAP:
      (serial ? heaped_serial : heaped) (n, ix, iy);
      for (long i = 0; i < n; i++)
	h = h * 31 + (unsigned long long) iy[i];
      break;
    default:
      {
	double *dx = check_alloc (n * sizeof *dx);
	double *dy = check_alloc (n * sizeof *dy);
	for (long i = 0; i < n; i++)
	  {
	    dx[i] = fx[i];
	    dy[i] = (double) ix[i];
	  }
	(serial ? batched_serial : batched) (n, dx, dy);
	for (long i = 0; i < n; i++)
	  h = h * 31 + (unsigned long long) (dy[i] * 4);
	free (dx);
	free (dy);
      }
      break;
    }
  printf ("%s %ld: %llx\n", case_names[c], n, h);
  free (fx); free (fy); free (ix); free (iy);
  return 0;
}

struct outcome
{
  int status;
  char text[8192];		/* its stdout and stderr */
  int profiled;			/* it wrote its profile */
  unsigned long long deopts, device_runs;
};

/* Run this program as a child for case C (twin if SERIAL), with ENV
   ("NAME=VALUE") in its environment too unless NULL; fill O.  The batch
   case runs under GPURT_DEVICE_MEM_LIMIT=BATCH_LIMIT, where a region
   that does not fit falls back to the host (not a failure).  */
static void
run_child (const char *argv0, int c, int serial, unsigned long long seed,
	   long n, long bad1, long bad2, const char *env, struct outcome *o)
{
  static char arg[128], prof[64], var[96];
  snprintf (arg, sizeof arg, "%d:%d:%llu:%ld:%ld:%ld", c, serial, seed, n,
	    bad1, bad2);
  snprintf (prof, sizeof prof, "/tmp/gpuoffload-spec-deep-%ld.json",
	    (long) getpid ());
  snprintf (var, sizeof var, "GPURT_PROFILE=json:%s", prof);
  unlink (prof);
  const char *envs[] = { var, env, NULL, NULL, NULL };
  if (c == CASE_BATCH)
    {
      envs[env ? 2 : 1] = "GPURT_DEVICE_MEM_LIMIT=8192";
      envs[env ? 3 : 2] = "GPURT_FALLBACK=silent";
    }
  o->status = check_child_stderr (argv0, arg, envs, o->text, sizeof o->text);
  o->profiled = access (prof, R_OK) == 0;
  if (o->profiled)
    {
      static char json[1 << 14];
      FILE *f = fopen (prof, "r");
      CHECK (f, "cannot open %s", prof);
      json[fread (json, 1, sizeof json - 1, f)] = 0;
      fclose (f);
      o->deopts = check_json_sum (json, "\"deopts\": ");
      o->device_runs = check_json_sum (json, "\"device_runs\": ");
      unlink (prof);
    }
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
  static struct outcome m, s;
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
	  const char *what = case_names[c];
	  CHECK (m.status == s.status, "%s, %ld elements, bad at %ld and %ld: "
		 "status %#x, serial %#x (output: %s)", what, n, bad1, bad2,
		 m.status, s.status, m.text);
	  CHECK (nbad ? expected_end (c, m.status)
		 : WIFEXITED (m.status) && WEXITSTATUS (m.status) == 0,
		 "%s, %ld elements, bad at %ld: status %#x (output: %s)",
		 what, n, bad1, m.status, m.text);
	  CHECK (!strcmp (m.text, s.text), "%s, %ld elements, bad at %ld and "
		 "%ld: output \"%s\", serial \"%s\"", what, n, bad1, bad2,
		 m.text, s.text);
	  CHECK (nbad || strstr (m.text, what), "%s, %ld elements: no result "
		 "printed", what, n);
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
