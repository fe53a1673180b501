/* gpu-launch.h -- the record and the launch of a region (gpu-launch.cc),
   for the gpu_outline pass.  */

#ifndef GPUOFFLOAD_GPU_LAUNCH_H
#define GPUOFFLOAD_GPU_LAUNCH_H

#include "gpu-region.h"

/* The values a launch of a region passes to the runtime, computed in its
   preheader.  */
struct gpu_launch
{
  tree record;			/* Address of the region's record.  */
  tree args;			/* Address of the argument words.  */
  tree nargs;			/* Their count, bit 31: ranges invalid.  */
  tree counts[3];		/* Trip counts of the index space (u64).  */
  tree fin;			/* The outermost index's value after.  */
};

/* The record of region R (with the kernel gpu_emit printed) in the
   kernel section, registered at the end of the unit.  Returns its
   variable.  */
tree gpu_launch_record (struct gpu_region *r);

/* Whether buffer argument I of region R is streamed in batches (a
   "move" line, docs/ABI.md section 9): its range per outer iteration is
   known and moves with the outermost index, or is known and written (the
   runtime then checks that the windows do not overlap).  */
bool gpu_launch_moves (struct gpu_region *r, unsigned i);

/* Whether region R may run in batches of its outermost index (docs/ABI.md
   section 8): its record has "batch" lines.  When not, *WHY is the
   argument that prevents it, or -1 (no-batch, two levels,
   speculation).  */
bool gpu_launch_batchable (struct gpu_region *r, int *why);
/* Whether region R writes every byte of its buffer argument I's range
   without reading it, so that its record has a "fill" line (docs/ABI.md
   section 10): NULL when it does, else why not ("" for an argument that
   is not a written buffer).  */
const char *gpu_launch_fills (struct gpu_region *r, unsigned i);
/* Append at *GSI the computation of the launch *L of R, whose record is
   RECORD_VAR: the argument words, the counts, the final index.  Creates
   the reductions' result slots.  */
void gpu_launch_args (struct gpu_region *r, tree record_var,
		      gimple_stmt_iterator *gsi, struct gpu_launch *l);

/* Append at *GSI the launch *L of R through gpurt_launch, for a region
   whose host path stays the serial loop: the loop runs no iteration when
   the device ran the region.  */
void gpu_launch_serial (struct gpu_region *r, gimple_stmt_iterator *gsi,
			struct gpu_launch *l);

/* The declaration of the runtime's entry point NAME of type FNTYPE: it
   does not throw; FNSPEC (or NULL) says what it does with the memory its
   arguments point to ("fn spec"); LEAF says it calls nothing of this
   unit.  */
tree gpu_runtime_decl (const char *name, tree fntype, const char *fnspec,
		       bool leaf);

/* PLUGIN_EARLY_GIMPLE_PASSES_END: the constructor registering the unit's
   records with libgpurt.  */
void gpu_launch_build_ctor (void *gcc_data, void *user_data);

/* GC roots of gpu-launch.cc.  */
const struct ggc_root_tab *gpu_launch_ggc_roots (void);

#endif /* GPUOFFLOAD_GPU_LAUNCH_H */
