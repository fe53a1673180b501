/* reduce-misuse.c: a GPU_REDUCE accumulator that is read for anything but its update, has no recognizable update, mixes operators, is subtracted from something, is tested, is updated outside the innermost marked loop, has its address taken before or in the loop (also after it, in an enclosing loop), is an error saying why (an && under a condition is valid code: reduce-forms-remark.c).  (One declared inside the nest and updated in an inner marked loop is a reduction per outer iteration: twolevel-*.c.)  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <gpuoffload.h>

void take (float *);

float
read_in_body (int n, const float *x, float *y)
{
  float s GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      s += x[i];
      y[i] = s; /* { dg-error "accumulator .s.: read here for something other than its update" } */
    }
  return s;
}

float
plain_assignment (int n, const float *x)
{
  float s GPU_REDUCE = 0; /* { dg-error "accumulator .s.: no recognizable update" } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    s = x[i];
  return s;
}

int
mixed (int n, const int *x)
{
  int s GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      s += x[i];
      s *= 2; /* { dg-error "updated with two different operators \\(\\+ and \\*\\)" } */
    }
  return s;
}

int
subtracted_from (int n, const int *x)
{
  int s GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    s = x[i] - s; /* { dg-error "subtracted from another value" } */
  return s;
}

int
tested (int n, const int *x, int *y)
{
  int s GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      if (s > 10) /* { dg-error "accumulator .s.: tested here" } */
	y[i] = 1;
      s += x[i];
    }
  return s;
}

int
outer_update (int n, int m, const int *x)
{
  int s GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-error "accumulator .s.: updated outside the innermost GPU_PARALLEL loop" } */
    {
      s += i;
      for (int j GPU_PARALLEL = 0; j < m; j++)
	s += x[i * m + j];
    }
  return s;
}

float
address_taken (int n, const float *x)
{
  float s GPU_REDUCE = 0;
  take (&s);
  for (int i GPU_PARALLEL = 0; i < n; i++)
    s += x[i]; /* { dg-error "accumulator .s. must be a local variable whose address is not taken" } */
  return s;
}

float
address_taken_inside (int n, const float *x)
{
  float s GPU_REDUCE = 0;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      s += x[i]; /* { dg-error "accumulator .s. must be a local variable whose address is not taken before or in the loop" } */
      if (x[i] > 100)
	take (&s);
    }
  return s;
}

/* After the marked loop, but the enclosing loop brings the pointer back
   to the next run of the marked loop.  */
float
address_taken_in_time_loop (int steps, int n, const float *x)
{
  float s GPU_REDUCE = 0;
  for (int t = 0; t < steps; t++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	s += x[i]; /* { dg-error "accumulator .s. must be a local variable whose address is not taken" } */
      take (&s);
    }
  return s;
}
