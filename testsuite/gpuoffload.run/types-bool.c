/* types-bool.c: _Bool arrays: logic, arithmetic after promotion, conversions to _Bool from int, float and comparisons.  */
#include "check.h"

#define BODY								\
  {									\
    _Bool p = a[i], q = b[i];						\
    _Bool *o = out + 8 * i;						\
    o[0] = p && q;							\
    o[1] = p || q;							\
    o[2] = !p;								\
    o[3] = p ^ q;							\
    o[4] = p + q;			/* 2 converts to 1 */		\
    o[5] = x[i];			/* int -> _Bool */		\
    o[6] = f[i];			/* float -> _Bool: 0.25 is true */ \
    o[7] = d[i] < 0.5;							\
    cnt[i] = p + q + (x[i] != 0) + (_Bool) f[i];			\
  }

static void
kern (int n, const _Bool *a, const _Bool *b, const int *x, const float *f,
      const double *d, _Bool *out, int *cnt)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (int n, const _Bool *a, const _Bool *b, const int *x, const float *f,
     const double *d, _Bool *out, int *cnt)
{
  for (int i = 0; i < n; i++)
    BODY
}

static void
test (long n)
{
  _Bool *a = check_alloc (n), *b = check_alloc (n);
  int *x = check_alloc (n * sizeof (int));
  float *f = check_alloc (n * sizeof (float));
  double *d = check_alloc (n * sizeof (double));
  _Bool *out = check_alloc (8 * n), *outr = check_alloc (8 * n);
  int *cnt = check_alloc (n * sizeof (int)), *cntr = check_alloc (n * sizeof (int));
  for (long i = 0; i < n; i++)
    {
      a[i] = check_u64 () & 1;
      b[i] = check_u64 () & 1;
      x[i] = check_u64 () % 3 == 0 ? 0 : (int) check_range (-5, 1000);
      switch (check_u64 () % 4)
	{
	case 0: f[i] = 0.0f; break;
	case 1: f[i] = -0.0f; break;
	case 2: f[i] = 0.25f; break;
	default: f[i] = check_uniformf (-2, 2); break;
	}
      d[i] = check_uniform (0, 1);
    }
  for (long i = 0; i < 8 * n; i++)
    out[i] = outr[i] = i & 1;
  ref ((int) n, a, b, x, f, d, outr, cntr);
  kern ((int) n, a, b, x, f, d, out, cnt);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_SAME (out, outr, 8 * n, "_Bool results, n=%ld", n);
  CHECK_SAME (cnt, cntr, n, "_Bool sums, n=%ld", n);
  free (a); free (b); free (x); free (f); free (d);
  free (out); free (outr); free (cnt); free (cntr);
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    test (check_sizes[s]);
  return 0;
}
