/* multi-tile.c: a split launch (GPURT_DEVICES, issue 20) runs the
   region's gpu_tile variant on its slices, not only the plain kernel: an
   int matmul (the register-blocked variant, 128 rows per group, and its
   fall back, the 16x16 tiled one) and a 2-D float 5-point Jacobi time
   loop (the halo variant, 8 rows per group; the slices keep their rows
   on their logical devices and exchange a halo row each sweep), against
   serial C, exactly (int; float under -ffp-contract=off, the same sums in
   the same order), at sizes no group, tile or slice count divides (1,
   17, 129, 300 rows, non-square) and empty ones.  Children run the work
   under GPURT_DEVICES=0,0 and 0,0,0 (two and three logical devices on
   the OpenCL device) with GPURT_VERBOSE=2: the log must show the variants
   running on slices that start past outer iteration 0 (the runtime cuts
   at multiples of a group's rows, so that they can); under
   GPURT_LOCAL_MEM_LIMIT=64 no variant fits and the plain kernel runs the
   slices (the Jacobi's NAME_i32, with 32-bit offsets), with the same
   results.  */
/* { dg-additional-options "-ffp-contract=off -fplugin-arg-gpuoffload-halo-tile" } */
#include "check.h"

/* The children run on the device before this process opens it.  */
CHECK_CHILDREN_USE_DEVICE

static void
imm (int m, int n, int p, const int *a, const int *b, int *c)
{
  for (int i GPU_PARALLEL = 0; i < m; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	int acc = 0;
	for (int k = 0; k < p; k++)
	  acc += a[i * p + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

/* One sweep of the Jacobi stencil, for the marked loops and the serial
   ones alike.  */
#define J5(A, I, J, M)							\
  (0.2f * (A[(I) * (M) + (J)] + A[((I) - 1) * (M) + (J)]		\
	   + A[((I) + 1) * (M) + (J)] + A[(I) * (M) + (J) - 1]		\
	   + A[(I) * (M) + (J) + 1]))

static void
jacobi (long n, long m, const float *restrict a, float *restrict b)
{
  for (long i GPU_PARALLEL = 1; i < n - 1; i++)
    for (long j GPU_PARALLEL = 1; j < m - 1; j++)
      b[i * m + j] = J5 (a, i, j, m);
}

static void
test_matmul (int m, int n, int p)
{
  int *a = check_alloc ((long) m * p * sizeof (int) + 1);
  int *b = check_alloc ((long) p * n * sizeof (int) + 1);
  int *c = check_alloc ((long) m * n * sizeof (int) + 1);
  int *w = check_alloc ((long) m * n * sizeof (int) + 1);
  check_fill_int (a, (long) m * p, -100, 100);
  check_fill_int (b, (long) p * n, -100, 100);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
	int acc = 0;
	for (int k = 0; k < p; k++)
	  acc += a[i * p + k] * b[k * n + j];
	w[i * n + j] = acc;
      }
  imm (m, n, p, a, b, c);
  CHECK_RAN_ON_DEVICE ((long) m * n);
  CHECK_SAME (c, w, (long) m * n, "int matmul %dx%dx%d", m, n, p);
  free (a);
  free (b);
  free (c);
  free (w);
}

/* STEPS sweeps back and forth over N x M (the borders kept).  */
static void
test_jacobi (long n, long m, int steps)
{
  size_t bytes = n * m * sizeof (float) + 1;
  float *a = check_alloc (bytes), *b = check_alloc (bytes);
  float *wa = check_alloc (bytes), *wb = check_alloc (bytes);
  check_fill_float (a, n * m, -1, 1);
  memcpy (b, a, n * m * sizeof (float));
  memcpy (wa, a, n * m * sizeof (float));
  memcpy (wb, a, n * m * sizeof (float));
  for (int t = 0; t < steps; t++)
    {
      jacobi (n, m, a, b);
      jacobi (n, m, b, a);
      for (long i = 1; i < n - 1; i++)
	for (long j = 1; j < m - 1; j++)
	  wb[i * m + j] = J5 (wa, i, j, m);
      for (long i = 1; i < n - 1; i++)
	for (long j = 1; j < m - 1; j++)
	  wa[i * m + j] = J5 (wb, i, j, m);
    }
  CHECK_RAN_ON_DEVICE ((n > 2) * (m > 2));
  CHECK_SAME (a, wa, n * m, "jacobi %ldx%ld, %d steps", n, m, steps);
  CHECK_SAME (b, wb, n * m, "jacobi %ldx%ld, %d steps (b)", n, m, steps);
  free (a);
  free (b);
  free (wa);
  free (wb);
}

static void
work (void)
{
  static const int mm[][3] = {
    { 300, 129, 97 }, { 129, 300, 33 }, { 1, 17, 5 }, { 17, 1, 300 },
    { 300, 300, 17 }, { 0, 17, 3 }, { 17, 0, 3 }, { 517, 65, 31 }
  };
  static const long st[][2] = {
    { 300, 129 }, { 129, 300 }, { 17, 17 }, { 3, 3 }, { 1, 1 }, { 0, 5 },
    { 101, 7 }
  };
  for (unsigned i = 0; i < sizeof mm / sizeof mm[0]; i++)
    test_matmul (mm[i][0], mm[i][1], mm[i][2]);
  for (unsigned i = 0; i < sizeof st / sizeof st[0]; i++)
    test_jacobi (st[i][0], st[i][1], 3);
}

/* Run the work in a child under GPURT_VERBOSE=2 and ENVS ("NAME=VALUE",
   at most 3, NULL-terminated; WHAT names them); on the device its log
   must hold each of WANT and none of AVOID (NULL-terminated), and say
   that a launch was split unless BATCHES (then that one ran in
   batches).  */
static void
child (const char *argv0, const char *what, const char *const *envs,
       int batches, const char *const *want, const char *const *avoid)
{
  static char err[1 << 20];
  const char *all[5] = { "GPURT_VERBOSE=2", NULL };
  for (int i = 0; envs[i]; i++)
    all[i + 1] = envs[i];
  int st = check_child_stderr (argv0, "--work", all, err, sizeof err);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0, "%s: %#x\n%.4000s", what,
	 st, err);
  if (!strstr (err, "using OpenCL device"))
    return;
  CHECK (strstr (err, batches ? "runs in batches" : "split over"),
	 "%s: nothing %s:\n%.4000s", what, batches ? "batched" : "split",
	 err);
  for (; *want; want++)
    CHECK (strstr (err, *want), "%s: no \"%s\" in:\n%.8000s", what, *want,
	   err);
  for (; *avoid; avoid++)
    CHECK (!strstr (err, *avoid), "%s: \"%s\" in:\n%.8000s", what, *avoid,
	   err);
}

int
main (int argc, char **argv)
{
  const char *d = getenv ("GPURT_DEVICE");
  CHECK_CHILD_RUNS (argc, work);
  if (d && !strcmp (d, "host"))
    {
      work ();
      return 0;
    }
  /* 300 rows in two: slices [0, 128) and [128, 300) of the blocked
     variant's 128 rows; in three: [0, 0), [0, 128), [128, 300).  The
     Jacobi's 298 inner rows: [0, 144), [144, 298) of its 8; in three
     [0, 96), [96, 192), [192, 298).  */
  static const char *const want[] = {
    "variant gpu_imm_0_tile16r8x8k32 from outer iteration 128",
    "variant gpu_jacobi_1_halo32x8 from outer iteration 144", NULL
  };
  static const char *const want3[] = {
    "variant gpu_imm_0_tile16r8x8k32 from outer iteration 128",
    "variant gpu_jacobi_1_halo32x8 from outer iteration 96",
    "variant gpu_jacobi_1_halo32x8 from outer iteration 192", NULL
  };
  /* 4096 bytes of local memory: the tiled variant's 16 rows.  */
  static const char *const want16[] = {
    "variant gpu_imm_0_tile16 from outer iteration 144",
    "variant gpu_jacobi_1_halo32x8 from outer iteration 144", NULL
  };
  /* None: the plain kernels, cut in the middle (the Jacobi's with
     32-bit offsets, its buffers small).  */
  static const char *const plain[] = {
    "kernel gpu_imm_0 from outer iteration 150",
    "kernel gpu_jacobi_1_i32 from outer iteration 149", NULL
  };
  /* Batches one after the other in 250000 bytes: of the 300 x 129 x 97
     matmul's, 161 rows of c beside a and b (not cut: gpu_find does not
     see a's range move), cut to 128.  */
  static const char *const batch[] = {
    "variant gpu_imm_0_tile16r8x8k32 from outer iteration 256", NULL
  };
  static const char *const none[] = { NULL };
  static const char *const novariant[] = { "buffer(s), variant",
					   "runs variant", NULL };
  static const char *const two[] = { "GPURT_DEVICES=0,0", NULL };
  static const char *const three[] = { "GPURT_DEVICES=0,0,0", NULL };
  static const char *const small[] = { "GPURT_DEVICES=0,0",
				       "GPURT_LOCAL_MEM_LIMIT=4096", NULL };
  static const char *const tiny[] = { "GPURT_DEVICES=0,0",
				      "GPURT_LOCAL_MEM_LIMIT=64", NULL };
  static const char *const seq[] = { "GPURT_DEVICE_MEM_LIMIT=250000",
				     "GPURT_BATCH=0", NULL };
  child (argv[0], "GPURT_DEVICES=0,0", two, 0, want, none);
  child (argv[0], "GPURT_DEVICES=0,0,0", three, 0, want3, none);
  child (argv[0], "GPURT_LOCAL_MEM_LIMIT=4096", small, 0, want16, none);
  child (argv[0], "GPURT_LOCAL_MEM_LIMIT=64", tiny, 0, plain, novariant);
  child (argv[0], "GPURT_DEVICE_MEM_LIMIT=250000", seq, 1, batch, none);
  work ();
  return 0;
}
