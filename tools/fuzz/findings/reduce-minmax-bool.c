/* reduce-minmax-bool.c -- found by tools/fuzz (seed 35 of an early run).
   A min reduction written 'if (e < s) s = e;' whose operand e is a 0/1
   comparison result is rejected (at -O0 and -O2):
     error: 'GPU_REDUCE' accumulator 's': updated by && or || under a
     condition, which is not supported
   Expected: it compiles (min is a listed reduction operator) and prints 0.
   Diagnosis: GCC turns min over a value known to be 0 or 1 into a logical
   form, which the reduction recognizer then reads as a conditional &&.  */
#include <gpuoffload.h>
#include <stdio.h>

int x[1000], y[1000];

int
main (void)
{
  for (int i = 0; i < 1000; i++)
    x[i] = i % 7, y[i] = i % 5;
  int s GPU_REDUCE = 18;
  for (int i GPU_PARALLEL = 0; i < 1000; i++)
    {
      int e = x[i] > 3 && y[i] < 2;
      if (e < s)
	s = e;
    }
  printf ("%d\n", s);
  return 0;
}
