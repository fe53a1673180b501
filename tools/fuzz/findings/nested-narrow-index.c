/* nested-narrow-index.c -- found by tools/fuzz (most seeds with a 2-D or
   3-D nest before the generator learnt to avoid it).  A nested marked loop
   whose index is char or short (signed or unsigned) is rejected, at every
   -O level, with constant bounds:
     error: the bounds and step of a nested 'GPU_PARALLEL' loop must not
     depend on the enclosing loops
   Expected: it compiles (SPEC 2: any integer index type) and prints 2700.
   The same nest with 'int j' compiles and offloads.  Diagnosis (guess):
   the narrow index's bound/step reach the checker through a conversion
   that GIMPLE places inside the outer loop.  */
#include <gpuoffload.h>
#include <stdio.h>

int a[8192];

int
main (int argc, char **argv)
{
  (void) argv;
  long n = argc + 9;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (short j GPU_PARALLEL = 0; j < 10; j++)
      a[i * 10 + j] = i + j;
  long s = 0;
  for (int k = 0; k < 100; k++)
    s += a[k] * 3;
  printf ("%ld\n", s);
  return 0;
}
