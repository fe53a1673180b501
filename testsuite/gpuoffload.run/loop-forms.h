/* loop-forms.h -- shared by the loop-form tests (loop-forms.c, loop-ne.c,
   loop-var-step.c): FORM (NAME, INIT, COND, STEP) defines a marked loop
   over an int index and its serial twin; run_forms() runs every form over
   empty, tiny, offset and random ranges and compares the whole output
   array (elements a form does not store must keep their values).  */
#ifndef LOOP_FORMS_H
#define LOOP_FORMS_H

#include "check.h"

#define N 5000

/* The body stores a value depending on the index, so that a wrong index
   mapping shows.  lo, hi: the range; s: a positive step (1..9).  */
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

/* What a form needs of its range: nothing, lo <= hi (!= forms), or also
   an even distance (!= with a step of 2).  */
enum { ANY, LO_LE_HI, EVEN };

struct form
{
  const char *name;
  void (*kern) (int, int, int, const int *, int *);
  void (*ref) (int, int, int, const int *, int *);
  int need;
};

#define F(NAME, NEED) { #NAME, kern_##NAME, ref_##NAME, NEED }

/* Iterations of form F for lo, hi, s (for CHECK_RAN_ON_DEVICE).  */
static long
form_trips (const struct form *f, int lo, int hi, int s)
{
  static int y[N], x[N];
  for (int i = 0; i < N; i++)
    x[i] = 0, y[i] = -1;
  f->ref (lo, hi, s, x, y);
  long n = 0;
  for (int i = 0; i < N; i++)
    n += y[i] != -1;
  return n;
}

static void
run_forms (const struct form *forms, int nforms)
{
  static int x[N], y[N], want[N];
  /* Empty (lo == hi, lo > hi), one element, starts above 0, the end of
     the array; hi < N - 1 so that <= forms stay inside the arrays.  */
  static const int bounds[][2] = {
    { 0, 0 }, { 5, 5 }, { 9, 3 }, { 0, 1 }, { 0, 2 }, { 0, 7 }, { 1, 31 },
    { 3, 100 }, { 17, 1000 }, { 0, N - 2 }, { 1234, 4099 }, { 2, 3 },
  };
  int nb = (int) (sizeof bounds / sizeof bounds[0]);

  for (int r = 0; r < 4; r++)
    for (int b = 0; b < nb; b++)
      for (int k = 0; k < nforms; k++)
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
	  if (f->need == EVEN && (hi - lo) % 2)
	    hi--;
	  for (int i = 0; i < N; i++)
	    x[i] = (int) check_range (-1000, 1000);
	  for (int i = 0; i < N; i++)
	    y[i] = want[i] = (int) check_range (-5, 5);
	  f->ref (lo, hi, s, x, want);
	  f->kern (lo, hi, s, x, y);
	  CHECK_RAN_ON_DEVICE (form_trips (f, lo, hi, s));
	  CHECK_SAME (y, want, N, "form %s lo=%d hi=%d s=%d", f->name, lo, hi, s);
	}
}

#endif /* LOOP_FORMS_H */
