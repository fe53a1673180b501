/* tile-transpose.c: gpu_tile's staged transpose (the load walking
   dimension 0 read through a __local tile, the local indices exchanged
   so the store walks neighbouring work-items) against serial C: float,
   int and double, square and rectangular sizes no tile divides (1, 7,
   31, 33, 100, 257; 1000 x 3, 5 x 129), empty ranges, long indices;
   an input that is also the output (not staged, still correct); rerun
   first in a child under GPURT_LOCAL_MEM_LIMIT=64 (the plain kernel
   runs).  */
#include "check.h"
#include <sys/wait.h>

/* The children run on the device before this process opens it.  */
CHECK_CHILDREN_USE_DEVICE

/* OUT (N x M) = transpose of IN (M x N).  */
#define TRANSPOSE(NAME, T)						\
  static void								\
  NAME (int m, int n, const T *in, T *out)				\
  {									\
    for (int i GPU_PARALLEL = 0; i < m; i++)				\
      for (int j GPU_PARALLEL = 0; j < n; j++)				\
	out[j * m + i] = in[i * n + j];					\
  }
TRANSPOSE (str, float)
TRANSPOSE (itr, int)
TRANSPOSE (dtr, double)

/* Long indices, a computation on the staged value.  */
static void
ltr (long m, long n, const float *in, float *out)
{
  for (long i GPU_PARALLEL = 0; i < m; i++)
    for (long j GPU_PARALLEL = 0; j < n; j++)
      out[j * m + i] = 2.0f * in[i * n + j] + 1.0f;
}

/* The input is the output's other half (same pointer): not staged.  */
static void
selftr (int n, float *a)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      a[n * n + j * n + i] = a[i * n + j];
}

#define TEST(FN, T, FILL, CMP)						\
  {									\
    T *in = check_alloc (mn * sizeof (T) + 1);				\
    T *out = check_alloc (mn * sizeof (T) + 1);				\
    T *w = check_alloc (mn * sizeof (T) + 1);				\
    FILL (in, mn, -100, 100);						\
    FILL (out, mn, -1, 1);						\
    for (long i = 0; i < m; i++)					\
      for (long j = 0; j < n; j++)					\
	w[j * m + i] = in[i * n + j];					\
    FN (m, n, in, out);							\
    CHECK_RAN_ON_DEVICE (mn);						\
    CMP (out, w, mn, #T " %dx%d", m, n);				\
    free (in); free (out); free (w);					\
  }
#define SAME(G, W, N, ...) CHECK_SAME (G, W, N, __VA_ARGS__)

static void
test (int m, int n)
{
  long mn = (long) m * n;
  TEST (str, float, check_fill_float, SAME);
  TEST (itr, int, check_fill_int, SAME);
  TEST (dtr, double, check_fill_double, SAME);

  float *in = check_alloc (mn * sizeof (float) + 1);
  float *out = check_alloc (mn * sizeof (float) + 1);
  float *w = check_alloc (mn * sizeof (float) + 1);
  check_fill_float (in, mn, -1, 1);
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++)
      w[j * m + i] = 2.0f * in[i * n + j] + 1.0f;
  ltr (m, n, in, out);
  CHECK_RAN_ON_DEVICE (mn);
  CHECK_SAME (out, w, mn, "long %dx%d", m, n);
  free (in); free (out); free (w);
}

int
main (int argc, char **argv)
{
  static const int sizes[] = { 1, 7, 16, 31, 32, 33, 100, 257 };
  (void) argc;
  check_init ();
  if (getenv ("GPURT_LOCAL_MEM_LIMIT") == NULL)
    {
      fflush (NULL);
      pid_t pid = fork ();
      CHECK (pid >= 0, "fork");
      if (pid == 0)
	{
	  setenv ("GPURT_LOCAL_MEM_LIMIT", "64", 1);
	  execv ("/proc/self/exe", argv);
	  _exit (127);
	}
      int status;
      CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	     && WEXITSTATUS (status) == 0,
	     "the run under GPURT_LOCAL_MEM_LIMIT=64 failed (%#x)", status);
    }
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    test (sizes[s], sizes[s]);
  test (1000, 3);
  test (5, 129);
  test (33, 65);
  test (0, 9);
  test (9, 0);
  for (int n = 1; n < 70; n += 17)
    {
      float *a = check_alloc (2 * n * n * sizeof (float));
      float *w = check_alloc (2 * n * n * sizeof (float));
      check_fill_float (a, 2 * n * n, -1, 1);
      memcpy (w, a, 2 * n * n * sizeof (float));
      for (int i = 0; i < n; i++)
	for (int j = 0; j < n; j++)
	  w[n * n + j * n + i] = w[i * n + j];
      selftr (n, a);
      CHECK_SAME (a, w, 2 * n * n, "self %d", n);
      free (a); free (w);
    }
  return 0;
}
