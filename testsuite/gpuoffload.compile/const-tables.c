/* const-tables.c: const file-scope tables a region or a function it
   calls reads are __constant arrays of the kernel source, with their
   initializers' bytes (no buffer: the called function takes no hidden
   parameter for them); a table larger than the 16 KiB the source holds,
   one whose address the region takes and a writable one stay buffers.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details -fplugin-arg-gpuoffload-dump-cl=out/gpuoffload.compile/dump-cl" } */
#include <gpuoffload.h>

static const float coef[4] = { 1.0f, -2.0f, 0.5f, 3.0f };
static const double dtab[3] = { 0.25 };
static const int big[5000] = { 1 };
static const int addr[4] = { 4, 3, 2, 1 };
static int rw[4] = { 1, 2, 3, 4 };

static __attribute__ ((noinline)) int
first (const int *q)
{
  return q[0];
}

static double
scale (int k)
{
  return dtab[k % 3];
}

void
ctables (long n, const int *x, float *f, double *d, int *p)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-missed "const table .big. \\(20000 bytes\\) stays a global buffer: the kernel source holds at most 16384 bytes of tables" } */
    {
      f[i] = coef[x[i] & 3] * (float) big[x[i] & 4095];
      d[i] = scale (x[i]) + rw[x[i] & 3];
      p[i] = first (&addr[x[i] & 3]);
    }
}

/* { dg-final { scan-tree-dump "SUCCESS: global coef is a constant table: __constant gpu_t\[0-9\]+ in the kernel source \\(16 bytes\\)" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: global dtab is a constant table: __constant gpu_t\[0-9\]+ in the kernel source \\(24 bytes\\)" "gpu_find" } } */
/* { dg-final { scan-tree-dump-not "SUCCESS: global (big|addr|rw) is a constant table" "gpu_find" } } */
/* 1.0f, -2.0f in one word; 0.25 then two zero words.  */
/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_ctables*.cl" "coef, 16 bytes ..\n__constant ulong gpu_t\[0-9\]+\\\[2\\\] = \{\n  0xc00000003f800000UL, 0x404000003f000000UL," } } */
/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_ctables*.cl" "__constant ulong gpu_t\[0-9\]+\\\[3\\\] = \{\n  0x3fd0000000000000UL, 0UL, 0UL," } } */
/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_ctables*.cl" "double gpu_f_scale_v\\(int \[a-z_0-9\]+\\)" } } */
/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_ctables*.cl" "\\(\\*\\(__constant gpu_a\[0-9\]+ \\*\\)gpu_t\[0-9\]+\\)\\)\\\[" } } */
