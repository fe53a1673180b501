/* gpu-params.h -- the parameters and memory references of a region
   (gpu-params.cc), for the gpu_find pass.  */

#ifndef GPUOFFLOAD_GPU_PARAMS_H
#define GPUOFFLOAD_GPU_PARAMS_H

#include "gpu-region.h"

/* Give region R (its dims set up) its parameters -- the index space's
   starts and steps first, then every value and object from outside the
   region its statements use -- and its memory references.  Returns false
   with R->fail set when something cannot live on the device.  */
bool gpu_find_params (struct gpu_region *r);

/* Is CALL, in a region, a direct call with no device version: neither a
   function of this translation unit, nor one the printer or the device
   heap provides, nor setjmp?  (Such a call keeps a region on the host,
   unless gpu_speculate makes its block a deopt.)  */
bool gpu_host_only_call_p (gcall *call);

#endif /* GPUOFFLOAD_GPU_PARAMS_H */
