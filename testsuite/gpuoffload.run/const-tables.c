/* const-tables.c: const file-scope tables a region reads (float, double,
   int and struct elements, indexed by the data, read in a called
   function) are __constant arrays of the kernel source; one larger than
   the 16 KiB the source may hold stays a buffer.  Every size, empty
   ranges included, on the device and the host path, against serial C.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

static const float coef[64] = {
  -1.92793207f, 1.48206394f, 1.47265534f, 2.79468929f, -2.51420661f,
  -2.15553113f, -2.82272065f, -2.19869652f, 1.87218882f, -2.95829582f,
  0.250518015f, -2.28873976f, -1.64274597f, -0.547357373f, 2.70125208f,
  0.867217183f, -3.88454086f, -1.79330517f, -2.82631742f, 2.97027783f,
  2.47791689f, 2.4483747f, 2.61092272f, 1.95800122f, 3.59458733f,
  2.35016441f, -1.94633619f, 2.7995121f, -0.105716056f, 2.04003081f,
  0.513108789f, -0.563378831f, -1.086379f, -0.561421833f, -1.48990907f,
  -3.0611196f, 2.55714915f, 2.3860691f, 3.88544948f, 1.52738121f,
  0.433810867f, 1.98729193f, -2.92116991f, 1.41457252f, -0.452800361f,
  -2.58693002f, -2.37898694f, 0.181546411f, -1.97350595f, -0.324327811f,
  0.843990223f, -0.833941049f, -2.9537523f, -0.073142913f, -2.11642405f,
  -2.11457337f, -2.4442484f, -1.06848072f, -3.41379378f, 1.20985416f,
  3.62932834f, -0.88248992f, 1.75105592f, 3.46382254f
};

/* 37 elements, the last 7 zero (a partial initializer).  */
static const double dtab[37] = {
  -91.358291767679475, -71.650887283642248, 61.219055500821128,
  67.629075713630272, 27.811102947144661, -68.048656384421008,
  -17.301819121457115, 73.648304121610124, 77.23848485940627,
  60.634424314784098, -59.388341448615108, 70.730843589452235,
  -25.04875135369133, 43.302218104689899, -72.598499206544105,
  94.260657882542347, 20.700000580637408, 44.542863214529547,
  -57.656862047953993, 23.448099259381365, 16.174910518221537,
  18.244996724497909, -28.129771973155115, 45.538715377282813,
  -31.733222034348515, -40.934985588677918, -67.103313226399649,
  36.80625491632938, -77.547964601788053, -54.888517905282526
};

/* Designated elements, the rest zero; not static.  */
const int itab[16] = { [0] = 7, [3] = -11, [5] = 1 << 20, [8 ... 11] = 42,
			[15] = -1 };

struct pt
{
  char tag;
  double w;
  float x;
};

static const struct pt pts[5] = {
  { 'a', 0.125, -1.5f }, { 'b', -3.75, 2.25f }, { 'c', 1e10, 0.0f },
  { 'd', -0.0, 3.5f }, { 'e', 7.0, -8.0f }
};

/* 20,000 bytes: more than the kernel source holds.  */
static const int big[5000] = { 1, 2, 3, [4321] = 99, [4999] = -5 };

/* The table a called function reads.  */
static double
weight (int k)
{
  return dtab[k % 37] * pts[k % 5].w;
}

#define BODY(I)								\
  {									\
    int k = x[I] & 63;							\
    f[I] = coef[k] * y[I];						\
    d[I] = weight (x[I] & 1023);					\
    n[I] = itab[x[I] & 15] + big[(x[I] * 7) % 5000] + pts[k % 5].tag;	\
    g[I] = pts[x[I] % 5].x * y[I];					\
  }

static void
lookup (long m, const int *x, const float *y, float *f, double *d, int *n,
	float *g)
{
  for (long i GPU_PARALLEL = 0; i < m; i++)
    BODY (i)
}

static void
lookup_serial (long m, const int *x, const float *y, float *f, double *d,
	       int *n, float *g)
{
  for (long i = 0; i < m; i++)
    BODY (i)
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long m = check_sizes[s];
      int *x = check_alloc ((m + 1) * sizeof *x);
      float *y = check_alloc ((m + 1) * sizeof *y);
      float *f = check_alloc ((m + 1) * sizeof *f);
      float *wf = check_alloc ((m + 1) * sizeof *f);
      double *d = check_alloc ((m + 1) * sizeof *d);
      double *wd = check_alloc ((m + 1) * sizeof *d);
      int *n = check_alloc ((m + 1) * sizeof *n);
      int *wn = check_alloc ((m + 1) * sizeof *n);
      float *g = check_alloc ((m + 1) * sizeof *g);
      float *wg = check_alloc ((m + 1) * sizeof *g);
      check_fill_int (x, m + 1, 0, 1 << 20);
      check_fill_float (y, m + 1, -10, 10);
      check_fill_float (f, m + 1, -1, 1);
      memcpy (wf, f, (m + 1) * sizeof *f);
      check_fill_double (d, m + 1, -1, 1);
      memcpy (wd, d, (m + 1) * sizeof *d);
      check_fill_int (n, m + 1, -9, 9);
      memcpy (wn, n, (m + 1) * sizeof *n);
      check_fill_float (g, m + 1, -1, 1);
      memcpy (wg, g, (m + 1) * sizeof *g);
      lookup_serial (m, x, y, wf, wd, wn, wg);
      lookup (m, x, y, f, d, n, g);
      CHECK_RAN_ON_DEVICE (m);
      CHECK_SAME (f, wf, m + 1, "f, m=%ld", m);
      CHECK_SAME (d, wd, m + 1, "d, m=%ld", m);
      CHECK_SAME (n, wn, m + 1, "n, m=%ld", m);
      CHECK_SAME (g, wg, m + 1, "g, m=%ld", m);
      free (x), free (y), free (f), free (wf), free (d), free (wd);
      free (n), free (wn), free (g), free (wg);
    }
  return 0;
}
