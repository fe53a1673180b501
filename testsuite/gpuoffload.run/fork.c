/* fork.c: regions in a child process made by fork().  The parent runs a region first (so its OpenCL device or its host thread pool is set up), then forks children that run regions too, one after another and two at once, and one more from a second thread of the parent while that thread's region runs.  Every child must finish (an alarm kills a hung one) with the serial loop's results; a child whose parent had set up OpenCL runs its regions on the host.  A child forked before the parent used the runtime may use the device itself under GPURT_INIT=lazy, as this process runs; a run of the whole test with GPURT_INIT=eager (the default: a start-up thread opens the device before main) comes first, in a child started before this process opens the device, and there every child runs on the host.  */
#include "check.h"
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>

/* The eager run is a child that uses the device.  */
CHECK_CHILDREN_USE_DEVICE

static void
saxpy (long n, float a, const float *restrict x, float *restrict y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static int
sum_sq (long n, const int *x)
{
  int s GPU_REDUCE = 0;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}

/* Set in a child whose parent had set up OpenCL: its regions run on the
   host.  */
static int on_host_only;

/* Run both regions over N random elements and compare with serial loops.  */
static void
run_regions (long n)
{
  float *x = check_alloc (n * sizeof *x), *y = check_alloc (n * sizeof *y);
  float *want = check_alloc (n * sizeof *want);
  int *v = check_alloc (n * sizeof *v);
  float a = check_uniformf (-2.0f, 2.0f);
  int ws = 0;

  check_fill_float (x, n, -4.0f, 4.0f);
  check_fill_float (y, n, -4.0f, 4.0f);
  for (long i = 0; i < n; i++)
    {
      want[i] = a * x[i] + y[i];
      v[i] = (int) check_range (-100, 100);
      ws += v[i] * v[i];
    }
  saxpy (n, a, x, y);
  if (!on_host_only)
    CHECK_RAN_ON_DEVICE (n);
  CHECK_FLOATS (y, want, n, 1e-6, 1e-6, "saxpy (%ld)", n);
  int s = sum_sq (n, v);
  CHECK (s == ws, "sum_sq (%ld) = %d, want %d", n, s, ws);
  free (x); free (y); free (want); free (v);
}

/* Fork a child that runs the regions at a few sizes and exits 0; return
   its pid.  HOST_ONLY: the parent had set up OpenCL.  */
static pid_t
spawn (int host_only)
{
  fflush (NULL);
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork failed");
  if (pid == 0)
    {
      alarm (30);		/* a hung child dies and fails the test */
      check_state ^= (unsigned long long) getpid () << 17;
      on_host_only = host_only;
      for (int k = 0; k < CHECK_NSIZES; k++)
	run_regions (check_sizes[k]);
      fflush (NULL);
      _exit (0);
    }
  return pid;
}

static void
reap (pid_t pid, const char *what)
{
  int status;
  CHECK (waitpid (pid, &status, 0) == pid, "waitpid (%s)", what);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	 "%s: child %s (status %#x)", what,
	 WIFSIGNALED (status) && WTERMSIG (status) == SIGALRM ? "hung"
	 : "failed", status);
}

/* A second thread of the parent runs regions while the main thread
   forks.  */
static void *
busy_thread (void *arg)
{
  (void) arg;
  for (int k = 0; k < 20; k++)
    run_regions (4099);
  return NULL;
}

int
main (void)
{
  check_init ();
  const char *d = getenv ("GPURT_DEVICE");
  int device = d == NULL || strcmp (d, "host") != 0;

  /* Before the parent has run a region: under GPURT_INIT=lazy the
     child sets up what it needs itself; by default the start-up thread
     has opened the device (or is opening it), so the child is on the
     host.  */
  const char *init = getenv ("GPURT_INIT");
  int lazy = init != NULL && strcmp (init, "lazy") == 0;
  if (lazy)
    {
      /* Everything again with GPURT_INIT=eager, first (a GPU in
	 exclusive-process mode serves one process at a time).  */
      fflush (NULL);
      pid_t e = fork ();
      CHECK (e >= 0, "fork failed");
      if (e == 0)
	{
	  setenv ("GPURT_INIT", "eager", 1);
	  execl ("/proc/self/exe", "fork", (char *) NULL);
	  _exit (127);
	}
      reap (e, "the GPURT_INIT=eager run");
    }
  reap (spawn (lazy ? 0 : device), "child forked before any region");

  run_regions (65537);
  reap (spawn (device), "child after a region");
  pid_t a = spawn (device), b = spawn (device);
  reap (a, "first of two children");
  reap (b, "second of two children");

  pthread_t t;
  CHECK (pthread_create (&t, NULL, busy_thread, NULL) == 0, "pthread_create");
  pid_t c = spawn (device);
  pthread_join (t, NULL);
  reap (c, "child forked while another thread runs regions");

  /* The parent goes on as before.  */
  run_regions (1000);
  return 0;
}
