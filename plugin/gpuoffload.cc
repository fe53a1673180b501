/* gpuoffload.cc -- plugin_init for the gpuoffload GCC plugin.

   Parses -fplugin-arg-gpuoffload-* options (an unknown key is an error),
   registers the GPU_PARALLEL / GPU_REDUCE / GPU_EXTENT attributes, defines
   __GPUOFFLOAD__ for the preprocessor and inserts the gpu_* GIMPLE passes
   into GCC's pipeline.  */

#define GPUOFFLOAD_PLUGIN_MAIN
#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"
#include "gpu-launch.h"

int plugin_is_GPL_compatible;

struct gpu_options gpu_opts;

static struct plugin_info gpu_plugin_info = {
  "0.1",
  "gpuoffload: run GPU_PARALLEL loops on OpenCL devices.\n"
  "Options: -fplugin-arg-gpuoffload-dump-cl=DIR, -fplugin-arg-gpuoffload-werror,\n"
  "  dump[=FLAGS] (as -fdump-tree-gpu_*-FLAGS, which GCC 12 cannot take),\n"
  "  no-local-mem, no-reduce-last, no-tile, tile=N, block=N,\n"
  "  no-register-block, no-index32,\n"
  "  no-deep-tile, halo-tile, vector-tile, no-lean-tile, no-tile-unroll,\n"
  "  tile-unroll=N, no-row-stage, no-row-prefetch, row-group=N,\n"
  "  row-depth=N,\n"
  "  no-private, no-alloc, no-heap-iter, no-escape,\n"
  "  no-batch, no-fill, no-transfer-elim,\n"
  "  no-object-bounds, no-sync-range, no-sync-hoist, no-hoist,\n"
  "  no-hoist-guarded,\n"
  "  no-global-values, no-constant-tables,\n"
  "  no-speculate, no-two-level, no-pivot-group, no-pivot-block,\n"
  "  pivot-block=N, no-auto-reduce,\n"
  "  no-auto-inner, no-alias-check, no-readonly-callee, device-version=1.2"
};

/* Attribute handler shared by the markers: accept them on variables and
   parameters (NODE), reject them elsewhere with a warning.  NAME is the
   attribute, ARGS its arguments, NO_ADD_ATTRS set to drop it.  */

static tree
gpu_handle_var_attribute (tree *node, tree name, tree args, int,
			  bool *no_add_attrs)
{
  tree decl = *node;
  if (TREE_CODE (decl) != VAR_DECL && TREE_CODE (decl) != PARM_DECL)
    {
      warning_at (DECL_SOURCE_LOCATION (decl), OPT_Wattributes,
		  "%qE attribute only applies to variables and parameters",
		  name);
      *no_add_attrs = true;
      return NULL_TREE;
    }
  if (is_attribute_p (GPU_ATTR_PARALLEL, name)
      && !INTEGRAL_TYPE_P (TREE_TYPE (decl)))
    {
      error_at (DECL_SOURCE_LOCATION (decl),
		"%<GPU_PARALLEL%> loop index %qD must have integer type", decl);
      *no_add_attrs = true;
    }
  else if (is_attribute_p (GPU_ATTR_EXTENT, name))
    {
      if (!POINTER_TYPE_P (TREE_TYPE (decl)))
	{
	  error_at (DECL_SOURCE_LOCATION (decl),
		    "%<GPU_EXTENT%> applies to pointers, not to %qD", decl);
	  *no_add_attrs = true;
	}
      else if (!args || !gpu_extent_handle (decl, args))
	*no_add_attrs = true;
    }
  else if (is_attribute_p (GPU_ATTR_REDUCE, name)
	   && !INTEGRAL_TYPE_P (TREE_TYPE (decl))
	   && !SCALAR_FLOAT_TYPE_P (TREE_TYPE (decl)))
    {
      error_at (DECL_SOURCE_LOCATION (decl),
		"%<GPU_REDUCE%> accumulator %qD must have integer or "
		"floating type", decl);
      *no_add_attrs = true;
    }
  return NULL_TREE;
}

static struct attribute_spec gpu_attrs[] = {
  /* name, min, max, decl_req, type_req, fn_type_req, type_identity,
     handler, exclusions.  */
  { GPU_ATTR_PARALLEL, 0, 0, true, false, false, false,
    gpu_handle_var_attribute, NULL },
  { GPU_ATTR_REDUCE, 0, 0, true, false, false, false,
    gpu_handle_var_attribute, NULL },
  { GPU_ATTR_EXTENT, 1, 1, true, false, false, false,
    gpu_handle_var_attribute, NULL },
};

/* PLUGIN_ATTRIBUTES callback.  */

static void
gpu_register_attributes (void *, void *)
{
  for (unsigned i = 0; i < ARRAY_SIZE (gpu_attrs); i++)
    register_attribute (&gpu_attrs[i]);
}

/* The C family's preprocessor.  lto1 has no front end and so no
   parse_in: referring to it weakly lets the plugin load there too (it
   finds no marked loops in lto1: the passes ran at compile time).  */
#pragma weak parse_in

/* PLUGIN_PRAGMAS callback: define __GPUOFFLOAD__.  */

static void
gpu_define_macro (void *, void *)
{
  if (&parse_in != NULL && parse_in)
    cpp_define (parse_in, "__GPUOFFLOAD__=1");
}

/* Set *DST to VAL, the value of the plugin argument KEY, when it is a
   number from 1 to MAX; else say so.  Returns false after an error.  */

static bool
gpu_int_arg (const char *key, const char *val, int max, int *dst)
{
  if (!val || atoi (val) <= 0 || atoi (val) > max)
    {
      error ("%<-fplugin-arg-gpuoffload-%s%> needs a number from 1 to %d",
	     key, max);
      return false;
    }
  *dst = atoi (val);
  return true;
}

/* Parse the plugin arguments ARGV[0..ARGC-1] into gpu_opts.  Returns false
   after an error.  */

static bool
gpu_parse_args (int argc, struct plugin_argument *argv)
{
  bool ok = true;
  gpu_opts.device_version = "1.2";
  for (int i = 0; i < argc; i++)
    {
      const char *key = argv[i].key;
      const char *val = argv[i].value;
      bool flag = true;
      if (!strcmp (key, "dump-cl"))
	{
	  if (!val || !*val)
	    {
	      error ("%<-fplugin-arg-gpuoffload-dump-cl%> needs a directory");
	      ok = false;
	    }
	  gpu_opts.dump_cl_dir = val;
	  flag = false;
	}
      else if (!strcmp (key, "tile"))
	{
	  if (!val || atoi (val) <= 0)
	    {
	      error ("%<-fplugin-arg-gpuoffload-tile%> needs a positive size");
	      ok = false;
	    }
	  else
	    gpu_opts.tile = atoi (val);
	  flag = false;
	}
      else if (!strcmp (key, "block"))
	{
	  ok &= gpu_int_arg (key, val, 16, &gpu_opts.block);
	  flag = false;
	}
      else if (!strcmp (key, "no-register-block"))
	gpu_opts.block = 1;
      else if (!strcmp (key, "no-deep-tile"))
	gpu_opts.no_deep_tile = true;
      else if (!strcmp (key, "halo-tile"))
	gpu_opts.halo_tile = true;
      else if (!strcmp (key, "no-halo-tile"))
	gpu_opts.halo_tile = false;
      else if (!strcmp (key, "vector-tile"))
	gpu_opts.vector_tile = true;
      else if (!strcmp (key, "no-vector-tile"))
	gpu_opts.vector_tile = false;
      else if (!strcmp (key, "no-lean-tile"))
	gpu_opts.no_lean_tile = true;
      else if (!strcmp (key, "no-tile-unroll"))
	gpu_opts.tile_unroll = 1;
      else if (!strcmp (key, "no-row-stage"))
	gpu_opts.no_row_stage = true;
      else if (!strcmp (key, "no-row-prefetch"))
	gpu_opts.no_row_prefetch = true;
      else if (!strcmp (key, "row-group"))
	{
	  ok &= gpu_int_arg (key, val, 256, &gpu_opts.row_group);
	  flag = false;
	}
      else if (!strcmp (key, "row-depth"))
	{
	  ok &= gpu_int_arg (key, val, 256, &gpu_opts.row_depth);
	  flag = false;
	}
      else if (!strcmp (key, "tile-unroll"))
	{
	  ok &= gpu_int_arg (key, val, 64, &gpu_opts.tile_unroll);
	  flag = false;
	}
      else if (!strcmp (key, "device-version"))
	{
	  if (!val || strcmp (val, "1.2"))
	    {
	      error ("%<-fplugin-arg-gpuoffload-device-version%>: only 1.2 is "
		     "supported");
	      ok = false;
	    }
	  flag = false;
	}
      else if (!strcmp (key, "dump"))
	{
	  /* GCC 12 parses -fdump-* before it loads plugins, so
	     -fdump-tree-gpu_find-details is refused; this is its
	     stand-in: dump=FLAGS enables the dumps of every gpu_* pass.  */
	  gpu_opts.dump_flags = val ? val : "";
	  flag = false;
	}
      else if (!strcmp (key, "werror"))
	gpu_opts.werror = true;
      else if (!strcmp (key, "no-local-mem"))
	gpu_opts.no_local_mem = true;
      else if (!strcmp (key, "no-reduce-last"))
	gpu_opts.no_reduce_last = true;
      else if (!strcmp (key, "no-tile"))
	gpu_opts.no_tile = true;
      else if (!strcmp (key, "no-index32"))
	gpu_opts.no_index32 = true;
      else if (!strcmp (key, "no-private"))
	gpu_opts.no_private = true;
      else if (!strcmp (key, "no-alloc"))
	gpu_opts.no_alloc = true;
      else if (!strcmp (key, "no-heap-iter"))
	gpu_opts.no_heap_iter = true;
      else if (!strcmp (key, "no-escape"))
	gpu_opts.no_escape = true;
      else if (!strcmp (key, "no-batch"))
	gpu_opts.no_batch = true;
      else if (!strcmp (key, "no-fill"))
	gpu_opts.no_fill = true;
      else if (!strcmp (key, "no-transfer-elim"))
	gpu_opts.no_transfer_elim = true;
      else if (!strcmp (key, "no-object-bounds"))
	gpu_opts.no_object_bounds = true;
      else if (!strcmp (key, "no-sync-range"))
	gpu_opts.no_sync_range = true;
      else if (!strcmp (key, "no-sync-hoist"))
	gpu_opts.no_sync_hoist = true;
      else if (!strcmp (key, "no-hoist"))
	gpu_opts.no_hoist = true;
      else if (!strcmp (key, "no-global-values"))
	gpu_opts.no_global_values = true;
      else if (!strcmp (key, "no-constant-tables"))
	gpu_opts.no_constant_tables = true;
      else if (!strcmp (key, "no-hoist-guarded"))
	gpu_opts.no_guarded_hoist = true;
      else if (!strcmp (key, "no-speculate"))
	gpu_opts.no_speculate = true;
      else if (!strcmp (key, "no-two-level"))
	gpu_opts.no_two_level = true;
      else if (!strcmp (key, "no-pivot-group"))
	gpu_opts.no_pivot_group = true;
      else if (!strcmp (key, "no-pivot-block"))
	gpu_opts.no_pivot_block = true;
      else if (!strcmp (key, "pivot-block"))
	{
	  ok &= gpu_int_arg (key, val, 4096, &gpu_opts.pivot_block);
	  flag = false;
	}
      else if (!strcmp (key, "no-auto-reduce"))
	gpu_opts.no_auto_reduce = true;
      else if (!strcmp (key, "no-auto-inner"))
	gpu_opts.no_auto_inner = true;
      else if (!strcmp (key, "no-alias-check"))
	gpu_opts.no_alias_check = true;
      else if (!strcmp (key, "no-readonly-callee"))
	gpu_opts.no_readonly_callee = true;
      else
	{
	  error ("unknown option %<-fplugin-arg-gpuoffload-%s%>", key);
	  ok = false;
	  flag = false;
	}
      if (flag && val)
	{
	  error ("%<-fplugin-arg-gpuoffload-%s%> takes no value", key);
	  ok = false;
	}
    }
  return ok;
}

/* The passes, in the order they run on a function (gpu-region.h says
   what each leaves in the region table for the next): the region passes
   one after the other right after "ssa"; gpu_hostsync late, just before
   "optimized", when the regions of inlined callees have joined their
   callers.  */
static const struct
{
  const char *name;
  gimple_opt_pass *(*make) (gcc::context *);
  const char *before;		/* Insert before this pass, not after the
				   previous one.  */
} gpu_passes[] = {
  { "gpu_pivot", make_pass_gpu_pivot, NULL },
  { "gpu_find", make_pass_gpu_find, NULL },
  { "gpu_reduce", make_pass_gpu_reduce, NULL },
  { "gpu_clone", make_pass_gpu_clone, NULL },
  { "gpu_speculate", make_pass_gpu_speculate, NULL },
  { "gpu_twolevel", make_pass_gpu_twolevel, NULL },
  { "gpu_tile", make_pass_gpu_tile, NULL },
  { "gpu_private", make_pass_gpu_private, NULL },
  { "gpu_alloc", make_pass_gpu_alloc, NULL },
  { "gpu_emit", make_pass_gpu_emit, NULL },
  { "gpu_outline", make_pass_gpu_outline, NULL },
  { "gpu_hostsync", make_pass_gpu_hostsync, "optimized" },
};

/* Give the gpu_* passes every -fopt-info option of the command line.
   GCC applies each such option to the passes that exist when it is read,
   and a pass registered later (a plugin's) only gets the last option's
   message kinds: with -fopt-info-loop-optimized -fopt-info-loop-missed
   the "offloaded" remarks would be lost.  Reading the options again now
   that our passes exist adds each one's kinds to them, as GCC's own passes
   have them (for those it changes nothing).  */

static void
gpu_reapply_opt_info (void)
{
  for (unsigned i = 0; i < save_decoded_options_count; i++)
    {
      const struct cl_decoded_option *o = &save_decoded_options[i];

      if (o->opt_index == OPT_fopt_info_ && o->arg != NULL)
	opt_info_switch_p (o->arg);
      else if (o->opt_index == OPT_fopt_info && o->value)
	opt_info_switch_p ("");
    }
}

/* Entry point: NAME_ARGS describes the plugin and its arguments, VERSION
   the compiler that loads it.  */

int
plugin_init (struct plugin_name_args *name_args,
	     struct plugin_gcc_version *version)
{
  const char *plugin_name = name_args->base_name;

  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("gpuoffload was built for GCC %s, not for this compiler",
	     gcc_version.basever);
      return 1;
    }
  if (!gpu_parse_args (name_args->argc, name_args->argv))
    return 1;

  register_callback (plugin_name, PLUGIN_INFO, NULL, &gpu_plugin_info);
  register_callback (plugin_name, PLUGIN_ATTRIBUTES, gpu_register_attributes,
		     NULL);

  /* The header turns the markers into attributes only under this macro;
     the preprocessor is ready by the time pragmas are registered, also
     with -E.  */
  register_callback (plugin_name, PLUGIN_PRAGMAS, gpu_define_macro, NULL);
  /* Parameter extents may name later parameters: read them once the
     function is parsed.  */
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE,
		     gpu_extent_finish_function, NULL);

  /* The passes run right after the function is put into SSA form, one
     after the other on each function: loops, scalar evolution and niter
     analysis are available, nothing has been vectorized or inlined yet,
     and callees (processed first, in topological order) are already in
     SSA too.  */
  const char *after = "ssa";
  for (unsigned i = 0; i < ARRAY_SIZE (gpu_passes); i++)
    {
      struct register_pass_info info;
      info.pass = gpu_passes[i].make (g);
      info.reference_pass_name = gpu_passes[i].before
				 ? gpu_passes[i].before : after;
      info.ref_pass_instance_number = 1;
      info.pos_op = gpu_passes[i].before ? PASS_POS_INSERT_BEFORE
			: PASS_POS_INSERT_AFTER;
      register_callback (plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			 &info);
      after = gpu_passes[i].name;
      /* GCC parses -fdump-tree-* before plugins are loaded:
	 -fplugin-arg-gpuoffload-dump=FLAGS enables every pass's dump.  */
      if (gpu_opts.dump_flags)
	{
	  char *sw = concat ("tree-", gpu_passes[i].name,
			     *gpu_opts.dump_flags ? "-" : "",
			     gpu_opts.dump_flags, NULL);
	  g->get_dumps ()->dump_switch_p (sw);
	  free (sw);
	}
    }
  gpu_reapply_opt_info ();
  register_callback (plugin_name, PLUGIN_EARLY_GIMPLE_PASSES_END,
		     gpu_launch_build_ctor, NULL);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) gpu_region_ggc_roots ());
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) gpu_launch_ggc_roots ());
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) gpu_outline_ggc_roots ());
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) gpu_hostsync_ggc_roots ());
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) gpu_pivot_ggc_roots ());
  return 0;
}
