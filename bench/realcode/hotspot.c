/* hotspot.c -- thermal simulation of a chip (a 2-D five-point stencil, in
   the style of the Rodinia benchmark of that name; our own code): the
   temperature of each cell moves towards its neighbours', the ambient
   temperature and its dissipated power.  The chip's constants are globals
   computed once from the grid size; the grid is a struct holding its size
   and two heap arrays.

   usage: hotspot N [STEPS]   (an N x N grid, 1.5 N columns wide)  */
#include "rc.h"

#define MAX_PD 3.0e6f
#define PRECISION 0.001f
#define SPEC_HEAT_SI 1.75e6f
#define K_SI 100.0f
#define FACTOR_CHIP 0.5f

/* Chip geometry and the constants derived from it.  */
float t_chip = 0.0005f, chip_height = 0.016f, chip_width = 0.016f;
float amb_temp = 80.0f;
float Cap, Rx, Ry, Rz, step;

struct grid
{
  int rows, cols;
  float *temp, *power;
};

/* Set the global constants for a grid of ROWS x COLS cells.  */
static void
chip_constants (int rows, int cols)
{
  float grid_height = chip_height / rows, grid_width = chip_width / cols;
  Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * grid_width * grid_height;
  Rx = grid_width / (2.0f * K_SI * t_chip * grid_height);
  Ry = grid_height / (2.0f * K_SI * t_chip * grid_width);
  Rz = t_chip / (K_SI * grid_height * grid_width);
  float max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
  step = PRECISION / max_slope;
  /* The explicit step stays stable on fine grids (Cap shrinks with the
     cell's area; without this bound a 2048 x 2048 grid overflows to
     NaN in a few steps).  */
  float stable = 0.5f * Cap / (2.0f / Rx + 2.0f / Ry + 1.0f / Rz);
  if (step > stable)
    step = stable;
}

/* The new temperature of cell (R, C) of TEMP, a ROWS x COLS grid; a cell
   on the edge takes itself for its missing neighbour.  */
static float
cell_update (const float *temp, const float *power, int r, int c,
	     int rows, int cols)
{
  float t = temp[r * cols + c];
  float n = r > 0 ? temp[(r - 1) * cols + c] : t;
  float s = r < rows - 1 ? temp[(r + 1) * cols + c] : t;
  float w = c > 0 ? temp[r * cols + c - 1] : t;
  float e = c < cols - 1 ? temp[r * cols + c + 1] : t;
  float delta = (step / Cap) * (power[r * cols + c]
				+ (s + n - 2.0f * t) / Ry
				+ (e + w - 2.0f * t) / Rx
				+ (amb_temp - t) / Rz);
  return t + delta;
}

/* One time step of G into RESULT.  */
static void
single_iteration (float *result, const struct grid *g)
{
#pragma omp parallel for
  for (int r = 0; r < g->rows; r++)
    for (int c = 0; c < g->cols; c++)
      result[r * g->cols + c]
	= cell_update (g->temp, g->power, r, c, g->rows, g->cols);
}

/* STEPS time steps of G, ping-ponging with SCRATCH; returns the array
   holding the last one.  */
static float *
compute_tran_temp (struct grid *g, float *scratch, int steps)
{
  for (int i = 0; i < steps; i++)
    {
      single_iteration (scratch, g);
      float *t = g->temp;
      g->temp = scratch;
      scratch = t;
    }
  return g->temp;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 512;
  int steps = argc > 2 ? atoi (argv[2]) : 20;
  struct grid g;
  g.rows = n;
  g.cols = n + n / 2;
  size_t cells = (size_t) g.rows * g.cols;
  g.temp = rc_alloc (cells * sizeof (float));
  g.power = rc_alloc (cells * sizeof (float));
  float *scratch = rc_alloc (cells * sizeof (float));
  for (size_t i = 0; i < cells; i++)
    {
      g.temp[i] = 323.0f + 20.0f * rc_randf ();
      g.power[i] = 0.5f * rc_randf ();
    }
  chip_constants (g.rows, g.cols);

  double t0 = rc_now_ms ();
  float *out = compute_tran_temp (&g, scratch, steps);
  rc_time ("hotspot", n, rc_now_ms () - t0);
  rc_out_f (out, cells);
  return 0;
}
