/* loop-ne.c: marked loops with a != condition and unit steps, counting up (i != hi, i++) and down (i != lo, i--, --i), for ranges with lo <= hi (including empty).  */
#include "loop-forms.h"

FORM (ne_inc, lo, i != hi, i++)
FORM (ne_preinc, lo, i != hi, ++i)
FORM (ne_dec, hi, i != lo, i--)
FORM (ne_predec, hi, i != lo, --i)

static const struct form forms[] = {
  F (ne_inc, LO_LE_HI), F (ne_preinc, LO_LE_HI), F (ne_dec, LO_LE_HI),
  F (ne_predec, LO_LE_HI),
};

int
main (void)
{
  check_init ();
  run_forms (forms, (int) (sizeof forms / sizeof forms[0]));
  return 0;
}
