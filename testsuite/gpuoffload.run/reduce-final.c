/* reduce-final.c: the runtime's ways to finish a reduction give the same results: partials combined on the host (default) or by the NAME_fin kernel (GPURT_REDUCE_FINAL=kernel), with the default number of work-groups, with 1 and with 3 (GPURT_REDUCE_GROUPS), for several reductions at once in 1-D and 2-D loops.  libgpurt reads the variables once, so the test runs itself again as a child for each setting (with the settings' names in its messages).  */
#include "check.h"
#include <float.h>

CHECK_CHILDREN_USE_DEVICE

static void
red1 (long n, const int *k, const double *x, long *sum, int *mx, double *ds,
      unsigned char *bits)
{
  long s GPU_REDUCE = 10;
  int m GPU_REDUCE = -5;
  double d GPU_REDUCE = 0.5;
  unsigned char b GPU_REDUCE = 0;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      s += k[i];
      if (k[i] > m)
	m = k[i];
      d += x[i];
      b |= (unsigned char) (1u << (k[i] & 7));
    }
  *sum = s;
  *mx = m;
  *ds = d;
  *bits = b;
}

static float
red2 (int rows, int cols, const float *x)
{
  float p GPU_REDUCE = -1.0f;
  for (int i GPU_PARALLEL = 0; i < rows; i++)
    for (int j GPU_PARALLEL = 0; j < cols; j++)
      p = fminf (p, x[i * cols + j]);
  return p;
}

/* Every size under the setting of this process's environment.  */

static void
run_sizes (void)
{
  static const long sizes[] = { 0, 1, 255, 256, 257, 65537, 300007 };
  const char *final = getenv ("GPURT_REDUCE_FINAL");
  const char *groups = getenv ("GPURT_REDUCE_GROUPS");
  long nmax = 300007;
  int *k = check_alloc (nmax * sizeof *k);
  double *x = check_alloc (nmax * sizeof *x);
  float *f = check_alloc (nmax * sizeof *f);

  check_init ();
  final = final ? final : "(default)";
  groups = groups ? groups : "(default)";
  check_fill_int (k, nmax, -100000, 100000);
  check_fill_double (x, nmax, -1.0, 1.0);
  check_fill_float (f, nmax, -50.0f, 50.0f);
  for (unsigned t = 0; t < sizeof sizes / sizeof sizes[0]; t++)
    {
      long n = sizes[t];
      long s, ws = 10;
      int m, wm = -5;
      double d, wd = 0.5, mag = 0.5;
      unsigned char b, wb = 0;
      red1 (n, k, x, &s, &m, &d, &b);
      CHECK_RAN_ON_DEVICE (n);
      for (long i = 0; i < n; i++)
	{
	  ws += k[i];
	  if (k[i] > wm)
	    wm = k[i];
	  wd += x[i];
	  mag += fabs (x[i]);
	  wb |= (unsigned char) (1u << (k[i] & 7));
	}
      CHECK (s == ws && m == wm && b == wb,
	     "red1 n=%ld final=%s groups=%s: %ld %d %u, expected %ld %d %u",
	     n, final, groups, s, m, b, ws, wm, wb);
      CHECK (fabs (d - wd) <= 2.0 * (n + 1) * DBL_EPSILON * mag,
	     "red1.d n=%ld final=%s groups=%s: %.17g, expected %.17g", n,
	     final, groups, d, wd);
      int rows = n > 1000 ? 1000 : 1, cols = (int) (n / rows);
      float p = red2 (rows, cols, f);
      CHECK_RAN_ON_DEVICE ((long) rows * cols);
      float wp = -1.0f;
      for (long i = 0; i < (long) rows * cols; i++)
	wp = fminf (wp, f[i]);
      CHECK (p == wp, "red2 %dx%d final=%s groups=%s: %g, expected %g",
	     rows, cols, final, groups, p, wp);
    }
}

int
main (int argc, char **argv)
{
  static const char *finals[] = { "GPURT_REDUCE_FINAL=host",
				  "GPURT_REDUCE_FINAL=kernel" };
  static const char *groups[] = { "GPURT_REDUCE_GROUPS",
				  "GPURT_REDUCE_GROUPS=1",
				  "GPURT_REDUCE_GROUPS=3" };
  static char err[4096];

  CHECK_CHILD_RUNS (argc, run_sizes);
  check_init ();
  for (int fi = 0; fi < 2; fi++)
    for (int gi = 0; gi < 3; gi++)
      {
	const char *envs[] = { finals[fi], groups[gi], NULL };
	int st = check_child_stderr (argv[0], "--child", envs, err,
				     sizeof err);
	CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0,
	       "child with %s %s failed:\n%s", finals[fi], groups[gi], err);
      }
  return 0;
}
