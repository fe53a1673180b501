/* matmul.c -- hand-written OpenCL SGEMM for progs/matmul.c: square tiles
   of C per work-group (TS x TS) built from TS x 16 slices of A and B staged
   in local memory, each of the 16 x 16 work-items accumulating a WPT x WPT
   block of C in registers (TS 128, WPT 8 for n >= 1024; TS 64, WPT 4
   below).  n must be a multiple of TS (the suite's sizes are powers of 2);
   other sizes use the plain one-entry-per-work-item kernel.  */
#define BENCH_EXTERNAL_RUN
#include "../progs/matmul.c"
#include "oclh.h"

static const char *src =
  "#define RTS (TS / WPT)\n"
  "#define TSK 16\n"
  "#define LPT (TS * TSK / (RTS * RTS))\n"
  "kernel __attribute__ ((reqd_work_group_size (RTS, RTS, 1)))\n"
  "void mm (int n, global const float *A, global const float *B, global float *C)\n"
  "{\n"
  "  local float As[TSK][TS + 1], Bs[TSK][TS];\n"
  "  int tx = get_local_id (0), ty = get_local_id (1), tid = ty * RTS + tx;\n"
  "  int col0 = get_group_id (0) * TS, row0 = get_group_id (1) * TS;\n"
  "  float acc[WPT][WPT];\n"
  "  for (int a = 0; a < WPT; a++) for (int b = 0; b < WPT; b++) acc[a][b] = 0.0f;\n"
  "  for (int k0 = 0; k0 < n; k0 += TSK)\n"
  "    {\n"
  "      for (int l = 0; l < LPT; l++)\n"
  "        {\n"
  "          int e = tid + l * RTS * RTS;\n"
  "          int r = e / TSK, c = e % TSK;\n"
  "          As[c][r] = A[(row0 + r) * n + k0 + c];\n"
  "          int rb = e / TS, cb = e % TS;\n"
  "          Bs[rb][cb] = B[(k0 + rb) * n + col0 + cb];\n"
  "        }\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "      for (int k = 0; k < TSK; k++)\n"
  "        {\n"
  "          float a[WPT], b[WPT];\n"
  "          for (int w = 0; w < WPT; w++) { a[w] = As[k][ty + w * RTS]; b[w] = Bs[k][tx + w * RTS]; }\n"
  "          for (int wi = 0; wi < WPT; wi++)\n"
  "            for (int wj = 0; wj < WPT; wj++)\n"
  "              acc[wi][wj] = fma (a[wi], b[wj], acc[wi][wj]);\n"
  "        }\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "    }\n"
  "  for (int wi = 0; wi < WPT; wi++)\n"
  "    for (int wj = 0; wj < WPT; wj++)\n"
  "      C[(row0 + ty + wi * RTS) * n + col0 + tx + wj * RTS] = acc[wi][wj];\n"
  "}\n"
  "kernel void mm1 (int n, global const float *A, global const float *B, global float *C)\n"
  "{\n"
  "  int j = get_global_id (0), i = get_global_id (1);\n"
  "  if (i >= n || j >= n) return;\n"
  "  float acc = 0.0f;\n"
  "  for (int k = 0; k < n; k++) acc = fma (A[i * n + k], B[k * n + j], acc);\n"
  "  C[i * n + j] = acc;\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem ba, bb, bc;
  static size_t ts, wpt;
  int n = (int) bench_n;
  size_t bytes = (size_t) n * n * 4;

  if (k == NULL)
    {
      ts = n >= 1024 && n % 128 == 0 ? 128 : n % 64 == 0 ? 64 : 0;
      wpt = ts == 128 ? 8 : 4;
      char opts[64];
      snprintf (opts, sizeof opts, "-DTS=%zu -DWPT=%zu", ts ? ts : 64, wpt);
      k = ocl_kernel (src, ts ? "mm" : "mm1", opts);
      ba = ocl_buf (bytes); bb = ocl_buf (bytes); bc = ocl_buf (bytes);
    }
  ocl_write (ba, A, bytes);
  ocl_write (bb, B, bytes);
  ocl_arg (k, 0, sizeof n, &n);
  ocl_arg (k, 1, sizeof ba, &ba);
  ocl_arg (k, 2, sizeof bb, &bb);
  ocl_arg (k, 3, sizeof bc, &bc);
  if (ts)
    {
      size_t local[2] = { ts / wpt, ts / wpt };
      size_t global[2] = { n / wpt, n / wpt };
      ocl_run (k, 2, global, local);
    }
  else
    {
      size_t local[2] = { 16, 16 }, global[2] = { ocl_round (n, 16), ocl_round (n, 16) };
      ocl_run (k, 2, global, local);
    }
  ocl_read (bc, C, bytes);
}
