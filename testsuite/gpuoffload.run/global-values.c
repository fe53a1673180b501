/* global-values.c: scalar globals a region and the functions it calls
   only read (a linear congruential generator's constants, as in
   particlefilter, a scale the host changes between launches) are kernel
   arguments by value, read at each launch; a global the region writes,
   and one whose address the program takes, stay buffers.  Every size,
   with the host changing the values between launches, against serial
   C.  */
#include "check.h"

static long long A = 1103515245;	/* not const: variables read */
static long long C = 12345;
static long long M = 2147483647;
int scale = 3;
double offset;
float shrink = 0.5f;
unsigned char bits = 0x5a;
_Bool flip;
long count;			/* written by the region */
int taken;			/* its address is taken */
int *taken_ptr = &taken;

static long long
lcg (long long seed)
{
  return (A * seed + C) % M;
}

static double
value (int x)
{
  return (double) (x * scale) * shrink + offset;
}

static void
step (long n, const int *in, double *out, long long *seeds, int *mask)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      seeds[i] = lcg (seeds[i]);
      out[i] = value (in[i]) + (flip ? -1.0 : 1.0) * (double) taken;
      mask[i] = in[i] & bits;
      if (i == 0)
	count = n;
    }
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      int *in = check_alloc ((n + 1) * sizeof *in);
      double *out = check_alloc ((n + 1) * sizeof *out);
      double *wout = check_alloc ((n + 1) * sizeof *out);
      long long *seeds = check_alloc ((n + 1) * sizeof *seeds);
      long long *wseeds = check_alloc ((n + 1) * sizeof *seeds);
      int *mask = check_alloc ((n + 1) * sizeof *mask);
      int *wmask = check_alloc ((n + 1) * sizeof *mask);
      check_fill_int (in, n + 1, -1000, 1000);
      for (long i = 0; i <= n; i++)
	seeds[i] = wseeds[i] = check_range (0, M - 1);
      check_fill_double (out, n + 1, -1, 1);
      memcpy (wout, out, (n + 1) * sizeof *out);
      check_fill_int (mask, n + 1, 0, 9);
      memcpy (wmask, mask, (n + 1) * sizeof *mask);
      for (int t = 0; t < 3; t++)
	{
	  scale = (int) check_range (-5, 5);
	  offset = check_uniform (-10, 10);
	  shrink = check_uniformf (0, 1);
	  bits = (unsigned char) check_range (0, 255);
	  flip = t & 1;
	  *taken_ptr = (int) check_range (-3, 3);
	  count = -1;
	  for (long i = 0; i < n; i++)
	    {
	      wseeds[i] = (A * wseeds[i] + C) % M;
	      wout[i] = (double) (in[i] * scale) * shrink + offset
		+ (flip ? -1.0 : 1.0) * (double) taken;
	      wmask[i] = in[i] & bits;
	    }
	  step (n, in, out, seeds, mask);
	  CHECK_RAN_ON_DEVICE (n);
	  CHECK_SAME (seeds, wseeds, n + 1, "seeds, n=%ld t=%d", n, t);
	  CHECK_SAME (out, wout, n + 1, "out, n=%ld t=%d", n, t);
	  CHECK_SAME (mask, wmask, n + 1, "mask, n=%ld t=%d", n, t);
	  CHECK (count == (n ? n : -1), "count %ld, n=%ld", count, n);
	}
      free (in), free (out), free (wout), free (seeds), free (wseeds);
      free (mask), free (wmask);
    }
  return 0;
}
