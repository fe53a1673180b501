/* libc-calls.c: C library calls with device versions in a marked loop (issue 13, item 4): abs, labs, llabs; memset and memcpy of a constant number of bytes between arrays of records and into a local array; memmove within one record; memcmp of records (its sign, as C promises) and strlen of names (GPU_EXTENT bounds the records the names are in); and a variable-length memcpy bounded by GPU_EXTENT.  Compared with serial C, on the device and on the host.  */
#include "check.h"

#define NAME 23

struct rec
{
  char name[NAME + 1];
  int key;
};

static void
absolutes (int n, const int *x, const long *y, const long long *z, long long *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    out[i] = abs (x[i]) + labs (y[i]) + llabs (z[i]);
}

static void
set_copy (int n, struct rec *restrict o, const struct rec *restrict x)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      char tmp[NAME + 1];
      memset (o[i].name, 'a' + i % 26, NAME);
      memcpy (tmp, x[i].name, 5);
      memcpy (o[i].name + 7, tmp, 5);
      memmove (o[i].name + 1, o[i].name, 9);
      o[i].key = x[i].key;
    }
}

static void
compare (int n, int *restrict sign, unsigned long *restrict len,
	 const struct rec *x GPU_EXTENT (n), const struct rec *y GPU_EXTENT (n))
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      int c = memcmp (x[i].name, y[i].name, NAME);
      sign[i] = (c > 0) - (c < 0);
      len[i] = strlen (x[i].name);
    }
}

static void
copy_var (int n, int m, char *restrict dst GPU_EXTENT ((long) n * m),
	  const char *restrict src GPU_EXTENT ((long) n * m))
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    memcpy (dst + (long) i * m, src + (long) i * m, (unsigned long) m);
}

static void
random_names (struct rec *r, int n)
{
  for (int i = 0; i < n; i++)
    {
      int l = (int) check_range (0, NAME);
      for (int k = 0; k < NAME + 1; k++)
	r[i].name[k] = k < l ? (char) check_range ('a', 'd') : 0;
      r[i].key = (int) check_range (-100, 100);
    }
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      int *x = check_alloc (n * sizeof (int) + 1);
      long *y = check_alloc (n * sizeof (long) + 1);
      long long *z = check_alloc (n * sizeof (long long) + 1);
      long long *o = check_alloc (n * sizeof (long long) + 1);
      long long *ow = check_alloc (n * sizeof (long long) + 1);
      for (int i = 0; i < n; i++)
	{
	  x[i] = (int) check_range (-1000000, 1000000);
	  y[i] = (long) check_range (-(1LL << 40), 1LL << 40);
	  z[i] = (long long) check_range (-(1LL << 50), 1LL << 50);
	  ow[i] = abs (x[i]) + labs (y[i]) + llabs (z[i]);
	}
      absolutes (n, x, y, z, o);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (o, ow, n, "abs, labs, llabs, n=%d", n);

      struct rec *a = check_alloc (n * sizeof (struct rec) + 1);
      struct rec *b = check_alloc (n * sizeof (struct rec) + 1);
      struct rec *r = check_alloc (n * sizeof (struct rec) + 1);
      struct rec *rw = check_alloc (n * sizeof (struct rec) + 1);
      random_names (a, n);
      random_names (b, n);
      for (int i = 0; i < n; i++)
	{
	  /* Half the pairs equal up to a late byte.  */
	  if (i & 1)
	    {
	      b[i] = a[i];
	      b[i].name[NAME - 1 - i % 3] ^= (char) (i % 5 == 0);
	    }
	  memset (r[i].name, 0, sizeof r[i].name);
	}
      memcpy (rw, r, n * sizeof (struct rec));
      for (int i = 0; i < n; i++)
	{
	  char tmp[NAME + 1];
	  memset (rw[i].name, 'a' + i % 26, NAME);
	  memcpy (tmp, a[i].name, 5);
	  memcpy (rw[i].name + 7, tmp, 5);
	  memmove (rw[i].name + 1, rw[i].name, 9);
	  rw[i].key = a[i].key;
	}
      set_copy (n, r, a);
      CHECK_RAN_ON_DEVICE (n);
      CHECK (memcmp (r, rw, n * sizeof (struct rec)) == 0,
	     "memset, memcpy, memmove, n=%d", n);

      int *sign = check_alloc (n * sizeof (int) + 1);
      int *signw = check_alloc (n * sizeof (int) + 1);
      unsigned long *len = check_alloc (n * sizeof (long) + 1);
      unsigned long *lenw = check_alloc (n * sizeof (long) + 1);
      for (int i = 0; i < n; i++)
	{
	  int c = memcmp (a[i].name, b[i].name, NAME);
	  signw[i] = (c > 0) - (c < 0);
	  lenw[i] = strlen (a[i].name);
	}
      compare (n, sign, len, a, b);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (sign, signw, n, "memcmp, n=%d", n);
      CHECK_SAME (len, lenw, n, "strlen, n=%d", n);

      int m = (int) check_range (1, 40);
      char *src = check_alloc ((size_t) n * m + 1);
      char *dst = check_alloc ((size_t) n * m + 1);
      check_fill_bytes (src, (size_t) n * m);
      copy_var (n, m, dst, src);
      CHECK_RAN_ON_DEVICE (n);
      CHECK (memcmp (dst, src, (size_t) n * m) == 0,
	     "variable-length memcpy, n=%d m=%d", n, m);

      free (x), free (y), free (z), free (o), free (ow), free (a), free (b);
      free (r), free (rw), free (sign), free (signw), free (len), free (lenw);
      free (src), free (dst);
    }
  return 0;
}
