/* bwfilter.c -- hand-written OpenCL for progs/bwfilter.c: 4 pixels per
   work-item with uint4 loads and stores (n*n a multiple of 4 assumed for
   the vector part, a scalar tail otherwise).  */
#define BENCH_EXTERNAL_RUN
#include "../progs/bwfilter.c"
#include "oclh.h"

static const char *src =
  "kernel void bw (ulong count, global const uint *img, global uint *out)\n"
  "{\n"
  "  size_t i = get_global_id (0);\n"
  "  if (4 * i + 3 < count)\n"
  "    {\n"
  "      uint4 p = vload4 (i, img);\n"
  "      uint4 g = ((p & 0xffu) + ((p >> 8) & 0xffu) + ((p >> 16) & 0xffu)) / 3u;\n"
  "      vstore4 ((p & 0xff000000u) | g << 16 | g << 8 | g, i, out);\n"
  "    }\n"
  "  else\n"
  "    for (size_t e = 4 * i; e < count; e++)\n"
  "      {\n"
  "        uint p = img[e], g = ((p & 0xffu) + ((p >> 8) & 0xffu) + ((p >> 16) & 0xffu)) / 3u;\n"
  "        out[e] = (p & 0xff000000u) | g << 16 | g << 8 | g;\n"
  "      }\n"
  "}\n";

static void
prog_run (void)
{
  static cl_kernel k;
  static cl_mem bi, bo;
  size_t c = (size_t) bench_n * bench_n, local = 256;
  size_t global = ocl_round ((c + 3) / 4, 256);
  cl_ulong cc = c;

  if (k == NULL)
    {
      k = ocl_kernel (src, "bw", "");
      bi = ocl_buf (c * 4); bo = ocl_buf (c * 4);
    }
  ocl_write (bi, img, c * 4);
  ocl_arg (k, 0, sizeof cc, &cc);
  ocl_arg (k, 1, sizeof bi, &bi);
  ocl_arg (k, 2, sizeof bo, &bo);
  ocl_run (k, 1, &global, &local);
  ocl_read (bo, out, c * 4);
}
