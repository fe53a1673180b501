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

#endif /* GPUOFFLOAD_GPU_PARAMS_H */
