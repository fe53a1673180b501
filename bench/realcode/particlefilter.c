/* particlefilter.c -- tracking a disk through a noisy video with a
   particle filter (in the style of the Rodinia benchmark of that name; our
   own code).  Each frame: move the particles at random, weigh each by the
   likelihood of the pixels under a disk at its position, normalize, take
   the weighted mean as the estimate, and resample.  The random generator
   is a linear congruential one per particle whose constants are globals
   (randu), as in the original; the pixels are read through an index
   array.

   usage: particlefilter NPARTICLES [FRAMES]  */
#include <limits.h>
#include <math.h>
#include <string.h>
#include "rc.h"

#define PI 3.1415926535897932
#define RADIUS 5

/* The generator's modulus, multiplier and increment.  */
long M = INT_MAX;
int A = 1103515245;
int C = 12345;

/* The video: IszX x IszY pixels, Nfr frames, pixel (x, y, k) at
   I[(x * IszY + y) * Nfr + k].  */
int IszX = 128, IszY = 128, Nfr;
unsigned char *I;

/* A uniform number in [0, 1) from the generator of particle INDEX.  */
static double
randu (int *seed, int index)
{
  unsigned num = (unsigned) A * (unsigned) seed[index] + (unsigned) C;
  seed[index] = num % M;
  return fabs (seed[index] / ((double) M));
}

/* A normal number (Box-Muller) from the generator of particle INDEX.  */
static double
randn (int *seed, int index)
{
  double u = randu (seed, index);
  double v = randu (seed, index);
  double cosine = cos (2 * PI * v);
  double rt = -2 * log (u);
  return sqrt (rt) * cosine;
}

static double
round_double (double value)
{
  int new_value = (int) value;
  if (value - new_value < .5)
    return new_value;
  return new_value + 1;
}

/* The first index of CDF[0..LENGTH) at least VALUE (the last if none).  */
static int
find_index (const double *cdf, int length, double value)
{
  for (int x = 0; x < length; x++)
    if (cdf[x] >= value)
      return x;
  return length - 1;
}

/* A video of a disk moving down and right, plus noise.  */
static void
make_video (int *seed)
{
  I = rc_alloc ((size_t) IszX * IszY * Nfr);
  memset (I, 0, (size_t) IszX * IszY * Nfr);
  int x0 = IszX / 4, y0 = IszY / 4;
  for (int k = 0; k < Nfr; k++)
    {
      int cx = x0 + k, cy = y0 + 2 * k;
      for (int x = 0; x < IszX; x++)
	for (int y = 0; y < IszY; y++)
	  {
	    int dx = x - cx, dy = y - cy;
	    unsigned char *p = &I[((size_t) x * IszY + y) * Nfr + k];
	    *p = dx * dx + dy * dy <= RADIUS * RADIUS ? 228 : 100;
	    int noise = (int) (5 * randn (seed, 0));
	    *p = *p + noise < 0 ? 0 : *p + noise > 255 ? 255 : *p + noise;
	  }
    }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 10000;
  Nfr = argc > 2 ? atoi (argv[2]) : 10;
  int *seed = rc_alloc (n * sizeof (int));
  for (int i = 0; i < n; i++)
    seed[i] = (int) (rc_rand () % 1000000) + i;
  make_video (seed);

  /* The offsets of the pixels of a disk of radius RADIUS.  */
  int diameter = 2 * RADIUS - 1, count_ones = 0;
  int *objxy = rc_alloc (diameter * diameter * 2 * sizeof (int));
  for (int x = 0; x < diameter; x++)
    for (int y = 0; y < diameter; y++)
      {
	int dx = x - RADIUS + 1, dy = y - RADIUS + 1;
	if (dx * dx + dy * dy < (RADIUS - 1) * (RADIUS - 1))
	  {
	    objxy[count_ones * 2] = dx;
	    objxy[count_ones * 2 + 1] = dy;
	    count_ones++;
	  }
      }

  double *weights = rc_alloc (n * sizeof (double));
  double *likelihood = rc_alloc (n * sizeof (double));
  double *arrayX = rc_alloc (n * sizeof (double));
  double *arrayY = rc_alloc (n * sizeof (double));
  double *xj = rc_alloc (n * sizeof (double));
  double *yj = rc_alloc (n * sizeof (double));
  double *CDF = rc_alloc (n * sizeof (double));
  double *u = rc_alloc (n * sizeof (double));
  int *ind = rc_alloc ((size_t) count_ones * n * sizeof (int));
  double *est = rc_alloc (2 * Nfr * sizeof (double));
  long max_size = (long) IszX * IszY * Nfr;
  double xe = IszX / 4, ye = IszY / 4;

  double t0 = rc_now_ms ();
#pragma omp parallel for
  for (int x = 0; x < n; x++)
    {
      weights[x] = 1 / ((double) n);
      arrayX[x] = xe;
      arrayY[x] = ye;
    }
  for (int k = 1; k < Nfr; k++)
    {
      /* Move.  */
#pragma omp parallel for
      for (int x = 0; x < n; x++)
	{
	  arrayX[x] += 1 + 5 * randn (seed, x);
	  arrayY[x] += 2 + 2 * randn (seed, x);
	}
      /* Weigh by the pixels under a disk at each particle.  */
#pragma omp parallel for
      for (int x = 0; x < n; x++)
	{
	  likelihood[x] = 0;
	  for (int y = 0; y < count_ones; y++)
	    {
	      int ind_x = (int) round_double (arrayX[x]) + objxy[y * 2 + 1];
	      int ind_y = (int) round_double (arrayY[x]) + objxy[y * 2];
	      long i = labs (((long) ind_x * IszY + ind_y) * Nfr + k);
	      ind[x * count_ones + y] = i >= max_size ? 0 : (int) i;
	      double p = I[ind[x * count_ones + y]];
	      likelihood[x] += ((p - 100) * (p - 100) - (p - 228) * (p - 228)) / 50.0;
	    }
	  likelihood[x] = likelihood[x] / ((double) count_ones);
	}
#pragma omp parallel for
      for (int x = 0; x < n; x++)
	weights[x] = weights[x] * exp (likelihood[x] / 100.0);
      double sum_weights = 0;
#pragma omp parallel for reduction(+:sum_weights)
      for (int x = 0; x < n; x++)
	sum_weights += weights[x];
#pragma omp parallel for
      for (int x = 0; x < n; x++)
	weights[x] = weights[x] / sum_weights;
      xe = 0;
      ye = 0;
#pragma omp parallel for reduction(+:xe, ye)
      for (int x = 0; x < n; x++)
	{
	  xe += arrayX[x] * weights[x];
	  ye += arrayY[x] * weights[x];
	}
      est[2 * k] = xe;
      est[2 * k + 1] = ye;

      /* Resample.  */
      CDF[0] = weights[0];
      for (int x = 1; x < n; x++)
	CDF[x] = weights[x] + CDF[x - 1];
      double u1 = (1 / ((double) n)) * randu (seed, 0);
#pragma omp parallel for
      for (int x = 0; x < n; x++)
	u[x] = u1 + x / ((double) n);
#pragma omp parallel for
      for (int j = 0; j < n; j++)
	{
	  int i = find_index (CDF, n, u[j]);
	  xj[j] = arrayX[i];
	  yj[j] = arrayY[i];
	}
#pragma omp parallel for
      for (int x = 0; x < n; x++)
	{
	  arrayX[x] = xj[x];
	  arrayY[x] = yj[x];
	  weights[x] = 1 / ((double) n);
	}
    }
  rc_time ("particlefilter", n, rc_now_ms () - t0);
  rc_out_d (est + 2, 2 * (Nfr - 1));
  rc_out_d (arrayX, n);
  rc_out_d (arrayY, n);
  return 0;
}
