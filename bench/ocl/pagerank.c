/* pagerank.c -- hand-written OpenCL for progs/pagerank.c: kernel 1 writes
   the edge weights and folds the dangling rank per work-group in local
   memory (the host adds the partials); kernel 2 pulls along in-edges with
   8 work-items per node (a sub-group of the work-group) and a local-memory
   fold, so the column indices of a node are read coalesced.  */
#define BENCH_EXTERNAL_RUN
#include "../progs/pagerank.c"
#include "oclh.h"

static const char *src =
  "kernel void weights (ulong n, global const float *rank,\n"
  "  global const int *outdeg, global float *contrib, global float *part)\n"
  "{\n"
  "  local float l[256];\n"
  "  size_t u = get_global_id (0), lid = get_local_id (0);\n"
  "  float d = 0.0f;\n"
  "  if (u < n)\n"
  "    {\n"
  "      int o = outdeg[u];\n"
  "      float r = rank[u];\n"
  "      contrib[u] = o ? r / (float) o : 0.0f;\n"
  "      d = o ? 0.0f : r;\n"
  "    }\n"
  "  l[lid] = d;\n"
  "  barrier (CLK_LOCAL_MEM_FENCE);\n"
  "  for (size_t s = 128; s > 0; s >>= 1)\n"
  "    {\n"
  "      if (lid < s) l[lid] += l[lid + s];\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "    }\n"
  "  if (lid == 0) part[get_group_id (0)] = l[0];\n"
  "}\n"
  "#define V 8\n"
  "kernel void pull (ulong n, float base, float damp, global const int *rowptr,\n"
  "  global const int *col, global const float *contrib, global float *nrank)\n"
  "{\n"
  "  local float l[256];\n"
  "  size_t lid = get_local_id (0), lane = lid % V;\n"
  "  size_t v = get_global_id (0) / V;\n"
  "  float s = 0.0f;\n"
  "  if (v < n)\n"
  "    for (int e = rowptr[v] + lane; e < rowptr[v + 1]; e += V)\n"
  "      s += contrib[col[e]];\n"
  "  l[lid] = s;\n"
  "  barrier (CLK_LOCAL_MEM_FENCE);\n"
  "  for (size_t w = V / 2; w > 0; w >>= 1)\n"
  "    {\n"
  "      if (lane < w) l[lid] += l[lid + w];\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "    }\n"
  "  if (lane == 0 && v < n) nrank[v] = base + damp * l[lid];\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel kw, kp;
  static cl_mem brp, bcol, bod, brank, bcon, bnr, bpart;
  static float *part;
  size_t n = bench_n, local = 256, g1 = ocl_round (n, 256), groups = g1 / 256;
  size_t g2 = ocl_round (n * 8, 256);
  cl_ulong nn = n;
  float damp = DAMP, base, dang = 0;

  if (kw == NULL)
    {
      kw = ocl_kernel (src, "weights", "");
      kp = ocl_kernel (src, "pull", "");
      brp = ocl_buf ((n + 1) * 4); bcol = ocl_buf ((ne ? ne : 1) * 4);
      bod = ocl_buf (n * 4); brank = ocl_buf (n * 4); bcon = ocl_buf (n * 4);
      bnr = ocl_buf (n * 4); bpart = ocl_buf (groups * 4);
      part = bench_alloc (groups * 4);
    }
  ocl_write (brp, rowptr, (n + 1) * 4);
  ocl_write (bcol, col, ne * 4);
  ocl_write (bod, outdeg, n * 4);
  ocl_write (brank, rank, n * 4);
  ocl_arg (kw, 0, sizeof nn, &nn);
  ocl_arg (kw, 1, sizeof brank, &brank);
  ocl_arg (kw, 2, sizeof bod, &bod);
  ocl_arg (kw, 3, sizeof bcon, &bcon);
  ocl_arg (kw, 4, sizeof bpart, &bpart);
  ocl_run (kw, 1, &g1, &local);
  ocl_read (bpart, part, groups * 4);
  for (size_t g = 0; g < groups; g++)
    dang += part[g];
  base = (1.0f - DAMP) / (float) n + DAMP * dang / (float) n;
  ocl_arg (kp, 0, sizeof nn, &nn);
  ocl_arg (kp, 1, sizeof base, &base);
  ocl_arg (kp, 2, sizeof damp, &damp);
  ocl_arg (kp, 3, sizeof brp, &brp);
  ocl_arg (kp, 4, sizeof bcol, &bcol);
  ocl_arg (kp, 5, sizeof bcon, &bcon);
  ocl_arg (kp, 6, sizeof bnr, &bnr);
  ocl_run (kp, 1, &g2, &local);
  ocl_read (bcon, contrib, n * 4);
  ocl_read (bnr, nrank, n * 4);
}
