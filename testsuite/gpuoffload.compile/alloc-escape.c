/* alloc-escape.c: heap blocks that outlive the region (issue 17 item 5,
   docs/ABI.md section 8).  The start of a block the loop allocated,
   stored into an element of an argument's array of pointers that the
   device does not otherwise touch, is offloaded: the kernel stores the
   block's offset and marks the element (gpu_heap_escape), the record
   says "heap 3" (whole-run retry) and "escape K".  Loops that stay on
   the host, with the remark that says why: a block stored into another
   heap block (a list), a pointer into the middle of a block, an array
   of pointers the device also reads.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdlib.h>

void
rows_out (int n, const int *len, const double *x, double **rows)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel gpu_rows_out_0" } */
    /* { dg-missed "kernel gpu_rows_out_0: a run out of device heap is run again whole: its blocks outlive the region" "" { target *-*-* } .-1 } */
    {
      double *r = malloc (len[i] * sizeof *r); /* { dg-optimized "malloc from the device heap" } */
      /* { dg-missed "not placed in private memory" "" { target *-*-* } .-1 } */
      for (int k = 0; k < len[i]; k++)
	r[k] = x[i] * k;
      rows[i] = r; /* { dg-optimized "kernel gpu_rows_out_0: heap blocks stored into 'rows' outlive the region: the runtime copies them into host malloc blocks" } */
    }
}

struct node { struct node *next; double v; };

void
list (int n, const int *len, struct node **heads)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      struct node *h = malloc (sizeof *h); /* { dg-missed "not placed in private memory" } */
      struct node *e = malloc (sizeof *e); /* { dg-missed "not placed in private memory" } */
      h->v = len[i];
      e->v = i;
      h->next = e; /* { dg-missed "loop not offloaded: pointer .e. to a block of the device heap is stored to memory: the block would outlive the iteration and only an element of an argument's array of pointers may receive a block" } */
      heads[i] = h;
    }
}

void
middle (int n, const int *len, double **rows)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *r = malloc ((len[i] + 2) * sizeof *r); /* { dg-missed "not placed in private memory" } */
      r[0] = i;
      rows[i] = r + 1; /* { dg-missed "loop not offloaded: pointer .* to a block of the device heap is stored to memory: the block would outlive the iteration and it is not the start of a block the loop allocated" } */
    }
}

void
reads (int n, const int *len, double **rows, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *r = malloc (len[i] * sizeof *r); /* { dg-missed "not placed in private memory" } */
      r[0] = i;
      rows[i] = r;
      y[i] = rows[i][0]; /* { dg-missed "loop not offloaded: pointer .* is loaded from memory" } */
    }
}

/* { dg-final { scan-tree-dump "gpu_heap_escape\\(gpu_heap, \\(__global ulong \\*\\)" "gpu_emit" } } */
/* { dg-final { scan-tree-dump-times "record: heap 3" 1 "gpu_outline" } } */
/* { dg-final { scan-tree-dump-times "record: escape 3" 1 "gpu_outline" } } */
