/* montecarlo.c -- hand-written OpenCL for progs/montecarlo.c: one kernel
   draws each item's points, stores its hits and folds the hits of its
   work-group in local memory; the host adds the per-group partials.  */
#define BENCH_EXTERNAL_RUN
#include "../progs/montecarlo.c"
#include "oclh.h"

static const char *src =
  "kernel void mc (ulong n, global uint *hits, global ulong *part)\n"
  "{\n"
  "  local uint l[256];\n"
  "  size_t i = get_global_id (0), lid = get_local_id (0);\n"
  "  uint h = 0;\n"
  "  if (i < n)\n"
  "    {\n"
  "      uint s = (uint) i * 2654435761u + 12345u;\n"
  "      for (int k = 0; k < 256; k++)\n"
  "        {\n"
  "          s ^= s << 13; s ^= s >> 17; s ^= s << 5;\n"
  "          ulong px = s & 0xffff, py = s >> 16;\n"
  "          h += px * px + py * py <= 65535ul * 65535ul;\n"
  "        }\n"
  "      hits[i] = h;\n"
  "    }\n"
  "  l[lid] = h;\n"
  "  barrier (CLK_LOCAL_MEM_FENCE);\n"
  "  for (size_t s = 128; s > 0; s >>= 1)\n"
  "    {\n"
  "      if (lid < s) l[lid] += l[lid + s];\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "    }\n"
  "  if (lid == 0) part[get_group_id (0)] = l[0];\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem bh, bp;
  static unsigned long long *part;
  size_t n = bench_n, local = 256, global = ocl_round (n, 256), groups = global / 256;
  cl_ulong nn = n;

  if (k == NULL)
    {
      k = ocl_kernel (src, "mc", "");
      bh = ocl_buf (n * 4); bp = ocl_buf (groups * 8);
      part = bench_alloc (groups * 8);
    }
  ocl_arg (k, 0, sizeof nn, &nn);
  ocl_arg (k, 1, sizeof bh, &bh);
  ocl_arg (k, 2, sizeof bp, &bp);
  ocl_run (k, 1, &global, &local);
  ocl_read (bh, hits, n * 4);
  ocl_read (bp, part, groups * 8);
  total = 0;
  for (size_t g = 0; g < groups; g++)
    total += (long) part[g];
}
