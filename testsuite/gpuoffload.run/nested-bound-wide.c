/* nested-bound-wide.c: a nested marked loop whose unsigned index is
   compared with a wider signed bound computed from a parameter
   ('unsigned j <= q + 5' with q long), inside an outer marked loop
   stepping down by 5 to a != bound (tools/fuzz seed 8, issue 11 item f).
   The count is computed in 128-bit arithmetic on the bound, which the
   front end evaluates inside the outer loop; it was a host loop ("the
   bounds and step of the nested loop cannot be computed before the
   nest").  Results equal the serial loops for bounds that give no, one
   and many iterations.  */
#include "check.h"

#define ROW 13 /* times the outer step 5: 65 >= the inner count */

static void
fill (long q0, long q1, int *out)
{
  for (unsigned long i GPU_PARALLEL = (unsigned long) (q0 + 20); i != 5;
       i -= 5)
    for (unsigned j GPU_PARALLEL = 4; j <= q1 + 5; ++j)
      out[((long) i - 10) * ROW + ((long) j - 4)] += (int) (i * 3 + j);
}

static void
fill_ref (long q0, long q1, int *out)
{
  for (unsigned long i = (unsigned long) (q0 + 20); i != 5; i -= 5)
    for (unsigned j = 4; j <= q1 + 5; ++j)
      out[((long) i - 10) * ROW + ((long) j - 4)] += (int) (i * 3 + j);
}

int
main (void)
{
  check_init ();
  /* q0 = 5 * rows - 10 gives rows outer iterations (i = q0 + 20 down to
     10); q1 + 5 - 4 + 1 inner ones, at most 5 * ROW.  */
  static const long q0s[] = { -10, -5, 0, 25, 90 };
  static const long q1s[] = { -9, -2, -1, 0, 7, 58 };
  for (unsigned a = 0; a < sizeof q0s / sizeof q0s[0]; a++)
    for (unsigned b = 0; b < sizeof q1s / sizeof q1s[0]; b++)
      {
	size_t n = (size_t) (q0s[a] + 10) * ROW + 5 * ROW + 1;
	int *got = check_alloc (n * sizeof *got);
	int *want = check_alloc (n * sizeof *want);
	check_fill_int (got, (long) n, -50, 50);
	memcpy (want, got, n * sizeof *got);
	fill (q0s[a], q1s[b], got);
	fill_ref (q0s[a], q1s[b], want);
	CHECK_SAME (got, want, (long) n, "q0 %ld q1 %ld", q0s[a], q1s[b]);
	free (got);
	free (want);
      }
  return 0;
}
