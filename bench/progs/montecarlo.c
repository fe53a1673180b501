/* montecarlo.c -- Monte Carlo estimate of pi: each of N items draws 256
   points from its own xorshift stream (integer arithmetic, so the device
   and the host count the same hits), then a GPU_REDUCE sum of the hits.  */
#include "bench.h"

#define SAMPLES 256
static unsigned *hits;
static long total;

#ifndef BENCH_EXTERNAL_RUN
static long
montecarlo (long n, unsigned *hits)
{
  OMP_FOR (map (from: hits[0:n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      uint32_t s = (uint32_t) i * 2654435761u + 12345u, h = 0;
      for (int k = 0; k < SAMPLES; k++)
	{
	  s ^= s << 13; s ^= s >> 17; s ^= s << 5;
	  uint64_t px = s & 0xffff, py = s >> 16;
	  h += px * px + py * py <= 65535ull * 65535ull;
	}
      hits[i] = h;
    }
  long t GPU_REDUCE = 0;
  OMP_RED (reduction (+: t), map (to: hits[0:n]) map (tofrom: t))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    t += hits[i];
  return t;
}
static void prog_run (void) { total = montecarlo (bench_n, hits); }
#endif

static const char *prog_name = "montecarlo";
static double prog_bytes (long n) { return 4.0 * n; }
static double prog_flops (long n) { return 10.0 * SAMPLES * n; }

static void
prog_setup (long n)
{
  hits = bench_alloc (n * sizeof *hits);
  memset (hits, 0xff, n * sizeof *hits);
  total = -1;
}

static int
prog_check (char *msg, size_t len)
{
  /* Every item's hits on a sample (all up to 2^16 items), the total
     against the sum of all the hits.  */
  size_t s = bench_samples (bench_n, 1 << 16);
  long want = 0;
  bench_sampled = (size_t) bench_n > s;
  for (size_t k = 0; k < s; k++)
    {
      long i = (long) bench_sample (k, bench_n, 1 << 16);
      uint32_t st = (uint32_t) i * 2654435761u + 12345u, h = 0;
      for (int q = 0; q < SAMPLES; q++)
	{
	  st ^= st << 13; st ^= st >> 17; st ^= st << 5;
	  uint64_t px = st & 0xffff, py = st >> 16;
	  h += px * px + py * py <= 65535ull * 65535ull;
	}
      if (hits[i] != h)
	{
	  snprintf (msg, len, "hits[%ld] = %u, want %u", i, hits[i], h);
	  return 0;
	}
    }
  for (long i = 0; i < bench_n; i++)
    want += hits[i];
  if (total != want)
    {
      snprintf (msg, len, "total %ld, want %ld", total, want);
      return 0;
    }
  return 1;
}
