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

/* The combine over a work-group of a two-level kernel (gpu_twolevel's
   __gpu_group_reduce): every work-item puts its value VAL into the
   __local array ARR (the region's GROUP_WG elements; the group's size is a
   power of two), a tree combines them, and every work-item sets DST to
   INIT combined with the group's value.  RED gives the operator, type
   and type name.  With ARR NULL the group is one work-item: DST is INIT
   combined with VAL.  */
void gpu_reduce_print_group (struct gpu_reduction *red, pretty_printer *pp,
			     const char *arr, const char *val,
			     const char *init, const char *dst);

#endif /* GPUOFFLOAD_OCL_REDUCE_H */
