/* gpu-emit.cc -- the gpu_emit pass: print the OpenCL C kernel of every
   region that the passes before it could offload.

   The printer (oclemit/) prints the region's device clone (gpu_clone) and
   decides nothing; this pass hands it each region, removes the clone,
   keeps the text in the region for gpu_outline's record, writes it to
   DIR/NAME.cl under -fplugin-arg-gpuoffload-dump-cl=DIR and shows it in
   the dump.  Before printing, it picks the offset computations that the
   plain kernel's copy NAME_i32 does in 32 bits (index32_names).  */

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

/* Whether NAME is a 64-bit integer SSA name defined in BODY (the blocks
   of a device clone) by an addition, subtraction, multiplication,
   negation, complement (-1 - x) or integer conversion: an operation
   whose result's low 32 bits depend only on its operands' low 32
   bits.  */

static bool
index32_candidate_p (tree name, hash_set<basic_block> *body)
{
  tree type = TREE_TYPE (name);
  if (TREE_CODE (name) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (name)
      || !INTEGRAL_TYPE_P (type) || TREE_CODE (type) == BOOLEAN_TYPE
      || TYPE_PRECISION (type) != 64)
    return false;
  gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (name));
  if (!def || !body->contains (gimple_bb (def)))
    return false;
  switch (gimple_assign_rhs_code (def))
    {
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case NEGATE_EXPR:
    case BIT_NOT_EXPR:
      return true;
    CASE_CONVERT:
      return INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (def)))
	     && TYPE_PRECISION (TREE_TYPE (gimple_assign_rhs1 (def))) <= 64;
    default:
      return false;
    }
}

/* Whether the pointer P, made by adding an offset to a captured buffer
   pointer, is only dereferenced, each time at a constant offset
   under 2^20 bytes: then P plus that offset is an address in the
   buffer.  */

static bool
index32_deref_only_p (tree p)
{
  imm_use_iterator it;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, p)
    {
      if (is_gimple_debug (use))
	continue;
      if (!gimple_assign_single_p (use))
	return false;
      /* A load into a register, or a store of a register or constant.  */
      tree lhs = gimple_assign_lhs (use), rhs = gimple_assign_rhs1 (use);
      tree ref = TREE_CODE (lhs) == SSA_NAME ? rhs : lhs;
      if (TREE_CODE (ref) != MEM_REF || TREE_OPERAND (ref, 0) != p
	  || (ref == lhs && (!is_gimple_val (rhs) || rhs == p)))
	return false;
      HOST_WIDE_INT off;
      if (!mem_ref_offset (ref).force_shwi ().is_constant (&off)
	  || off > (1 << 20) || off < -(1 << 20))
	return false;
    }
  return true;
}

/* Whether STMT, a use of the SSA name NAME, keeps NAME's low 32 bits
   enough: a candidate operation whose result is still in NARROW, or the
   offset added to a buffer pointer captured from the host (defined
   outside BODY) whose sum is only dereferenced.  */

static bool
index32_use_ok_p (gimple *stmt, tree name, hash_set<tree> *narrow,
		  hash_set<basic_block> *body)
{
  gassign *as = dyn_cast<gassign *> (stmt);
  if (!as)
    return false;
  tree lhs = gimple_assign_lhs (as);
  if (narrow->contains (lhs))
    return true;
  if (gimple_assign_rhs_code (as) != POINTER_PLUS_EXPR
      || gimple_assign_rhs2 (as) != name || TREE_CODE (lhs) != SSA_NAME)
    return false;
  tree base = gimple_assign_rhs1 (as);
  if (TREE_CODE (base) != SSA_NAME
      || (SSA_NAME_IS_DEFAULT_DEF (base)
	  ? TREE_CODE (SSA_NAME_VAR (base)) != PARM_DECL
	  : body->contains (gimple_bb (SSA_NAME_DEF_STMT (base)))))
    return false;
  return index32_deref_only_p (lhs);
}

/* The SSA names of R's plain clone that its kernel NAME_i32 computes in
   32 bits, or NULL when there are none or R takes another kind of kernel.

   Such a name only feeds, through additions, subtractions,
   multiplications, negations, complements and conversions, byte offsets
   added to a captured buffer's pointer where the sum is dereferenced.  Those
   operations commute with reduction modulo 2^32, so computing them in
   uint gives the low 32 bits of the true offset whatever their operands
   and intermediate values (a product i * n overflowing, a negative halo
   offset i - 1); sign-extending those bits gives the true offset when it
   lies in [-2^31, 2^31).  The dereferenced address lies in the buffer, at
   most 2^20 bytes from the sum: the runtime runs NAME_i32 only when every
   buffer argument's size plus the magnitude of its offset is at most
   2^30 bytes, so the true offset is under 2^30 + 2^20 in magnitude.
   Comparisons, divisions, loop bounds and stored values keep their 64-bit
   values.  */

static hash_set<tree> *
index32_names (struct gpu_region *r)
{
  if (gpu_opts.no_index32 || r->grid_stride || r->ninner || r->heap
      || r->escape_cap || r->nspec || !r->reds.is_empty ()
      || r->dev.group[0])
    return NULL;
  class loop *outer = r->dev.outer;
  basic_block *bbs = get_loop_body (outer);
  hash_set<basic_block> body;
  hash_set<tree> *narrow = new hash_set<tree>;
  for (unsigned i = 0; i < outer->num_nodes; i++)
    body.add (bbs[i]);
  for (unsigned i = 0; i < outer->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (is_gimple_assign (gsi_stmt (gsi))
	  && index32_candidate_p (gimple_assign_lhs (gsi_stmt (gsi)), &body))
	narrow->add (gimple_assign_lhs (gsi_stmt (gsi)));
  free (bbs);
  /* Drop the names with a use that needs more than their low 32 bits,
     until none has.  */
  for (bool changed = true; changed;)
    {
      changed = false;
      for (hash_set<tree>::iterator it = narrow->begin ();
	   it != narrow->end (); ++it)
	{
	  tree name = *it;
	  imm_use_iterator ui;
	  gimple *use;
	  bool ok = true;
	  FOR_EACH_IMM_USE_STMT (use, ui, name)
	    if (!is_gimple_debug (use)
		&& !index32_use_ok_p (use, name, narrow, &body))
	      {
		ok = false;
		break;
	      }
	  if (!ok)
	    {
	      narrow->remove (name);
	      changed = true;
	      break;
	    }
	}
    }
  /* Worth a second kernel (twice the build time) only for a product of
     two values: a 64-bit multiplication is several 32-bit ones on a GPU,
     where 64-bit additions and shifts cost about two.  */
  bool product = false;
  for (hash_set<tree>::iterator it = narrow->begin ();
       it != narrow->end (); ++it)
    {
      gimple *def = SSA_NAME_DEF_STMT (*it);
      if (gimple_assign_rhs_code (def) == MULT_EXPR
	  && TREE_CODE (gimple_assign_rhs1 (def)) != INTEGER_CST
	  && TREE_CODE (gimple_assign_rhs2 (def)) != INTEGER_CST)
	{
	  product = true;
	  break;
	}
    }
  if (!product)
    {
      if (dump_file && (dump_flags & TDF_DETAILS))
	{
	  expanded_location xl = expand_location (r->loc);
	  fprintf (dump_file, "FAILED: %s:%d: kernel %s: no kernel with "
		   "32-bit offsets: %s\n", xl.file, xl.line, r->kernel_name,
		   narrow->is_empty () ? "no offset to narrow"
		   : "its offsets multiply no two values");
	}
      delete narrow;
      return NULL;
    }
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (r->loc);
      fprintf (dump_file, "SUCCESS: %s:%d: kernel %s" GPU_INDEX32_SUFFIX
	       ": %d offset computations in 32 bits\n", xl.file, xl.line,
	       r->kernel_name, (int) narrow->elements ());
    }
  return narrow;
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
      r->index32 = index32_names (r);
      bool ok = oclemit_region (r, &r->source);
      r->index32_kernel = r->index32 != NULL;
      if (r->index32_kernel && dump_enabled_p ())
	dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
			 dump_user_location_t::from_location_t (r->loc),
			 "kernel %s: also %s" GPU_INDEX32_SUFFIX " with "
			 "32-bit buffer offsets, run while every buffer is "
			 "under 1 GiB\n", r->kernel_name, r->kernel_name);
      delete r->index32;
      r->index32 = NULL;
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
