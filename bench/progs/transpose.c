/* transpose.c -- out = transpose (in) for an N x N float matrix: reads
   along rows, writes along columns (the case local-memory tiles fix).  */
#include "bench.h"

static float *in, *out;

#ifndef BENCH_EXTERNAL_RUN
static void
transpose (long n, const float *in, float *out)
{
  OMP_FOR2 (map (to: in[0:n*n]) map (from: out[0:n*n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < n; j++)
      out[j * n + i] = in[i * n + j];
}
static void prog_run (void) { transpose (bench_n, in, out); }
#endif

static const char *prog_name = "transpose";
static double prog_bytes (long n) { return 8.0 * n * n; }
static double prog_flops (long n) { (void) n; return 0; }

static void
prog_setup (long n)
{
  in = bench_alloc (n * n * sizeof *in);
  out = bench_alloc (n * n * sizeof *out);
  for (long i = 0; i < n * n; i++)
    in[i] = bench_randf ();
  bench_poison (out, n * n);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      if (out[j * n + i] != in[i * n + j])
	{
	  snprintf (msg, len, "out[%ld][%ld] = %g, want %g", j, i,
		    out[j * n + i], in[i * n + j]);
	  return 0;
	}
  return 1;
}
