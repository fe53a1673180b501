/* missed-recursion.c: a recursive helper cannot run on the device: the loop is not offloaded and the remark names the recursive call and is placed at the call in the marked loop (issue 13, item 4: not inside the helper).  */
/* { dg-do compile } */
/* { dg-options "-O0 -fopt-info-loop-missed" } */
#include <gpuoffload.h>

static int
fact (int k)
{
  return k <= 1 ? 1 : k * fact (k - 1);
}

void
f (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = fact (x[i] & 7); /* { dg-missed "loop not offloaded: recursive call to .fact. \\(in .fact., called here\\)" } */
}
