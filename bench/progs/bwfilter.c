/* bwfilter.c -- black-and-white filter of an N x N RGBA image (one
   uint32 per pixel): each pixel becomes the mean of its R, G, B.  Integer
   arithmetic, so the check is exact.  */
#include "bench.h"

static uint32_t *img, *out;

#ifndef BENCH_EXTERNAL_RUN
static void
bw (long n, const uint32_t *img, uint32_t *out)
{
  OMP_FOR2 (map (to: img[0:n*n]) map (from: out[0:n*n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    for (long j GPU_PARALLEL = 0; j < n; j++)
      {
	uint32_t p = img[i * n + j];
	uint32_t r = p & 0xff, g = (p >> 8) & 0xff, b = (p >> 16) & 0xff;
	uint32_t gray = (r + g + b) / 3;
	out[i * n + j] = (p & 0xff000000u) | gray << 16 | gray << 8 | gray;
      }
}
static void prog_run (void) { bw (bench_n, img, out); }
#endif

static const char *prog_name = "bwfilter";
static double prog_bytes (long n) { return 8.0 * n * n; }
static double prog_flops (long n) { return 3.0 * n * n; }

static void
prog_setup (long n)
{
  img = bench_alloc (n * n * sizeof *img);
  out = bench_alloc (n * n * sizeof *out);
  for (long i = 0; i < n * n; i++)
    img[i] = (uint32_t) bench_rand64 ();
  memset (out, 0xa5, n * n * sizeof *out);
}

static int
prog_check (char *msg, size_t len)
{
  for (long e = 0; e < bench_n * bench_n; e++)
    {
      uint32_t p = img[e];
      uint32_t g = ((p & 0xff) + ((p >> 8) & 0xff) + ((p >> 16) & 0xff)) / 3;
      uint32_t want = (p & 0xff000000u) | g << 16 | g << 8 | g;
      if (out[e] != want)
	{
	  snprintf (msg, len, "pixel %ld = %08x, want %08x", e, out[e], want);
	  return 0;
	}
    }
  return 1;
}
