/* gpu-emit.cc -- the gpu_emit pass: print the OpenCL C kernel of every
   region that the passes before it could offload.

   The printer (oclemit/) prints the region's device clone (gpu_clone) and
   decides nothing; this pass hands it each region, removes the clone,
   keeps the text in the region for gpu_outline's record, writes it to
   DIR/NAME.cl under -fplugin-arg-gpuoffload-dump-cl=DIR and shows it in
   the dump.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "oclemit.h"

/* Write SOURCE to DIR/NAME.cl for -fplugin-arg-gpuoffload-dump-cl.  */

static void
dump_cl (const char *name, const char *source)
{
  char *path = concat (gpu_opts.dump_cl_dir, "/", name, ".cl", NULL);
  FILE *f = fopen (path, "w");
  if (!f || fputs (source, f) < 0 || fclose (f) != 0)
    warning (0, "cannot write %qs: %m", path);
  free (path);
}

namespace {

const pass_data pass_data_gpu_emit =
{
  GIMPLE_PASS,			/* type */
  "gpu_emit",			/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_emit : public gimple_opt_pass
{
public:
  pass_gpu_emit (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_emit, ctxt)
  {}

  /* Only functions in which gpu_find made regions.  */
  virtual bool gate (function *fun)
  {
    return gpu_has_regions (fun);
  }

  virtual unsigned int execute (function *);
};

/* Print the kernel of every region of FUN still to be offloaded.  */

unsigned int
pass_gpu_emit::execute (function *fun)
{
  vec<gpu_region *> *regions = gpu_regions (fun);
  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  calculate_dominance_info (CDI_DOMINATORS);
  for (unsigned i = 0; i < regions->length (); i++)
    {
      struct gpu_region *r = (*regions)[i];
      if (r->fail)
	{
	  gpu_clone_remove (r);
	  continue;
	}
      bool ok = oclemit_region (r, &r->source);
      /* The clone has been printed: the host code is the user's again.  */
      gpu_clone_remove (r);
      if (!ok)
	{
	  gpu_region_report_missed (r);
	  continue;
	}
      if (gpu_opts.dump_cl_dir)
	dump_cl (r->kernel_name, r->source);
      if (dump_file && (dump_flags & TDF_DETAILS))
	{
	  expanded_location xl = expand_location (r->loc);
	  fprintf (dump_file, "SUCCESS: %s:%d: kernel %s printed\n"
		   "--- kernel source ---\n%s--- end ---\n", xl.file, xl.line,
		   r->kernel_name, r->source);
	}
    }
  loop_optimizer_finalize ();
  return 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_emit (gcc::context *ctxt)
{
  return new pass_gpu_emit (ctxt);
}
