/* globals-callee.c: a marked loop calling functions that use global variables is offloaded (issue 13, item 3; it used to stay on the host with "function 'randu' uses global variable 'A'"); the dump says which globals became arguments and how they are used.  A global the device cannot copy (an extern array of unknown size, a thread-local) keeps the loop on the host with a remark that names it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

static unsigned long long A = 6364136223846793005ULL, C = 1442695040888963407ULL;
int counts[1000];
extern float unknown[];
static __thread int tls;

static float
randu (unsigned long long s)
{
  s = s * A + C;
  return (float) (s >> 40);
}

static void
bump (int i)
{
  counts[i] = counts[i] + 1;
}

void
gen (int n, float *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    {
      out[i] = randu (i);
      bump (i);
    }
}

static float
from_unknown (int i)
{
  return unknown[i];
}

void
use_unknown (int n, float *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-missed "'unknown' has no known size" } */
    out[i] = from_unknown (i);
}

static int
from_tls (int i)
{
  return tls + i;
}

void
use_tls (int n, int *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    out[i] = from_tls (i); /* { dg-missed "thread-local variable .tls. \\(in .from_tls., called here\\)" } */
}

/* { dg-final { scan-tree-dump "called function gen uses global A \\(r\\)" "gpu_find" } } */
/* { dg-final { scan-tree-dump "called function gen uses global counts \\(rw\\)" "gpu_find" } } */
