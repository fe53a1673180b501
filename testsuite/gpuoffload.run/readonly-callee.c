/* readonly-callee.c: a region that passes its arrays to a function of
   this file which stores nothing (hotspot's cell update) only reads them
   (gpu-params.cc, callee_stores_nothing_p): such an array is not copied
   back after the region, where before every pointer passed to a callee
   counted as written.  A time loop ping-pongs two grids, each step
   computing every cell through cell (), which reads the current grid and
   a power map; the host may change the power map between the steps (the
   device must see each change).  The same loop through cell_store, which
   stores through its first pointer, keeps every array written and
   copied back.  Results against serial C for grids whose sizes no
   work-group divides, empty ones included; a profile child checks that
   the power map never comes back (nothing copied back is redundant, and
   only the two grids come back).  */
#include "check.h"

/* The profile child uses the device.  */
CHECK_CHILDREN_USE_DEVICE

/* The new value of cell (R, C) of the ROWS x COLS grid T with power map
   P; a cell on the edge takes itself for its missing neighbour.  */
static float
cell (const float *t, const float *p, int r, int c, int rows, int cols)
{
  float v = t[r * cols + c];
  float n = r > 0 ? t[(r - 1) * cols + c] : v;
  float s = r < rows - 1 ? t[(r + 1) * cols + c] : v;
  float w = c > 0 ? t[r * cols + c - 1] : v;
  float e = c < cols - 1 ? t[r * cols + c + 1] : v;
  return v + 0.125f * (n + s + w + e - 4.0f * v) + p[r * cols + c];
}

/* The same, stored into OUT.  */
static void
cell_store (float *out, const float *t, const float *p, int r, int c,
	    int rows, int cols)
{
  out[r * cols + c] = cell (t, p, r, c, rows, cols);
}

static void __attribute__ ((noinline))
step (float *res, const float *t, const float *p, int rows, int cols)
{
  for (int r GPU_PARALLEL = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      res[r * cols + c] = cell (t, p, r, c, rows, cols);
}

static void __attribute__ ((noinline))
step_store (float *res, const float *t, const float *p, int rows, int cols)
{
  for (int r GPU_PARALLEL = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      cell_store (res, t, p, r, c, rows, cols);
}

static void
step_ref (float *res, const float *t, const float *p, int rows, int cols)
{
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      res[r * cols + c] = cell (t, p, r, c, rows, cols);
}

/* STEPS steps from T, ping-ponging with S, through step (MODE 0),
   step_store (1) or step_ref (2); when CHANGE, the host adds 1 to an
   element of P after each step.  Returns the grid holding the last.  */
static float *
steps_of (int mode, int change, float *t, float *s, float *p, int rows,
	  int cols, int steps)
{
  for (int k = 0; k < steps; k++)
    {
      if (mode == 0)
	step (s, t, p, rows, cols);
      else if (mode == 1)
	step_store (s, t, p, rows, cols);
      else
	step_ref (s, t, p, rows, cols);
      if (change && rows * cols > 0)
	p[(k * 13) % (rows * cols)] += 1.0f;
      float *x = t;
      t = s;
      s = x;
    }
  return t;
}

/* One case against serial C; every array is checked.  */
static void
run_case (int mode, int change, int rows, int cols, int steps)
{
  long n = (long) rows * cols;
  float *t = check_alloc (n * sizeof *t), *s = check_alloc (n * sizeof *s);
  float *p = check_alloc (n * sizeof *p);
  check_fill_float (t, n, 0.0f, 1.0f);
  check_fill_float (s, n, 0.0f, 1.0f);
  check_fill_float (p, n, -0.01f, 0.01f);
  float *rt = check_dup (t, n * sizeof *t), *rs = check_dup (s, n * sizeof *s);
  float *rp = check_dup (p, n * sizeof *p);
  float *got = steps_of (mode, change, t, s, p, rows, cols, steps);
  float *want = steps_of (2, change, rt, rs, rp, rows, cols, steps);
  CHECK_FLOATS (got, want, n, 1e-5, 1e-6,
		"mode %d change %d: %d x %d, %d steps", mode, change, rows,
		cols, steps);
  CHECK_FLOATS (got == t ? s : t, want == rt ? rs : rt, n, 1e-5, 1e-6,
		"mode %d change %d: the other grid, %d x %d", mode, change,
		rows, cols);
  CHECK_SAME (p, rp, n, "mode %d change %d: power map, %d x %d", mode,
	      change, rows, cols);
  free (t); free (s); free (p); free (rt); free (rs); free (rp);
}

enum { ROWS = 37, COLS = 45, STEPS = 6, F = sizeof (float) };

/* The profile of a child running mode 0 without changes: the power map
   is never copied back; the two grids are, once each.  */
CHECK_UNUSED static void
check_profile (const char *self)
{
  static char text[1 << 16];
  check_profile_child (self, "--profile", NULL, text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") == 0)
    return;			/* no device: nothing was copied */
  unsigned long long rd = check_json_sum (text, "\"redundant_d2h\": ")
			  + check_json_sum (text, "\"sync_redundant_d2h\": ");
  unsigned long long d2h = check_json_sum (text, "\"bytes_d2h\": ")
			   + check_json_sum (text, "\"sync_bytes_d2h\": ");
  unsigned long long want = 2ull * ROWS * COLS * F;
  CHECK (rd == 0, "%llu redundant copies back (the power map?)", rd);
  CHECK (d2h == want, "%llu bytes copied back, expected %llu (the two"
	 " grids)", d2h, want);
}

int
main (int argc, char **argv)
{
  static const int sizes[][2] = { { 0, 0 }, { 0, 5 }, { 1, 1 }, { 1, 300 },
				  { 300, 1 }, { ROWS, COLS }, { 97, 257 } };
  check_init ();
  if (argc > 1 && strcmp (argv[1], "--profile") == 0)
    {
      run_case (0, 0, ROWS, COLS, STEPS);
      return 0;
    }
#ifdef __OPTIMIZE__
  /* (At -O0 every region copies its results back.)  */
  const char *d = getenv ("GPURT_DEVICE");
  if (!d || strcmp (d, "host") != 0)
    check_profile (argv[0]);
#endif
  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
    for (int mode = 0; mode < 2; mode++)
      for (int change = 0; change < 2; change++)
	{
	  run_case (mode, change, sizes[k][0], sizes[k][1], STEPS);
	  run_case (mode, change, sizes[k][0], sizes[k][1], 1);
	}
  return 0;
}
