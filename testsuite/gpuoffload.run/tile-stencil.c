/* tile-stencil.c: gpu_tile's halo tiles (the block a work-group's
   stencil reads, with its halo, loaded into __local memory once, then
   each work-item's neighbourhood read from there) against serial C, bit
   for bit: a 2-D 5-point float Jacobi, a 2-D 9-point double stencil
   (corners), a 2-D int stencil of radius 2 and a 3-D 7-point float
   stencil, each in a time loop (the data stay on the device between the
   sweeps), at sizes no work-group divides (1 x 1, 2 x 2, 17 x 33,
   100 x 7, 7 x 100, 0 rows, 40 x 3 x 9, ...); a stencil whose output
   follows its input in one buffer (the halo variant must not run: the
   plain kernel does, same results).  Children run a few
   sizes under GPURT_VERBOSE=2: on the device the log must say that the
   halo variant ran, and under GPURT_LOCAL_MEM_LIMIT=64 that it did not
   for lack of local memory (the plain kernels run); a third runs the
   plain kernels in work-groups of 3x5 and 7x3x2 (GPURT_LOCAL_SHAPE).  Built with
   -fplugin-arg-gpuoffload-halo-tile: the variant is off by default.  */
/* { dg-additional-options "-fplugin-arg-gpuoffload-halo-tile" } */
#include "check.h"

/* The children run on the device before this process opens it.  */
CHECK_CHILDREN_USE_DEVICE

/* One sweep of each stencil, written once for the marked loops and the
   serial ones (the same operations in the same order).  */
#define J5(A, I, J, M)							\
  (0.2f * (A[(I) * (M) + (J)] + A[((I) - 1) * (M) + (J)]		\
	   + A[((I) + 1) * (M) + (J)] + A[(I) * (M) + (J) - 1]		\
	   + A[(I) * (M) + (J) + 1]))
#define S9(A, I, J, M)							\
  (0.5 * A[(I) * (M) + (J)]						\
   + 0.0625 * (A[((I) - 1) * (M) + (J) - 1] + A[((I) - 1) * (M) + (J)]	\
	       + A[((I) - 1) * (M) + (J) + 1] + A[(I) * (M) + (J) - 1]	\
	       + A[(I) * (M) + (J) + 1] + A[((I) + 1) * (M) + (J) - 1]	\
	       + A[((I) + 1) * (M) + (J)] + A[((I) + 1) * (M) + (J) + 1]))
#define R2(A, I, J, M)							\
  ((A[(I) * (M) + (J)] * 3 + A[((I) - 2) * (M) + (J)]			\
    - A[((I) + 2) * (M) + (J)] + A[((I) - 1) * (M) + (J)]		\
    + 2 * A[(I) * (M) + (J) - 2] - A[(I) * (M) + (J) + 1]) & 0xffff)
#define H7(A, I, J, K, M, L)						\
  (0.125f * (A[(((I) + 1) * (M) + (J)) * (L) + (K)]			\
	     + A[(((I) - 1) * (M) + (J)) * (L) + (K)])			\
   + 0.5f * A[((I) * (M) + (J)) * (L) + (K)]				\
   + 0.0625f * (A[((I) * (M) + (J) - 1) * (L) + (K)]			\
		+ A[((I) * (M) + (J) + 1) * (L) + (K)]			\
		+ A[((I) * (M) + (J)) * (L) + (K) - 1]			\
		+ A[((I) * (M) + (J)) * (L) + (K) + 1]))

/* NAME: STEPS double sweeps A -> B -> A of stencil S over rows
   [LO, N - HI) and columns [LO, M - HI1) of N x M arrays of T, indices
   of type IT.  */
#define TIME2(NAME, S, T, IT, LO, HI, HI1)				\
  static void								\
  NAME (IT n, IT m, int steps, T *a, T *b)				\
  {									\
    for (int t = 0; t < steps; t++)					\
      {									\
	for (IT i GPU_PARALLEL = LO; i < n - HI; i++)			\
	  for (IT j GPU_PARALLEL = LO; j < m - HI1; j++)		\
	    b[i * m + j] = S (a, i, j, m);				\
	for (IT i GPU_PARALLEL = LO; i < n - HI; i++)			\
	  for (IT j GPU_PARALLEL = LO; j < m - HI1; j++)		\
	    a[i * m + j] = S (b, i, j, m);				\
      }									\
  }
TIME2 (jacobi, J5, float, long, 1, 1, 1)
TIME2 (nine, S9, double, int, 1, 1, 1)
TIME2 (radius2, R2, int, long, 2, 2, 1)

/* STEPS double sweeps of the 3-D 7-point stencil over N x M x L.  */
static void
heat (int n, int m, int l, int steps, float *a, float *b)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	for (int j GPU_PARALLEL = 1; j < m - 1; j++)
	  for (int k GPU_PARALLEL = 1; k < l - 1; k++)
	    b[(i * m + j) * l + k] = H7 (a, i, j, k, m, l);
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	for (int j GPU_PARALLEL = 1; j < m - 1; j++)
	  for (int k GPU_PARALLEL = 1; k < l - 1; k++)
	    a[(i * m + j) * l + k] = H7 (b, i, j, k, m, l);
    }
}

/* One sweep from A into B, which may be further on in A's buffer.  */
static void
shifted (long n, long m, const float *a, float *b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 1; j < m - 1; j++)
      b[i * m + j] = J5 (a, i, j, m);
}

/* Serial 2-D reference: STEPS double sweeps of stencil S over rows
   [LO, N - HI) and columns [LO, M - HI1).  */
#define SERIAL2(S, T, LO, HI, HI1)					\
  for (int t = 0; t < steps; t++)					\
    {									\
      for (long i = LO; i < n - HI; i++)				\
	for (long j = LO; j < m - HI1; j++)				\
	  wb[i * m + j] = S (wa, i, j, m);				\
      for (long i = LO; i < n - HI; i++)				\
	for (long j = LO; j < m - HI1; j++)				\
	  wa[i * m + j] = S (wb, i, j, m);				\
    }

/* Fresh random arrays A and B of N elements of T, and their copies WA
   and WB for the serial loops.  */
#define ARRAYS(T, N, FILL)						\
  T *a = check_alloc ((N) * sizeof (T) + 1);				\
  T *b = check_alloc ((N) * sizeof (T) + 1);				\
  T *wa = check_alloc ((N) * sizeof (T) + 1);				\
  T *wb = check_alloc ((N) * sizeof (T) + 1);				\
  FILL (a, N, -100, 100);						\
  FILL (b, N, -100, 100);						\
  memcpy (wa, a, (N) * sizeof (T));					\
  memcpy (wb, b, (N) * sizeof (T))

/* Run FN and the serial sweeps on fresh random N x M arrays of T.  */
#define TEST2(FN, S, T, FILL, LO, HI, HI1)				\
  {									\
    ARRAYS (T, nm, FILL);						\
    SERIAL2 (S, T, LO, HI, HI1);					\
    FN (n, m, steps, a, b);						\
    if (n > LO + HI && m > LO + HI1)					\
      CHECK_RAN_ON_DEVICE (nm);						\
    CHECK_SAME (a, wa, nm, #FN " %ldx%ld", n, m);			\
    CHECK_SAME (b, wb, nm, #FN " %ldx%ld (b)", n, m);			\
    free (a); free (b); free (wa); free (wb);				\
  }

static void
test2 (long n, long m, int steps)
{
  long nm = n * m;
  TEST2 (jacobi, J5, float, check_fill_float, 1, 1, 1);
  TEST2 (nine, S9, double, check_fill_double, 1, 1, 1);
  TEST2 (radius2, R2, int, check_fill_int, 2, 2, 1);

  /* The output after the input in one buffer: not the halo variant.  */
  float *a = check_alloc (2 * nm * sizeof (float) + 1);
  float *w = check_alloc (2 * nm * sizeof (float) + 1);
  check_fill_float (a, 2 * nm, -1, 1);
  memcpy (w, a, 2 * nm * sizeof (float));
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < m - 1; j++)
      w[nm + i * m + j] = J5 (w, i, j, m);
  shifted (n, m, a, a + nm);
  CHECK_SAME (a, w, 2 * nm, "shifted %ldx%ld", n, m);
  free (a); free (w);
}

static void
test3 (int n, int m, int l, int steps)
{
  long nml = (long) n * m * l;
  ARRAYS (float, nml, check_fill_float);
  for (int t = 0; t < steps; t++)
    {
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < m - 1; j++)
	  for (int k = 1; k < l - 1; k++)
	    wb[(i * m + j) * l + k] = H7 (wa, i, j, k, m, l);
      for (int i = 1; i < n - 1; i++)
	for (int j = 1; j < m - 1; j++)
	  for (int k = 1; k < l - 1; k++)
	    wa[(i * m + j) * l + k] = H7 (wb, i, j, k, m, l);
    }
  heat (n, m, l, steps, a, b);
  if (n > 2 && m > 2 && l > 2)
    CHECK_RAN_ON_DEVICE (nml);
  CHECK_SAME (a, wa, nml, "heat %dx%dx%d", n, m, l);
  CHECK_SAME (b, wb, nml, "heat %dx%dx%d (b)", n, m, l);
  free (a); free (b); free (wa); free (wb);
}

/* Run this program again (ARGV0 child: a few sizes) under ENV, ENV2 (or
   NULL) and GPURT_VERBOSE=2; on the device its log must have WANT2D and
   WANT3D (what the runtime did with a halo variant of jacobi and of heat,
   or the plain kernels' work-groups).  */
static void
child (const char *argv0, const char *env, const char *env2,
       const char *want2d, const char *want3d)
{
  const char *const envs[] = { "GPURT_VERBOSE=2", env, env2, NULL };
  const char *const want[] = { want2d, want3d, NULL };
  check_child_log (argv0, envs, env, want);
}

int
main (int argc, char **argv)
{
  static const long sizes[][2] = {
    { 17, 33 }, { 100, 7 }, { 1, 1 }, { 2, 2 }, { 3, 3 }, { 7, 100 },
    { 0, 9 }, { 9, 0 }, { 34, 10 }, { 35, 11 }, { 66, 67 }, { 5, 300 }
  };
  static const int sizes3[][3] = {
    { 9, 17, 33 }, { 1, 1, 1 }, { 3, 3, 3 }, { 40, 3, 9 }, { 5, 35, 34 },
    { 0, 5, 5 }, { 20, 20, 20 }
  };
  check_init ();
  if (argc < 2)
    {
      child (argv[0], "GPURT_LOCAL_MEM_LIMIT=1000000", NULL,
	     "runs variant gpu_jacobi_0_halo32x8",
	     "runs variant gpu_heat_6_halo32x8");
      child (argv[0], "GPURT_LOCAL_MEM_LIMIT=64", NULL,
	     "variant gpu_jacobi_0_halo32x8 not run: it needs",
	     "variant gpu_heat_6_halo32x8 not run: it needs");
      /* The plain kernels in work-groups that divide no size.  */
      child (argv[0], "GPURT_LOCAL_MEM_LIMIT=64",
	     "GPURT_LOCAL_SHAPE=3x5,7x3x2", "local 3x5x1", "local 7x3x2");
    }
  unsigned n2 = argc < 2 ? sizeof sizes / sizeof sizes[0] : 2;
  unsigned n3 = argc < 2 ? sizeof sizes3 / sizeof sizes3[0] : 1;
  for (unsigned s = 0; s < n2; s++)
    test2 (sizes[s][0], sizes[s][1], 1 + s % 3);
  for (unsigned s = 0; s < n3; s++)
    test3 (sizes3[s][0], sizes3[s][1], sizes3[s][2], 1 + s % 2);
  return 0;
}
