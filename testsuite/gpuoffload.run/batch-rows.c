/* batch-rows.c: regions that read (or write) a matrix row by row in a serial inner loop (a[i * m + j], j < m) run in batches of their outer index (docs/ABI.md section 9), each with only its rows: a matrix-vector product (int indices), a gesummv-like region over two n x m matrices (long indices) row prefix sums written row by row in the inner loop and a 2-D matrix product whose rows of a are read in the serial loop over k, under GPURT_DEVICE_MEM_LIMIT (8 KiB: a third of the data of the larger shapes or less; sequential batches, must run on the device) and under GPURT_BATCH_BYTES (pipelined batches), and in slices on three logical devices (GPURT_DEVICES=0,0,0), in children whose profiles must count batches or split launches; shapes with rows != columns, that do not divide into batches, 0 rows and 0 columns.  A triangular product (j <= i: the inner bound moves with i) is not cut into rows: under the limit it runs on the host, right, with no batches; under GPURT_BATCH_BYTES it runs unbatched on the device.  Under -ffp-contract=off every result equals serial C bit for bit.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

static void
matvec (int n, int m, const double *a, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < m; j++)
	s += a[i * m + j] * x[j];
      y[i] = s;
    }
}

/* Two matrices read by rows, two results per row (PolyBench's gesummv
   with n x m matrices).  */
static void
gesummv (long n, long m, double alpha, double beta, const double *a,
	 const double *b, const double *x, double *y, double *tmp)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      double t = 0, u = 0;
      for (long j = 0; j < m; j++)
	{
	  t += a[i * m + j] * x[j];
	  u += b[i * m + j] * x[j];
	}
      tmp[i] = t;
      y[i] = alpha * t + beta * u;
    }
}

/* Rows written in the inner loop, each outer iteration's window its own
   row: scaled prefix sums (a serial inner loop, not a second level).  */
static void
rowscan (int n, int m, const double *a, const double *s, double *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double t = 0;
      for (int j = 0; j < m; j++)
	{
	  t += a[i * m + j] * s[i];
	  out[i * m + j] = t;
	}
    }
}

/* 2-D: the rows of A read in the serial loop over K move with I, B is
   read whole by every batch.  */
static void
matmul (int n, int m, int p, const double *a, const double *b, double *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m; j++)
      {
	double s = 0;
	for (int k = 0; k < p; k++)
	  s += a[i * p + k] * b[k * m + j];
	c[i * m + j] = s;
      }
}

/* The inner bound depends on I: A is read whole by every batch.  */
static void
tri (int n, const double *a, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j <= i; j++)
	s += a[i * n + j] * x[j];
      y[i] = s;
    }
}

static void
test_rows (long n, long m)
{
  double *a = check_alloc (n * m * sizeof *a);
  double *b = check_alloc (n * m * sizeof *b);
  double *x = check_alloc (m * sizeof *x);
  double *s = check_alloc (n * sizeof *s);
  double *y = check_alloc (n * sizeof *y);
  double *tmp = check_alloc (n * sizeof *tmp);
  double *out = check_alloc (n * m * sizeof *out);
  double *want = check_alloc ((m > 1 ? n * m : n) * sizeof *want);
  double *want2 = check_alloc (n * sizeof *want2);
  check_fill_double (a, n * m, -2.0, 2.0);
  check_fill_double (b, n * m, -2.0, 2.0);
  check_fill_double (x, m, -2.0, 2.0);
  check_fill_double (s, n, -2.0, 2.0);
  check_fill_double (y, n, -9.0, 9.0);
  check_fill_double (tmp, n, -9.0, 9.0);
  double alpha = check_uniform (-2.0, 2.0), beta = check_uniform (-2.0, 2.0);

  for (long i = 0; i < n; i++)
    {
      double t = 0;
      for (long j = 0; j < m; j++)
	t += a[i * m + j] * x[j];
      want[i] = t;
    }
  matvec ((int) n, (int) m, a, x, y);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_DOUBLES (y, want, n, 0.0, 0.0, "matvec %ldx%ld", n, m);

  for (long i = 0; i < n; i++)
    {
      double t = 0, u = 0;
      for (long j = 0; j < m; j++)
	{
	  t += a[i * m + j] * x[j];
	  u += b[i * m + j] * x[j];
	}
      want[i] = t;
      want2[i] = alpha * t + beta * u;
    }
  gesummv (n, m, alpha, beta, a, b, x, y, tmp);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_DOUBLES (tmp, want, n, 0.0, 0.0, "gesummv tmp %ldx%ld", n, m);
  CHECK_DOUBLES (y, want2, n, 0.0, 0.0, "gesummv y %ldx%ld", n, m);

  for (long i = 0; i < n; i++)
    {
      double t = 0;
      for (long j = 0; j < m; j++)
	{
	  t += a[i * m + j] * s[i];
	  want[i * m + j] = t;
	}
    }
  rowscan ((int) n, (int) m, a, s, out);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_DOUBLES (out, want, n * m, 0.0, 0.0, "rowscan %ldx%ld", n, m);

  /* C (N x Q) = A (N x P) B (P x Q): a few columns, so that B fits the
     8 KiB with a batch of rows; A's first N * P elements.  */
  long q = m < 61 ? m : 61, p = m < 3 ? m : 3;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < q; j++)
      {
	double t = 0;
	for (long k = 0; k < p; k++)
	  t += a[i * p + k] * b[k * q + j];
	want[i * q + j] = t;
      }
  matmul ((int) n, (int) q, (int) p, a, b, out);
  CHECK_RAN_ON_DEVICE (n * q);
  CHECK_DOUBLES (out, want, n * q, 0.0, 0.0, "matmul %ldx%ldx%ld", n, q, p);
  free (a);
  free (b);
  free (x);
  free (s);
  free (y);
  free (tmp);
  free (out);
  free (want);
  free (want2);
}

/* TRI over N x N; DEVICE: whether it must have run on the device (1), on
   the host (0) or either (-1).  */
static void
test_tri (long n, int device)
{
  double *a = check_alloc (n * n * sizeof *a);
  double *x = check_alloc (n * sizeof *x);
  double *y = check_alloc (n * sizeof *y);
  double *want = check_alloc (n * sizeof *want);
  check_fill_double (a, n * n, -2.0, 2.0);
  check_fill_double (x, n, -2.0, 2.0);
  check_fill_double (y, n, -9.0, 9.0);
  for (long i = 0; i < n; i++)
    {
      double t = 0;
      for (long j = 0; j <= i; j++)
	t += a[i * n + j] * x[j];
      want[i] = t;
    }
  tri ((int) n, a, x, y);
  if (device == 1)
    CHECK_RAN_ON_DEVICE (n);
#ifdef __GPUOFFLOAD__
  if (device == 0)
    CHECK (!gpurt_last_region_ran_on_device (),
	   "tri %ld: a region too large and not cut into rows ran on the"
	   " device", n);
#endif
  CHECK_DOUBLES (y, want, n, 0.0, 0.0, "tri %ld", n);
  free (a);
  free (x);
  free (y);
  free (want);
}

static const long shapes[][2] = {
  { 0, 5 }, { 5, 0 }, { 1, 1 }, { 7, 3 }, { 97, 61 }, { 61, 97 },
  { 1000, 37 }, { 333, 301 }
};

static void
run_rows (void)
{
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
    test_rows (shapes[k][0], shapes[k][1]);
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1 && strcmp (argv[1], "--rows") == 0)
    {
      run_rows ();
      return 0;
    }
  if (argc > 1 && strcmp (argv[1], "--tri-host") == 0)
    {
      test_tri (97, 0);
      test_tri (200, 0);
      return 0;
    }
  if (argc > 1 && strcmp (argv[1], "--tri-pipe") == 0)
    {
      test_tri (0, 1);
      test_tri (97, 1);
      test_tri (200, 1);
      return 0;
    }
  static char text[1 << 16];
  /* Under 8 KiB, the shapes of 97 x 61 and larger need batches in all
     three regions: 4 shapes, 3 regions, 2 batches at least.  */
  check_profile_child (argv[0], "--rows", "GPURT_DEVICE_MEM_LIMIT=8192",
		       text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches\": ") >= 4 * 3 * 2,
	   "too few batches in the profile:\n%s", text);
  /* Batches of about 16 KiB: those shapes pipelined.  */
  check_profile_child (argv[0], "--rows", "GPURT_BATCH_BYTES=16384",
		       text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (check_json_sum (text, "\"batches_pipelined\": ") >= 4 * 3 * 2,
	   "too few pipelined batches in the profile:\n%s", text);
  /* Slices of rows on three logical devices.  */
  check_profile_child (argv[0], "--rows", "GPURT_DEVICES=0,0,0", text,
		       sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") != 0)
    CHECK (strstr (text, "\"split\": { \"devices\": 3") != NULL,
	   "no split launches in the profile:\n%s", text);
  /* The triangle fits the device: unbatched there, whatever
     GPURT_BATCH_BYTES says.  */
  check_profile_child (argv[0], "--tri-pipe", "GPURT_BATCH_BYTES=16384",
		       text, sizeof text);
  CHECK (check_json_sum (text, "\"batches\": ") == 0
	 && check_json_sum (text, "\"batches_pipelined\": ") == 0,
	 "tri ran in batches:\n%s", text);
  /* Larger than the limit and not cut into rows: the host (the child
     must not stop at it).  */
  check_profile_child_silent (argv[0], "--tri-host",
			      "GPURT_DEVICE_MEM_LIMIT=8192", text,
			      sizeof text);
  CHECK (check_json_sum (text, "\"batches\": ") == 0,
	 "tri ran in batches:\n%s", text);
  /* And without limits, in this process.  */
  run_rows ();
  test_tri (0, 1);
  test_tri (1, 1);
  test_tri (97, 1);
  return 0;
}
