/* control-goto.c: goto inside a marked loop body: forward jumps to a shared exit, a backward jump forming a loop, and a jump out of nested inner loops.  */
#include "check.h"

static void
kern (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      int v = x[i], r = 0, k = 0;
      if (v < 0)
	goto negative;
      if (v == 0)
	goto done;
    again:			/* backward goto: count down by 7 */
      r++;
      v -= 7;
      if (v > 0)
	goto again;
      for (int a = 0; a < 10; a++)
	for (int b = 0; b < 10; b++)
	  if (a * 10 + b == (x[i] & 63))
	    {
	      k = a - b;
	      goto found;
	    }
      k = 99;
    found:
      r = r * 1000 + k;
      goto done;
    negative:
      r = -x[i] / 3;
    done:
      y[i] = r;
    }
}

static void
ref (int n, const int *x, int *y)
{
  for (int i = 0; i < n; i++)
    {
      int v = x[i], r = 0, k = 0;
      if (v < 0)
	goto negative;
      if (v == 0)
	goto done;
    again:
      r++;
      v -= 7;
      if (v > 0)
	goto again;
      for (int a = 0; a < 10; a++)
	for (int b = 0; b < 10; b++)
	  if (a * 10 + b == (x[i] & 63))
	    {
	      k = a - b;
	      goto found;
	    }
      k = 99;
    found:
      r = r * 1000 + k;
      goto done;
    negative:
      r = -x[i] / 3;
    done:
      y[i] = r;
    }
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
      check_fill_int (x, n, -500, 700);
      for (long i = 0; i < n; i += 9)
	x[i] = 0;
      ref ((int) n, x, yw);
      kern ((int) n, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, yw, n, "goto, n=%ld", n);
      free (x); free (y); free (yw);
    }
  return 0;
}
