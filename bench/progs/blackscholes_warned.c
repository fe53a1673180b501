/* blackscholes_warned.c -- blackscholes.c with input validation that
   warns and goes on: an option whose price, strike or time is not
   positive gets a message on stderr and prices 0, and the loop goes on
   (issue 18: a call that returns, on a rare path).  The inputs are always
   valid, so the branch is never taken; with speculation (gpu_speculate)
   the loop runs on the device anyway and should cost what the unchecked
   kernel costs; with -fplugin-arg-gpuoffload-no-speculate it is a host
   loop.  Same setup and check as blackscholes.c; bench/speculate.sh runs
   it beside blackscholes.c and blackscholes_checked.c.  */
#define BENCH_EXTERNAL_RUN
#define PROG_NAME "blackscholes_warned"
#include "blackscholes.c"

static void
blackscholes_warned (long n, const float *S, const float *K, const float *T,
		     float *call, float *put)
{
  OMP_FOR (map (to: S[0:n], K[0:n], T[0:n]) map (from: call[0:n], put[0:n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      if (!(S[i] > 0) || !(K[i] > 0) || !(T[i] > 0))
	{
	  fprintf (stderr, "blackscholes: option %ld: S %g K %g T %g, "
		   "priced 0\n", i, S[i], K[i], T[i]);
	  call[i] = 0;
	  put[i] = 0;
	  continue;
	}
      PRICE_OPTION (i);
    }
}

static void
prog_run (void)
{
  blackscholes_warned (bench_n, S, K, T, call, put);
}
