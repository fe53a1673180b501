/* blackscholes_checked.c -- blackscholes.c with the input validation real
   code has: an option whose price, strike or time is not positive stops
   the program with a message (issue 18).  The inputs are always valid, so
   the branch is never taken; with speculation (gpu_speculate) the loop runs
   on the device anyway and should cost what the unchecked kernel costs;
   with -fplugin-arg-gpuoffload-no-speculate it is a host loop.  Same
   setup and check as blackscholes.c; bench/speculate.sh runs both side
   by side.  */
#define BENCH_EXTERNAL_RUN
#define PROG_NAME "blackscholes_checked"
#include "blackscholes.c"

static void
blackscholes_checked (long n, const float *S, const float *K, const float *T,
		      float *call, float *put)
{
  OMP_FOR (map (to: S[0:n], K[0:n], T[0:n]) map (from: call[0:n], put[0:n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      if (!(S[i] > 0) || !(K[i] > 0) || !(T[i] > 0))
	{
	  fprintf (stderr, "blackscholes: option %ld: S %g K %g T %g\n", i,
		   S[i], K[i], T[i]);
	  abort ();
	}
      PRICE_OPTION (i);
    }
}

static void
prog_run (void)
{
  blackscholes_checked (bench_n, S, K, T, call, put);
}
