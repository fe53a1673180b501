/* strtod.c: atof and strtod with a null end pointer have a device
   version (nn's atof of each record): the loop is offloaded, and the
   kernel has the parser for a string in global memory; strtod with an
   end pointer keeps the loop on the host, the remark at the call.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump-cl=out/gpuoffload.compile/dump-cl" } */
#include <gpuoffload.h>
#include <stdlib.h>

void
parse (long n, const char *text, float *z)
{
  for (long i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    z[i] = atof (text + 16 * i) + strtod (text + 16 * i + 8, NULL);
}

void
parse_end (long n, const char *text, double *z, long *used)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      char *end;
      z[i] = strtod (text + 16 * i, &end); /* { dg-missed "loop not offloaded: call to .strtod. with an end pointer" } */
      used[i] = end - text;
    }
}

/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_parse_*.cl" "double gpu_lib_strtod_g \\(const __global char \\*s\\)" } } */
/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_parse_*.cl" "gpu_lib_strtod_g\\(v\[0-9\]+\\)\[^\\n\]*gpu_lib_strtod_g\\(v\[0-9\]+\\)|gpu_lib_strtod_g\\(v\[0-9\]+\\)" } } */
