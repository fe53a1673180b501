/* pagerank.c -- one PageRank iteration on a random graph of N nodes with
   16 in-edges each on average (CSR by destination): edge weights (each
   node's rank over its out-degree), the GPU_REDUCE sum of the dangling
   nodes' rank, then the new ranks by pulling along in-edges (indirect
   indexing, bounded with GPU_EXTENT).  */
#include "bench.h"

#define DAMP 0.85f
#define DEG 16
static long ne;
static int *rowptr, *col, *outdeg;
static float *rank, *contrib, *nrank;

#ifndef BENCH_EXTERNAL_RUN
static void
pagerank_step (long n, long ne, const int *rowptr,
	       const int *col GPU_EXTENT (ne), const int *outdeg,
	       const float *rank, float *contrib GPU_EXTENT (n), float *nrank)
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
  OMP_FOR (map (to: rowptr[0:n+1], col[0:ne], contrib[0:n]) map (from: nrank[0:n]))
  for (long v GPU_PARALLEL = 0; v < n; v++)
    {
      float s = 0.0f;
      for (int e = rowptr[v]; e < rowptr[v + 1]; e++)
	s += contrib[col[e]];
      nrank[v] = base + DAMP * s;
    }
}
static void
prog_run (void)
{
  pagerank_step (bench_n, ne, rowptr, col, outdeg, rank, contrib, nrank);
}
#endif

static const char *prog_name = "pagerank";
static double prog_bytes (long n) { return 4.0 * (n * DEG + 6.0 * n); }
static double prog_flops (long n) { return (double) n * DEG + 4.0 * n; }

static void
prog_setup (long n)
{
  rowptr = bench_alloc ((n + 1) * sizeof *rowptr);
  outdeg = bench_alloc (n * sizeof *outdeg);
  rank = bench_alloc (n * sizeof *rank);
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
    rank[v] = (0.5f + bench_randf ()) / n;
  bench_poison (contrib, n);
  bench_poison (nrank, n);
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  double dang = 0;
  for (long u = 0; u < n; u++)
    if (outdeg[u] == 0)
      dang += rank[u];
  double base = (1.0 - DAMP) / n + DAMP * dang / n;
  for (long v = 0; v < n; v++)
    {
      double s = 0;
      for (int e = rowptr[v]; e < rowptr[v + 1]; e++)
	s += (double) rank[col[e]] / outdeg[col[e]];
      double want = base + DAMP * s;
      if (!bench_close (nrank[v], want, 1e-4, 0))
	{
	  snprintf (msg, len, "rank[%ld] = %g, want %g", v, nrank[v], want);
	  return 0;
	}
    }
  return 1;
}
