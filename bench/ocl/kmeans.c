/* kmeans.c -- hand-written OpenCL for progs/kmeans.c: classify and update
   fused in one pass.  Centroids in local memory; each work-item classifies
   a grid-stride share of the points, stores the assignment and keeps
   private per-cluster sums; a local-memory tree per value gives one set of
   16 x 3 partials per group (4 groups per compute unit), added on the host.  */
#define BENCH_EXTERNAL_RUN
#include "../progs/kmeans.c"
#include "oclh.h"

static const char *src =
  "#define NK 16\n"
  "#define WG 128\n"
  "kernel void km (ulong n, global const float *px, global const float *py,\n"
  "  global const float *cxg, global const float *cyg, global int *assign,\n"
  "  global float *part)\n"
  "{\n"
  "  local float cx[NK], cy[NK], l[WG];\n"
  "  size_t lid = get_local_id (0);\n"
  "  if (lid < NK) { cx[lid] = cxg[lid]; cy[lid] = cyg[lid]; }\n"
  "  barrier (CLK_LOCAL_MEM_FENCE);\n"
  "  float sx[NK], sy[NK], cnt[NK];\n"
  "  for (int c = 0; c < NK; c++) sx[c] = sy[c] = cnt[c] = 0.0f;\n"
  "  for (size_t i = get_global_id (0); i < n; i += get_global_size (0))\n"
  "    {\n"
  "      float x = px[i], y = py[i], bd = INFINITY;\n"
  "      int best = 0;\n"
  "      for (int c = 0; c < NK; c++)\n"
  "        {\n"
  "          float dx = x - cx[c], dy = y - cy[c], d = dx * dx + dy * dy;\n"
  "          if (d < bd) { bd = d; best = c; }\n"
  "        }\n"
  "      assign[i] = best;\n"
  "      for (int c = 0; c < NK; c++)\n"
  "        if (c == best) { sx[c] += x; sy[c] += y; cnt[c] += 1.0f; }\n"
  "    }\n"
  "  global float *out = part + get_group_id (0) * 3 * NK;\n"
  "  for (int v = 0; v < 3 * NK; v++)\n"
  "    {\n"
  "      int c = v % NK;\n"
  "      l[lid] = v < NK ? sx[c] : v < 2 * NK ? sy[c] : cnt[c];\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "      for (size_t s = WG / 2; s > 0; s >>= 1)\n"
  "        {\n"
  "          if (lid < s) l[lid] += l[lid + s];\n"
  "          barrier (CLK_LOCAL_MEM_FENCE);\n"
  "        }\n"
  "      if (lid == 0) out[v] = l[0];\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "    }\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem bx, by, bcx, bcy, ba, bp;
  static size_t groups;
  static float *part;
  size_t n = bench_n, local = 128, global;
  cl_ulong nn = n;

  if (k == NULL)
    {
      k = ocl_kernel (src, "km", "");
      groups = 4 * ocl_units ();
      bx = ocl_buf (n * 4); by = ocl_buf (n * 4); ba = ocl_buf (n * 4);
      bcx = ocl_buf (NK * 4); bcy = ocl_buf (NK * 4);
      bp = ocl_buf (groups * 3 * NK * 4);
      part = bench_alloc (groups * 3 * NK * 4);
    }
  global = groups * local;
  ocl_write (bx, px, n * 4);
  ocl_write (by, py, n * 4);
  ocl_write (bcx, cx, NK * 4);
  ocl_write (bcy, cy, NK * 4);
  ocl_arg (k, 0, sizeof nn, &nn);
  ocl_arg (k, 1, sizeof bx, &bx);
  ocl_arg (k, 2, sizeof by, &by);
  ocl_arg (k, 3, sizeof bcx, &bcx);
  ocl_arg (k, 4, sizeof bcy, &bcy);
  ocl_arg (k, 5, sizeof ba, &ba);
  ocl_arg (k, 6, sizeof bp, &bp);
  ocl_run (k, 1, &global, &local);
  ocl_read (ba, assign, n * 4);
  ocl_read (bp, part, groups * 3 * NK * 4);
  for (int c = 0; c < NK; c++)
    {
      float sx = 0, sy = 0, cnt = 0;
      for (size_t g = 0; g < groups; g++)
	{
	  sx += part[g * 3 * NK + c];
	  sy += part[g * 3 * NK + NK + c];
	  cnt += part[g * 3 * NK + 2 * NK + c];
	}
      ncx[c] = cnt ? sx / cnt : cx[c];
      ncy[c] = cnt ? sy / cnt : cy[c];
    }
}
