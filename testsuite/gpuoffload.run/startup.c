/* startup.c: the device is opened by a thread started with the program (GPURT_INIT=eager, the default), so that a program which spends time before its first region finds the device open.  Checks: a program that returns from main before any region exits quickly and prints nothing (with the start-up thread still working); after a 0.7 s pause the first region takes little longer than later ones (on the device, against GPURT_INIT=lazy where it carries the whole set-up); with a warm program cache, the start-up thread has also loaded the kernel's program, so that after 0.5 s the first launch's host time in GPURT_PROFILE is at most 1.2 times a later launch's plus 2 ms (PoCL still compiles the kernel for its work-group size in the first enqueue, about 0.3-1.2 ms here), and a launch after 0.1 s without one is the profile's one idle launch; GPURT_INIT=lazy and a bad GPURT_INIT give the same results; the first region takes the lane (queue, kernel objects) and the pinned staging slots the start-up thread made, once, and a second thread's first region makes its own, also after a fork right at the start whose child runs its regions on the host (or, forked before the start-up thread chose the device, on a lane of its own; not in the AddressSanitizer build, whose allocator can deadlock a child forked while another thread allocates); a host loop of 100,000 launches of a small region gives exact results.  Fork right after start is in fork.c.  */
#include "check.h"
#include <pthread.h>
#include <stdint.h>
#include <sys/wait.h>

/* The children measure start-up on the device: this process leaves it
   to them (they set GPURT_INIT themselves).  */
CHECK_CHILDREN_USE_DEVICE

static void
scale (long n, float *restrict y, const float *restrict x)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = 2.0f * x[i] + 1.0f;
}

static void
bump (long n, int *v)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    v[i] += (int) i & 7;
}

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Set in a child of fork made while the start-up thread worked: its
   regions run on the host.  */
static int host_only;

/* Run scale over N elements, check it, and return how long it took.  */
static double
timed_scale (long n)
{
  float *x = check_alloc (n * sizeof *x), *y = check_alloc (n * sizeof *y);
  check_fill_float (x, n, -10, 10);
  double t0 = now ();
  scale (n, y, x);
  double t = now () - t0;
  if (!host_only)
    CHECK_RAN_ON_DEVICE (n);
  for (long i = 0; i < n; i++)
    CHECK (y[i] == 2.0f * x[i] + 1.0f, "scale (%ld): y[%ld]", n, i);
  free (x);
  free (y);
  return t;
}

/* Run this program again as MODE with the extra environment variable
   ENV (or none); returns its exit status, its stderr in ERR (SIZE bytes)
   and its run time in *SECONDS.  */
static int
run_self (const char *mode, const char *env, char *err, size_t size,
	  double *seconds)
{
  const char *envs[] = { env, NULL };
  double t0 = now ();
  int status = check_child_stderr ("startup", mode, envs, err, size);
  *seconds = now () - t0;
  return status;
}

/* --first: pause, then print the first region's time and the best of
   five later ones.  */
static int
first_region (void)
{
  struct timespec pause = { 0, 700000000 };
  nanosleep (&pause, NULL);
  double first = timed_scale (4099), later = 1e9;
  for (int k = 0; k < 5; k++)
    {
      double t = timed_scale (4099);
      later = t < later ? t : later;
    }
  printf ("%.6f %.6f\n", first, later);
  return 0;
}

/* --profile-first: pause 0.5 s, then run scale six times (the profile
   says how long the first launch and the later ones took), then once
   more after 0.1 s without a launch (the profile's one idle launch).  */
static int
profile_first (void)
{
  struct timespec pause = { 0, 500000000 }, idle = { 0, 100000000 };
  nanosleep (&pause, NULL);
  for (int k = 0; k < 6; k++)
    timed_scale (4099);
  nanosleep (&idle, NULL);
  timed_scale (4099);
  return 0;
}

/* Run scale over N elements and check it, on the calling thread.  */
static void *
scale_thread (void *n)
{
  timed_scale ((long) (intptr_t) n);
  return NULL;
}

/* --handover: the first region finds the lane and the staging slots the
   start-up thread made (GPURT_VERBOSE=2 says so: the parent counts the
   messages); a second thread's first region makes its own lane and
   slots.  With FORK_FIRST (--fork-first), a child forked right at the
   start, while the start-up thread works, runs its regions first, on the
   host (the fork rule), and never touches the parent's lane or slots.
   The sizes take staged copies (GPURT_PINNED_CHUNK=65536).  */
static int
handover (int fork_first)
{
  if (fork_first)
    {
      fflush (NULL);
      pid_t pid = fork ();
      CHECK (pid >= 0, "fork");
      if (pid == 0)
	{
	  alarm (30);
	  /* On the host, unless the fork came before the start-up thread
	     began to choose the device (then the child chooses its own):
	     either way no copy large enough to stage (65536 bytes).  */
	  host_only = 1;
	  for (int k = 0; k < CHECK_NSIZES && check_sizes[k] < 16384; k++)
	    timed_scale (check_sizes[k]);
	  fflush (NULL);
	  _exit (0);
	}
      int st;
      CHECK (waitpid (pid, &st, 0) == pid && WIFEXITED (st)
	     && WEXITSTATUS (st) == 0, "child of fork: status %#x", st);
    }
  struct timespec pause = { 0, 200000000 };
  nanosleep (&pause, NULL);
  timed_scale (50021);
  timed_scale (1);
  pthread_t t;
  CHECK (pthread_create (&t, NULL, scale_thread, (void *) (intptr_t) 70001)
	 == 0, "pthread_create");
  CHECK (pthread_join (t, NULL) == 0, "pthread_join");
  timed_scale (65536);
  return 0;
}

/* How many times NEEDLE occurs in TEXT.  */
static int
count (const char *text, const char *needle)
{
  int c = 0;
  for (const char *p = text; (p = strstr (p, needle)) != NULL; p++)
    c++;
  return c;
}

/* In TEXT, a GPURT_PROFILE=json report, what follows the first "KEY":
   at or after P.  */
static const char *
json_after (const char *text, const char *p, const char *key)
{
  char pat[128];
  snprintf (pat, sizeof pat, "\"%s\": ", key);
  p = strstr (p, pat);
  CHECK (p != NULL, "no %s in the profile:\n%s", key, text);
  return p + strlen (pat);
}

/* What follows "KEY": in the entry of the region of TEXT whose name
   starts with NAME.  */
static const char *
json_value (const char *text, const char *name, const char *key)
{
  char pat[128];
  snprintf (pat, sizeof pat, "\"name\": \"%s", name);
  const char *p = strstr (text, pat);
  CHECK (p != NULL, "no region %s in the profile:\n%s", name, text);
  return json_after (text, p, key);
}

/* The number after "PART": in the object KEY of region NAME in TEXT.  */
static double
json_part (const char *text, const char *name, const char *key,
	   const char *part)
{
  const char *p = json_value (text, name, key);
  CHECK (*p == '{', "%s is no object in the profile:\n%s", key, text);
  return strtod (json_after (text, p, part), NULL);
}

/* The count KEY (host_later_launches, host_idle_launches) of region
   NAME in TEXT.  */
static long
json_count (const char *text, const char *name, const char *key)
{
  return strtol (json_value (text, name, key), NULL, 10);
}

int
main (int argc, char **argv)
{
  if (argc > 1 && strcmp (argv[1], "--exit-early") == 0)
    return 0;
  check_init ();
  if (argc > 1 && strcmp (argv[1], "--first") == 0)
    return first_region ();
  if (argc > 1 && strcmp (argv[1], "--profile-first") == 0)
    return profile_first ();
  if (argc > 1 && strcmp (argv[1], "--handover") == 0)
    return handover (0);
  if (argc > 1 && strcmp (argv[1], "--fork-first") == 0)
    return handover (1);
  if (argc > 1 && strcmp (argv[1], "--results") == 0)
    {
      for (int k = 0; k < CHECK_NSIZES; k++)
	timed_scale (check_sizes[k]);
      return 0;
    }

  const char *d = getenv ("GPURT_DEVICE");
  int device = d == NULL || strcmp (d, "host") != 0;
  static char err[65536];
  double secs;

  /* Returning from main while the start-up thread works: quick, quiet.  */
  for (int k = 0; k < 5; k++)
    {
      int st = run_self ("--exit-early", "GPURT_INIT=eager", err,
			 sizeof err, &secs);
      CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0,
	     "early exit: status %#x, stderr:\n%s", st, err);
      CHECK (err[0] == '\0', "early exit printed:\n%s", err);
      CHECK (secs < 5.0, "early exit took %.2f s", secs);
    }

  /* GPURT_INIT=lazy, and a value that is neither.  */
  int st = run_self ("--results", "GPURT_INIT=lazy", err, sizeof err, &secs);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0,
	 "GPURT_INIT=lazy: status %#x, stderr:\n%s", st, err);
  st = run_self ("--results", "GPURT_INIT=soon", err, sizeof err, &secs);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0
	 && strstr (err, "GPURT_INIT=soon is not eager or lazy") != NULL,
	 "GPURT_INIT=soon: status %#x, stderr:\n%s", st, err);

  /* The first region after a pause, with the start-up thread and without
     (stdout of the child is ours: read it back through a file).  */
  if (device)
    {
      char path[] = "/tmp/gpuoffload-startup-XXXXXX";
      int fd = mkstemp (path);
      CHECK (fd >= 0, "mkstemp");
      double f[2], l[2];
      /* Up to three tries: a loaded machine can slow one run down.  */
      for (int attempt = 0; attempt < 3; attempt++)
	{
	  for (int lazy = 0; lazy < 2; lazy++)
	    {
	      fflush (NULL);
	      int saved = dup (1);
	      CHECK (ftruncate (fd, 0) == 0 && lseek (fd, 0, SEEK_SET) == 0,
		     "truncate");
	      dup2 (fd, 1);
	      st = run_self ("--first", lazy ? "GPURT_INIT=lazy"
			     : "GPURT_INIT=eager", err, sizeof err, &secs);
	      fflush (NULL);
	      dup2 (saved, 1);
	      close (saved);
	      CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0,
		     "--first: status %#x, stderr:\n%s", st, err);
	      FILE *in = fopen (path, "r");
	      CHECK (in && fscanf (in, "%lf %lf", &f[lazy], &l[lazy]) == 2,
		     "--first output");
	      fclose (in);
	    }
	  printf ("first region: %.3f ms (later %.3f ms); with GPURT_INIT=lazy"
		  " %.3f ms (later %.3f ms)\n", f[0] * 1e3, l[0] * 1e3,
		  f[1] * 1e3, l[1] * 1e3);
	  /* Some first-use cost stays (loading the kernel from the
	     program cache, buffers, the thread's queue); the device's
	     set-up must not.  */
	  if (f[0] <= 3 * l[0] + 0.25 * f[1])
	    break;
	}
      close (fd);
      unlink (path);
      CHECK (f[0] <= 3 * l[0] + 0.25 * f[1],
	     "first region %.3f ms, later %.3f ms, lazy first %.3f ms",
	     f[0] * 1e3, l[0] * 1e3, f[1] * 1e3);

      /* The same from the profile, the kernel's program in a cache of
	 our own: the first run fills it, the second finds it, and its
	 start-up thread loads it before the first launch.  */
      static char text[65536];
      char dir[] = "/tmp/gpuoffload-startup-cache-XXXXXX";
      CHECK (mkdtemp (dir) != NULL, "mkdtemp");
      setenv ("GPURT_CACHE_DIR", dir, 1);
      /* The first launch's host time, all of it and without the
	 driver's enqueue and wait (PoCL compiles the kernel for its
	 work-group size at the first enqueue, 0.2-2 ms: a cost of the
	 driver, not of start-up); the later launches' mean, the same.  */
      double first = 0, later = 0, ready = 0, first_own = 0, later_own = 0;
      for (int attempt = 0; attempt < 3; attempt++)
	{
	  check_profile_child ("startup", "--profile-first",
			       "GPURT_INIT=eager", text, sizeof text);
	  if (attempt == 0)
	    continue;		/* the cold run: fills the cache */
	  first = json_part (text, "gpu_scale", "host_first_us", "total");
	  ready = json_part (text, "gpu_scale", "host_first_us", "ready");
	  later = json_part (text, "gpu_scale", "host_later_us", "total");
	  first_own = first
		      - json_part (text, "gpu_scale", "host_first_us", "enqueue")
		      - json_part (text, "gpu_scale", "host_first_us", "wait");
	  later_own = later
		      - json_part (text, "gpu_scale", "host_later_us", "enqueue")
		      - json_part (text, "gpu_scale", "host_later_us", "wait");
	  CHECK (check_json_sum (text, "\"cache_hits\": ") >= 1,
		 "the warm run loaded nothing from the cache:\n%s", text);
	  /* Six later launches, the last after 0.1 s without one: the
	     idle row's (the first, after 0.5 s, is not a later one).  */
	  CHECK (json_count (text, "gpu_scale", "host_later_launches") == 6
		 && json_count (text, "gpu_scale", "host_idle_launches") == 1
		 && json_part (text, "gpu_scale", "host_idle_us", "total") > 0,
		 "want 6 later launches, 1 of them idle:\n%s", text);
	  printf ("warm cache, after 0.5 s: first launch %.1f us (waiting for"
		  " device and program %.1f us), later launches %.1f us\n",
		  first, ready, later);
	  if (first_own <= 1.2 * later_own + 2000)
	    break;
	}
      CHECK (first_own <= 1.2 * later_own + 2000,
	     "first launch %.1f us (ready %.1f us; %.1f us without enqueue"
	     " and wait), later %.1f us (%.1f us):\n%s",
	     first, ready, first_own, later, later_own, text);
      unsetenv ("GPURT_CACHE_DIR");
      char cmd[128];
      snprintf (cmd, sizeof cmd, "rm -rf %s", dir);
      CHECK (system (cmd) == 0, "%s", cmd);
    }

  /* The objects the start-up thread made are the first thread's: its
     lane and staging slots are taken once, by the first region; the
     second thread makes its own.  The same with a child forked first
     (it runs on the host; only the parent's messages count: the child's
     regions print nothing about lanes or slots).  */
#ifdef __SANITIZE_ADDRESS__
  /* GCC 12's sanitizer allocator can deadlock a child forked while
     another thread (the start-up thread) allocates: no fork here.  */
  const int forks = 1;
#else
  const int forks = 2;
#endif
  if (device)
    for (int fork_first = 0; fork_first < forks; fork_first++)
      {
	static const char *const envs[] = {
	  "GPURT_INIT=eager", "GPURT_VERBOSE=2", "GPURT_PINNED=1",
	  "GPURT_PINNED_CHUNK=65536", NULL };
	const char *mode = fork_first ? "--fork-first" : "--handover";
	st = check_child_stderr ("startup", mode, envs, err, sizeof err);
	CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0,
	       "%s: status %#x, stderr:\n%s", mode, st, err);
	CHECK (count (err, "takes the lane made at start-up") == 1
	       && count (err, "made at start-up for the first thread's large"
			 " copies") == 1
	       && count (err, "for this thread's large copies") == 1,
	       "%s: the first thread did not take the start-up lane and"
	       " slots once, or the second thread did not make its own:\n%s",
	       mode, err);
      }

  /* 100,000 launches of a small region, exact.  */
  int v[37], w[37];
  for (int i = 0; i < 37; i++)
    v[i] = w[i] = (int) check_range (-1000, 1000);
  for (long k = 0; k < 100000; k++)
    bump (37, v);
  for (int i = 0; i < 37; i++)
    CHECK (v[i] == w[i] + 100000 * (i & 7), "bump: v[%d] = %d", i, v[i]);
  CHECK_RAN_ON_DEVICE (37);
  return 0;
}
