/* dump-cl.c: -fplugin-arg-gpuoffload-dump-cl=DIR writes the kernel's OpenCL C source to DIR/NAME.cl (compile.exp creates the directory empty).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump-cl=out/gpuoffload.compile/dump-cl" } */
#include <gpuoffload.h>

void
dumped_kernel (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[i] + 1;
}

/* { dg-final { scan-file "out/gpuoffload.compile/dump-cl/gpu_dumped_kernel*.cl" "__kernel\[^\n\]*gpu_dumped_kernel" } } */
