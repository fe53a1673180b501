/* conversions.c: casts from each of 12 scalar types to each of 14 (integer narrowing, sign changes, int<->float, float<->double, to _Bool), values in range so nothing is undefined.  */
#include "check.h"
#include <limits.h>

/* Sources: integers from the whole range of their type; floating values
   in (-100, 100) for signed or _Bool or floating destinations, in
   [0, 250) for unsigned ones (so every conversion is defined).  */
struct src
{
  signed char *sc;
  unsigned char *uc;
  short *ss;
  unsigned short *us;
  int *si;
  unsigned *ui;
  long *sl;
  unsigned long *ul;
  long long *sll;
  unsigned long long *ull;
  float *fs, *fu;
  double *ds, *du;
};

#define NSRC 12

#define CONV_BODY(D, F, DB)						\
  {									\
    D *o = out + NSRC * i;						\
    o[0] = (D) sc[i];							\
    o[1] = (D) uc[i];							\
    o[2] = (D) ss[i];							\
    o[3] = (D) us[i];							\
    o[4] = (D) si[i];							\
    o[5] = (D) ui[i];							\
    o[6] = (D) sl[i];							\
    o[7] = (D) ul[i];							\
    o[8] = (D) sll[i];							\
    o[9] = (D) ull[i];							\
    o[10] = (D) F[i];							\
    o[11] = (D) DB[i];							\
  }

#define PARAMS								\
  int n, const signed char *sc, const unsigned char *uc, const short *ss, \
  const unsigned short *us, const int *si, const unsigned *ui,		\
  const long *sl, const unsigned long *ul, const long long *sll,	\
  const unsigned long long *ull, const float *fs, const float *fu,	\
  const double *ds, const double *du

#define ARGS(s)								\
  (int) n, s.sc, s.uc, s.ss, s.us, s.si, s.ui, s.sl, s.ul, s.sll, s.ull, \
  s.fs, s.fu, s.ds, s.du

/* F/DB: which floating sources (signed or unsigned range) D can take.  */
#define CONV_TEST(D, NAME, F, DB)					\
  static void								\
  kern_##NAME (PARAMS, D *out)						\
  {									\
    (void) fs; (void) fu; (void) ds; (void) du;				\
    for (int i GPU_PARALLEL = 0; i < n; i++)				\
      CONV_BODY (D, F, DB)						\
  }									\
  static void								\
  ref_##NAME (PARAMS, D *out)						\
  {									\
    (void) fs; (void) fu; (void) ds; (void) du;				\
    for (int i = 0; i < n; i++)						\
      CONV_BODY (D, F, DB)						\
  }

CONV_TEST (_Bool, bool, fs, ds)
CONV_TEST (char, char, fs, ds)
CONV_TEST (signed char, schar, fs, ds)
CONV_TEST (unsigned char, uchar, fu, du)
CONV_TEST (short, short, fs, ds)
CONV_TEST (unsigned short, ushort, fu, du)
CONV_TEST (int, int, fs, ds)
CONV_TEST (unsigned, uint, fu, du)
CONV_TEST (long, long, fs, ds)
CONV_TEST (unsigned long, ulong, fu, du)
CONV_TEST (long long, llong, fs, ds)
CONV_TEST (unsigned long long, ullong, fu, du)
CONV_TEST (float, float, fs, ds)
CONV_TEST (double, double, fs, ds)

/* Integer and _Bool results must be identical; float and double too:
   every conversion here is correctly rounded (round to nearest even).  */
#define RUN(D, NAME)							\
  do {									\
    D *o = check_alloc (NSRC * n * sizeof (D));				\
    D *w = check_alloc (NSRC * n * sizeof (D));				\
    memset (o, 0x5a, NSRC * n * sizeof (D));				\
    memset (w, 0x5a, NSRC * n * sizeof (D));				\
    ref_##NAME (ARGS (s), w);						\
    kern_##NAME (ARGS (s), o);						\
    CHECK_RAN_ON_DEVICE (n);						\
    CHECK_SAME (o, w, NSRC * n, "conversions to " #D ", n=%ld", n);	\
    free (o);								\
    free (w);								\
  } while (0)

static void
test (long n)
{
  struct src s;
  s.sc = check_alloc (n * sizeof *s.sc);
  s.uc = check_alloc (n * sizeof *s.uc);
  s.ss = check_alloc (n * sizeof *s.ss);
  s.us = check_alloc (n * sizeof *s.us);
  s.si = check_alloc (n * sizeof *s.si);
  s.ui = check_alloc (n * sizeof *s.ui);
  s.sl = check_alloc (n * sizeof *s.sl);
  s.ul = check_alloc (n * sizeof *s.ul);
  s.sll = check_alloc (n * sizeof *s.sll);
  s.ull = check_alloc (n * sizeof *s.ull);
  s.fs = check_alloc (n * sizeof *s.fs);
  s.fu = check_alloc (n * sizeof *s.fu);
  s.ds = check_alloc (n * sizeof *s.ds);
  s.du = check_alloc (n * sizeof *s.du);
  for (long i = 0; i < n; i++)
    {
      unsigned long long v = check_u64 ();
      /* Every fourth element small, so that narrowing keeps the value.  */
      if (i % 4 == 0)
	v = (unsigned long long) check_range (-100, 100);
      s.sc[i] = (signed char) v;
      s.uc[i] = (unsigned char) v;
      s.ss[i] = (short) v;
      s.us[i] = (unsigned short) v;
      s.si[i] = (int) v;
      s.ui[i] = (unsigned) v;
      s.sl[i] = (long) v;
      s.ul[i] = (unsigned long) v;
      s.sll[i] = (long long) v;
      s.ull[i] = v;
      s.fs[i] = check_uniformf (-99.9f, 99.9f);
      s.fu[i] = check_uniformf (0, 249.9f);
      s.ds[i] = check_uniform (-99.9, 99.9);
      s.du[i] = check_uniform (0, 249.9);
      if (i % 9 == 4)
	s.fs[i] = s.fu[i] = 0, s.ds[i] = s.du[i] = 0;
    }
  RUN (_Bool, bool);
  RUN (char, char);
  RUN (signed char, schar);
  RUN (unsigned char, uchar);
  RUN (short, short);
  RUN (unsigned short, ushort);
  RUN (int, int);
  RUN (unsigned, uint);
  RUN (long, long);
  RUN (unsigned long, ulong);
  RUN (long long, llong);
  RUN (unsigned long long, ullong);
  RUN (float, float);
  RUN (double, double);
  free (s.sc); free (s.uc); free (s.ss); free (s.us); free (s.si);
  free (s.ui); free (s.sl); free (s.ul); free (s.sll); free (s.ull);
  free (s.fs); free (s.fu); free (s.ds); free (s.du);
}

int
main (void)
{
  check_init ();
  for (int k = 0; k < CHECK_NSIZES; k++)
    test (check_sizes[k]);
  return 0;
}
