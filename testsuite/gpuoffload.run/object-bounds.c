/* object-bounds.c: accesses the compiler cannot bound and no GPU_EXTENT declares, bounded at run time by the heap block the pointer points into (SPEC: issue 13 item 1): a gather through an index array from a pointer parameter whose size is nowhere in scope, the same through a pointer into the middle of a block (negative indices), a scatter through a permutation into a block the region only partly writes (the rest must be kept), a struct holding the pointer and its size, blocks from calloc, realloc, posix_memalign and aligned_alloc, and a static and a global array of the program reached through a pointer parameter (bounded by the symbol table).  Random sizes, compared with serial loops; every region runs on the device (CHECK_RAN_ON_DEVICE) under GPURT_FALLBACK=abort, and on the host path.  */
#include "check.h"

/* Nothing in scope says how far x reaches.  */
__attribute__ ((noinline)) static void
gather (int n, float *restrict y, const float *x, const int *restrict idx)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = x[idx[i]] * 2.0f + 1.0f;
}

/* o[perm[i]] for a permutation of part of the block: the bytes the
   region does not write must come back unchanged.  */
__attribute__ ((noinline)) static void
scatter (int n, const int *restrict perm, const double *restrict x,
	 double *o)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    o[perm[i]] = x[i] - 3.0;
}

struct vec
{
  long len;
  int *data;
};

/* The size lives in the struct, out of the compiler's reach.  */
__attribute__ ((noinline)) static void
lookup (int n, const struct vec *v, const long *restrict where,
	int *restrict out)
{
  const int *d = v->data;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    out[i] = d[where[i]] ^ (int) i;
}

static float table[5000];
float global_table[777];

static void
run_gather (int n, int m, float *x, const int *idx)
{
  float *y = check_alloc ((size_t) n * sizeof (float));
  float *w = check_alloc ((size_t) n * sizeof (float));
  for (int i = 0; i < n; i++)
    w[i] = x[idx[i]] * 2.0f + 1.0f;
  gather (n, y, x, idx);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_SAME (y, w, n, "gather n=%d m=%d", n, m);
  free (y);
  free (w);
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      int m = (int) check_range (1, 2L * n + 1);
      int *idx = check_alloc ((size_t) n * sizeof (int));

      /* A block from malloc, entered at its start.  */
      float *x = check_alloc ((size_t) m * sizeof (float));
      check_fill_float (x, m, -50, 50);
      check_fill_int (idx, n, 0, m - 1);
      run_gather (n, m, x, idx);

      /* The same block entered in its middle: indices reach both ways.  */
      int off = m / 2;
      for (int i = 0; i < n; i++)
	idx[i] = (int) check_range (-off, m - off - 1);
      run_gather (n, m, x + off, idx);
      free (x);

      /* calloc, realloc (grown), posix_memalign, aligned_alloc.  */
      x = calloc ((size_t) m, sizeof (float));
      CHECK (x != NULL, "calloc");
      check_fill_int (idx, n, 0, m - 1);
      run_gather (n, m, x, idx);
      int m2 = m + (int) check_range (0, 100);
      x = realloc (x, (size_t) m2 * sizeof (float));
      CHECK (x != NULL, "realloc");
      check_fill_float (x, m2, -50, 50);
      check_fill_int (idx, n, 0, m2 - 1);
      run_gather (n, m2, x, idx);
      free (x);
      void *pa = NULL;
      CHECK (posix_memalign (&pa, 64, (size_t) m * sizeof (float)) == 0,
	     "posix_memalign");
      x = pa;
      check_fill_float (x, m, -50, 50);
      check_fill_int (idx, n, 0, m - 1);
      run_gather (n, m, x, idx);
      free (x);
      x = aligned_alloc (256, (((size_t) m * sizeof (float) + 255) / 256) * 256);
      CHECK (x != NULL, "aligned_alloc");
      check_fill_float (x, m, -50, 50);
      run_gather (n, m, x, idx);
      free (x);

      /* Variables of the program, through the parameter.  */
      int mt = m < 5000 ? m : 5000;
      check_fill_float (table, 5000, -50, 50);
      check_fill_int (idx, n, 0, mt - 1);
      run_gather (n, mt, table, idx);
      check_fill_float (global_table, 777, -50, 50);
      for (int i = 0; i < n; i++)
	idx[i] = (int) check_range (-100, 776 - 100);
      run_gather (n, 777, global_table + 100, idx);

      /* A scatter into part of a block.  */
      int len = n + (int) check_range (0, 2L * n + 3);
      int *perm = check_alloc ((size_t) len * sizeof (int));
      for (int i = 0; i < len; i++)
	perm[i] = i;
      for (int i = len - 1; i > 0; i--)
	{
	  int j = (int) check_range (0, i), t = perm[i];
	  perm[i] = perm[j];
	  perm[j] = t;
	}
      double *xd = check_alloc ((size_t) n * sizeof (double));
      double *o = check_alloc ((size_t) len * sizeof (double));
      double *ow = check_alloc ((size_t) len * sizeof (double));
      check_fill_double (xd, n, -10, 10);
      check_fill_double (o, len, -10, 10);
      memcpy (ow, o, (size_t) len * sizeof (double));
      for (int i = 0; i < n; i++)
	ow[perm[i]] = xd[i] - 3.0;
      scatter (n, perm, xd, o);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (o, ow, len, "scatter n=%d len=%d", n, len);
      free (perm);
      free (xd);
      free (o);
      free (ow);

      /* The pointer and its size in a struct.  */
      struct vec v = { len, check_alloc ((size_t) len * sizeof (int)) };
      long *where = check_alloc ((size_t) n * sizeof (long));
      int *out = check_alloc ((size_t) n * sizeof (int));
      int *outw = check_alloc ((size_t) n * sizeof (int));
      check_fill_int (v.data, len, -1000, 1000);
      for (int i = 0; i < n; i++)
	{
	  where[i] = check_range (0, len - 1);
	  outw[i] = v.data[where[i]] ^ i;
	}
      lookup (n, &v, where, out);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (out, outw, n, "lookup n=%d len=%d", n, len);
      free (v.data);
      free (where);
      free (out);
      free (outw);
      free (idx);
    }
  return 0;
}
