/* lud_rows.c -- LU decomposition without pivoting as Rodinia's OpenMP lud
   writes it (bench/realcode/lud.c): a serial pivot loop over k, a marked
   loop over the rows i below it, and in each row a serial loop over the
   columns j > k, "A[i][j] -= l * A[k][j]".  Only the row loop is marked,
   as a ported `omp parallel for' is: gpu_twolevel_auto_inner makes the
   column loop the inner level (its iterations are independent).  The
   matrix is a global 2-D array, which GCC's dependence analysis can read
   (rows i and k of one array, the same moving column).  It is diagonally
   dominant, so no pivoting is needed.  */
#include "bench.h"

#define MAXN 2048
static float A[MAXN][MAXN];
static float *orig;

#ifndef BENCH_EXTERNAL_RUN
static void
lud (int n)
{
  OMP_DATA (map (tofrom: A))
  for (int k = 0; k < n; k++)
    {
      OMP_OUTER (map (tofrom: A))
      for (int i GPU_PARALLEL = k + 1; i < n; i++)
	{
	  float l = A[i][k] / A[k][k];
	  A[i][k] = l;
	  OMP_INNER ()
	  for (int j = k + 1; j < n; j++)
	    A[i][j] -= l * A[k][j];
	}
    }
}
static void
prog_run (void)
{
  for (long i = 0; i < bench_n; i++)
    memcpy (A[i], orig + i * bench_n, (size_t) bench_n * sizeof (float));
  lud ((int) bench_n);
}
#endif

static const char *prog_name = "lud_rows";
static double prog_bytes (long n) { return 8.0 * n * n; }
static double prog_flops (long n) { return 2.0 * n * n * n / 3.0; }

static void
prog_setup (long n)
{
  if (n > MAXN)
    {
      fprintf (stderr, "lud_rows: N at most %d\n", MAXN);
      exit (2);
    }
  orig = bench_alloc ((size_t) n * n * sizeof *orig);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      orig[i * n + j] = bench_randf () - 0.5f + (i == j ? (float) n : 0.0f);
}

/* Against the same decomposition in serial C, in the same order of
   operations (exact under -ffp-contract=off; within 1e-5 otherwise).  */
static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  float *a = bench_alloc ((size_t) n * n * sizeof *a);
  memcpy (a, orig, (size_t) n * n * sizeof *a);
  for (long k = 0; k < n; k++)
    for (long i = k + 1; i < n; i++)
      {
	float l = a[i * n + k] / a[k * n + k];
	a[i * n + k] = l;
	for (long j = k + 1; j < n; j++)
	  a[i * n + j] -= l * a[k * n + j];
      }
  int ok = 1;
  for (long i = 0; i < n && ok; i++)
    for (long j = 0; j < n && ok; j++)
      if (!(fabsf (A[i][j] - a[i * n + j])
	    <= 1e-5f * fabsf (a[i * n + j]) + 1e-5f))
	{
	  snprintf (msg, len, "A[%ld][%ld] = %g, serial %g", i, j,
		    (double) A[i][j], (double) a[i * n + j]);
	  ok = 0;
	}
  free (a);
  return ok;
}
