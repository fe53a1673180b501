/* twolevel-nest3.c: a 3-level nest with an inner 2-D level (issue 14):
   one work-group per outer iteration, the work-items sharing the
   flattened iterations of two perfectly nested inner marked loops (the
   second fastest, stepping down, its bounds fixed before the first);
   serial code that stores before them; a 2-D outer nest around a 2-D
   inner level; and a nest whose second inner loop's bound changes with
   the first's index, which stays 1-D (the second loop runs serially in
   each work-item; its writes bounded by GPU_EXTENT).  Empty ranges and sizes no work-group size divides;
   compared with the serial loops exactly.  */
/* Exact comparisons of a*b+c: the device must not contract it into an
   fma where the host does not (README, "Floating point: what is exact").  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

#define NEST3_BODY(P)							\
  for (long i P = 0; i < n; i++)					\
    {									\
      y[i * m * p] += 1.0f;						\
      for (long j P = 0; j < m; j++)					\
	for (long k P = p - 1; k >= 0; k--)				\
	  y[(i * m + j) * p + k] += x[(i * m + j) * p + k] * (float) (j - k); \
    }

static void
nest3 (long n, long m, long p, const float *x, float *y)
{
  NEST3_BODY (GPU_PARALLEL)
}

static void
nest3_ref (long n, long m, long p, const float *x, float *y)
{
  NEST3_BODY ()
}

#define NEST4_BODY(P)							\
  for (long i P = 0; i < n; i++)					\
    for (long h P = 0; h < 2; h++)					\
      {									\
	z[i * 2 + h] = (int) (i + h);					\
	for (long j P = 0; j < m; j++)					\
	  for (long k P = 0; k < p; k += 2)				\
	    w[((i * 2 + h) * m + j) * p + k] = (int) (j * 3 - k + h);	\
      }

static void
nest4 (long n, long m, long p, int *z, int *w)
{
  NEST4_BODY (GPU_PARALLEL)
}

static void
nest4_ref (long n, long m, long p, int *z, int *w)
{
  NEST4_BODY ()
}

#define TRI_BODY(P)							\
  for (long i P = 0; i < n; i++)					\
    {									\
      w[i * m * p] = 5;							\
      for (long j P = 0; j < m; j++)					\
	for (long k P = 0; k < j % (p + 1); k++)			\
	  w[(i * m + j) * p + k] += (int) (i + j + k);			\
    }

static void
tri (long n, long m, long p, int *w GPU_EXTENT (n * m * p))
{
  TRI_BODY (GPU_PARALLEL)
}

static void
tri_ref (long n, long m, long p, int *w)
{
  TRI_BODY ()
}

int
main (void)
{
  static const long shapes[][3] = { { 0, 3, 3 }, { 3, 0, 3 }, { 3, 4, 0 },
				    { 1, 1, 1 }, { 5, 7, 3 }, { 4, 300, 5 },
				    { 2, 17, 64 }, { 3, 1000, 1 } };
  check_init ();
  for (int q = 0; q < 8; q++)
    {
      long n = shapes[q][0], m = shapes[q][1], p = shapes[q][2];
      long sz = n * m * p + 1;
      float *x = check_alloc (sizeof (float) * sz);
      float *y = check_alloc (sizeof (float) * sz);
      check_fill_float (x, sz, -8, 8);
      check_fill_float (y, sz, -8, 8);
      float *y2 = check_dup (y, sizeof (float) * sz);
      nest3 (n, m, p, x, y);
      CHECK_RAN_ON_DEVICE (n);
      nest3_ref (n, m, p, x, y2);
      CHECK_FLOATS (y, y2, sz - 1, 0, 0, "nest3 %ldx%ldx%ld", n, m, p);

      int *z = check_alloc (sizeof (int) * (2 * n + 1));
      int *w = check_alloc (sizeof (int) * (2 * sz));
      check_fill_int (w, 2 * sz, -9, 9);
      int *z2 = check_alloc (sizeof (int) * (2 * n + 1));
      int *w2 = check_dup (w, sizeof (int) * (2 * sz));
      nest4 (n, m, p, z, w);
      CHECK_RAN_ON_DEVICE (2 * n);
      nest4_ref (n, m, p, z2, w2);
      CHECK_SAME (z, z2, 2 * n, "nest4 z %ldx%ldx%ld", n, m, p);
      CHECK_SAME (w, w2, 2 * (sz - 1), "nest4 w %ldx%ldx%ld", n, m, p);

      memcpy (w2, w, sizeof (int) * sz);
      tri (n, m, p, w);
      CHECK_RAN_ON_DEVICE (n);
      tri_ref (n, m, p, w2);
      CHECK_SAME (w, w2, sz - 1, "tri %ldx%ldx%ld", n, m, p);
      free (x); free (y); free (y2); free (z); free (w); free (z2); free (w2);
    }
  printf ("3-level nests checked\n");
  return 0;
}
