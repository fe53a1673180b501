/* noreturn.c: marked loops that may end the program through abort, exit, a failed assert or a noreturn function of the program are valid C (issue 18 item 3): they build without an error and the program does exactly what the serial program does.  Each case runs in a child process (the program itself, exec'd with its stdout and stderr in files), once through the marked loop and once through a serial twin, on random inputs of several sizes, with no bad element, one, and two (the first one must win); the exit status, stdout and stderr must be the same (stderr up to the twin's function name and line in an assert's message), and a child that ends normally prints its results.  Until gpu_speculate offloads such loops, they are host loops with a remark: this test is a build with host loops on purpose (run.exp drops werror for it).  */
#include "check.h"
#include <assert.h>
#include <fcntl.h>
#include <signal.h>

/* The children open the device only if they run a region.  */
CHECK_CHILDREN_USE_DEVICE

/* The inputs and outputs of a child, at file scope so that
   LeakSanitizer sees them when the child exits in the middle.  */
static float *fx, *fy;
static int *ix, *iy;

static void
checked (long n, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] < 0)
	{
	  fprintf (stderr, "bad input %ld: %g\n", i, x[i]);
	  abort ();
	}
      y[i] = x[i] * 2;
    }
}

static void
checked_serial (long n, const float *x, float *y)
{
  for (long i = 0; i < n; i++)
    {
      if (x[i] < 0)
	{
	  fprintf (stderr, "bad input %ld: %g\n", i, x[i]);
	  abort ();
	}
      y[i] = x[i] * 2;
    }
}

static void
quits (long n, const int *x, int *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] == 42)
	{
	  printf ("quitting at %ld\n", i);
	  exit (3);
	}
      y[i] = x[i] + 1;
    }
}

static void
quits_serial (long n, const int *x, int *y)
{
  for (long i = 0; i < n; i++)
    {
      if (x[i] == 42)
	{
	  printf ("quitting at %ld\n", i);
	  exit (3);
	}
      y[i] = x[i] + 1;
    }
}

static void
asserts (long n, const int *idx, int m, int *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      assert (idx[i] < m);
      y[i] = idx[i] * 3;
    }
}

static void
asserts_serial (long n, const int *idx, int m, int *y)
{
  for (long i = 0; i < n; i++)
    {
      assert (idx[i] < m);
      y[i] = idx[i] * 3;
    }
}

/* A noreturn function of the program, called from the loop.  */
__attribute__ ((noreturn, noinline)) static void
die (long i, int v)
{
  fprintf (stderr, "element %ld is %d\n", i, v);
  fflush (NULL);
  exit (5);
}

static int
summed (long n, const int *x)
{
  int s GPU_REDUCE = 0;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] == 42)
	die (i, x[i]);
      s += x[i];
    }
  return s;
}

static int
summed_serial (long n, const int *x)
{
  int s = 0;
  for (long i = 0; i < n; i++)
    {
      if (x[i] == 42)
	die (i, x[i]);
      s += x[i];
    }
  return s;
}

enum { CASE_CHECKED, CASE_QUITS, CASE_ASSERTS, CASE_SUMMED, NCASES };
static const char *const case_names[NCASES] = {
  "checked", "quits", "asserts", "summed"
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
    default:
      h = (unsigned long long) (serial ? summed_serial : summed) (n, ix);
      break;
    }
  printf ("%s %ld: %llx\n", case_names[c], n, h);
  free (fx); free (fy); free (ix); free (iy);
  return 0;
}

/* The whole content of the file PATH into BUF of SIZE bytes (cut).  */
static void
slurp (const char *path, char *buf, size_t size)
{
  FILE *f = fopen (path, "r");
  CHECK (f, "cannot open %s", path);
  size_t got = fread (buf, 1, size - 1, f);
  buf[got] = 0;
  fclose (f);
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
};

/* Run this program as a child for case C (twin if SERIAL), with its
   output in files; fill O.  */
static void
run_child (int c, int serial, unsigned long long seed, long n, long bad1,
	   long bad2, struct outcome *o)
{
  char out[64], err[64], a[6][32];
  snprintf (out, sizeof out, "/tmp/gpuoffload-noreturn-%ld.out",
	    (long) getpid ());
  snprintf (err, sizeof err, "/tmp/gpuoffload-noreturn-%ld.err",
	    (long) getpid ());
  snprintf (a[0], sizeof a[0], "%d", c);
  snprintf (a[1], sizeof a[1], "%d", serial);
  snprintf (a[2], sizeof a[2], "%llu", seed);
  snprintf (a[3], sizeof a[3], "%ld", n);
  snprintf (a[4], sizeof a[4], "%ld", bad1);
  snprintf (a[5], sizeof a[5], "%ld", bad2);
  fflush (NULL);
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork failed");
  if (pid == 0)
    {
      /* Only async-signal-safe calls before exec.  */
      int fo = open (out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      int fe = open (err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (fo < 0 || fe < 0 || dup2 (fo, 1) < 0 || dup2 (fe, 2) < 0)
	_exit (126);
      alarm (60);
      execl ("/proc/self/exe", "noreturn-child", "child", a[0], a[1], a[2],
	     a[3], a[4], a[5], (char *) NULL);
      _exit (127);
    }
  CHECK (waitpid (pid, &o->status, 0) == pid, "waitpid");
  slurp (out, o->out, sizeof o->out);
  slurp (err, o->err, sizeof o->err);
  unlink (out);
  unlink (err);
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
    default:
      return WIFEXITED (status) && WEXITSTATUS (status) == 5;
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
	  run_child (c, 0, seed, n, bad1, bad2, &m);
	  run_child (c, 1, seed, n, bad1, bad2, &s);
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
	}
  return 0;
}
