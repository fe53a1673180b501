/* reduce-forms-remark.c: GPU_REDUCE updates that are valid C but no
   reduction the device can compute stay host loops with a remark, never
   an error (issue 11, item 9): && or || under a condition or in an inner
   serial loop (a skipped update leaves s as it was, not 0 or 1), an
   update that folds to a constant (s = s && 0), an | whose result is
   then tested against 0 on one path only.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */
#include <gpuoffload.h>

int
conditional_and (int n, const float *x, const int *c)
{
  int s GPU_REDUCE = 1; /* { dg-missed "loop not offloaded: GPU_REDUCE accumulator .s. is updated by && or .. under a condition" } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    if (c[i])
      s = s && x[i] > 0;
  return s;
}

int
conditional_and_var (int n, const int *x, const int *c)
{
  int s GPU_REDUCE = 5; /* { dg-missed "loop not offloaded: GPU_REDUCE accumulator .s. is updated by && or .. under a condition" } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      int e = x[i] > 2;
      if (c[i])
	s = s && e;
    }
  return s;
}

int
inner_loop_or (int n, int m, const int *x)
{
  int s GPU_REDUCE = 5; /* { dg-missed "loop not offloaded: GPU_REDUCE accumulator .s. is updated by && or .. under a condition or in an inner loop" } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      {
	int e = x[i * m + k] > 2;
	s = s || e;
      }
  return s;
}

int
and_zero (int n)
{
  int s GPU_REDUCE = 5; /* { dg-missed "loop not offloaded: GPU_REDUCE accumulator .s. is set to a constant by its update once folded" } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    s = s && 0;
  return s;
}

int
or_then_tested (int n, const int *x, const int *c)
{
  int s GPU_REDUCE = 5; /* { dg-missed "loop not offloaded: GPU_REDUCE accumulator .s. is tested against 0 and combined by an operator other than && or .." } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      if (c[i])
	s |= x[i];
      s = s != 0;
    }
  return s;
}
