/* sgemm_sweep.c -- a tuning sweep for the shape of gpu_tile's SGEMM kernel
   (issue 16): one parameterised OpenCL kernel (tile TSM x TSN of C per
   work-group, TSK-deep slices of A and B in local memory, WPTM x WPTN
   outputs per work-item, optional float4 global loads and contiguous
   per-work-item blocks) built for several shapes and timed with OpenCL
   events on square N x N products, so the pass can be given the shape
   that is fastest on the device rather than a guess.  Each shape is
   checked on a sample of entries against double-precision dot products.

     gcc -O2 -Iharness bench/ocl/sgemm_sweep.c bench/harness/oclh.c -lOpenCL -lm
     ./a.out 4096 8192          prints one line per shape and size  */
#include "oclh.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const char *src =
  "#define RTSM (TSM / WPTM)\n"
  "#define RTSN (TSN / WPTN)\n"
  "#define NT (RTSM * RTSN)\n"
  "kernel __attribute__ ((reqd_work_group_size (RTSN, RTSM, 1)))\n"
  "void g (int n, global const float *A, global const float *B, global float *C)\n"
  "{\n"
  "  local float As[TSK][TSM + 1];\n"
  "  local float Bs[TSK][TSN + PADB];\n"
  "  int tx = get_local_id (0), ty = get_local_id (1), tid = ty * RTSN + tx;\n"
  "  int col0 = get_group_id (0) * TSN, row0 = get_group_id (1) * TSM;\n"
  "  float acc[WPTM][WPTN];\n"
  "  for (int a = 0; a < WPTM; a++) for (int b = 0; b < WPTN; b++) acc[a][b] = 0.0f;\n"
  "  for (int k0 = 0; k0 < n; k0 += TSK)\n"
  "    {\n"
  "#if VEC\n"
  "      for (int e = tid; e < TSM * TSK / 4; e += NT)\n"
  "        {\n"
  "          int r = e / (TSK / 4), c = (e % (TSK / 4)) * 4;\n"
  "          float4 v = vload4 (0, A + (size_t) (row0 + r) * n + k0 + c);\n"
  "          As[c][r] = v.x; As[c + 1][r] = v.y; As[c + 2][r] = v.z; As[c + 3][r] = v.w;\n"
  "        }\n"
  "      for (int e = tid; e < TSK * TSN / 4; e += NT)\n"
  "        {\n"
  "          int r = e / (TSN / 4), c = (e % (TSN / 4)) * 4;\n"
  "          float4 v = vload4 (0, B + (size_t) (k0 + r) * n + col0 + c);\n"
  "          Bs[r][c] = v.x; Bs[r][c + 1] = v.y; Bs[r][c + 2] = v.z; Bs[r][c + 3] = v.w;\n"
  "        }\n"
  "#else\n"
  "      for (int e = tid; e < TSM * TSK; e += NT)\n"
  "        {\n"
  "          int r = e / TSK, c = e % TSK;\n"
  "          As[c][r] = A[(size_t) (row0 + r) * n + k0 + c];\n"
  "        }\n"
  "      for (int e = tid; e < TSK * TSN; e += NT)\n"
  "        {\n"
  "          int r = e / TSN, c = e % TSN;\n"
  "          Bs[r][c] = B[(size_t) (k0 + r) * n + col0 + c];\n"
  "        }\n"
  "#endif\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "#pragma unroll\n"
  "      for (int k = 0; k < TSK; k++)\n"
  "        {\n"
  "          float a[WPTM], b[WPTN];\n"
  "#if CONTIG\n"
  "          for (int w = 0; w < WPTM; w++) a[w] = As[k][ty * WPTM + w];\n"
  "          for (int w = 0; w < WPTN; w++) b[w] = Bs[k][tx * WPTN + w];\n"
  "#else\n"
  "          for (int w = 0; w < WPTM; w++) a[w] = As[k][ty + w * RTSM];\n"
  "          for (int w = 0; w < WPTN; w++) b[w] = Bs[k][tx + w * RTSN];\n"
  "#endif\n"
  "          for (int wi = 0; wi < WPTM; wi++)\n"
  "            for (int wj = 0; wj < WPTN; wj++)\n"
  "              acc[wi][wj] = fma (a[wi], b[wj], acc[wi][wj]);\n"
  "        }\n"
  "      barrier (CLK_LOCAL_MEM_FENCE);\n"
  "    }\n"
  "  for (int wi = 0; wi < WPTM; wi++)\n"
  "    for (int wj = 0; wj < WPTN; wj++)\n"
  "#if CONTIG\n"
  "      C[(size_t) (row0 + ty * WPTM + wi) * n + col0 + tx * WPTN + wj] = acc[wi][wj];\n"
  "#else\n"
  "      C[(size_t) (row0 + ty + wi * RTSM) * n + col0 + tx + wj * RTSN] = acc[wi][wj];\n"
  "#endif\n"
  "}\n";

/* One kernel shape: C tile TSM x TSN, slices TSK deep, WPTM x WPTN outputs
   per work-item, float4 global loads (VEC), contiguous blocks (CONTIG),
   padding of the B slice's rows (PADB).  */
struct shape { int tsm, tsn, tsk, wptm, wptn, vec, contig, padb; };

static const struct shape shapes[] = {
  { 128, 128, 16, 8, 8, 0, 0, 0 },	/* the hand-written kernel's shape */
  { 128, 128, 16, 8, 8, 1, 0, 0 },
  { 128, 128, 16, 8, 8, 1, 1, 0 },
  { 128, 128, 16, 8, 8, 1, 1, 4 },
  { 128, 128, 8, 8, 8, 1, 0, 0 },
  { 128, 128, 32, 8, 8, 1, 0, 0 },
  { 128, 64, 16, 8, 4, 1, 0, 0 },
  { 64, 128, 16, 4, 8, 1, 0, 0 },
  { 64, 64, 16, 4, 4, 1, 0, 0 },
  { 64, 64, 16, 4, 4, 0, 0, 0 },	/* gpu_tile's 4x4 blocks today */
  { 128, 128, 16, 16, 8, 1, 0, 0 },
  { 128, 256, 16, 8, 16, 1, 0, 0 },
};

static float
frand (void)
{
  return (float) rand () / RAND_MAX - 0.5f;
}

int
main (int argc, char **argv)
{
  for (int ai = 1; ai < argc; ai++)
    {
      int n = atoi (argv[ai]);
      size_t bytes = (size_t) n * n * sizeof (float);
      float *A = malloc (bytes), *B = malloc (bytes), *C = malloc (bytes);
      if (!A || !B || !C)
	return 1;
      for (size_t i = 0; i < (size_t) n * n; i++)
	A[i] = frand (), B[i] = frand ();
      cl_mem ba = ocl_buf (bytes), bb = ocl_buf (bytes), bc = ocl_buf (bytes);
      ocl_write (ba, A, bytes);
      ocl_write (bb, B, bytes);
      for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
	{
	  const struct shape *h = &shapes[s];
	  if (n % h->tsm || n % h->tsn || n % h->tsk)
	    continue;
	  char opts[160];
	  snprintf (opts, sizeof opts,
		    "-DTSM=%d -DTSN=%d -DTSK=%d -DWPTM=%d -DWPTN=%d -DVEC=%d"
		    " -DCONTIG=%d -DPADB=%d", h->tsm, h->tsn, h->tsk, h->wptm,
		    h->wptn, h->vec, h->contig, h->padb);
	  cl_kernel k = ocl_kernel (src, "g", opts);
	  ocl_arg (k, 0, sizeof n, &n);
	  ocl_arg (k, 1, sizeof ba, &ba);
	  ocl_arg (k, 2, sizeof bb, &bb);
	  ocl_arg (k, 3, sizeof bc, &bc);
	  size_t local[2] = { h->tsn / h->wptn, h->tsm / h->wptm };
	  size_t global[2] = { n / h->wptn, n / h->wptm };
	  double best = 1e30;
	  for (int rep = 0; rep < 5; rep++)
	    {
	      long long t0 = bench_kernel_ns ();
	      ocl_run (k, 2, global, local);
	      double ms = (bench_kernel_ns () - t0) / 1e6;
	      if (ms < best)
		best = ms;
	    }
	  ocl_read (bc, C, bytes);
	  double maxerr = 0;
	  for (int t = 0; t < 64; t++)
	    {
	      int i = rand () % n, j = rand () % n;
	      double ref = 0;
	      for (int q = 0; q < n; q++)
		ref += (double) A[(size_t) i * n + q] * B[(size_t) q * n + j];
	      double e = fabs (ref - C[(size_t) i * n + j]);
	      if (e > maxerr)
		maxerr = e;
	    }
	  printf ("sweep n=%d %s best=%.3f ms %.1f TFLOP/s maxerr=%.2g%s\n",
		  n, opts, best, 2.0 * n * (double) n * n / best / 1e9,
		  maxerr, maxerr > 1e-2 ? " WRONG" : "");
	  fflush (stdout);
	}
      free (A), free (B), free (C);
    }
  return 0;
}
