/* oclh.h -- the small OpenCL host layer of the hand-written variants
   (bench/ocl/*.c): one GPU device (else the first device), a profiling
   queue, kernels built once, blocking copies, and kernel time summed from
   the launches' profiling events (bench_kernel_ns).  Every error aborts.  */
#ifndef OCLH_H
#define OCLH_H
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stddef.h>

cl_kernel ocl_kernel (const char *src, const char *name, const char *opts);
/* Build options defining IX, the index type of a kernel source that
   uses it: 32-bit int under -DBENCH_INDEX32, else size_t.  */
#ifdef BENCH_INDEX32
# define OCL_INDEX_OPTS "-DIX=int"
#else
# define OCL_INDEX_OPTS "-DIX=size_t"
#endif
cl_mem ocl_buf (size_t bytes);
void ocl_write (cl_mem b, const void *p, size_t bytes);
void ocl_read (cl_mem b, void *p, size_t bytes);
/* Set argument I of K.  */
void ocl_arg (cl_kernel k, unsigned i, size_t size, const void *p);
/* Launch K over GLOBAL (rounded up to LOCAL by the caller), wait, and add
   its event time to the kernel-time counter.  */
void ocl_run (cl_kernel k, unsigned dim, const size_t *global, const size_t *local);
/* The device's maximum work-group size and compute units.  */
size_t ocl_max_wg (void);
unsigned ocl_units (void);
long long bench_kernel_ns (void);

static inline size_t
ocl_round (size_t n, size_t m)
{
  return (n + m - 1) / m * m;
}
#endif
