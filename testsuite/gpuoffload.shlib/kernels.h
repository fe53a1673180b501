/* kernels.h -- the functions with marked loops that kernels-lib.c puts in
   a library and kernels.c calls (see shlib.exp).  */
#ifndef KERNELS_H
#define KERNELS_H

void lib_saxpy (int n, float a, const float *x, float *y);
void lib_index2d (int m, int n, int *out);
int lib_kernel_count (void);

#endif
