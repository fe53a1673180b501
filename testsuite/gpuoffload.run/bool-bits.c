/* bool-bits.c: single-bit tests that GCC's optimizers turn into a conversion to _Bool of a shifted value ((x & 2) != 0 becomes (_Bool) (x >> 1)), whose GIMPLE meaning is "the low bit", not C's "non-zero": as a condition, stored to a _Bool, as a value in arithmetic and as a divisor choice, for int, unsigned, long, short and char operands and several bit positions.  Found by tools/fuzz (seed 2015): the kernel printed "!= 0" and got (x >> 1) != 0.  Compared with the serial loop.  */
#include "check.h"

#define BITS(T, x)							\
  ((((T) (x) & 2) != 0) + 2 * (((T) (x) & 8) != 0)			\
   + 4 * (((T) (x) & 64) != 0) + 8 * (((unsigned) (x) & 0x40000000u) != 0))

static void
bits (long n, const int *x, int *out, _Bool *flag, long *m)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      int v = x[i];
      out[i] = BITS (int, v) + 16 * BITS (unsigned, v) + 256 * BITS (long, v)
	       + 4096 * BITS (short, v) + 65536 * BITS (signed char, v);
      flag[i] = (v & 4) != 0;
      /* A divisor chosen by a bit test: 1 or 3.  */
      int d = (((unsigned) v & 2) != 0) != 0 ? (((unsigned) v & 2) != 0) : 3;
      m[i] = (long) (v % 1000) * (v & 0x3fff) % d;
      if ((v & 32) != 0)
	out[i] = -out[i];
    }
}

static void
bits_ref (long n, const int *x, int *out, _Bool *flag, long *m)
{
  for (long i = 0; i < n; i++)
    {
      int v = x[i];
      out[i] = BITS (int, v) + 16 * BITS (unsigned, v) + 256 * BITS (long, v)
	       + 4096 * BITS (short, v) + 65536 * BITS (signed char, v);
      flag[i] = (v & 4) != 0;
      int d = (((unsigned) v & 2) != 0) != 0 ? (((unsigned) v & 2) != 0) : 3;
      m[i] = (long) (v % 1000) * (v & 0x3fff) % d;
      if ((v & 32) != 0)
	out[i] = -out[i];
    }
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      int *x = check_alloc (n * sizeof *x), *o = check_alloc (n * sizeof *o);
      int *ro = check_alloc (n * sizeof *ro);
      _Bool *f = check_alloc (n * sizeof *f), *rf = check_alloc (n * sizeof *rf);
      long *m = check_alloc (n * sizeof *m), *rm = check_alloc (n * sizeof *rm);
      for (long i = 0; i < n; i++)
	x[i] = (int) check_u64 ();
      bits (n, x, o, f, m);
      CHECK_RAN_ON_DEVICE (n);
      bits_ref (n, x, ro, rf, rm);
      CHECK_SAME (o, ro, n, "bit tests (n %ld)", n);
      CHECK_SAME (f, rf, n, "_Bool flags (n %ld)", n);
      CHECK_SAME (m, rm, n, "remainders by a chosen divisor (n %ld)", n);
      free (x); free (o); free (ro); free (f); free (rf); free (m); free (rm);
    }
  return 0;
}
