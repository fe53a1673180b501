/* error-goto.c: a goto out of a marked loop is an error that names the goto (issue 18 item 3), also out of an inner serial loop.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <gpuoffload.h>

void
f (int n, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-error "must leave only through its condition, not by a .goto. out of it" } */
    {
      if (x[i] < 0) /* { dg-message "path out of the loop starts here" } */
	goto out;
      y[i] = x[i];
    }
  y[0] = 1;
 out:
  y[1] = 2;
}

void
g (int n, int m, const int *x, int *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-error "must leave only through its condition, not by a .goto. out of it" } */
    for (int j = 0; j < m; j++)
      {
	if (x[i * m + j] < 0) /* { dg-message "path out of the loop starts here" } */
	  goto out;
	y[i * m + j] = x[i];
      }
  y[0] = 1;
 out:
  y[1] = 2;
}
