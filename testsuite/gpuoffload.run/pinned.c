/* pinned.c: large copies through pinned staging slots (libgpurt's gpurt-stage.c; on by default on GPUs, forced here with GPURT_PINNED=1 in a child so that PoCL runs it too): arrays of 2 MiB to 70 MiB, sizes that fit no 16 MiB slot, copied in, partly written (the bytes the kernel does not write must come back unchanged), kept on the device across a time loop and brought back; compared with serial loops.  The same again with GPURT_PINNED=0, and with small slots (GPURT_PINNED_CHUNK of 1000 bytes, 12K and 1M: pieces through the three slots in turn, several in flight, from one copy to the next) on arrays of 1 to 2^20 + 7 elements, where the child's GPURT_VERBOSE=2 must say that staging was set up.  */
#include "check.h"
#include <sys/wait.h>

/* The children run regions on the device.  */
CHECK_CHILDREN_USE_DEVICE

static void
axpy (long n, float a, const float *restrict x, float *restrict y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* Writes every third element only.  */
static void
thirds (long n, const double *restrict x, double *restrict y)
{
  for (long i GPU_PARALLEL = 0; i < n; i += 3)
    y[i] = x[i] * 0.5 + 1.0;
}

static void
steps (long n, int t, float *restrict a, float *restrict b)
{
  for (int s = 0; s < t; s++)
    {
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
      for (long i GPU_PARALLEL = 1; i < n - 1; i++)
	a[i] = b[i];
    }
}

static void
run (void)
{
  static const long sizes[] = { 524288, 4194305, 12582917, 18350080 };
  /* Small slots (GPURT_PINNED_CHUNK): sizes that fit no slot.  */
  static const long small[] = { 1, 3001, 100003, 1048583 };
  int chunked = getenv ("GPURT_PINNED_CHUNK") != NULL;
  for (int k = 0; k < 4; k++)
    {
      long n = chunked ? small[k] : sizes[k];
      float *x = check_alloc (n * sizeof *x), *y = check_alloc (n * sizeof *y);
      float *w = check_alloc (n * sizeof *w);
      float a = check_uniformf (-2, 2);
      check_fill_float (x, n, -4, 4);
      check_fill_float (y, n, -4, 4);
      for (long i = 0; i < n; i++)
	w[i] = a * x[i] + y[i];
      axpy (n, a, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_FLOATS (y, w, n, 1e-6, 1e-6, "axpy (%ld)", n);

      long m = n / 2 + 1;
      double *dx = check_alloc (m * sizeof *dx), *dy = check_alloc (m * sizeof *dy);
      double *dw = check_alloc (m * sizeof *dw);
      check_fill_double (dx, m, -4, 4);
      check_fill_double (dy, m, -4, 4);
      memcpy (dw, dy, m * sizeof *dw);
      for (long i = 0; i < m; i += 3)
	dw[i] = dx[i] * 0.5 + 1.0;
      thirds (m, dx, dy);
      CHECK_RAN_ON_DEVICE (m);
      CHECK_SAME (dy, dw, m, "thirds (%ld)", m);

      float *b = check_alloc (n * sizeof *b), *wa = check_alloc (n * sizeof *wa);
      float *wb = check_alloc (n * sizeof *wb);
      memcpy (wa, x, n * sizeof *wa);
      memcpy (b, x, n * sizeof *b);
      memcpy (wb, x, n * sizeof *wb);
      for (int s = 0; s < 3; s++)
	{
	  for (long i = 1; i < n - 1; i++)
	    wb[i] = 0.25f * wa[i - 1] + 0.5f * wa[i] + 0.25f * wa[i + 1];
	  for (long i = 1; i < n - 1; i++)
	    wa[i] = wb[i];
	}
      steps (n, 3, x, b);
      CHECK_FLOATS (x, wa, n, 1e-6, 1e-6, "steps (%ld)", n);
      CHECK_FLOATS (b, wb, n, 1e-6, 1e-6, "steps b (%ld)", n);
      free (x); free (y); free (w); free (dx); free (dy); free (dw);
      free (b); free (wa); free (wb);
    }
}

static void
child (const char *pinned)
{
  fflush (NULL);
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork");
  if (pid == 0)
    {
      setenv ("GPURT_PINNED", pinned, 1);
      setenv ("PINNED_CHILD", "1", 1);
      execl ("/proc/self/exe", "pinned", (char *) NULL);
      _exit (127);
    }
  int status;
  CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	 && WEXITSTATUS (status) == 0, "GPURT_PINNED=%s run failed (%#x)",
	 pinned, status);
}

/* Staging forced through slots of CHUNK bytes (GPURT_PINNED_CHUNK): on
   the device the child must say that it set them up.  */
static void
child_chunk (const char *chunk)
{
  char var[64], err[65536];
  snprintf (var, sizeof var, "GPURT_PINNED_CHUNK=%s", chunk);
  const char *envs[] = { "GPURT_PINNED=1", var, "GPURT_VERBOSE=2",
			 "PINNED_CHILD=1", NULL };
  int status = check_child_stderr ("pinned", NULL, envs, err, sizeof err);
  const char *d = getenv ("GPURT_DEVICE");
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	 "%s run failed (%#x): %s", var, status, err);
  CHECK ((d && strcmp (d, "host") == 0)
	 || strstr (err, "pinned staging: 3 slots"),
	 "%s did not stage its copies: %s", var, err);
}

int
main (void)
{
  check_init ();
  if (getenv ("PINNED_CHILD"))
    {
      run ();
      return 0;
    }
  child ("1");
  child ("0");
  child_chunk ("1000");
  child_chunk ("12K");
  child_chunk ("1M");
  return 0;
}
