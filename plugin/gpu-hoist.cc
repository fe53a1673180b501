/* gpu-hoist.cc -- loads a marked loop repeats with the same result, moved
   before it (for gpu_find, before it looks at the loop).

   Real code reaches its arrays through pointers kept in memory: a global
   (`knodes[...]', `I[...]'), a field of a struct passed by pointer
   (`g->temp[...]'), and reads sizes the same way (`r < g->rows').  Inside
   the region such a load would read a host pointer on the device, where
   it means nothing, and the loop stayed on the host ("pointer is loaded
   from memory").  GCC's own loop-invariant motion runs much later than
   our passes.  When no statement of the loop may write the loaded memory
   (GCC's alias oracle), the load gives the same value in every iteration:
   done once before the loop, its value is a kernel argument like any
   other, and a pointer is then bounded like a pointer parameter (by its
   object at run time, where nothing else bounds it).

   A load is moved only where doing it before the loop cannot fault when
   the loop runs no iteration: a load in the loop's header (which runs at
   least once, right after the preheader), a load from a variable (never
   faults), or a field of a struct that the header, or code that always
   runs before the loop, already read or wrote through the same pointer
   (the object is there).

   Any other load that every iteration does (its block dominates the
   latch: pathfinder's row pointer `wall[t + 1]', read from a table with
   an index the loop does not change) faults before the loop only where
   the loop would fault in its first iteration, provided the loop runs at
   least once.  Such a load is done before the loop under the loop's
   entry test (the header's exit test on the values the loop starts
   with), with the address arithmetic it needs; where the loop runs no
   iteration its value is 0, which nothing then uses.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"

/* The pointer of REF's base when it is a struct field read through it
   (MEM_REF at offset 0 with COMPONENT_REFs of constant position above),
   else NULL_TREE; *TYPE is set to the struct's type.  */

static tree
field_base_pointer (tree ref, tree *type)
{
  tree t = ref;
  if (TREE_CODE (t) != COMPONENT_REF)
    return NULL_TREE;
  while (TREE_CODE (t) == COMPONENT_REF)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) != MEM_REF
      || TREE_CODE (TREE_OPERAND (t, 0)) != SSA_NAME
      || !integer_zerop (TREE_OPERAND (t, 1))
      || TREE_CODE (TREE_TYPE (t)) != RECORD_TYPE)
    return NULL_TREE;
  *type = TYPE_MAIN_VARIANT (TREE_TYPE (t));
  return TREE_OPERAND (t, 0);
}

/* Add to PTRS and TYPES the struct pointers and types of the field
   accesses of block BB (field_base_pointer).  */

static void
note_field_accesses (basic_block bb, vec<tree> *ptrs, vec<tree> *types)
{
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (!gimple_assign_single_p (stmt))
	continue;
      tree ops[2] = { gimple_assign_lhs (stmt), gimple_assign_rhs1 (stmt) };
      for (int k = 0; k < 2; k++)
	{
	  tree type = NULL_TREE;
	  if (tree p = field_base_pointer (ops[k], &type))
	    {
	      ptrs->safe_push (p);
	      types->safe_push (type);
	    }
	}
    }
}

/* Is every SSA name STMT uses defined outside LOOP?  */

static bool
operands_invariant_p (class loop *loop, gimple *stmt)
{
  ssa_op_iter it;
  tree use;
  FOR_EACH_SSA_TREE_OPERAND (use, stmt, it, SSA_OP_USE)
    if (!SSA_NAME_IS_DEFAULT_DEF (use)
	&& flow_bb_inside_loop_p (loop, gimple_bb (SSA_NAME_DEF_STMT (use))))
      return false;
  return true;
}

/* May the call STMT write what REF reads?  GCC's oracle says yes to any
   call of a function of this unit whose body it has not summarised yet
   (our passes run before pure-const): then look at the callee's stores
   and at its calls, VISITED guarding against recursion.  */

static bool
call_may_clobber_p (gimple *stmt, tree ref, hash_set<tree> *visited)
{
  if (!stmt_may_clobber_ref_p (stmt, ref))
    return false;
  tree fndecl = is_gimple_call (stmt) ? gimple_call_fndecl (stmt) : NULL_TREE;
  function *cf = fndecl ? DECL_STRUCT_FUNCTION (fndecl) : NULL;
  if (!cf || !cf->cfg || !gimple_in_ssa_p (cf) || visited->add (fndecl))
    return true;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cf)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (!gimple_vdef (s))
	  continue;
	if (is_gimple_call (s))
	  {
	    if (call_may_clobber_p (s, ref, visited))
	      return true;
	    continue;
	  }
	if (!gimple_assign_single_p (s))
	  return true;
	tree lhs = gimple_assign_lhs (s);
	tree base = get_base_address (lhs);
	if (base && DECL_P (base) && auto_var_in_fn_p (base, fndecl))
	  continue;		/* The callee's own variable.  */
	if (refs_may_alias_p (lhs, ref))
	  return true;
      }
  return false;
}

/* May a statement of LOOP (its blocks BODY) write what REF reads?  */

static bool
clobbered_in_loop_p (class loop *loop, basic_block *body, tree ref)
{
  for (unsigned i = 0; i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	hash_set<tree> visited;
	if (gimple_vdef (stmt)
	    && (is_gimple_call (stmt)
		? call_may_clobber_p (stmt, ref, &visited)
		: stmt_may_clobber_ref_p (stmt, ref)))
	  {
	    if (dump_file && (dump_flags & TDF_DETAILS))
	      {
		fprintf (dump_file, "FAILED: load of ");
		print_generic_expr (dump_file, ref, TDF_SLIM);
		fprintf (dump_file, " kept in loop %d: it may be written by ",
			 loop->num);
		print_gimple_stmt (dump_file, stmt, 0, TDF_SLIM);
	      }
	    return true;
	  }
      }
  return false;
}

static tree entry_value_r (tree *, int *, void *);

/* The value OP of LOOP's header has when the loop is entered, as
   GENERIC valid on the preheader edge: OP itself when defined before the
   loop, a header PHI's argument from the preheader, or the header's
   computation of it (loads included: the header runs first thing) on
   such values; NULL_TREE if none.  */

static tree
entry_value (class loop *loop, tree op)
{
  if (TREE_CODE (op) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (op))
    return op;
  gimple *def = SSA_NAME_DEF_STMT (op);
  if (!flow_bb_inside_loop_p (loop, gimple_bb (def)))
    return op;
  if (gimple_bb (def) != loop->header)
    return NULL_TREE;
  if (gphi *phi = dyn_cast<gphi *> (def))
    return PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (loop));
  if (!is_gimple_assign (def))
    return NULL_TREE;
  tree t = unshare_expr (gimple_assign_rhs_to_tree (def));
  if (walk_tree (&t, entry_value_r, loop, NULL))
    return NULL_TREE;
  return t;
}

/* Walker: SSA names become their entry_value (DATA is the loop); one
   without stops the walk.  */

static tree
entry_value_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      tree v = entry_value ((class loop *) data, *tp);
      if (!v)
	return *tp;
      *tp = v;
      *walk_subtrees = 0;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* The test on entry to LOOP that its first iteration runs: the header's
   exit test on the values the header computes on entry (entry_value),
   when LOOP's single exit leaves from the header and the header stores
   nothing; else NULL_TREE.  */

static tree
entry_test (class loop *loop)
{
  edge exit = single_exit (loop);
  if (!exit || exit->src != loop->header)
    return NULL_TREE;
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (loop->header));
  if (!cond)
    return NULL_TREE;
  for (gimple_stmt_iterator gsi = gsi_start_bb (loop->header);
       !gsi_end_p (gsi); gsi_next (&gsi))
    if (gimple_vdef (gsi_stmt (gsi)))
      return NULL_TREE;
  tree ops[2];
  for (int k = 0; k < 2; k++)
    if (!(ops[k] = entry_value (loop, gimple_op (cond, k))))
      return NULL_TREE;
  tree t = fold_build2 (gimple_cond_code (cond), boolean_type_node, ops[0],
			ops[1]);
  if (exit->flags & EDGE_TRUE_VALUE)
    t = fold_build1 (TRUTH_NOT_EXPR, boolean_type_node, t);
  return t;
}

/* Can OP, used in LOOP, be computed before LOOP: defined before it, or
   by arithmetic of LOOP (no load, nothing that may trap) on such values?
   When COPY, returns OP's value computed at *GSI (copies of that
   arithmetic inserted there), else OP itself; NULL_TREE if it cannot.  */

static tree
before_loop (class loop *loop, tree op, gimple_stmt_iterator *gsi, bool copy)
{
  if (TREE_CODE (op) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (op))
    return op;
  gimple *def = SSA_NAME_DEF_STMT (op);
  if (!flow_bb_inside_loop_p (loop, gimple_bb (def)))
    return op;
  if (!is_gimple_assign (def) || gimple_vuse (def)
      || gimple_could_trap_p (def))
    return NULL_TREE;
  gimple *c = copy ? gimple_copy (def) : NULL;
  for (unsigned i = 1; i < gimple_num_ops (def); i++)
    {
      tree v = before_loop (loop, gimple_op (def, i), gsi, copy);
      if (!v)
	return NULL_TREE;
      if (c)
	gimple_set_op (c, i, v);
    }
  if (!c)
    return op;
  tree lhs = make_ssa_name (TREE_TYPE (op));
  gimple_assign_set_lhs (c, lhs);
  gsi_insert_after (gsi, c, GSI_NEW_STMT);
  return lhs;
}

/* Walker over the address of a load copied before the loop (DATA: the
   loop and the iterator): SSA names become their values there.  */

struct before_walk
{
  class loop *loop;
  gimple_stmt_iterator *gsi;
};

static tree
before_loop_r (tree *tp, int *walk_subtrees, void *data)
{
  struct before_walk *w = (struct before_walk *) data;
  if (TREE_CODE (*tp) == SSA_NAME)
    *tp = before_loop (w->loop, *tp, w->gsi, true);
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Is every SSA name STMT uses computable before LOOP (before_loop)?  */

static bool
operands_computable_p (class loop *loop, gimple *stmt)
{
  ssa_op_iter it;
  tree use;
  FOR_EACH_SSA_TREE_OPERAND (use, stmt, it, SSA_OP_USE)
    if (!before_loop (loop, use, NULL, false))
      return false;
  return true;
}

/* Does LOOP (its blocks BODY) call a function that does not return?  */

static bool
noreturn_call_p (class loop *loop, basic_block *body)
{
  for (unsigned i = 0; i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (is_gimple_call (gsi_stmt (gsi))
	  && (gimple_call_flags (gsi_stmt (gsi)) & ECF_NORETURN))
	return true;
  return false;
}

/* Remove the statement of LOOP defining NAME if nothing uses NAME any
   more, and so on along its operands (the address arithmetic of a load
   hoist_guarded moved).  */

static void
remove_unused (class loop *loop, tree name)
{
  if (TREE_CODE (name) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (name)
      || !has_zero_uses (name))
    return;
  gimple *def = SSA_NAME_DEF_STMT (name);
  if (!is_gimple_assign (def) || gimple_vuse (def)
      || !flow_bb_inside_loop_p (loop, gimple_bb (def)))
    return;
  auto_vec<tree, 4> ops;
  for (unsigned i = 1; i < gimple_num_ops (def); i++)
    ops.safe_push (gimple_op (def, i));
  gimple_stmt_iterator gsi = gsi_for_stmt (def);
  gsi_remove (&gsi, true);
  release_defs (def);
  for (unsigned i = 0; i < ops.length (); i++)
    remove_unused (loop, ops[i]);
}

/* Make the test TEST on LOOP's preheader edge: a block testing it, a
   then-block, and a join block before a new preheader.  Returns the
   then-block; the join block is its single successor.  */

static basic_block
make_entry_guard (class loop *loop, tree test)
{
  basic_block cond_bb = split_edge (loop_preheader_edge (loop));
  basic_block join = split_edge (single_succ_edge (cond_bb));
  basic_block then_bb = split_edge (single_succ_edge (cond_bb));
  edge te = single_succ_edge (cond_bb);
  te->flags = (te->flags & ~EDGE_FALLTHRU) | EDGE_TRUE_VALUE;
  te->probability = profile_probability::likely ();
  edge fe = make_edge (cond_bb, join, EDGE_FALSE_VALUE);
  fe->probability = te->probability.invert ();
  set_immediate_dominator (CDI_DOMINATORS, then_bb, cond_bb);
  set_immediate_dominator (CDI_DOMINATORS, join, cond_bb);
  gimple_stmt_iterator gsi = gsi_last_bb (cond_bb);
  tree c = force_gimple_operand_gsi (&gsi, unshare_expr (test), true,
				     NULL_TREE, false, GSI_CONTINUE_LINKING);
  gsi_insert_after (&gsi, gimple_build_cond_from_tree (c, NULL_TREE,
							NULL_TREE),
		    GSI_CONTINUE_LINKING);
  /* A preheader of its own again: one predecessor, one successor.  */
  split_edge (single_succ_edge (join));
  return then_bb;
}

/* Do the load at *GSI of LOOP, whose block every iteration runs, before
   LOOP when the loop runs at least once (see the head of the file): in
   the then-block *THEN_BB of the test TEST (entry_test) on LOOP's
   preheader edge, made the first time.  *GSI moves to the next
   statement.  */

static void
hoist_guarded (class loop *loop, gimple_stmt_iterator *gsi, tree test,
	       basic_block *then_bb)
{
  gimple *stmt = gsi_stmt (*gsi);
  if (!*then_bb)
    *then_bb = make_entry_guard (loop, test);
  edge to_join = single_succ_edge (*then_bb);
  basic_block join = to_join->dest;
  edge fe = EDGE_PRED (join, 0) == to_join ? EDGE_PRED (join, 1)
    : EDGE_PRED (join, 0);
  /* The address arithmetic, then the load, in the then-block.  */
  gimple_stmt_iterator to = gsi_last_bb (*then_bb);
  struct before_walk w = { loop, &to };
  tree ref = unshare_expr (gimple_assign_rhs1 (stmt));
  walk_tree (&ref, before_loop_r, &w, NULL);
  tree lhs = gimple_assign_lhs (stmt);
  tree val = make_ssa_name (TREE_TYPE (lhs));
  gimple *load = gimple_build_assign (val, ref);
  gimple_set_location (load, gimple_location (stmt));
  gimple_set_vuse (load, gimple_vuse (stmt));
  gsi_insert_after (&to, load, GSI_NEW_STMT);
  /* A value an earlier load moved here feeds this one's address (a
     table indexed by a table's element): outside the then-block it is
     that load's PHI result in JOIN, inside it the load itself.  */
  for (gimple_stmt_iterator si = gsi_start_bb (*then_bb); !gsi_end_p (si);
       gsi_next (&si))
    {
      gimple *s = gsi_stmt (si);
      use_operand_p use_p;
      ssa_op_iter oi;
      bool changed = false;
      FOR_EACH_SSA_USE_OPERAND (use_p, s, oi, SSA_OP_USE)
	{
	  gimple *d = SSA_NAME_DEF_STMT (USE_FROM_PTR (use_p));
	  if (gimple_code (d) == GIMPLE_PHI && gimple_bb (d) == join)
	    {
	      SET_USE (use_p, PHI_ARG_DEF_FROM_EDGE (as_a<gphi *> (d),
						     to_join));
	      changed = true;
	    }
	}
      if (changed)
	update_stmt (s);
    }
  /* Its value, 0 where the loop runs no iteration, replaces the loop's.  */
  tree res = make_ssa_name (TREE_TYPE (lhs));
  gphi *phi = create_phi_node (res, join);
  add_phi_arg (phi, val, to_join, UNKNOWN_LOCATION);
  add_phi_arg (phi, build_zero_cst (TREE_TYPE (lhs)), fe, UNKNOWN_LOCATION);
  replace_uses_by (lhs, res);
  auto_vec<tree, 4> uses;
  ssa_op_iter it;
  tree use;
  FOR_EACH_SSA_TREE_OPERAND (use, stmt, it, SSA_OP_USE)
    uses.safe_push (use);
  unlink_stmt_vdef (stmt);
  gsi_remove (gsi, true);
  release_defs (stmt);
  for (unsigned i = 0; i < uses.length (); i++)
    remove_unused (loop, uses[i]);
}

/* Move the invariant loads of LOOP, an outermost marked loop, to its
   preheader; returns whether any moved.  */

static bool
hoist_loop (class loop *loop)
{
  edge pre = loop_preheader_edge (loop);
  basic_block *body = get_loop_body (loop);
  auto_vec<tree> safe_ptrs;	/* Struct pointers the header reads through.  */
  auto_vec<tree> safe_types;
  bool moved = false;
  /* The entry test, once round 0 has moved the header's loads.  */
  bool noreturn = noreturn_call_p (loop, body);
  tree test = NULL_TREE;
  basic_block guard = NULL;	/* Then-block of the entry test.  */
  for (basic_block bb = pre->src;
       bb && bb != ENTRY_BLOCK_PTR_FOR_FN (cfun);
       bb = get_immediate_dominator (CDI_DOMINATORS, bb))
    note_field_accesses (bb, &safe_ptrs, &safe_types);

  /* The header first (its loads are always safe and make fields of
     their structs safe), then the rest, in the order of BODY (a
     definition before its uses), twice so that a load whose address a
     moved load gives can follow it.  */
  for (int round = 0; round < 3; round++)
    for (unsigned i = 0; i < loop->num_nodes; i++)
      {
	basic_block bb = body[i];
	if ((round == 0) != (bb == loop->header))
	  continue;
	if (round > 0 && !test && !noreturn)
	  test = entry_test (loop);
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
	  {
	    gimple *stmt = gsi_stmt (gsi);
	    tree lhs = is_gimple_assign (stmt) ? gimple_assign_lhs (stmt)
			: NULL_TREE;
	    if (!lhs || TREE_CODE (lhs) != SSA_NAME
		|| !gimple_assign_load_p (stmt)
		|| gimple_has_volatile_ops (stmt)
		|| stmt_could_throw_p (cfun, stmt)
		|| !(POINTER_TYPE_P (TREE_TYPE (lhs))
		     || INTEGRAL_TYPE_P (TREE_TYPE (lhs)))
		|| (SSA_NAME_VAR (lhs)
		    && gpu_decl_has_attr (SSA_NAME_VAR (lhs), GPU_ATTR_REDUCE)))
	      {
		gsi_next (&gsi);
		continue;
	      }
	    tree ref = gimple_assign_rhs1 (stmt);
	    tree stype = NULL_TREE;
	    tree sptr = field_base_pointer (ref, &stype);
	    bool inv = operands_invariant_p (loop, stmt);
	    bool safe = inv && (bb == loop->header || !tree_could_trap_p (ref));
	    for (unsigned k = 0; !safe && inv && sptr
		 && k < safe_ptrs.length (); k++)
	      safe = safe_ptrs[k] == sptr && safe_types[k] == stype;
	    /* Else under the loop's entry test, for a load every iteration
	       does.  */
	    bool guarded = (!safe && test && !gpu_opts.no_guarded_hoist
			    && dominated_by_p (CDI_DOMINATORS, loop->latch, bb)
			    && operands_computable_p (loop, stmt));
	    if (!(safe || guarded) || clobbered_in_loop_p (loop, body, ref))
	      {
		gsi_next (&gsi);
		continue;
	      }
	    if (bb == loop->header)
	      note_field_accesses (bb, &safe_ptrs, &safe_types);
	    if (dump_file && (dump_flags & TDF_DETAILS))
	      {
		fprintf (dump_file, "SUCCESS: load moved before loop %d%s: ",
			 loop->num, guarded ? " under its entry test" : "");
		print_gimple_stmt (dump_file, stmt, 0, TDF_SLIM);
	      }
	    moved = true;
	    if (guarded)
	      {
		hoist_guarded (loop, &gsi, test, &guard);
		continue;
	      }
	    edge pre = loop_preheader_edge (loop);
	    gimple_stmt_iterator to = gsi_last_bb (pre->src);
	    if (!gsi_end_p (to) && stmt_ends_bb_p (gsi_stmt (to)))
	      gsi_move_before (&gsi, &to);
	    else
	      gsi_move_to_bb_end (&gsi, pre->src);
	  }
      }
  free (body);
  return moved;
}

/* See gpuoffload-plugin.h.  */

void
gpu_hoist_invariant_loads (function *fun, vec<class loop *> *outers)
{
  if (gpu_opts.no_hoist)
    return;
  bool moved = false;
  for (unsigned i = 0; i < outers->length (); i++)
    if (hoist_loop ((*outers)[i]))
      moved = true;
  if (moved)
    {
      mark_virtual_operands_for_renaming (fun);
      update_ssa (TODO_update_ssa_only_virtuals);
    }
}
