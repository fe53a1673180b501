/* control-switch.c: switch statements with fallthrough, default, grouped case labels, a switch on a char, and a break out of the switch from inside an if.  */
#include "check.h"

#define BODY								\
  {									\
    int v = x[i], acc = 0;						\
    switch (v % 8)							\
      {									\
      case 0:								\
	acc += 1;							\
	/* FALLTHROUGH */						\
      case 1:								\
	acc += 10;							\
	/* FALLTHROUGH */						\
      case 2:								\
	acc += 100;							\
	break;								\
      case -3:								\
      case 3:								\
	acc = -v;							\
	break;								\
      case 5:								\
	if (v > 50)							\
	  break;							\
	acc = 5000;							\
	/* FALLTHROUGH */						\
      default:								\
	acc += 7;							\
      }									\
    switch (c[i])							\
      {									\
      case 'a': acc *= 2; break;					\
      case 'b': acc *= 3; break;					\
      case 'z': acc = 0; break;						\
      default: break;							\
      }									\
    y[i] = acc;								\
  }

static void
kern (int n, const int *x, const char *c, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (int n, const int *x, const char *c, int *y)
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
      char *c = check_alloc (n);
      int *y = check_alloc (n * sizeof (int)), *yw = check_alloc (n * sizeof (int));
      check_fill_int (x, n, -100, 100);
      for (long i = 0; i < n; i++)
	c[i] = "abzq"[check_range (0, 3)];
      ref ((int) n, x, c, yw);
      kern ((int) n, x, c, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, yw, n, "switch, n=%ld", n);
      free (x); free (c); free (y); free (yw);
    }
  return 0;
}
