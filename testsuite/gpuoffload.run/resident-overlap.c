/* resident-overlap.c: a region whose results stay on the device in one
   copy spanning several arrays (the arrays it writes, next to each other), followed in
   the same function by a region that uses two of those arrays as two
   separate ranges, both inside that copy (tools/fuzz seeds 5120 and 5150,
   a wrong result found after issue 11).  The second region took the
   kept copy for its first range, then found it "in use" (by itself) for
   its second and made a private copy filled from host memory, which did
   not have the first region's results yet; the kept copy later
   overwrote the second region's results.  Both ranges must use the kept
   copy.  Compared with the serial loops, in a time loop, at several
   sizes.  */
#include "check.h"

#define NMAX 5000

/* Separate objects, which the runtime merges into one device copy when
   a launch touches them all (they lie next to each other).  */
static int a[NMAX], b[NMAX], c[NMAX], d[NMAX];
static int wa[NMAX], wb[NMAX], wc[NMAX], wd[NMAX];

__attribute__ ((noinline)) static void
step (int n, int t)
{
  /* One copy over a, b and c.  */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      a[i] = a[i] * 3 + t;
      b[i] ^= i;
      c[i] += a[i] & 7;
      d[i] -= b[i] & 3;
    }
  /* Two of them, not next to each other: two ranges inside that copy.  */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[i] = a[i] * 5 + d[n - 1 - i];
}

static void
step_ref (int n, int t)
{
  for (int i = 0; i < n; i++)
    {
      wa[i] = wa[i] * 3 + t;
      wb[i] ^= i;
      wc[i] += wa[i] & 7;
      wd[i] -= wb[i] & 3;
    }
  for (int i = 0; i < n; i++)
    wa[i] = wa[i] * 5 + wd[n - 1 - i];
}

int
main (void)
{
  check_init ();
  static const int sizes[] = { 1, 7, 256, 1000, NMAX };
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
    {
      int n = sizes[k];
      int *all[4] = { a, b, c, d }, *wall[4] = { wa, wb, wc, wd };
      for (int j = 0; j < 4; j++)
	{
	  check_fill_int (all[j], NMAX, -1000, 1000);
	  memcpy (wall[j], all[j], sizeof a);
	}
      for (int t = 0; t < 3; t++)
	{
	  step (n, t);
	  step_ref (n, t);
	  for (int j = 0; j < 4; j++)
	    CHECK_SAME (all[j], wall[j], NMAX, "array %c, n %d step %d",
			"abcd"[j], n, t);
	}
    }
  return 0;
}
