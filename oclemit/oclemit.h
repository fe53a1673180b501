/* oclemit.h -- interface between the gpu_find pass and the OpenCL C
   emitter.  The pass describes a marked loop nest (a region) and the
   emitter turns the region's GIMPLE, and the functions it calls, into an
   OpenCL C 1.2 kernel.  While emitting it discovers what the kernel needs
   from the host (captures) and which memory each one reaches (accesses);
   the pass then bounds those accesses and builds the launch.  */

#ifndef GPUOFFLOAD_OCLEMIT_H
#define GPUOFFLOAD_OCLEMIT_H

#include "gpu-reduce.h"

/* A value the kernel takes from the host.  */
enum gpu_cap_kind
{
  GPU_CAP_BUFFER,	/* A pointer or an object in host memory.  */
  GPU_CAP_SCALAR,	/* A scalar passed by value.  */
  GPU_CAP_REDUCE	/* A GPU_REDUCE accumulator: the kernel writes its
			   per-work-group partial results (gpu-reduce.h).  */
};

#define GPU_ACC_READ 1
#define GPU_ACC_WRITE 2

struct gpu_capture
{
  /* An SSA name defined before the region, a VAR_DECL/PARM_DECL in host
     memory, or (for index-space values) a GENERIC expression.  */
  tree value;
  enum gpu_cap_kind kind;
  unsigned flags;		/* GPU_ACC_* for buffers.  */
  tree type;			/* Scalar type, or the pointer type.  */
  tree lo, hi;			/* Byte range from the pointer (buffers),
				   GENERIC, NULL until bounded.  */
  bool unbounded;		/* Some access could not be bounded.  */
  location_t unbounded_loc;	/* Where.  */
};

/* A memory reference of the region on a buffer capture.  */
struct gpu_access
{
  gimple *stmt;
  tree ref;			/* The reference, NULL for a call argument.  */
  int cap;			/* Index into the captures.  */
  unsigned flags;		/* GPU_ACC_*.  */
};

/* One marked loop of the nest; dimension 0 is the innermost.  */
struct gpu_dim
{
  class loop *loop;
  tree iv;			/* The index: the header PHI's result.  */
  tree lo, step;		/* Index = LO + k * STEP (GENERIC at the
				   region's preheader).  */
  tree count;			/* Trip count, GENERIC of type uint64.  */
  int lo_cap, step_cap;		/* Their capture indices.  */
};

struct gpu_region
{
  function *fun;
  class loop *outer;		/* Outermost marked loop.  */
  int ndim;
  struct gpu_dim dims[3];
  location_t loc;
  char kernel_name[128];
  vec<gpu_capture> caps;
  vec<gpu_access> accs;
  bool fp64;			/* The kernel uses double.  */
  /* Condition (GENERIC, valid before the region) under which the access
     ranges hold; NULL when they always do.  */
  tree valid;
  /* Left by the launch builder for the outliner: the gpurt_launch call,
     the run-on-host flag GO (an SSA name) and the outer index's final
     value FIN.  */
  gcall *launch;
  tree go, fin;
  /* GPU_REDUCE accumulators updated in the region (gpu-reduce.h).  */
  vec<gpu_reduction> reds;
  /* First reason the region cannot be offloaded.  */
  const char *fail;
  location_t fail_loc;
  char fail_buf[512];
};

/* Emit the OpenCL C source of region R into *SOURCE (xmalloc'd).  Returns
   false and sets R->fail when the region holds something the device
   cannot run.  */
bool oclemit_region (struct gpu_region *r, char **source);

/* Record FMT... as the reason region R is not offloaded, at LOC.  */
void gpu_region_fail (struct gpu_region *r, location_t loc,
		      const char *fmt, ...);

/* The user-level name of VALUE (an SSA name or decl) or "<expr>".  */
const char *gpu_value_name (tree value);

#endif /* GPUOFFLOAD_OCLEMIT_H */
