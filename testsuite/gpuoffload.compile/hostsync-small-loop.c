/* hostsync-small-loop.c: k-means as it is written: new centroids computed on the host from each cluster's reductions, then copied over the old ones in a host loop of K iterations, which has no region.  A host loop that runs at most 64 times between two regions (K of a #define) gets a check per access (gpurt_sync_range / gpurt_sync_load) like an access outside host loops, so the points and the assignments stay on the device across the iterations; a host loop of unknown length still syncs once before it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details" } */
#include <gpuoffload.h>

#define K 8
float ncx[64];

void
kmeans (int n, int k, int t, const float *px, int *assign, float *cx,
	int m, const float *init)
{
  for (int it = 0; it < t; it++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	{
	  int best = 0;
	  float bd = __builtin_inff ();
	  for (int c = 0; c < k; c++)
	    {
	      float d = (px[i] - cx[c]) * (px[i] - cx[c]);
	      if (d < bd)
		{
		  bd = d;
		  best = c;
		}
	    }
	  assign[i] = best;
	}
      for (int c = 0; c < k; c++)
	{
	  float s GPU_REDUCE = 0;
	  int cnt GPU_REDUCE = 0;
	  for (int i GPU_PARALLEL = 0; i < n; i++)
	    if (assign[i] == c)
	      {
		s += px[i];
		cnt += 1;
	      }
	  ncx[c] = cnt ? s / cnt : cx[c];
	}
      if (k == K)
	{
#pragma GCC unroll 1
	  for (int c = 0; c < K; c++)
	    cx[c] = ncx[c];
	}
      else
	for (int c = 0; c < m; c++)
	  cx[c] = init[c];
    }
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:46: access checked against the data kept on the device" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump-not "SUCCESS: \[^\n\]*:46: sync before" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:50: sync before a load or store" "gpu_hostsync" } } */
