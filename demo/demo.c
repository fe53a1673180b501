/* demo.c -- the gpuoffload demo: saxpy and matrix multiplication written
   as plain C loops marked with GPU_PARALLEL, timed against the same loops
   without markers (serial, on this CPU), with the results checked.

   Build and run (from the build tree): make demo
   or by hand:  gcc -O2 -fplugin=gpuoffload demo.c -lgpurt -lm -o demo
   Usage: demo [SAXPY_N [MATMUL_N]]   (defaults 16777216 and 1024)
   Environment: GPURT_DEVICE=auto|gpu|cpu|host|..., GPURT_VERBOSE=1 says
   which device was chosen and why, GPURT_PROFILE=1 prints kernel times.  */

#include <gpuoffload.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- the marked loops: this is all a user writes ---------------------- */

static void
saxpy (long n, float a, const float *restrict x, float *restrict y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void
matmul (int n, const float *a, const float *b, float *restrict c)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < n; j++)
      {
	float acc = 0.0f;
	for (int k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

/* ---- the same loops without markers: the serial baseline --------------- */

static void
saxpy_serial (long n, float a, const float *restrict x, float *restrict y)
{
  for (long i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void
matmul_serial (int n, const float *a, const float *b, float *restrict c)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
	float acc = 0.0f;
	for (int k = 0; k < n; k++)
	  acc += a[i * n + k] * b[k * n + j];
	c[i * n + j] = acc;
      }
}

/* ---- timing and checking ------------------------------------------------ */

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *
xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);
  if (!p)
    {
      fprintf (stderr, "demo: out of memory\n");
      exit (2);
    }
  return p;
}

static void
fill (float *a, long n, unsigned seed)
{
  for (long i = 0; i < n; i++)
    {
      seed = seed * 1103515245u + 12345u;
      a[i] = (float) ((seed >> 8) & 0xffff) / 65536.0f - 0.5f;
    }
}

/* Largest relative difference, relative to SCALE where values are small.  */
static double
max_diff (const float *got, const float *want, long n, double scale)
{
  double m = 0;
  for (long i = 0; i < n; i++)
    {
      double d = fabs ((double) got[i] - want[i]) / (fabs (want[i]) + scale);
      if (!(d <= m))		/* also catches NaN */
	m = isnan (d) ? INFINITY : d;
    }
  return m;
}

static const char *
where (void)
{
  return gpurt_last_region_ran_on_device () ? "OpenCL device" : "host";
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 24;
  int m = argc > 2 ? atoi (argv[2]) : 1024;
  int ok = 1;
  const char *dev = getenv ("GPURT_DEVICE");

  printf ("gpuoffload demo: GPURT_DEVICE=%s%s\n", dev ? dev : "auto",
#ifdef __GPUOFFLOAD__
	  ""
#else
	  " (built WITHOUT the plugin: everything runs serially)"
#endif
	  );

  /* saxpy */
  float *x = xmalloc (n * sizeof (float));
  float *y = xmalloc (n * sizeof (float));
  float *yr = xmalloc (n * sizeof (float));
  fill (x, n, 1);
  fill (y, n, 2);
  memcpy (yr, y, n * sizeof (float));
  double t0 = now ();
  saxpy_serial (n, 2.5f, x, yr);
  double ts = now () - t0;
  t0 = now ();
  saxpy (n, 2.5f, x, y);	/* first call: builds the OpenCL program */
  double tf = now () - t0;
  const char *w1 = where ();
  double tb = INFINITY;
  for (int r = 0; r < 3; r++)
    {
      fill (y, n, 2);
      t0 = now ();
      saxpy (n, 2.5f, x, y);
      double t = now () - t0;
      tb = t < tb ? t : tb;
    }
  double d1 = max_diff (y, yr, n, 1.0);
  printf ("saxpy  n=%ld: ran on the %s\n", n, w1);
  printf ("  serial loop  %9.3f ms\n", ts * 1e3);
  printf ("  marked loop  %9.3f ms first call (with program build), %9.3f ms best of 3 (with transfers)\n",
	  tf * 1e3, tb * 1e3);
  printf ("  speedup over serial (best call): %.1fx\n", ts / tb);
  printf ("  result: %s (max relative difference %.2g)\n",
	  d1 <= 1e-5 ? "correct" : "WRONG", d1);
  ok &= d1 <= 1e-5;
  free (x);
  free (y);
  free (yr);

  /* matmul */
  long mm = (long) m * m;
  float *a = xmalloc (mm * sizeof (float));
  float *b = xmalloc (mm * sizeof (float));
  float *c = xmalloc (mm * sizeof (float));
  float *cr = xmalloc (mm * sizeof (float));
  fill (a, mm, 3);
  fill (b, mm, 4);
  t0 = now ();
  matmul_serial (m, a, b, cr);
  ts = now () - t0;
  t0 = now ();
  matmul (m, a, b, c);
  tf = now () - t0;
  const char *w2 = where ();
  memset (c, 0, mm * sizeof (float));
  t0 = now ();
  matmul (m, a, b, c);
  tb = now () - t0;
  double d2 = max_diff (c, cr, mm, 1e-3 * m);
  printf ("matmul %dx%d: ran on the %s\n", m, m, w2);
  printf ("  serial loop  %9.3f ms\n", ts * 1e3);
  printf ("  marked loop  %9.3f ms first call (with program build), %9.3f ms second call\n",
	  tf * 1e3, tb * 1e3);
  printf ("  speedup over serial (second call): %.1fx\n", ts / tb);
  printf ("  result: %s (max relative difference %.2g)\n",
	  d2 <= 1e-4 ? "correct" : "WRONG", d2);
  ok &= d2 <= 1e-4;
  free (a);
  free (b);
  free (c);
  free (cr);

  puts (ok ? "demo: all results correct" : "demo: WRONG RESULTS");
  return ok ? 0 : 1;
}
