/* reduce-logical-guarded.c -- found by tools/fuzz.  A && or || reduction
   under an if is rejected at every -O level:
     error: 'GPU_REDUCE' accumulator 's': updated by && or || under a
     condition, which is not supported: make the condition part of the
     operand ('s = s && (!c || e)')
   The message is deliberate (a documented limitation, it says how to
   rewrite), but the program is valid C and SPEC 2 does not list the
   restriction.  Expected: it compiles and prints 0.  */
#include <gpuoffload.h>
#include <stdio.h>

int x[1000];

int
main (void)
{
  for (int i = 0; i < 1000; i++)
    x[i] = i % 7;
  int s GPU_REDUCE = 1;
  for (int i GPU_PARALLEL = 0; i < 1000; i++)
    if (x[i] != 2)
      s = s && x[i] > 3;
  printf ("%d\n", s);
  return 0;
}
