/* tile-matvec.c: gpu_tile's variant of y = A*x (x in a __local tile)
   against serial C, sizes no tile divides; an input that aliases the
   output through the same pointer (x[n + i] written: not promoted), and
   one that overlaps it through another pointer (the runtime then runs
   the plain kernel); rerun under GPURT_LOCAL_MEM_LIMIT=64 (the plain
   kernel runs: the results must not change), in a child run first: a
   GPU in exclusive-process mode serves one process at a time.  The
   serial loop's order of the sum is kept (strip-mining does not
   reassociate): under -ffp-contract=off every result equals serial C
   bit for bit.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"
#include <sys/wait.h>

/* The child runs on the device before this process opens it.  */
CHECK_CHILDREN_USE_DEVICE

static void
matvec (int n, int m, const double *a, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}

/* X[0..M) read, X[M + I] written: same pointer.  */
static void
matvec_self (int n, int m, const float *a, float *x)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      x[m + i] = s;
    }
}

static void
matvec_f (int n, int m, const float *a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}

static void
test (int n, int m)
{
  double *a = check_alloc ((long) n * m * sizeof (double) + 1);
  double *x = check_alloc (m * sizeof (double) + 1);
  double *y = check_alloc (n * sizeof (double) + 1);
  double *w = check_alloc (n * sizeof (double) + 1);
  check_fill_double (a, (long) n * m, -1, 1);
  check_fill_double (x, m, -1, 1);
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      w[i] = s;
    }
  matvec (n, m, a, x, y);
  CHECK_RAN_ON_DEVICE ((long) n);
  CHECK_SAME (y, w, n, "matvec %dx%d", n, m);

  /* The same pointer, and overlapping pointers.  */
  float *fa = check_alloc ((long) n * m * sizeof (float) + 1);
  float *fx = check_alloc ((m + n) * sizeof (float));
  float *fw = check_alloc ((m + n) * sizeof (float));
  check_fill_float (fa, (long) n * m, -1, 1);
  check_fill_float (fx, m + n, -1, 1);
  memcpy (fw, fx, (m + n) * sizeof (float));
  for (int i = 0; i < n; i++)
    {
      float s = 0;
      for (int j = 0; j < m; j++)
	s += fa[i * m + j] * fw[j];
      fw[m + i] = s;
    }
  float *fy = check_dup (fx, (m + n) * sizeof (float));
  /* Distinct buffers first: the variant runs.  */
  float *fz = check_alloc (n * sizeof (float) + 1);
  matvec_f (n, m, fa, fx, fz);
  CHECK_RAN_ON_DEVICE ((long) n);
  CHECK_SAME (fz, fw + m, n, "float matvec %dx%d", n, m);
  matvec_self (n, m, fa, fx);
  CHECK_SAME (fx, fw, m + n, "self %dx%d", n, m);
  matvec_f (n, m, fa, fy, fy + m);
  CHECK_SAME (fy, fw, m + n, "overlap %dx%d", n, m);
  free (a); free (x); free (y); free (w);
  free (fa); free (fx); free (fw); free (fy); free (fz);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init ();
  /* First, once more with too little local memory for the variants.  */
  if (getenv ("GPURT_LOCAL_MEM_LIMIT") == NULL)
    {
      fflush (NULL);
      pid_t pid = fork ();
      CHECK (pid >= 0, "fork");
      if (pid == 0)
	{
	  setenv ("GPURT_LOCAL_MEM_LIMIT", "64", 1);
	  execv ("/proc/self/exe", argv);
	  _exit (127);
	}
      int status;
      CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	     && WEXITSTATUS (status) == 0,
	     "the run under GPURT_LOCAL_MEM_LIMIT=64 failed (%#x)", status);
    }
  static const int sizes[] = { 1, 7, 31, 33, 100, 127, 128, 129, 257, 1000 };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      test (sizes[s], sizes[s]);
      test (sizes[s], 3 + sizes[s] / 3);
    }
  test (0, 5);
  test (0, 0);
  test (9, 0);
  test (1, 1000);
  test (1000, 1);
  test (513, 77);
  return 0;
}
