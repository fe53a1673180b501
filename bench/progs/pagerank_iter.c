/* pagerank_iter.c -- ITERS PageRank iterations per call on the random graph
   of pagerank.c (N nodes, 16 in-edges each on average, CSR by
   destination), as real code runs them: edge weights, the GPU_REDUCE sum
   of the dangling nodes' rank (read by the host for the next loop's
   base), the new ranks by pulling along in-edges, then the rank and new
   rank pointers swapped.  pagerank.c is one iteration per call (every call
   a fresh upload of the graph); here the graph and both rank vectors can
   stay on the device for the whole run, only the dangling sum crossing
   each iteration.  Checked against the serial iterations in double.  */
#include "bench.h"

#ifndef ITERS
#define ITERS 20
#endif
#define DAMP 0.85f
#define DEG 16
static long ne;
static int *rowptr, *col, *outdeg;
static float *rank, *contrib, *nrank, *rank0, *result;

#ifndef BENCH_EXTERNAL_RUN
/* Returns the vector (RANK or NRANK) that holds the last iteration's
   ranks.  */
static float *
pagerank_iter (long n, long ne, const int *rowptr,
	       const int *col GPU_EXTENT (ne), const int *outdeg,
	       float *rank GPU_EXTENT (n), float *contrib GPU_EXTENT (n),
	       float *nrank GPU_EXTENT (n))
{
  /* nvptx: the graph and both rank vectors stay on the device.  */
  OMP_DATA (map (to: rowptr[0:n+1], col[0:ne], outdeg[0:n])
	    map (tofrom: rank[0:n], nrank[0:n]) map (alloc: contrib[0:n]))
  for (int t = 0; t < ITERS; t++)
    {
      OMP_FOR (map (to: rank[0:n], outdeg[0:n]) map (from: contrib[0:n]))
      for (long u GPU_PARALLEL = 0; u < n; u++)
	contrib[u] = outdeg[u] ? rank[u] / (float) outdeg[u] : 0.0f;
      float dangling GPU_REDUCE = 0.0f;
      OMP_RED (reduction (+: dangling), map (to: rank[0:n], outdeg[0:n])
	       map (tofrom: dangling))
      for (long u GPU_PARALLEL = 0; u < n; u++)
	if (outdeg[u] == 0)
	  dangling += rank[u];
      float base = (1.0f - DAMP) / (float) n + DAMP * dangling / (float) n;
      OMP_FOR (map (to: rowptr[0:n+1], col[0:ne], contrib[0:n])
	       map (from: nrank[0:n]))
      for (long v GPU_PARALLEL = 0; v < n; v++)
	{
	  float s = 0.0f;
	  for (int e = rowptr[v]; e < rowptr[v + 1]; e++)
	    s += contrib[col[e]];
	  nrank[v] = base + DAMP * s;
	}
      float *tmp = rank;
      rank = nrank;
      nrank = tmp;
    }
  return rank;
}
static void
prog_run (void)
{
  memcpy (rank, rank0, bench_n * sizeof *rank);
  result = pagerank_iter (bench_n, ne, rowptr, col, outdeg, rank, contrib,
			  nrank);
}
#endif

static const char *prog_name = "pagerank_iter";
static double prog_bytes (long n) { return ITERS * 4.0 * (n * DEG + 6.0 * n); }
static double prog_flops (long n) { return ITERS * ((double) n * DEG + 4.0 * n); }

static void
prog_setup (long n)
{
  rowptr = bench_alloc ((n + 1) * sizeof *rowptr);
  outdeg = bench_alloc (n * sizeof *outdeg);
  rank = bench_alloc (n * sizeof *rank);
  rank0 = bench_alloc (n * sizeof *rank0);
  contrib = bench_alloc (n * sizeof *contrib);
  nrank = bench_alloc (n * sizeof *nrank);
  rowptr[0] = 0;
  for (long v = 0; v < n; v++)
    rowptr[v + 1] = rowptr[v] + (int) (bench_rand64 () % (2 * DEG + 1));
  ne = rowptr[n];
  col = bench_alloc ((ne ? ne : 1) * sizeof *col);
  memset (outdeg, 0, n * sizeof *outdeg);
  for (long e = 0; e < ne; e++)
    {
      /* Skewed sources: half the edges come from the first eighth of nodes.  */
      long u = (bench_rand64 () & 1) ? (long) (bench_rand64 () % (n / 8 + 1))
				     : (long) (bench_rand64 () % n);
      col[e] = (int) u;
      outdeg[u]++;
    }
  for (long v = 0; v < n; v++)
    rank0[v] = (0.5f + bench_randf ()) / n;
  bench_poison (rank, n);
  bench_poison (contrib, n);
  bench_poison (nrank, n);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  double *r = malloc ((n ? n : 1) * sizeof *r);
  double *nr = malloc ((n ? n : 1) * sizeof *nr);
  int ok = r != NULL && nr != NULL && result != NULL;
  if (!ok)
    snprintf (msg, len, "out of memory for the check, or no result");
  for (long v = 0; v < n && ok; v++)
    r[v] = rank0[v];
  for (int t = 0; t < ITERS && ok; t++)
    {
      double dang = 0;
      for (long u = 0; u < n; u++)
	if (outdeg[u] == 0)
	  dang += r[u];
      double base = (1.0 - DAMP) / n + DAMP * dang / n;
      for (long v = 0; v < n; v++)
	{
	  double s = 0;
	  for (int e = rowptr[v]; e < rowptr[v + 1]; e++)
	    s += r[col[e]] / outdeg[col[e]];
	  nr[v] = base + DAMP * s;
	}
      double *tmp = r;
      r = nr;
      nr = tmp;
    }
  for (long v = 0; v < n && ok; v++)
    if (!bench_close (result[v], r[v], 1e-3, 0))
      {
	snprintf (msg, len, "rank[%ld] = %g, want %g", v, result[v], r[v]);
	ok = 0;
      }
  free (r);
  free (nr);
  return ok;
}
