/* ocl-reduce.h -- the printer's text for GPU_REDUCE kernels
   (ocl-reduce.cc), used by oclemit.cc.  */

#ifndef GPUOFFLOAD_OCL_REDUCE_H
#define GPUOFFLOAD_OCL_REDUCE_H

#include "gpu-region.h"

/* The statements of a reduction kernel into OUT, around BODY, the text
   of one iteration (whose terminal edges jump to the label gpu_next):
   accumulator set-up, the unrolled grid-stride loop, the work-group
   combine and the partial store; LOCALS gets the __local arrays, which
   OpenCL wants at kernel scope.  */
void gpu_reduce_kernel_text (struct gpu_region *r, const char *body,
			     pretty_printer *locals, pretty_printer *out);

/* Text of the final-combine kernel NAME_fin (docs/ABI.md).  */
void gpu_reduce_fin_kernel (struct gpu_region *r, pretty_printer *pp);

#endif /* GPUOFFLOAD_OCL_REDUCE_H */
