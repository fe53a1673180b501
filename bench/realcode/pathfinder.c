/* pathfinder.c -- the cheapest path from the top row of a grid to the
   bottom, moving down, down-left or down-right (dynamic programming, in
   the style of the Rodinia benchmark pathfinder; our own code).  The grid
   is a table of row pointers into one heap block, as the original keeps
   it; each row of the sweep is a parallel loop.

   usage: pathfinder COLS [ROWS]  */
#include "rc.h"

#define MIN(a, b) ((a) <= (b) ? (a) : (b))

int rows, cols;
int *data;
int **wall;
int *result;

static void
init (void)
{
  data = rc_alloc ((size_t) rows * cols * sizeof (int));
  wall = rc_alloc (rows * sizeof (int *));
  for (int n = 0; n < rows; n++)
    wall[n] = data + (size_t) cols * n;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      wall[i][j] = rc_rand () % 10;
  result = rc_alloc (cols * sizeof (int));
}

int
main (int argc, char **argv)
{
  cols = argc > 1 ? atoi (argv[1]) : 100000;
  rows = argc > 2 ? atoi (argv[2]) : 100;
  init ();
  int *src = rc_alloc (cols * sizeof (int)), *dst = result, *temp;

  double t0 = rc_now_ms ();
  for (int j = 0; j < cols; j++)
    dst[j] = wall[0][j];
  for (int t = 0; t < rows - 1; t++)
    {
      temp = src;
      src = dst;
      dst = temp;
#pragma omp parallel for
      for (int n = 0; n < cols; n++)
	{
	  int min = src[n];
	  if (n > 0)
	    min = MIN (min, src[n - 1]);
	  if (n < cols - 1)
	    min = MIN (min, src[n + 1]);
	  dst[n] = wall[t + 1][n] + min;
	}
    }
  rc_time ("pathfinder", cols, rc_now_ms () - t0);
  rc_out_i (dst, cols);
  return 0;
}
