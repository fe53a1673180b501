/* kmeans_alloc.c -- the classification step of k-means on N 2-D points,
   K = 32 clusters, allocating per point as object-oriented data-parallel
   code does (HJ-OpenCL's k-means allocates a distance record per point):
   each point mallocs a scratch array of its distances to every centroid,
   picks the nearest and the margin to the second nearest from it (how
   sure the assignment is), and frees it.  kmeans.c has the update step.
   gpu_private makes the scratch a private array of each work-item
   ("ours"); without it ("ours-no-private", built without werror) the
   loop stays the serial host loop.  Coordinates are small integers so
   that distances, the classification and the margins are exact on every
   device.  */
#include "bench.h"

#define NK 32
static float *px, *py, *margin, cx[NK], cy[NK];
static int *assign;

static void
kmeans_classify (long n, const float *px, const float *py, const float *cx,
		 const float *cy, int *assign, float *margin)
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
}

static void
prog_run (void)
{
  kmeans_classify (bench_n, px, py, cx, cy, assign, margin);
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
  /* The centroids, then the points: coordinates 0 to 2047.  */
  for (long i = -NK; i < n; i++)
    {
      float x = (float) (bench_rand64 () & 2047);
      float y = (float) (bench_rand64 () & 2047);
      *(i < 0 ? &cx[i + NK] : &px[i]) = x;
      *(i < 0 ? &cy[i + NK] : &py[i]) = y;
    }
  memset (assign, 0xff, n * sizeof *assign);
  bench_poison (margin, n);
}

static int
prog_check (char *msg, size_t len)
{
  for (long i = 0; i < bench_n; i++)
    {
      float best = INFINITY, second = INFINITY;
      int c_best = -1;
      for (int c = 0; c < NK; c++)
	{
	  float dx = px[i] - cx[c], dy = py[i] - cy[c], d = dx * dx + dy * dy;
	  if (d < best)
	    {
	      second = best;
	      best = d;
	      c_best = c;
	    }
	  else if (d < second)
	    second = d;
	}
      if (assign[i] != c_best || margin[i] != second - best)
	{
	  snprintf (msg, len, "point %ld: cluster %d margin %g, want %d %g",
		    i, assign[i], margin[i], c_best, second - best);
	  return 0;
	}
    }
  return 1;
}
