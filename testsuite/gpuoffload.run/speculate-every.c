/* speculate-every.c: a marked loop that calls, in every iteration, a function with no device version that returns (here one of "another file": defined at the end under another name behind an asm label) is not speculated (issue 18: the region would deoptimize every time) and stays a host loop with a remark (host loops on purpose: run.exp drops werror for this test); it must still compute exactly what the serial loop does, calls in the serial order included, on random inputs of several sizes (empty included).  Also a loop that calls it only on a rare path, speculated, beside it: it runs on the device when that path is never taken.  */
#include "check.h"

extern void note_every (long i, int v) __asm__ ("gpuoffload_spec_every_note");
static unsigned long long every_sum;

/* Every iteration calls note_every: a host loop.  */
static void
every (long n, const int *x, int *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      note_every (i, x[i]);
      y[i] = x[i] * 5;
    }
}

/* Only an element equal to -1 (none here) calls it: speculated.  */
static void
rare (long n, const int *x, int *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      if (x[i] == -1)
	note_every (i, x[i]);
      y[i] = x[i] * 7;
    }
}

int
main (void)
{
  check_init ();
  for (int k = 0; k < CHECK_NSIZES; k++)
    {
      long n = check_sizes[k];
      int *x = check_alloc ((n + 1) * sizeof *x);
      int *y = check_alloc ((n + 1) * sizeof *y);
      int *want = check_alloc ((n + 1) * sizeof *want);
      check_fill_int (x, n, 0, 1000);
      unsigned long long want_sum = 0;
      for (long i = 0; i < n; i++)
	{
	  want_sum = want_sum * 1000003 + (unsigned long long) (i ^ x[i]);
	  want[i] = x[i] * 5;
	}
      every_sum = 0;
      every (n, x, y);
      CHECK (every_sum == want_sum, "every, %ld elements: calls in another "
	     "order or number (sum %llx, serial %llx)", n, every_sum,
	     want_sum);
      CHECK_SAME (y, want, n, "every, %ld elements", n);
      for (long i = 0; i < n; i++)
	want[i] = x[i] * 7;
      rare (n, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK (every_sum == want_sum, "rare, %ld elements: note_every called",
	     n);
      CHECK_SAME (y, want, n, "rare, %ld elements", n);
      free (x);
      free (y);
      free (want);
    }
  return 0;
}

/* The function of "another file" (see note_every).  */
void gpuoffload_spec_every_note_def (long i, int v)
  __asm__ ("gpuoffload_spec_every_note");

void
gpuoffload_spec_every_note_def (long i, int v)
{
  every_sum = every_sum * 1000003 + (unsigned long long) (i ^ v);
}
