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
  bool no_tile;			/* no-tile (reserved).  */
  int tile;			/* tile=N (reserved), 0 = choose.  */
  bool no_private;		/* no-private (reserved).  */
  bool no_batch;		/* no-batch (reserved).  */
  bool no_transfer_elim;	/* no-transfer-elim (reserved).  */
  bool no_speculate;		/* no-speculate (reserved).  */
  const char *device_version;	/* device-version=1.2.  */
};

extern struct gpu_options gpu_opts;

/* Names of the attributes behind GPU_PARALLEL, GPU_REDUCE, GPU_EXTENT.  */
#define GPU_ATTR_PARALLEL "gpu_parallel"
#define GPU_ATTR_REDUCE "gpu_reduce"
#define GPU_ATTR_EXTENT "gpu_extent"

/* Name of the ELF section holding the region records (docs/ABI.md).  */
#define GPU_SECTION_NAME ".gpuoffload"

/* Version of the region record format (docs/ABI.md).  */
#define GPU_RECORD_VERSION 1

gimple_opt_pass *make_pass_gpu_find (gcc::context *ctxt);

/* gimple-passes/gpu-outline.cc: move an offloaded nest's host path into
   a function of its own, run in chunks on the runtime's threads.  */
struct gpu_region;
bool gpu_outline_region (struct gpu_region *r, int n);
const struct ggc_root_tab *gpu_outline_ggc_roots (void);
const struct ggc_root_tab *gpu_find_ggc_roots (void);
void gpu_find_build_ctor (void *gcc_data, void *user_data);

/* Nonzero when DECL carries the attribute NAME.  */
static inline bool
gpu_decl_has_attr (tree decl, const char *name)
{
  return DECL_P (decl) && lookup_attribute (name, DECL_ATTRIBUTES (decl));
}

#endif /* GPUOFFLOAD_PLUGIN_H */
