/* mpi-saxpy.c -- MPI with gpuoffload: each rank takes its share of the
   index range of y = a*x + y (the shares differ by at most one element,
   and a rank may get none) and runs it as a marked loop that also sums
   its share of y (GPU_REDUCE); MPI_Allreduce adds the ranks' sums.
   Every rank then checks its elements and the total against the same
   computation done serially.  libgpurt gives each rank of a host its own
   GPU (local rank mod number of GPUs; GPURT_VERBOSE=1 says which).

   Usage: mpirun -np P ./mpi-saxpy [N [SEED]]  (N elements, default
   1000003; inputs made from SEED, default the time).  Prints one line per
   rank and exits 0 when every rank's results are right.  */

#include <gpuoffload.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* A value in [-10, 10) made from SEED and the global index I, so that
   every rank makes the same inputs without sending them.  */

static float
input (uint64_t seed, uint64_t i)
{
  uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ULL;

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return (float) ((double) (z >> 11) / 9007199254740992.0 * 20.0 - 10.0);
}

/* Y = A*X + Y over N elements, in one marked loop that also returns the
   sum of the new Y.  */

static double
saxpy_sum (long n, float a, const float *x, float *y)
{
  double s GPU_REDUCE = 0.0;

  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      y[i] = a * x[i] + y[i];
      s += y[i];
    }
  return s;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1000003;
  unsigned long long seed = argc > 2 ? strtoull (argv[2], NULL, 10)
				     : (unsigned long long) time (NULL);
  int rank, size, bad = 0, any_bad;
  double local, total, want = 0.0, mag = 0.0;
  const float a = 2.5f;

  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  MPI_Bcast (&seed, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);

  /* This rank's share [LO, HI) of [0, N).  */
  long lo = n / size * rank + (rank < n % size ? rank : n % size);
  long hi = lo + n / size + (rank < n % size);
  long m = hi - lo;
  float *x = malloc ((m > 0 ? m : 1) * sizeof *x);
  float *y = malloc ((m > 0 ? m : 1) * sizeof *y);
  if (x == NULL || y == NULL)
    MPI_Abort (MPI_COMM_WORLD, 2);
  for (long i = 0; i < m; i++)
    {
      x[i] = input (seed, 2 * (lo + i));
      y[i] = input (seed, 2 * (lo + i) + 1);
    }

  local = saxpy_sum (m, a, x, y);
#ifdef __GPUOFFLOAD__
  int on_device = m == 0 || gpurt_last_region_ran_on_device ();
#endif
  MPI_Allreduce (&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

  /* Serially: this rank's elements, and the whole sum.  The device may
     contract a*x + y into an fma: allow for its rounding.  */
  for (long i = 0; i < n; i++)
    {
      float w = a * input (seed, 2 * i) + input (seed, 2 * i + 1);
      if (i >= lo && i < hi)
	{
	  float d = y[i - lo] - w;
	  if ((d < 0 ? -d : d) > 1e-5f * (1.0f + (w < 0 ? -w : w)))
	    bad++;
	}
      want += w;
      mag += w < 0 ? -w : w;
    }
  if ((total > want ? total - want : want - total) > 1e-6 * (1.0 + mag))
    bad++;

#ifdef __GPUOFFLOAD__
  printf ("rank %d of %d: elements [%ld, %ld) on %s: %s\n", rank, size, lo,
	  hi, on_device ? "the OpenCL device" : "the host",
	  bad ? "WRONG" : "ok");
#else
  printf ("rank %d of %d: elements [%ld, %ld) (built without gpuoffload):"
	  " %s\n", rank, size, lo, hi, bad ? "WRONG" : "ok");
#endif
  if (rank == 0)
    printf ("sum of %ld elements over %d ranks: %.17g, serial %.17g"
	    " (seed %llu)\n", n, size, total, want, seed);
  MPI_Allreduce (&bad, &any_bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  free (x);
  free (y);
  MPI_Finalize ();
  return any_bad != 0;
}
