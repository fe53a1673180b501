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
   (the object is there).  */

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
		    && gpu_decl_has_attr (SSA_NAME_VAR (lhs), GPU_ATTR_REDUCE))
		|| !operands_invariant_p (loop, stmt))
	      {
		gsi_next (&gsi);
		continue;
	      }
	    tree ref = gimple_assign_rhs1 (stmt);
	    tree stype = NULL_TREE;
	    tree sptr = field_base_pointer (ref, &stype);
	    bool safe = bb == loop->header || !tree_could_trap_p (ref);
	    for (unsigned k = 0; !safe && sptr && k < safe_ptrs.length (); k++)
	      safe = safe_ptrs[k] == sptr && safe_types[k] == stype;
	    if (!safe || clobbered_in_loop_p (loop, body, ref))
	      {
		gsi_next (&gsi);
		continue;
	      }
	    if (bb == loop->header)
	      note_field_accesses (bb, &safe_ptrs, &safe_types);
	    if (dump_file && (dump_flags & TDF_DETAILS))
	      {
		fprintf (dump_file, "SUCCESS: load moved before loop %d: ",
			 loop->num);
		print_gimple_stmt (dump_file, stmt, 0, TDF_SLIM);
	      }
	    gimple_stmt_iterator to = gsi_last_bb (pre->src);
	    if (!gsi_end_p (to) && stmt_ends_bb_p (gsi_stmt (to)))
	      gsi_move_before (&gsi, &to);
	    else
	      gsi_move_to_bb_end (&gsi, pre->src);
	    moved = true;
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
