/* reduce-logical-var.c -- found by tools/fuzz.  'GPU_REDUCE' with
   's = s && e' (or ||) where e is an int variable rather than a comparison
   written in place is rejected at -O1 and above (-O0 accepts it):
     error: 'GPU_REDUCE' accumulator 's': read here for something other
     than its update
   Expected: it compiles (SPEC 2 lists && and ||) and prints 0.
   's = s && x[i] > 3' compiles.  Diagnosis: GCC folds 's && e' with e an
   int to '(s != 0) & (e != 0)', a form the recognizer does not match.  */
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
    {
      int e = x[i] > 3;
      s = s && e;
    }
  printf ("%d\n", s);
  return 0;
}
