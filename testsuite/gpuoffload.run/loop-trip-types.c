/* loop-trip-types.c: marked loops whose trip count C computes in a type other than the index's, or with an index that wraps around (issue 11, item 2): a signed index against an unsigned bound (compared as unsigned, so a negative start runs no iteration), stepped by a variable or by 1, up and down; narrow unsigned and signed indices that wrap under != (a ring buffer), up and down; unsigned and narrow indices stepped by powers of two, up and down; unsigned and narrow indices stepped by variables (unsigned from 100 down to 2 by st), up and down, and by 3; an odd step that reaches its bound.  Each loop runs with random bounds and steps (empty ranges included) and is compared with the same loop run serially, which also says how many iterations the device must have run.  */
#include "check.h"

/* Indices are offset by OFF into arrays of N longs.  */
#define N (1L << 17)
#define OFF 40000L

/* FORM (NAME, IT, BT, ST, COND, STEP): NAME (lo, hi, st, y) runs the
   marked loop for (IT i = lo; COND; STEP) over y, NAME_ref the same loop
   serially, returning its iteration count.  */
#define FORM(NAME, IT, BT, ST, COND, STEP)				\
  static void								\
  NAME (IT lo, BT hi, ST st, long *y)					\
  {									\
    (void) hi;								\
    (void) st;								\
    for (IT i GPU_PARALLEL = lo; COND; STEP)				\
      y[(long) i + OFF] = y[(long) i + OFF] * 3 + (long) i + 1;		\
  }									\
  static long								\
  NAME##_ref (IT lo, BT hi, ST st, long *y)				\
  {									\
    long n = 0;								\
    (void) hi;								\
    (void) st;								\
    for (IT i = lo; COND; STEP)						\
      {									\
	y[(long) i + OFF] = y[(long) i + OFF] * 3 + (long) i + 1;	\
	n++;								\
      }									\
    return n;								\
  }									\
  static void								\
  test_##NAME (long lo, long hi, long st)				\
  {									\
    static long y[N], w[N];						\
    for (long k = 0; k < N; k++)					\
      y[k] = w[k] = check_range (-1000, 1000);				\
    long n = NAME##_ref ((IT) lo, (BT) hi, (ST) st, w);			\
    NAME ((IT) lo, (BT) hi, (ST) st, y);				\
    CHECK_RAN_ON_DEVICE (n);						\
    CHECK_SAME (y, w, N, #NAME " lo %ld hi %ld step %ld (%ld "		\
		"iterations)", lo, hi, st, n);				\
  }

/* int index, unsigned bound: compared as unsigned.  */
FORM (si_lt_u_var, int, unsigned, int, i < hi, i += st)
FORM (si_lt_u_1, int, unsigned, int, i < hi, i++)
FORM (si_le_u_var, int, unsigned, int, i <= hi, i += st)
FORM (si_gt_u_var, int, unsigned, int, i > hi, i -= st)
FORM (si_ge_u_1, int, unsigned, int, i >= hi, i--)
/* int index, unsigned long bound: sign-extended, then unsigned.  */
FORM (si_lt_ul_var, int, unsigned long, int, i < hi, i += st)
FORM (si_ge_ul_var, int, unsigned long, int, i >= hi, i -= st)
/* long index, unsigned long bound.  */
FORM (sl_lt_ul_var, long, unsigned long, long, i < hi, i += st)
/* Plain int, variable steps both ways.  */
FORM (si_ge_si_var, int, int, int, i >= hi, i -= st)
FORM (si_lt_si_var, int, int, int, i < hi, i += st)
/* Narrow indices that wrap under != (ring buffers).  */
FORM (uc_ne_inc, unsigned char, unsigned char, int, i != hi, i++)
FORM (uc_ne_dec, unsigned char, unsigned char, int, i != hi, i--)
FORM (us_ne_inc, unsigned short, unsigned short, int, i != hi, i++)
FORM (sc_ne_inc, signed char, signed char, int, i != hi, i++)
FORM (sc_ne_dec, signed char, signed char, int, i != hi, --i)
FORM (ss_ne_inc, short, short, int, i != hi, ++i)
FORM (u_ne_inc, unsigned, unsigned, int, i != hi, i++)
/* Unsigned and narrow indices stepped by powers of two, up and down.  */
FORM (u_ge_dec4, unsigned, unsigned, int, i >= hi, i -= 4)
FORM (u_gt_dec1, unsigned, unsigned, int, i > hi, i--)
FORM (uc_lt_inc2, unsigned char, int, int, i < hi, i += 2)
FORM (uc_ge_dec8, unsigned char, unsigned char, int, i >= hi, i -= 8)
FORM (ss_le_inc4, short, int, int, i <= hi, i += 4)
FORM (us_gt_dec2, unsigned short, unsigned short, int, i > hi, i -= 2)
/* An odd step that meets its bound exactly.  */
FORM (uc_ne_inc3, unsigned char, unsigned char, int, i != hi, i += 3)
/* Unsigned indices stepped by a variable, and a narrow one by 3: counted
   when the index does not wrap before its test fails (checked at run
   time; the launches here do not wrap).  */
FORM (u_ge_var, unsigned, unsigned, unsigned, i >= hi, i -= st)
FORM (u_lt_var, unsigned, unsigned, unsigned, i < hi, i += st)
FORM (uc_gt_var, unsigned char, int, int, i > hi, i -= st)
FORM (uc_lt_inc3, unsigned char, int, int, i < hi, i += 3)

/* Does the serial loop up from LO while I < HI (I <= HI when LE), HI
   converted to unsigned, by ST >= 1, end without overflowing its signed
   index?  A negative index compares as a huge unsigned one: a run from
   below 0 must meet the bound while still negative.  */
static int
up_ends (long lo, long hi, long st, int le)
{
  if (hi >= 0)
    return 1;
  if (lo >= 0)
    return 0;
  return le ? hi + st <= -1 : hi + st <= 0;
}

/* Does the serial loop down from S while I > B (I >= B when GE), B
   converted to unsigned, by ST >= 1, end without overflowing?  Stepping
   below 0 makes the index a huge unsigned value that the test keeps.  */
static int
down_ends (long s, long b, long st, int ge)
{
  if (b < 0)
    return 1;
  if (s < 0)
    return 0;
  if (ge ? s < b : s <= b)
    return 1;
  return ge ? b >= 1 && st <= b : st <= b + 1;
}

/* The forms with a signed index and an unsigned bound, up from LO to HI
   and down from HI to LO, where the serial loop ends.  */
static void
test_mixed (long lo, long hi, long st)
{
  if (up_ends (lo, hi, st, 0))
    {
      test_si_lt_u_var (lo, hi, st);
      test_si_lt_ul_var (lo, hi, st);
      test_sl_lt_ul_var (lo, hi, st);
    }
  if (up_ends (lo, hi, 1, 0))
    test_si_lt_u_1 (lo, hi, st);
  if (up_ends (lo, hi, st, 1))
    test_si_le_u_var (lo, hi, st);
  if (down_ends (hi, lo, st, 0))
    test_si_gt_u_var (hi, lo, st);
  if (down_ends (hi, lo, 1, 1))
    test_si_ge_u_1 (hi, lo, st);
  if (down_ends (hi, lo, st, 1))
    test_si_ge_ul_var (hi, lo, st);
  test_si_lt_si_var (lo, hi, st);
  test_si_ge_si_var (hi, lo, st);
}

int
main (void)
{
  check_init ();
  static const long fixed[][3] = {
    { -5, 10, 1 }, { -5, 10, 3 }, { 0, 0, 1 }, { 0, 1, 1 }, { 3, 3, 2 },
    { 7, 100, 7 }, { -300, 0, 1 }, { 100, 2, 3 }, { -20, -3, 2 },
    { -20, -3, 17 }, { -3, -20, 1 }, { 1, 20, 20 }
  };
  for (unsigned f = 0; f < sizeof fixed / sizeof fixed[0]; f++)
    test_mixed (fixed[f][0], fixed[f][1], fixed[f][2]);
  /* The loops: int from -5 below unsigned 10 runs nothing; an
     unsigned char ring from 250 to 4; unsigned from 100 down to 2 by a
     variable step.  */
  test_si_lt_u_var (-5, 10, 3);
  test_uc_ne_inc (250, 4, 0);
  test_u_ge_var (100, 2, 1);
  test_u_ge_var (100, 2, 2);
  test_u_ge_dec4 (100, 2, 0);
  for (int t = 0; t < 20; t++)
    {
      long lo = check_range (-30000, 30000), hi = check_range (-30000, 30000);
      long st = check_range (1, t < 10 ? 3 : 5000);
      long ulo = check_range (0, 30000), uhi = check_range (0, 30000);
      test_mixed (lo, hi, st);
      test_mixed (ulo, uhi, st);
      test_mixed (-ulo, -uhi, st);
      /* Rings: every start and end, wrapping or not.  */
      test_uc_ne_inc (check_range (0, 255), check_range (0, 255), 0);
      test_uc_ne_dec (check_range (0, 255), check_range (0, 255), 0);
      test_us_ne_inc (check_range (0, 65535), check_range (0, 65535), 0);
      test_sc_ne_inc (check_range (-128, 127), check_range (-128, 127), 0);
      test_sc_ne_dec (check_range (-128, 127), check_range (-128, 127), 0);
      test_ss_ne_inc (check_range (-32768, 32767), check_range (-32768, 32767), 0);
      test_u_ne_inc (ulo < uhi ? ulo : uhi, ulo < uhi ? uhi : ulo, 0);
      /* Powers of two, to bounds the index meets without wrapping around
	 (an unsigned index stepped down by 4 past a bound below 4 would
	 wrap and not end).  */
      test_u_ge_dec4 (ulo, check_range (4, 30000), 0);
      test_u_gt_dec1 (ulo, uhi, 0);
      test_uc_lt_inc2 (check_range (0, 255), check_range (-10, 254), 0);
      test_uc_ge_dec8 (check_range (0, 255), check_range (8, 255), 0);
      test_ss_le_inc4 (check_range (-32768, 32000), check_range (-40000, 32000), 0);
      test_us_gt_dec2 (check_range (0, 65535), check_range (1, 65535), 0);
      /* Variable steps no larger than the distance from the bound to the
	 end of the type: the index does not wrap.  */
      long ust = check_range (1, 3000);
      test_u_ge_var (ulo, check_range (ust, 30000), ust);
      test_u_lt_var (ulo, uhi, ust);
      long cst = check_range (1, 8);
      test_uc_gt_var (check_range (0, 255), check_range (cst - 1, 255), cst);
      test_uc_lt_inc3 (check_range (0, 255), check_range (-10, 253), 0);
      /* i += 3 from L meets L + 3K.  */
      long l3 = check_range (0, 255);
      test_uc_ne_inc3 (l3, l3 + 3 * check_range (0, (255 - l3) / 3), 0);
    }
  return 0;
}
