/* gpu-pivot.cc -- the gpu_pivot pass: a serial loop around GPU_PARALLEL
   loops (the pivot loop of a triangular solve or a factorization) becomes
   one region run by one work-group, instead of one region launched per
   iteration.

   Each iteration of such a loop is a launch, and a serial statement
   between the marked loops (x[j] /= L[j][j]) needs the device's values
   on the host: a round trip per step, which no launch rate can hide.
   This pass wraps the serial loop in a marked loop of one iteration
   (for (long pivot GPU_PARALLEL = 0; pivot < 1; pivot++)), so gpu_find
   sees a two-level region whose outer index space is a single
   work-group: the serial loop runs in every work-item of the group, its
   marked loops are shared out among them, and what the serial code
   stores is stored by one work-item between barriers (gpu-twolevel.cc).
   The host fallback of the region is the loop itself.

   It applies only where the whole loop is visible to the analysis: no
   calls but math builtins, no volatile accesses or asm, no address of a
   local taken, nothing it computes used after it, no GPU_REDUCE
   accumulator carried across its iterations; and only where one group
   pays: its marked loops are 1-D (no marked nest inside them, which a
   group of a few hundred work-items would run far below the device's
   width) and at least one of them changes its bounds with the serial
   loop (the shrinking or growing work of a pivot loop, a few thousand
   iterations a step); a time loop over a fixed grid keeps its launches.
   Otherwise the loop is left alone with a missed remark saying why.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"

/* Walker: an ADDR_EXPR of an automatic variable of the function DATA.  */

static tree
local_addr_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (*tp, 0));
      if (base && DECL_P (base) && auto_var_in_fn_p (base, (tree) data))
	return *tp;
    }
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Is NAME, defined in LOOP, used outside it (a PHI of LOOP's exit
   block included)?  */

static bool
used_after_p (class loop *loop, tree name)
{
  imm_use_iterator ui;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, ui, name)
    {
      gimple *u = USE_STMT (use);
      if (!is_gimple_debug (u) && gimple_bb (u)
	  && !flow_bb_inside_loop_p (loop, gimple_bb (u)))
	return true;
    }
  return false;
}

/* Why STMT, in the serial loop LOOP of FUN, keeps the loop from running
   in one work-group, or NULL.  *LOC is set to where.  */

static const char *
stmt_obstacle (function *fun, class loop *loop, gimple *stmt, location_t *loc)
{
  if (is_gimple_debug (stmt))
    return NULL;
  *loc = gimple_location (stmt);
  if (gimple_code (stmt) == GIMPLE_ASM)
    return "it contains an asm statement";
  if (gimple_has_volatile_ops (stmt))
    return "it accesses a volatile object";
  if (gcall *call = dyn_cast<gcall *> (stmt))
    {
      tree fn = gimple_call_fndecl (call);
      bool math = gimple_call_internal_p (call)
		  || (fn && gimple_call_builtin_p (call, BUILT_IN_NORMAL)
		      && ((gimple_call_flags (call) & (ECF_CONST | ECF_PURE))
			  || associated_internal_fn (fn) != IFN_LAST));
      if (!math)
	return fn ? "it calls a function that is not a math builtin"
	  : "it calls a function through a pointer";
    }
  for (unsigned k = 0; k < gimple_num_ops (stmt); k++)
    {
      tree op = gimple_op (stmt, k);
      if (op && walk_tree_without_duplicates (&op, local_addr_r, fun->decl))
	return "it takes the address of a local variable";
      if (op && VAR_P (op) && !is_gimple_reg (op)
	  && gpu_decl_has_attr (op, GPU_ATTR_REDUCE))
	return "it updates a GPU_REDUCE accumulator in memory";
    }
  /* A value it computes used after it (the region would have to return
     it to the host).  */
  if (gphi *phi = dyn_cast<gphi *> (stmt))
    {
      tree res = gimple_phi_result (phi);
      if (!virtual_operand_p (res) && used_after_p (loop, res))
	return "a value it computes is used after it";
      return NULL;
    }
  ssa_op_iter it;
  tree def;
  FOR_EACH_SSA_TREE_OPERAND (def, stmt, it, SSA_OP_DEF)
    if (used_after_p (loop, def))
      return "a value it computes is used after it";
  return NULL;
}

/* Why the serial loop LOOP of FUN, which contains the marked loops
   MARKED, should not run in one work-group, or NULL.  *LOC is set to
   where the reason is.  */

static const char *
pivot_obstacle (function *fun, class loop *loop, vec<class loop *> *marked,
		location_t *loc)
{
  *loc = find_loop_location (loop).get_location_t ();
  edge exit = single_exit (loop);
  if (!exit || (exit->flags & (EDGE_COMPLEX | EDGE_ABNORMAL)))
    return "it leaves other than through its condition";
  if (marked->length () > GPU_MAX_INNER)
    return "it contains too many GPU_PARALLEL loops";
  for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      tree var = SSA_NAME_VAR (gimple_phi_result (gsi.phi ()));
      if (var && gpu_decl_has_attr (var, GPU_ATTR_REDUCE))
	return "a GPU_REDUCE accumulator is reduced across its iterations";
    }
  bool varies = false;
  for (unsigned i = 0; i < marked->length (); i++)
    {
      class loop *m = (*marked)[i];
      *loc = find_loop_location (m).get_location_t ();
      if (m->inner)
	return "a GPU_PARALLEL loop in it has marked or serial loops "
	      "nested in it (a multi-dimensional level is left to "
	      "the whole device)";
      edge mexit = single_exit (m);
      class tree_niter_desc desc;
      if (!mexit || !number_of_iterations_exit (m, mexit, &desc, false))
	return "the trip count of a GPU_PARALLEL loop in it is unknown";
      if (!expr_invariant_in_loop_p (loop, desc.niter))
	varies = true;
    }
  *loc = find_loop_location (loop).get_location_t ();
  if (!varies)
    return "the trip counts of its GPU_PARALLEL loops do not change with "
      "its iterations (a time loop: the whole device runs each step)";

  basic_block *body = get_loop_body (loop);
  const char *why = NULL;
  for (unsigned b = 0; !why && b < loop->num_nodes; b++)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, body[b]->succs)
	if (e->flags & (EDGE_ABNORMAL | EDGE_EH))
	  {
	    why = "control leaves it abnormally";
	    *loc = find_loop_location (loop).get_location_t ();
	  }
      for (gphi_iterator gsi = gsi_start_phis (body[b]);
	   !why && !gsi_end_p (gsi); gsi_next (&gsi))
	why = stmt_obstacle (fun, loop, gsi.phi (), loc);
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[b]);
	   !why && !gsi_end_p (gsi); gsi_next (&gsi))
	why = stmt_obstacle (fun, loop, gsi_stmt (gsi), loc);
    }
  free (body);
  if (why && *loc == UNKNOWN_LOCATION)
    *loc = find_loop_location (loop).get_location_t ();
  return why;
}

/* Wrap LOOP, a serial loop of FUN, in a marked loop of one iteration:
   preheader -> HDR (index PHI, index < 1) -> LOOP -> LATCH (index + 1)
   -> HDR, HDR -> LOOP's exit block.  The caller fixes the loop tree and
   the virtual operands.  */

static void
wrap_loop (function *fun, class loop *loop)
{
  location_t loc = find_loop_location (loop).get_location_t ();
  edge exit = single_exit (loop);
  basic_block after = exit->dest;
  basic_block pre = split_edge (loop_preheader_edge (loop));
  basic_block hdr = split_edge (single_succ_edge (pre));
  basic_block latch = split_edge (exit);

  tree type = long_integer_type_node;
  tree var = create_tmp_var (type, "pivot");
  DECL_ATTRIBUTES (var) = tree_cons (get_identifier (GPU_ATTR_PARALLEL),
				     NULL_TREE, DECL_ATTRIBUTES (var));
  DECL_ATTRIBUTES (var) = tree_cons (get_identifier (GPU_ATTR_PIVOT),
				     NULL_TREE, DECL_ATTRIBUTES (var));
  tree i1 = make_ssa_name (var), i2 = make_ssa_name (var);

  /* HDR's exit: to AFTER, with the PHI arguments AFTER had from LATCH
     (values from before LOOP: nothing LOOP computes is used after it).  */
  edge into = single_succ_edge (hdr);
  into->flags &= ~EDGE_FALLTHRU;
  into->flags |= EDGE_TRUE_VALUE;
  into->probability = profile_probability::likely ();
  edge out = make_edge (hdr, after, EDGE_FALSE_VALUE);
  out->probability = into->probability.invert ();
  edge lx = single_succ_edge (latch);
  for (gphi_iterator gsi = gsi_start_phis (after); !gsi_end_p (gsi);
       gsi_next (&gsi))
    add_phi_arg (gsi.phi (), PHI_ARG_DEF_FROM_EDGE (gsi.phi (), lx), out,
		 gimple_phi_arg_location_from_edge (gsi.phi (), lx));
  edge back = ssa_redirect_edge (lx, hdr);
  redirect_edge_var_map_clear (back);

  gphi *phi = create_phi_node (i1, hdr);
  add_phi_arg (phi, build_zero_cst (type), single_succ_edge (pre), loc);
  add_phi_arg (phi, i2, back, loc);
  gcond *cond = gimple_build_cond (LT_EXPR, i1, build_one_cst (type),
				   NULL_TREE, NULL_TREE);
  gimple_set_location (cond, loc);
  gimple_stmt_iterator gsi = gsi_last_bb (hdr);
  gsi_insert_after (&gsi, cond, GSI_NEW_STMT);
  gassign *inc = gimple_build_assign (i2, PLUS_EXPR, i1, build_one_cst (type));
  gimple_set_location (inc, loc);
  gsi = gsi_last_bb (latch);
  gsi_insert_after (&gsi, inc, GSI_NEW_STMT);
  (void) fun;
}

/* Look for serial loops to wrap in LOOP's children (not under a marked
   loop), outermost first; push those to wrap onto OUT.  */

static void
find_pivots (function *fun, class loop *loop, vec<class loop *> *out)
{
  for (class loop *c = loop->inner; c; c = c->next)
    {
      if (gpu_marked_iv (c))
	continue;
      auto_vec<class loop *> marked;
      gpu_collect_marked (c, &marked);
      if (marked.is_empty ())
	continue;
      location_t loc;
      const char *why = pivot_obstacle (fun, c, &marked, &loc);
      if (!why)
	{
	  out->safe_push (c);
	  continue;
	}
      /* Only the outermost serial loop says why it stays; an inner one
	 may still be a pivot loop of its own.  */
      if (!loop_outer (loop))
	{
	  if (dump_enabled_p ())
	    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
			     dump_user_location_t::from_location_t (loc),
			     "serial loop around GPU_PARALLEL loops does "
			     "not run in one work-group: %s\n", why);
	  gpu_dump_reason ("FAILED", loc, why);
	}
      find_pivots (fun, c, out);
    }
}

namespace {

const pass_data pass_data_gpu_pivot =
{
  GIMPLE_PASS,			/* type */
  "gpu_pivot",			/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_pivot : public gimple_opt_pass
{
public:
  pass_gpu_pivot (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_pivot, ctxt)
  {}

  /* Off with no-pivot-group, and with no-two-level (without an inner
     level the group would be one work-item).  */
  virtual bool gate (function *)
  {
    return !gpu_opts.no_pivot_group && !gpu_opts.no_two_level;
  }

  virtual unsigned int execute (function *);
};

/* Wrap the pivot loops of FUN (see the file's comment).  */

unsigned int
pass_gpu_pivot::execute (function *fun)
{
  cgraph_node *node = cgraph_node::get (fun->decl);
  if (!gpu_function_marked_p (fun) || (node && node->parallelized_function))
    return 0;

  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  scev_initialize ();
  auto_vec<class loop *> pivots;
  find_pivots (fun, current_loops->tree_root, &pivots);
  scev_finalize ();
  for (unsigned k = 0; k < pivots.length (); k++)
    {
      location_t loc = find_loop_location (pivots[k]).get_location_t ();
      if (dump_enabled_p ())
	dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
			 dump_user_location_t::from_location_t (loc),
			 "serial loop around GPU_PARALLEL loops runs in one "
			 "work-group: one launch, its GPU_PARALLEL loops "
			 "shared out among the group's work-items\n");
      if (dump_file && (dump_flags & TDF_DETAILS))
	{
	  expanded_location xl = expand_location (loc);
	  fprintf (dump_file, "SUCCESS: %s:%d: loop %d wrapped in a marked "
		   "loop of one iteration\n", xl.file, xl.line,
		   pivots[k]->num);
	}
      wrap_loop (fun, pivots[k]);
    }
  if (!pivots.is_empty ())
    {
      free_dominance_info (CDI_DOMINATORS);
      calculate_dominance_info (CDI_DOMINATORS);
      loops_state_set (LOOPS_NEED_FIXUP);
      fix_loop_structure (NULL);
    }
  /* The new loops' headers need PHIs of the virtual operand.  */
  gpu_clone_pass_finish (fun, !pivots.is_empty ());
  return 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_pivot (gcc::context *ctxt)
{
  return new pass_gpu_pivot (ctxt);
}
