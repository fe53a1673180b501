/* struct-padding.c: a struct with mixed char/double/short/int fields (padding inside and at the end) and a nested struct with an array member: the device must use the host's layout.  */
#include "check.h"
#include <stddef.h>

struct inner
{
  short s[3];
  char tag;
};

struct rec
{
  char c;			/* 7 bytes of padding follow */
  double d;
  short s;
  struct inner in;
  int k;
  unsigned char flags;		/* tail padding */
};

/* Catch a host whose layout is not the one this test expects.  */
_Static_assert (offsetof (struct rec, d) == 8, "layout");
_Static_assert (sizeof (struct rec) == 40, "layout");

#define BODY								\
  {									\
    struct rec r = a[i];						\
    b[i].c = (char) (r.c + 1);						\
    b[i].d = r.d * 2.0 + r.s;						\
    b[i].s = (short) (r.s - r.c);					\
    b[i].in.s[0] = r.in.s[2];						\
    b[i].in.s[1] = r.in.s[1];						\
    b[i].in.s[2] = r.in.s[0];						\
    b[i].in.tag = r.in.tag ^ 0x20;					\
    b[i].k = r.k + r.in.s[0];						\
    b[i].flags = (unsigned char) (r.flags | 0x80);			\
    sum[i] = r.c + r.d + r.s + r.in.s[0] + r.in.s[1] + r.in.s[2]	\
	     + r.in.tag + r.k + r.flags;				\
  }

static void
kern (int n, const struct rec *restrict a, struct rec *restrict b,
      double *restrict sum)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (int n, const struct rec *a, struct rec *b, double *sum)
{
  for (int i = 0; i < n; i++)
    BODY
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      size_t bytes = n * sizeof (struct rec);
      struct rec *a = check_alloc (bytes), *b = check_alloc (bytes);
      struct rec *w = check_alloc (bytes);
      double *sum = check_alloc (n * sizeof (double)), *sumw = check_alloc (n * sizeof (double));
      check_fill_bytes (a, bytes);
      for (long i = 0; i < n; i++)
	a[i].d = check_uniform (-1e6, 1e6);	/* no NaN from random bytes */
      check_fill_bytes (b, bytes);
      memcpy (w, b, bytes);
      ref ((int) n, a, w, sumw);
      kern ((int) n, a, b, sum);
      CHECK_RAN_ON_DEVICE (n);
      for (long i = 0; i < n; i++)
	CHECK (b[i].c == w[i].c && b[i].s == w[i].s
	       && check_close (b[i].d, w[i].d, 1e-15, 0)
	       && memcmp (&b[i].in, &w[i].in, sizeof b[i].in) == 0
	       && b[i].k == w[i].k && b[i].flags == w[i].flags,
	       "struct rec %ld of %ld differs (c %d/%d s %d/%d k %d/%d)", i, n,
	       b[i].c, w[i].c, b[i].s, w[i].s, b[i].k, w[i].k);
      CHECK_DOUBLES (sum, sumw, n, 1e-14, 1e-6, "field sum, n=%ld", n);
      free (a); free (b); free (w); free (sum); free (sumw);
    }
  return 0;
}
