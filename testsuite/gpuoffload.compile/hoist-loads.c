/* hoist-loads.c: loads a marked loop repeats with the same result (a
   global pointer, a struct's fields read through a pointer the code
   before the loop already used) are done once before it and the loop is
   offloaded; a load the loop may overwrite (a pointer of the type its
   stores write) stays in it and the loop on the host, with the remark; a
   field when nothing shows the struct is there is read before the loop
   only under its entry test (hoist-guarded.c); no-hoist keeps them
   all.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

struct grid { int rows, cols; float *in, *out; };
float *table;
float **rows;

void
scale (struct grid *g)
{
  for (int r GPU_PARALLEL = 0; r < g->rows; r++) /* { dg-optimized "loop offloaded as kernel" } */
    g->out[r] = g->in[r] * 2.0f + table[r];
}

void
writes_pointers (int n, float **slots)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      slots[i] = table; /* { dg-missed "loop not offloaded: pointer .* is loaded from memory" } */
      table[i] = 1.0f;
    }
}

void
no_struct_seen (int n, struct grid *g)
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    g->out[i] = (float) i;
}

/* { dg-final { scan-tree-dump "SUCCESS: load moved before loop 1: _\[0-9\]+ = g_\[0-9\]+\\(D\\)->out" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: load moved before loop 1: table\\.\[0-9_\]+ = table" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: load moved before loop \[0-9\]+ under its entry test: _\[0-9\]+ = g_\[0-9\]+\\(D\\)->out" "gpu_find" } } */
/* { dg-final { scan-tree-dump "FAILED: load of table kept in loop 1: it may be written by \\*_\[0-9\]+ = table" "gpu_find" } } */
