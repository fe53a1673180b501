/* reduce-logical-const.c -- found by tools/fuzz.  A && or || reduction
   whose operand happens to be constant ('x[i] > -3' with x unsigned char
   is always true) is rejected:
     error: 'GPU_REDUCE' accumulator 's': read here for something other
     than its update
   (with an always-false operand of &&: "no recognizable update in the
   loop").  Expected: it compiles and prints 1; the loop is valid C and a
   valid reduction (s = s && 1 is s = s != 0).  Diagnosis: GCC folds the
   update to 's = s != 0' (or 's = 0') before the recognizer runs.  Low
   severity, but generated and macro-expanded code meets it.  */
#include <gpuoffload.h>
#include <stdio.h>

unsigned char x[1000];

int
main (void)
{
  for (int i = 0; i < 1000; i++)
    x[i] = i % 7;
  int s GPU_REDUCE = 1;
  for (int i GPU_PARALLEL = 0; i < 1000; i++)
    s = s && (x[i] > -3);
  printf ("%d\n", s);
  return 0;
}
