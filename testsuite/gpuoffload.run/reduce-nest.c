/* reduce-nest.c: GPU_REDUCE in 2-D and 3-D marked loop nests (the kernel flattens the index space): a double sum, an int max, a long product of +-1, an && and a conditional count next to an ordinary store, over sizes with empty dimensions, 1x1, primes and non-multiples of the work-group size; an inner serial loop updating the accumulator; the initial values are kept.  */
#include "check.h"
#include <float.h>

struct r2
{
  double s;
  int m;
  long p;
  int all;
  long cnt;
};

static struct r2
nest2 (int rows, int cols, const double *a, const int *b, float *out)
{
  double s GPU_REDUCE = 1.5;
  int m GPU_REDUCE = -7;
  long p GPU_REDUCE = 3;
  int all GPU_REDUCE = 2;
  long cnt GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < rows; i++)
    for (int j GPU_PARALLEL = 0; j < cols; j++)
      {
	double v = a[i * cols + j];
	s += v * (i + 1);
	m = b[i * cols + j] > m ? b[i * cols + j] : m;
	p *= b[i * cols + j] & 1 ? -1 : 1;
	all = all && b[i * cols + j] > -1000;
	if (v > 0.5)
	  cnt += j;
	out[i * cols + j] = (float) v;
      }
  struct r2 r = { s, m, p, all, cnt };
  return r;
}

static struct r2
nest2_ref (int rows, int cols, const double *a, const int *b, float *out)
{
  double s = 1.5;
  int m = -7;
  long p = 3;
  int all = 2;
  long cnt = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      {
	double v = a[i * cols + j];
	s += v * (i + 1);
	m = b[i * cols + j] > m ? b[i * cols + j] : m;
	p *= b[i * cols + j] & 1 ? -1 : 1;
	all = all && b[i * cols + j] > -1000;
	if (v > 0.5)
	  cnt += j;
	out[i * cols + j] = (float) v;
      }
  struct r2 r = { s, m, p, all, cnt };
  return r;
}

/* 3-D, counting down in the middle dimension, with a serial inner loop
   that also updates the accumulator.  */
static long
nest3 (int n0, int n1, int n2, const int *b)
{
  long s GPU_REDUCE = 11;
  for (int i GPU_PARALLEL = 0; i < n2; i++)
    for (int j GPU_PARALLEL = n1 - 1; j >= 0; j--)
      for (int k GPU_PARALLEL = 0; k < n0; k++)
	for (int t = 0; t < 3; t++)
	  s += b[(i * n1 + j) * n0 + k] * (t + 1);
  return s;
}

static long
nest3_ref (int n0, int n1, int n2, const int *b)
{
  long s = 11;
  for (int i = 0; i < n2; i++)
    for (int j = n1 - 1; j >= 0; j--)
      for (int k = 0; k < n0; k++)
	for (int t = 0; t < 3; t++)
	  s += b[(i * n1 + j) * n0 + k] * (t + 1);
  return s;
}

int
main (void)
{
  check_init ();
  static const int shapes[][2] = { { 0, 5 }, { 5, 0 }, { 1, 1 }, { 3, 7 },
				   { 17, 33 }, { 100, 257 }, { 257, 100 },
				   { 1000, 1001 }, { 1, 70001 } };
  for (unsigned t = 0; t < sizeof shapes / sizeof shapes[0]; t++)
    {
      int rows = shapes[t][0], cols = shapes[t][1];
      long n = (long) rows * cols;
      double *a = check_alloc (n * sizeof *a);
      int *b = check_alloc (n * sizeof *b);
      float *out = check_alloc (n * sizeof *out);
      float *oref = check_alloc (n * sizeof *out);
      check_fill_double (a, n, 0.0, 1.0);
      check_fill_int (b, n, -999, 999);
      struct r2 g = nest2 (rows, cols, a, b, out);
      CHECK_RAN_ON_DEVICE (n);
      struct r2 w = nest2_ref (rows, cols, a, b, oref);
      double mag = 1.5;
      for (long i = 0; i < n; i++)
	mag += fabs (a[i]) * (i / (cols ? cols : 1) + 1);
      CHECK (fabs (g.s - w.s) <= 2.0 * (n + 1) * DBL_EPSILON * mag,
	     "nest2.s %dx%d: got %.17g, expected %.17g", rows, cols, g.s, w.s);
      CHECK (g.m == w.m, "nest2.m %dx%d: %d vs %d", rows, cols, g.m, w.m);
      CHECK (g.p == w.p, "nest2.p %dx%d: %ld vs %ld", rows, cols, g.p, w.p);
      CHECK (g.all == w.all, "nest2.all %dx%d: %d vs %d", rows, cols, g.all,
	     w.all);
      CHECK (g.cnt == w.cnt, "nest2.cnt %dx%d: %ld vs %ld", rows, cols,
	     g.cnt, w.cnt);
      CHECK_FLOATS (out, oref, n, 0, 0, "nest2.out %dx%d", rows, cols);
      free (a);
      free (b);
      free (out);
      free (oref);
    }
  static const int boxes[][3] = { { 0, 3, 3 }, { 1, 1, 1 }, { 7, 5, 3 },
				  { 64, 4, 4 }, { 33, 17, 129 } };
  for (unsigned t = 0; t < sizeof boxes / sizeof boxes[0]; t++)
    {
      int n0 = boxes[t][0], n1 = boxes[t][1], n2 = boxes[t][2];
      long n = (long) n0 * n1 * n2;
      int *b = check_alloc (n * sizeof *b);
      check_fill_int (b, n, -100000, 100000);
      long g = nest3 (n0, n1, n2, b);
      CHECK_RAN_ON_DEVICE (n);
      long w = nest3_ref (n0, n1, n2, b);
      CHECK (g == w, "nest3 %dx%dx%d: %ld vs %ld", n0, n1, n2, g, w);
      free (b);
    }
  return 0;
}
