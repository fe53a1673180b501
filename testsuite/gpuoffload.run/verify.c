/* verify.c: GPURT_VERIFY=1 runs each region on the device and on the host and compares.  Re-run with it set, a float region, an integer region with stepped stores and a region with an integer sum and a float max (GPU_REDUCE: once counted twice under verify) agree, say nothing and give the serial results; with the test hook GPURT_VERIFY_INJECT=17 (which corrupts element 17 of the device's first result) each reports region, array and index of the difference, and the program still gets the host's (right) results.  */
#include "check.h"

/* Its children run regions on the device.  */
CHECK_CHILDREN_USE_DEVICE
#include <sys/wait.h>

static void
axpy (int n, float a, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void
spread (int n, const int *restrict a, int *restrict b)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    b[2 * i] = a[i] * 3 - i;
}

static long
sum_max (int n, const int *a, const float *x, float *m)
{
  long s GPU_REDUCE = 7;
  float mx GPU_REDUCE = -1e30f;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      s += a[i];
      mx = x[i] > mx ? x[i] : mx;
    }
  *m = mx;
  return s;
}

static void
run (long n)
{
  float *x = check_alloc (n * sizeof *x), *y = check_alloc (n * sizeof *y);
  check_fill_float (x, n, -4.0f, 4.0f);
  check_fill_float (y, n, -4.0f, 4.0f);
  float *ywant = check_dup (y, n * sizeof *y);
  for (long i = 0; i < n; i++)
    ywant[i] = 1.5f * x[i] + ywant[i];
  axpy ((int) n, 1.5f, x, y);
  CHECK_FLOATS (y, ywant, n, 1e-5, 1e-5, "axpy n=%ld", n);

  int *a = check_alloc (n * sizeof *a), *b = check_alloc (2 * n * sizeof *b);
  check_fill_int (a, n, -100000, 100000);
  check_fill_int (b, 2 * n, -100000, 100000);
  int *bwant = check_dup (b, 2 * n * sizeof *b);
  for (long i = 0; i < n; i++)
    bwant[2 * i] = a[i] * 3 - (int) i;
  spread ((int) n, a, b);
  CHECK_SAME (b, bwant, 2 * n, "spread n=%ld", n);

  long swant = 7;
  float mwant = -1e30f, mgot;
  for (long i = 0; i < n; i++)
    {
      swant += a[i];
      mwant = x[i] > mwant ? x[i] : mwant;
    }
  long sgot = sum_max ((int) n, a, x, &mgot);
  CHECK (sgot == swant && mgot == mwant,
	 "sum_max n=%ld: %ld and %g, expected %ld and %g", n, sgot,
	 (double) mgot, swant, (double) mwant);
  free (x);
  free (y);
  free (ywant);
  free (a);
  free (b);
  free (bwant);
}

#ifdef __GPUOFFLOAD__
/* Run this program again with GPURT_VERIFY=1 and INJECT (or none) and
   return what it wrote on stderr (malloc'd).  */
static char *
run_child (const char *inject)
{
  int fd[2];
  CHECK (pipe (fd) == 0, "pipe failed");
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork failed");
  if (pid == 0)
    {
      dup2 (fd[1], 2);
      close (fd[0]);
      setenv ("VERIFY_CHILD", "1", 1);
      setenv ("GPURT_VERIFY", "1", 1);
      if (inject)
	setenv ("GPURT_VERIFY_INJECT", inject, 1);
      execl ("/proc/self/exe", "verify", (char *) NULL);
      _exit (127);
    }
  close (fd[1]);
  size_t cap = 1 << 16, len = 0;
  char *buf = check_alloc (cap);
  ssize_t got;
  while ((got = read (fd[0], buf + len, cap - 1 - len)) > 0)
    len += (size_t) got;
  buf[len] = '\0';
  close (fd[0]);
  int status;
  CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	 && WEXITSTATUS (status) == 0,
	 "the GPURT_VERIFY=1 run (inject %s) failed:\n%s",
	 inject ? inject : "none", buf);
  return buf;
}
#endif

int
main (void)
{
  check_init ();
  if (getenv ("VERIFY_CHILD"))
    {
      for (int s = 0; s < CHECK_NSIZES; s++)
	run (check_sizes[s]);
      return 0;
    }
#ifdef __GPUOFFLOAD__
  /* The children first, before this process opens the device: a GPU in
     exclusive-process mode takes one process at a time.  */
  const char *dev = getenv ("GPURT_DEVICE");
  if (!dev || strcmp (dev, "host") != 0)
    {
      char *quiet = run_child (NULL);
      CHECK (strstr (quiet, "GPURT_VERIFY") == NULL,
	     "GPURT_VERIFY reported a difference:\n%s", quiet);
      char *loud = run_child ("17");
      CHECK (strstr (loud, "GPURT_VERIFY: region gpu_axpy_") != NULL
	     && strstr (loud, "): y[17]: device ") != NULL,
	     "no report of y[17] for the float region:\n%s", loud);
      CHECK (strstr (loud, "GPURT_VERIFY: region gpu_spread_") != NULL
	     && strstr (loud, "): b[17] (4-byte elements): device 0x") != NULL,
	     "no report of b[17] for the integer region:\n%s", loud);
      free (quiet);
      free (loud);
    }
#endif
  for (int s = 0; s < CHECK_NSIZES; s++)
    run (check_sizes[s]);
  return 0;
}
