/* private-missed.c: a block that escapes the iteration or that private
   memory cannot hold keeps the loop on the host under no-alloc (no
   device heap: alloc-remark.c has the heap), and both remarks name why: a store of its pointer into an
   output array, a call to a function that may keep it, a size of 8 KiB,
   a size known only at run time, a pointer carried from one step of a
   serial loop to the next, a pointer converted to an integer, blocks
   that together pass the 4 KiB a work-item may have, and a
   variable-length array of any length; and a function of the file that
   keeps the pointer it is passed.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-missed -fplugin-arg-gpuoffload-no-alloc -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>
#include <stdlib.h>

extern void keep (double *);

void
escape_store (int n, const double *x, double **rows)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *r = malloc (4 * sizeof (double)); /* { dg-missed "loop not offloaded: the block of malloc cannot be private memory: pointer .r. is stored to memory at line 26; the device heap is off .no-alloc." } */
      /* { dg-missed "block of malloc not placed in private memory: pointer .r. is stored to memory at line 26" "" { target *-*-* } .-1 } */
      for (int k = 0; k < 4; k++)
	r[k] = x[i] + k;
      rows[i] = r;
    }
}

void
escape_call (int n, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *r = malloc (4 * sizeof (double)); /* { dg-missed "pointer .r. is passed to .keep., which may keep it, at line 37" } */
      r[0] = x[i];
      keep (r);
      y[i] = r[0];
      free (r);
    }
}

void
too_large (int n, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *r = malloc (1024 * sizeof (double)); /* { dg-missed "8192 bytes, more than the 4096 bytes of private memory a work-item may use" } */
      for (int k = 0; k < 1024; k++)
	r[k] = x[i] * k;
      y[i] = r[n % 1024];
      free (r);
    }
}

void
dynamic (int n, const int *len, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *r = malloc (len[i] * sizeof (double)); /* { dg-missed "its size is not bounded by a compile-time constant" } */
      double s = 0;
      for (int k = 0; k < len[i]; k++)
	r[k] = k, s += r[k];
      y[i] = s;
      free (r);
    }
}

void
carried (int n, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *prev = malloc (16);
      prev[0] = x[i];
      for (int s = 0; s < 3; s++)
	{
	  double *cur = malloc (16); /* { dg-missed "pointer .cur. is carried to the next iteration of the loop at line 77" } */
	  cur[0] = prev[0] * 2;
	  free (prev);
	  prev = cur;
	}
      y[i] = prev[0];
      free (prev);
    }
}

void
to_int (int n, const double *x, long *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *r = malloc (16); /* { dg-missed "pointer .r. is converted to an integer at line 96" } */
      r[0] = x[i];
      y[i] = (long) r & 15;
      free (r);
    }
}

void
total (int n, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *a = malloc (2048); /* { dg-missed "the private blocks of the iteration total 6144 bytes" } */
      double *b = malloc (4096); /* { dg-missed "the private blocks of the iteration total 6144 bytes" } */
      a[0] = x[i];
      b[0] = x[i] + 1;
      y[i] = a[0] * b[0];
      free (a);
      free (b);
    }
}

void
vla (int n, const int *len, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double t[len[i] + 1]; /* { dg-missed "the block of a variable-length array cannot be private memory: its size is not bounded by a compile-time constant" } */
      for (int j = 0; j <= len[i]; j++)
	t[j] = x[i] * j;
      y[i] = t[len[i] / 2];
    }
}

static double *stash_slot;

static void
stash (double *p, double v)
{
  p[0] = v;
  stash_slot = p;
}

void
in_callee (int n, const double *x, double *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double *r = malloc (16); /* { dg-missed "pointer .r. is stored to memory in .stash. at line 134" } */
      stash (r, x[i]);
      y[i] = r[0];
      free (r);
    }
}

/* { dg-final { scan-tree-dump "FAILED: \[^\n\]*private-missed.c:22: gpu_escape_store_\[0-9\]*: block of malloc not in private memory: pointer .r. is stored to memory at line 26" "gpu_private" } } */
/* { dg-final { scan-tree-dump-not "SUCCESS:" "gpu_private" } } */
