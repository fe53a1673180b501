/* extent-too-large.c: a GPU_EXTENT the compiler can prove larger than the
   object its pointer points to (a global array, the rest of one after an
   offset, a malloc of a constant size) is an error that says both sizes
   in objects and bytes (issue 11, item 15: the runtime would copy past the
   object); an extent that fits is taken.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized" } */
#include <gpuoffload.h>
#include <stdlib.h>

float arr[1000];

void
global_too_large (int n, float *y, const int *idx)
{
  float *x GPU_EXTENT (2000) = arr; /* { dg-error "'GPU_EXTENT\\(2000\\)' on 'x' reaches 2000 objects of 4 bytes \\(8000 bytes\\), but it points to an object of 4000 bytes \\(1000 objects\\)" } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[idx[i]];
}

void
global_fits (int n, float *y, const int *idx)
{
  float *x GPU_EXTENT (1000) = arr;
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded" } */
    y[i] = x[idx[i]];
}

void
offset_too_large (int n, float *y, const int *idx)
{
  float *x GPU_EXTENT (600) = arr + 500; /* { dg-error "reaches 600 objects of 4 bytes \\(2400 bytes\\), but it points to an object of 2000 bytes \\(500 objects\\)" } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[idx[i]];
}

/* Counted in rows: 100 rows of 80 bytes, 99 allocated.  */
void
malloc_rows_too_large (int n, float *y, const int *idx)
{
  double (*x)[10] GPU_EXTENT (100) = malloc (99 * sizeof *x); /* { dg-error "reaches 100 objects of 80 bytes \\(8000 bytes\\), but it points to an object of 7920 bytes \\(99 objects\\)" } */
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[idx[i]][1];
  free (x);
}
