/* error-break.c: a break out of a marked loop is an error worded for the break: the loop must leave only through its condition.  A note shows where the path out starts; an abort on another path does not hide the break.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <gpuoffload.h>
#include <stdlib.h>

void
f (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-error "must leave only through its condition, not by a .break." } */
    {
      if (x[i] < 0) /* { dg-message "path out of the loop starts here" } */
	break;
      y[i] = x[i];
    }
  y[0] = 1;
}

void
g (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-error "must leave only through its condition, not by a .break." } */
    {
      if (x[i] == 7)
	abort ();
      if (x[i] < 0) /* { dg-message "path out of the loop starts here" } */
	break;
      y[i] = x[i];
    }
  y[0] = 1;
}
