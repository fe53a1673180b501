/* struct-memcpy.c: a 16-byte memcpy, which GCC turns into a load and a
   store of a 128-bit integer, is printed as a copy of a 16-byte struct
   (OpenCL C has no 128-bit integer), a 48-byte one into an array as a
   byte loop (OpenCL C cannot assign arrays); arithmetic on a 128-bit
   integer keeps the loop on the host with the remark.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump-cl=out/gpuoffload.compile/dump-cl" } */
#include <gpuoffload.h>
#include <string.h>

struct p4 { float x, y, z, w; };

void
copy16 (int n, const struct p4 *in, struct p4 *out, const char *rows,
	char *last)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    {
      struct p4 t;
      memcpy (&t, &in[i], sizeof t);
      t.x += 1.0f;
      memcpy (&out[i], &t, sizeof t);
      char row[48];
      memcpy (row, rows + 48 * i, sizeof row);
      last[i] = row[i % 48];
    }
}

void
add128 (int n, const unsigned __int128 *a, unsigned __int128 *b)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    b[i] = a[i] + 1; /* { dg-missed "loop not offloaded: arithmetic on 128-bit integers" } */
}

/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_copy16*.cl" "typedef struct \\{ uchar b\\\[16\\\]; \\} gpu_u128;" } } */
/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_copy16*.cl" "\\n  \\(\\*\\(__global gpu_u128 \\*\\)\[^\\n\]*\\) = v\[0-9\]+;" } } */
/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_copy16*.cl" "for \\(ulong gpu_z = 0; \[^\\n\]*\\(\\(__private uchar \\*\\)&\[^\\n\]*\\)\\\[gpu_z\\\] = \\(\\(const __global uchar \\*\\)&" } } */
