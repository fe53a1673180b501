/* loop-index-types.c: marked loops whose index is int, long, long long, unsigned long or size_t, counting up and down over empty, small and large ranges; the index value is stored.  */
#include "loop-index.h"

INDEX_TEST (int, int)
INDEX_TEST (long, long)
INDEX_TEST (unsigned long, ulong)
INDEX_TEST (long long, llong)
INDEX_TEST (size_t, size_t)

/* Pairs (lo, hi) with 0 <= lo, hi < N - 1, empty ones included.  */
static const long ranges[][2] = {
  { 0, 0 }, { 0, 1 }, { 0, 2 }, { 3, 10 }, { 0, 100 }, { 50, 20 }, { 1, 126 },
  { 0, 127 }, { 0, 1000 }, { 200, 2999 }, { 2000, 1000 }, { 1, 2048 },
};

int
main (void)
{
  check_init ();
  for (int k = 0; k < (int) (sizeof ranges / sizeof ranges[0]); k++)
    {
      long lo = ranges[k][0], hi = ranges[k][1];
      test_int (lo, hi);
      test_long (lo, hi);
      test_ulong (lo, hi);
      test_llong (lo, hi);
      test_size_t (lo, hi);
    }
  return 0;
}
