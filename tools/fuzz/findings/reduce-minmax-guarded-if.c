/* reduce-minmax-guarded-if.c -- found by tools/fuzz.  A max reduction in
   the if form under a further condition is rejected at every -O level:
     error: 'GPU_REDUCE' accumulator 's': assigned a value that is not a
     combination with its old value (min and max need the form
     's = e < s ? e : s' or 'if (e < s) s = e;')
   Both 'if (c) if (e > s) s = e;' and 'if (c && e > s) s = e;' fail;
   'if (c) s = e > s ? e : s;' (the same thing as a ternary) compiles, as
   does 'if (c) s += e;'.  Expected: it compiles and prints 999.  */
#include <gpuoffload.h>
#include <stdio.h>

long x[1000], y[1000];

int
main (void)
{
  for (int i = 0; i < 1000; i++)
    x[i] = i, y[i] = i % 3;
  long s GPU_REDUCE = 11;
  for (int i GPU_PARALLEL = 0; i < 1000; i++)
    {
      long e = x[i];
      if (y[i] == 0 && e > s)
	s = e;
    }
  printf ("%ld\n", s);
  return 0;
}
