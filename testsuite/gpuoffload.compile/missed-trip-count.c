/* missed-trip-count.c: marked loops whose iterations the plugin cannot count in the types C compares in are valid C: each gets a -fopt-info-loop-missed remark at the loop with the reason and stays a host loop, never a compile error (issue 11, item 2).  A loop whose count holds only while its index does not wrap around (an unsigned index stepped down by a variable) is offloaded with the check at run time and the serial loop as its host path; a signed index against an unsigned bound is counted as C compares it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized-missed -fdump-tree-all-details" } */
#include <gpuoffload.h>

/* != with a variable step: the step may skip the bound.  */
void
ne_var (int *x, int n, int st)
{
  for (int i GPU_PARALLEL = 0; i != n; i += st) /* { dg-missed "loop not offloaded: cannot count the iterations of the loop in the types C compares in: a != test with a step other than 1 or -1" } */
    x[i] = 1;
}

/* A narrow index that wraps under != with a step of 2.  */
void
ne_wrap2 (int *x, unsigned char n)
{
  for (unsigned char i GPU_PARALLEL = 0; i != n; i += 2) /* { dg-missed "loop not offloaded: cannot count the iterations" } */
    x[i] = 1;
}

/* A step away from the bound: no iteration, or one until the index
   overflows.  */
void
away (int *x, int n)
{
  for (int i GPU_PARALLEL = 0; i < n; i--) /* { dg-missed "loop not offloaded: cannot count the iterations of the loop in the types C compares in: the loop's step goes away from its bound" } */
    x[i + 100] = 1;
}

/* A wrapping index compared after a conversion that changes it.  */
void
wrap_conv (int *x, unsigned n, int st)
{
  for (signed char i GPU_PARALLEL = 0; i < n; i += st) /* { dg-missed "loop not offloaded: cannot count the iterations of the loop in the types C compares in: the loop's test compares its index, which may wrap around, converted to a type that changes its value" } */
    x[i + 128] = 1;
}

/* The loop (c): counted when it does not wrap, checked at run
   time, with the serial loop as the host path.  */
void
down_var (int *x, unsigned st)
{
  for (unsigned i GPU_PARALLEL = 100; i >= 2; i -= st) /* { dg-optimized "loop offloaded as kernel gpu_down_var_\[0-9\]+ \\(1-D index space, \[0-9\]+ arguments, host fallback serial\\)" } */
    x[i] = 1;
}

/* The loop (a): compared as unsigned.  */
void
mixed (int *x, unsigned n, int st)
{
  for (int i GPU_PARALLEL = -5; i < n; i += st) /* { dg-optimized "loop offloaded as kernel gpu_mixed_\[0-9\]+ \\(1-D index space, \[0-9\]+ arguments, host fallback on threads\\)" } */
    x[i + 5] = 1;
}

/* { dg-final { scan-tree-dump-times "FAILED: \[^\n\]*: cannot count the iterations" 4 "gpu_find" } } */
/* { dg-final { scan-tree-dump "the count holds when \[^\n\]*; the host path is the serial loop" "gpu_find" } } */
/* { dg-final { scan-tree-dump "host fallback not outlined: the iteration count holds only when the index does not wrap around" "gpu_outline" } } */
/* { dg-final { scan-tree-dump "niter \[^\n\]*4294967291" "gpu_find" } } */
