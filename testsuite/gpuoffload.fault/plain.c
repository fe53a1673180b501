/* plain.c -- fault injection (fault.exp): one plain region, run twice on
   fresh data.  Integer arithmetic, so that the device, the host fallback
   and the serial build print the same bytes.  */
#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>

static void
axpy (int n, int a, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int
main (void)
{
  enum { N = 1003 };
  int *x = malloc (N * sizeof *x), *y = malloc (N * sizeof *y);

  for (int round = 0; round < 2; round++)
    {
      unsigned long sum = 0;

      for (int i = 0; i < N; i++)
	{
	  x[i] = (i * 37 + round) % 101 - 50;
	  y[i] = (i * 11) % 17;
	}
      axpy (N, 3 + round, x, y);
      for (int i = 0; i < N; i++)
	sum = sum * 31 + (unsigned) y[i];
      printf ("round %d: y[0] %d y[%d] %d hash %lu\n", round, y[0], N - 1,
	      y[N - 1], sum);
    }
  free (x);
  free (y);
  return 0;
}
