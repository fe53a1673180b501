/* blackscholes.c -- hand-written OpenCL for progs/blackscholes.c: one
   option per work-item, the normal CDF computed twice (not four times), 256
   work-items per group.  Arithmetic-bound; precision as the C source.  */
#define BENCH_EXTERNAL_RUN
#include "../progs/blackscholes.c"
#include "oclh.h"

static const char *src =
  "float cnd (float d)\n"
  "{\n"
  "  const float a1 = 0.319381530f, a2 = -0.356563782f, a3 = 1.781477937f,\n"
  "    a4 = -1.821255978f, a5 = 1.330274429f;\n"
  "  float k = 1.0f / (1.0f + 0.2316419f * fabs (d));\n"
  "  float w = 1.0f - 0.39894228040143267794f * exp (-0.5f * d * d)\n"
  "    * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));\n"
  "  return d < 0 ? 1.0f - w : w;\n"
  "}\n"
  "kernel void bs (ulong n, float r, float v, global const float *S,\n"
  "  global const float *K, global const float *T, global float *call,\n"
  "  global float *put)\n"
  "{\n"
  "  size_t i = get_global_id (0);\n"
  "  if (i >= n) return;\n"
  "  float s = S[i], x = K[i], t = T[i], sq = v * sqrt (t);\n"
  "  float d1 = (log (s / x) + (r + 0.5f * v * v) * t) / sq, d2 = d1 - sq;\n"
  "  float c1 = cnd (d1), c2 = cnd (d2), disc = x * exp (-r * t);\n"
  "  call[i] = s * c1 - disc * c2;\n"
  "  put[i] = disc * (1.0f - c2) - s * (1.0f - c1);\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem bs, bk, bt, bc, bp;
  size_t n = bench_n, local = 256, global = ocl_round (n, 256);
  cl_ulong nn = n;
  float r = RATE, v = VOL;

  if (k == NULL)
    {
      k = ocl_kernel (src, "bs", "");
      bs = ocl_buf (n * 4); bk = ocl_buf (n * 4); bt = ocl_buf (n * 4);
      bc = ocl_buf (n * 4); bp = ocl_buf (n * 4);
    }
  ocl_write (bs, S, n * 4);
  ocl_write (bk, K, n * 4);
  ocl_write (bt, T, n * 4);
  ocl_arg (k, 0, sizeof nn, &nn);
  ocl_arg (k, 1, sizeof r, &r);
  ocl_arg (k, 2, sizeof v, &v);
  ocl_arg (k, 3, sizeof bs, &bs);
  ocl_arg (k, 4, sizeof bk, &bk);
  ocl_arg (k, 5, sizeof bt, &bt);
  ocl_arg (k, 6, sizeof bc, &bc);
  ocl_arg (k, 7, sizeof bp, &bp);
  ocl_run (k, 1, &global, &local);
  ocl_read (bc, call, n * 4);
  ocl_read (bp, put, n * 4);
}
