/* tile-matmul.c: gpu_tile's variants of matmul (a and b in __local tiles;
   first the register-blocked one, 8x8 outputs per work-item, 128x128 per
   group, tiles of 32 iterations of k for float and int, 16 for double;
   then the plain tiled one, 16x16) against serial C: float square and
   rectangular sizes no tile or block divides (1, 7, 31, 33, 100, 257,
   1000; 63, 64, 65, 129 rows; 97 iterations of k) and 128 (every tile
   full), int (exact) and double, the k loop starting elsewhere than 0,
   and empty ranges; rerun first in a child under GPURT_LOCAL_MEM_LIMIT=
   4096 (the blocked variant's 32768 bytes of float tiles do not fit: the
   plain tiled variant runs) and =64 (the plain kernel runs).  */
#include "check.h"
#include <sys/wait.h>

/* The children run on the device before this process opens it.  */
CHECK_CHILDREN_USE_DEVICE

#define MATMUL(NAME, T)							\
  static void								\
  NAME (int m, int n, int p, const T *a, const T *b, T *c)		\
  {									\
    for (int i GPU_PARALLEL = 0; i < m; i++)				\
      for (int j GPU_PARALLEL = 0; j < n; j++)				\
	{								\
	  T acc = 0;							\
	  for (int k = 0; k < p; k++)					\
	    acc += a[i * p + k] * b[k * n + j];				\
	  c[i * n + j] = acc;						\
	}								\
  }
MATMUL (smm, float)
MATMUL (imm, int)
MATMUL (dmm, double)

/* The serial reference (no marks).  */
#define MATMUL_REF(NAME, T)						\
  static void								\
  NAME (int m, int n, int p, const T *a, const T *b, T *c)		\
  {									\
    for (int i = 0; i < m; i++)						\
      for (int j = 0; j < n; j++)					\
	{								\
	  T acc = 0;							\
	  for (int k = 0; k < p; k++)					\
	    acc += a[i * p + k] * b[k * n + j];				\
	  c[i * n + j] = acc;						\
	}								\
  }
MATMUL_REF (smm_ref, float)
MATMUL_REF (imm_ref, int)
MATMUL_REF (dmm_ref, double)

/* k from LO: the tile starts at the loop's first iteration.  */
static void
skew (int n, int lo, const float *a, const float *b, float *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	float acc = c[i * n + j];
	for (int k = lo; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

static void
skew_ref (int n, int lo, const float *a, const float *b, float *c)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
	float acc = c[i * n + j];
	for (int k = lo; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

static void
test (int m, int n, int p)
{
  long mn = (long) m * n;
  float *a = check_alloc ((long) m * p * sizeof (float) + 1);
  float *b = check_alloc ((long) p * n * sizeof (float) + 1);
  float *c = check_alloc (mn * sizeof (float) + 1);
  float *w = check_alloc (mn * sizeof (float) + 1);
  check_fill_float (a, (long) m * p, -1, 1);
  check_fill_float (b, (long) p * n, -1, 1);
  smm_ref (m, n, p, a, b, w);
  smm (m, n, p, a, b, c);
  CHECK_RAN_ON_DEVICE (mn * (p > 0));
  CHECK_FLOATS (c, w, mn, 1e-5, 1e-5 * p, "float %dx%dx%d", m, n, p);

  int *ia = check_alloc ((long) m * p * sizeof (int) + 1);
  int *ib = check_alloc ((long) p * n * sizeof (int) + 1);
  int *ic = check_alloc (mn * sizeof (int) + 1);
  int *iw = check_alloc (mn * sizeof (int) + 1);
  check_fill_int (ia, (long) m * p, -100, 100);
  check_fill_int (ib, (long) p * n, -100, 100);
  imm_ref (m, n, p, ia, ib, iw);
  imm (m, n, p, ia, ib, ic);
  CHECK_SAME (ic, iw, mn, "int %dx%dx%d", m, n, p);

  double *da = check_alloc ((long) m * p * sizeof (double) + 1);
  double *db = check_alloc ((long) p * n * sizeof (double) + 1);
  double *dc = check_alloc (mn * sizeof (double) + 1);
  double *dw = check_alloc (mn * sizeof (double) + 1);
  check_fill_double (da, (long) m * p, -1, 1);
  check_fill_double (db, (long) p * n, -1, 1);
  dmm_ref (m, n, p, da, db, dw);
  dmm (m, n, p, da, db, dc);
  CHECK_DOUBLES (dc, dw, mn, 1e-12, 1e-12 * p, "double %dx%dx%d", m, n, p);
  free (a); free (b); free (c); free (w);
  free (ia); free (ib); free (ic); free (iw);
  free (da); free (db); free (dc); free (dw);
}

int
main (int argc, char **argv)
{
  static const int sizes[] = { 1, 7, 16, 31, 33, 100, 257 };
  (void) argc;
  check_init ();
  /* First, once more with local memory for one variant, then none.  */
  static const char *const limits[] = { "4096", "64" };
  for (int l = 0; l < 2 && getenv ("GPURT_LOCAL_MEM_LIMIT") == NULL; l++)
    {
      fflush (NULL);
      pid_t pid = fork ();
      CHECK (pid >= 0, "fork");
      if (pid == 0)
	{
	  setenv ("GPURT_LOCAL_MEM_LIMIT", limits[l], 1);
	  execv ("/proc/self/exe", argv);
	  _exit (127);
	}
      int status;
      CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	     && WEXITSTATUS (status) == 0,
	     "the run under GPURT_LOCAL_MEM_LIMIT=%s failed (%#x)", limits[l],
	     status);
    }
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    test (sizes[s], sizes[s], sizes[s]);
  test (1000, 7, 33);
  test (3, 1000, 17);
  test (33, 31, 1000);
  test (17, 5, 0);
  test (63, 20, 18);
  test (64, 17, 40);
  test (65, 33, 16);
  test (129, 3, 5);
  test (5, 129, 7);
  test (70, 65, 3);
  /* Every tile full and every group inside the index space (the lean
     loads and the unrolled loop over a full tile only), then full tiles
     of k with partial groups, and k neither a multiple of the tile's
     depth nor of 4.  */
  test (128, 128, 128);
  test (129, 257, 64);
  test (200, 131, 97);
  test (0, 5, 9);
  for (int lo = 0; lo < 40; lo += 13)
    {
      int n = 45;
      float *a = check_alloc (n * n * sizeof (float));
      float *b = check_alloc (n * n * sizeof (float));
      float *c = check_alloc (n * n * sizeof (float));
      float *w = check_alloc (n * n * sizeof (float));
      check_fill_float (a, n * n, -1, 1);
      check_fill_float (b, n * n, -1, 1);
      check_fill_float (c, n * n, -1, 1);
      memcpy (w, c, n * n * sizeof (float));
      skew_ref (n, lo, a, b, w);
      skew (n, lo, a, b, c);
      CHECK_FLOATS (c, w, n * n, 1e-5, 1e-4, "skew lo %d", lo);
      free (a); free (b); free (c); free (w);
    }
  return 0;
}
