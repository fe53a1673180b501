/* ranges-tri-serial.c: loops whose trip count moves with a serial loop of
   the region, not with a marked index (gpu_find's triangles): in a 1-D
   region, a serial loop from k + 2 under a serial k loop (empty for the
   last two k) and one up to k under a k loop counting down (empty at
   k == 0); in a two-level region, the inner marked loop from k + 1 under
   a serial k loop, as in a blocked pivot loop's triangle.  Their
   accesses get exact ranges: a range that missed a byte read would give
   wrong results on the device, one that reached a byte outside the
   arrays faults (each array starts right after an inaccessible page or
   ends right before one, guard.h).  Random data, sizes 0 to 130 and 1 to
   300 rows, compared with serial C bit for bit (integer values).  */
#include "guard.h"

#define ONE_BODY(P)							\
  for (long i P = 0; i < n; i++)					\
    {									\
      double s = 0;							\
      for (long k = 0; k < m; k++)					\
	for (long j = k + 2; j < m; j++)				\
	  s += a[k * m + j] * b[i];					\
      for (long k = m - 1; k >= 0; k--)				\
	for (long j = 0; j < k; j++)					\
	  s -= 0.5 * a2[k * m + j];					\
      c[i] = s;								\
    }

#define TWO_BODY(P)							\
  for (long i P = 0; i < n; i++)					\
    for (long k = 0; k < m; k++)					\
      for (long j P = k + 1; j < m; j++)				\
	o[i * m + j] += a[k * m + j];

static void
one (long n, long m, const double *a, const double *a2, const double *b,
     double *c)
{
  ONE_BODY (GPU_PARALLEL)
}

static void
one_ref (long n, long m, const double *a, const double *a2, const double *b,
	 double *c)
{
  ONE_BODY ()
}

static void
two (long n, long m, const double *a, double *o)
{
  TWO_BODY (GPU_PARALLEL)
}

static void
two_ref (long n, long m, const double *a, double *o)
{
  TWO_BODY ()
}

int
main (void)
{
  static const long rows[] = { 1, 7, 300 }, cols[] = { 0, 1, 2, 3, 5, 130 };
  check_init ();
  for (int p = 0; p < 3; p++)
    for (int q = 0; q < 6; q++)
      {
	long n = rows[p], m = cols[q];
	size_t abytes = sizeof (double) * (size_t) (m * m + 1);
	struct check_guard ga, ga2;
	double *a = check_guarded (abytes, q & 1, &ga);
	double *a2 = check_guarded (abytes, !(q & 1), &ga2);
	for (long k = 0; k < m * m; k++)
	  {
	    a[k] = (double) check_range (-100, 100);
	    a2[k] = (double) check_range (-100, 100);
	  }
	double *b = check_alloc (sizeof (double) * (size_t) n);
	for (long k = 0; k < n; k++)
	  b[k] = (double) check_range (-7, 7);
	double *c = check_alloc (sizeof (double) * (size_t) n);
	double *c2 = check_alloc (sizeof (double) * (size_t) n);
	one (n, m, a, a2, b, c);
	CHECK_RAN_ON_DEVICE (n);
	one_ref (n, m, a, a2, b, c2);
	CHECK_SAME (c, c2, n, "one %ld x %ld", n, m);

	double *o = check_alloc (sizeof (double) * (size_t) (n * m + 1));
	for (long k = 0; k < n * m; k++)
	  o[k] = (double) check_range (-100, 100);
	double *o2 = check_dup (o, sizeof (double) * (size_t) (n * m + 1));
	two (n, m, a, o);
	CHECK_RAN_ON_DEVICE (n);
	two_ref (n, m, a, o2);
	CHECK_SAME (o, o2, n * m, "two %ld x %ld", n, m);
	check_unguard (&ga), check_unguard (&ga2);
	free (b), free (c), free (c2), free (o), free (o2);
      }
  printf ("ranges of triangles under serial loops match serial C\n");
  return 0;
}
