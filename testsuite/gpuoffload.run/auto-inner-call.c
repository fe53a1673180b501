/* auto-inner-call.c: a serial inner loop of a 1-D marked nest that calls
   a function of this file which only reads memory becomes the inner
   level (gpu-twolevel.cc, callee_refs), against serial C: hotspot's
   cell update (the neighbours of the current cell of one array, clamped
   at the edges, a global coefficient read by value) writing another
   array (the run-time alias check passes: the group shares the row
   out); the same update of each row alone from SRC into DST, two
   pointers that the caller makes one element apart in one buffer (what
   the callee reads meets what the loop writes: the check fails and one
   work-item runs the row in order, still the serial result) or apart
   (parallel); and smoothing each row in place (a dependence the
   analysis proves through the callee: serial in each work-item).  Empty
   ranges and sizes no work-group divides.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

float coef = 0.25f;

/* The new value of cell (R, C) of T, a ROWS x COLS grid whose rows are
   STRIDE elements apart; a missing neighbour is the cell itself.  */
static float
cell (const float *t, int r, int c, int rows, int cols, int stride)
{
  float x = t[r * stride + c];
  float n = r > 0 ? t[(r - 1) * stride + c] : x;
  float s = r < rows - 1 ? t[(r + 1) * stride + c] : x;
  float w = c > 0 ? t[r * stride + c - 1] : x;
  float e = c < cols - 1 ? t[r * stride + c + 1] : x;
  return x + coef * (n + s + w + e - 4 * x);
}

static void
step (float *out, const float *t, int rows, int cols)
{
  for (int r GPU_PARALLEL = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      out[r * cols + c] = cell (t, r, c, rows, cols, cols);
}

static void
step_ref (float *out, const float *t, int rows, int cols)
{
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      out[r * cols + c] = cell (t, r, c, rows, cols, cols);
}

/* Row R of A (rows STRIDE elements apart, STRIDE >= COLS + 2) smoothed
   in place: each cell takes its row's neighbours only, the one before
   already updated (a carried dependence).  */
static void
smooth (float *a, int rows, int cols, int stride)
{
  for (int r GPU_PARALLEL = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      a[r * stride + c + 1] = cell (a + r * stride + 1, 0, c, 1, cols, 0);
}

static void
smooth_ref (float *a, int rows, int cols, int stride)
{
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      a[r * stride + c + 1] = cell (a + r * stride + 1, 0, c, 1, cols, 0);
}

/* Row R of DST (rows STRIDE elements apart) from row R of SRC alone.  */
static void
rowwise (float *dst, const float *src, int rows, int cols, int stride)
{
  for (int r GPU_PARALLEL = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      dst[r * stride + c] = cell (src + r * stride, 0, c, 1, cols, 0);
}

static void
rowwise_ref (float *dst, const float *src, int rows, int cols, int stride)
{
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      dst[r * stride + c] = cell (src + r * stride, 0, c, 1, cols, 0);
}

static void
test (int rows, int cols)
{
  size_t len = (size_t) rows * cols + 1;
  float *t = check_alloc (len * sizeof (float));
  float *g = check_alloc (len * sizeof (float));
  float *w = check_alloc (len * sizeof (float));
  check_fill_float (t, (long) len, -10, 10);
  check_fill_float (g, (long) len, -10, 10);
  memcpy (w, g, len * sizeof (float));
  step_ref (w, t, rows, cols);
  step (g, t, rows, cols);
  CHECK_RAN_ON_DEVICE (rows);
  CHECK_SAME (g, w, (long) len, "step %dx%d", rows, cols);
  free (t);
  free (g);
  free (w);

  int stride = cols + 2;
  len = (size_t) rows * stride + 1;
  g = check_alloc (len * sizeof (float));
  w = check_alloc (len * sizeof (float));
  check_fill_float (g, (long) len, -10, 10);
  memcpy (w, g, len * sizeof (float));
  smooth_ref (w, rows, cols, stride);
  smooth (g, rows, cols, stride);
  CHECK_RAN_ON_DEVICE (rows);
  CHECK_SAME (g, w, (long) len, "smooth %dx%d", rows, cols);

  /* One buffer, DST one element after SRC.  */
  check_fill_float (g, (long) len, -10, 10);
  memcpy (w, g, len * sizeof (float));
  rowwise_ref (w + 1, w, rows, cols, stride);
  rowwise (g + 1, g, rows, cols, stride);
  CHECK_RAN_ON_DEVICE (rows);
  CHECK_SAME (g, w, (long) len, "rowwise overlapping %dx%d", rows, cols);

  /* Two buffers.  */
  float *src = check_alloc (len * sizeof (float));
  check_fill_float (src, (long) len, -10, 10);
  rowwise_ref (w, src, rows, cols, stride);
  rowwise (g, src, rows, cols, stride);
  CHECK_RAN_ON_DEVICE (rows);
  CHECK_SAME (g, w, (long) len, "rowwise %dx%d", rows, cols);
  free (src);
  free (g);
  free (w);
}

int
main (void)
{
  check_init ();
  static const int sizes[][2] = {
    { 0, 5 }, { 3, 0 }, { 1, 1 }, { 7, 7 }, { 31, 33 }, { 33, 31 },
    { 100, 100 }, { 257, 3 }, { 5, 257 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    test (sizes[s][0], sizes[s][1]);
  return 0;
}
