/* alloc-heap.c: blocks of data-dependent size come from the device heap
   (docs/ABI.md section 8): a scratch buffer whose size is read from the
   input, calloc's zeroed contents, a realloc that grows a block and keeps
   its bytes, a malloc in a function two calls down, and a body that adds
   to its output (y[i] += ...), each against serial C.  Run with
   GPURT_HEAP_BYTES as the environment sets it: tiny heaps make runs fail
   and be retried (alloc-tiny.c).  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

#define BODY_SCRATCH							\
  {									\
    int m = len[i];							\
    float *t = malloc (m * sizeof *t);					\
    for (int k = 0; k < m; k++)						\
      t[k] = x[i] * (float) (k + 1);					\
    float s = 0.0f;							\
    for (int k = m - 1; k >= 0; k--)					\
      s += t[k] * t[(k * 7) % m];					\
    y[i] = s;								\
    free (t);								\
  }

#define BODY_CALLOC							\
  {									\
    int m = len[i];							\
    int *c = calloc (m + 1, sizeof *c);				\
    for (int k = 0; k < m; k += 3)					\
      c[k] += k;							\
    int s = 0;								\
    for (int k = 0; k <= m; k++)					\
      s = s * 3 + c[k];							\
    z[i] = s;								\
    free (c);								\
  }

#define BODY_REALLOC							\
  {									\
    int cap = 2, m = 0;							\
    int *v = malloc (cap * sizeof *v);					\
    for (int k = 0; k < len[i]; k++)					\
      {									\
	if (m == cap)							\
	  {								\
	    cap *= 2;							\
	    v = realloc (v, cap * sizeof *v);				\
	  }								\
	v[m++] = k * k + i;						\
      }									\
    int s = 0;								\
    for (int k = 0; k < m; k++)						\
      s ^= v[k] << (k % 7);						\
    z[i] = s;								\
    free (v);								\
  }

#define BODY_DEEP							\
  {									\
    y[i] += outer_helper (len[i], x[i]);				\
  }

static float
inner_helper (int m, float a)
{
  double *d = malloc ((m + 1) * sizeof *d);
  for (int k = 0; k <= m; k++)
    d[k] = a * k;
  float s = 0.0f;
  for (int k = 0; k <= m; k++)
    s += (float) d[m - k];
  free (d);
  return s;
}

static float
outer_helper (int m, float a)
{
  return inner_helper (m, a) + 1.0f;
}

static void
kern_scratch (long n, const int *len, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_SCRATCH
}

static void
ref_scratch (long n, const int *len, const float *x, float *y)
{
  for (long i = 0; i < n; i++)
    BODY_SCRATCH
}

static void
kern_calloc (long n, const int *len, int *z)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_CALLOC
}

static void
ref_calloc (long n, const int *len, int *z)
{
  for (long i = 0; i < n; i++)
    BODY_CALLOC
}

static void
kern_realloc (long n, const int *len, int *z)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_REALLOC
}

static void
ref_realloc (long n, const int *len, int *z)
{
  for (long i = 0; i < n; i++)
    BODY_REALLOC
}

static void
kern_deep (long n, const int *len, const float *x, float *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    BODY_DEEP
}

static void
ref_deep (long n, const int *len, const float *x, float *y)
{
  for (long i = 0; i < n; i++)
    BODY_DEEP
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      int *len = check_alloc (n * sizeof (int));
      float *x = check_alloc (n * sizeof (float));
      float *y = check_alloc (n * sizeof (float));
      float *yw = check_alloc (n * sizeof (float));
      int *z = check_alloc (n * sizeof (int));
      int *zw = check_alloc (n * sizeof (int));
      check_fill_int (len, n, 1, 40);
      check_fill_float (x, n, -1, 1);

      ref_scratch (n, len, x, yw);
      kern_scratch (n, len, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, yw, n, "scratch of data-dependent size, n=%ld", n);

      ref_calloc (n, len, zw);
      kern_calloc (n, len, z);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (z, zw, n, "calloc contents, n=%ld", n);

      ref_realloc (n, len, zw);
      kern_realloc (n, len, z);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (z, zw, n, "realloc growth, n=%ld", n);

      /* Not idempotent: a run that fails must leave Y as it was.  */
      check_fill_float (y, n, -1, 1);
      memcpy (yw, y, n * sizeof (float));
      ref_deep (n, len, x, yw);
      kern_deep (n, len, x, y);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (y, yw, n, "malloc two calls down, y[i] +=, n=%ld", n);

      free (len);
      free (x);
      free (y);
      free (yw);
      free (z);
      free (zw);
    }
  return 0;
}
