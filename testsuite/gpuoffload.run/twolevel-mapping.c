/* twolevel-mapping.c: the two kernels of a two-level region (issue 14
   item 4): one work-group per outer iteration, or one work-item per outer
   iteration with the inner loops serial (NAME_flat).  Column sums
   (a[j * n + i], i outer: the one-level kernel walks consecutive
   elements) with a reduction per outer iteration of +, max and ^, row
   dot products (the two-level kernel does), serial code storing a value
   the inner loop reads, a 2-D outer nest around an inner 2-D level; row
   counts up to 4099, so that the runtime's own choice (GPURT_TWO_LEVEL
   unset) takes the one-level kernel for the large column sums on a
   small device, and empty ranges.  Everything runs again in children
   that force each kernel (GPURT_TWO_LEVEL=group, flat), whose profile
   must show that kernel ran; results equal the serial loops.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

static const long shapes[][2] = {
  { 0, 5 }, { 6, 0 }, { 1, 1 }, { 97, 3 }, { 1000, 31 }, { 4099, 7 },
  { 33, 257 }
};
#define NSH ((int) (sizeof shapes / sizeof shapes[0]))

#define COLSUM_BODY(P, R)						\
  for (long i P = 0; i < n; i++)					\
    {									\
      double s R = 0;							\
      int mx R = -1000000;						\
      unsigned x R = 0;							\
      for (long j P = 0; j < m; j++)					\
	{								\
	  s += a[j * n + i];						\
	  mx = b[j * n + i] > mx ? b[j * n + i] : mx;			\
	  x ^= (unsigned) b[j * n + i] * 2654435761u;			\
	}								\
      sum[i] = s;							\
      big[i] = mx;							\
      hash[i] = x;							\
    }

static void
colsum (long n, long m, const double *a, const int *b, double *sum,
	int *big, unsigned *hash)
{
  COLSUM_BODY (GPU_PARALLEL, GPU_REDUCE)
}

static void
colsum_ref (long n, long m, const double *a, const int *b, double *sum,
	    int *big, unsigned *hash)
{
  COLSUM_BODY (, )
}

/* y[i] = A[i,:] . x, then every element of the row scaled by it.  */
#define ROWS_BODY(P, R)							\
  for (long i P = 0; i < n; i++)					\
    {									\
      double t R = 0;							\
      for (long j P = 0; j < m; j++)					\
	t += a[i * m + j] * x[j];					\
      y[i] = t;								\
      for (long j P = 0; j < m; j++)					\
	z[i * m + j] = a[i * m + j] * y[i];				\
    }

static void
rows (long n, long m, const double *a, const double *x, double *y, double *z)
{
  ROWS_BODY (GPU_PARALLEL, GPU_REDUCE)
}

static void
rows_ref (long n, long m, const double *a, const double *x, double *y,
	  double *z)
{
  ROWS_BODY (, )
}

/* A 2-D outer nest (h, i) around a 2-D inner level (j, k).  */
#define NEST_BODY(P)							\
  for (long h P = 0; h < 3; h++)					\
    for (long i P = 0; i < n; i++)					\
      {									\
	c[h * n + i] = (int) (h - i);					\
	for (long j P = 0; j < m; j++)					\
	  for (long k P = 0; k < 3; k++)				\
	    w[((h * n + i) * m + j) * 3 + k] = b[j * n + i] * (int) (k + h); \
      }

static void
nest (long n, long m, const int *b, int *c, int *w)
{
  NEST_BODY (GPU_PARALLEL)
}

static void
nest_ref (long n, long m, const int *b, int *c, int *w)
{
  NEST_BODY ()
}

static void
run_all (void)
{
  for (int q = 0; q < NSH; q++)
    {
      long n = shapes[q][0], m = shapes[q][1];
      double *a = check_alloc (sizeof (double) * (n * m + 1));
      int *b = check_alloc (sizeof (int) * (n * m + 1));
      double *x = check_alloc (sizeof (double) * (m + 1));
      check_fill_double (a, n * m, -1, 1);
      check_fill_int (b, n * m, -100000, 100000);
      check_fill_double (x, m, -1, 1);

      double *sum = check_alloc (sizeof (double) * (n + 1));
      double *sum2 = check_alloc (sizeof (double) * (n + 1));
      int *big = check_alloc (sizeof (int) * (n + 1));
      int *big2 = check_alloc (sizeof (int) * (n + 1));
      unsigned *hash = check_alloc (sizeof (unsigned) * (n + 1));
      unsigned *hash2 = check_alloc (sizeof (unsigned) * (n + 1));
      colsum (n, m, a, b, sum, big, hash);
      CHECK_RAN_ON_DEVICE (n);
      colsum_ref (n, m, a, b, sum2, big2, hash2);
      CHECK_DOUBLES (sum, sum2, n, 1e-12, 1e-12, "colsum + %ldx%ld", n, m);
      CHECK_SAME (big, big2, n, "colsum max %ldx%ld", n, m);
      CHECK_SAME (hash, hash2, n, "colsum ^ %ldx%ld", n, m);

      double *z = check_alloc (sizeof (double) * (n * m + 1));
      double *z2 = check_alloc (sizeof (double) * (n * m + 1));
      rows (n, m, a, x, sum, z);
      CHECK_RAN_ON_DEVICE (n);
      rows_ref (n, m, a, x, sum2, z2);
      CHECK_DOUBLES (sum, sum2, n, 1e-12, 1e-12, "rows y %ldx%ld", n, m);
      CHECK_DOUBLES (z, z2, n * m, 1e-12, 1e-12, "rows z %ldx%ld", n, m);

      int *c = check_alloc (sizeof (int) * (3 * n + 1));
      int *c2 = check_alloc (sizeof (int) * (3 * n + 1));
      int *w = check_alloc (sizeof (int) * (9 * n * m + 1));
      int *w2 = check_alloc (sizeof (int) * (9 * n * m + 1));
      nest (n, m, b, c, w);
      CHECK_RAN_ON_DEVICE (3 * n);
      nest_ref (n, m, b, c2, w2);
      CHECK_SAME (c, c2, 3 * n, "nest c %ldx%ld", n, m);
      CHECK_SAME (w, w2, 9 * n * m, "nest w %ldx%ld", n, m);

      free (a), free (b), free (x), free (sum), free (sum2), free (big);
      free (big2), free (hash), free (hash2), free (z), free (z2);
      free (c), free (c2), free (w), free (w2);
    }
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc < 2)
    {
      static char text[1 << 16];
      check_profile_child (argv[0], "--child", "GPURT_TWO_LEVEL=group",
			   text, sizeof text);
      if (check_json_sum (text, "\"device_runs\": ") != 0)
	CHECK (check_json_sum (text, "\"flat_runs\": ") == 0,
	       "GPURT_TWO_LEVEL=group ran a one-level kernel:\n%s", text);
      check_profile_child (argv[0], "--child", "GPURT_TWO_LEVEL=flat",
			   text, sizeof text);
      CHECK (check_json_sum (text, "\"flat_runs\": ")
	     == check_json_sum (text, "\"device_runs\": "),
	     "GPURT_TWO_LEVEL=flat ran a two-level kernel:\n%s", text);
    }
  run_all ();
  printf ("two-level mappings checked\n");
  return 0;
}
