/* pinned-chunk.c: the pinned staging pipeline (libgpurt's gpurt-stage.c) with small slots (GPURT_PINNED_CHUNK of 1000 bytes, 12K and 1M, forced on PoCL with GPURT_PINNED=1 in a child): arrays of sizes that fit no slot and no piece (0, 1, 257, 3001, 100003, 2^20 + 7 elements) go through three slots in turn, several copies one after another (two inputs, one output that is also read, a double output written in part) and a result brought back in up to three pieces in flight; compared with serial loops.  On the device the child's GPURT_VERBOSE=2 must say that staging was set up.  */
#include "check.h"
#include <sys/wait.h>

CHECK_CHILDREN_USE_DEVICE

static void
axpy (long n, float a, const float *restrict x, float *restrict y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* Reads X and Z, writes Y at even indices only (the rest must come back
   as it was).  */
static void
evens (long n, const double *restrict x, const float *restrict z,
       double *restrict y)
{
  for (long i GPU_PARALLEL = 0; i < n; i += 2)
    y[i] = x[i] * 0.5 + z[i];
}

static void
run (void)
{
  static const long sizes[] = { 0, 1, 257, 3001, 100003, 1048583 };
  for (int k = 0; k < 6; k++)
    {
      long n = sizes[k];
      size_t nf = (n ? n : 1) * sizeof (float), nd = (n ? n : 1) * sizeof (double);
      float *x = check_alloc (nf), *y = check_alloc (nf), *w = check_alloc (nf);
      double *dx = check_alloc (nd), *dy = check_alloc (nd), *dw = check_alloc (nd);
      float a = check_uniformf (-2, 2);
      check_fill_float (x, n, -4, 4);
      check_fill_float (y, n, -4, 4);
      for (long i = 0; i < n; i++)
	w[i] = a * x[i] + y[i];
      axpy (n, a, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_FLOATS (y, w, n, 1e-6, 1e-6, "axpy (%ld)", n);

      check_fill_double (dx, n, -4, 4);
      check_fill_double (dy, n, -4, 4);
      memcpy (dw, dy, n * sizeof *dw);
      for (long i = 0; i < n; i += 2)
	dw[i] = dx[i] * 0.5 + y[i];
      evens (n, dx, y, dy);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (dy, dw, n, "evens (%ld)", n);
      free (x); free (y); free (w); free (dx); free (dy); free (dw);
    }
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1)
    {
      run ();
      return 0;
    }
  const char *d = getenv ("GPURT_DEVICE");
  int host = d && strcmp (d, "host") == 0;
  static const char *const chunks[] = { "1000", "12K", "1M" };
  for (int c = 0; c < 3; c++)
    {
      char var[64], err[65536];
      snprintf (var, sizeof var, "GPURT_PINNED_CHUNK=%s", chunks[c]);
      const char *envs[] = { "GPURT_PINNED=1", var, "GPURT_VERBOSE=2", NULL };
      int status = check_child_stderr (argv[0], "child", envs, err, sizeof err);
      CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	     "child with %s failed (%#x): %s", var, status, err);
      CHECK (host || strstr (err, "pinned staging: 3 slots"),
	     "child with %s did not stage its copies: %s", var, err);
    }
  return 0;
}
