/* ocl-reduce.h -- the printer's text around the body of a GPU_REDUCE
   kernel (ocl-reduce.cc), used by oclemit.cc.  gpu_clone lowered the
   accumulators of the device clone to private variables, whose printed
   names the printer passes here as ACCS.  */

#ifndef GPUOFFLOAD_OCL_REDUCE_H
#define GPUOFFLOAD_OCL_REDUCE_H

#include "gpu-region.h"

/* The __local arrays of the work-group combine (kernel scope).  */
void gpu_reduce_kernel_locals (struct gpu_region *r, pretty_printer *pp);

/* Each accumulator ACCS[j] starts at its operator's identity.  */
void gpu_reduce_kernel_prologue (struct gpu_region *r,
				 const char *const *accs, pretty_printer *pp);

/* After the grid-stride loop: the work-group combine of ACCS and the
   store of one partial result per work-group (docs/ABI.md).  */
void gpu_reduce_kernel_epilogue (struct gpu_region *r,
				 const char *const *accs, pretty_printer *pp);

/* Text of the final-combine kernel NAME_fin (docs/ABI.md).  */
void gpu_reduce_fin_kernel (struct gpu_region *r, pretty_printer *pp);

#endif /* GPUOFFLOAD_OCL_REDUCE_H */
