/* loop-index-narrow.c: marked loops whose index is char, signed char, unsigned char, short, unsigned short or (32-bit) unsigned, counting up and down, the index used in 64-bit address computations; the index value is stored.  */
#include "loop-index.h"

INDEX_TEST (char, char)
INDEX_TEST (signed char, schar)
INDEX_TEST (unsigned char, uchar)
INDEX_TEST (short, short)
INDEX_TEST (unsigned short, ushort)
INDEX_TEST (unsigned, uint)

/* Pairs (lo, hi) with 0 <= lo, hi < N - 1; those with hi <= 127 also fit
   the char types, whose last value CHAR_MAX must not be exceeded.  */
static const long small[][2] = {
  { 0, 0 }, { 0, 1 }, { 0, 2 }, { 3, 10 }, { 0, 100 }, { 50, 20 }, { 1, 126 }, { 0, 127 },
};
static const long large[][2] = {
  { 0, 1000 }, { 200, 2999 }, { 2000, 1000 }, { 1, 2048 },
};

int
main (void)
{
  check_init ();
  for (int k = 0; k < (int) (sizeof small / sizeof small[0]); k++)
    {
      long lo = small[k][0], hi = small[k][1];
      test_char (lo, hi);
      test_schar (lo, hi);
      test_uchar (lo, hi);
      test_short (lo, hi);
      test_ushort (lo, hi);
      test_uint (lo, hi);
    }
  /* unsigned char also takes 128..254.  */
  test_uchar (100, 255);
  for (int k = 0; k < (int) (sizeof large / sizeof large[0]); k++)
    {
      long lo = large[k][0], hi = large[k][1];
      test_short (lo, hi);
      test_ushort (lo, hi);
      test_uint (lo, hi);
    }
  return 0;
}
