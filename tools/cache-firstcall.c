/* cache-firstcall.c -- measures the first-call time of marked loops, the
   cost the persistent program cache (GPURT_CACHE_DIR) removes; run by
   tools/gpu-cache-time.sh with a cold and then a warm cache.

   The first call of saxpy includes choosing the device, creating its
   context and building saxpy's program; the first call of matmul (a
   second kernel, larger source) only its build.  Second calls are the
   baseline.  Prints one line of times in milliseconds and exits nonzero
   on a wrong result or a loop that did not run on the device.  */

#define _POSIX_C_SOURCE 200809L

#include <gpuoffload.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void
saxpy (int n, float a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void
matmul (int n, const float *a, const float *b, float *c)
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

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main (void)
{
  enum { N = 1 << 16, M = 64 };
  static float x[N], y[N], a[M * M], b[M * M], c[M * M];
  double t[5];
  int i, dev = 1, bad = 0;

  for (i = 0; i < N; i++)
    x[i] = 1.0f, y[i] = 2.0f;
  for (i = 0; i < M * M; i++)
    a[i] = 1.0f, b[i] = 0.5f;
  t[0] = now_ms ();
  saxpy (N, 2.0f, x, y);
  dev &= gpurt_last_region_ran_on_device ();
  t[1] = now_ms ();
  saxpy (N, 2.0f, x, y);
  dev &= gpurt_last_region_ran_on_device ();
  t[2] = now_ms ();
  matmul (M, a, b, c);
  dev &= gpurt_last_region_ran_on_device ();
  t[3] = now_ms ();
  matmul (M, a, b, c);
  dev &= gpurt_last_region_ran_on_device ();
  t[4] = now_ms ();
  for (i = 0; i < N; i++)
    bad += y[i] != 6.0f;
  for (i = 0; i < M * M; i++)
    bad += c[i] != 0.5f * M;
  printf ("saxpy first %.1f ms, second %.2f ms; matmul first %.1f ms,"
	  " second %.2f ms; %s, %s\n", t[1] - t[0], t[2] - t[1],
	  t[3] - t[2], t[4] - t[3], bad ? "WRONG" : "ok",
	  dev ? "device" : "NOT ON THE DEVICE");
  return bad || !dev;
}
