/* kernels.c -- two marked loop nests for info.exp: a 1-D loop with a
   scalar and a buffer it reads and one it writes (line 11), and a 2-D nest
   that uses double (line 18).  info.exp checks what gpuoffload-info says
   about them, so keep the line numbers in step with it.  */

#include <gpuoffload.h>

void
axpy (int n, float a, const float *x, float *y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + 1.0f;
}

void
outer (int n, int m, const double *u, const double *v, double *w)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    for (int j GPU_PARALLEL = 0; j < m; j++)
      w[i * m + j] = u[i] * v[j];
}
