/* kmeans_alloc.c -- one k-means iteration on N 2-D points, K = 32
   clusters, whose classification allocates per point, as object-oriented
   data-parallel code does (HJ-OpenCL's k-means allocates a distance
   record per point): each point mallocs a scratch array of its distances
   to every centroid, picks the nearest and the second nearest from it,
   and frees it; the update is kmeans.c's (GPU_REDUCE sums per cluster).
   gpu_private makes the scratch a private array of each work-item
   ("ours"); without it ("ours-no-private", built without werror) the
   classification stays on the host, on threads.  Coordinates are small
   integers so that distances, the classification and the margins are
   exact on every device.  */
#include "bench.h"

#define NK 32
static float *px, *py, *margin, cx[NK], cy[NK], ncx[NK], ncy[NK];
static int *assign;

static void
kmeans_alloc_step (long n, const float *px, const float *py, const float *cx,
		   const float *cy, int *assign, float *margin, float *ncx,
		   float *ncy)
{
  OMP_FOR (map (to: px[0:n], py[0:n], cx[0:NK], cy[0:NK]) map (from: assign[0:n], margin[0:n]))
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      float *d = malloc (NK * sizeof *d);
      if (!d)
	{
	  assign[i] = -1;
	  continue;
	}
      for (int c = 0; c < NK; c++)
	{
	  float dx = px[i] - cx[c], dy = py[i] - cy[c];
	  d[c] = dx * dx + dy * dy;
	}
      int best = 0;
      for (int c = 1; c < NK; c++)
	if (d[c] < d[best])
	  best = c;
      float second = INFINITY;
      for (int c = 0; c < NK; c++)
	if (c != best && d[c] < second)
	  second = d[c];
      assign[i] = best;
      margin[i] = second - d[best];
      free (d);
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

static void
prog_run (void)
{
  kmeans_alloc_step (bench_n, px, py, cx, cy, assign, margin, ncx, ncy);
}

static const char *prog_name = "kmeans_alloc";
static double prog_bytes (long n) { return 16.0 * n; }
static double prog_flops (long n) { return 7.0 * NK * n; }

static void
prog_setup (long n)
{
  px = bench_alloc (n * sizeof *px);
  py = bench_alloc (n * sizeof *py);
  margin = bench_alloc (n * sizeof *margin);
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
  bench_poison (margin, n);
}

static int
prog_check (char *msg, size_t len)
{
  double sx[NK] = { 0 }, sy[NK] = { 0 };
  long cnt[NK] = { 0 };
  for (long i = 0; i < bench_n; i++)
    {
      float d[NK];
      int best = 0;
      for (int c = 0; c < NK; c++)
	{
	  float dx = px[i] - cx[c], dy = py[i] - cy[c];
	  d[c] = dx * dx + dy * dy;
	  if (d[c] < d[best])
	    best = c;
	}
      float second = INFINITY;
      for (int c = 0; c < NK; c++)
	if (c != best && d[c] < second)
	  second = d[c];
      if (assign[i] != best || margin[i] != second - d[best])
	{
	  snprintf (msg, len, "point %ld: cluster %d margin %g, want %d %g",
		    i, assign[i], margin[i], best, second - d[best]);
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
