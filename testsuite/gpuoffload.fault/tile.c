/* tile.c -- fault injection (fault.exp): a matmul region that gpu_tile
   gives a kernel variant (a and b in __local tiles).  When the program
   with the variant fails to build, libgpurt builds it again without the
   variant and runs the plain kernel on the device.  Integer arithmetic,
   so that the device, the host fallback and the serial build print the
   same bytes.  */
#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>

static void
matmul (int m, int n, int p, const int *a, const int *b, int *c)
{
  for (int i GPU_PARALLEL = 0; i < m; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	int acc = 0;
	for (int k = 0; k < p; k++)
	  acc += a[i * p + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

int
main (void)
{
  enum { M = 37, N = 29, P = 41 };
  int *a = malloc (M * P * sizeof *a), *b = malloc (P * N * sizeof *b);
  int *c = malloc (M * N * sizeof *c);

  for (int round = 0; round < 2; round++)
    {
      unsigned long sum = 0;

      for (int i = 0; i < M * P; i++)
	a[i] = (i * 37 + round) % 101 - 50;
      for (int i = 0; i < P * N; i++)
	b[i] = (i * 11 + round) % 17 - 8;
      matmul (M, N, P, a, b, c);
      for (int i = 0; i < M * N; i++)
	sum = sum * 31 + (unsigned) c[i];
      printf ("round %d: %lu\n", round, sum);
    }
  free (a);
  free (b);
  free (c);
  return 0;
}
