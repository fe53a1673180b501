/* timeloop.c -- fault injection (fault.exp): two regions sharing arrays
   in a time loop.  gpu_hostsync marks both launches KEEP, so the arrays
   stay on the device between the regions and the steps (gpurt-map.c)
   until the gpurt_sync before the printing; a failure in any step must
   still leave the host exactly the serial program's values, or end in
   one of the runtime's documented aborts.  */
#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>

static void __attribute__ ((noinline))
steps (int n, int t, unsigned *a, unsigned *b)
{
  for (int s = 0; s < t; s++)
    {
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = a[i - 1] + 3 * a[i] + a[i + 1];
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	a[i] = (b[i - 1] ^ b[i + 1]) + b[i] / 7;
    }
}

int
main (void)
{
  enum { N = 999, T = 4 };
  unsigned *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  unsigned long h = 0;

  for (int i = 0; i < N; i++)
    {
      a[i] = (unsigned) (i * 2654435761u) >> 20;
      b[i] = (unsigned) i;
    }
  steps (N, T, a, b);
  for (int i = 0; i < N; i++)
    h = h * 31 + a[i] * 7 + b[i];
  printf ("a[1] %u a[%d] %u b[%d] %u hash %lu\n", a[1], N / 2, a[N / 2],
	  N - 2, b[N - 2], h);
  free (a);
  free (b);
  return 0;
}
