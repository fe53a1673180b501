/* union.c: a union of float / unsigned / bytes read and written in a marked loop (type punning through the union, as C allows), and a struct holding a tagged union.  */
#include "check.h"

union word
{
  float f;
  unsigned u;
  unsigned char b[4];
};

struct tagged
{
  int kind;			/* 0: int, 1: float */
  union
  {
    int i;
    float f;
  } v;
};

#define BODY								\
  {									\
    union word w = in[i];						\
    bits[i] = w.u >> 23 & 0xff;		/* exponent of the float */	\
    w.b[0] ^= 0x55;							\
    out[i] = w;								\
    if (t[i].kind == 0)							\
      t[i].v.i = t[i].v.i * 2 + 1;					\
    else								\
      t[i].v.f = t[i].v.f * 0.5f;					\
  }

static void
kern (int n, const union word *in, union word *out, unsigned *bits,
      struct tagged *t)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (int n, const union word *in, union word *out, unsigned *bits,
     struct tagged *t)
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
      union word *in = check_alloc (n * sizeof (union word));
      union word *out = check_alloc (n * sizeof (union word));
      union word *outw = check_alloc (n * sizeof (union word));
      unsigned *bits = check_alloc (n * sizeof (unsigned));
      unsigned *bitsw = check_alloc (n * sizeof (unsigned));
      struct tagged *t = check_alloc (n * sizeof (struct tagged)), *tw;
      for (long i = 0; i < n; i++)
	{
	  in[i].f = check_uniformf (-1e6f, 1e6f);
	  t[i].kind = (int) (check_u64 () & 1);
	  if (t[i].kind)
	    t[i].v.f = check_uniformf (-100, 100);
	  else
	    t[i].v.i = (int) check_range (-100000, 100000);
	}
      tw = check_dup (t, n * sizeof (struct tagged));
      ref ((int) n, in, outw, bitsw, tw);
      kern ((int) n, in, out, bits, t);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (out, outw, n, "union copy, n=%ld", n);
      CHECK_SAME (bits, bitsw, n, "union punning, n=%ld", n);
      CHECK_SAME (t, tw, n, "tagged union, n=%ld", n);
      free (in); free (out); free (outw); free (bits); free (bitsw);
      free (t); free (tw);
    }
  return 0;
}
