/* control-if.c: if / else if / else chains, nested ifs, && || short-circuit conditions and ternaries (also nested) in a marked loop body.  */
#include "check.h"

#define BODY								\
  {									\
    int v = x[i];							\
    int r;								\
    if (v < -500)							\
      r = -1;								\
    else if (v < 0)							\
      {									\
	if (v % 2 == 0)							\
	  r = v / 2;							\
	else								\
	  r = v * 3;							\
      }									\
    else if (v == 0 || v == 7)						\
      r = 100;								\
    else if (v > 100 && (v & 1) && v % 3 != 0)				\
      r = v - 100;							\
    else								\
      r = v;								\
    y[i] = r;								\
    z[i] = v > 0 ? (v > 500 ? 2.0f : 1.0f) : (v == 0 ? 0.0f : -f[i]);	\
    if (v > 900)							\
      f[i] = f[i] * 2.0f;	/* stored on one branch only */		\
  }

static void
kern (int n, const int *x, int *y, float *z, float *f)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (int n, const int *x, int *y, float *z, float *f)
{
  for (int i = 0; i < n; i++)
    BODY
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      int *x = check_alloc (n * sizeof (int));
      int *y = check_alloc (n * sizeof (int)), *yw = check_alloc (n * sizeof (int));
      float *z = check_alloc (n * sizeof (float)), *zw = check_alloc (n * sizeof (float));
      float *f = check_alloc (n * sizeof (float)), *fw = check_alloc (n * sizeof (float));
      for (long i = 0; i < n; i++)
	x[i] = i % 10 == 0 ? 7 * (int) (i % 20 == 0) : (int) check_range (-1000, 1000);
      check_fill_float (f, n, -5, 5);
      memcpy (fw, f, n * sizeof (float));
      ref ((int) n, x, yw, zw, fw);
      kern ((int) n, x, y, z, f);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, yw, n, "if/else chain, n=%ld", n);
      CHECK_SAME (z, zw, n, "ternaries, n=%ld", n);
      CHECK_SAME (f, fw, n, "store on one branch, n=%ld", n);
      free (x); free (y); free (yw); free (z); free (zw); free (f); free (fw);
    }
  return 0;
}
