/* control-loops.c: serial loops inside a marked body (for with break and continue, while, do-while, a nested pair with an early exit) whose trip counts depend on the data.  */
#include "check.h"

#define BODY								\
  {									\
    int v = x[i];							\
    /* first index k < 32 where bit k of v is set, or -1 */		\
    int first = -1;							\
    for (int k = 0; k < 32; k++)					\
      {									\
	if (!((v >> k) & 1))						\
	  continue;							\
	first = k;							\
	break;								\
      }									\
    /* Collatz steps, at most 200 */					\
    long c = (v & 0xffff) + 1;						\
    int steps = 0;							\
    while (c != 1 && steps < 200)					\
      {									\
	c = c % 2 ? 3 * c + 1 : c / 2;					\
	steps++;							\
      }									\
    /* digit sum with do-while */					\
    unsigned u = (unsigned) v, ds = 0;					\
    do								\
      {									\
	ds += u % 10;							\
	u /= 10;							\
      }									\
    while (u);								\
    /* nested loops with an exit from the inner one */			\
    int pairs = 0;							\
    for (int a = 0; a < 8; a++)						\
      for (int b = 0; b < 8; b++)					\
	{								\
	  if (a * b > (v & 31))						\
	    break;							\
	  pairs++;							\
	}								\
    y[4 * i] = first;							\
    y[4 * i + 1] = steps;						\
    y[4 * i + 2] = (int) ds;						\
    y[4 * i + 3] = pairs;						\
  }

static void
kern (int n, const int *restrict x, int *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (int n, const int *x, int *y)
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
      int *y = check_alloc (4 * n * sizeof (int)), *yw = check_alloc (4 * n * sizeof (int));
      for (long i = 0; i < n; i++)
	x[i] = i % 17 == 0 ? 0 : (int) check_u64 ();
      ref ((int) n, x, yw);
      kern ((int) n, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, yw, 4 * n, "inner loops, n=%ld", n);
      free (x); free (y); free (yw);
    }
  return 0;
}
