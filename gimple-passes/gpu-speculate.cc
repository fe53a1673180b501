/* gpu-speculate.cc -- the gpu_speculate pass: paths of a marked loop
   that end the program become deopts of the kernel (issue 18).

   Real loops check their inputs: "if (x[i] < 0) { fprintf (stderr, ...);
   abort (); }", "assert (idx[i] < n)".  Such a path leaves the loop to
   a call that does not return (abort, exit, __assert_fail, a noreturn
   function of the program); what it prints and how the program ends
   only the host can do.  gpu_find accepts these exits (with speculation
   on); this pass gives each such call a site number and, in the device
   clone, replaces the way out of the loop by

     __gpu_deopt (SITE);  then the end of the work-item's iteration

   which the printer prints as an atomic minimum of the iteration (in the
   serial order) into word SITE of the region's deopt buffer.  After the
   kernel, libgpurt reads the buffer: when a site was reached, the
   device's results are discarded and the whole region runs on the host
   from the unchanged host data, in the serial order (the host path of a
   speculated region is the serial loop itself, gpu_outline), so the
   text printed, its order, the exit status and the memory afterwards are
   the serial program's.  The path after the exit is never copied into
   the kernel: what it calls and prints needs no device version.

   A call that returns but has no device version (printf, fprintf, puts,
   a function of another file) on a path of the iteration that not every
   iteration takes -- "if (x[i] < 0) { fprintf (stderr, ...); x[i] = 0; }"
   -- is a site too: its whole block becomes the deopt in the clone (the
   device's results are discarded, so stopping early is always right),
   and gpu_find_params does not look at that block
   (gpu_speculate_block_call).  So is a call of a function of the unit
   every run of which reaches such a call -- "if (x[i] < 0) fail (i)"
   with fail printing and calling exit (host_call_p) -- which then needs
   no device version.

   Such calls in a function of the unit that the loop calls, down the
   call chain, are sites too when not every run of that function reaches
   their block (gpu_speculate_callee_sites): the printer prints that
   function from its own body, so the pass only numbers those sites and
   notes the calls after which a caller must test whether its callee
   deoptimized (R->spec_checks); the printer makes the block a deopt
   that returns, and the test after each such call (docs/ABI.md
   section 7).

   Analysis and transform are apart: speculate_analyze numbers the sites
   of a region's host nest, or says why the region is not speculated (a
   path taken by every iteration or none, behind a test that does not
   change in the loop; a two-level region, whose work-items meet at
   barriers; more sites than the deopt buffer has words);
   speculate_transform rewrites the clone.  -fplugin-arg-gpuoffload-no-speculate turns the pass off:
   gpu_find then keeps such loops on the host, with a remark.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"
#include "gpu-params.h"

/* The exits of OUTER (the outermost loop of a host nest or of its clone)
   that end the program, into EXITS: every exit that does not leave from
   the test of one of the nest's marked loops LOOPS[0..NDIM-1].  */

static void
dead_end_edges (class loop *outer, class loop **loops, int ndim,
		auto_vec<edge> *exits)
{
  auto_vec<edge> all = get_loop_exit_edges (outer);
  for (unsigned j = 0; j < all.length (); j++)
    {
      edge e = all[j];
      bool test = false;
      for (int k = 0; k < ndim; k++)
	if (e->src == loops[k]->header)
	  test = true;
      if (!test && gpu_dead_end_exit (e))
	exits->safe_push (e);
    }
}

/* Is OP the same in every iteration of region R (a constant, or a value
   from before the nest)?  */

static bool
invariant_p (struct gpu_region *r, tree op)
{
  if (TREE_CODE (op) != SSA_NAME)
    return is_gimple_min_invariant (op);
  basic_block bb = gimple_bb (SSA_NAME_DEF_STMT (op));
  return SSA_NAME_IS_DEFAULT_DEF (op) || !bb
    || !flow_bb_inside_loop_p (r->outer, bb);
}

/* Deepest chain of called functions followed for deopt sites (the
   printer refuses recursion).  */
#define GPU_SPECULATE_DEPTH 16

static bool host_call_p (gcall *call, int depth);

/* Does every run of FNDECL, a function of the unit DEPTH calls down
   from the loop, reach a call with no device version (host_call_p): one
   in a block that post-dominates its entry?  */

static bool
always_host_p (tree fndecl, int depth)
{
  function *fun = DECL_STRUCT_FUNCTION (fndecl);
  auto_vec<gcall *> calls;
  push_cfun (fun);
  calculate_dominance_info (CDI_POST_DOMINATORS);
  basic_block first = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    if (dominated_by_p (CDI_POST_DOMINATORS, first, bb))
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	if (gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi)))
	  if (!(gimple_call_flags (call) & ECF_RETURNS_TWICE))
	    calls.safe_push (call);
  free_dominance_info (CDI_POST_DOMINATORS);
  pop_cfun ();
  /* (After pop_cfun: FNDECL may call itself.)  */
  for (unsigned i = 0; i < calls.length (); i++)
    if (host_call_p (calls[i], depth))
      return true;
  return false;
}

/* Is CALL, DEPTH calls down from the loop, one the device cannot make: a
   call with no device version (gpu_host_only_call_p), or a call of a
   function of the unit every run of which reaches one -- "static void
   fail (int i) { fprintf (stderr, ...); exit (3); }" -- which then needs
   no device version either, as the call itself becomes the deopt.  */

static bool
host_call_p (gcall *call, int depth)
{
  if (gpu_host_only_call_p (call))
    return true;
  tree fndecl = gpu_device_callee (call);
  return (fndecl && gpu_marker_of (call) == GPU_MARK_NONE
	  && depth < GPU_SPECULATE_DEPTH
	  && always_host_p (fndecl, depth + 1));
}

/* See gpu-region.h.  */

gcall *
gpu_speculate_block_call (struct gpu_region *r, class loop *inner,
			  basic_block bb)
{
  if (gpu_opts.no_speculate || !inner
      || bb->loop_father != inner || bb == inner->header
      || bb == inner->latch)
    return NULL;
  calculate_dominance_info (CDI_DOMINATORS);
  if (dominated_by_p (CDI_DOMINATORS, inner->latch, bb))
    return NULL;
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi)))
      if (!(gimple_call_flags (call) & (ECF_NORETURN | ECF_RETURNS_TWICE))
	  && host_call_p (call, 0)
	  /* A variable-length array's scope (stack save and restore) or a
	     block gpu_private places runs on the device.  */
	  && !gpu_private_call_p (r, call))
	return call;
  return NULL;
}

/* The site of R whose call is G or a copy of it (same place, same
   function), or R->nspec when there is none.  */

static int
find_site (struct gpu_region *r, gimple *g)
{
  int site = 0;
  while (site < r->nspec && r->spec_calls[site] != g
	 && (gimple_location (r->spec_calls[site]) != gimple_location (g)
	     || gimple_call_fndecl (r->spec_calls[site])
		!= gimple_call_fndecl (g)))
    site++;
  return site;
}

/* Add the call G at LOC, in the function IN of the unit that R calls
   (NULL_TREE: in R's nest), to the sites of R, unless it is one
   already.  Returns false, with R's failure set, when the buffer is
   full.  */

static bool
add_site (struct gpu_region *r, gimple *g, location_t loc,
	  tree in = NULL_TREE)
{
  if (find_site (r, g) < r->nspec)
    return true;
  if (r->nspec == GPU_MAX_DEOPT_SITES)
    {
      gpu_region_fail (r, loc, "more than %d calls to speculate",
		       GPU_MAX_DEOPT_SITES);
      return false;
    }
  r->spec_in[r->nspec] = in;
  r->spec_calls[r->nspec++] = g;
  return true;
}

/* See gpu-region.h.  */

void
gpu_speculate_callee_sites (function *fun, auto_vec<gcall *> *sites)
{
  if (gpu_opts.no_speculate)
    return;
  push_cfun (fun);
  calculate_dominance_info (CDI_POST_DOMINATORS);
  basic_block first = single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun));
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
	if (!call || (gimple_call_flags (call) & ECF_RETURNS_TWICE)
	    || !host_call_p (call, 0))
	  continue;
	if (!dominated_by_p (CDI_POST_DOMINATORS, first, bb))
	  sites->safe_push (call);
	break;
      }
  free_dominance_info (CDI_POST_DOMINATORS);
  pop_cfun ();
}

/* See gpu-region.h.  */

bool
gpu_speculate_site_block_p (vec<gcall *> *sites, basic_block bb)
{
  for (unsigned i = 0; i < sites->length (); i++)
    if (gimple_bb ((*sites)[i]) == bb)
      return true;
  return false;
}

/* The walk of the functions of the unit that a region's device clone
   calls, down the call chain (speculate_callees).  */
struct callee_walk
{
  struct gpu_region *r;
  /* The functions walked, and whether each can reach a deopt site.  */
  hash_map<tree, bool> *reaches;
  /* The calls to functions of the unit met.  */
  auto_vec<gcall *> calls;
};

static bool walk_function (struct callee_walk *w, tree fndecl, int depth);

/* If STMT, DEPTH calls down from the clone of W's region, calls a
   function of the unit, note the call and walk the function.  Returns
   whether that function can reach a deopt site.  */

static bool
walk_call (struct callee_walk *w, gimple *stmt, int depth)
{
  gcall *call = dyn_cast<gcall *> (stmt);
  tree fndecl = call ? gpu_device_callee (call) : NULL_TREE;
  /* A call that is a deopt site itself: its function is not printed.  */
  if (!fndecl || gpu_marker_of (call) != GPU_MARK_NONE
      || host_call_p (call, depth))
    return false;
  w->calls.safe_push (call);
  return walk_function (w, fndecl, depth + 1);
}

/* Add the deopt sites of FNDECL, a function of the unit DEPTH calls down
   from the clone, and of the functions it calls, to W's region, once.
   Returns whether it can reach one.  */

static bool
walk_function (struct callee_walk *w, tree fndecl, int depth)
{
  if (bool *known = w->reaches->get (fndecl))
    return *known;
  if (depth > GPU_SPECULATE_DEPTH)
    return false;
  w->reaches->put (fndecl, false);
  function *fun = DECL_STRUCT_FUNCTION (fndecl);
  auto_vec<gcall *> sites;
  gpu_speculate_callee_sites (fun, &sites);
  bool reach = !sites.is_empty ();
  for (unsigned i = 0; i < sites.length (); i++)
    add_site (w->r, sites[i], gimple_location (sites[i]), fndecl);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    if (!gpu_speculate_site_block_p (&sites, bb))
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	reach |= walk_call (w, gsi_stmt (gsi), depth);
  w->reaches->put (fndecl, reach);
  return reach;
}

/* The deopt sites of R in the functions of the unit its device clone
   calls, and the calls after which the work-item tests whether one was
   reached (R->spec_checks).  Returns false, with R's failure set, when R
   is not speculated.  */

static bool
speculate_callees (struct gpu_region *r)
{
  struct callee_walk w;
  w.r = r;
  w.reaches = new hash_map<tree, bool>;
  int before = r->nspec;
  /* (Not get_loop_body: the dominators are not those of the clones.)  */
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    if (flow_bb_inside_loop_p (r->dev.outer, bb))
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	walk_call (&w, gsi_stmt (gsi), 0);
  if (r->nspec > before && !r->fail)
    {
      r->spec_checks = new hash_set<gimple *>;
      for (unsigned i = 0; i < w.calls.length (); i++)
	if (*w.reaches->get (gpu_device_callee (w.calls[i])))
	  r->spec_checks->add (w.calls[i]);
    }
  delete w.reaches;
  if (r->nspec > before && r->ninner && !r->fail)
    /* As for a site of the nest (speculate_analyze).  */
    gpu_region_fail (r, gimple_location (r->spec_calls[before]),
		     "%qD in a function called from a loop with an inner "
		     "%<GPU_PARALLEL%> loop is not speculated",
		     gimple_call_fndecl (r->spec_calls[before]));
  return !r->fail;
}

/* The sites of R's host nest that are blocks with a call that returns
   (gpu_speculate_block_call).  Returns false, with R's failure set, when
   R is not speculated.  */

static bool
analyze_blocks (struct gpu_region *r)
{
  /* (Not get_loop_body: the loops of the clones already rewritten are
     not all up to date.)  */
  basic_block bb;
  bool ok = true;
  FOR_EACH_BB_FN (bb, cfun)
    {
      gcall *call = ok ? gpu_speculate_block_call (r, r->dims[0].loop, bb)
		    : NULL;
      if (!call)
	continue;
      location_t loc = gimple_location (call);
      if (r->ninner)
	{
	  /* As for a call that does not return (speculate_analyze).  gpu_find
	     learns of the inner loops after gpu_find_params left the block
	     alone.  */
	  gpu_region_fail (r, loc, "%qD on a path of a loop with an inner "
			   "%<GPU_PARALLEL%> loop is not speculated",
			   gimple_call_fndecl (call));
	  return false;
	}
      /* The nearest test above the block: one that does not change in
	 the loop sends every iteration there, or none.  */
      basic_block d = get_immediate_dominator (CDI_DOMINATORS, bb);
      while (d && flow_bb_inside_loop_p (r->outer, d)
	     && !safe_dyn_cast<gcond *> (last_stmt (d)))
	d = get_immediate_dominator (CDI_DOMINATORS, d);
      gcond *cond = d && flow_bb_inside_loop_p (r->outer, d)
		    ? safe_dyn_cast<gcond *> (last_stmt (d)) : NULL;
      if (cond && invariant_p (r, gimple_cond_lhs (cond))
	  && invariant_p (r, gimple_cond_rhs (cond)))
	{
	  gpu_region_fail (r, loc, "the test before %qD does not change in "
			   "the loop: every iteration would reach it",
			   gimple_call_fndecl (call));
	  ok = false;
	}
      else
	ok = add_site (r, call, loc);
    }
  return ok;
}

/* Number the speculated sites of region R: the distinct calls its host
   nest's exits end in, then the blocks with a call that returns.  Returns false, with R's failure set, when R is
   not speculated.  */

static bool
speculate_analyze (struct gpu_region *r)
{
  class loop *loops[3];
  for (int k = 0; k < r->ndim; k++)
    loops[k] = r->dims[k].loop;
  auto_vec<edge> exits;
  dead_end_edges (r->outer, loops, r->ndim, &exits);
  for (unsigned j = 0; j < exits.length (); j++)
    {
      gimple *g = gpu_dead_end_exit (exits[j]);
      location_t loc = gimple_location (g);
      if (r->ninner)
	{
	  /* The work-items of a group meet at barriers: one that stopped
	     early would leave the others waiting.  */
	  gpu_region_fail (r, loc, "%qD on a path out of a loop with an "
			   "inner %<GPU_PARALLEL%> loop is not speculated",
			   gimple_call_fndecl (g));
	  return false;
	}
      /* A test that does not change in the loop sends every iteration
	 that way, or none: not worth a kernel that would deoptimize
	 whenever it does.  */
      gcond *cond = safe_dyn_cast<gcond *> (last_stmt (exits[j]->src));
      if (cond && invariant_p (r, gimple_cond_lhs (cond))
	  && invariant_p (r, gimple_cond_rhs (cond)))
	{
	  gpu_region_fail (r, loc, "the test before %qD does not change in "
			   "the loop: every iteration would reach it",
			   gimple_call_fndecl (g));
	  return false;
	}
      if (!add_site (r, g, loc))
	return false;
    }
  if (!analyze_blocks (r) || !speculate_callees (r))
    return false;
  if (dump_file && (dump_flags & TDF_DETAILS))
    for (int s = 0; s < r->nspec; s++)
      {
	expanded_location xl
	  = expand_location (gimple_location (r->spec_calls[s]));
	fprintf (dump_file, "SUCCESS: %s:%d: %s: site %d: a deopt instead "
		 "of the call to %s\n", xl.file ? xl.file : "?", xl.line,
		 r->kernel_name, s,
		 gimple_call_fndecl (r->spec_calls[s])
		 ? IDENTIFIER_POINTER (DECL_NAME
				       (gimple_call_fndecl (r->spec_calls[s])))
		 : "?");
      }
  return true;
}

/* The innermost marked loop of the clone of R that contains BB.  */

static class loop *
clone_marked_loop (struct gpu_region *r, basic_block bb)
{
  for (int k = 0; k < r->ndim; k++)
    if (flow_bb_inside_loop_p (r->dev.loops[k], bb))
      return r->dev.loops[k];
  return r->dev.outer;
}

/* After the new edge NE from a block whose only predecessor is SRC into
   the latch LATCH of a loop: every SSA name LATCH's statements or the
   header's PHIs along the back edge use whose definition does not
   dominate SRC gets a PHI in LATCH, its own value from the old edges and
   zero from NE, and those uses take the PHI's result.  (Dominance is
   that of before the edge; the latch's values on NE are never used.)  */

static void
merge_latch_uses (basic_block src, edge ne, basic_block latch)
{
  hash_map<tree, tree> merged;
  auto_vec<use_operand_p> uses;
  for (gimple_stmt_iterator gsi = gsi_start_bb (latch); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      ssa_op_iter it;
      use_operand_p u;
      FOR_EACH_SSA_USE_OPERAND (u, gsi_stmt (gsi), it, SSA_OP_USE)
	uses.safe_push (u);
    }
  edge back = single_succ_edge (latch);
  for (gphi_iterator pi = gsi_start_phis (back->dest); !gsi_end_p (pi);
       gsi_next (&pi))
    if (!virtual_operand_p (gimple_phi_result (pi.phi ())))
      uses.safe_push (PHI_ARG_DEF_PTR_FROM_EDGE (pi.phi (), back));
  for (unsigned i = 0; i < uses.length (); i++)
    {
      tree name = USE_FROM_PTR (uses[i]);
      if (TREE_CODE (name) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (name))
	continue;
      basic_block def = gimple_bb (SSA_NAME_DEF_STMT (name));
      if (!def || def == latch
	  || dominated_by_p (CDI_DOMINATORS, src, def))
	continue;
      tree *have = merged.get (name);
      tree res;
      if (have)
	res = *have;
      else
	{
	  res = copy_ssa_name (name);
	  gphi *phi = create_phi_node (res, latch);
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, latch->preds)
	    add_phi_arg (phi, e == ne ? build_zero_cst (TREE_TYPE (name))
			 : name, e, UNKNOWN_LOCATION);
	  merged.put (name, res);
	}
      SET_USE (uses[i], res);
    }
}

/* In the clone of R, send the edge E to a new block of the innermost
   marked loop around it that calls __gpu_deopt (SITE) at LOC and goes on
   to that loop's latch (made empty first), the end of the work-item's
   iteration.  */

static void
deopt_edge (struct gpu_region *r, edge e, int site, location_t loc)
{
  calculate_dominance_info (CDI_DOMINATORS);
  class loop *l = clone_marked_loop (r, e->src);
  /* An empty latch, so that nothing of the iteration runs after the
     deopt.  */
  if (!gsi_end_p (gsi_start_nondebug_bb (l->latch)))
    split_edge (loop_latch_edge (l));
  basic_block latch = l->latch, src = e->src;
  basic_block b = split_edge (e);
  remove_bb_from_loops (b);
  add_bb_to_loop (b, l);
  gcall *call = gimple_build_call (gpu_marker_decl (GPU_MARK_DEOPT,
						     NULL_TREE),
				   1, build_int_cst (integer_type_node,
						     site));
  gimple_set_location (call, loc);
  gimple_stmt_iterator gsi = gsi_start_bb (b);
  gsi_insert_after (&gsi, call, GSI_NEW_STMT);
  edge ne = redirect_edge_and_branch (single_succ_edge (b), latch);
  gcc_assert (ne && ne->dest == latch);
  /* Virtual operands are renamed after the pass.  */
  for (gphi_iterator pi = gsi_start_phis (latch); !gsi_end_p (pi);
       gsi_next (&pi))
    if (virtual_operand_p (gimple_phi_result (pi.phi ())))
      add_phi_arg (pi.phi (),
		   get_or_create_ssa_default_def (cfun, gimple_vop (cfun)),
		   ne, UNKNOWN_LOCATION);
    else
      add_phi_arg (pi.phi (),
		   build_zero_cst (TREE_TYPE (gimple_phi_result (pi.phi ()))),
		   ne, UNKNOWN_LOCATION);
  merge_latch_uses (src, ne, latch);
  free_dominance_info (CDI_DOMINATORS);
}

/* In the clone of R, make each exit that ends the program, and each
   block with a call that returns (gpu_speculate_block_call), a deopt
   (deopt_edge); the blocks left unreachable are removed.  */

static void
speculate_transform (struct gpu_region *r)
{
  /* The blocks first, while the clone's CFG is as gpu_clone left it;
     by index, as a block may go with the unreachable ones of an earlier
     site.  */
  auto_vec<int> blocks;
  auto_vec<gcall *> calls;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    if (gcall *call = gpu_speculate_block_call (r, r->dev.loops[0], bb))
      {
	blocks.safe_push (bb->index);
	calls.safe_push (call);
      }
  free_dominance_info (CDI_DOMINATORS);
  for (unsigned j = 0; j < blocks.length (); j++)
    {
      bb = BASIC_BLOCK_FOR_FN (cfun, blocks[j]);
      if (!bb)
	continue;
      int site = find_site (r, calls[j]);
      gcc_assert (site < r->nspec);
      /* The block's statements move to a new block, which the edge to it
	 no longer reaches: the block is a deopt from its start.  */
      edge e = split_block_after_labels (bb);
      deopt_edge (r, e, site, gimple_location (calls[j]));
      delete_unreachable_blocks ();
    }
  auto_vec<edge> exits;
  dead_end_edges (r->dev.outer, r->dev.loops, r->ndim, &exits);
  for (unsigned j = 0; j < exits.length (); j++)
    {
      gimple *g = gpu_dead_end_exit (exits[j]);
      int site = find_site (r, g);
      gcc_checking_assert (site < r->nspec);
      deopt_edge (r, exits[j], site, gimple_location (g));
    }
}

/* Report the sites of R as -fopt-info-loop-optimized remarks.  */

static void
speculate_report (struct gpu_region *r)
{
  if (!dump_enabled_p ())
    return;
  for (int s = 0; s < r->nspec; s++)
    {
      gimple *g = r->spec_calls[s];
      if (r->spec_in[s])
	dump_printf_loc (MSG_OPTIMIZED_LOCATIONS, g,
			 "kernel %s: call to %T speculated in called "
			 "function %T: the device deoptimizes to the host "
			 "loop if it is reached\n", r->kernel_name,
			 gimple_call_fndecl (g), r->spec_in[s]);
      else
	dump_printf_loc (MSG_OPTIMIZED_LOCATIONS, g,
			 "kernel %s: call to %T speculated: the device "
			 "deoptimizes to the host loop if it is reached\n",
			 r->kernel_name, gimple_call_fndecl (g));
    }
}

namespace {

const pass_data pass_data_gpu_speculate =
{
  GIMPLE_PASS,			/* type */
  "gpu_speculate",		/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_speculate : public gimple_opt_pass
{
public:
  pass_gpu_speculate (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_speculate, ctxt)
  {}

  /* Only functions in which gpu_find made regions, unless speculation
     is off (gpu_find then made no region with such exits).  */
  virtual bool gate (function *fun)
  {
    return !gpu_opts.no_speculate && gpu_has_regions (fun);
  }

  virtual unsigned int execute (function *);
};

/* Number the sites of every region of FUN, then rewrite the clones of
   those that have some.  */

unsigned int
pass_gpu_speculate::execute (function *fun)
{
  vec<gpu_region *> *regions = gpu_regions (fun);
  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  bool changed = false;
  for (unsigned i = 0; i < regions->length (); i++)
    {
      struct gpu_region *r = (*regions)[i];
      if (r->fail || !r->dev.outer || r->ndim == 0)
	continue;
      if (!speculate_analyze (r))
	{
	  gpu_region_report_missed (r);
	  continue;
	}
      if (r->nspec == 0)
	continue;
      speculate_transform (r);
      speculate_report (r);
      changed = true;
    }
  free_dominance_info (CDI_DOMINATORS);
  gpu_clone_pass_finish (fun, changed);
  return 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_speculate (gcc::context *ctxt)
{
  return new pass_gpu_speculate (ctxt);
}
