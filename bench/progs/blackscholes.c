/* blackscholes.c -- European call and put prices of N options (Black-
   Scholes with the polynomial normal CDF): arithmetic- and math-library-
   heavy streaming (TornadoVM VEE'22).  Checked against double precision.  */
#include "bench.h"

static float *S, *K, *T, *call, *put;
#define RATE 0.02f
#define VOL 0.30f

OMP_DECLARE_TARGET
static float
cnd (float d)
{
  const float a1 = 0.319381530f, a2 = -0.356563782f, a3 = 1.781477937f,
    a4 = -1.821255978f, a5 = 1.330274429f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf (d));
  float w = 1.0f - 0.39894228040143267794f * expf (-0.5f * d * d)
    * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d < 0 ? 1.0f - w : w;
}
OMP_END_DECLARE_TARGET

/* The prices of option I (also the body of blackscholes_checked.c's
   loop).  */
#define PRICE_OPTION(i)							\
  do									\
    {									\
      float sq = VOL * sqrtf (T[i]);					\
      float d1 = (logf (S[i] / K[i]) + (RATE + 0.5f * VOL * VOL) * T[i]) \
		 / sq;							\
      float d2 = d1 - sq;						\
      float disc = K[i] * expf (-RATE * T[i]);				\
      call[i] = S[i] * cnd (d1) - disc * cnd (d2);			\
      put[i] = disc * (1.0f - cnd (d2)) - S[i] * (1.0f - cnd (d1));	\
    }									\
  while (0)

#ifndef BENCH_EXTERNAL_RUN
static void
blackscholes (long n, const float *S, const float *K, const float *T,
	      float *call, float *put)
{
  OMP_FOR (map (to: S[0:n], K[0:n], T[0:n]) map (from: call[0:n], put[0:n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    PRICE_OPTION (i);
}
static void prog_run (void) { blackscholes (bench_n, S, K, T, call, put); }
#endif

/* blackscholes_checked.c includes this file under its own name.  */
#ifndef PROG_NAME
# define PROG_NAME "blackscholes"
#endif
static const char *prog_name = PROG_NAME;
static double prog_bytes (long n) { return 20.0 * n; }
static double prog_flops (long n) { return 100.0 * n; }

static void
prog_setup (long n)
{
  S = bench_alloc (n * sizeof *S);
  K = bench_alloc (n * sizeof *K);
  T = bench_alloc (n * sizeof *T);
  call = bench_alloc (n * sizeof *call);
  put = bench_alloc (n * sizeof *put);
  for (long i = 0; i < n; i++)
    {
      S[i] = 10.0f + 90.0f * bench_randf ();
      K[i] = 10.0f + 90.0f * bench_randf ();
      T[i] = 0.25f + 2.0f * bench_randf ();
    }
  bench_poison (call, n);
  bench_poison (put, n);
}

static double
cnd_d (double d)
{
  return 0.5 * erfc (-d / sqrt (2.0));
}

static int
prog_check (char *msg, size_t len)
{
  size_t s = bench_samples (bench_n, 1 << 20);
  bench_sampled = (size_t) bench_n > s;
  for (size_t k = 0; k < s; k++)
    {
      size_t i = bench_sample (k, bench_n, 1 << 20);
      double sq = VOL * sqrt (T[i]);
      double d1 = (log ((double) S[i] / K[i]) + (RATE + 0.5 * VOL * VOL) * T[i]) / sq;
      double d2 = d1 - sq, disc = K[i] * exp (-RATE * (double) T[i]);
      double c = S[i] * cnd_d (d1) - disc * cnd_d (d2);
      double p = disc * cnd_d (-d2) - S[i] * cnd_d (-d1);
      /* The polynomial CDF is good to about 1e-7; float prices to ~1e-5 of S.  */
      if (!bench_close (call[i], c, 0, 2e-4 * S[i] + 1e-3)
	  || !bench_close (put[i], p, 0, 2e-4 * S[i] + 1e-3))
	{
	  snprintf (msg, len, "option %zu: call %g put %g, want %g %g", i,
		    call[i], put[i], c, p);
	  return 0;
	}
    }
  return 1;
}
