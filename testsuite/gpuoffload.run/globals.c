/* globals.c: file-scope arrays in a marked loop: float A[1000] read, a static int array written, a const lookup table, a 2-D global array, and a global scalar used as the bound.  */
#include "check.h"

#define NA 1000

float A[NA];
static int B[NA];
static const int table[16] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3 };
double G2[40][25];
int g_count;

static void
kern (int n)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    B[i] = (int) (A[i] * 10.0f) + table[i & 15];
}

static void
kern2 (void)
{
  for (int i GPU_PARALLEL = 0; i < 40; i++)
    for (int j GPU_PARALLEL = 0; j < 25; j++)
      G2[i][j] = G2[i][j] * 0.5 + i - j;
}

static void
kern_count (float *out)
{
  for (int i GPU_PARALLEL = 0; i < g_count; i++)
    out[i] = A[NA - 1 - i] + (float) g_count;
}

int
main (void)
{
  static int Bw[NA];
  static double G2w[40][25];
  static float out[NA], outw[NA];
  check_init ();
  for (int round = 0; round < 3; round++)
    {
      int n = round == 0 ? NA : (int) check_range (0, NA);
      check_fill_float (A, NA, -100, 100);
      for (int i = 0; i < NA; i++)
	B[i] = Bw[i] = (int) check_range (-9, 9);
      for (int i = 0; i < n; i++)
	Bw[i] = (int) (A[i] * 10.0f) + table[i & 15];
      kern (n);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (B, Bw, NA, "global arrays, n=%d", n);

      for (int i = 0; i < 40; i++)
	for (int j = 0; j < 25; j++)
	  G2[i][j] = G2w[i][j] = check_uniform (-1, 1);
      for (int i = 0; i < 40; i++)
	for (int j = 0; j < 25; j++)
	  G2w[i][j] = G2w[i][j] * 0.5 + i - j;
      kern2 ();
      CHECK_RAN_ON_DEVICE (40 * 25);
      CHECK_SAME (&G2[0][0], &G2w[0][0], 40 * 25, "global 2-D array");

      g_count = n;
      check_fill_float (out, NA, 0, 1);
      memcpy (outw, out, sizeof out);
      for (int i = 0; i < g_count; i++)
	outw[i] = A[NA - 1 - i] + (float) g_count;
      kern_count (out);
      CHECK_RAN_ON_DEVICE (g_count);
      CHECK_SAME (out, outw, NA, "global scalar bound, n=%d", n);
    }
  return 0;
}
