/* check.h -- helpers shared by the gpuoffload run tests.

   Every run test computes its expected result with a plain serial loop (no
   marker), computes it again with the marked loop, and compares.  This
   header gives them:
     - a seeded random generator: the seed comes from the time and the pid,
       is printed when a check fails, and GPUOFFLOAD_TEST_SEED=N repeats a run;
     - the standard list of sizes (check_sizes) and CHECK_LARGE;
     - comparisons: exact (integers) or with a tolerance (floating point);
     - CHECK_RAN_ON_DEVICE(n): after a marked region of n > 0 iterations,
       fail unless it ran on the OpenCL device; a no-op under
       GPURT_DEVICE=host and when the plugin is not used.
   A failed check prints what, where and the seed, and exits with status 1.  */

#ifndef CHECK_H
#define CHECK_H

#include <gpuoffload.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

/* Not every test uses every helper.  */
#define CHECK_UNUSED __attribute__ ((unused))

/* Sizes every 1-D test goes through: empty, tiny, primes, sizes that no
   work-group or tile size divides, and one above 64 Ki.  */
CHECK_UNUSED static const long check_sizes[] = { 0, 1, 2, 7, 31, 64, 97, 1000, 4099, 65537 };
#define CHECK_NSIZES ((int) (sizeof check_sizes / sizeof check_sizes[0]))
#define CHECK_LARGE (1L << 20)

static unsigned long long check_seed;
static unsigned long long check_state;

/* splitmix64: one step of the generator whose state is *STATE.  */
static inline unsigned long long
check_next (unsigned long long *state)
{
  unsigned long long z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Choose the seed; call first in main.  */
CHECK_UNUSED static void
check_init (void)
{
  const char *s = getenv ("GPUOFFLOAD_TEST_SEED");
  if (s && *s)
    check_seed = strtoull (s, NULL, 0);
  else
    check_seed = ((unsigned long long) time (NULL) << 20) ^ (unsigned long long) getpid ();
  check_state = check_seed;
}

__attribute__ ((noreturn, unused, format (printf, 3, 4))) static void
check_fail_at (const char *file, int line, const char *fmt, ...)
{
  va_list ap;
  fprintf (stderr, "%s:%d: check failed: ", file, line);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fprintf (stderr, "\n(seed %llu: rerun with GPUOFFLOAD_TEST_SEED=%llu; GPURT_DEVICE=%s)\n",
	   check_seed, check_seed,
	   getenv ("GPURT_DEVICE") ? getenv ("GPURT_DEVICE") : "(unset)");
  fflush (NULL);
  exit (1);
}

#define CHECK_FAIL(...) check_fail_at (__FILE__, __LINE__, __VA_ARGS__)
#define CHECK(cond, ...) \
  do { if (!(cond)) CHECK_FAIL (__VA_ARGS__); } while (0)

/* Random numbers from the global generator (use check_next with a state
   of your own in threads).  */
static inline unsigned long long
check_u64 (void)
{
  return check_next (&check_state);
}

/* Uniform integer in [LO, HI].  */
static inline long long
check_range (long long lo, long long hi)
{
  unsigned long long span = (unsigned long long) hi - (unsigned long long) lo;
  unsigned long long r = check_u64 ();
  if (span != ~0ULL)
    r %= span + 1;
  return (long long) ((unsigned long long) lo + r);
}

/* Uniform double in [LO, HI).  */
static inline double
check_uniform (double lo, double hi)
{
  return lo + (hi - lo) * ((double) (check_u64 () >> 11) * 0x1.0p-53);
}

static inline float
check_uniformf (float lo, float hi)
{
  return (float) check_uniform (lo, hi);
}

CHECK_UNUSED static void
check_fill_float (float *a, long n, float lo, float hi)
{
  for (long i = 0; i < n; i++)
    a[i] = check_uniformf (lo, hi);
}

CHECK_UNUSED static void
check_fill_double (double *a, long n, double lo, double hi)
{
  for (long i = 0; i < n; i++)
    a[i] = check_uniform (lo, hi);
}

CHECK_UNUSED static void
check_fill_int (int *a, long n, int lo, int hi)
{
  for (long i = 0; i < n; i++)
    a[i] = (int) check_range (lo, hi);
}

/* Random bytes (for integer data of any type).  */
CHECK_UNUSED static void
check_fill_bytes (void *p, size_t nbytes)
{
  unsigned char *b = (unsigned char *) p;
  for (size_t i = 0; i < nbytes; i++)
    b[i] = (unsigned char) check_u64 ();
}

/* malloc that never returns NULL (also for 0 bytes).  */
CHECK_UNUSED static void *
check_alloc (size_t nbytes)
{
  void *p = malloc (nbytes ? nbytes : 1);
  if (!p)
    {
      fprintf (stderr, "out of memory (%zu bytes)\n", nbytes);
      exit (2);
    }
  return p;
}

/* Copy of N bytes.  */
CHECK_UNUSED static void *
check_dup (const void *p, size_t nbytes)
{
  void *q = check_alloc (nbytes);
  if (nbytes)
    memcpy (q, p, nbytes);
  return q;
}

/* |got - want| <= atol + rtol * |want|, NaN equal to NaN.  */
static inline int
check_close (double got, double want, double rtol, double atol)
{
  if (isnan (got) || isnan (want))
    return isnan (got) && isnan (want);
  if (isinf (got) || isinf (want))
    return got == want;
  return fabs (got - want) <= atol + rtol * fabs (want);
}

#define CHECK_FLOATS(got, want, n, rtol, atol, ...) \
  check_floats_at (__FILE__, __LINE__, got, want, n, rtol, atol, __VA_ARGS__)
#define CHECK_DOUBLES(got, want, n, rtol, atol, ...) \
  check_doubles_at (__FILE__, __LINE__, got, want, n, rtol, atol, __VA_ARGS__)
/* Exact comparison of N elements of ELEMSIZE bytes (integer data).  */
#define CHECK_SAME(got, want, n, ...) \
  check_same_at (__FILE__, __LINE__, got, want, n, sizeof *(got), __VA_ARGS__)

__attribute__ ((unused, format (printf, 8, 9))) static void
check_floats_at (const char *file, int line, const float *got,
		 const float *want, long n, double rtol, double atol,
		 const char *fmt, ...)
{
  for (long i = 0; i < n; i++)
    if (!check_close (got[i], want[i], rtol, atol))
      {
	char what[256];
	va_list ap;
	va_start (ap, fmt);
	vsnprintf (what, sizeof what, fmt, ap);
	va_end (ap);
	check_fail_at (file, line, "%s: element %ld of %ld is %.9g, expected %.9g",
		       what, i, n, (double) got[i], (double) want[i]);
      }
}

__attribute__ ((unused, format (printf, 8, 9))) static void
check_doubles_at (const char *file, int line, const double *got,
		  const double *want, long n, double rtol, double atol,
		  const char *fmt, ...)
{
  for (long i = 0; i < n; i++)
    if (!check_close (got[i], want[i], rtol, atol))
      {
	char what[256];
	va_list ap;
	va_start (ap, fmt);
	vsnprintf (what, sizeof what, fmt, ap);
	va_end (ap);
	check_fail_at (file, line, "%s: element %ld of %ld is %.17g, expected %.17g",
		       what, i, n, got[i], want[i]);
      }
}

__attribute__ ((unused, format (printf, 7, 8))) static void
check_same_at (const char *file, int line, const void *got, const void *want,
	       long n, size_t elemsize, const char *fmt, ...)
{
  const unsigned char *g = (const unsigned char *) got;
  const unsigned char *w = (const unsigned char *) want;
  for (long i = 0; i < n; i++)
    if (memcmp (g + i * elemsize, w + i * elemsize, elemsize) != 0)
      {
	char what[256], gs[40] = "", ws[40] = "";
	va_list ap;
	va_start (ap, fmt);
	vsnprintf (what, sizeof what, fmt, ap);
	va_end (ap);
	for (size_t b = elemsize < 16 ? elemsize : 16; b-- > 0;)
	  {
	    snprintf (gs + strlen (gs), sizeof gs - strlen (gs), "%02x", g[i * elemsize + b]);
	    snprintf (ws + strlen (ws), sizeof ws - strlen (ws), "%02x", w[i * elemsize + b]);
	  }
	check_fail_at (file, line, "%s: element %ld of %ld is 0x%s, expected 0x%s",
		       what, i, n, gs, ws);
      }
}

/* Under the plugin, a region of N > 0 iterations must have run on the
   OpenCL device unless GPURT_DEVICE=host.  Call it right after the
   function with the marked loop returns (the answer is per thread and
   about the last region).  */
#ifdef __GPUOFFLOAD__
# define CHECK_RAN_ON_DEVICE(n) check_ran_on_device_at (__FILE__, __LINE__, (long long) (n))
CHECK_UNUSED static void
check_ran_on_device_at (const char *file, int line, long long n)
{
  const char *d = getenv ("GPURT_DEVICE");
  if (n <= 0 || (d && strcmp (d, "host") == 0))
    return;
  if (!gpurt_last_region_ran_on_device ())
    check_fail_at (file, line, "the region (%lld iterations) did not run on the device", n);
}
#else
# define CHECK_RAN_ON_DEVICE(n) ((void) (n))
#endif

/* For a test that starts child processes which use the device
   themselves: a GPU in exclusive-process compute mode serves one process
   at a time, so this process must not open it at start-up (libgpurt's
   default, GPURT_INIT=eager) and must start such children before its own
   first region.  Put CHECK_CHILDREN_USE_DEVICE at file scope: it sets
   GPURT_INIT=lazy, unless the environment says otherwise, before the
   constructors that register the regions run.  */
#define CHECK_CHILDREN_USE_DEVICE \
  __attribute__ ((constructor (101))) static void \
  check_init_lazy (void) \
  { \
    setenv ("GPURT_INIT", "lazy", 0); \
  }

/* In main of a test that runs itself again with an argument as a child
   (check_profile_child): in that child (ARGC > 1), run FN () and exit
   with status 0.  */
#define CHECK_CHILD_RUNS(argc, fn) \
  do { if ((argc) > 1) { fn (); exit (0); } } while (0)

/* The sum of the numbers after KEY in TEXT, a GPURT_PROFILE=json report
   (one per region for a region's counter).  */
CHECK_UNUSED static unsigned long long
check_json_sum (const char *text, const char *key)
{
  unsigned long long sum = 0;
  for (const char *p = strstr (text, key); p; p = strstr (p + 1, key))
    sum += strtoull (p + strlen (key), NULL, 10);
  return sum;
}

/* Run this program again as ARGV0 ARG under GPURT_PROFILE=json, with the
   environment variable ENV ("NAME=VALUE") too unless NULL; it must exit
   with status 0.  Its profile goes into TEXT (SIZE bytes).  Call it
   before this process opens the device (CHECK_CHILDREN_USE_DEVICE).  */
CHECK_UNUSED static void
check_profile_child (const char *argv0, const char *arg, const char *env,
		     char *text, size_t size)
{
  static char path[64], var[96];
  snprintf (path, sizeof path, "/tmp/gpuoffload-profile-%ld.json",
	    (long) getpid ());
  snprintf (var, sizeof var, "GPURT_PROFILE=json:%s", path);
  fflush (NULL);
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork");
  if (pid == 0)
    {
      putenv (var);
      if (env)
	putenv ((char *) env);
      execl ("/proc/self/exe", argv0, arg, (char *) NULL);
      _exit (127);
    }
  int status;
  CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	 && WEXITSTATUS (status) == 0, "profile child %s failed (%#x)", arg,
	 status);
  FILE *f = fopen (path, "r");
  CHECK (f != NULL, "no profile written");
  size_t got = fread (text, 1, size - 1, f);
  text[got] = 0;
  fclose (f);
  remove (path);
}

/* check_profile_child under GPURT_FALLBACK=silent: the child's regions
   may run on the host (one too large for the device and not batchable)
   and the child must not stop at them.  */
CHECK_UNUSED static void
check_profile_child_silent (const char *argv0, const char *arg,
			    const char *env, char *text, size_t size)
{
  const char *fallback = getenv ("GPURT_FALLBACK");
  char *saved = fallback ? strdup (fallback) : NULL;
  setenv ("GPURT_FALLBACK", "silent", 1);
  check_profile_child (argv0, arg, env, text, size);
  if (saved)
    setenv ("GPURT_FALLBACK", saved, 1);
  else
    unsetenv ("GPURT_FALLBACK");
  free (saved);
}

/* Run this program again as ARGV0 ARG with the environment changed by
   ENVS (NULL-terminated: "NAME=VALUE" sets, "NAME" unsets); returns its
   wait status, its stderr in ERR (SIZE bytes).  Call it before this
   process opens the device (CHECK_CHILDREN_USE_DEVICE).  */
CHECK_UNUSED static int
check_child_stderr (const char *argv0, const char *arg,
		    const char *const *envs, char *err, size_t size)
{
  int fds[2];
  CHECK (pipe (fds) == 0, "pipe");
  fflush (NULL);
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork");
  if (pid == 0)
    {
      dup2 (fds[1], 2);
      close (fds[0]);
      for (; envs && *envs; envs++)
	if (strchr (*envs, '='))
	  putenv ((char *) *envs);
	else
	  unsetenv (*envs);
      execl ("/proc/self/exe", argv0, arg, (char *) NULL);
      _exit (127);
    }
  close (fds[1]);
  /* Read to the end, keeping what fits, so that the child never blocks.  */
  size_t used = 0;
  ssize_t k;
  char spill[256];
  while ((k = used < size - 1 ? read (fds[0], err + used, size - 1 - used)
			      : read (fds[0], spill, sizeof spill)) > 0)
    if (used < size - 1)
      used += k;
  err[used] = '\0';
  close (fds[0]);
  int status;
  CHECK (waitpid (pid, &status, 0) == pid, "waitpid");
  return status;
}

/* Run this program again as ARGV0 "child" under ENVS (as
   check_child_stderr; WHAT names them in messages): it must succeed, and
   when it ran on an OpenCL device its stderr must hold each string of
   WANT (NULL-terminated).  */
CHECK_UNUSED static void
check_child_log (const char *argv0, const char *const *envs,
		 const char *what, const char *const *want)
{
  static char err[1 << 18];
  int status = check_child_stderr (argv0, "child", envs, err, sizeof err);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	 "the run under %s failed (%#x): %s", what, status, err);
  if (strstr (err, "using OpenCL device"))
    for (; *want; want++)
      CHECK (strstr (err, *want), "under %s: no \"%s\" in: %s", what,
	     *want, err);
}

/* The content of the file PATH into BUF of SIZE bytes (cut to fit).  */
CHECK_UNUSED static void
check_slurp (const char *path, char *buf, size_t size)
{
  FILE *f = fopen (path, "r");
  CHECK (f, "cannot open %s", path);
  size_t got = fread (buf, 1, size - 1, f);
  buf[got] = 0;
  fclose (f);
}

/* What a child run by check_child_profiled did: its wait status, its
   stderr (stdout too when the child sends it there), and whether it wrote
   its GPURT_PROFILE=json report, with the deopts and device runs of its
   regions summed.  */
struct check_outcome
{
  int status;
  char text[8192];
  int profiled;
  unsigned long long deopts, device_runs;
};

/* Run this program again as ARGV0 ARG (check_child_stderr) with ENVS
   (NULL-terminated, at most 6) and GPURT_PROFILE=json in its
   environment; fill O.  */
CHECK_UNUSED static void
check_child_profiled (const char *argv0, const char *arg,
		      const char *const *envs, struct check_outcome *o)
{
  static char prof[64], var[96], json[1 << 14];
  const char *all[8] = { var };
  for (unsigned i = 0; envs && envs[i] && i < 6; i++)
    all[i + 1] = envs[i];
  snprintf (prof, sizeof prof, "/tmp/gpuoffload-child-%ld.prof.json",
	    (long) getpid ());
  snprintf (var, sizeof var, "GPURT_PROFILE=json:%s", prof);
  unlink (prof);
  o->status = check_child_stderr (argv0, arg, all, o->text, sizeof o->text);
  o->profiled = access (prof, R_OK) == 0;
  if (o->profiled)
    {
      check_slurp (prof, json, sizeof json);
      o->deopts = check_json_sum (json, "\"deopts\": ");
      o->device_runs = check_json_sum (json, "\"device_runs\": ");
      unlink (prof);
    }
}

/* Run this program again with the arguments ARGV (NULL-terminated,
   ARGV[0] its name) under GPURT_PROFILE=json, with the environment
   variable ENV ("NAME=VALUE") too unless NULL, for at most a minute.
   Its stdout goes into OUT and its stderr into ERR (SIZE bytes each,
   cut), its profile into PROF (PROF_SIZE bytes; empty when the child
   wrote none, as when abort ended it).  Returns its wait status.  Call
   it before this process opens the device (CHECK_CHILDREN_USE_DEVICE).  */
CHECK_UNUSED static int
check_child_output (char *const *argv, const char *env, char *out,
		    char *err, size_t size, char *prof, size_t prof_size)
{
  char out_path[64], err_path[64], prof_path[64];
  static char var[96];
  snprintf (out_path, sizeof out_path, "/tmp/gpuoffload-child-%ld.out",
	    (long) getpid ());
  snprintf (err_path, sizeof err_path, "/tmp/gpuoffload-child-%ld.err",
	    (long) getpid ());
  snprintf (prof_path, sizeof prof_path, "/tmp/gpuoffload-child-%ld.json",
	    (long) getpid ());
  snprintf (var, sizeof var, "GPURT_PROFILE=json:%s", prof_path);
  unlink (prof_path);
  fflush (NULL);
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork failed");
  if (pid == 0)
    {
      /* Only async-signal-safe calls before exec.  */
      int fo = open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      int fe = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (fo < 0 || fe < 0 || dup2 (fo, 1) < 0 || dup2 (fe, 2) < 0
	  || putenv (var) != 0 || (env && putenv ((char *) env) != 0))
	_exit (126);
      alarm (60);
      execv ("/proc/self/exe", argv);
      _exit (127);
    }
  int status;
  CHECK (waitpid (pid, &status, 0) == pid, "waitpid");
  check_slurp (out_path, out, size);
  check_slurp (err_path, err, size);
  unlink (out_path);
  unlink (err_path);
  prof[0] = 0;
  if (access (prof_path, R_OK) == 0)
    {
      check_slurp (prof_path, prof, prof_size);
      unlink (prof_path);
    }
  return status;
}

#endif /* CHECK_H */
