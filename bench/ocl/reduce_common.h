/* reduce_common.h -- the hand-written OpenCL reduction shared by
   reduce_add/mul/min.c: each work-item folds a grid-stride share of the
   input with float4 loads, a work-group tree in local memory folds those,
   one partial per group (8 groups per compute unit); the few hundred
   partials are folded on the host.  RED_OPSTR (the fold as
   OpenCL text in a and b), RED_FOLD (a, b), RED_ID and RED_IDSTR come from the
   including file.  */
#include "oclh.h"

#define STR2(x) #x
#define STR(x) STR2 (x)
static const char *red_src =
  "#define OP(a, b) (" RED_OPSTR ")\n"
  "kernel void red (global const float *x, ulong n, global float *part,\n"
  "                 local float *l)\n"
  "{\n"
  "  size_t gid = get_global_id (0), gs = get_global_size (0);\n"
  "  size_t lid = get_local_id (0);\n"
  "  float acc = " RED_IDSTR ";\n"
  "  ulong n4 = n / 4;\n"
  "  global const float4 *x4 = (global const float4 *) x;\n"
  "  for (ulong i = gid; i < n4; i += gs)\n"
  "    { float4 v = x4[i]; acc = OP (acc, OP (OP (v.x, v.y), OP (v.z, v.w))); }\n"
  "  for (ulong i = n4 * 4 + gid; i < n; i += gs)\n"
  "    acc = OP (acc, x[i]);\n"
  "  l[lid] = acc;\n"
  "  barrier (CLK_LOCAL_MEM_FENCE);\n"
  "  for (size_t s = get_local_size (0) / 2; s > 0; s >>= 1)\n"
  "    {\n"
  "      if (lid < s) l[lid] = OP (l[lid], l[lid + s]);\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "    }\n"
  "  if (lid == 0) part[get_group_id (0)] = l[0];\n"
  "}\n";

#define OP(a, b) RED_FOLD (a, b)
static float
red_run (const float *x, long n)
{
  static cl_kernel k;
  static cl_mem bx, bp;
  static float part[4096];
  static size_t groups;
  size_t local = 256, global;
  cl_ulong nn = (cl_ulong) n;
  float acc = RED_ID;

  if (k == NULL)
    {
      k = ocl_kernel (red_src, "red", "");
      groups = 8 * ocl_units ();
      if (groups > 4096) groups = 4096;
      bx = ocl_buf (n * sizeof *x);
      bp = ocl_buf (groups * sizeof (float));
    }
  global = groups * local;
  ocl_write (bx, x, n * sizeof *x);
  ocl_arg (k, 0, sizeof bx, &bx);
  ocl_arg (k, 1, sizeof nn, &nn);
  ocl_arg (k, 2, sizeof bp, &bp);
  ocl_arg (k, 3, local * sizeof (float), NULL);
  ocl_run (k, 1, &global, &local);
  ocl_read (bp, part, groups * sizeof (float));
  for (size_t g = 0; g < groups; g++)
    acc = OP (acc, part[g]);
  return acc;
}
