/* gpu-twolevel.cc -- two levels of parallelism: the gpu_twolevel pass,
   and the checks gpu_find makes before it gives a region an inner level.

   A GPU_PARALLEL loop inside the innermost loop L of a region's outer
   marked nest that is not part of the nest (under a serial loop, beside
   other statements or other marked loops) is an inner loop: the kernel
   runs one work-group per iteration of the outer nest, and the
   work-items of the group share out the inner loops' iterations
   (for (k = lid; k < count; k += lsize)); a marked loop nested
   perfectly in an inner loop, with bounds fixed for it, makes a 2-D
   inner level whose iterations are flattened (count1 * count2, the
   second loop running once at k % count2).  The rest of L's body (the
   "serial code") runs in every work-item of the group with the same
   values: what it computes in registers and private objects is computed
   redundantly; what it stores to memory of the host is stored by
   work-item 0 alone, between two barriers.  A barrier after each inner
   loop, and before it when the serial code touches memory of the host at
   all, keeps the group in step (conservative: no dependence analysis
   between inner loops yet).  A GPU_REDUCE accumulator updated
   in an inner loop starts at the identity in each work-item and is
   combined over the group in local memory after the loop, with its value
   before the loop (gpu_reduce finds these).

   The printer also prints the lowered clone as a one-level kernel
   NAME_flat, a group of one work-item (one work-item per outer
   iteration, the inner loops serial), which the runtime runs instead
   when the outer iterations fill the device; the pass counts the inner
   loops' references that walk consecutive elements under each mapping
   (count_coalesced), and the runtime prefers the one-level kernel only
   when it coalesces at least as many (docs/ABI.md section 5).

   The pass transforms the device clone (gpu_clone) with marker calls the
   printer knows (gpu-region.h): __gpu_local_id, __gpu_local_size,
   __gpu_barrier, __gpu_group_reduce.  The host fallback keeps the inner
   loops as they are: they run serially in each outer iteration.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"
#include "gpu-reduce.h"

/* Where the memory reference REF of STMT lies in the body M describes:
   GPU_AS_PRIVATE (objects each work-item has its own copy of),
   GPU_AS_GLOBAL (memory of the host), or GPU_AS_NONE when that is not
   known.  */

static enum gpu_as
ref_space (struct gpu_memctx *m, gimple *stmt, tree ref)
{
  tree ptr;
  tree base = gpu_ref_base (ref, &ptr);
  if (base)
    return DECL_P (base) && gpu_decl_private_p (m, base) ? GPU_AS_PRIVATE
      : GPU_AS_GLOBAL;
  if (!ptr)
    return GPU_AS_NONE;
  struct gpu_ptr pi = gpu_ptr_info (m, stmt, ptr);
  return pi.as;
}

/* Where the statement STMT, which writes memory, writes (see
   ref_space).  */

static enum gpu_as
write_space (struct gpu_memctx *m, gimple *stmt)
{
  if (!is_gimple_assign (stmt) || !gimple_store_p (stmt))
    return GPU_AS_NONE;
  return ref_space (m, stmt, gimple_assign_lhs (stmt));
}

/* Does STMT read or write memory that is not private to the work-item
   (or may it)?  */

static bool
touches_global_p (struct gpu_memctx *m, gimple *stmt)
{
  if (!gimple_vuse (stmt) || gpu_marker_of (stmt) != GPU_MARK_NONE)
    return false;
  if (!is_gimple_assign (stmt))
    return true;
  if (gimple_store_p (stmt)
      && ref_space (m, stmt, gimple_assign_lhs (stmt)) != GPU_AS_PRIVATE)
    return true;
  if (gimple_assign_load_p (stmt)
      && ref_space (m, stmt, gimple_assign_rhs1 (stmt)) != GPU_AS_PRIVATE)
    return true;
  return false;
}

/* Set up *M for the body of region R (its parameters exist).  */

static void
body_ctx (struct gpu_memctx *m, struct gpu_region *r, class loop *outer)
{
  gpu_memctx_init (m, r, r->fun, current_function_decl, true);
  m->create = false;
  basic_block *body = get_loop_body (outer);
  for (unsigned i = 0; i < outer->num_nodes; i++)
    m->blocks->add (body[i]);
  free (body);
}

/* Does some pointer argument of the call STMT point to private memory?  */

static bool
call_reaches_private_p (struct gpu_memctx *m, gimple *stmt)
{
  for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
    {
      tree a = gimple_call_arg (stmt, i);
      if (POINTER_TYPE_P (TREE_TYPE (a))
	  && gpu_ptr_info (m, stmt, a).as != GPU_AS_GLOBAL)
	return true;
    }
  return false;
}

/* Is NAME the header PHI result of a GPU_REDUCE variable in LOOP?  */

static bool
reduce_phi_p (class loop *loop, tree name)
{
  gimple *def = SSA_NAME_DEF_STMT (name);
  tree var = SSA_NAME_VAR (name);
  return (gimple_code (def) == GIMPLE_PHI && gimple_bb (def) == loop->header
	  && var && gpu_decl_has_attr (var, GPU_ATTR_REDUCE));
}

/* Is DEF, defined in LOOP, used outside it?  */

static bool
used_outside_p (class loop *loop, tree def)
{
  imm_use_iterator it;
  use_operand_p use_p;
  FOR_EACH_IMM_USE_FAST (use_p, it, def)
    {
      gimple *use = USE_STMT (use_p);
      if (is_gimple_debug (use))
	continue;
      basic_block bb = gimple_bb (use);
      if (gphi *p = dyn_cast<gphi *> (use))
	bb = gimple_phi_arg_edge (p, PHI_ARG_INDEX_FROM_USE (use_p))->src;
      if (!flow_bb_inside_loop_p (loop, bb))
	return true;
    }
  return false;
}

/* See gpu-region.h.  */

const char *
gpu_twolevel_check_inner (struct gpu_region *r, class loop *inner, tree iv)
{
  edge exit = single_exit (inner);
  if (!exit || exit->src != inner->header)
    return "it leaves other than through its condition";
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (inner->header));
  if (!cond)
    return "its condition is not a comparison";
  if (!INTEGRAL_TYPE_P (TREE_TYPE (iv)))
    return "its index is not an integer";
  affine_iv aiv;
  if (!simple_iv (inner, inner, iv, &aiv, true)
      || !(TREE_CODE (aiv.step) == INTEGER_CST
	   || (TREE_CODE (aiv.step) == SSA_NAME
	       && expr_invariant_in_loop_p (inner, aiv.step))))
    return "its index does not move by a loop-invariant step";
  class tree_niter_desc desc;
  if (!number_of_iterations_exit (inner, exit, &desc, false)
      || !integer_onep (desc.assumptions)
      || chrec_contains_undetermined (desc.niter)
      || tree_contains_chrecs (desc.niter, NULL)
      || (TREE_CODE (desc.niter) == INTEGER_CST && TREE_OVERFLOW (desc.niter))
      || (desc.may_be_zero && tree_contains_chrecs (desc.may_be_zero, NULL)))
    return "its iterations cannot be counted before it starts";

  const char *why = NULL;
  struct gpu_memctx m;
  body_ctx (&m, r, r->outer);
  basic_block *body = get_loop_body (inner);
  for (unsigned i = 0; !why && i < inner->num_nodes; i++)
    {
      basic_block bb = body[i];
      for (gphi_iterator gsi = gsi_start_phis (bb); !why && !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  tree res = gimple_phi_result (gsi.phi ());
	  if (virtual_operand_p (res) || res == iv || reduce_phi_p (inner, res))
	    continue;
	  if (bb == inner->header)
	    why = "it carries a value from one iteration to the next that "
	      "is no GPU_REDUCE accumulator";
	  else if (used_outside_p (inner, res))
	    why = "a value it computes is used after it";
	}
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	   !why && !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt) || gimple_clobber_p (stmt))
	    continue;
	  ssa_op_iter oi;
	  tree def;
	  FOR_EACH_SSA_TREE_OPERAND (def, stmt, oi, SSA_OP_DEF)
	    if (used_outside_p (inner, def))
	      why = "a value it computes is used after it";
	  if (why || !gimple_vdef (stmt))
	    continue;
	  if (is_gimple_call (stmt))
	    {
	      if (call_reaches_private_p (&m, stmt))
		why = "it calls a function with a pointer to an object each "
		  "work-item has its own copy of";
	    }
	  else if (gimple_code (stmt) == GIMPLE_ASM)
	    why = "it contains an asm statement";
	  else if (write_space (&m, stmt) != GPU_AS_GLOBAL)
	    why = "it writes an object each work-item has its own copy of";
	}
    }
  free (body);
  gpu_memctx_fini (&m);
  if (r->fail)
    why = "the memory it writes cannot be placed";
  return why;
}

/* Is BB, a block of the innermost loop L of R's outer nest, serial code:
   outside every inner loop (the original ones when DEV is false, the
   clone's when true)?  */

static bool
serial_block_p (struct gpu_region *r, basic_block bb, bool dev)
{
  for (int k = 0; k < r->ninner; k++)
    if (flow_bb_inside_loop_p (dev ? r->inner[k].dev : r->inner[k].loop, bb))
      return false;
  return true;
}

/* See gpu-region.h.  */

const char *
gpu_twolevel_check_serial (struct gpu_region *r, location_t *loc)
{
  class loop *l = r->dims[0].loop;
  const char *why = NULL;
  struct gpu_memctx m;
  body_ctx (&m, r, r->outer);
  basic_block *body = get_loop_body (l);
  for (unsigned i = 0; !why && i < l->num_nodes; i++)
    {
      if (!serial_block_p (r, body[i], false))
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	   !why && !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt) || gimple_clobber_p (stmt)
	      || !gimple_vdef (stmt))
	    continue;
	  *loc = gimple_location (stmt);
	  if (is_gimple_call (stmt))
	    why = "a call with side effects between the inner loops";
	  else if (write_space (&m, stmt) == GPU_AS_NONE)
	    why = "a store between the inner loops to memory that cannot be "
	      "placed";
	}
    }
  free (body);
  gpu_memctx_fini (&m);
  if (r->fail && !why)
    why = "the memory the code between the inner loops writes cannot be "
      "placed";
  return why;
}

/* ------------------------------------------------------------ transform */

/* A call of marker M (gpu-region.h) with arguments ARG0.., appended at
   *GSI; its value (or NULL).  */

static tree
emit_marker (gimple_stmt_iterator *gsi, enum gpu_marker m, tree type,
	     int nargs, tree a0, tree a1, tree a2)
{
  tree decl = gpu_marker_decl (m, type);
  gcall *call;
  if (nargs == 0)
    call = gimple_build_call (decl, 0);
  else if (nargs == 1)
    call = gimple_build_call (decl, 1, a0);
  else
    call = gimple_build_call (decl, 3, a0, a1, a2);
  tree lhs = NULL_TREE;
  tree rt = TREE_TYPE (TREE_TYPE (decl));
  if (!VOID_TYPE_P (rt))
    {
      lhs = make_ssa_name (rt);
      gimple_call_set_lhs (call, lhs);
    }
  gsi_insert_after (gsi, call, GSI_NEW_STMT);
  return lhs;
}

/* An iterator after which statements can be appended to BB, a block
   with one successor and no control statement (a preheader, a latch).  */

static gimple_stmt_iterator
append_point (basic_block bb)
{
  return gsi_last_bb (bb);
}

/* Make the second loop of the 2-D inner level IN run once, at the index
   that the iteration number KNAME (modulo CDIV, its count or 1) gives.
   Returns false (R fails) when its copy is not in the form checked.  */

static bool
flatten_inner2 (struct gpu_region *r, struct gpu_inner *in, tree kname,
		tree cdiv)
{
  class loop *l = in->dev2;
  edge pe = loop_preheader_edge (l);
  edge le = loop_latch_edge (l);
  edge exit = single_exit (l);
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (l->header));
  if (!exit || exit->src != l->header || !cond || !single_succ_p (le->src))
    {
      gpu_region_fail (r, find_loop_location (l).get_location_t (),
		       "the device copy of the inner loop is not in the "
		       "form that was checked");
      return false;
    }
  tree iv = in->dev_iv2;
  tree type = TREE_TYPE (iv);
  tree utype = unsigned_type_for (type);
  gphi *ivphi = as_a<gphi *> (SSA_NAME_DEF_STMT (iv));
  tree base = unshare_expr (in->dev_base2);
  tree step = fold_convert (utype, unshare_expr (in->dev_step2));
  tree knum = fold_build2 (TRUNC_MOD_EXPR, long_long_unsigned_type_node,
			   kname, cdiv);
  tree val = fold_build2 (PLUS_EXPR, utype, fold_convert (utype, base),
			  fold_build2 (MULT_EXPR, utype,
				       fold_convert (utype, knum), step));
  gimple_stmt_iterator hg = gsi_after_labels (l->header);
  tree ivv = force_gimple_operand_gsi (&hg, fold_convert (type, val), true,
				       NULL_TREE, true, GSI_SAME_STMT);
  replace_uses_by (iv, ivv);
  gphi_iterator pi = gsi_for_phi (ivphi);
  remove_phi_node (&pi, true);
  (void) pe;
  /* One trip: a flag that is 1 on entry and 0 along the back edge.  */
  tree once = make_ssa_name (integer_type_node);
  gphi *ophi = create_phi_node (once, l->header);
  add_phi_arg (ophi, integer_one_node, pe, UNKNOWN_LOCATION);
  add_phi_arg (ophi, integer_zero_node, le, UNKNOWN_LOCATION);
  edge te, fe;
  extract_true_false_edges_from_block (l->header, &te, &fe);
  bool stay_on_true = flow_bb_inside_loop_p (l, te->dest);
  gimple_cond_set_condition (cond, stay_on_true ? GT_EXPR : LE_EXPR, once,
			     integer_zero_node);
  update_stmt (cond);
  return true;
}

/* ------------------------------------------- references of called functions */

/* A serial loop that calls a function of this file (hotspot's
   "result[r*cols + c] = cell_update (temp, power, r, c, rows, cols)")
   defeats GCC's dependence analysis, which gives up on a call that may
   touch memory; our passes run before inlining.  When the callee only
   reads memory (no store, no call that is not const, nothing volatile)
   and every address it reads is computed from its parameters by
   arithmetic alone, each of its loads is as good as a load in the loop:
   the address computation is copied before the call, the parameters
   replaced by the call's arguments, and the copy's reference joins the
   loop's for the analysis (then the copies are removed).  A load under a
   condition in the callee counts as if it always happened, which can
   only find more dependences.  A scalar global whose address is never
   taken is read by value on the device (globals_by_value in
   gpu-params.cc) and no pointer reaches it: it is left out, unless the
   loop stores it by name.  */

struct callee_map
{
  gcall *call;			/* The call in the loop.  */
  tree fndecl;			/* Its callee.  */
  hash_map<tree, tree> *names;	/* Callee SSA name -> caller value.  */
  vec<gimple *> *added;		/* Statements put before CALL.  */
  bool fail;			/* Some name could not be mapped.  */
};

static tree map_name (struct callee_map *m, tree name);

/* Walker: replace each SSA name of the callee in *TP by its value in
   the caller (DATA is the callee_map); a variable of the callee fails.  */

static tree
map_operand_r (tree *tp, int *walk_subtrees, void *data)
{
  struct callee_map *m = (struct callee_map *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == SSA_NAME)
    {
      tree v = map_name (m, *tp);
      if (!v)
	return *tp;
      *tp = v;
    }
  else if (DECL_P (*tp) && auto_var_in_fn_p (*tp, m->fndecl))
    {
      m->fail = true;
      return *tp;
    }
  return NULL_TREE;
}

/* A copy of the tree T of the callee with its names mapped into the
   caller (map_operand_r), or NULL_TREE.  */

static tree
map_tree (struct callee_map *m, tree t)
{
  tree c = unshare_expr (t);
  if (walk_tree (&c, map_operand_r, m, NULL) || m->fail)
    return NULL_TREE;
  return c;
}

/* The value in the caller of NAME, an SSA name of the callee of M: a
   parameter's argument, or a copy before the call of the arithmetic
   that computes it; NULL_TREE when it depends on memory, control flow
   or anything else.  */

static tree
map_name (struct callee_map *m, tree name)
{
  tree *known = m->names->get (name);
  if (known)
    return *known;
  tree var = SSA_NAME_VAR (name);
  if (SSA_NAME_IS_DEFAULT_DEF (name) && var && TREE_CODE (var) == PARM_DECL)
    {
      unsigned i = 0;
      for (tree p = DECL_ARGUMENTS (m->fndecl); p; p = DECL_CHAIN (p), i++)
	if (p == var && i < gimple_call_num_args (m->call))
	  {
	    tree arg = gimple_call_arg (m->call, i);
	    if (!is_gimple_val (arg)
		|| !useless_type_conversion_p (TREE_TYPE (name),
					       TREE_TYPE (arg)))
	      break;
	    m->names->put (name, arg);
	    return arg;
	  }
      m->fail = true;
      return NULL_TREE;
    }
  gimple *def = SSA_NAME_DEF_STMT (name);
  if (!is_gimple_assign (def) || gimple_vuse (def)
      || gimple_has_side_effects (def))
    {
      m->fail = true;
      return NULL_TREE;
    }
  gimple *copy = gimple_copy (def);
  for (unsigned i = 1; i < gimple_num_ops (copy); i++)
    {
      tree op = gimple_op (copy, i);
      if (!op)
	continue;
      op = map_tree (m, op);
      if (!op)
	return NULL_TREE;
      gimple_set_op (copy, i, op);
    }
  tree lhs = make_ssa_name (TREE_TYPE (name), copy);
  gimple_assign_set_lhs (copy, lhs);
  gimple_stmt_iterator gsi = gsi_for_stmt (m->call);
  gsi_insert_before (&gsi, copy, GSI_SAME_STMT);
  m->added->safe_push (copy);
  m->names->put (name, lhs);
  return lhs;
}

/* Add to *DRS the references of the loads of the callee of CALL, a
   statement of LOOP, mapped into the caller (see above; the statements
   copied before CALL to *ADDED, the global scalars left out to
   *BYVAL).  NULL, or why it cannot; the reason names the callee (in
   BUF, of SIZE bytes).  */

static const char *
callee_refs (class loop *loop, gcall *call, vec<data_reference_p> *drs,
	     vec<gimple *> *added, vec<tree> *byval, char *buf, size_t size)
{
  tree fndecl = gpu_device_callee (call);
  const char *name = fndecl ? gpu_value_name (fndecl) : NULL;
  function *fun = fndecl ? DECL_STRUCT_FUNCTION (fndecl) : NULL;
  tree lhs = gimple_call_lhs (call);
  const char *why = NULL;
  if (!fun || !gimple_in_ssa_p (fun) || fndecl == current_function_decl
      || (lhs && !is_gimple_reg (lhs)) || gimple_call_chain (call))
    why = "it calls a function that may touch memory";
  hash_map<tree, tree> names;
  struct callee_map m = { call, fndecl, &names, added, false };
  basic_block bb;
  if (!why)
    FOR_EACH_BB_FN (bb, fun)
      {
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	     !why && !gsi_end_p (gsi); gsi_next (&gsi))
	  {
	    gimple *s = gsi_stmt (gsi);
	    if (gimple_clobber_p (s) || is_gimple_debug (s))
	      continue;
	    if (gimple_has_volatile_ops (s) || gimple_code (s) == GIMPLE_ASM)
	      why = "it calls %s, which touches volatile memory or has an "
		"asm statement";
	    else if (gimple_vdef (s))
	      why = "it calls %s, which writes memory or calls a function "
		"that may";
	    else if (!gimple_vuse (s))
	      continue;
	    else if (greturn *ret = dyn_cast<greturn *> (s))
	      {
		tree v = gimple_return_retval (ret);
		if (v && !is_gimple_reg (v))
		  why = "it calls %s, which returns an aggregate";
	      }
	    else if (!gimple_assign_single_p (s))
	      why = "it calls %s, which calls a function that reads memory";
	    else
	      {
		tree ref = gimple_assign_rhs1 (s);
		if (VAR_P (ref) && is_global_var (ref)
		    && !TREE_ADDRESSABLE (ref) && is_gimple_reg_type
		    (TREE_TYPE (ref)))
		  {
		    byval->safe_push (ref);
		    continue;
		  }
		tree mapped = map_tree (&m, ref);
		if (!mapped)
		  why = "it calls %s, which reads memory at an address that "
		    "depends on its control flow or on memory";
		else
		  {
		    data_reference_p dr
		      = create_data_ref (loop_preheader_edge (loop), loop,
					 mapped, call, true, false);
		    drs->safe_push (dr);
		  }
	      }
	  }
	if (why)
	  break;
      }
  if (!why)
    return NULL;
  snprintf (buf, size, why, name);
  return buf;
}

/* The data references of the serial loop LOOP into *DRS, those of the
   functions of this file it calls among them (callee_refs), and the
   dependences between them into *DDRS over the nest *NEST, as
   compute_data_dependences_for_loop gives them.  The statements it put
   into the loop in *ADDED: remove_added takes them out once the
   references are freed.  NULL, or why they cannot be had (in BUF, of
   SIZE bytes, when it names a callee).  */

static const char *
loop_refs (class loop *loop, vec<loop_p> *nest, vec<data_reference_p> *drs,
	   vec<ddr_p> *ddrs, vec<gimple *> *added, char *buf, size_t size)
{
  const char *why = NULL;
  auto_vec<tree, 4> byval;
  if (!find_loop_nest (loop, nest))
    return "GCC's data-dependence analysis cannot analyse its loop nest";
  basic_block *body = get_loop_body_in_dom_order (loop);
  for (unsigned i = 0; !why && i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	 !why && !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	gcall *call = dyn_cast<gcall *> (s);
	if (call && gpu_device_callee (call))
	  why = callee_refs (loop, call, drs, added, &byval, buf, size);
	else if (!find_data_references_in_stmt (loop, s, drs))
	  why = "GCC's data-dependence analysis cannot analyse its memory "
	    "references (or it calls a function that touches memory)";
      }
  free (body);
  data_reference_p dr;
  unsigned i;
  if (!why)
    FOR_EACH_VEC_ELT (*drs, i, dr)
      {
	tree base = get_base_address (DR_REF (dr));
	if (DR_IS_WRITE (dr) && base && byval.contains (base))
	  why = "it stores a global that a function it calls reads";
      }
  if (!why && !compute_all_dependences (*drs, ddrs, *nest, true))
    why = "GCC's data-dependence analysis cannot analyse its memory "
      "references";
  return why;
}

/* Remove the statements ADDED that loop_refs put into the function.  */

static void
remove_added (vec<gimple *> *added)
{
  if (added->is_empty ())
    return;
  while (!added->is_empty ())
    {
      gimple *s = added->pop ();
      gimple_stmt_iterator gsi = gsi_for_stmt (s);
      gsi_remove (&gsi, true);
      release_defs (s);
    }
  /* Their names may be reused: forget what scalar evolution knew.  */
  scev_reset_htab ();
}

static const char *auto_inner_ddr (class loop *,
				   struct data_dependence_relation *, bool *);

/* The bytes [*LO, *HI) (as uint64 addresses) that the reference DR,
   alias_checkable_p in its loop, touches over COUNT (uint64, nonzero)
   iterations.  */

static void
ref_interval (data_reference_p dr, tree count, tree *lo, tree *hi)
{
  tree u64 = long_long_unsigned_type_node;
  tree off = fold_build2 (PLUS_EXPR, sizetype,
			  fold_convert (sizetype, unshare_expr (DR_OFFSET (dr))),
			  fold_convert (sizetype, DR_INIT (dr)));
  tree start = fold_convert (u64, fold_build_pointer_plus
			     (unshare_expr (DR_BASE_ADDRESS (dr)), off));
  tree step = DR_STEP (dr);
  bool down = tree_int_cst_sgn (step) < 0;
  tree astep = wide_int_to_tree (u64, wi::abs (wi::to_wide (step)));
  tree span = fold_build2 (MULT_EXPR, u64,
			   fold_build2 (MINUS_EXPR, u64, unshare_expr (count),
					build_int_cst (u64, 1)), astep);
  tree size = fold_convert (u64, TYPE_SIZE_UNIT (TREE_TYPE (DR_REF (dr))));
  *lo = down ? fold_build2 (MINUS_EXPR, u64, start, span) : start;
  *hi = fold_build2 (PLUS_EXPR, u64, down ? unshare_expr (start)
		     : fold_build2 (PLUS_EXPR, u64, unshare_expr (start), span),
		     size);
}

/* The run-time alias check of the inner loop L of the clone, which runs
   COUNT (uint64) times: a boolean (GENERIC, valid at L's preheader) that
   is true when no two of its references that GCC's dependence analysis
   cannot compare, one of them written, touch the same bytes over the
   loop, so that its iterations are independent (the other pairs were
   proved apart, as gpu_twolevel_auto_inner found on the original loop);
   false when some pair cannot be checked, and then *WHY says which.  The
   number of pairs checked in *NPAIRS.  */

static tree
alias_check_cond (class loop *l, tree count, int *npairs, const char **why)
{
  tree u64 = long_long_unsigned_type_node;
  tree ok = fold_build2 (EQ_EXPR, boolean_type_node, unshare_expr (count),
			 build_int_cst (u64, 0));
  tree all = boolean_true_node;
  auto_vec<loop_p, 2> nest;
  vec<data_reference_p> drs = vNULL;
  vec<ddr_p> ddrs = vNULL;
  auto_vec<gimple *, 8> added;
  static char buf[256];
  *npairs = 0;
  *why = loop_refs (l, &nest, &drs, &ddrs, &added, buf, sizeof buf);
  unsigned i;
  ddr_p ddr;
  if (!*why)
    FOR_EACH_VEC_ELT (ddrs, i, ddr)
      {
	bool check = false;
	if ((*why = auto_inner_ddr (l, ddr, &check)))
	  break;
	if (!check)
	  continue;
	tree alo, ahi, blo, bhi;
	ref_interval (DDR_A (ddr), count, &alo, &ahi);
	ref_interval (DDR_B (ddr), count, &blo, &bhi);
	tree apart = fold_build2 (BIT_IOR_EXPR, boolean_type_node,
				  fold_build2 (LE_EXPR, boolean_type_node,
					       ahi, blo),
				  fold_build2 (LE_EXPR, boolean_type_node,
					       bhi, alo));
	all = fold_build2 (BIT_AND_EXPR, boolean_type_node, all, apart);
	++*npairs;
      }
  free_dependence_relations (ddrs);
  free_data_refs (drs);
  remove_added (&added);
  if (*why)
    return boolean_false_node;
  return fold_build2 (BIT_IOR_EXPR, boolean_type_node, ok, all);
}

/* Share out the iterations of inner loop K of R's clone among the
   work-items of the group, with a barrier after it (and before it when
   BARRIER_BEFORE), and combine its reductions over the group after it.
   Returns false (R fails) when the clone's loop is not in the form
   gpu_find checked.  */

static bool
share_inner (struct gpu_region *r, int k, bool barrier_before,
	     bool barrier_after, vec<int> *pairs)
{
  class loop *l = r->inner[k].dev;
  tree iv = r->inner[k].dev_iv;
  edge pe = loop_preheader_edge (l);
  edge le = loop_latch_edge (l);
  edge exit = single_exit (l);
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (l->header));
  if (!exit || exit->src != l->header || !cond
      || !single_succ_p (pe->src) || !single_succ_p (le->src)
      || !r->inner[k].dev_count)
    {
      gpu_region_fail (r, find_loop_location (l).get_location_t (),
		       "the device copy of the inner loop is not in the "
		       "form that was checked");
      return false;
    }
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      fprintf (dump_file, "inner loop %d: count ", l->num);
      print_generic_expr (dump_file, r->inner[k].dev_count);
      fprintf (dump_file, " step ");
      print_generic_expr (dump_file, r->inner[k].dev_step);
      fprintf (dump_file, "\n");
    }
  tree u64 = long_long_unsigned_type_node;
  tree type = TREE_TYPE (iv);
  tree utype = unsigned_type_for (type);
  gphi *ivphi = as_a<gphi *> (SSA_NAME_DEF_STMT (iv));
  tree base = PHI_ARG_DEF_FROM_EDGE (ivphi, pe);
  /* An inner level only under a run-time alias check: its condition,
     from the loop as it is.  */
  tree alias_ok = NULL_TREE;
  if (r->inner[k].alias_check)
    {
      int npairs;
      const char *why;
      alias_ok = alias_check_cond (l, r->inner[k].dev_count, &npairs, &why);
      char buf[512];
      location_t loc = find_loop_location (l).get_location_t ();
      if (why)
	snprintf (buf, sizeof buf, "%s: the inner loop at line %d runs "
		  "serially in one work-item of each group: the run-time "
		  "alias check cannot be built: %s", r->kernel_name,
		  LOCATION_LINE (loc), why);
      else
	snprintf (buf, sizeof buf, "%s: the inner loop at line %d: inner "
		  "loop parallel under a run-time alias check of %d pair%s "
		  "of references (one work-item runs it in a group where "
		  "they overlap)", r->kernel_name, LOCATION_LINE (loc),
		  npairs, npairs == 1 ? "" : "s");
      gpu_dump_reason (why ? "FAILED" : "SUCCESS", loc, buf);
    }

  /* Before the loop: a barrier when the serial code touches memory of
     the host (what it read or wrote is done with in every work-item), the
     trip count, the work-item's place.  */
  tree count = unshare_expr (r->inner[k].dev_count);
  gimple_stmt_iterator pg = append_point (pe->src);
  if (barrier_before)
    emit_marker (&pg, GPU_MARK_BARRIER, NULL_TREE, 0, NULL_TREE, NULL_TREE,
		 NULL_TREE);
  gimple_seq seq = NULL;
  tree cnt = force_gimple_operand (count, &seq, true, NULL_TREE);
  gsi_insert_seq_after (&pg, seq, GSI_CONTINUE_LINKING);
  tree zero = build_int_cst (integer_type_node, 0);
  tree lid = emit_marker (&pg, GPU_MARK_LOCAL_ID, NULL_TREE, 1, zero,
			  NULL_TREE, NULL_TREE);
  tree lsz = emit_marker (&pg, GPU_MARK_LOCAL_SIZE, NULL_TREE, 1, zero,
			  NULL_TREE, NULL_TREE);
  if (alias_ok)
    {
      /* Where the references may overlap, work-item 0 runs every
	 iteration (from 0 by 1) and the others none (from COUNT): the
	 serial result.  */
      tree lt = TREE_TYPE (lid);
      seq = NULL;
      tree ok = force_gimple_operand (alias_ok, &seq, true, NULL_TREE);
      gsi_insert_seq_after (&pg, seq, GSI_CONTINUE_LINKING);
      tree first = make_ssa_name (boolean_type_node);
      gsi_insert_after (&pg, gimple_build_assign (first, EQ_EXPR, lid,
						  build_int_cst (lt, 0)),
			GSI_NEW_STMT);
      tree runs = make_ssa_name (boolean_type_node);
      gsi_insert_after (&pg, gimple_build_assign (runs, BIT_IOR_EXPR, ok,
						  first), GSI_NEW_STMT);
      tree from = make_ssa_name (lt);
      gsi_insert_after (&pg, gimple_build_assign (from, COND_EXPR, runs, lid,
						  fold_convert (lt, cnt)),
			GSI_NEW_STMT);
      tree by = make_ssa_name (TREE_TYPE (lsz));
      gsi_insert_after (&pg, gimple_build_assign (by, COND_EXPR, ok, lsz,
						  build_int_cst (TREE_TYPE
								 (lsz), 1)),
			GSI_NEW_STMT);
      lid = from;
      lsz = by;
    }
  /* A 2-D inner level: the iteration number runs over both loops' counts
     (the second's iterations fastest); CDIV, its count or 1, splits it.  */
  struct gpu_inner *in = &r->inner[k];
  tree cdiv = NULL_TREE;
  if (in->loop2)
    {
      seq = NULL;
      tree cnt2 = force_gimple_operand (unshare_expr (in->dev_count2), &seq,
					true, NULL_TREE);
      gsi_insert_seq_after (&pg, seq, GSI_CONTINUE_LINKING);
      cdiv = make_ssa_name (u64);
      gsi_insert_after (&pg, gimple_build_assign (cdiv, MAX_EXPR, cnt2,
						  build_int_cst (u64, 1)),
			GSI_NEW_STMT);
      tree total = make_ssa_name (u64);
      gsi_insert_after (&pg, gimple_build_assign (total, MULT_EXPR, cnt,
						  cnt2), GSI_NEW_STMT);
      cnt = total;
    }

  /* The work-item's iteration number, from its place by the group's
     size, and the index from it.  */
  tree kname = make_ssa_name (u64);
  gphi *kphi = create_phi_node (kname, l->header);
  tree knext = make_ssa_name (u64);
  gimple_stmt_iterator lg = append_point (le->src);
  gsi_insert_after (&lg, gimple_build_assign (knext, PLUS_EXPR, kname, lsz),
		    GSI_NEW_STMT);
  add_phi_arg (kphi, lid, pe, UNKNOWN_LOCATION);
  add_phi_arg (kphi, knext, le, UNKNOWN_LOCATION);
  tree step = fold_convert (utype, unshare_expr (r->inner[k].dev_step));
  tree knum = cdiv ? fold_build2 (TRUNC_DIV_EXPR, u64, kname, cdiv) : kname;
  tree val = fold_build2 (PLUS_EXPR, utype, fold_convert (utype, base),
			  fold_build2 (MULT_EXPR, utype,
				       fold_convert (utype, knum), step));
  gimple_stmt_iterator hg = gsi_after_labels (l->header);
  tree ivv = force_gimple_operand_gsi (&hg, fold_convert (type, val), true,
				       NULL_TREE, true, GSI_SAME_STMT);
  replace_uses_by (iv, ivv);
  gphi_iterator pi = gsi_for_phi (ivphi);
  remove_phi_node (&pi, true);
  if (in->loop2 && !flatten_inner2 (r, in, kname, cdiv))
    return false;

  /* The loop runs while the iteration number is below the count.  */
  edge te, fe;
  extract_true_false_edges_from_block (l->header, &te, &fe);
  bool stay_on_true = flow_bb_inside_loop_p (l, te->dest);
  gimple_cond_set_condition (cond, stay_on_true ? LT_EXPR : GE_EXPR, kname,
			     cnt);
  update_stmt (cond);

  /* Reductions: each work-item starts at the identity; after the loop
     the group's values combine with the value before it.  */
  basic_block after = split_edge (exit);
  gimple_stmt_iterator ag = gsi_after_labels (after);
  bool first = true;
  for (unsigned j = 0; j < r->ireds.length (); j++)
    {
      struct gpu_reduction *red = &r->ireds[j];
      if (red->inner != k)
	continue;
      tree res = red->dev_phis[0];
      gphi *phi = as_a<gphi *> (SSA_NAME_DEF_STMT (res));
      tree init = PHI_ARG_DEF_FROM_EDGE (phi, pe);
      SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (phi, pe),
	       gpu_reduce_identity (red));
      tree opc = build_int_cst (integer_type_node, red->op);
      gcall *call = gimple_build_call (gpu_marker_decl (GPU_MARK_GROUP_REDUCE,
							red->type), 3,
				       res, init, opc);
      tree fin = make_ssa_name (red->type);
      gimple_call_set_lhs (call, fin);
      if (first)
	gsi_insert_before (&ag, call, GSI_NEW_STMT);
      else
	gsi_insert_after (&ag, call, GSI_NEW_STMT);
      first = false;
      /* A loop that does not run leaves the accumulator as it was (not
	 INIT OP identity: && and || would give 0 or 1, -0.0 + 0 is
	 +0.0).  */
      tree none = make_ssa_name (boolean_type_node);
      gsi_insert_after (&ag, gimple_build_assign (none, EQ_EXPR, cnt,
						  build_int_cst (u64, 0)),
			GSI_NEW_STMT);
      tree out = make_ssa_name (red->type);
      gsi_insert_after (&ag, gimple_build_assign (out, COND_EXPR, none, init,
						  fin), GSI_NEW_STMT);
      /* Its uses after the loop take the group's value.  */
      imm_use_iterator it;
      gimple *use;
      FOR_EACH_IMM_USE_STMT (use, it, res)
	{
	  if (use == call || use == SSA_NAME_DEF_STMT (out)
	      || is_gimple_debug (use))
	    continue;
	  use_operand_p up;
	  FOR_EACH_IMM_USE_ON_STMT (up, it)
	    {
	      basic_block bb = gimple_bb (use);
	      if (gphi *p = dyn_cast<gphi *> (use))
		bb = gimple_phi_arg_edge (p, PHI_ARG_INDEX_FROM_USE (up))->src;
	      if (!flow_bb_inside_loop_p (l, bb))
		SET_USE (up, out);
	    }
	  update_stmt (use);
	}
    }
  /* After the loop: a barrier (what the loop wrote is seen by all), or
     one only when two buffers it compares are one (plan_barriers), or
     none.  */
  gcall *b = NULL;
  if (barrier_after)
    b = gimple_build_call (gpu_marker_decl (GPU_MARK_BARRIER, NULL_TREE), 0);
  else if (!pairs->is_empty ())
    {
      auto_vec<tree> args;
      for (unsigned p = 0; p < pairs->length (); p++)
	args.safe_push (build_int_cst (integer_type_node, (*pairs)[p]));
      b = gimple_build_call_vec (gpu_marker_decl (GPU_MARK_BARRIER_IF_SAME,
						  NULL_TREE), args);
    }
  if (b && first)
    gsi_insert_before (&ag, b, GSI_NEW_STMT);
  else if (b)
    gsi_insert_after (&ag, b, GSI_NEW_STMT);
  return true;
}

/* Make work-item 0 alone run the store STMT of the serial code, between
   barriers.  */

static void
guard_store (gimple *stmt)
{
  basic_block bb = gimple_bb (stmt);
  gimple_stmt_iterator gp = gsi_for_stmt (stmt);
  gsi_prev (&gp);
  edge e1 = gsi_end_p (gp) ? split_block_after_labels (bb)
    : split_block (bb, gsi_stmt (gp));
  basic_block sb = e1->dest;
  edge e2 = split_block (sb, stmt);
  basic_block rest = e2->dest;

  gimple_stmt_iterator g = gsi_last_bb (e1->src);
  bool empty = gsi_end_p (g);
  gcall *bar = gimple_build_call (gpu_marker_decl (GPU_MARK_BARRIER,
						    NULL_TREE), 0);
  if (empty)
    {
      gimple_stmt_iterator s = gsi_start_bb (e1->src);
      gsi_insert_before (&s, bar, GSI_NEW_STMT);
      g = gsi_for_stmt (bar);
    }
  else
    gsi_insert_after (&g, bar, GSI_NEW_STMT);
  tree lid = emit_marker (&g, GPU_MARK_LOCAL_ID, NULL_TREE, 1,
			  build_int_cst (integer_type_node, 0), NULL_TREE,
			  NULL_TREE);
  /* (lid != 0 rather than lid == 0: OpenCL compilers warn about the
     parentheses the printer puts around an equality test.)  */
  gcond *c = gimple_build_cond (NE_EXPR, lid,
				build_int_cst (TREE_TYPE (lid), 0),
				NULL_TREE, NULL_TREE);
  gsi_insert_after (&g, c, GSI_NEW_STMT);
  e1->flags &= ~EDGE_FALLTHRU;
  e1->flags |= EDGE_FALSE_VALUE;
  e1->probability = profile_probability::even ();
  edge et = make_edge (e1->src, rest, EDGE_TRUE_VALUE);
  et->probability = profile_probability::even ();

  gimple_stmt_iterator rg = gsi_after_labels (rest);
  gcall *bar2 = gimple_build_call (gpu_marker_decl (GPU_MARK_BARRIER,
						     NULL_TREE), 0);
  if (gsi_end_p (rg))
    {
      gimple_stmt_iterator s = gsi_last_bb (rest);
      gsi_insert_after (&s, bar2, GSI_NEW_STMT);
    }
  else
    gsi_insert_before (&rg, bar2, GSI_NEW_STMT);
}

/* Walker: is an SSA name in *TP other than the outer iteration's
   values (defined before the innermost outer loop L = DATA, or L's
   index)?  */

static tree
varies_in_group_r (tree *tp, int *walk_subtrees, void *data)
{
  struct gpu_region *r = (struct gpu_region *) data;
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      basic_block bb = gimple_bb (SSA_NAME_DEF_STMT (*tp));
      if (*tp != r->dims[0].iv && bb
	  && flow_bb_inside_loop_p (r->dims[0].loop, bb))
	return *tp;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Does the reference DR make iteration number K of its inner loop touch
   bytes no other iteration number touches, at the same address for the
   whole outer iteration?  */

static bool
owned_p (struct gpu_region *r, data_reference_p dr)
{
  tree step = DR_STEP (dr);
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (DR_REF (dr)));
  if (!step || TREE_CODE (step) != INTEGER_CST || integer_zerop (step)
      || !size || !tree_fits_uhwi_p (size)
      || wi::ltu_p (wi::abs (wi::to_wide (step)), wi::to_wide (size)))
    return false;
  tree parts[3] = { DR_BASE_ADDRESS (dr), DR_OFFSET (dr), DR_INIT (dr) };
  for (int i = 0; i < 3; i++)
    if (!parts[i] || walk_tree (&parts[i], varies_in_group_r, r, NULL))
      return false;
  return true;
}

/* Do A and B, owned references (owned_p), touch the same bytes at the
   same iteration number, and only then?  */

static bool
same_owner_p (data_reference_p a, data_reference_p b)
{
  return (operand_equal_p (DR_BASE_ADDRESS (a), DR_BASE_ADDRESS (b), 0)
	  && operand_equal_p (DR_OFFSET (a), DR_OFFSET (b), 0)
	  && operand_equal_p (DR_INIT (a), DR_INIT (b), 0)
	  && operand_equal_p (DR_STEP (a), DR_STEP (b), 0)
	  && tree_int_cst_equal (TYPE_SIZE_UNIT (TREE_TYPE (DR_REF (a))),
				 TYPE_SIZE_UNIT (TREE_TYPE (DR_REF (b)))));
}

/* Which barrier must follow each inner loop of R (the work-item that
   runs iteration number K of one inner loop runs iteration number K of
   every other)?  Returns true when an unconditional one must (some
   memory may be touched by two work-items, one of them writing);
   otherwise fills *PAIRS with the pairs of buffer parameters that are
   written and touched by different references: a barrier is needed
   only when such a pair is one device buffer at run time (the runtime
   merges overlapping ranges into one buffer).  With no pair, no barrier
   is needed: every byte the inner loops write is touched by one
   work-item only.  */

static bool
plan_barriers (struct gpu_region *r, vec<int> *pairs)
{
  struct gpu_memctx m;
  body_ctx (&m, r, r->outer);
  auto_vec<data_reference_p> drs;
  auto_vec<int> caps;
  auto_vec<bool> stores;
  bool always = false;
  for (int k = 0; !always && k < r->ninner; k++)
    {
      class loop *l = r->inner[k].loop;
      basic_block *body = get_loop_body (l);
      for (unsigned i = 0; !always && i < l->num_nodes; i++)
	for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	     !always && !gsi_end_p (gsi); gsi_next (&gsi))
	  {
	    gimple *stmt = gsi_stmt (gsi);
	    if (is_gimple_debug (stmt) || !gimple_vuse (stmt))
	      continue;
	    if (!is_gimple_assign (stmt) || gimple_clobber_p (stmt))
	      {
		always = !gimple_clobber_p (stmt);
		continue;
	      }
	    bool st = gimple_store_p (stmt);
	    tree ref = st ? gimple_assign_lhs (stmt)
	      : gimple_assign_rhs1 (stmt);
	    if (ref_space (&m, stmt, ref) == GPU_AS_PRIVATE)
	      continue;
	    tree ptr;
	    tree obj = gpu_ref_base (ref, &ptr);
	    int cap = obj ? (DECL_P (obj) ? gpu_decl_info (&m, stmt, obj).cap
			     : -1)
	      : ptr ? gpu_ptr_info (&m, stmt, ptr).cap : -1;
	    data_reference_p dr = NULL;
	    if (body[i]->loop_father == l && cap >= 0)
	      dr = create_data_ref (loop_preheader_edge (l), l, ref, stmt, !st,
				    false);
	    if (!dr || !DR_BASE_ADDRESS (dr))
	      {
		always = true;
		if (dr)
		  free_data_ref (dr);
		continue;
	      }
	    drs.safe_push (dr);
	    caps.safe_push (cap);
	    stores.safe_push (st);
	  }
      free (body);
    }
  for (unsigned a = 0; !always && a < drs.length (); a++)
    for (unsigned b = a; !always && b < drs.length (); b++)
      {
	if (!stores[a] && !stores[b])
	  continue;
	if (caps[a] != caps[b])
	  {
	    int x = MIN (caps[a], caps[b]), y = MAX (caps[a], caps[b]);
	    bool seen = false;
	    for (unsigned p = 0; p + 1 < pairs->length (); p += 2)
	      if ((*pairs)[p] == x && (*pairs)[p + 1] == y)
		seen = true;
	    if (!seen)
	      {
		pairs->safe_push (x);
		pairs->safe_push (y);
	      }
	    continue;
	  }
	if (!owned_p (r, drs[a]) || !owned_p (r, drs[b])
	    || (a != b && !same_owner_p (drs[a], drs[b])))
	  always = true;
      }
  for (unsigned a = 0; a < drs.length (); a++)
    free_data_ref (drs[a]);
  gpu_memctx_fini (&m);
  if (r->fail)
    always = true;
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      if (always)
	fprintf (dump_file, "barriers after the inner loops: always (two "
		 "work-items may touch the same memory)\n");
      else
	fprintf (dump_file, "barriers after the inner loops: %u pair%s of "
		 "buffers to compare\n", pairs->length () / 2,
		 pairs->length () == 2 ? "" : "s");
    }
  return always;
}

/* Is STEP, in bytes, one element of the reference REF (either way)?  */

static bool
unit_step_p (tree step, tree ref)
{
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (ref));
  return (step && TREE_CODE (step) == INTEGER_CST && size
	  && TREE_CODE (size) == INTEGER_CST && !integer_zerop (size)
	  && wi::eq_p (wi::abs (wi::to_wide (step)), wi::to_wide (size)));
}

/* Does the reference REF of STMT, in the inner loop L of R, move by one
   element from one iteration of L to the next?  */

static bool
unit_in_inner_p (class loop *l, tree ref, gimple *stmt)
{
  data_reference_p dr = create_data_ref (loop_preheader_edge (l), l, ref,
					 stmt, !gimple_store_p (stmt), false);
  if (!dr)
    return false;
  bool unit = unit_step_p (DR_STEP (dr), ref);
  free_data_ref (dr);
  return unit;
}

/* See gpu-region.h.  (The pointer's evolution, instantiated down to
   OUTER: its part in the loops inside OUTER is dropped.)  */

bool
gpu_unit_step_in_p (class loop *outer, tree ref, gimple *stmt)
{
  if (TREE_CODE (ref) != MEM_REF
      || TREE_CODE (TREE_OPERAND (ref, 0)) != SSA_NAME)
    return false;
  class loop *l = loop_containing_stmt (stmt);
  tree ev = analyze_scalar_evolution (l, TREE_OPERAND (ref, 0));
  ev = instantiate_scev (loop_preheader_edge (outer), l, ev);

  while (TREE_CODE (ev) == POLYNOMIAL_CHREC
	 && CHREC_VARIABLE (ev) != (unsigned) outer->num)
    ev = CHREC_LEFT (ev);
  return (TREE_CODE (ev) == POLYNOMIAL_CHREC
	  && unit_step_p (CHREC_RIGHT (ev), ref));
}

/* Count the references to memory of the host in R's inner loops whose
   neighbouring work-items touch neighbouring elements: in R->COAL_GROUP
   when the work-items of a group share out the inner loops (the index
   of the inner level's innermost loop moves by one element), in
   R->COAL_FLAT when each work-item runs one outer iteration (dimension 0
   of the outer nest moves by one element).  The runtime maps a large
   outer index space the way that coalesces more (docs/ABI.md section
   5).  */

static void
count_coalesced (struct gpu_region *r)
{
  struct gpu_memctx m;
  body_ctx (&m, r, r->outer);
  r->coal_group = r->coal_flat = 0;
  for (int k = 0; k < r->ninner; k++)
    {
      class loop *l = r->inner[k].loop2 ? r->inner[k].loop2
	: r->inner[k].loop;
      basic_block *body = get_loop_body (l);
      for (unsigned i = 0; i < l->num_nodes; i++)
	for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	     !gsi_end_p (gsi); gsi_next (&gsi))
	  {
	    gimple *stmt = gsi_stmt (gsi);
	    if (!is_gimple_assign (stmt) || gimple_clobber_p (stmt)
		|| !gimple_vuse (stmt))
	      continue;
	    tree ref = gimple_store_p (stmt) ? gimple_assign_lhs (stmt)
	      : gimple_assign_load_p (stmt) ? gimple_assign_rhs1 (stmt)
	      : NULL_TREE;
	    if (!ref || ref_space (&m, stmt, ref) != GPU_AS_GLOBAL)
	      continue;
	    if (unit_in_inner_p (l, ref, stmt))
	      r->coal_group++;
	    if (gpu_unit_step_in_p (r->dims[0].loop, ref, stmt))
	      r->coal_flat++;
	  }
      free (body);
    }
  gpu_memctx_fini (&m);
  if (dump_file && (dump_flags & TDF_DETAILS))
    fprintf (dump_file, "references walking consecutive elements: %d with "
	     "two levels, %d with one\n", r->coal_group, r->coal_flat);
}

/* Remove from the device clone of R each barrier that follows another
   in the same block with only register arithmetic between them (the one
   after the serial code's guarded store and the one before the next
   inner loop): the first already orders all memory the second would.  */

static void
drop_repeated_barriers (struct gpu_region *r)
{
  basic_block *body = get_loop_body (r->dev.outer);
  for (unsigned i = 0; i < r->dev.outer->num_nodes; i++)
    {
      bool after_barrier = false;
      gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
      while (!gsi_end_p (gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (gpu_marker_of (stmt) == GPU_MARK_BARRIER)
	    {
	      if (after_barrier)
		{
		  unlink_stmt_vdef (stmt);
		  gsi_remove (&gsi, true);
		  continue;
		}
	      after_barrier = true;
	    }
	  else if (!is_gimple_debug (stmt)
		   && (!is_gimple_assign (stmt) || gimple_vuse (stmt)))
	    after_barrier = false;
	  gsi_next (&gsi);
	}
    }
  free (body);
}

/* Lower R's clone to two levels (see the head of the file).  */

static bool
lower_two_level (struct gpu_region *r)
{
  /* The serial code's stores to memory of the host, found before the
     inner loops grow blocks of their own, and whether it touches such
     memory at all (else no barrier is needed before an inner loop: the
     one after the loop before it, if any, orders the inner loops).  */
  auto_vec<gimple *> stores;
  bool serial_global = false;
  class loop *l = r->dev.loops[0];
  struct gpu_memctx m;
  body_ctx (&m, r, r->dev.outer);
  basic_block *body = get_loop_body (l);
  for (unsigned i = 0; i < l->num_nodes; i++)
    {
      if (!serial_block_p (r, body[i], true))
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	   !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt))
	    continue;
	  if (touches_global_p (&m, stmt))
	    serial_global = true;
	  if (gimple_clobber_p (stmt) || !gimple_vdef (stmt))
	    continue;
	  enum gpu_as as = write_space (&m, stmt);
	  if (as == GPU_AS_GLOBAL)
	    stores.safe_push (stmt);
	  else if (as != GPU_AS_PRIVATE)
	    gpu_region_fail (r, gpu_stmt_loc (r, stmt), "a statement between "
			     "the inner loops writes memory that cannot be "
			     "placed");
	}
    }
  free (body);
  gpu_memctx_fini (&m);
  if (r->fail)
    return false;

  /* The code between the inner loops touching memory of the host needs
     the barriers around each inner loop; otherwise those after them
     follow the plan.  */
  auto_vec<int> pairs;
  bool after = serial_global || plan_barriers (r, &pairs);
  for (int k = 0; k < r->ninner; k++)
    {
      if (!share_inner (r, k, serial_global, after, &pairs))
	return false;
    }
  for (unsigned i = 0; i < stores.length (); i++)
    guard_store (stores[i]);
  drop_repeated_barriers (r);
  return true;
}

/* A serial sum loop made an inner level (gpu_twolevel_auto_reduce):
   matvec's "for (j...) s += a[i*m + j] * x[j]" in a 1-D nest, one row
   per work-item, reads a[] a row apart in neighbouring work-items (not
   coalesced) and gives the device as many work-items as rows.  Shared
   out over a work-group per row, as the user would have it by marking j
   GPU_PARALLEL and s GPU_REDUCE, the row is read element by element and
   the group combines its partial sums in local memory.  That changes
   only the order of the additions; it is done when that order is free:
   an integer sum (the device's arithmetic wraps, so any order gives the
   sum the serial loop gives when that one does not overflow), or a
   floating-point sum under -fassociative-math (GCC's own permission to
   reorder them, part of -Ofast and -ffast-math).  A floating-point sum
   without it stays serial, with a remark.  The loop must be the only
   loop inside the innermost marked loop, hold no store or call with side
   effects and carry nothing but its index and the sum (S = S + E, S
   used only there in the loop); the checks of a marked inner loop
   (find_inner) then apply, and undo the marks when they fail.  */

/* Say at LOC, for the serial loop of R that sums into ACC (or, with ACC
   NULL, the serial loop gpu_twolevel_auto_inner looked at), WHY it stays
   serial (a missed remark and a FAILED line), or with WHY NULL that it
   was made an inner level, under RULE.  */

static void
auto_reduce_say (struct gpu_region *r, location_t loc, tree acc,
		 const char *why, const char *rule)
{
  char buf[512];
  const char *name = acc ? gpu_value_name (acc) : NULL;
  int line = LOCATION_LINE (loc);
  if (!acc && why)
    snprintf (buf, sizeof buf, "%s: the inner loop at line %d runs "
	      "serially in each work-item: %s", r->kernel_name, line, why);
  else if (!acc)
    snprintf (buf, sizeof buf, "%s: the inner loop at line %d runs as a "
	      "second level: %s", r->kernel_name, line,
	      rule ? rule : "its iterations are independent");
  else if (why)
    snprintf (buf, sizeof buf, "%s: the serial loop summing into %s runs "
	      "in each work-item: %s", r->kernel_name, name, why);
  else
    snprintf (buf, sizeof buf, "%s: the serial loop summing into %s is "
	      "shared out over a work-group per iteration, its sum combined "
	      "in local memory (%s)", r->kernel_name, name, rule);
  gpu_dump_reason (why ? "FAILED" : "SUCCESS", loc, buf);
  if (!dump_enabled_p ())
    return;
  dump_user_location_t where = dump_user_location_t::from_location_t (loc);
  if (!acc && why)
    dump_printf_loc (MSG_MISSED_OPTIMIZATION, where, "inner loop at line "
		     "%d runs serially in each work-item: %s\n", line, why);
  else if (!acc)
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS, where, "inner loop at line "
		     "%d runs as a second level: %s\n", line,
		     rule ? rule : "its iterations are independent");
  else if (why)
    dump_printf_loc (MSG_MISSED_OPTIMIZATION, where,
		     "serial loop summing into %s runs in each work-item: "
		     "%s\n", name, why);
  else
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS, where,
		     "serial loop summing into %s shared out over a "
		     "work-group per iteration, the sum combined in local "
		     "memory: the order of its additions changes (%s)\n",
		     name, rule);
}

/* Give the SSA names of the function defined inside LOOP whose variable
   is VAR (or NAME alone when it has none) a copy of VAR that carries the
   attribute ATTR; record them in MARKS.  */

static void
auto_mark (class loop *loop, tree name, const char *attr,
	   struct gpu_auto_marks *marks)
{
  tree var = SSA_NAME_VAR (name);
  tree nv;
  if (var && VAR_P (var))
    nv = copy_node (var);
  else
    nv = create_tmp_var_raw (TREE_TYPE (name), attr);
  DECL_ATTRIBUTES (nv) = tree_cons (get_identifier (attr), NULL_TREE,
				    DECL_ATTRIBUTES (nv));
  DECL_CONTEXT (nv) = current_function_decl;
  add_local_decl (cfun, nv);
  unsigned i;
  tree x;
  FOR_EACH_SSA_NAME (i, x, cfun)
    {
      if (x != name && (!var || SSA_NAME_VAR (x) != var))
	continue;
      gimple *def = SSA_NAME_DEF_STMT (x);
      if (x != name && (!gimple_bb (def)
			|| !flow_bb_inside_loop_p (loop, gimple_bb (def))))
	continue;
      marks->names.safe_push (x);
      marks->vars.safe_push (SSA_NAME_VAR (x));
      SET_SSA_NAME_VAR_OR_IDENTIFIER (x, nv);
    }
}

/* See gpu-region.h.  */

void
gpu_twolevel_auto_finish (struct gpu_region *r, struct gpu_auto_marks *marks)
{
  if (marks->names.is_empty ())
    return;
  if (r->ninner)
    {
      r->inner[0].alias_check = marks->alias_check;
      auto_reduce_say (r, marks->loc, marks->acc, NULL, marks->rule);
      return;
    }
  for (unsigned i = 0; i < marks->names.length (); i++)
    SET_SSA_NAME_VAR_OR_IDENTIFIER (marks->names[i], marks->vars[i]);
  auto_reduce_say (r, marks->loc, marks->acc, "an inner level cannot share it out (see the remark on "
		   "the inner loop)", NULL);
  marks->names.truncate (0);
  marks->vars.truncate (0);
}

/* See gpu-region.h and the comment above auto_reduce_say.  */

/* The single serial loop of R's 1-D marked loop, with no loop inside it
   and no marked variable carried around it, for the automatic inner
   level: NULL if there is none.  Its index (an integer with a constant
   step) in *IV; the first other value it carries in *OTHER (NULL_TREE if
   none) and their number in *NOTHER.  */

static class loop *
auto_candidate (struct gpu_region *r, tree *iv, tree *other, int *nother)
{
  class loop *c = r->dims[0].loop->inner;
  if (r->ndim != 1 || !c || c->next || c->inner)
    return NULL;
  *iv = *other = NULL_TREE;
  *nother = 0;
  for (gphi_iterator gsi = gsi_start_phis (c->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      tree res = gimple_phi_result (gsi.phi ());
      tree var = SSA_NAME_VAR (res);
      if (virtual_operand_p (res))
	continue;
      if (var && (gpu_decl_has_attr (var, GPU_ATTR_PARALLEL)
		  || gpu_decl_has_attr (var, GPU_ATTR_REDUCE)))
	return NULL;
      affine_iv aiv;
      if (!*iv && INTEGRAL_TYPE_P (TREE_TYPE (res))
	  && simple_iv (c, c, res, &aiv, true)
	  && TREE_CODE (aiv.step) == INTEGER_CST)
	*iv = res;
      else if ((*nother)++ == 0)
	*other = res;
    }
  return *iv ? c : NULL;
}

bool
gpu_twolevel_auto_reduce (struct gpu_region *r, struct gpu_auto_marks *marks)
{
  /* The index and the sum, nothing else carried.  */
  tree iv, acc;
  int nother;
  class loop *c = auto_candidate (r, &iv, &acc, &nother);
  if (!c || nother != 1)
    return false;
  gphi *phi = as_a<gphi *> (SSA_NAME_DEF_STMT (acc));
  tree next = PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (c));
  gimple *upd = TREE_CODE (next) == SSA_NAME ? SSA_NAME_DEF_STMT (next)
    : NULL;
  if (!upd || !is_gimple_assign (upd)
      || gimple_assign_rhs_code (upd) != PLUS_EXPR
      || !gimple_bb (upd) || !flow_bb_inside_loop_p (c, gimple_bb (upd))
      || (gimple_assign_rhs1 (upd) == acc)
	 == (gimple_assign_rhs2 (upd) == acc))
    return false;
  /* S is used only by S + E in the loop, S + E only by the PHI.  */
  imm_use_iterator it;
  use_operand_p u;
  FOR_EACH_IMM_USE_FAST (u, it, acc)
    {
      gimple *use = USE_STMT (u);
      if (!is_gimple_debug (use) && use != upd
	  && flow_bb_inside_loop_p (c, gimple_bb (use)))
	return false;
    }
  FOR_EACH_IMM_USE_FAST (u, it, next)
    {
      gimple *use = USE_STMT (u);
      if (!is_gimple_debug (use) && use != phi)
	return false;
    }
  /* No store, no call with side effects.  */
  basic_block *body = get_loop_body (c);
  bool pure = true;
  for (unsigned i = 0; pure && i < c->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	 pure && !gsi_end_p (gsi); gsi_next (&gsi))
      if (gimple_vdef (gsi_stmt (gsi)))
	pure = false;
  free (body);
  if (!pure)
    return false;
  location_t loc = find_loop_location (c).get_location_t ();
  tree type = TREE_TYPE (acc);
  const char *rule;
  if (INTEGRAL_TYPE_P (type))
    rule = "an integer sum: the same result";
  else if (SCALAR_FLOAT_TYPE_P (type)
	   && opt_for_fn (current_function_decl, flag_associative_math))
    rule = "a floating-point sum under -fassociative-math";
  else
    {
      auto_reduce_say (r, loc, acc, SCALAR_FLOAT_TYPE_P (type)
		       ? "sharing it out over a work-group would change the "
		       "order of its floating-point additions; "
		       "-fassociative-math allows that (or mark the loop "
		       "GPU_PARALLEL and the sum GPU_REDUCE)"
		       : "its sum has neither integer nor floating type",
		       NULL);
      return false;
    }
  if (gpu_opts.no_auto_reduce || gpu_opts.no_local_mem)
    {
      auto_reduce_say (r, loc, acc, gpu_opts.no_auto_reduce
		       ? "-fplugin-arg-gpuoffload-no-auto-reduce"
		       : "-fplugin-arg-gpuoffload-no-local-mem", NULL);
      return false;
    }
  marks->acc = acc;
  marks->loc = loc;
  marks->rule = rule;
  auto_mark (c, iv, GPU_ATTR_PARALLEL, marks);
  auto_mark (r->dims[0].loop, acc, GPU_ATTR_REDUCE, marks);
  return true;
}

/* A serial loop with independent iterations made an inner level
   (gpu_twolevel_auto_inner): a ported OpenMP program marks only its row
   loop, as hotspot's "for (c...) result[r*cols + c] = ..." or lud's
   "for (j = k+1...) a[i*size + j] -= l * a[k*size + j]"; one row per
   work-item walks memory a row apart in neighbouring work-items (not
   coalesced) and gives the device as many work-items as rows.  Shared
   out over a work-group per row, as if the user had marked the loop
   GPU_PARALLEL, the row is walked element by element.  That is done only
   when it changes nothing: GCC's data-dependence analysis of the loop
   finds no dependence between two of its references that crosses its
   iterations (each is independent, chrec_known, or at distance 0), each
   store moves by at least its own size from one iteration to the next
   (the analysis does not compare a reference with itself), it calls no
   function that touches memory (the analysis fails on such a call), and
   it carries nothing but its index.  The loop must be the only loop
   inside the innermost marked loop of a 1-D nest; the checks of a marked
   inner loop (find_inner) then apply, and undo the mark when they
   fail.  */

/* Do the references A and B of the serial loop LOOP, which GCC's
   dependence analysis could not separate, name the same array (not
   through a pointer whose range is unknown) with, in one dimension, the
   same subscript that moves with LOOP?  Then two iterations touch
   different elements of that dimension: lud's A[i][j] and A[k][j], whose
   rows i and k the analysis cannot compare.  Like the analysis, this
   relies on each subscript staying within its dimension.  */

static bool
same_moving_subscript_p (class loop *loop, struct data_reference *a,
			 struct data_reference *b)
{
  if (!DR_BASE_OBJECT (a) || !DR_BASE_OBJECT (b)
      || DR_UNCONSTRAINED_BASE (a) || DR_UNCONSTRAINED_BASE (b)
      || !operand_equal_p (DR_BASE_OBJECT (a), DR_BASE_OBJECT (b), 0)
      || DR_NUM_DIMENSIONS (a) != DR_NUM_DIMENSIONS (b)
      || !operand_equal_p (TYPE_SIZE_UNIT (TREE_TYPE (DR_REF (a))),
			   TYPE_SIZE_UNIT (TREE_TYPE (DR_REF (b))), 0))
    return false;
  for (unsigned d = 0; d < DR_NUM_DIMENSIONS (a); d++)
    {
      tree fa = DR_ACCESS_FN (a, d);
      if (TREE_CODE (fa) == POLYNOMIAL_CHREC
	  && CHREC_VARIABLE (fa) == (unsigned) loop->num
	  && evolution_function_is_affine_p (fa)
	  && TREE_CODE (CHREC_RIGHT (fa)) == INTEGER_CST
	  && !integer_zerop (CHREC_RIGHT (fa))
	  && eq_evolutions_p (fa, DR_ACCESS_FN (b, d)))
	return true;
    }
  return false;
}

/* Can the bytes the reference DR touches over the iterations of LOOP be
   computed before LOOP starts: an address affine in LOOP's index with a
   constant step (scalar evolution) from a start invariant in LOOP, and a
   constant size?  Then the run-time alias check (alias_check_cond)
   covers it.  */

static bool
alias_checkable_p (class loop *loop, data_reference_p dr)
{
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (DR_REF (dr)));
  return (DR_BASE_ADDRESS (dr) && DR_OFFSET (dr) && DR_INIT (dr)
	  && DR_STEP (dr) && TREE_CODE (DR_STEP (dr)) == INTEGER_CST
	  && size && TREE_CODE (size) == INTEGER_CST
	  && expr_invariant_in_loop_p (loop, DR_BASE_ADDRESS (dr))
	  && expr_invariant_in_loop_p (loop, DR_OFFSET (dr)));
}

/* Does DDR, a dependence between two references of the serial loop
   LOOP, keep LOOP's iterations apart?  NULL, or why not.  When the
   analysis could not tell only because the two addresses differ by
   values known at run time (both alias_checkable_p), set *CHECK: the
   iterations are apart when the bytes the two references touch over the
   loop do not meet, which the kernel checks.  */

static const char *
auto_inner_ddr (class loop *loop, struct data_dependence_relation *ddr,
		bool *check)
{
  struct data_reference *a = DDR_A (ddr), *b = DDR_B (ddr);
  if (DR_IS_READ (a) && DR_IS_READ (b))
    return NULL;
  if (a == b)
    {
      /* A store to other bytes in each iteration.  */
      tree step = DR_STEP (a);
      tree size = TYPE_SIZE_UNIT (TREE_TYPE (DR_REF (a)));
      if (!step || TREE_CODE (step) != INTEGER_CST || !size
	  || TREE_CODE (size) != INTEGER_CST
	  || wi::to_widest (step) == 0
	  || wi::ltu_p (wi::abs (wi::to_widest (step)), wi::to_widest (size)))
	return "a store of it does not move to other memory from one "
	  "iteration to the next";
      return NULL;
    }
  if (DDR_ARE_DEPENDENT (ddr) == chrec_known
      || same_moving_subscript_p (loop, a, b))
    return NULL;
  if ((DDR_ARE_DEPENDENT (ddr) == chrec_dont_know
       || DDR_NUM_DIST_VECTS (ddr) == 0)
      && alias_checkable_p (loop, a) && alias_checkable_p (loop, b))
    {
      *check = true;
      return NULL;
    }
  if (DDR_ARE_DEPENDENT (ddr) == chrec_dont_know
      || DDR_NUM_DIST_VECTS (ddr) == 0)
    return "GCC's data-dependence analysis cannot tell whether two of its "
      "memory references meet in different iterations";
  int k = index_in_loop_nest (loop->num, DDR_LOOP_NEST (ddr));
  unsigned i;
  lambda_vector v;
  FOR_EACH_VEC_ELT (DDR_DIST_VECTS (ddr), i, v)
    if (v[k] != 0)
      return "an iteration touches memory that another one writes";
  return NULL;
}

/* See gpu-region.h and the comment above auto_inner_ddr.  */

bool
gpu_twolevel_auto_inner (struct gpu_region *r, struct gpu_auto_marks *marks)
{
  tree iv, other;
  int nother;
  class loop *c = auto_candidate (r, &iv, &other, &nother);
  if (!c)
    return false;
  bool carried = nother > 0;
  /* A loop that stores nothing is a sum (gpu_twolevel_auto_reduce) or
     nothing to share out.  */
  basic_block *body = get_loop_body (c);
  bool stores = false;
  for (unsigned i = 0; !stores && i < c->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	 !stores && !gsi_end_p (gsi); gsi_next (&gsi))
      if (gimple_vdef (gsi_stmt (gsi)))
	stores = true;
  free (body);
  if (!stores)
    return false;
  location_t loc = find_loop_location (c).get_location_t ();
  const char *why = NULL;
  if (carried)
    why = "it carries a value other than its index from one iteration to "
      "the next";
  auto_vec<loop_p, 2> nest;
  vec<data_reference_p> drs = vNULL;
  vec<ddr_p> ddrs = vNULL;
  auto_vec<gimple *, 8> added;
  static char buf[256];
  if (!why)
    why = loop_refs (c, &nest, &drs, &ddrs, &added, buf, sizeof buf);
  unsigned i;
  ddr_p ddr;
  bool check = false;
  if (!why)
    FOR_EACH_VEC_ELT (ddrs, i, ddr)
      if ((why = auto_inner_ddr (c, ddr, &check)))
	break;
  free_dependence_relations (ddrs);
  free_data_refs (drs);
  remove_added (&added);
  if (!why && gpu_opts.no_auto_inner)
    why = "-fplugin-arg-gpuoffload-no-auto-inner";
  if (!why && check && gpu_opts.no_alias_check)
    why = "GCC's data-dependence analysis cannot tell whether two of its "
      "memory references meet in different iterations, and "
      "-fplugin-arg-gpuoffload-no-alias-check forbids checking that at "
      "run time";
  if (why)
    {
      auto_reduce_say (r, loc, NULL_TREE, why, NULL);
      return false;
    }
  marks->acc = NULL_TREE;
  marks->loc = loc;
  marks->rule = check ? "inner loop parallel under a run-time alias check "
    "(one work-item runs it where its references may overlap)" : NULL;
  marks->alias_check = check;
  auto_mark (c, iv, GPU_ATTR_PARALLEL, marks);
  return true;
}

namespace {

const pass_data pass_data_gpu_twolevel =
{
  GIMPLE_PASS,			/* type */
  "gpu_twolevel",		/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_twolevel : public gimple_opt_pass
{
public:
  pass_gpu_twolevel (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_twolevel, ctxt)
  {}

  /* Only functions in which gpu_find made regions.  */
  virtual bool gate (function *fun)
  {
    return !gpu_opts.no_two_level && gpu_has_regions (fun);
  }

  virtual unsigned int execute (function *);
};

/* Lower the device clone of every two-level region of FUN.  */

unsigned int
pass_gpu_twolevel::execute (function *fun)
{
  vec<gpu_region *> *regions = gpu_regions (fun);
  bool any = false;
  for (unsigned i = 0; i < regions->length (); i++)
    if (!(*regions)[i]->fail && (*regions)[i]->ninner
	&& (*regions)[i]->dev.outer)
      any = true;
  if (!any)
    return 0;
  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  calculate_dominance_info (CDI_DOMINATORS);
  scev_initialize ();
  for (unsigned i = 0; i < regions->length (); i++)
    {
      struct gpu_region *r = (*regions)[i];
      if (r->fail || !r->ninner || !r->dev.outer)
	continue;
      count_coalesced (r);
      if (!lower_two_level (r))
	{
	  gpu_region_report_missed (r);
	  continue;
	}
      if (dump_file && (dump_flags & TDF_DETAILS))
	{
	  /* The barriers in the text of the kernel.  */
	  unsigned nbar = 0, ncond = 0;
	  basic_block *body = get_loop_body (r->dev.outer);
	  for (unsigned b = 0; b < r->dev.outer->num_nodes; b++)
	    for (gimple_stmt_iterator gsi = gsi_start_bb (body[b]);
		 !gsi_end_p (gsi); gsi_next (&gsi))
	      if (gpu_marker_of (gsi_stmt (gsi)) == GPU_MARK_BARRIER)
		nbar++;
	      else if (gpu_marker_of (gsi_stmt (gsi))
		       == GPU_MARK_BARRIER_IF_SAME)
		ncond++;
	  free (body);
	  expanded_location xl = expand_location (r->loc);
	  fprintf (dump_file, "SUCCESS: %s:%d: %s: the outer %d-D nest over "
		   "work-groups, %d inner loop%s over the work-items of a "
		   "group, %u reduction%s per outer iteration, %u barrier%s, "
		   "%u only when buffers coincide\n",
		   xl.file, xl.line, r->kernel_name, r->ndim, r->ninner,
		   r->ninner > 1 ? "s" : "", r->ireds.length (),
		   r->ireds.length () == 1 ? "" : "s", nbar,
		   nbar == 1 ? "" : "s", ncond);
	}
    }
  scev_finalize ();
  free_dominance_info (CDI_DOMINATORS);
  mark_virtual_operands_for_renaming (fun);
  update_ssa (TODO_update_ssa_only_virtuals);
  loop_optimizer_finalize ();
  return 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_twolevel (gcc::context *ctxt)
{
  return new pass_gpu_twolevel (ctxt);
}
