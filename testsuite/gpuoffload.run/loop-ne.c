/* loop-ne.c: marked loops with a != condition, counting up (i != hi with i++, ++i, i += 2) and down (i != lo with i--, --i), for ranges with lo <= hi (including empty; an even distance for the step of 2).  */
#include "loop-forms.h"

FORM (ne_inc, lo, i != hi, i++)
FORM (ne_preinc, lo, i != hi, ++i)
FORM (ne_dec, hi, i != lo, i--)
FORM (ne_predec, hi, i != lo, --i)
FORM (ne_step2, lo, i != hi, i += 2)

static const struct form forms[] = {
  F (ne_inc, LO_LE_HI), F (ne_preinc, LO_LE_HI), F (ne_dec, LO_LE_HI),
  F (ne_predec, LO_LE_HI), F (ne_step2, EVEN),
};

int
main (void)
{
  check_init ();
  run_forms (forms, (int) (sizeof forms / sizeof forms[0]));
  return 0;
}
