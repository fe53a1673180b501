/* loop-var-step.c: marked loops whose step is a loop-invariant variable s > 0: i += s with < and <=, i -= s with >= and >.  */
#include "loop-forms.h"

FORM (lt_var, lo, i < hi, i += s)
FORM (le_var, lo, i <= hi, i += s)
FORM (ge_var, hi, i >= lo, i -= s)
FORM (gt_var, hi, i > lo, i -= s)

static const struct form forms[] = {
  F (lt_var, ANY), F (le_var, ANY), F (ge_var, ANY), F (gt_var, ANY),
};

int
main (void)
{
  check_init ();
  run_forms (forms, (int) (sizeof forms / sizeof forms[0]));
  return 0;
}
