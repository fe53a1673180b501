/* index32.c -- fault injection (fault.exp): a 2-D region whose offsets
   multiply two values, so that gpu_emit prints its kernel twice, the
   second time (NAME_i32) with 32-bit offsets, which libgpurt makes on
   the first launch: a failure there must leave the plain kernel running
   (or the host), never a wrong result.  Integer arithmetic, so that the
   device, the host fallback and the serial build print the same
   bytes.  */
#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>

static void
cross (long n, long m, const int *a, int *b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 1; j < m - 1; j++)
      b[i * m + j] = a[(i - 1) * m + j] - 2 * a[i * m + j + 1]
		     + a[(i + 1) * m + j - 1];
}

int
main (void)
{
  enum { N = 41, M = 67 };
  int *a = malloc (N * M * sizeof *a), *b = calloc (N * M, sizeof *b);
  unsigned long hash = 7;

  for (long k = 0; k < N * M; k++)
    a[k] = (int) ((k * 29) % 97) - 48;
  /* Twice: the second launch reuses (or again passes over) NAME_i32.  */
  cross (N, M, a, b);
  cross (N, M, b, a);
  for (long k = 0; k < N * M; k++)
    hash = hash * 33 + (unsigned) a[k] + 5 * (unsigned) b[k];
  printf ("a[%d] %d b[%d] %d hash %lu\n", M + 1, a[M + 1], 2 * M + 2,
	  b[2 * M + 2], hash);
  free (a);
  free (b);
  return 0;
}
