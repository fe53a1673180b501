/* kmeans_iter.c -- ITERS k-means iterations per call on N 2-D points,
   K = 16 clusters, as real k-means code runs them: classify (nearest
   centroid per point), then per cluster the GPU_REDUCE sums of its points'
   coordinates and their count, the new centroids computed on the host
   from those sums, and the centroids replaced for the next iteration.
   kmeans.c is one such iteration per call (every call a fresh upload);
   here the points can stay on the device for the whole run and only the
   centroids and the reduced scalars cross each iteration.  Coordinates
   are small integers, the sums are integers and the centroids are
   rounded to integers, so that every distance, and therefore every
   classification, is exact on every device: the check replays the
   serial loop and compares assignments and centroids exactly.  */
#include "bench.h"

#ifndef ITERS
#define ITERS 20
#endif
#define NK 16
static float *px, *py, cx[NK], cy[NK], cx0[NK], cy0[NK];
static int *assign;

/* The mean SUM / CNT rounded to the nearest integer (CNT > 0, SUM >= 0).  */
static float
kmeans_mean (long sum, long cnt)
{
  return (float) ((sum + cnt / 2) / cnt);
}

#ifndef BENCH_EXTERNAL_RUN
static void
kmeans_iter (long n, const float *px, const float *py, float *cx, float *cy,
	     int *assign)
{
  float ncx[NK], ncy[NK];
  /* nvptx: the points stay on the device for the whole run.  */
  OMP_DATA (map (to: px[0:n], py[0:n]) map (from: assign[0:n]))
  for (int t = 0; t < ITERS; t++)
    {
      OMP_FOR (map (to: px[0:n], py[0:n], cx[0:NK], cy[0:NK])
	       map (from: assign[0:n]))
      for (long i GPU_PARALLEL = 0; i < n; i++)
	{
	  int best = 0;
	  float bd = INFINITY;
	  for (int c = 0; c < NK; c++)
	    {
	      float dx = px[i] - cx[c], dy = py[i] - cy[c];
	      float d = dx * dx + dy * dy;
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
	  long sx GPU_REDUCE = 0, sy GPU_REDUCE = 0, cnt GPU_REDUCE = 0;
	  OMP_RED (reduction (+: sx, sy, cnt),
		   map (to: px[0:n], py[0:n], assign[0:n])
		   map (tofrom: sx, sy, cnt))
	  for (long i GPU_PARALLEL = 0; i < n; i++)
	    if (assign[i] == c)
	      {
		sx += (long) px[i];
		sy += (long) py[i];
		cnt += 1;
	      }
	  ncx[c] = cnt ? kmeans_mean (sx, cnt) : cx[c];
	  ncy[c] = cnt ? kmeans_mean (sy, cnt) : cy[c];
	}
      for (int c = 0; c < NK; c++)
	{
	  cx[c] = ncx[c];
	  cy[c] = ncy[c];
	}
    }
}
static void
prog_run (void)
{
  memcpy (cx, cx0, sizeof cx);
  memcpy (cy, cy0, sizeof cy);
  kmeans_iter (bench_n, px, py, cx, cy, assign);
}
#endif

static const char *prog_name = "kmeans_iter";
static double prog_bytes (long n) { return ITERS * 12.0 * n; }
static double prog_flops (long n) { return ITERS * 8.0 * NK * n; }

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
      cx0[c] = (float) (bench_rand64 () % 2048);
      cy0[c] = (float) (bench_rand64 () % 2048);
      cx[c] = cy[c] = NAN;
    }
  memset (assign, 0xff, n * sizeof *assign);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  float rx[NK], ry[NK];
  int *ra = malloc ((n ? n : 1) * sizeof *ra);
  if (ra == NULL)
    {
      snprintf (msg, len, "out of memory for the check");
      return 0;
    }
  memcpy (rx, cx0, sizeof rx);
  memcpy (ry, cy0, sizeof ry);
  for (int t = 0; t < ITERS; t++)
    {
      long sx[NK] = { 0 }, sy[NK] = { 0 }, cnt[NK] = { 0 };
      for (long i = 0; i < n; i++)
	{
	  int best = 0;
	  float bd = INFINITY;
	  for (int c = 0; c < NK; c++)
	    {
	      float dx = px[i] - rx[c], dy = py[i] - ry[c];
	      float d = dx * dx + dy * dy;
	      if (d < bd)
		bd = d, best = c;
	    }
	  ra[i] = best;
	  sx[best] += (long) px[i];
	  sy[best] += (long) py[i];
	  cnt[best]++;
	}
      for (int c = 0; c < NK; c++)
	if (cnt[c])
	  {
	    rx[c] = kmeans_mean (sx[c], cnt[c]);
	    ry[c] = kmeans_mean (sy[c], cnt[c]);
	  }
    }
  int ok = 1;
  for (long i = 0; i < n && ok; i++)
    if (assign[i] != ra[i])
      {
	snprintf (msg, len, "assign[%ld] = %d, want %d", i, assign[i], ra[i]);
	ok = 0;
      }
  for (int c = 0; c < NK && ok; c++)
    if (cx[c] != rx[c] || cy[c] != ry[c])
      {
	snprintf (msg, len, "centroid %d = (%g, %g), want (%g, %g)", c,
		  cx[c], cy[c], rx[c], ry[c]);
	ok = 0;
      }
  free (ra);
  return ok;
}
