/* twolevel-nests.c: two levels of parallelism (issue 14 item 1): inner
   GPU_PARALLEL loops under a serial loop (the i-k-j matrix product),
   side by side with and without a dependence between them (also through
   two pointers to the same array, whose barrier runs only when the
   runtime finds them in one buffer), serial code
   between them that stores a value the next inner loop reads (in host
   memory and in a private array), a per-row reduction whose result the
   next inner loop uses, a triangular inner loop (its reads bounded by
   GPU_EXTENT: the range analysis needs counts fixed before the region),
   inner loops stepping down by 2 and up by 3, and a 2-D outer nest
   around an inner loop.  Shapes include
   empty ranges and sizes no work-group size divides; every result is
   compared with the same loops run serially, also in children whose
   work-groups have 1 and 8 work-items (GPURT_GROUP_SIZE), and in children
   that run every region's two-level or one-level kernel
   (GPURT_TWO_LEVEL=group or flat: the profile counts the one-level
   runs).  */
#include "check.h"
#include <sys/wait.h>

/* The children below open the device: this process must not before.  */
CHECK_CHILDREN_USE_DEVICE

static const long shapes[][3] = {
  { 0, 4, 3 }, { 3, 0, 2 }, { 2, 3, 0 }, { 1, 1, 1 }, { 5, 7, 3 },
  { 9, 257, 5 }, { 4, 300, 17 }, { 17, 31, 64 }, { 3, 1000, 2 }
};
#define NSH ((int) (sizeof shapes / sizeof shapes[0]))

/* C = beta * C + alpha * A * B in the order a CPU programmer writes.  */
#define GEMM_BODY(P)							\
  for (long i P = 0; i < ni; i++)					\
    {									\
      for (long j P = 0; j < nj; j++)					\
	C[i * nj + j] *= beta;						\
      for (long k = 0; k < nk; k++)					\
	for (long j P = 0; j < nj; j++)					\
	  C[i * nj + j] += alpha * A[i * nk + k] * B[k * nj + j];	\
    }

static void
gemm_ikj (long ni, long nj, long nk, double alpha, double beta,
	  const double *A, const double *B, double *C)
{
  GEMM_BODY (GPU_PARALLEL)
}

static void
gemm_ikj_ref (long ni, long nj, long nk, double alpha, double beta,
	      const double *A, const double *B, double *C)
{
  GEMM_BODY ()
}

/* Side by side, the second reading what other iterations of the first
   wrote (a reversed row), then a third independent of both.  */
#define SIDE_BODY(P)							\
  for (long i P = 0; i < n; i++)					\
    {									\
      for (long j P = 0; j < m; j++)					\
	a[i * m + j] = x[i * m + j] * 3 + (int) j;			\
      for (long j P = 0; j < m; j++)					\
	b[i * m + j] = a[i * m + (m - 1 - j)] - a[i * m + j];		\
      for (long j P = 0; j < m; j++)					\
	c[i * m + j] = x[i * m + j] ^ (int) i;				\
    }

static void
side (long n, long m, const int *x, int *a, int *b, int *c)
{
  SIDE_BODY (GPU_PARALLEL)
}

static void
side_ref (long n, long m, const int *x, int *a, int *b, int *c)
{
  SIDE_BODY ()
}

/* Two inner loops that touch the same row through two pointers the
   caller makes the same: the second reads, reversed, what other
   work-items wrote in the first, so the barrier between them, which the
   compiler cannot prove needless (A and B may be one buffer), runs.  */
#define MIRROR_BODY(P)							\
  for (long i P = 0; i < n; i++)					\
    {									\
      for (long j P = 0; j < m; j++)					\
	a[i * m + j] += 1 + (int) j;					\
      for (long j P = 0; j < m; j++)					\
	c[i * m + j] = b[i * m + (m - 1 - j)] * 2;			\
    }

static void
mirror (long n, long m, int *a, const int *b, int *c)
{
  MIRROR_BODY (GPU_PARALLEL)
}

static void
mirror_ref (long n, long m, int *a, const int *b, int *c)
{
  MIRROR_BODY ()
}

/* Serial code that stores values the inner loops read: a row scale in
   host memory, a private table, a row sum reduced per row and used by
   the next inner loop.  */
#define SERIAL_BODY(P, R)						\
  for (long i P = 0; i < n; i++)					\
    {									\
      scale[i] = 1.0f + (float) (i % 5);				\
      float tab[4];							\
      for (int t = 0; t < 4; t++)					\
	tab[t] = scale[i] * (float) (t + 1);				\
      float s R = 0;							\
      for (long j P = 0; j < m; j++)					\
	s += fabsf (x[i * m + j]);					\
      float inv = 1.0f / (1.0f + s);					\
      for (long j P = 0; j < m; j++)					\
	y[i * m + j] = x[i * m + j] * inv * tab[j % 4] * scale[i];	\
      sums[i] = s;							\
    }

static void
serial (long n, long m, const float *x, float *scale, float *y, float *sums)
{
  SERIAL_BODY (GPU_PARALLEL, GPU_REDUCE)
}

static void
serial_ref (long n, long m, const float *x, float *scale, float *y,
	    float *sums)
{
  SERIAL_BODY (, )
}

/* A triangular inner loop (its count depends on the row), one that
   steps down by 2 and one that steps up by 3.  */
#define TRI_BODY(P, R)							\
  for (long i P = 0; i < n; i++)					\
    {									\
      long s R = 0;							\
      for (long j P = 0; j < i % (m + 1); j++)				\
	s += x[j] * (long) (i + 1);					\
      t[i] = s;								\
      for (long j P = m - 1; j >= 0; j -= 2)				\
	u[i * m + j] = x[j] + (int) i;					\
      for (long j P = 1; j < m; j += 3)					\
	u[i * m + j] -= 7;						\
    }

static void
tri (long n, long m, const int *x GPU_EXTENT (m), long *t, int *u)
{
  TRI_BODY (GPU_PARALLEL, GPU_REDUCE)
}

static void
tri_ref (long n, long m, const int *x, long *t, int *u)
{
  TRI_BODY (, )
}

/* A 2-D outer nest (rows and columns of C) around an inner reduction
   over K: the dot products of C = A * B, one work-group each.  */
#define DOT_BODY(P, R)							\
  for (long i P = 0; i < ni; i++)					\
    for (long j P = 0; j < nj; j++)					\
      {									\
	double acc R = 0;						\
	for (long k P = 0; k < nk; k++)					\
	  acc += A[i * nk + k] * B[k * nj + j];				\
	C[i * nj + j] = acc;						\
      }

static void
dot2d (long ni, long nj, long nk, const double *A, const double *B,
       double *C)
{
  DOT_BODY (GPU_PARALLEL, GPU_REDUCE)
}

static void
dot2d_ref (long ni, long nj, long nk, const double *A, const double *B,
	   double *C)
{
  DOT_BODY (, )
}

/* Everything again in children with work-groups of 1 and of 8
   work-items (GPURT_GROUP_SIZE): the results must not depend on the size
   the runtime chooses.  */
static void
test_group_sizes (const char *self)
{
  static const char *const sizes[] = { "GPURT_GROUP_SIZE=1",
				       "GPURT_GROUP_SIZE=8" };
  for (int k = 0; k < 2; k++)
    {
      fflush (NULL);
      pid_t pid = fork ();
      CHECK (pid >= 0, "fork");
      if (pid == 0)
	{
	  putenv ((char *) sizes[k]);
	  execl (self, self, "--child", (char *) NULL);
	  _exit (127);
	}
      int status;
      CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	     && WEXITSTATUS (status) == 0, "the %s run failed (%#x)",
	     sizes[k], status);
    }
  static char text[1 << 16];
  check_profile_child (self, "--child", "GPURT_TWO_LEVEL=group", text,
		       sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") == 0)
    return;			/* the host path: no kernels */
  CHECK (check_json_sum (text, "\"flat_runs\": ") == 0,
	 "GPURT_TWO_LEVEL=group ran a one-level kernel:\n%s", text);
  check_profile_child (self, "--child", "GPURT_TWO_LEVEL=flat", text,
		       sizeof text);
  CHECK (check_json_sum (text, "\"flat_runs\": ") > 0,
	 "GPURT_TWO_LEVEL=flat ran no one-level kernel:\n%s", text);
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc < 2)
    test_group_sizes (argv[0]);
  for (int q = 0; q < NSH; q++)
    {
      long n = shapes[q][0], m = shapes[q][1], k = shapes[q][2];

      /* i-k-j product: n x m times m... (ni = n, nj = m, nk = k).  */
      double *A = check_alloc (sizeof (double) * (n * k + 1));
      double *B = check_alloc (sizeof (double) * (k * m + 1));
      double *C = check_alloc (sizeof (double) * (n * m + 1));
      check_fill_double (A, n * k, -1, 1);
      check_fill_double (B, k * m, -1, 1);
      check_fill_double (C, n * m, -1, 1);
      double *Cw = check_dup (C, sizeof (double) * (n * m + 1));
      gemm_ikj (n, m, k, 1.5, -0.5, A, B, C);
      CHECK_RAN_ON_DEVICE (n);
      gemm_ikj_ref (n, m, k, 1.5, -0.5, A, B, Cw);
      CHECK_DOUBLES (C, Cw, n * m, 1e-12, 1e-12, "gemm_ikj %ldx%ldx%ld",
		     n, m, k);
      dot2d (n, m, k, A, B, C);
      CHECK_RAN_ON_DEVICE (n * m);
      dot2d_ref (n, m, k, A, B, Cw);
      CHECK_DOUBLES (C, Cw, n * m, 1e-12, 1e-12, "dot2d %ldx%ldx%ld",
		     n, m, k);
      free (A);
      free (B);
      free (C);
      free (Cw);

      int *x = check_alloc (sizeof (int) * (n * m + 1));
      int *a = check_alloc (sizeof (int) * (n * m + 1));
      int *b = check_alloc (sizeof (int) * (n * m + 1));
      int *c = check_alloc (sizeof (int) * (n * m + 1));
      int *a2 = check_alloc (sizeof (int) * (n * m + 1));
      int *b2 = check_alloc (sizeof (int) * (n * m + 1));
      int *c2 = check_alloc (sizeof (int) * (n * m + 1));
      check_fill_int (x, n * m, -1000, 1000);
      side (n, m, x, a, b, c);
      CHECK_RAN_ON_DEVICE (n);
      side_ref (n, m, x, a2, b2, c2);
      CHECK_SAME (a, a2, n * m, "side a %ldx%ld", n, m);
      CHECK_SAME (b, b2, n * m, "side b %ldx%ld", n, m);
      CHECK_SAME (c, c2, n * m, "side c %ldx%ld", n, m);
      memcpy (a2, a, sizeof (int) * (n * m + 1));
      mirror (n, m, a, a, c);
      CHECK_RAN_ON_DEVICE (n);
      mirror_ref (n, m, a2, a2, c2);
      CHECK_SAME (a, a2, n * m, "mirror a %ldx%ld", n, m);
      CHECK_SAME (c, c2, n * m, "mirror c %ldx%ld", n, m);

      long *t = check_alloc (sizeof (long) * (n + 1));
      long *t2 = check_alloc (sizeof (long) * (n + 1));
      int *u = check_alloc (sizeof (int) * (n * m + 1));
      check_fill_int (u, n * m, 0, 9);
      int *u2 = check_dup (u, sizeof (int) * (n * m + 1));
      tri (n, m, x, t, u);
      CHECK_RAN_ON_DEVICE (n);
      tri_ref (n, m, x, t2, u2);
      CHECK_SAME (t, t2, n, "tri t %ldx%ld", n, m);
      CHECK_SAME (u, u2, n * m, "tri u %ldx%ld", n, m);
      free (x); free (a); free (b); free (c); free (a2); free (b2);
      free (c2); free (t); free (t2); free (u); free (u2);

      float *xf = check_alloc (sizeof (float) * (n * m + 1));
      float *sc = check_alloc (sizeof (float) * (n + 1));
      float *sc2 = check_alloc (sizeof (float) * (n + 1));
      float *y = check_alloc (sizeof (float) * (n * m + 1));
      float *y2 = check_alloc (sizeof (float) * (n * m + 1));
      float *s = check_alloc (sizeof (float) * (n + 1));
      float *s2 = check_alloc (sizeof (float) * (n + 1));
      check_fill_float (xf, n * m, -10, 10);
      serial (n, m, xf, sc, y, s);
      CHECK_RAN_ON_DEVICE (n);
      serial_ref (n, m, xf, sc2, y2, s2);
      CHECK_FLOATS (sc, sc2, n, 0, 0, "serial scale %ldx%ld", n, m);
      CHECK_FLOATS (s, s2, n, 1e-5, 1e-5, "serial sums %ldx%ld", n, m);
      CHECK_FLOATS (y, y2, n * m, 1e-4, 1e-6, "serial y %ldx%ld", n, m);
      free (xf); free (sc); free (sc2); free (y); free (y2); free (s);
      free (s2);
    }
  printf ("two-level nests checked\n");
  return 0;
}
