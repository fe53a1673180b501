/* types-mixed.c: expressions mixing types (usual arithmetic conversions, integer promotions, signed/unsigned comparisons, compound assignment that narrows).  */
#include "check.h"

/* The signed/unsigned comparisons are what this test is about.  */
#pragma GCC diagnostic ignored "-Wsign-compare"

#define BODY								\
  {									\
    int x = si[i];							\
    unsigned u = ui[i];							\
    unsigned char c = uc[i];						\
    short s = ss[i];							\
    long long w = sll[i];						\
    float f = fl[i];							\
    double d = db[i];							\
    long long *o = lo + 10 * i;						\
    o[0] = x + u;			/* unsigned */			\
    o[1] = x < u;			/* -1 < 1u is false */		\
    o[2] = (long long) x * u;						\
    o[3] = c - 200;			/* promoted to int: negative */	\
    o[4] = (unsigned short) s * 3;					\
    o[5] = w + x * 2;							\
    o[6] = u >> 3 ^ (unsigned) x;					\
    o[7] = -c < s;							\
    o[8] = (long long) (c + f);		/* float */			\
    o[9] = x / 7 + x % 7 + (u / 7u) % 100;				\
    signed char t = (signed char) c;					\
    t += (signed char) s;		/* narrows back to signed char */ \
    sc[i] = t;								\
    dd[i] = s * d + x / 2.0 + f * c;					\
    ff[i] = f * x + u / 4096.0f;					\
  }

static void
kern (int n, const int *si, const unsigned *ui, const unsigned char *uc,
      const short *ss, const long long *sll, const float *fl,
      const double *db, long long *lo, signed char *sc, double *dd,
      float *ff)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (int n, const int *si, const unsigned *ui, const unsigned char *uc,
     const short *ss, const long long *sll, const float *fl,
     const double *db, long long *lo, signed char *sc, double *dd,
     float *ff)
{
  for (int i = 0; i < n; i++)
    BODY
}

static void
test (long n)
{
  int *si = check_alloc (n * sizeof (int));
  unsigned *ui = check_alloc (n * sizeof (unsigned));
  unsigned char *uc = check_alloc (n);
  short *ss = check_alloc (n * sizeof (short));
  long long *sll = check_alloc (n * sizeof (long long));
  float *fl = check_alloc (n * sizeof (float));
  double *db = check_alloc (n * sizeof (double));
  long long *lo = check_alloc (10 * n * sizeof (long long));
  long long *lor = check_alloc (10 * n * sizeof (long long));
  signed char *sc = check_alloc (n), *scr = check_alloc (n);
  double *dd = check_alloc (n * sizeof (double)), *ddr = check_alloc (n * sizeof (double));
  float *ff = check_alloc (n * sizeof (float)), *ffr = check_alloc (n * sizeof (float));
  for (long i = 0; i < n; i++)
    {
      si[i] = (int) check_range (-1000000, 1000000);
      ui[i] = (unsigned) check_u64 ();
      uc[i] = (unsigned char) check_u64 ();
      ss[i] = (short) check_u64 ();
      sll[i] = check_range (-(1LL << 60), 1LL << 60);
      fl[i] = check_uniformf (-1000, 1000);
      db[i] = check_uniform (-1000, 1000);
      if (i % 6 == 1)
	si[i] = -1, ui[i] = 1;
    }
  memset (lo, 0, 10 * n * sizeof (long long));
  memset (lor, 0, 10 * n * sizeof (long long));
  ref ((int) n, si, ui, uc, ss, sll, fl, db, lor, scr, ddr, ffr);
  kern ((int) n, si, ui, uc, ss, sll, fl, db, lo, sc, dd, ff);
  CHECK_RAN_ON_DEVICE (n);
  CHECK_SAME (lo, lor, 10 * n, "integer results, n=%ld", n);
  CHECK_SAME (sc, scr, n, "signed char +=, n=%ld", n);
  /* Products and sums: the device may contract them into fma.  */
  CHECK_DOUBLES (dd, ddr, n, 1e-12, 1e-6, "double mix, n=%ld", n);
  CHECK_FLOATS (ff, ffr, n, 1e-5, 1.0, "float mix, n=%ld", n);
  free (si); free (ui); free (uc); free (ss); free (sll); free (fl); free (db);
  free (lo); free (lor); free (sc); free (scr); free (dd); free (ddr);
  free (ff); free (ffr);
}

int
main (void)
{
  check_init ();
  for (int k = 0; k < CHECK_NSIZES; k++)
    test (check_sizes[k]);
  return 0;
}
