/* error-return.c: a return out of a marked loop is an error that names the return (issue 18 item 3: the wording says what the user wrote); in a function with nothing after the loop, the break and the return it could be are both named.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <gpuoffload.h>

int
f (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-error "must leave only through its condition, not by a .return." } */
    {
      if (x[i] < 0) /* { dg-message "path out of the loop starts here" } */
	return -1;
      y[i] = x[i];
    }
  y[0] = 3;
  return 0;
}

void
g (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-error "must leave only through its condition, not by a .break. or .return." } */
    {
      if (x[i] < 0) /* { dg-message "path out of the loop starts here" } */
	return;
      y[i] = x[i];
    }
}
