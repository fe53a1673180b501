/* alloc-missed.c: loops whose heap blocks are stored to memory stay on
   the host, with the remark that says why: a heap pointer stored to a
   field of an output array of structs (a block that would outlive the
   iteration; alloc-escape.c has the stores the runtime copies home), a
   heap pointer kept in a struct of the iteration and loaded from it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed" } */
#include <gpuoffload.h>
#include <stdlib.h>

struct row { float *p; int n; };

void
escape (int n, const int *len, struct row *rows)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      float *r = malloc (len[i] * sizeof *r); /* { dg-missed "block of malloc not placed in private memory" } */
      for (int k = 0; k < len[i]; k++)
	r[k] = k;
      rows[i].p = r; /* { dg-missed "loop not offloaded: pointer .r. to a block of the device heap is stored to memory: the block would outlive the iteration and only an element of an argument's array of pointers may receive a block" } */
      rows[i].n = len[i];
    }
}

struct box { float *p; int n; };

void
in_struct (int n, const int *len, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      struct box b;
      b.p = malloc (len[i] * sizeof (float)); /* { dg-missed "block of malloc not placed in private memory" } */
      b.n = len[i];
      for (int k = 0; k < b.n; k++)
	b.p[k] = k;
      y[i] = b.p[b.n - 1]; /* { dg-missed "loop not offloaded: pointer .* is loaded from memory" } */
      free (b.p);
    }
}
