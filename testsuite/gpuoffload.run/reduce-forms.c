/* reduce-forms.c: GPU_REDUCE updates that GCC folds or lowers differently
   from the source (issue 11, item 9): && and || with an int variable
   operand, which GCC evaluates without branches at -O1 and above as
   (s != 0) & (e != 0); two || in one update; && with an operand that is
   always true (folded to s != 0); min and max in the if form under a
   further condition, nested in another if, or in one case of a switch;
   min and max over 0/1 values.  Each must equal the serial loop at every
   size (the run uses werror: a loop left on the host fails the build).  */
#include "check.h"

#define RED(T, NAME, INIT, BODY)					\
  static T NAME (long n, const int *x, const int *y)			\
  {									\
    T s GPU_REDUCE = INIT;						\
    for (long i GPU_PARALLEL = 0; i < n; i++)				\
      {									\
	BODY;								\
      }									\
    return s;								\
  }									\
  static T NAME##_ref (long n, const int *x, const int *y)		\
  {									\
    T s = INIT;								\
    for (long i = 0; i < n; i++)					\
      {									\
	BODY;								\
      }									\
    return s;								\
  }

RED (int, land_var, 1, int e = x[i] > 3; s = s && e)
RED (int, lor_var, 0, int e = x[i] > 5; s = s || e)
RED (long, land_var2, 5, int e = x[i] != 6; int f = y[i] != 4; s = s && e && f)
RED (int, lor_two, 0, int e = x[i] == 6; int f = y[i] == 4; s = (s || e) || f)
RED (int, lor_two_arr, 0, s = (s || x[i] == 6) || y[i] == 4)
RED (int, land_true, 3, unsigned char u = (unsigned char) x[i]; s = s && (u > -3))
RED (double, land_dbl, 1.0, int e = x[i] != 6; s = s && e)
RED (int, max_guarded, -100, int e = x[i] * 10 + y[i]; if (y[i] == 0 && e > s) s = e)
RED (int, min_nested, 1000, int e = x[i] * 10 + y[i]; if (y[i] != 1) if (e < s) s = e)
RED (long, min_switch, 1000,
     long e = x[i] * 7 - y[i];
     switch (y[i])
       {
       case 0:
	 if (e < s)
	   s = e;
	 break;
       case 2:
	 break;
       default:
	 break;
       })
RED (int, min_bool, 18, int e = x[i] > 3 && y[i] < 2; if (e < s) s = e)
RED (int, max_bool, -18, int e = x[i] > 3 && y[i] < 2; if (e > s) s = e)

typedef int (*ifn) (long, const int *, const int *);
typedef long (*lfn) (long, const int *, const int *);
typedef double (*dfn) (long, const int *, const int *);

int
main (void)
{
  check_init ();
  static const struct { const char *name; ifn f, ref; } ints[] = {
    { "land_var", land_var, land_var_ref },
    { "lor_var", lor_var, lor_var_ref },
    { "lor_two", lor_two, lor_two_ref },
    { "lor_two_arr", lor_two_arr, lor_two_arr_ref },
    { "land_true", land_true, land_true_ref },
    { "max_guarded", max_guarded, max_guarded_ref },
    { "min_nested", min_nested, min_nested_ref },
    { "min_bool", min_bool, min_bool_ref },
    { "max_bool", max_bool, max_bool_ref },
  };
  for (int k = 0; k < CHECK_NSIZES; k++)
    {
      long n = check_sizes[k];
      int *x = check_alloc ((n + 1) * sizeof *x);
      int *y = check_alloc ((n + 1) * sizeof *y);
      /* Mostly below the thresholds, so that the rare values decide.  */
      for (long i = 0; i < n; i++)
	{
	  x[i] = check_range (0, 5);
	  y[i] = check_range (0, 3);
	  if (check_range (0, n) == 0)
	    x[i] = 6;
	}
      for (unsigned j = 0; j < sizeof ints / sizeof ints[0]; j++)
	{
	  int got = ints[j].f (n, x, y), want = ints[j].ref (n, x, y);
	  CHECK (got == want, "%s (n = %ld): %d, serial %d", ints[j].name, n,
		 got, want);
	}
      long gl = land_var2 (n, x, y), wl = land_var2_ref (n, x, y);
      CHECK (gl == wl, "land_var2 (n = %ld): %ld, serial %ld", n, gl, wl);
      gl = min_switch (n, x, y), wl = min_switch_ref (n, x, y);
      CHECK (gl == wl, "min_switch (n = %ld): %ld, serial %ld", n, gl, wl);
      double gd = land_dbl (n, x, y), wd = land_dbl_ref (n, x, y);
      CHECK (gd == wd, "land_dbl (n = %ld): %g, serial %g", n, gd, wd);
      free (x);
      free (y);
    }
  return 0;
}
