/* loop-forms.c: marked loop forms on an int index: < <= > >= (also with the bound on the left), ++ and -- pre and post, += 3, -= 4, counting up and down, empty ranges; untouched elements keep their values.  */
#include "loop-forms.h"

FORM (lt_inc, lo, i < hi, i++)
FORM (lt_preinc, lo, i < hi, ++i)
FORM (le_inc, lo, i <= hi, i++)
FORM (gt_dec, hi, i > lo, i--)
FORM (ge_dec, hi, i >= lo, i--)
FORM (ge_predec, hi, i >= lo, --i)
FORM (lt_step3, lo, i < hi, i += 3)
FORM (le_step3, lo, i <= hi, i += 3)
FORM (ge_step4, hi, i >= lo, i -= 4)
FORM (gt_step4, hi, i > lo, i -= 4)
FORM (left_gt, lo, hi > i, i++)
FORM (left_le, hi, lo <= i, i--)

static const struct form forms[] = {
  F (lt_inc, ANY), F (lt_preinc, ANY), F (le_inc, ANY), F (gt_dec, ANY),
  F (ge_dec, ANY), F (ge_predec, ANY), F (lt_step3, ANY), F (le_step3, ANY),
  F (ge_step4, ANY), F (gt_step4, ANY), F (left_gt, ANY), F (left_le, ANY),
};

int
main (void)
{
  check_init ();
  run_forms (forms, (int) (sizeof forms / sizeof forms[0]));
  return 0;
}
