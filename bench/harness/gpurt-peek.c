/* gpurt-peek.c -- kernel time of the gpuoffload variant, per timed run.

   libgpurt sums each region's kernel time (OpenCL profiling events) and
   reports the sums only at exit (GPURT_PROFILE).  To take the median of
   single runs, the benchmarks link libgpurt statically and read the same
   counters between runs through the runtime's internal region list.  Needs
   GPURT_PROFILE set (otherwise no events are recorded).  Bench-only code:
   it follows libgpurt/gpurt-internal.h, which it is compiled against.  */

#include "gpurt-internal.h"

long long bench_kernel_ns (void);

static void
add_region (struct gpurt_region *r, void *sum)
{
  *(long long *) sum += (long long) atomic_load (&r->kernel_ns);
}

long long
bench_kernel_ns (void)
{
  long long sum = 0;

  gpurt_region_foreach (add_region, &sum);
  return sum;
}
