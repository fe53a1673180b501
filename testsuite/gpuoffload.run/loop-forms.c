/* loop-forms.c: every marked loop form on an int index: < <= > >= != (also bound on the left), ++ -- pre/post, += 3, -= 4, variable step, counting up and down, empty ranges; untouched elements keep their values.  */
#include "check.h"

#define N 5000

/* Each form has a marked kernel and a serial reference with the same
   header; the body stores a value depending on the index so that a wrong
   index mapping shows.  */
#define BODY y[i] = x[i] * 7 + i

#define FORM(NAME, INIT, COND, STEP)					\
  static void								\
  kern_##NAME (int lo, int hi, int s, const int *x, int *y)		\
  {									\
    (void) s; (void) lo; (void) hi;					\
    for (int i GPU_PARALLEL = INIT; COND; STEP)				\
      BODY;								\
  }									\
  static void								\
  ref_##NAME (int lo, int hi, int s, const int *x, int *y)		\
  {									\
    (void) s; (void) lo; (void) hi;					\
    for (int i = INIT; COND; STEP)					\
      BODY;								\
  }

FORM (lt_inc, lo, i < hi, i++)
FORM (lt_preinc, lo, i < hi, ++i)
FORM (le_inc, lo, i <= hi, i++)
FORM (gt_dec, hi, i > lo, i--)
FORM (ge_dec, hi, i >= lo, i--)
FORM (ge_predec, hi, i >= lo, --i)
FORM (ne_inc, lo, i != hi, i++)
FORM (ne_dec, hi, i != lo, i--)
FORM (lt_step3, lo, i < hi, i += 3)
FORM (le_step3, lo, i <= hi, i += 3)
FORM (ge_step4, hi, i >= lo, i -= 4)
FORM (gt_step4, hi, i > lo, i -= 4)
FORM (lt_var, lo, i < hi, i += s)
FORM (ge_var, hi, i >= lo, i -= s)
FORM (ne_step2, lo, i != hi, i += 2)
FORM (left_gt, lo, hi > i, i++)
FORM (left_le, hi, lo <= i, i--)

/* NE: the form needs lo <= hi (and hi - lo even for ne_step2).  */
enum { ANY, NE1, NE2 };

struct form
{
  const char *name;
  void (*kern) (int, int, int, const int *, int *);
  void (*ref) (int, int, int, const int *, int *);
  int need;
};

#define F(NAME, NEED) { #NAME, kern_##NAME, ref_##NAME, NEED }
static const struct form forms[] = {
  F (lt_inc, ANY), F (lt_preinc, ANY), F (le_inc, ANY), F (gt_dec, ANY),
  F (ge_dec, ANY), F (ge_predec, ANY), F (ne_inc, NE1), F (ne_dec, NE1),
  F (lt_step3, ANY), F (le_step3, ANY), F (ge_step4, ANY), F (gt_step4, ANY),
  F (lt_var, ANY), F (ge_var, ANY), F (ne_step2, NE2), F (left_gt, ANY),
  F (left_le, ANY),
};

/* Trip count of the form for lo, hi, s (for CHECK_RAN_ON_DEVICE).  */
static long
trips (const struct form *f, int lo, int hi, int s)
{
  int y[N], x[N];
  for (int i = 0; i < N; i++)
    x[i] = 0, y[i] = -1;
  f->ref (lo, hi, s, x, y);
  long n = 0;
  for (int i = 0; i < N; i++)
    n += y[i] != -1;
  return n;
}

int
main (void)
{
  static int x[N], y[N], want[N];
  /* Bounds: empty (lo == hi, lo > hi), one element, starts above 0,
     ends at the array's last element, random.  hi stays < N - 1 so that
     <= forms stay inside the arrays.  */
  int bounds[][2] = {
    { 0, 0 }, { 5, 5 }, { 9, 3 }, { 0, 1 }, { 0, 2 }, { 0, 7 }, { 1, 31 },
    { 3, 100 }, { 17, 1000 }, { 0, N - 2 }, { 1234, 4099 }, { 2, 3 },
  };
  int nb = (int) (sizeof bounds / sizeof bounds[0]);

  check_init ();
  for (int r = 0; r < 4; r++)
    for (int b = 0; b < nb; b++)
      for (int k = 0; k < (int) (sizeof forms / sizeof forms[0]); k++)
	{
	  const struct form *f = &forms[k];
	  int lo = bounds[b][0], hi = bounds[b][1];
	  int s = (int) check_range (1, 9);
	  if (r > 0)		/* random bounds, sometimes empty */
	    {
	      lo = (int) check_range (0, N - 2);
	      hi = (int) check_range (r == 3 ? 0 : lo, N - 2);
	    }
	  if (f->need != ANY && lo > hi)
	    continue;
	  if (f->need == NE2 && (hi - lo) % 2)
	    hi--;
	  for (int i = 0; i < N; i++)
	    x[i] = (int) check_range (-1000, 1000);
	  for (int i = 0; i < N; i++)
	    y[i] = want[i] = (int) check_range (-5, 5);
	  f->ref (lo, hi, s, x, want);
	  f->kern (lo, hi, s, x, y);
	  CHECK_RAN_ON_DEVICE (trips (f, lo, hi, s));
	  CHECK_SAME (y, want, N, "form %s lo=%d hi=%d s=%d", f->name, lo, hi, s);
	}
  return 0;
}
