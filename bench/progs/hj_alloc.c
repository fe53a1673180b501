/* hj_alloc.c -- HJ-OpenCL style allocation per iteration: each of N
   items builds an object of a size that depends on its data (a list of
   between 8 and 71 terms, as HJ-OpenCL's benchmarks make a Java array
   per work-item), grows it once with realloc, reduces it and frees it.
   The size is known only at run time, so gpu_private cannot place it:
   "ours" allocates from the device heap (gpu_alloc), "ours-no-alloc"
   (built with -fplugin-arg-gpuoffload-no-alloc, without werror) keeps
   the serial host loop.  Integer arithmetic, so every device gives the
   same result.  */
#include "bench.h"

static unsigned *key, *out;

static void
hj_alloc (long n, const unsigned *key, unsigned *out)
{
  OMP_FOR (map (to: key[0:n]) map (from: out[0:n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      unsigned k = key[i];
      int m = 8 + (int) (k & 31);
      unsigned *t = malloc (m * sizeof *t);
      for (int j = 0; j < m; j++)
	t[j] = k * (unsigned) (j + 1) + (k >> (j & 15));
      int m2 = m + (int) ((k >> 5) & 31);
      t = realloc (t, m2 * sizeof *t);
      for (int j = m; j < m2; j++)
	t[j] = t[j - m] ^ (unsigned) j;
      unsigned s = 0;
      for (int j = 0; j < m2; j++)
	s = s * 31u + t[m2 - 1 - j];
      out[i] = s;
      free (t);
    }
}

static void
prog_run (void)
{
  hj_alloc (bench_n, key, out);
}

static const char *prog_name = "hj_alloc";
static double prog_bytes (long n) { return 8.0 * n; }
static double prog_flops (long n) { return 150.0 * n; }

static void
prog_setup (long n)
{
  key = bench_alloc (n * sizeof *key);
  out = bench_alloc (n * sizeof *out);
  for (long i = 0; i < n; i++)
    key[i] = (unsigned) bench_rand64 ();
  memset (out, 0xff, n * sizeof *out);
}

static int
prog_check (char *msg, size_t len)
{
  for (long i = 0; i < bench_n; i++)
    {
      unsigned k = key[i], t[72];
      int m = 8 + (int) (k & 31), m2 = m + (int) ((k >> 5) & 31);
      for (int j = 0; j < m; j++)
	t[j] = k * (unsigned) (j + 1) + (k >> (j & 15));
      for (int j = m; j < m2; j++)
	t[j] = t[j - m] ^ (unsigned) j;
      unsigned s = 0;
      for (int j = 0; j < m2; j++)
	s = s * 31u + t[m2 - 1 - j];
      if (out[i] != s)
	{
	  snprintf (msg, len, "item %ld: %u, want %u", i, out[i], s);
	  return 0;
	}
    }
  return 1;
}
