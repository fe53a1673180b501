/* partial.c -- fault injection (fault.exp): regions that write only part
   of an array (every other element, and a conditional store); the
   elements they do not store must keep the host's values whatever
   fails.  */
#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>

static void
stepped (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[2 * i] = x[i] * 3;
}

static void
conditional (int n, const int *restrict x, int *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    if (x[i] > 0)
      y[i] = x[i] + 100;
}

static void
print (const char *what, int n, const int *y)
{
  unsigned long sum = 0;

  for (int i = 0; i < n; i++)
    sum = sum * 31 + (unsigned) y[i];
  printf ("%s: y[0] %d y[1] %d y[%d] %d hash %lu\n", what, y[0], y[1], n - 1,
	  y[n - 1], sum);
}

int
main (void)
{
  enum { N = 777 };
  int *x = malloc (N * sizeof *x), *y = malloc (2 * N * sizeof *y);

  for (int i = 0; i < N; i++)
    x[i] = (i * 29) % 23 - 11;
  for (int i = 0; i < 2 * N; i++)
    y[i] = -i;
  stepped (N, x, y);
  print ("stepped", 2 * N, y);
  for (int i = 0; i < N; i++)
    y[i] = 7 * i;
  conditional (N, x, y);
  print ("conditional", N, y);
  free (x);
  free (y);
  return 0;
}
