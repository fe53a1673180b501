/* host-threads.c: the outlined host fallback.  Regions that read a local table, a struct passed by value and scalars from before the loop, write through pointers, and leave the index's final value for the code after them, give the serial results on the device and on the host; re-run with GPURT_DEVICE=host and GPURT_HOST_THREADS=1, 3 and 8, the host path uses min(threads, outer trip count) threads.  */
#include "check.h"
#include <sys/wait.h>

struct params
{
  float scale;
  int shift;
  double bias;
};

/* 1-D: a table on the caller's stack, a struct parameter, the final
   index returned.  */
static int
scale_rows (int n, struct params p, const float *restrict x, float *restrict y)
{
  float tab[16];
  for (int k = 0; k < 16; k++)
    tab[k] = (float) (k - 8) * p.scale;
  int i GPU_PARALLEL;
  for (i = 0; i < n; i++)
    y[i] = tab[(i + p.shift) & 15] * x[i] + (float) p.bias;
  return i;
}

/* 2-D, counting down in the outer loop with a step of 3 (rows 0, 3, 6...
   of arrays with 3 * ROWS rows: the others keep their values) and a
   private array in the body.  */
static void
grid (int rows, int cols, const int *restrict a, int *restrict b)
{
  for (int r GPU_PARALLEL = 3 * (rows - 1); r >= 0; r -= 3)
    for (int c GPU_PARALLEL = 0; c < cols; c++)
      {
	int acc[4];
	for (int k = 0; k < 4; k++)
	  acc[k] = a[r * cols + c] * (k + 1);
	b[r * cols + c] = acc[0] + acc[1] + acc[2] + acc[3] + r;
      }
}

static void
test_rows (long n, int threads)
{
  float *x = check_alloc (n * sizeof *x);
  float *y = check_alloc (n * sizeof *y);
  check_fill_float (x, n, -5.0f, 5.0f);
  struct params p = { check_uniformf (-2.0f, 2.0f), (int) check_range (0, 100),
		      check_uniform (-1.0, 1.0) };
  float *want = check_alloc (n * sizeof *want);
  for (long i = 0; i < n; i++)
    want[i] = (float) ((int) ((i + p.shift) & 15) - 8) * p.scale * x[i]
	      + (float) p.bias;
  int end = scale_rows ((int) n, p, x, y);
  CHECK_RAN_ON_DEVICE (n);
#ifdef __GPUOFFLOAD__
  if (threads > 0)
    {
      int want_t = n == 0 ? 0 : (n < threads ? (int) n : threads);
      CHECK (gpurt_last_region_host_threads () == want_t,
	     "n=%ld: %d host threads, expected %d", n,
	     gpurt_last_region_host_threads (), want_t);
    }
#endif
  CHECK (end == n, "n=%ld: index after the loop is %d", n, end);
  CHECK_FLOATS (y, want, n, 1e-5, 1e-5, "scale_rows n=%ld", n);
  free (x);
  free (y);
  free (want);
}

static void
test_grid (int rows, int cols, int threads)
{
  long n = 3L * rows * cols;
  int *a = check_alloc (n * sizeof *a);
  int *b = check_alloc (n * sizeof *b);
  check_fill_int (a, n, -1000, 1000);
  check_fill_int (b, n, -1000, 1000);
  int *want = check_dup (b, n * sizeof *b);
  for (int r = 0; r < 3 * rows; r += 3)
    for (int c = 0; c < cols; c++)
      want[r * cols + c] = a[r * cols + c] * 10 + r;
  grid (rows, cols, a, b);
  CHECK_RAN_ON_DEVICE (n);
#ifdef __GPUOFFLOAD__
  if (threads > 0)
    {
      int want_t = n == 0 ? 0 : (rows < threads ? rows : threads);
      CHECK (gpurt_last_region_host_threads () == want_t,
	     "grid %dx%d: %d host threads, expected %d", rows, cols,
	     gpurt_last_region_host_threads (), want_t);
    }
#endif
  CHECK_SAME (b, want, n, "grid %dx%d", rows, cols);
  free (a);
  free (b);
  free (want);
}

static void
run_all (int threads)
{
  for (int s = 0; s < CHECK_NSIZES; s++)
    test_rows (check_sizes[s], threads);
  test_rows (CHECK_LARGE, threads);
  static const int shapes[][2] = { { 0, 5 }, { 1, 1 }, { 2, 1000 },
				   { 7, 3 }, { 97, 131 }, { 1000, 2 } };
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    test_grid (shapes[s][0], shapes[s][1], threads);
}

int
main (void)
{
  check_init ();
  const char *child = getenv ("HOST_THREADS_CHILD");
  if (child)
    {
      run_all (atoi (child));
      return 0;
    }
  run_all (0);
#ifdef __GPUOFFLOAD__
  /* The environment is read once, before main: run again with it set.  */
  static const char *const counts[] = { "1", "3", "8" };
  for (unsigned k = 0; k < 3; k++)
    {
      pid_t pid = fork ();
      CHECK (pid >= 0, "fork failed");
      if (pid == 0)
	{
	  setenv ("GPURT_DEVICE", "host", 1);
	  setenv ("GPURT_HOST_THREADS", counts[k], 1);
	  setenv ("HOST_THREADS_CHILD", counts[k], 1);
	  execl ("/proc/self/exe", "host-threads", (char *) NULL);
	  _exit (127);
	}
      int status;
      CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	     && WEXITSTATUS (status) == 0,
	     "the run with GPURT_HOST_THREADS=%s failed", counts[k]);
    }
#endif
  return 0;
}
