/* loop-eq.c: unsigned indices tested with i < 1 or i <= 0 and stepped by more than one, which the front end turns into "while i == 0": one iteration when the index starts at 0, none otherwise (issue 11, item 8: they were refused).  Random starts and steps of unsigned, unsigned short and unsigned long indices, compared with the serial loops.  */
#include "check.h"

static void
marked (unsigned s0, unsigned short s1, unsigned long s2, int *a)
{
  for (unsigned i GPU_PARALLEL = s0; i < 1; i += 2)
    a[i] += 5;
  for (unsigned short i GPU_PARALLEL = s1; i <= 0; i += 3)
    a[i + 2] += 7;
  for (unsigned long i GPU_PARALLEL = s2; i < 1; i += 4)
    a[i + 4] += 9;
}

static void
serial (unsigned s0, unsigned short s1, unsigned long s2, int *a)
{
  for (unsigned i = s0; i < 1; i += 2)
    a[i] += 5;
  for (unsigned short i = s1; i <= 0; i += 3)
    a[i + 2] += 7;
  for (unsigned long i = s2; i < 1; i += 4)
    a[i + 4] += 9;
}

int
main (void)
{
  check_init ();
  for (int round = 0; round < 40; round++)
    {
      int a[8], r[8];
      /* Mostly 0 (one iteration), sometimes not (none).  */
      unsigned s0 = check_range (0, 3) == 0;
      unsigned short s1 = check_range (0, 3) == 0;
      unsigned long s2 = check_range (0, 3) == 0;
      for (int k = 0; k < 8; k++)
	a[k] = r[k] = (int) check_range (-100, 100);
      marked (s0, s1, s2, a);
      serial (s0, s1, s2, r);
      CHECK_SAME (a, r, 8, "starts %u %u %lu", s0, (unsigned) s1, s2);
    }
  return 0;
}
