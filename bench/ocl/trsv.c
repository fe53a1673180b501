/* trsv.c -- hand-written OpenCL for progs/trsv.c, the algorithm of
   gpu_pivot's blocked pivot loop: for each block of B = 128 columns, one
   work-group of B work-items solves the block's triangle with the
   block's part of x in local memory (one barrier pair a column), then
   a kernel over the rows below applies the block's columns, one row per
   work-item, in increasing column order (x[i] kept in a register, L read
   along its columns: coalesced).  L and x stay on the device: one copy
   in, one out; 2 N / B launches.  */
#define BENCH_EXTERNAL_RUN
#include "../progs/trsv.c"
#include "oclh.h"

#define B 128
#define STR_(x) #x
#define STR(x) STR_(x)

static const char *src =
  "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
  "kernel void tri (long n, long jb, long hi, global const double *l,\n"
  "                 global double *x)\n"
  "{\n"
  "  local double xl[" STR (B) "];\n"
  "  long t = get_local_id (0), i = jb + t;\n"
  "  if (i < hi)\n"
  "    xl[t] = x[i];\n"
  "  barrier (CLK_LOCAL_MEM_FENCE);\n"
  "  for (long j = jb; j < hi; j++)\n"
  "    {\n"
  "      if (i == j)\n"
  "        xl[t] /= l[j * n + j];\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "      if (i > j && i < hi)\n"
  "        xl[t] -= l[j * n + i] * xl[j - jb];\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "    }\n"
  "  if (i < hi)\n"
  "    x[i] = xl[t];\n"
  "}\n"
  "kernel void below (long n, long jb, long hi, global const double *l,\n"
  "                   global double *x)\n"
  "{\n"
  "  long i = hi + get_global_id (0);\n"
  "  if (i >= n)\n"
  "    return;\n"
  "  double v = x[i];\n"
  "  for (long j = jb; j < hi; j++)\n"
  "    v -= l[j * n + i] * x[j];\n"
  "  x[i] = v;\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel tri, below;
  static cl_mem bl, bx;
  static long have;
  long n = bench_n;
  size_t group = B;

  memcpy (x, b, (size_t) n * sizeof *x);
  if (tri == NULL)
    {
      tri = ocl_kernel (src, "tri", "");
      below = ocl_kernel (src, "below", "");
    }
  if (have != n)
    {
      bl = ocl_buf ((size_t) n * n * sizeof *L + 8);
      bx = ocl_buf ((size_t) n * sizeof *x + 8);
      have = n;
    }
  ocl_write (bl, L, (size_t) n * n * sizeof *L);
  ocl_write (bx, x, (size_t) n * sizeof *x);
  for (long jb = 0; jb < n; jb += B)
    {
      long hi = jb + B < n ? jb + B : n;
      size_t rows = ocl_round ((size_t) (n - hi), 256), local = 256;
      cl_kernel ks[2] = { tri, below };
      for (int k = 0; k < 2; k++)
	{
	  ocl_arg (ks[k], 0, sizeof n, &n);
	  ocl_arg (ks[k], 1, sizeof jb, &jb);
	  ocl_arg (ks[k], 2, sizeof hi, &hi);
	  ocl_arg (ks[k], 3, sizeof bl, &bl);
	  ocl_arg (ks[k], 4, sizeof bx, &bx);
	}
      ocl_run (tri, 1, &group, &group);
      if (rows > 0)
	ocl_run (below, 1, &rows, &local);
    }
  ocl_read (bx, x, (size_t) n * sizeof *x);
}
