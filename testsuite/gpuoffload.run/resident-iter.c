/* resident-iter.c: iterating programs as real code writes them keep their data on the device for the whole loop, and only what the host really touches crosses.  K-means: each iteration classifies the points (a region), sums each cluster's points (one GPU_REDUCE region per cluster, whose results the host reads at once) and updates the centroids on the host; the points cross once, the centroids each iteration, the assignments come back once.  PageRank: each iteration the edge weights, the dangling sum (read by the host) and the new ranks by pulling along in-edges, then the two rank pointers are swapped; the graph and the ranks cross once and come back once.  A profile child runs each at a size no work-group divides and its byte counts must be exactly those (nothing redundant); results are compared with serial C at every size of check.h, empty ranges included.  */
#include "check.h"

/* The profile children use the device.  */
CHECK_CHILDREN_USE_DEVICE

enum { K = 5 };

/* T k-means iterations on the N points (PX, PY) with the K centroids
   (CX, CY), updated in place; ASSIGN gets each point's cluster.  Integer
   coordinates: every result is exact.  */
static void __attribute__ ((noinline))
kmeans (int n, int t, const int *px, const int *py, int *cx, int *cy,
	int *assign)
{
  int ncx[K], ncy[K];
  for (int it = 0; it < t; it++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	{
	  int best = 0, bd = 0x7fffffff;
	  for (int c = 0; c < K; c++)
	    {
	      int dx = px[i] - cx[c], dy = py[i] - cy[c], d = dx * dx + dy * dy;
	      if (d < bd)
		{
		  bd = d;
		  best = c;
		}
	    }
	  assign[i] = best;
	}
      for (int c = 0; c < K; c++)
	{
	  long sx GPU_REDUCE = 0, sy GPU_REDUCE = 0, cnt GPU_REDUCE = 0;
	  for (int i GPU_PARALLEL = 0; i < n; i++)
	    if (assign[i] == c)
	      {
		sx += px[i];
		sy += py[i];
		cnt += 1;
	      }
	  ncx[c] = cnt ? (int) (sx / cnt) : cx[c];
	  ncy[c] = cnt ? (int) (sy / cnt) : cy[c];
	}
      for (int c = 0; c < K; c++)
	{
	  cx[c] = ncx[c];
	  cy[c] = ncy[c];
	}
    }
}

static void
kmeans_ref (int n, int t, const int *px, const int *py, int *cx, int *cy,
	    int *assign)
{
  for (int it = 0; it < t; it++)
    {
      long sx[K] = { 0 }, sy[K] = { 0 }, cnt[K] = { 0 };
      for (int i = 0; i < n; i++)
	{
	  int best = 0, bd = 0x7fffffff;
	  for (int c = 0; c < K; c++)
	    {
	      int dx = px[i] - cx[c], dy = py[i] - cy[c], d = dx * dx + dy * dy;
	      if (d < bd)
		bd = d, best = c;
	    }
	  assign[i] = best;
	  sx[best] += px[i];
	  sy[best] += py[i];
	  cnt[best]++;
	}
      for (int c = 0; c < K; c++)
	if (cnt[c])
	  {
	    cx[c] = (int) (sx[c] / cnt[c]);
	    cy[c] = (int) (sy[c] / cnt[c]);
	  }
    }
}

/* T PageRank iterations on the graph of N nodes whose in-edges of node V
   are COL[ROWPTR[V]] .. COL[ROWPTR[V + 1] - 1] (NE in all), OUTDEG the
   out-degrees; RANK holds the ranks, NRANK and CONTRIB are scratch.
   Returns the vector (RANK or NRANK) with the last ranks.  */
static float * __attribute__ ((noinline))
pagerank (int n, int ne, int t, const int *rowptr,
	  const int *col GPU_EXTENT (ne), const int *outdeg, float *rank,
	  float *contrib GPU_EXTENT (n), float *nrank)
{
  for (int it = 0; it < t; it++)
    {
      for (int u GPU_PARALLEL = 0; u < n; u++)
	contrib[u] = outdeg[u] ? rank[u] / (float) outdeg[u] : 0.0f;
      float dangling GPU_REDUCE = 0.0f;
      for (int u GPU_PARALLEL = 0; u < n; u++)
	if (outdeg[u] == 0)
	  dangling += rank[u];
      float base = 0.15f / (float) n + 0.85f * dangling / (float) n;
      for (int v GPU_PARALLEL = 0; v < n; v++)
	{
	  float s = 0.0f;
	  for (int e = rowptr[v]; e < rowptr[v + 1]; e++)
	    s += contrib[col[e]];
	  nrank[v] = base + 0.85f * s;
	}
      float *tmp = rank;
      rank = nrank;
      nrank = tmp;
    }
  return rank;
}

static float *
pagerank_ref (int n, int t, const int *rowptr, const int *col,
	      const int *outdeg, float *rank, float *nrank)
{
  for (int it = 0; it < t; it++)
    {
      double dang = 0;
      for (int u = 0; u < n; u++)
	if (outdeg[u] == 0)
	  dang += rank[u];
      float base = (float) (0.15 / n + 0.85 * dang / n);
      for (int v = 0; v < n; v++)
	{
	  float s = 0.0f;
	  for (int e = rowptr[v]; e < rowptr[v + 1]; e++)
	    s += outdeg[col[e]] ? rank[col[e]] / (float) outdeg[col[e]] : 0.0f;
	  nrank[v] = base + 0.85f * s;
	}
      float *tmp = rank;
      rank = nrank;
      nrank = tmp;
    }
  return rank;
}

static void
run_kmeans (int n, int t)
{
  int *px = check_alloc ((n + 1) * sizeof *px);
  int *py = check_alloc ((n + 1) * sizeof *py);
  int *as = check_alloc ((n + 1) * sizeof *as);
  int *ras = check_alloc ((n + 1) * sizeof *ras);
  int cx[K], cy[K], rcx[K], rcy[K];
  check_fill_int (px, n, 0, 999);
  check_fill_int (py, n, 0, 999);
  check_fill_int (cx, K, 0, 999);
  check_fill_int (cy, K, 0, 999);
  memcpy (rcx, cx, sizeof cx);
  memcpy (rcy, cy, sizeof cy);
  kmeans (n, t, px, py, cx, cy, as);
  kmeans_ref (n, t, px, py, rcx, rcy, ras);
  if (t > 0)
    CHECK_SAME (as, ras, n, "kmeans: assign (n %d, t %d)", n, t);
  CHECK_SAME (cx, rcx, K, "kmeans: cx (n %d, t %d)", n, t);
  CHECK_SAME (cy, rcy, K, "kmeans: cy (n %d, t %d)", n, t);
  free (px); free (py); free (as); free (ras);
}

/* The random graph of N nodes: in-degrees 0 to 8, sources skewed to the
   first quarter (some nodes dangle).  Sets *NE.  */
static void
make_graph (int n, int **rowptr, int **col, int **outdeg, int *ne)
{
  *rowptr = check_alloc ((n + 1) * sizeof **rowptr);
  *outdeg = check_alloc ((n + 1) * sizeof **outdeg);
  (*rowptr)[0] = 0;
  for (int v = 0; v < n; v++)
    (*rowptr)[v + 1] = (*rowptr)[v] + (int) check_range (0, 8);
  *ne = (*rowptr)[n];
  *col = check_alloc ((*ne + 1) * sizeof **col);
  memset (*outdeg, 0, (n + 1) * sizeof **outdeg);
  for (int e = 0; e < *ne; e++)
    {
      int u = (int) check_range (0, n / 4);
      (*col)[e] = u;
      (*outdeg)[u]++;
    }
}

static void
run_pagerank (int n, int t)
{
  int *rowptr, *col, *outdeg, ne;
  make_graph (n, &rowptr, &col, &outdeg, &ne);
  float *rank = check_alloc ((n + 1) * sizeof *rank);
  float *nrank = check_alloc ((n + 1) * sizeof *nrank);
  float *contrib = check_alloc ((n + 1) * sizeof *contrib);
  float *rr = check_alloc ((n + 1) * sizeof *rr);
  float *rn = check_alloc ((n + 1) * sizeof *rn);
  check_fill_float (rank, n, 0.5f, 1.5f);
  memcpy (rr, rank, (n + 1) * sizeof *rr);
  float *got = pagerank (n, ne, t, rowptr, col, outdeg, rank, contrib, nrank);
  float *want = pagerank_ref (n, t, rowptr, col, outdeg, rr, rn);
  CHECK (got == (t % 2 ? nrank : rank), "pagerank: the result vector");
  /* The dangling sum's order of additions differs: rounding only.  */
  CHECK_FLOATS (got, want, n, 1e-4, 1e-6, "pagerank: rank (n %d, t %d)",
		n, t);
  free (rowptr); free (col); free (outdeg); free (rank); free (nrank);
  free (contrib); free (rr); free (rn);
}

enum { N = 4099, T = 6, F = sizeof (float) };

/* The profile of a child running mode MODE (0: k-means, 1: PageRank) at
   N and T: checks the byte counts.  */
CHECK_UNUSED static void
check_mode (const char *self, int mode)
{
  static char text[1 << 16], seed[64];
  char arg[16];
  snprintf (arg, sizeof arg, "--mode%d", mode);
  /* The child draws the graph from this process's seed.  */
  snprintf (seed, sizeof seed, "GPUOFFLOAD_TEST_SEED=%llu", check_seed);
  check_profile_child (self, arg, seed, text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") == 0)
    return;			/* no device: nothing was copied */
  unsigned long long rh = check_json_sum (text, "\"redundant_h2d\": ");
  unsigned long long rd = check_json_sum (text, "\"redundant_d2h\": ")
			  + check_json_sum (text, "\"sync_redundant_d2h\": ");
  unsigned long long h2d = check_json_sum (text, "\"bytes_h2d\": ");
  unsigned long long d2h = check_json_sum (text, "\"bytes_d2h\": ")
			   + check_json_sum (text, "\"sync_bytes_d2h\": ");
  unsigned long long xh2d, xd2h;
  if (mode == 0)
    {
      /* The points once, the centroids each iteration.  ASSIGN, which the
	 classifying kernel writes whole, is not copied in (docs/ABI.md
	 section 10).  Only ASSIGN comes back, at the return (the
	 reductions' partials are not user bytes).  */
      xh2d = 2ull * N * F + T * 2ull * K * F;
      xd2h = (unsigned long long) N * F;
    }
  else
    {
      /* The graph and RANK once (CONTRIB and NRANK are written whole by
	 their kernels: not copied in); after the swaps everything stays
	 there.  The three vectors
	 the kernels wrote come back at the return.  */
      int *rowptr, *col, *outdeg, ne;
      unsigned long long state = check_state;
      check_state = check_seed;	/* the child's first draws */
      make_graph (N, &rowptr, &col, &outdeg, &ne);
      check_state = state;
      free (rowptr); free (col); free (outdeg);
      xh2d = (N + 1ull) * F + (unsigned long long) ne * F + 2ull * N * F;
      xd2h = 3ull * N * F;
    }
  CHECK (rh == 0 && rd == 0, "mode %d: %llu redundant copies in, %llu back",
	 mode, rh, rd);
  CHECK (h2d == xh2d && d2h == xd2h, "mode %d: %llu bytes in and %llu back,"
	 " expected %llu and %llu", mode, h2d, d2h, xh2d, xd2h);
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1 && strncmp (argv[1], "--mode", 6) == 0)
    {
      if (atoi (argv[1] + 6) == 0)
	run_kmeans (N, T);
      else
	run_pagerank (N, T);
      return 0;
    }
#ifdef __OPTIMIZE__
  /* (At -O0 every region copies its results back.)  */
  const char *d = getenv ("GPURT_DEVICE");
  if (!d || strcmp (d, "host") != 0)
    for (int mode = 0; mode <= 1; mode++)
      check_mode (argv[0], mode);
#endif
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      run_kmeans (n, 0);
      run_kmeans (n, 3);
      run_pagerank (n, 1);
      run_pagerank (n, 4);
    }
  return 0;
}
