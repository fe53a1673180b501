/* globals-callee.c: global variables used by functions a marked loop calls (issue 13, item 3: "function 'randu' uses global variable 'A'"): the constants of a random generator and a parameter set before the loop (read-only scalars), a file-scope const table and a function-local static table read two calls down, a global array each iteration writes its own element of through a helper, and a global array the loop body and a helper both use.  Compared with serial C on the device and on the host, over several sizes, with the parameter changed between runs.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

#define NH 5000

static unsigned long long A = 6364136223846793005ULL;
static unsigned long long C = 1442695040888963407ULL;
float scale;			/* set before each run */
static const float weights[8] = { 0.5f, 1.5f, -2.0f, 3.25f, 0.0f, 1.0f, -0.75f, 8.0f };
int hist[NH];			/* one element per iteration, written by put */
double shared_tab[16];		/* read by the loop body and by a helper */

static float
pick (unsigned k)
{
  static const short lut[8] = { 7, 3, 5, 1, 0, 6, 2, 4 };
  return weights[lut[k & 7]];
}

static float
randu (unsigned long long seed)
{
  unsigned long long s = seed * A + C;
  s = s * A + C;
  return (float) (s >> 40) / (float) (1ULL << 24) * scale + pick ((unsigned) s);
}

static void
put (int i, int v)
{
  hist[i] = v * 2 + (int) shared_tab[i & 15];
}

static void
kern (int n, float *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      out[i] = randu ((unsigned long long) i) + (float) shared_tab[(i + 1) & 15];
      put (i, i % 77);
    }
}

static void
serial (int n, float *out)
{
  for (int i = 0; i < n; i++)
    {
      out[i] = randu ((unsigned long long) i) + (float) shared_tab[(i + 1) & 15];
      put (i, i % 77);
    }
}

int
main (void)
{
  static int histw[NH];
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      if (n > NH)
	n = NH;
      float *out = check_alloc (n * sizeof (float) + 1);
      float *outw = check_alloc (n * sizeof (float) + 1);
      scale = check_uniformf (0.5f, 4.0f);
      for (int i = 0; i < 16; i++)
	shared_tab[i] = (double) check_range (-20, 20);
      for (int i = 0; i < NH; i++)
	hist[i] = (int) check_range (-5, 5);
      memcpy (histw, hist, sizeof hist);
      /* The serial reference writes hist too: keep both copies.  */
      int *keep = check_dup (hist, sizeof hist);
      serial (n, outw);
      memcpy (histw, hist, sizeof hist);
      memcpy (hist, keep, sizeof hist);
      kern (n, out);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (out, outw, n, "randu with global constants, n=%d", n);
      CHECK_SAME (hist, histw, NH, "global array written by a helper, n=%d", n);
      free (out), free (outw), free (keep);
    }
  return 0;
}
