/* twolevel-wrong.c: a GPU_PARALLEL loop whose every iteration stores a
   value that changes with the iteration to the same element (the row
   update of a triangular solve with the column loop marked) is provably
   wrongly marked: a warning names the array and suggests GPU_REDUCE or
   removing the marker (issue 14 item 3).  An inner marked loop so marked
   runs serially in each work-item, with a missed remark.  A store of the
   same value from every iteration (a flag) is no such proof: no
   warning.  A loop whose iterations read what others write at a distance
   GCC's dependence analysis proves (a[i] = a[i + 1] + 1) is warned about
   too; an in-place update (distance 0) is not.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */
#include <gpuoffload.h>

void
trsv (int n, const double *A, double *x)
{
  for (int i = 0; i < n; i++)
    {
      for (int j GPU_PARALLEL = 0; j < i; j++)
	x[i] -= A[i * n + j] * x[j]; /* { dg-warning "every iteration of this .GPU_PARALLEL. loop stores a different value to the same element of .x., so its iterations are not independent; accumulate into a .GPU_REDUCE. variable or remove the marker" } */
      x[i] /= A[i * n + i];
    }
}

void
flag (int n, const double *x, int *any)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    if (x[i] < 0)
      any[0] = 1;
}

void
many (int nsys, int n, const double *A GPU_EXTENT (n * n),
      double *x GPU_EXTENT (nsys * n))
{
  for (int s GPU_PARALLEL = 0; s < nsys; s++)
    for (int i = 0; i < n; i++)
      {
	for (int j GPU_PARALLEL = 0; j < i; j++) /* { dg-missed "inner GPU_PARALLEL loop runs serially in each work-item: its iterations are not independent \\(see the warning\\)" } */
	  x[s * n + i] -= A[i * n + j] * x[s * n + j]; /* { dg-warning "stores a different value to the same element of .x." } */
	x[s * n + i] /= A[i * n + i];
      }
}

void
shift (int n, float *a)
{
  for (int i GPU_PARALLEL = 0; i < n - 1; i++)
    a[i] = a[i + 1] + 1; /* { dg-warning "this .GPU_PARALLEL. loop reads an element of .a. that another of its iterations writes \\(1 iteration apart\\), so its iterations are not independent; remove the marker" } */
}

void
in_place (int n, float *a, const float *b)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[i] = b[i] + a[i];
}
