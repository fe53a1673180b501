/* kmeans.c -- one k-means iteration on N 2-D points, K = 16 clusters:
   classify (nearest centroid per point), then update (per cluster, GPU_REDUCE
   sums of the coordinates and the count of its points).  Coordinates are
   small integers so that distances, and therefore the classification, are
   exact on every device; the new centroids are checked within 1e-3
   (float sums in serial order drift about 1.5e-4 from the exact mean at
   2^24 points).  */
#include "bench.h"

#define NK 16
static float *px, *py, cx[NK], cy[NK], ncx[NK], ncy[NK];
static int *assign;

#ifndef BENCH_EXTERNAL_RUN
static void
kmeans_step (long n, const float *px, const float *py, const float *cx,
	     const float *cy, int *assign, float *ncx, float *ncy)
{
  OMP_FOR (map (to: px[0:n], py[0:n], cx[0:NK], cy[0:NK]) map (from: assign[0:n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      int best = 0;
      float bd = INFINITY;
      for (int c = 0; c < NK; c++)
	{
	  float dx = px[i] - cx[c], dy = py[i] - cy[c], d = dx * dx + dy * dy;
	  if (d < bd)
	    {
	      bd = d;
	      best = c;
	    }
	}
      assign[i] = best;
    }
  for (int c = 0; c < NK; c++)
    {
      float sx GPU_REDUCE = 0.0f, sy GPU_REDUCE = 0.0f;
      int cnt GPU_REDUCE = 0;
      OMP_RED (reduction (+: sx, sy, cnt),
	       map (to: px[0:n], py[0:n], assign[0:n]) map (tofrom: sx, sy, cnt))
      for (long i GPU_PARALLEL = 0; i < n; i++)
	if (assign[i] == c)
	  {
	    sx += px[i];
	    sy += py[i];
	    cnt += 1;
	  }
      ncx[c] = cnt ? sx / cnt : cx[c];
      ncy[c] = cnt ? sy / cnt : cy[c];
    }
}
static void prog_run (void) { kmeans_step (bench_n, px, py, cx, cy, assign, ncx, ncy); }
#endif

static const char *prog_name = "kmeans";
static double prog_bytes (long n) { return 12.0 * n; }
static double prog_flops (long n) { return 8.0 * NK * n; }

static void
prog_setup (long n)
{
  px = bench_alloc (n * sizeof *px);
  py = bench_alloc (n * sizeof *py);
  assign = bench_alloc (n * sizeof *assign);
  for (long i = 0; i < n; i++)
    {
      px[i] = (float) (bench_rand64 () % 2048);
      py[i] = (float) (bench_rand64 () % 2048);
    }
  for (int c = 0; c < NK; c++)
    {
      cx[c] = (float) (bench_rand64 () % 2048);
      cy[c] = (float) (bench_rand64 () % 2048);
      ncx[c] = ncy[c] = NAN;
    }
  memset (assign, 0xff, n * sizeof *assign);
}

static int
prog_check (char *msg, size_t len)
{
  double sx[NK] = { 0 }, sy[NK] = { 0 };
  long cnt[NK] = { 0 };
  for (long i = 0; i < bench_n; i++)
    {
      int best = 0;
      float bd = INFINITY;
      for (int c = 0; c < NK; c++)
	{
	  float dx = px[i] - cx[c], dy = py[i] - cy[c], d = dx * dx + dy * dy;
	  if (d < bd)
	    bd = d, best = c;
	}
      if (assign[i] != best)
	{
	  snprintf (msg, len, "assign[%ld] = %d, want %d", i, assign[i], best);
	  return 0;
	}
      sx[best] += px[i];
      sy[best] += py[i];
      cnt[best]++;
    }
  for (int c = 0; c < NK; c++)
    {
      double wx = cnt[c] ? sx[c] / cnt[c] : cx[c];
      double wy = cnt[c] ? sy[c] / cnt[c] : cy[c];
      if (!bench_close (ncx[c], wx, 1e-3, 1e-3) || !bench_close (ncy[c], wy, 1e-3, 1e-3))
	{
	  snprintf (msg, len, "centroid %d = (%g, %g), want (%g, %g)", c,
		    ncx[c], ncy[c], wx, wy);
	  return 0;
	}
    }
  return 1;
}
