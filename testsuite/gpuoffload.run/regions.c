/* regions.c: consecutive marked loops that depend on each other (one writes what the next reads), host code that modifies the data between them, and a time-stepping loop around a marked 1-D stencil with ping-pong buffers.  */
#include "check.h"

static void
step (int n, const double *restrict u, double *restrict v)
{
  for (int i GPU_PARALLEL = 1; i < n - 1; i++)
    v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
}

static void
step_ref (int n, const double *u, double *v)
{
  for (int i = 1; i < n - 1; i++)
    v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
}

static void
pipeline (int n, const int *a, int *b, int *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    b[i] = a[i] * 3;
  b[0] += 1000;			/* host code between the regions */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    c[i] = b[i] + b[n - 1 - i];
  for (int i GPU_PARALLEL = 0; i < n; i++)
    b[i] = c[i] - a[i];
}

static void
pipeline_ref (int n, const int *a, int *b, int *c)
{
  for (int i = 0; i < n; i++)
    b[i] = a[i] * 3;
  b[0] += 1000;
  for (int i = 0; i < n; i++)
    c[i] = b[i] + b[n - 1 - i];
  for (int i = 0; i < n; i++)
    b[i] = c[i] - a[i];
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      if (n < 3)
	continue;
      double *u = check_alloc (n * sizeof (double)), *v = check_alloc (n * sizeof (double));
      double *uw = check_alloc (n * sizeof (double)), *vw = check_alloc (n * sizeof (double));
      check_fill_double (u, n, 0, 1);
      memcpy (uw, u, n * sizeof (double));
      memcpy (v, u, n * sizeof (double));
      memcpy (vw, u, n * sizeof (double));
      for (int t = 0; t < 20; t++)
	{
	  step (n, u, v);
	  CHECK_RAN_ON_DEVICE (n - 2);
	  step_ref (n, uw, vw);
	  v[0] = vw[0] = t;	/* boundary changed on the host */
	  double *tmp = u; u = v; v = tmp;
	  tmp = uw; uw = vw; vw = tmp;
	}
      CHECK_DOUBLES (u, uw, n, 1e-13, 1e-13, "20 stencil steps, n=%d", n);
      CHECK_DOUBLES (v, vw, n, 1e-13, 1e-13, "20 stencil steps (other buffer), n=%d", n);

      int *a = check_alloc (n * sizeof (int));
      int *b = check_alloc (n * sizeof (int)), *c = check_alloc (n * sizeof (int));
      int *bw = check_alloc (n * sizeof (int)), *cw = check_alloc (n * sizeof (int));
      check_fill_int (a, n, -100000, 100000);
      pipeline_ref (n, a, bw, cw);
      pipeline (n, a, b, c);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (b, bw, n, "pipeline b, n=%d", n);
      CHECK_SAME (c, cw, n, "pipeline c, n=%d", n);
      free (u); free (v); free (uw); free (vw); free (a); free (b); free (c);
      free (bw); free (cw);
    }
  return 0;
}
