/* auto-inner-call.c: remarks of gpu_twolevel_auto_inner for a serial
   inner loop that calls a function of this file (gpu-twolevel.cc,
   callee_refs).  A callee that only reads memory, at addresses computed
   from its parameters, has its loads mapped into the loop: hotspot's
   cell update (neighbours of a cell of one array, a global scalar read
   by value) makes the inner level under a run-time alias check; with
   global arrays the analysis proves it.  A callee that stores, one that
   reads at an address loaded from memory keep the loop serial, the
   remark naming the callee.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed -fdump-tree-all-details" } */
#include <gpuoffload.h>

float coef;
float G[64][64], H[64][64];
int count;

static float
cell (const float *t, int r, int c, int rows, int cols)
{
  float x = t[r * cols + c];
  float n = r > 0 ? t[(r - 1) * cols + c] : x;
  float s = r < rows - 1 ? t[(r + 1) * cols + c] : x;
  return x + coef * (n + s - 2 * x);
}

void
stencil (float *out, const float *t, int rows, int cols)
{
  for (int r GPU_PARALLEL = 0; r < rows; r++) /* { dg-optimized "1 inner GPU_PARALLEL loop over the work-items of a group" } */
    for (int c = 0; c < cols; c++) /* { dg-optimized "inner loop at line \[0-9\]* runs as a second level: inner loop parallel under a run-time alias check" } */
      out[r * cols + c] = cell (t, r, c, rows, cols);
}

static float
gcell (int r, int c)
{
  return G[r][c] + (c > 0 ? G[r][c - 1] : 0);
}

void
gstencil (int rows, int cols)
{
  for (int r GPU_PARALLEL = 0; r < rows; r++) /* { dg-optimized "1 inner GPU_PARALLEL loop over the work-items of a group" } */
    for (int c = 0; c < cols; c++) /* { dg-optimized "inner loop at line \[0-9\]* runs as a second level: its iterations are independent" } */
      H[r][c] = gcell (r, c);
}

static float
counted (const float *t, int i)
{
  count++;
  return t[i];
}

void
stores (float *out, const float *t, int rows, int cols)
{
  for (int r GPU_PARALLEL = 0; r < rows; r++) /* { dg-optimized "loop offloaded" } */
    for (int c = 0; c < cols; c++) /* { dg-missed "inner loop at line \[0-9\]* runs serially in each work-item: it calls counted, which writes memory or calls a function that may" } */
      out[r * cols + c] = counted (t, r * cols + c);
}

static float
gather (const float *t, const int *idx, int i)
{
  return t[idx[i]];
}

void
indirect (float *out, const float *t, const int *idx, int rows, int cols)
{
  for (int r GPU_PARALLEL = 0; r < rows; r++) /* { dg-optimized "loop offloaded" } */
    for (int c = 0; c < cols; c++) /* { dg-missed "inner loop at line \[0-9\]* runs serially in each work-item: it calls gather, which reads memory at an address that depends on its control flow or on memory" } */
      out[r * cols + c] = gather (t, idx, r * cols + c);
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_stencil_\[0-9\]*: the inner loop at line \[0-9\]* runs as a second level: inner loop parallel under a run-time alias check" "gpu_find" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_stencil_\[0-9\]*: the inner loop at line \[0-9\]*: inner loop parallel under a run-time alias check of 3 pairs of references" "gpu_twolevel" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*: gpu_gstencil_\[0-9\]*: the inner loop at line \[0-9\]* runs as a second level" "gpu_find" } } */
/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*: gpu_stores_\[0-9\]*: the inner loop at line \[0-9\]* runs serially in each work-item: it calls counted" "gpu_find" } } */
