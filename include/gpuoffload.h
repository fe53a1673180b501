/* gpuoffload.h -- source markers for the gpuoffload GCC plugin and the
   libgpurt runtime interface a program may call.

   With the plugin loaded (-fplugin=gpuoffload) the macro __GPUOFFLOAD__ is
   defined and the markers become attributes the plugin acts on.  Without it
   every marker expands to nothing, so the program is ordinary serial C that
   builds warning-free with any C compiler.  */

#ifndef GPUOFFLOAD_H
#define GPUOFFLOAD_H

#ifdef __GPUOFFLOAD__
/* On a for loop's index declaration: the iterations are independent.  */
# define GPU_PARALLEL __attribute__ ((gpu_parallel))
/* On a scalar accumulator declared before a marked loop.  */
# define GPU_REDUCE __attribute__ ((gpu_reduce))
/* On a pointer: COUNT elements are reachable through it.  COUNT is
   passed as text (after macro expansion) so that it may name a later
   parameter: the plugin reads it once the function is parsed.  */
# define GPU_EXTENT_TEXT_(count) #count
# define GPU_EXTENT(count) \
  __attribute__ ((gpu_extent (GPU_EXTENT_TEXT_ (count))))
#else
# define GPU_PARALLEL
# define GPU_REDUCE
# define GPU_EXTENT(count)
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __GPUOFFLOAD__
/* Nonzero when the last marked region this thread reached ran on an
   OpenCL device, zero when it ran on the host.  */
int gpurt_last_region_ran_on_device (void);
/* The number of host threads that ran the last marked region this thread
   reached: 0 when it ran on a device or had no iteration, else 1 to
   GPURT_HOST_THREADS (an extension, for tests and tuning).  */
int gpurt_last_region_host_threads (void);
#else
static inline int
gpurt_last_region_ran_on_device (void)
{
  return 0;
}
static inline int
gpurt_last_region_host_threads (void)
{
  return 1;
}
#endif

#ifdef __cplusplus
}
#endif

#endif /* GPUOFFLOAD_H */
