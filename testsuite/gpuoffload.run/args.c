/* args.c: scalar arguments of every size reach the kernel (char, short, int, long long, float, double, _Bool, unsigned), a loop-invariant value read through a pointer, and a struct passed by value whose fields are used.  */
#include "check.h"

struct coef
{
  double a;
  float b;
  short c;
};

static void
kern (int n, signed char c1, unsigned char c2, short s1, unsigned short s2,
      unsigned u, long long ll, float f, double d, _Bool flag,
      const double *scale, struct coef k, double *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      double v = c1 + c2 * 2 + s1 * 3 + s2 * 4 + (double) u + (double) ll;
      v += f * i + d;
      v *= *scale;
      v += k.a * k.b - k.c;
      out[i] = flag ? v : -v;
    }
}

static void
ref (int n, signed char c1, unsigned char c2, short s1, unsigned short s2,
     unsigned u, long long ll, float f, double d, _Bool flag,
     const double *scale, struct coef k, double *out)
{
  for (int i = 0; i < n; i++)
    {
      double v = c1 + c2 * 2 + s1 * 3 + s2 * 4 + (double) u + (double) ll;
      v += f * i + d;
      v *= *scale;
      v += k.a * k.b - k.c;
      out[i] = flag ? v : -v;
    }
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    for (int r = 0; r < 3; r++)
      {
	int n = (int) check_sizes[s];
	signed char c1 = (signed char) check_u64 ();
	unsigned char c2 = (unsigned char) check_u64 ();
	short s1 = (short) check_u64 ();
	unsigned short s2 = (unsigned short) check_u64 ();
	unsigned u = (unsigned) check_u64 ();
	long long ll = check_range (-(1LL << 50), 1LL << 50);
	float f = check_uniformf (-2, 2);
	double d = check_uniform (-1e6, 1e6);
	_Bool flag = check_u64 () & 1;
	double scale = check_uniform (0.5, 2);
	struct coef k = { check_uniform (-3, 3), check_uniformf (-3, 3), (short) check_range (-99, 99) };
	double *out = check_alloc (n * sizeof (double)), *outw = check_alloc (n * sizeof (double));
	ref (n, c1, c2, s1, s2, u, ll, f, d, flag, &scale, k, outw);
	kern (n, c1, c2, s1, s2, u, ll, f, d, flag, &scale, k, out);
	CHECK_RAN_ON_DEVICE (n);
	CHECK_DOUBLES (out, outw, n, 1e-12, 1e-3, "scalar arguments, n=%d", n);
	free (out);
	free (outw);
      }
  return 0;
}
