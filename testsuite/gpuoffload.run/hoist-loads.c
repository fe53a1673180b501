/* hoist-loads.c: arrays reached through pointers kept in memory, as real
   code keeps them (bench/realcode): a struct passed by pointer holding the
   sizes and the arrays (hotspot's grid), a global pointer and a global
   table of nodes read through it (bptree's knodes, particlefilter's
   video), a helper given the arrays.  The loads are the same in every
   iteration, so they are done once before the loop and the loop is
   offloaded (it used to stay on the host: "pointer is loaded from
   memory").  Every size, the empty grid included, against serial C.
   Proving that the loop's float and int stores do not overwrite the
   pointers takes C's type rules (-fstrict-aliasing, which -O2 turns on):
   the -O0 build asks for them.  */
#include "check.h"
/* { dg-additional-options "-fstrict-aliasing" } */

struct grid
{
  int rows, cols;
  float *in, *out;
};

struct node
{
  int key[4];
  int child[4];
};

struct node *nodes;		/* a heap table, size nowhere in scope */
float *scale;

static float
at (const float *in, int cols, int r, int c)
{
  return in[r * cols + c];
}

static void
step (struct grid *g)
{
  for (int r GPU_PARALLEL = 0; r < g->rows; r++)
    for (int c = 0; c < g->cols; c++)
      g->out[r * g->cols + c] = at (g->in, g->cols, r, c) * 2.0f
	+ (c > 0 ? at (g->in, g->cols, r, c - 1) : 0.0f) + *scale;
}

static void
lookup (int n, const int *which, int *got)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      const struct node *nd = &nodes[which[i]];
      got[i] = nd->key[i & 3] + nd->child[(i + 1) & 3];
    }
}

int
main (void)
{
  check_init ();
  scale = check_alloc (sizeof *scale);
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      struct grid *g = check_alloc (sizeof *g);
      g->rows = (int) (n / 7);
      g->cols = (int) (n % 7) + (int) (n > 1000);
      long cells = (long) g->rows * g->cols;
      g->in = check_alloc ((cells + 1) * sizeof (float));
      g->out = check_alloc ((cells + 1) * sizeof (float));
      float *want = check_alloc ((cells + 1) * sizeof (float));
      check_fill_float (g->in, cells, -10, 10);
      check_fill_float (g->out, cells + 1, -10, 10);
      memcpy (want, g->out, (cells + 1) * sizeof (float));
      *scale = check_uniformf (-1, 1);
      for (int r = 0; r < g->rows; r++)
	for (int c = 0; c < g->cols; c++)
	  want[r * g->cols + c] = g->in[r * g->cols + c] * 2.0f
	    + (c > 0 ? g->in[r * g->cols + c - 1] : 0.0f) + *scale;
      step (g);
      CHECK_RAN_ON_DEVICE (cells);
      CHECK_SAME (g->out, want, cells + 1, "grid %d x %d", g->rows, g->cols);

      int nn = (int) (n % 50) + 1;
      nodes = check_alloc (nn * sizeof *nodes);
      check_fill_int (&nodes[0].key[0], nn * 8L, -1000, 1000);
      int *which = check_alloc ((n + 1) * sizeof (int));
      int *got = check_alloc ((n + 1) * sizeof (int));
      int *gw = check_alloc ((n + 1) * sizeof (int));
      check_fill_int (which, n, 0, nn - 1);
      check_fill_int (got, n + 1, 0, 9);
      memcpy (gw, got, (n + 1) * sizeof (int));
      for (long i = 0; i < n; i++)
	gw[i] = nodes[which[i]].key[i & 3] + nodes[which[i]].child[(i + 1) & 3];
      lookup ((int) n, which, got);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (got, gw, n + 1, "nodes, n=%ld", n);
      free (nodes);
      free (which), free (got), free (gw);
      free (g->in), free (g->out), free (want), free (g);
    }
  free (scale);
  return 0;
}
