/* math-float.c: sqrtf expf logf sinf cosf powf fabsf floorf fminf fmaxf in a marked loop, relative tolerance 1e-5 over well-conditioned ranges.  */
#include "check.h"

#define NF 10

/* x in [0.5, 20] (positive: sqrt, log, pow base), y in [-3, 3],
   t in [-6, 6] (sin, cos, exp, fabs, floor).  */
#define BODY								\
  {									\
    float *o = r + NF * i;						\
    o[0] = sqrtf (x[i]);						\
    o[1] = expf (t[i]);							\
    o[2] = logf (x[i]);							\
    o[3] = sinf (t[i]);							\
    o[4] = cosf (t[i]);							\
    o[5] = powf (x[i], y[i]);						\
    o[6] = fabsf (t[i]);						\
    o[7] = floorf (t[i] * 3.0f);					\
    o[8] = fminf (t[i], y[i]);						\
    o[9] = fmaxf (t[i], y[i]);						\
  }

static void
kern (int n, const float *restrict x, const float *restrict y,
      const float *restrict t, float *restrict r)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (int n, const float *x, const float *y, const float *t, float *r)
{
  for (int i = 0; i < n; i++)
    BODY
}

static void
test (long n)
{
  float *x = check_alloc (n * sizeof (float));
  float *y = check_alloc (n * sizeof (float));
  float *t = check_alloc (n * sizeof (float));
  float *r = check_alloc (NF * n * sizeof (float));
  float *w = check_alloc (NF * n * sizeof (float));
  check_fill_float (x, n, 0.5f, 20.0f);
  check_fill_float (y, n, -3.0f, 3.0f);
  check_fill_float (t, n, -6.0f, 6.0f);
  for (long i = 0; i < n; i++)
    {
      /* floor at integers and at x.5; both operands of fmin/fmax equal.  */
      if (i % 8 == 1)
	t[i] = (float) check_range (-6, 6);
      if (i % 8 == 5)
	y[i] = t[i];
    }
  ref ((int) n, x, y, t, w);
  kern ((int) n, x, y, t, r);
  CHECK_RAN_ON_DEVICE (n);
  for (long i = 0; i < n; i++)
    for (int k = 0; k < NF; k++)
      {
	/* sin and cos near their zeros: an absolute error bound too.  */
	double atol = (k == 3 || k == 4) ? 1e-5 : 0;
	CHECK (check_close (r[NF * i + k], w[NF * i + k], 1e-5, atol),
	       "function %d at element %ld of %ld (x=%.9g y=%.9g t=%.9g): %.9g, expected %.9g",
	       k, i, n, (double) x[i], (double) y[i], (double) t[i],
	       (double) r[NF * i + k], (double) w[NF * i + k]);
      }
  free (x); free (y); free (t); free (r); free (w);
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    test (check_sizes[s]);
  return 0;
}
