/* main.c -- the main program of info.exp's executable: calls the loops of
   kernels.c once, and has no marked loop of its own (so it is also the
   "object without kernels" case).  */

void axpy (int n, float a, const float *x, float *y);
void outer (int n, int m, const double *u, const double *v, double *w);

int
main (void)
{
  float x[8] = { 0 }, y[8];
  double u[2] = { 1, 2 }, v[3] = { 1, 2, 3 }, w[6];

  axpy (8, 2.0f, x, y);
  outer (2, 3, u, v, w);
  return y[0] != 1.0f || w[5] != 6.0;
}
