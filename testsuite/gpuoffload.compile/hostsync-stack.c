/* hostsync-stack.c: a function whose region reaches its own stack frame (a struct parameter passed by value, a local array) syncs at its return instead of leaving that data on the device: the frame is gone by the caller's next sync, and an asynchronous copy in could still be reading it (args.c gave wrong results 10 times in 12).  A function whose regions reach only its callers' memory may still return with the data on the device.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

struct coef { double a; float b; };

static void __attribute__ ((noinline))
by_value (int n, struct coef k, double *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    out[i] = k.a * i + k.b;
}

static void __attribute__ ((noinline))
local_table (int n, double *out)
{
  double t[4] = { 1, 2, 3, 4 };
  for (int i GPU_PARALLEL = 0; i < n; i++)
    out[i] = t[i & 3] * out[i];
}

static void __attribute__ ((noinline))
callers_memory (int n, const double *in, double *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    out[i] = in[i] + 1;
}

double
use (int n, double *a, double *b, struct coef k)
{
  for (int t = 0; t < 3; t++)
    {
      by_value (n, k, a);
      local_table (n, a);
      callers_memory (n, a, b);
    }
  return b[0];
}

/* { dg-final { scan-tree-dump "FAILED: by_value syncs at its returns: a region reaches its own stack frame" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "FAILED: local_table syncs at its returns: a region reaches its own stack frame" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: callers_memory may return with data on the device" "gpu_hostsync" } } */
