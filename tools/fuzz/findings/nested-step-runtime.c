/* nested-step-runtime.c -- found by tools/fuzz.  A nested marked loop that
   steps by a constant other than 1 and starts from (or, for >= and <=,
   ends at) a run-time value is rejected, at every -O level:
     error: the bounds and step of a nested 'GPU_PARALLEL' loop must not
     depend on the enclosing loops
   Its bounds are parameters of the function, not the outer index.
   Expected: it compiles and prints 3465.  The same loop with a constant
   start, with step 1, or with 'j > q' downwards compiles.  Diagnosis
   (guess): the trip count ((57 - q + 5) / 5) is computed in the outer
   loop's body and read as depending on the enclosing loop.  */
#include <gpuoffload.h>
#include <stdio.h>

int a[8192];

static void
f (long q)
{
  for (int i GPU_PARALLEL = 0; i < 10; i++)
    for (int j GPU_PARALLEL = q; j < 57; j += 5)
      a[i * 64 + j] = i + j;
}

int
main (int argc, char **argv)
{
  (void) argv;
  f (argc + 1);
  long s = 0;
  for (int k = 0; k < 8192; k++)
    s += a[k];
  printf ("%ld\n", s);
  return 0;
}
