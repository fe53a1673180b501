/* resident-redundant.c: GPURT_PROFILE's redundant copies (bytes the other side already had, as OMPDataPerf reports them) and the bytes host accesses between regions move.  This file is built with -fplugin-arg-gpuoffload-no-transfer-elim: every region copies its arrays in and back, and the profile must count exactly the copies that moved unchanged data (a Jacobi time loop re-uploading what it just brought back; a copy region run twice, whose second copy back changes nothing), but not a copy that a host store between the regions changed.  resident-redundant-kept.c builds the same with transfer elimination: no copy is redundant, a host load of an element between regions (or a printf of one) brings home only that element and uploads nothing, and a host store of one uploads only that element.  Each mode runs in a profile child; results are compared with serial C at sizes that fit no work-group.  Both files are built with -fplugin-arg-gpuoffload-no-fill, so that the arrays a sweep writes whole are copied in as the counts expect (fill.c tests what fill saves).  */
/* { dg-additional-options "-fplugin-arg-gpuoffload-no-transfer-elim -fplugin-arg-gpuoffload-no-fill" } */
#include "check.h"

/* The profile children use the device.  */
CHECK_CHILDREN_USE_DEVICE

/* T steps of two Jacobi sweeps between A and B; between them, by KIND:
   0 nothing, 1 a store to an element of B, 2 a load of one into TRACE,
   3 a printf of one (the print is no sync point: only the element
   comes home).  */
static void __attribute__ ((noinline))
jacobi (int kind, int n, int t, float *a, float *b, float *trace)
{
  for (int k = 0; k < t; k++)
    {
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0f / 3.0f);
      if (kind == 1)
	b[(k * 7) % n] = (float) k;
      if (kind == 2)
	trace[k] = b[n / 2];
      if (kind == 3)
	printf ("%a\n", (double) b[n / 2]);
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	a[i] = (b[i - 1] + b[i] + b[i + 1]) * (1.0f / 3.0f);
    }
}

static void
jacobi_ref (int kind, int n, int t, float *a, float *b, float *trace)
{
  for (int k = 0; k < t; k++)
    {
      for (int i = 1; i < n - 1; i++)
	b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0f / 3.0f);
      if (kind == 1)
	b[(k * 7) % n] = (float) k;
      if (kind == 2)
	trace[k] = b[n / 2];
      for (int i = 1; i < n - 1; i++)
	a[i] = (b[i - 1] + b[i] + b[i + 1]) * (1.0f / 3.0f);
    }
}

/* C = A, twice: the second copy in and copy back move nothing new.  */
static void __attribute__ ((noinline))
copy (int n, const float *a, float *c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    c[i] = a[i];
}

static void
run_jacobi (int kind, int n, int t)
{
  float *a = check_alloc (n * sizeof *a), *b = check_alloc (n * sizeof *b);
  /* The device's trace and the serial one.  */
  float *tr = check_alloc (2 * (t + 1) * sizeof *tr), *rtr = tr + t + 1;
  check_fill_float (a, n, -10.0f, 10.0f);
  check_fill_float (b, n, -10.0f, 10.0f);
  float *ra = check_dup (a, n * sizeof *a), *rb = check_dup (b, n * sizeof *b);
  jacobi (kind, n, t, a, b, tr);
  jacobi_ref (kind, n, t, ra, rb, rtr);
  CHECK_FLOATS (a, ra, n, 1e-5, 1e-5, "kind %d: a (n %d)", kind, n);
  CHECK_FLOATS (b, rb, n, 1e-5, 1e-5, "kind %d: b (n %d)", kind, n);
  if (kind == 2)
    CHECK_FLOATS (tr, rtr, t, 1e-5, 1e-5, "kind %d: trace (n %d)", kind, n);
  free (a); free (b); free (ra); free (rb); free (tr);
}

static void
run_copy (int n)
{
  float *a = check_alloc ((n + 1) * sizeof *a);
  float *c = check_alloc ((n + 1) * sizeof *c);
  check_fill_float (a, n, -10.0f, 10.0f);
  check_fill_float (c, n, -10.0f, 10.0f);
  copy (n, a, c);
  copy (n, a, c);
  CHECK_SAME (c, a, n, "copy (n %d)", n);
  free (a); free (c);
}

enum { N = 4099, T = 20, F = sizeof (float) };

/* The profile of a child running mode MODE (0-2 and 4: run_jacobi's
   kinds 0-3, 3: run_copy) at N and T; checks the byte and copy counts.  */
CHECK_UNUSED static void
check_mode (const char *self, int mode)
{
  static char text[1 << 16];
  char arg[16];
  snprintf (arg, sizeof arg, "--mode%d", mode);
  check_profile_child (self, arg, NULL, text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") == 0)
    return;			/* no device: nothing was copied */
  unsigned long long rh = check_json_sum (text, "\"redundant_h2d\": ");
  unsigned long long rhb = check_json_sum (text, "\"redundant_h2d_bytes\": ");
  unsigned long long rd = check_json_sum (text, "\"redundant_d2h\": ")
			  + check_json_sum (text, "\"sync_redundant_d2h\": ");
  unsigned long long rdb
    = check_json_sum (text, "\"redundant_d2h_bytes\": ")
      + check_json_sum (text, "\"sync_redundant_d2h_bytes\": ");
  unsigned long long h2d = check_json_sum (text, "\"bytes_h2d\": ");
  unsigned long long d2h = check_json_sum (text, "\"bytes_d2h\": ")
			   + check_json_sum (text, "\"sync_bytes_d2h\": ");
  unsigned long long xh, xhb, xd, xdb, xh2d, xd2h;
#ifndef REDUNDANT_KEPT
  /* Every region copies in what it reads and writes (a: [0, N), b's
     written part: [1, N - 1)) and copies back what it writes.  The first
     sweep's copies in are redundant from the second step on (a came back
     unchanged, b was just sent whole); the second sweep's copy in of b
     from the second step on (its inside just came back, its ends were
     sent the step before) unless the host stored into it; its copy in
     of a's inside always (sent by the first sweep).  */
  xh = 4 * T - 3;
  xhb = (T - 1) * (2ull * N - 2) * F + (T - 1) * (unsigned long long) N * F
	+ T * (N - 2ull) * F;
  xd = xdb = 0;
  xh2d = T * (4ull * N - 4) * F;
  xd2h = T * (2ull * N - 4) * F;
  if (mode == 1)
    {
      xh -= T - 1;
      xhb -= (T - 1) * (unsigned long long) N * F;
    }
  if (mode == 3)
    {
      /* The second copy: both copies in and the copy back.  */
      xh = 2;
      xhb = 2ull * N * F;
      xd = 1;
      xdb = (unsigned long long) N * F;
      xh2d = 4ull * N * F;
      xd2h = 2ull * N * F;
    }
#else
  /* Nothing is redundant.  a goes in whole, b's inside, then b's ends
     when the second sweep reads it; the insides come back once.  A store
     of one element uploads that element at the next step's second sweep
     (at the first step it is b[0], outside the kept copy: the second
     sweep's upload of b's ends takes it); a load brings home that element
     only.  */
  xh = xhb = xd = xdb = 0;
  xh2d = 2ull * N * F;
  xd2h = 2 * (N - 2ull) * F;
  if (mode == 1)
    xh2d += (T - 1ull) * F;
  if (mode == 2 || mode == 4)
    xd2h += (unsigned long long) T * F;
  if (mode == 3)
    {
      xh2d = 2ull * N * F;
      xd2h = (unsigned long long) N * F;
    }
#endif
  CHECK (rh == xh && rhb == xhb, "mode %d: %llu redundant copies in of %llu"
	 " bytes, expected %llu of %llu", mode, rh, rhb, xh, xhb);
  CHECK (rd == xd && rdb == xdb, "mode %d: %llu redundant copies back of"
	 " %llu bytes, expected %llu of %llu", mode, rd, rdb, xd, xdb);
  CHECK (h2d == xh2d && d2h == xd2h, "mode %d: %llu bytes in and %llu back,"
	 " expected %llu and %llu", mode, h2d, d2h, xh2d, xd2h);
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1 && strncmp (argv[1], "--mode", 6) == 0)
    {
      int mode = atoi (argv[1] + 6);
      if (mode == 3)
	run_copy (N);
      else
	run_jacobi (mode == 4 ? 3 : mode, N, T);
      return 0;
    }
#ifdef __OPTIMIZE__
  /* (At -O0 every region copies its results back.)  */
  const char *d = getenv ("GPURT_DEVICE");
  if (!d || strcmp (d, "host") != 0)
    for (int mode = 0; mode <= 4; mode++)
      check_mode (argv[0], mode);
#endif
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      run_copy (n);
      if (n < 3)
	continue;
      for (int kind = 0; kind <= 3; kind++)
	{
	  run_jacobi (kind, n, 0);
	  run_jacobi (kind, n, 7);
	}
    }
  return 0;
}
