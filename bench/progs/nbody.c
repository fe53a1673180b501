/* nbody.c -- one step of an all-pairs N-body simulation: velocities
   (O(N^2) interactions), then positions (HJ-OpenCL/Marawacc pipeline).
   Checked in double precision on a sample of bodies for large N.  */
#include "bench.h"

#define DT 0.01f
#define EPS2 0.01f
static float *px, *py, *pz, *m, *vx, *vy, *vz, *nvx, *nvy, *nvz, *npx, *npy, *npz;

#ifndef BENCH_EXTERNAL_RUN
static void
nbody_step (long n, const float *px, const float *py, const float *pz,
	    const float *m, const float *vx, const float *vy, const float *vz,
	    float *nvx, float *nvy, float *nvz, float *npx, float *npy, float *npz)
{
  /* nvptx: the positions and the new velocities stay on the device
     between the two loops.  */
  OMP_DATA (map (to: px[0:n], py[0:n], pz[0:n])
	    map (from: nvx[0:n], nvy[0:n], nvz[0:n]))
  {
    OMP_FOR (map (to: px[0:n], py[0:n], pz[0:n], m[0:n], vx[0:n], vy[0:n], vz[0:n])
	     map (from: nvx[0:n], nvy[0:n], nvz[0:n]))
    for (long i GPU_PARALLEL = 0; i < n; i++)
      {
	float ax = 0, ay = 0, az = 0;
	for (long j = 0; j < n; j++)
	  {
	    float dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
	    float d2 = dx * dx + dy * dy + dz * dz + EPS2;
	    float inv = 1.0f / sqrtf (d2);
	    float s = m[j] * inv * inv * inv;
	    ax += dx * s;
	    ay += dy * s;
	    az += dz * s;
	  }
	nvx[i] = vx[i] + DT * ax;
	nvy[i] = vy[i] + DT * ay;
	nvz[i] = vz[i] + DT * az;
      }
    OMP_FOR (map (to: px[0:n], py[0:n], pz[0:n], nvx[0:n], nvy[0:n], nvz[0:n])
	     map (from: npx[0:n], npy[0:n], npz[0:n]))
    for (long i GPU_PARALLEL = 0; i < n; i++)
      {
	npx[i] = px[i] + DT * nvx[i];
	npy[i] = py[i] + DT * nvy[i];
	npz[i] = pz[i] + DT * nvz[i];
      }
  }
}
static void
prog_run (void)
{
  nbody_step (bench_n, px, py, pz, m, vx, vy, vz, nvx, nvy, nvz, npx, npy, npz);
}
#endif

static const char *prog_name = "nbody";
static double prog_bytes (long n) { return 52.0 * n; }
static double prog_flops (long n) { return 20.0 * n * n; }

static void
prog_setup (long n)
{
  float **in[] = { &px, &py, &pz, &m, &vx, &vy, &vz };
  float **outs[] = { &nvx, &nvy, &nvz, &npx, &npy, &npz };
  for (int k = 0; k < 7; k++)
    {
      *in[k] = bench_alloc (n * sizeof (float));
      for (long i = 0; i < n; i++)
	(*in[k])[i] = k == 3 ? 0.5f + bench_randf () / n : bench_randf () - 0.5f;
    }
  for (int k = 0; k < 6; k++)
    {
      *outs[k] = bench_alloc (n * sizeof (float));
      bench_poison (*outs[k], n);
    }
}

static int
prog_check (char *msg, size_t len)
{
  long n = bench_n;
  size_t s = bench_samples (n, 512);
  bench_sampled = (size_t) n > s;
  for (size_t k = 0; k < s; k++)
    {
      long i = (long) bench_sample (k, n, 512);
      double a[3] = { 0, 0, 0 }, mag = 0;
      for (long j = 0; j < n; j++)
	{
	  double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
	  double d2 = dx * dx + dy * dy + dz * dz + EPS2;
	  double sc = m[j] / (d2 * sqrt (d2));
	  a[0] += dx * sc; a[1] += dy * sc; a[2] += dz * sc;
	  mag += sqrt (d2 - EPS2) * sc;
	}
      double wv[3] = { vx[i] + DT * a[0], vy[i] + DT * a[1], vz[i] + DT * a[2] };
      double tol = 1e-5 * DT * mag + 1e-6;
      float gv[3] = { nvx[i], nvy[i], nvz[i] };
      float gp[3] = { npx[i], npy[i], npz[i] };
      float p0[3] = { px[i], py[i], pz[i] };
      for (int d = 0; d < 3; d++)
	if (!bench_close (gv[d], wv[d], 1e-6, tol)
	    || !bench_close (gp[d], p0[d] + DT * wv[d], 1e-6, DT * tol + 1e-6))
	  {
	    snprintf (msg, len, "body %ld dim %d: v %g p %g, want %g %g", i, d,
		      gv[d], gp[d], wv[d], p0[d] + DT * wv[d]);
	    return 0;
	  }
    }
  return 1;
}
