/* nbody.c -- hand-written OpenCL for progs/nbody.c: the classic tiled
   all-pairs kernel (GPU Gems 3, ch. 31): bodies staged 256 at a time in
   local memory as float4 (x, y, z, m), rsqrt, and the position update
   fused into the same kernel.  */
#define BENCH_EXTERNAL_RUN
#include "../progs/nbody.c"
#include "oclh.h"

static const char *src =
  "#define WG 256\n"
  "kernel void nb (ulong n, float dt, float eps2, global const float *px,\n"
  "  global const float *py, global const float *pz, global const float *m,\n"
  "  global const float *vx, global const float *vy, global const float *vz,\n"
  "  global float *nvx, global float *nvy, global float *nvz,\n"
  "  global float *npx, global float *npy, global float *npz)\n"
  "{\n"
  "  local float4 tile[WG];\n"
  "  size_t i = get_global_id (0), lid = get_local_id (0);\n"
  "  float3 p = i < n ? (float3) (px[i], py[i], pz[i]) : (float3) (0.0f);\n"
  "  float3 a = (float3) (0.0f);\n"
  "  for (size_t t = 0; t < n; t += WG)\n"
  "    {\n"
  "      size_t j = t + lid;\n"
  "      tile[lid] = j < n ? (float4) (px[j], py[j], pz[j], m[j]) : (float4) (0.0f, 0.0f, 0.0f, 0.0f);\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "      #pragma unroll 8\n"
  "      for (int q = 0; q < WG; q++)\n"
  "        {\n"
  "          float4 b = tile[q];\n"
  "          float3 d = b.xyz - p;\n"
  "          float inv = rsqrt (dot (d, d) + eps2);\n"
  "          a += d * (b.w * inv * inv * inv);\n"
  "        }\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "    }\n"
  "  if (i >= n) return;\n"
  "  float3 v = (float3) (vx[i], vy[i], vz[i]) + dt * a;\n"
  "  nvx[i] = v.x; nvy[i] = v.y; nvz[i] = v.z;\n"
  "  npx[i] = p.x + dt * v.x; npy[i] = p.y + dt * v.y; npz[i] = p.z + dt * v.z;\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem b[13];
  float *h[13] = { px, py, pz, m, vx, vy, vz, nvx, nvy, nvz, npx, npy, npz };
  size_t n = bench_n, local = 256, global = ocl_round (n, 256);
  cl_ulong nn = n;
  float dt = DT, eps2 = EPS2;

  if (k == NULL)
    {
      k = ocl_kernel (src, "nb", "");
      for (int q = 0; q < 13; q++)
	b[q] = ocl_buf (n * 4);
    }
  for (int q = 0; q < 7; q++)
    ocl_write (b[q], h[q], n * 4);
  ocl_arg (k, 0, sizeof nn, &nn);
  ocl_arg (k, 1, sizeof dt, &dt);
  ocl_arg (k, 2, sizeof eps2, &eps2);
  for (int q = 0; q < 13; q++)
    ocl_arg (k, 3 + q, sizeof b[q], &b[q]);
  ocl_run (k, 1, &global, &local);
  for (int q = 7; q < 13; q++)
    ocl_read (b[q], h[q], n * 4);
}
