/* alloc-escape.c: heap blocks that outlive the region (issue 17 item 5,
   the record's "heap 3", docs/ABI.md section 8): each iteration stores
   a block it allocated into an element of an array of pointers, the
   runtime copies the blocks into host malloc blocks, and the host reads
   every row, checks it against serial C and frees it with free()
   (AddressSanitizer catches a bad free or a device address).
   - rows: malloc (len[i] * sizeof (double)), len[i] in [0, 40] (0:
     malloc (0), a block of its own on both paths), filled;
   - calloc rows: zeroed, some elements set;
   - realloc rows: grown 3 elements at a time from one element;
   - some: only the iterations with len[i] % 3 == 0 store a row; the
     others keep the host's value, a pointer into a host array;
   - pair: one block stored into two elements is one host block.
   The parent runs itself again with a 64-byte heap (every run is out of
   heap: the host runs the loops, with its own malloc) and with a 64 KiB
   one (runs retried whole on the device with larger heaps) and checks
   the same.  -ffp-contract=off: OpenCL contracts x[i] * k + i into
   an fma by default, one ulp away from the host's result (on an H100
   row 2's element 7 differed so).  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

/* The child with a 64-byte heap: its loops run on the host.  */
static int tiny;
#define RAN(n) (tiny ? (void) 0 : CHECK_RAN_ON_DEVICE (n))

static void
kern_rows (long n, const int *len, const double *x, double **rows)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      double *p = malloc (len[i] * sizeof *p);
      for (int k = 0; k < len[i]; k++)
	p[k] = x[i] * k + (double) i;
      rows[i] = p;
    }
}

static void
kern_calloc (long n, const int *len, int **rows)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      int *p = calloc (len[i] + 1, sizeof *p);
      for (int k = 0; k < len[i]; k += 4)
	p[k] = (int) i - k;
      rows[i] = p;
    }
}

static void
kern_realloc (long n, const int *len, int **rows)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      int cap = 1;
      int *v = malloc (cap * sizeof *v);
      v[0] = (int) i;
      while (cap < len[i])
	{
	  v = realloc (v, (cap + 3) * sizeof *v);
	  for (int k = cap; k < cap + 3; k++)
	    v[k] = (int) ((unsigned) v[k - 1] * 3u + (unsigned) k);
	  cap += 3;
	}
      rows[i] = v;
    }
}

static void
kern_some (long n, const int *len, const double *x, double **rows)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    if (len[i] % 3 == 0)
      {
	double *p = malloc ((len[i] + 1) * sizeof *p);
	for (int k = 0; k <= len[i]; k++)
	  p[k] = x[i] - k;
	rows[i] = p;
      }
}

static void
kern_pair (long n, const int *len, double **rows)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      double *p = malloc ((len[i] + 1) * sizeof *p);
      p[len[i]] = (double) i;
      rows[2 * i] = p;
      rows[2 * i + 1] = p;
    }
}

/* The sizes every loop runs over.  */
static const long sizes[] = { 0, 1, 17, 1000, 4099 };

static void
run_all (void)
{
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      long n = sizes[s];
      int *len = check_alloc ((n + 1) * sizeof (int));
      double *x = check_alloc ((n + 1) * sizeof (double));
      double **rows = check_alloc ((2 * n + 1) * sizeof (double *));
      int **irows = check_alloc ((n + 1) * sizeof (int *));
      double *host = check_alloc ((n + 1) * sizeof (double));
      check_fill_int (len, n, 0, 40);
      check_fill_double (x, n, -1, 1);

      kern_rows (n, len, x, rows);
      RAN (n);
      for (long i = 0; i < n; i++)
	{
	  CHECK (len[i] == 0 || rows[i] != NULL, "rows: row %ld is NULL", i);
	  for (int k = 0; k < len[i]; k++)
	    CHECK (rows[i][k] == x[i] * k + (double) i,
		   "rows: row %ld [%d] = %g, n=%ld", i, k, rows[i][k], n);
	  free (rows[i]);
	}

      kern_calloc (n, len, irows);
      RAN (n);
      for (long i = 0; i < n; i++)
	{
	  for (int k = 0; k <= len[i]; k++)
	    CHECK (irows[i][k] == (k % 4 == 0 && k < len[i] ? (int) i - k : 0),
		   "calloc: row %ld [%d] = %d, n=%ld", i, k, irows[i][k], n);
	  free (irows[i]);
	}

      kern_realloc (n, len, irows);
      RAN (n);
      for (long i = 0; i < n; i++)
	{
	  int want = (int) i;
	  CHECK (irows[i][0] == want, "realloc: row %ld [0], n=%ld", i, n);
	  for (int k = 1; k < len[i]; k++)
	    {
	      want = (int) ((unsigned) want * 3u + (unsigned) k);
	      CHECK (irows[i][k] == want, "realloc: row %ld [%d] = %d, not"
		     " %d, n=%ld", i, k, irows[i][k], want, n);
	    }
	  free (irows[i]);
	}

      /* The elements no iteration stores keep the host's pointers.  */
      for (long i = 0; i < n; i++)
	rows[i] = &host[i];
      kern_some (n, len, x, rows);
      RAN (n);
      for (long i = 0; i < n; i++)
	{
	  if (len[i] % 3 != 0)
	    {
	      CHECK (rows[i] == &host[i], "some: row %ld changed, n=%ld", i,
		     n);
	      continue;
	    }
	  for (int k = 0; k <= len[i]; k++)
	    CHECK (rows[i][k] == x[i] - k, "some: row %ld [%d], n=%ld", i, k,
		   n);
	  free (rows[i]);
	}

      /* One block stored twice: one host block, freed once.  */
      kern_pair (n, len, rows);
      RAN (n);
      for (long i = 0; i < n; i++)
	{
	  CHECK (rows[2 * i] == rows[2 * i + 1] && rows[2 * i][len[i]] == i,
		 "pair: rows %ld and %ld, n=%ld", 2 * i, 2 * i + 1, n);
	  free (rows[2 * i]);
	}

      free (len);
      free (x);
      free (rows);
      free (irows);
      free (host);
    }
}

int
main (int argc, char **argv)
{
  check_init ();
  /* The children: with a 64-byte heap every run is out of heap and the
     host runs each loop; with 64 KiB the larger runs are retried on the
     device with larger heaps (the marks start over), the largest end on
     the host.  */
  tiny = argc > 1 && !strcmp (argv[1], "--tiny");
  static const char *const heaps[] = { "GPURT_HEAP_BYTES=64",
				       "GPURT_HEAP_BYTES=65536" };
  for (unsigned h = 0; !tiny && h < 2; h++)
    {
      const char *envs[] = { heaps[h], NULL };
      char err[4096];
      int status = check_child_stderr (argv[0], "--tiny", envs, err,
				       sizeof err);
      CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	     "child with %s failed (%#x):\n%s", heaps[h], status, err);
    }
  run_all ();
  return 0;
}
