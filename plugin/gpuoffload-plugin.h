/* gpuoffload-plugin.h -- declarations shared by the plugin driver, the
   GIMPLE passes and the OpenCL emitter: the parsed -fplugin-arg options and
   the pass factories.  */

#ifndef GPUOFFLOAD_PLUGIN_H
#define GPUOFFLOAD_PLUGIN_H

/* Options given as -fplugin-arg-gpuoffload-KEY[=VALUE].  */
struct gpu_options
{
  const char *dump_cl_dir;	/* dump-cl=DIR: also write DIR/NAME.cl.  */
  const char *dump_flags;	/* dump[=FLAGS]: enable the gpu_* dumps.  */
  bool werror;			/* werror: a marked loop not offloaded is an error.  */
  bool no_local_mem;		/* no-local-mem: reductions combine in global memory.  */
  bool no_reduce_last;		/* no-reduce-last: a reduction kernel's last
				   work-group does not combine the partial
				   results (the runtime does).  */
  bool no_tile;			/* no-tile: no gpu_tile variants.  */
  bool no_index32;		/* no-index32: no kernel with 32-bit
				   offsets (gpu_emit).  */
  int tile;			/* tile=N: gpu_tile's tile size, 0 = choose.  */
  int block;			/* block=N: outputs per work-item of gpu_tile's
				   register-blocked variant, 0 = choose,
				   1 = no such variant (no-register-block).  */
  bool no_deep_tile;		/* no-deep-tile: the register-blocked
				   variant's tiles are as deep as the group
				   is wide.  */
  bool halo_tile;		/* halo-tile: gpu_tile's stencil variant
				   (a block and its halo in __local
				   memory); off by default: slower than
				   the plain kernel on an H100.  */
  bool vector_tile;		/* vector-tile: the register-blocked
				   variant loads full aligned tiles with
				   4-lane vector loads; off by default:
				   slower on an H100.  */
  bool no_lean_tile;		/* no-lean-tile: every tile load of gpu_tile's
				   variants clamped to the serial loop's
				   last iteration, its address computed
				   from the start, and barriers fencing
				   global memory too.  */
  int tile_unroll;		/* tile-unroll=N: the loop over a full tile
				   of gpu_tile's register-blocked variant
				   unrolled N times, 0 = the default
				   (TILE_UNROLL), 1 = not unrolled
				   (no-tile-unroll).  */
  bool no_row_stage;		/* no-row-stage: no gpu_tile variant that
				   stages the rows a 1-D nest's serial loop
				   reads through __local memory.  */
  bool no_row_prefetch;		/* no-row-prefetch: that variant loads each
				   tile between its barriers, not into
				   registers while the group sums the
				   previous one.  */
  int row_group;		/* row-group=N: rows (and work-items) per
				   group of that variant, 0 = the default
				   (TILE_ROW_GROUP).  */
  int row_depth;		/* row-depth=N: iterations of the serial
				   loop per tile of that variant, a multiple
				   of the group, 0 = the default
				   (TILE_ROW_DEPTH).  */
  bool no_private;		/* no-private: no gpu_private (a block the
				   body allocates keeps the loop on the
				   host).  */
  bool no_alloc;		/* no-alloc: no device heap (any other
				   allocation keeps the loop on the
				   host).  */
  bool no_heap_iter;		/* no-heap-iter: a run out of device heap
				   is run again whole, never only its
				   iterations that ran out.  */
  bool no_escape;		/* no-escape: a heap block stored into
				   an argument's array of pointers keeps
				   the loop on the host (no copy home).  */
  bool no_batch;		/* no-batch: no "batch" lines, so a region
				   whose data do not fit the device runs
				   on the host.  */
  bool no_fill;			/* no-fill: no "fill" lines, so every
				   written buffer is copied in first.  */
  bool no_transfer_elim;	/* no-transfer-elim: no gpu_hostsync.  */
  bool no_object_bounds;	/* no-object-bounds: a pointer the compiler
				   cannot bound needs GPU_EXTENT.  */
  bool no_sync_range;		/* no-sync-range: every host access between
				   regions syncs (no gpurt_sync_range).  */
  bool no_sync_hoist;		/* no-sync-hoist: a host loop without a
				   region whose header syncs syncs in every
				   iteration, not once on its entries.  */
  bool no_hoist;		/* no-hoist: loads a marked loop repeats
				   stay in it (gpu-hoist.cc).  */
  bool no_global_values;	/* no-global-values: scalar globals a region
				   only reads are buffers, not arguments by
				   value (gpu-params.cc).  */
  bool no_constant_tables;	/* no-constant-tables: const global tables
				   a region reads are buffers, not
				   __constant arrays printed in the kernel
				   source (gpu-params.cc).  */
  bool no_guarded_hoist;	/* no-hoist-guarded: only loads that cannot
				   fault before the loop are moved, none
				   under its entry test (gpu-hoist.cc).  */
  bool no_speculate;		/* no-speculate: paths that end the program
				   keep a loop on the host (no
				   gpu_speculate).  */
  bool no_two_level;		/* no-two-level: inner marked loops run
				   serially in each work-item.  */
  bool no_pivot_group;		/* no-pivot-group: a serial pivot loop
				   around marked loops launches a region
				   per iteration (gpu-pivot.cc).  */
  bool no_pivot_block;		/* no-pivot-block: such a loop runs whole
				   in one work-group, not blocked into
				   triangles in one group and the rows
				   below on the whole device
				   (gpu-pivot.cc).  */
  int pivot_block;		/* pivot-block=N: steps per block of a
				   blocked pivot loop, 0 = the default
				   (PIVOT_BLOCK).  */
  bool no_auto_reduce;		/* no-auto-reduce: a serial sum loop in a
				   1-D nest is not made an inner level
				   (gpu-twolevel.cc).  */
  bool no_auto_inner;		/* no-auto-inner: a serial loop with
				   independent iterations in a 1-D nest is
				   not made an inner level
				   (gpu-twolevel.cc).  */
  bool no_alias_check;		/* no-alias-check: nor one whose
				   independence only a run-time alias check
				   would show (gpu-twolevel.cc).  */
  bool no_readonly_callee;	/* no-readonly-callee: a pointer passed
				   to a function of this file that stores
				   nothing may be written through it
				   (gpu-params.cc).  */
  const char *device_version;	/* device-version=1.2.  */
};

extern struct gpu_options gpu_opts;

/* Names of the attributes behind GPU_PARALLEL, GPU_REDUCE, GPU_EXTENT.  */
#define GPU_ATTR_PARALLEL "gpu_parallel"
/* Not a user's attribute: on the index of the one-iteration marked loop
   gpu_pivot wraps around a pivot loop (gpu-pivot.cc).  */
#define GPU_ATTR_PIVOT "gpu pivot group"
#define GPU_ATTR_REDUCE "gpu_reduce"
#define GPU_ATTR_EXTENT "gpu_extent"

/* GPU_EXTENT counts (gpu-extent.cc).  The attribute handler's part:
   check the count ARGS of the GPU_EXTENT of DECL and, unless DECL is a
   parameter, replace it with the expression it reads; false after an
   error.  */
bool gpu_extent_handle (tree decl, tree args);
/* PLUGIN_PRE_GENERICIZE callback: read the counts of the parameters of
   the function GCC_DATA, and turn its access attributes and [static N]
   parameters into counts.  */
void gpu_extent_finish_function (void *gcc_data, void *user_data);

/* Move the loads that each loop of OUTERS (outermost marked loops of
   FUN, with dominance information) repeats with the same result before
   it, where that cannot fault (gpu-hoist.cc).  */
void gpu_hoist_invariant_loads (function *fun, vec<class loop *> *outers);

/* The section name, record version and every code the plugin writes
   into records and argument words (docs/ABI.md).  */
#include "gpuoffload-abi.h"

/* The passes, in the order they run (plugin/gpuoffload.cc registers
   them from one table).  */
gimple_opt_pass *make_pass_gpu_pivot (gcc::context *ctxt);
gimple_opt_pass *make_pass_gpu_find (gcc::context *ctxt);
gimple_opt_pass *make_pass_gpu_reduce (gcc::context *ctxt);
gimple_opt_pass *make_pass_gpu_clone (gcc::context *ctxt);
gimple_opt_pass *make_pass_gpu_speculate (gcc::context *ctxt);
gimple_opt_pass *make_pass_gpu_twolevel (gcc::context *ctxt);
gimple_opt_pass *make_pass_gpu_tile (gcc::context *ctxt);
gimple_opt_pass *make_pass_gpu_private (gcc::context *ctxt);
gimple_opt_pass *make_pass_gpu_alloc (gcc::context *ctxt);
gimple_opt_pass *make_pass_gpu_emit (gcc::context *ctxt);
gimple_opt_pass *make_pass_gpu_outline (gcc::context *ctxt);
/* Runs late, before "optimized" (gpu-hostsync.cc).  */
gimple_opt_pass *make_pass_gpu_hostsync (gcc::context *ctxt);

/* GC roots of gpu-hostsync.cc.  */
const struct ggc_root_tab *gpu_hostsync_ggc_roots (void);

/* GC roots of gpu-outline.cc.  */
const struct ggc_root_tab *gpu_outline_ggc_roots (void);

/* GC roots of gpu-pivot.cc.  */
const struct ggc_root_tab *gpu_pivot_ggc_roots (void);

/* Nonzero when DECL carries the attribute NAME.  */
static inline bool
gpu_decl_has_attr (tree decl, const char *name)
{
  return DECL_P (decl) && lookup_attribute (name, DECL_ATTRIBUTES (decl));
}

#endif /* GPUOFFLOAD_PLUGIN_H */
