/* gpu-outline.cc -- the gpu_outline pass: the host path of each offloaded
   loop nest, outlined, and the one call that runs the region.

   For each region whose kernel gpu_emit printed, the pass makes the
   record (gpu-launch.cc), moves the loop nest into a new host function

     static void FN._gpuN (void *data, uint64 lo, uint64 hi)

   that runs iterations [LO, HI) of the outermost marked loop, and puts in
   its place

     gpurt_run (record, args, nargs, n0, n1, n2, FN._gpuN, &data, count)

   which runs the region on the device or, failing that, runs FN._gpuN in
   chunks on the runtime's host threads (GPURT_HOST_THREADS).  This is
   SPEC section 4's `outline' step, done the way omp-expand outlines a
   parallel region (move_sese_region_to_fn), with the data sharing that
   parloops does by hand:

   - SSA values defined before the loop and used in it travel by value in
     DATA, a structure on the caller's stack, and are loaded once at the
     top of the new function;
   - variables in memory that the caller also uses (arrays, structs,
     address-taken scalars) travel by address, and every reference in the
     loop goes through that pointer, so they stay shared, as they are on
     the device; variables used only in the loop become the new function's
     own, one per thread;
   - the outer index starts at LO's value and a new counter stops the loop
     after HI - LO iterations; the caller sees the index's final value.

   Anything that would make the move unsafe (a value computed in the loop
   and used after it, exception handling, setjmp, non-local labels) keeps
   the original loop as a serial host path behind gpurt_launch, with the
   reason in the dump and a -fopt-info-loop-missed note.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-launch.h"
#include "gpu-reduce.h"

/* The runtime entry point, kept across functions.  */
static tree gpu_run_decl;
/* gpurt_host_lock and gpurt_host_unlock, around the host threads'
   combining of reduction results.  */
static tree gpu_lock_decl, gpu_unlock_decl;

static tree u64_type (void) { return long_long_unsigned_type_node; }

/* What the outliner learnt about one region.  */
struct outline_info
{
  struct gpu_region *r;
  bitmap inside;		/* Block indices of the loop nest.  */
  auto_vec<tree> vals;		/* SSA values from before the loop.  */
  auto_vec<tree> decls;		/* Shared variables in memory.  */
  hash_map<tree, tree> *map;	/* Old value or decl -> its stand-in.  */
  const char *fail;
  location_t fail_loc;
};

/* Is block BB inside the region of INFO?  */

static bool
inside_p (struct outline_info *info, basic_block bb)
{
  return bb && bitmap_bit_p (info->inside, bb->index);
}

/* Is the SSA name NAME defined outside the region of INFO?  */

static bool
from_outside_p (struct outline_info *info, tree name)
{
  return SSA_NAME_IS_DEFAULT_DEF (name)
	 || !inside_p (info, gimple_bb (SSA_NAME_DEF_STMT (name)));
}

static void
set_fail (struct outline_info *info, location_t loc, const char *why)
{
  if (!info->fail)
    {
      info->fail = why;
      info->fail_loc = loc;
    }
}

/* Record the SSA value V (from before the loop) as travelling by value.  */

static void
add_val (struct outline_info *info, tree v)
{
  if (!info->vals.contains (v))
    info->vals.safe_push (v);
}

/* walk_tree callback: collect the local variables in memory that *TP
   references into the vector DATA->info.  */

static tree
collect_decls_r (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  hash_set<tree> *set = (hash_set<tree> *) wi->info;
  tree t = *tp;
  if (TYPE_P (t) || TREE_CODE (t) == SSA_NAME)
    *walk_subtrees = 0;
  else if ((VAR_P (t) && !is_global_var (t))
	   || TREE_CODE (t) == PARM_DECL || TREE_CODE (t) == RESULT_DECL)
    {
      set->add (t);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Add the local variables STMT references to SET.  */

static void
stmt_decls (gimple *stmt, hash_set<tree> *set)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = set;
  walk_gimple_op (stmt, collect_decls_r, &wi);
}

/* Is NAME the accumulator of a reduction of R in its outer header?  */

static bool
outer_reduction_p (struct gpu_region *r, tree name)
{
  int k = gpu_reduce_phi_index (r, name);
  return k >= 0 && r->reds[k].phis[r->ndim - 1] == name;
}

/* qsort comparator: the decls at A and B by DECL_UID.  */

static int
cmp_decl_uid (const void *a, const void *b)
{
  unsigned ua = DECL_UID (*(const tree *) a);
  unsigned ub = DECL_UID (*(const tree *) b);
  return ua < ub ? -1 : ua > ub;
}

/* Check that the region of INFO can move into a function of its own and
   collect what it takes from outside.  */

static void
analyse (struct outline_info *info, basic_block *body, unsigned nbody)
{
  struct gpu_region *r = info->r;
  tree outer_iv = r->dims[r->ndim - 1].iv;
  hash_set<tree> in_decls, out_decls;

  for (unsigned i = 0; i < nbody && !info->fail; i++)
    {
      basic_block bb = body[i];
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (e->flags & (EDGE_ABNORMAL | EDGE_EH))
	  set_fail (info, r->loc, "abnormal or exception edge in the loop");
      for (gphi_iterator psi = gsi_start_phis (bb); !gsi_end_p (psi);
	   gsi_next (&psi))
	{
	  gphi *phi = psi.phi ();
	  tree res = gimple_phi_result (phi);
	  if (virtual_operand_p (res))
	    continue;
	  imm_use_iterator it;
	  use_operand_p use_p;
	  FOR_EACH_IMM_USE_FAST (use_p, it, res)
	    {
	      gimple *u = USE_STMT (use_p);
	      if (!is_gimple_debug (u) && !inside_p (info, gimple_bb (u))
		  && res != outer_iv && !outer_reduction_p (r, res))
		set_fail (info, r->loc, "a value computed in the loop is "
			  "used after it");
	    }
	  for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
	    {
	      tree arg = gimple_phi_arg_def (phi, k);
	      edge ae = gimple_phi_arg_edge (phi, k);
	      if (!inside_p (info, ae->src))
		continue;	/* The entry edge: the index's start.  */
	      if (TREE_CODE (arg) == SSA_NAME && from_outside_p (info, arg))
		add_val (info, arg);
	      else if (TREE_CODE (arg) == ADDR_EXPR)
		set_fail (info, r->loc, "address constant in a PHI node");
	    }
	}
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt))
	    continue;
	  location_t loc = gimple_location (stmt);
	  if (stmt_could_throw_p (r->fun, stmt)
	      && lookup_stmt_eh_lp_fn (r->fun, stmt) != 0)
	    set_fail (info, loc, "a statement in the loop can throw");
	  if (is_gimple_call (stmt)
	      && (gimple_call_flags (stmt) & ECF_RETURNS_TWICE))
	    set_fail (info, loc, "setjmp-like call in the loop");
	  if (glabel *ls = dyn_cast<glabel *> (stmt))
	    if (FORCED_LABEL (gimple_label_label (ls))
		|| DECL_NONLOCAL (gimple_label_label (ls)))
	      set_fail (info, loc, "label whose address is taken");
	  if (gimple_code (stmt) == GIMPLE_ASM)
	    set_fail (info, loc, "inline assembly in the loop");
	  ssa_op_iter oi;
	  tree op;
	  FOR_EACH_SSA_TREE_OPERAND (op, stmt, oi, SSA_OP_USE)
	    if (from_outside_p (info, op))
	      add_val (info, op);
	  FOR_EACH_SSA_TREE_OPERAND (op, stmt, oi, SSA_OP_DEF)
	    {
	      imm_use_iterator it;
	      use_operand_p use_p;
	      FOR_EACH_IMM_USE_FAST (use_p, it, op)
		{
		  gimple *u = USE_STMT (use_p);
		  if (!is_gimple_debug (u) && !inside_p (info, gimple_bb (u)))
		    set_fail (info, loc, "a value computed in the loop is "
			      "used after it");
		}
	    }
	  stmt_decls (stmt, &in_decls);
	}
    }
  if (info->fail)
    return;

  /* Variables the rest of the function uses too are shared.  */
  basic_block bb;
  FOR_EACH_BB_FN (bb, r->fun)
    if (!inside_p (info, bb))
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	if (!is_gimple_debug (gsi_stmt (gsi)))
	  stmt_decls (gsi_stmt (gsi), &out_decls);
  for (hash_set<tree>::iterator it = in_decls.begin ();
       it != in_decls.end (); ++it)
    {
      tree d = *it;
      if (TREE_CODE (d) == RESULT_DECL)
	set_fail (info, r->loc, "the function's result is used in the loop");
      else if (TREE_CODE (d) == PARM_DECL || out_decls.contains (d))
	{
	  if (DECL_HAS_VALUE_EXPR_P (d))
	    set_fail (info, r->loc, "variable with a value expression");
	  info->decls.safe_push (d);
	}
    }
  /* Hash-set order is not stable: sort for reproducible output.  */
  info->decls.qsort (cmp_decl_uid);
}

/* walk_tree callback: does *TP mention a parameter or the result?  */

static tree
find_parm_r (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp) || TREE_CODE (*tp) == SSA_NAME)
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == PARM_DECL || TREE_CODE (*tp) == RESULT_DECL)
    return *tp;
  return NULL_TREE;
}

/* walk_tree callback: replace shared variables in *TP by their stand-in
   dereference (DATA->info is the outline_info).  */

static tree
rewrite_decls_r (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  struct outline_info *info = (struct outline_info *) wi->info;
  tree t = *tp;
  if (TYPE_P (t) || TREE_CODE (t) == SSA_NAME)
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      tree *ptr = info->map->get (TREE_OPERAND (t, 0));
      if (ptr)
	{
	  /* &VAR is the pointer itself.  */
	  *tp = fold_convert (TREE_TYPE (t), *ptr);
	  *walk_subtrees = 0;
	  wi->changed = true;
	  return NULL_TREE;
	}
      /* &VAR.f, &VAR[i]: rewrite inside, then re-check invariance.  */
      walk_tree (&TREE_OPERAND (t, 0), rewrite_decls_r, data, NULL);
      recompute_tree_invariant_for_addr_expr (t);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (DECL_P (t))
    {
      if (tree *ptr = info->map->get (t))
	{
	  *tp = build2 (MEM_REF, TREE_TYPE (t), *ptr,
			build_int_cst (reference_alias_ptr_type (t), 0));
	  wi->changed = true;
	}
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Operand *OP of STMT must be a GIMPLE value: compute an address that
   stopped being invariant into a new SSA name before STMT.  */

static void
force_val (gimple_stmt_iterator *gsi, tree *op)
{
  if (*op && TREE_CODE (*op) == ADDR_EXPR && !is_gimple_min_invariant (*op))
    {
      tree tmp = make_ssa_name (TREE_TYPE (*op));
      gsi_insert_before (gsi, gimple_build_assign (tmp, *op), GSI_SAME_STMT);
      *op = tmp;
    }
}

/* Make every reference to a shared variable in STMT (at *GSI) go through
   its pointer.  */

static void
rewrite_stmt_decls (struct outline_info *info, gimple_stmt_iterator *gsi)
{
  gimple *stmt = gsi_stmt (*gsi);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = info;
  walk_gimple_op (stmt, rewrite_decls_r, &wi);
  if (!wi.changed)
    return;
  if (gcall *call = dyn_cast<gcall *> (stmt))
    for (unsigned i = 0; i < gimple_call_num_args (call); i++)
      force_val (gsi, gimple_call_arg_ptr (call, i));
  else if (is_gimple_assign (stmt) && !gimple_assign_single_p (stmt))
    for (unsigned i = 1; i < gimple_num_ops (stmt); i++)
      force_val (gsi, gimple_op_ptr (stmt, i));
  else if (gimple_code (stmt) == GIMPLE_COND)
    {
      force_val (gsi, gimple_cond_lhs_ptr (as_a<gcond *> (stmt)));
      force_val (gsi, gimple_cond_rhs_ptr (as_a<gcond *> (stmt)));
    }
  update_stmt (stmt);
}

/* Build the declaration of the host function for region R, numbered N:
   void NAME._gpuN (void *data, uint64 lo, uint64 hi).  */

static tree
build_host_fn (struct gpu_region *r, int n)
{
  tree parent = r->fun->decl;
  /* The loop's location without its lexical block, which belongs to the
     caller (a block from another function breaks the scope notes).  */
  location_t loc = LOCATION_LOCUS (r->loc);
  tree type = build_function_type_list (void_type_node, ptr_type_node,
					u64_type (), u64_type (), NULL_TREE);
  char suffix[32];
  snprintf (suffix, sizeof suffix, "._gpu%d", n);
  tree name = get_identifier (ACONCAT ((IDENTIFIER_POINTER
					(DECL_NAME (parent)), suffix, NULL)));
  tree decl = build_decl (loc, FUNCTION_DECL, name, type);
  TREE_STATIC (decl) = 1;
  TREE_USED (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 0;
  TREE_PUBLIC (decl) = 0;
  DECL_UNINLINABLE (decl) = 1;
  DECL_EXTERNAL (decl) = 0;
  DECL_CONTEXT (decl) = NULL_TREE;
  DECL_INITIAL (decl) = make_node (BLOCK);
  BLOCK_SUPERCONTEXT (DECL_INITIAL (decl)) = decl;
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (decl)
    = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (parent);
  DECL_FUNCTION_SPECIFIC_TARGET (decl) = DECL_FUNCTION_SPECIFIC_TARGET (parent);

  tree res = build_decl (loc, RESULT_DECL, NULL_TREE, void_type_node);
  DECL_ARTIFICIAL (res) = 1;
  DECL_IGNORED_P (res) = 1;
  DECL_CONTEXT (res) = decl;
  DECL_RESULT (decl) = res;

  static const char *const pnames[3] = { "gpu_data", "gpu_lo", "gpu_hi" };
  tree ptypes[3] = { ptr_type_node, u64_type (), u64_type () };
  tree parms = NULL_TREE;
  for (int i = 2; i >= 0; i--)
    {
      tree p = build_decl (loc, PARM_DECL, get_identifier (pnames[i]),
			   ptypes[i]);
      DECL_ARG_TYPE (p) = ptypes[i];
      DECL_ARTIFICIAL (p) = 1;
      DECL_CONTEXT (p) = decl;
      TREE_USED (p) = 1;
      DECL_CHAIN (p) = parms;
      parms = p;
    }
  DECL_ARGUMENTS (decl) = parms;

  push_struct_function (decl);
  cfun->function_end_locus = loc;
  init_tree_ssa (cfun);
  init_ssa_operands (cfun);
  cfun->gimple_df->in_ssa_p = true;
  pop_cfun ();
  return decl;
}

/* Build the structure type with one field per value of INFO and one
   pointer per shared variable; *FIELDS gets the fields in that order.  */

static tree
build_data_type (struct outline_info *info, vec<tree> *fields)
{
  tree type = make_node (RECORD_TYPE);
  tree list = NULL_TREE;
  unsigned n = info->vals.length () + info->decls.length ();
  for (unsigned i = 0; i < n; i++)
    {
      tree ft = i < info->vals.length () ? TREE_TYPE (info->vals[i])
	: build_pointer_type (TREE_TYPE (info->decls[i - info->vals.length ()]));
      char name[32];
      snprintf (name, sizeof name, "f%u", i);
      tree f = build_decl (info->r->loc, FIELD_DECL, get_identifier (name),
			   ft);
      DECL_CHAIN (f) = list;
      list = f;
      fields->safe_push (f);
    }
  /* finish_builtin_struct takes the fields last first.  */
  finish_builtin_struct (type, ".gpu_data", list, NULL_TREE);
  return type;
}

/* Report that the host path of R stays the serial loop, because of INFO's
   reason.  */

static void
report_serial (struct outline_info *info)
{
  struct gpu_region *r = info->r;
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (info->fail_loc);
      fprintf (dump_file, "FAILED: %s:%d: host fallback not outlined: %s\n",
	       xl.file ? xl.file : "?", xl.line, info->fail);
    }
  if (dump_enabled_p ())
    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
		     dump_user_location_t::from_location_t (info->fail_loc),
		     "host fallback of kernel %s runs serially: %s\n",
		     r->kernel_name, info->fail);
}

/* Outline the host path of region R (numbered N, with the record
   RECORD_VAR) into FN._gpuN and call the runtime's gpurt_run in its
   place.  Returns true when it did; false leaves the function as it was,
   for the serial host loop.  */

static bool
outline_region (struct gpu_region *r, int n, tree record_var)
{
  function *fun = r->fun;
  class loop *L = r->outer;
  struct gpu_dim *d = &r->dims[r->ndim - 1];
  struct outline_info info;
  info.r = r;
  info.fail = NULL;
  info.fail_loc = r->loc;
  info.map = NULL;

  if (r->serial_host)
    {
      set_fail (&info, r->loc, "the iteration count holds only when the "
		"index does not wrap around, which is checked at run time");
      report_serial (&info);
      return false;
    }
  if (r->nspec)
    {
      /* What a deopt reruns prints and ends the program as the serial
	 program does: in the serial order, on one thread.  */
      set_fail (&info, r->loc, "the loop has speculated calls, whose "
		"output and effects must come in the serial order");
      report_serial (&info);
      return false;
    }
  edge ex = single_exit (L);
  if (!ex)
    {
      set_fail (&info, r->loc, "the loop has no single exit");
      report_serial (&info);
      return false;
    }

  auto_bitmap inside;
  info.inside = inside;
  basic_block *body = get_loop_body (L);
  unsigned nbody = L->num_nodes;
  for (unsigned i = 0; i < nbody; i++)
    bitmap_set_bit (inside, body[i]->index);
  analyse (&info, body, nbody);
  if (info.fail)
    {
      free (body);
      report_serial (&info);
      return false;
    }

  /* From here on the function changes.  The launch's values first, at
     the end of the preheader (which stays in the caller).  */
  edge pe = loop_preheader_edge (L);
  basic_block H = L->header;
  gimple_stmt_iterator pg = gsi_last_bb (pe->src);
  struct gpu_launch launch;
  gpu_launch_args (r, record_var, &pg, &launch);
  tree fn = build_host_fn (r, n);
  tree p_data = DECL_ARGUMENTS (fn);
  tree p_lo = DECL_CHAIN (p_data);
  tree p_hi = DECL_CHAIN (p_lo);

  /* The reductions' result slots are shared with the new function.  */
  for (unsigned j = 0; j < r->reds.length (); j++)
    info.decls.safe_push (r->reds[j].slot);

  /* The values the index space needs in the new function.  */
  tree lov = r->caps[d->lo_cap].value, stepv = r->caps[d->step_cap].value;
  if (TREE_CODE (lov) == SSA_NAME)
    add_val (&info, lov);
  if (TREE_CODE (stepv) == SSA_NAME)
    add_val (&info, stepv);

  auto_vec<tree> fields;
  tree dtype = build_data_type (&info, &fields);
  tree dptr_type = build_pointer_type (dtype);

  /* The entry block of the new function, loading what it needs.  */
  basic_block E = split_edge (pe);
  bitmap_set_bit (inside, E->index);
  gimple_stmt_iterator gsi = gsi_start_bb (E);
  tree pd = make_ssa_name (dptr_type);
  gsi_insert_after (&gsi, gimple_build_assign (pd, NOP_EXPR, p_data),
		    GSI_NEW_STMT);
  tree k0 = make_ssa_name (u64_type ());
  gsi_insert_after (&gsi, gimple_build_assign (k0, p_lo), GSI_NEW_STMT);
  tree k1 = make_ssa_name (u64_type ());
  gsi_insert_after (&gsi, gimple_build_assign (k1, p_hi), GSI_NEW_STMT);
  hash_map<tree, tree> map;
  info.map = &map;
  tree deref = build2 (MEM_REF, dtype, pd, build_int_cst (dptr_type, 0));
  for (unsigned i = 0; i < fields.length (); i++)
    {
      tree f = fields[i];
      tree nv = make_ssa_name (TREE_TYPE (f));
      tree ref = build3 (COMPONENT_REF, TREE_TYPE (f), unshare_expr (deref),
			 f, NULL_TREE);
      gsi_insert_after (&gsi, gimple_build_assign (nv, ref), GSI_NEW_STMT);
      if (i < info.vals.length ())
	map.put (info.vals[i], nv);
      else
	map.put (info.decls[i - info.vals.length ()], nv);
    }
  tree type = TREE_TYPE (d->iv);
  tree utype = unsigned_type_for (type);
  tree lo_in = TREE_CODE (lov) == SSA_NAME ? *map.get (lov) : lov;
  tree step_in = TREE_CODE (stepv) == SSA_NAME ? *map.get (stepv) : stepv;
  tree start = fold_convert
    (type, fold_build2 (PLUS_EXPR, utype, fold_convert (utype, lo_in),
			fold_build2 (MULT_EXPR, utype,
				     fold_convert (utype, k0),
				     fold_convert (utype, step_in))));
  start = force_gimple_operand_gsi (&gsi, start, true, NULL_TREE, false,
				    GSI_CONTINUE_LINKING);
  tree cnt = make_ssa_name (u64_type ());
  gsi_insert_after (&gsi, gimple_build_assign (cnt, MINUS_EXPR, k1, k0),
		    GSI_NEW_STMT);

  /* The outer index starts at the chunk's first value, the
     accumulators at their operator's identity.  */
  gphi *ivphi = as_a<gphi *> (SSA_NAME_DEF_STMT (d->iv));
  SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (ivphi, single_succ_edge (E)), start);
  for (unsigned j = 0; j < r->reds.length (); j++)
    {
      gphi *rp = as_a<gphi *> (SSA_NAME_DEF_STMT (r->reds[j].phis[r->ndim
								    - 1]));
      SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (rp, single_succ_edge (E)),
	       gpu_reduce_identity (&r->reds[j]));
    }

  /* Debug statements naming the caller's parameters cannot move
     (move_sese_region_to_fn maps only the new function's own).  */
  for (unsigned i = 0; i < nbody; i++)
    for (gimple_stmt_iterator si = gsi_start_bb (body[i]); !gsi_end_p (si);)
      {
	struct walk_stmt_info wi;
	memset (&wi, 0, sizeof wi);
	if (is_gimple_debug (gsi_stmt (si))
	    && walk_gimple_op (gsi_stmt (si), find_parm_r, &wi))
	  gsi_remove (&si, true);
	else
	  gsi_next (&si);
      }

  /* Use the stand-ins in the loop; the host always runs it (GO).  */
  for (unsigned i = 0; i < nbody; i++)
    {
      basic_block bb = body[i];
      for (gphi_iterator psi = gsi_start_phis (bb); !gsi_end_p (psi);
	   gsi_next (&psi))
	{
	  gphi *phi = psi.phi ();
	  if (virtual_operand_p (gimple_phi_result (phi)))
	    continue;
	  for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
	    {
	      tree arg = gimple_phi_arg_def (phi, k);
	      if (TREE_CODE (arg) != SSA_NAME)
		continue;
	      if (tree *nv = map.get (arg))
		SET_PHI_ARG_DEF (phi, k, *nv);
	    }
	}
      for (gimple_stmt_iterator si = gsi_start_bb (bb); !gsi_end_p (si);
	   gsi_next (&si))
	{
	  gimple *stmt = gsi_stmt (si);
	  use_operand_p use_p;
	  ssa_op_iter oi;
	  bool changed = false;
	  FOR_EACH_SSA_USE_OPERAND (use_p, stmt, oi, SSA_OP_USE)
	    {
	      tree u = USE_FROM_PTR (use_p);
	      if (tree *nv = map.get (u))
		{
		  SET_USE (use_p, *nv);
		  changed = true;
		}
	      else if (gimple_debug_bind_p (stmt) && from_outside_p (&info, u))
		{
		  gimple_debug_bind_reset_value (stmt);
		  changed = true;
		  break;
		}
	    }
	  if (changed)
	    {
	      if (is_gimple_assign (stmt))
		fold_stmt_inplace (&si);
	      update_stmt (stmt);
	    }
	  if (!is_gimple_debug (stmt) && !info.decls.is_empty ())
	    rewrite_stmt_decls (&info, &si);
	}
    }

  /* Stop after HI - LO iterations: a counter in the outer header.  */
  tree c = make_ssa_name (u64_type ());
  gphi *cphi = create_phi_node (c, H);
  add_phi_arg (cphi, build_zero_cst (u64_type ()), single_succ_edge (E),
	       UNKNOWN_LOCATION);
  tree cn = make_ssa_name (u64_type ());
  gimple_stmt_iterator hg = gsi_after_labels (H);
  gsi_insert_before (&hg, gimple_build_assign (cn, PLUS_EXPR, c,
					       build_one_cst (u64_type ())),
		     GSI_SAME_STMT);
  add_phi_arg (cphi, cn, loop_latch_edge (L), UNKNOWN_LOCATION);
  gcond *cond = as_a<gcond *> (last_stmt (H));
  edge te, fe;
  extract_true_false_edges_from_block (H, &te, &fe);
  bool true_stays = flow_bb_inside_loop_p (L, te->dest);
  gimple_stmt_iterator cg = gsi_for_stmt (cond);
  tree more = make_ssa_name (boolean_type_node);
  gsi_insert_before (&cg, gimple_build_assign (more, true_stays ? LT_EXPR
					       : GE_EXPR, c, cnt),
		     GSI_SAME_STMT);
  tree t = make_ssa_name (boolean_type_node);
  gsi_insert_before (&cg, gimple_build_assign (t, gimple_cond_code (cond),
					       gimple_cond_lhs (cond),
					       gimple_cond_rhs (cond)),
		     GSI_SAME_STMT);
  tree u = make_ssa_name (boolean_type_node);
  gsi_insert_before (&cg, gimple_build_assign (u, true_stays ? BIT_AND_EXPR
					       : BIT_IOR_EXPR, t, more),
		     GSI_SAME_STMT);
  gimple_cond_set_condition (cond, NE_EXPR, u, boolean_false_node);
  update_stmt (cond);

  /* The caller: fill the data and call gpurt_run.  Reduction slots
     start at their identity (the device's result replaces it, host
     threads combine into it); the accumulators' values after the loop
     are INIT OP SLOT.  */
  tree hostn = launch.counts[r->ndim - 1];
  tree data = create_tmp_var (dtype, "gpu_hdata");
  TREE_ADDRESSABLE (data) = 1;
  gpu_mark_launch_temp (data);
  for (unsigned i = 0; i < fields.length (); i++)
    {
      tree f = fields[i];
      tree val;
      if (i < info.vals.length ())
	val = info.vals[i];
      else
	{
	  tree decl = info.decls[i - info.vals.length ()];
	  TREE_ADDRESSABLE (decl) = 1;
	  val = build_fold_addr_expr (decl);
	}
      tree ref = build3 (COMPONENT_REF, TREE_TYPE (f), data, f, NULL_TREE);
      gsi_insert_after (&pg, gimple_build_assign (ref, val), GSI_NEW_STMT);
    }
  for (unsigned j = 0; j < r->reds.length (); j++)
    gsi_insert_after (&pg, gimple_build_assign
		      (r->reds[j].slot, gpu_reduce_identity (&r->reds[j])),
		      GSI_NEW_STMT);
  if (!gpu_run_decl)
    {
      tree hfn_type = build_pointer_type (TREE_TYPE (fn));
      tree fntype = build_function_type_list
	(integer_type_node, const_ptr_type_node,
	 build_pointer_type (u64_type ()), unsigned_type_node, u64_type (),
	 u64_type (), u64_type (), hfn_type, ptr_type_node, u64_type (),
	 NULL_TREE);
      /* It runs FN._gpuN, which reads and writes what DATA reaches.  */
      gpu_run_decl = gpu_runtime_decl ("gpurt_run", fntype, NULL, false);
      fntype = build_function_type_list (void_type_node, NULL_TREE);
      gpu_lock_decl = gpu_runtime_decl ("gpurt_host_lock", fntype, NULL,
					true);
      gpu_unlock_decl = gpu_runtime_decl ("gpurt_host_unlock", fntype, NULL,
					  true);
    }
  gcall *call = gimple_build_call (gpu_run_decl, 9, launch.record,
				   launch.args, launch.nargs,
				   launch.counts[0], launch.counts[1],
				   launch.counts[2], build_fold_addr_expr (fn),
				   build_fold_addr_expr (data), hostn);
  gimple_set_location (call, r->loc);
  gsi_insert_after (&pg, call, GSI_NEW_STMT);
  auto_vec<tree> red_final;
  tree empty = NULL_TREE;
  if (!r->reds.is_empty ())
    {
      /* An empty index space leaves the accumulators as they were (for
	 && and || even INIT OP IDENTITY would not).  */
      empty = boolean_false_node;
      for (int k = 0; k < r->ndim; k++)
	{
	  tree z = make_ssa_name (boolean_type_node);
	  gsi_insert_after (&pg, gimple_build_assign
			    (z, EQ_EXPR, launch.counts[k],
			     build_zero_cst (TREE_TYPE (launch.counts[k]))),
			    GSI_NEW_STMT);
	  tree e = make_ssa_name (boolean_type_node);
	  gsi_insert_after (&pg, gimple_build_assign (e, BIT_IOR_EXPR, empty,
						      z), GSI_NEW_STMT);
	  empty = e;
	}
    }
  for (unsigned j = 0; j < r->reds.length (); j++)
    {
      struct gpu_reduction *red = &r->reds[j];
      tree got = make_ssa_name (red->type);
      gsi_insert_after (&pg, gimple_build_assign (got, red->slot),
			GSI_NEW_STMT);
      tree comb = gpu_reduce_emit_combine (&pg, red, red->init, got);
      tree fin = make_ssa_name (red->type);
      gsi_insert_after (&pg, gimple_build_assign (fin, COND_EXPR, empty,
						  red->init, comb),
			GSI_NEW_STMT);
      red_final.safe_push (fin);
    }

  /* A region of one entry and one exit: EXIT_BB, then a block outside
     that keeps the PHI arguments of the loop's old exit.  */
  basic_block exit_bb = split_edge (ex);
  split_edge (single_succ_edge (exit_bb));
  bitmap_set_bit (inside, exit_bb->index);

  /* Each host thread combines its partial results into the slots.  */
  if (!r->reds.is_empty ())
    {
      gimple_stmt_iterator xg = gsi_start_bb (exit_bb);
      gsi_insert_after (&xg, gimple_build_call (gpu_lock_decl, 0),
			GSI_NEW_STMT);
      for (unsigned j = 0; j < r->reds.length (); j++)
	{
	  struct gpu_reduction *red = &r->reds[j];
	  tree p = *map.get (red->slot);
	  tree ref = build2 (MEM_REF, red->type, p,
			     build_int_cst (TREE_TYPE (p), 0));
	  tree old = make_ssa_name (red->type);
	  gsi_insert_after (&xg, gimple_build_assign (old, ref),
			    GSI_NEW_STMT);
	  tree sum = gpu_reduce_emit_combine (&xg, red, old,
					      red->phis[r->ndim - 1]);
	  gsi_insert_after (&xg, gimple_build_assign (unshare_expr (ref), sum),
			    GSI_NEW_STMT);
	}
      gsi_insert_after (&xg, gimple_build_call (gpu_unlock_decl, 0),
			GSI_NEW_STMT);
    }

  /* After the loop the index and the accumulators have their final
     values; debug uses of other loop values are reset.  */
  for (unsigned i = 0; i < nbody; i++)
    for (gphi_iterator psi = gsi_start_phis (body[i]); !gsi_end_p (psi);
	 gsi_next (&psi))
      {
	tree res = gimple_phi_result (psi.phi ());
	if (virtual_operand_p (res))
	  continue;
	tree fin = launch.fin;
	int k = gpu_reduce_phi_index (r, res);
	if (k >= 0)
	  fin = red_final[k];
	imm_use_iterator it;
	gimple *us;
	FOR_EACH_IMM_USE_STMT (us, it, res)
	  {
	    if (inside_p (&info, gimple_bb (us)))
	      continue;
	    if (gimple_debug_bind_p (us))
	      gimple_debug_bind_reset_value (us);
	    else if (is_gimple_debug (us))
	      continue;
	    else
	      {
		use_operand_p use_p;
		FOR_EACH_IMM_USE_ON_STMT (use_p, it)
		  SET_USE (use_p, fin);
	      }
	    update_stmt (us);
	  }
      }
  for (unsigned i = 0; i < nbody; i++)
    for (gimple_stmt_iterator si = gsi_start_bb (body[i]); !gsi_end_p (si);
	 gsi_next (&si))
      {
	ssa_op_iter oi;
	tree op;
	FOR_EACH_SSA_TREE_OPERAND (op, gsi_stmt (si), oi, SSA_OP_DEF)
	  {
	    imm_use_iterator it;
	    gimple *us;
	    FOR_EACH_IMM_USE_STMT (us, it, op)
	      if (gimple_debug_bind_p (us) && !inside_p (&info, gimple_bb (us)))
		{
		  gimple_debug_bind_reset_value (us);
		  update_stmt (us);
		}
	  }
      }
  free (body);

  /* Move the loop nest.  */
  free_numbers_of_iterations_estimates (fun);
  scev_reset ();
  struct function *child = DECL_STRUCT_FUNCTION (fn);
  move_sese_region_to_fn (child, E, exit_bb, NULL_TREE);

  child->curr_properties = fun->curr_properties;
  child->has_force_vectorize_loops |= fun->has_force_vectorize_loops;
  child->x_current_loops->state |= LOOPS_NEED_FIXUP;
  mark_virtual_operands_for_renaming (child);
  cgraph_node::get_create (fn);
  cgraph_node::add_new_function (fn, true);
  cgraph_edge::rebuild_edges ();
  push_cfun (child);
  /* In the new function's context, so that its operands are its own.  */
  gimple_stmt_iterator xg = gsi_last_bb (exit_bb);
  gsi_insert_after (&xg, gimple_build_return (NULL_TREE), GSI_NEW_STMT);
  update_ssa (TODO_update_ssa);
  cgraph_edge::rebuild_edges ();
  free_dominance_info (CDI_DOMINATORS);
  pop_cfun ();

  if (dump_file && (dump_flags & TDF_DETAILS))
    fprintf (dump_file, "SUCCESS: host fallback outlined into %s "
	     "(%u values, %u shared variables)\n",
	     IDENTIFIER_POINTER (DECL_NAME (fn)), info.vals.length (),
	     info.decls.length ());
  return true;
}

/* GC roots of this file, for PLUGIN_REGISTER_GGC_ROOTS.  */

static const struct ggc_root_tab gpu_outline_roots[] = {
  { &gpu_run_decl, 1, sizeof (gpu_run_decl), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &gpu_lock_decl, 1, sizeof (gpu_lock_decl), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &gpu_unlock_decl, 1, sizeof (gpu_unlock_decl), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

const struct ggc_root_tab *
gpu_outline_ggc_roots (void)
{
  return gpu_outline_roots;
}

/* Dump and report that region R is offloaded, its host fallback
   OUTLINED (on threads) or not (the serial loop).  */

static void
report_offloaded (struct gpu_region *r, bool outlined)
{
  char *reds = gpu_reduce_describe (r);
  if (r->ninner)
    {
      /* How each level was mapped.  */
      int n2 = 0;
      for (int k = 0; k < r->ninner; k++)
	if (r->inner[k].loop2)
	  n2++;
      char buf[64] = "";
      if (n2)
	snprintf (buf, sizeof buf, " (%d of them a 2-D nest)", n2);
      /* And the one-level kernel the runtime runs instead when the
	 outer iterations alone fill the device (docs/ABI.md section 5).  */
      char *two = xasprintf ("%s; the outer %d-D nest over work-groups, %d "
			     "inner GPU_PARALLEL loop%s%s over the work-items "
			     "of a group; when the outer iterations fill the "
			     "device %s (%d of the inner loops' accesses walk "
			     "consecutive elements so, %d with two levels)",
			     reds, r->ndim, r->ninner,
			     r->ninner > 1 ? "s" : "", buf,
			     r->coal_flat >= r->coal_group
			     ? "one outer iteration per work-item, inner loops "
			     "serial" : "still work-groups, not one outer "
			     "iteration per work-item", r->coal_flat,
			     r->coal_group);
      free (reds);
      reds = two;
    }
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (r->loc);
      fprintf (dump_file, "SUCCESS: %s:%d: loop offloaded as kernel %s, "
	       "%d-D, %u arguments\n", xl.file, xl.line, r->kernel_name,
	       r->ndim, r->caps.length ());
      if (*reds)
	fprintf (dump_file, "SUCCESS: reductions%s\n", reds);
    }
  if (dump_enabled_p ())
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
		     dump_user_location_t::from_location_t (r->loc),
		     "loop offloaded as kernel %s (%d-D index space, "
		     "%u arguments%s, host fallback %s)\n", r->kernel_name,
		     r->ndim, r->caps.length (), reds,
		     outlined ? "on threads" : "serial");
  /* Batches of the outermost index (docs/ABI.md section 9), for data
     larger than the device.  */
  int why;
  unsigned nmove = 0;
  bool batch = gpu_launch_batchable (r, &why);
  for (unsigned i = 0; i < r->caps.length (); i++)
    nmove += gpu_launch_moves (r, i);
  if (dump_file && (dump_flags & TDF_DETAILS))
    fprintf (dump_file, batch ? "SUCCESS: batchable, %u streamed "
	     "argument(s)\n" : "FAILED: not batchable\n", nmove);
  if (batch && dump_enabled_p ())
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
		     dump_user_location_t::from_location_t (r->loc),
		     "loop can run in batches of its outermost index when "
		     "its data do not fit the device (%u argument(s) "
		     "streamed)\n", nmove);
  else if (why >= 0 && dump_enabled_p ())
    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
		     dump_user_location_t::from_location_t (r->loc),
		     "loop cannot run in batches: the range of %qs it writes "
		     "does not move with the outermost index\n",
		     gpu_value_name (r->caps[why].value));
  else if (r->nspec && !gpu_opts.no_batch && dump_enabled_p ())
    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
		     dump_user_location_t::from_location_t (r->loc),
		     "loop cannot run in batches: it has speculated calls (a "
		     "deopt reruns the whole loop on the host from the data "
		     "as they were before it)\n");
  /* Buffers written whole are not copied in (docs/ABI.md section 10).  */
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      const char *no = gpu_launch_fills (r, i);
      if (no && !no[0])
	continue;
      const char *name = gpu_value_name (r->caps[i].value);
      if (dump_file && (dump_flags & TDF_DETAILS))
	{
	  if (no)
	    fprintf (dump_file, "FAILED: %s not written whole: %s\n", name,
		     no);
	  else
	    fprintf (dump_file, "SUCCESS: %s written whole: not copied "
		     "in\n", name);
	}
      if (dump_enabled_p ())
	dump_printf_loc (no ? MSG_MISSED_OPTIMIZATION
			 : MSG_OPTIMIZED_LOCATIONS,
			 dump_user_location_t::from_location_t (r->loc),
			 no ? "%qs is copied to the device first: %s\n"
			 : "%qs is written whole: not copied to the device "
			 "first%s\n", name, no ? no : "");
    }
  for (unsigned i = 0; i < r->caps.length (); i++)
    if (r->caps[i].object_bound && dump_enabled_p ())
      dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
		       dump_user_location_t::from_location_t
			 (r->caps[i].unbounded_loc),
		       "accesses through %qs bounded at run time by the heap "
		       "block or global it points into\n",
		       gpu_value_name (r->caps[i].value));
  free (reds);
}

namespace {

const pass_data pass_data_gpu_outline =
{
  GIMPLE_PASS,			/* type */
  "gpu_outline",		/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_outline : public gimple_opt_pass
{
public:
  pass_gpu_outline (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_outline, ctxt)
  {}

  /* Only functions in which gpu_find made regions.  */
  virtual bool gate (function *fun)
  {
    return gpu_has_regions (fun);
  }

  virtual unsigned int execute (function *);
};

/* Give every region of FUN that can be offloaded its record, its host
   function and its launch; the region table is done with after.  */

unsigned int
pass_gpu_outline::execute (function *fun)
{
  vec<gpu_region *> *regions = gpu_regions (fun);
  bool changed = false;
  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  scev_initialize ();
  calculate_dominance_info (CDI_DOMINATORS);
  for (unsigned i = 0; i < regions->length (); i++)
    {
      struct gpu_region *r = (*regions)[i];
      if (r->fail || !r->source)
	continue;
      tree record_var = gpu_launch_record (r);
      bool outlined = outline_region (r, r->num, record_var);
      if (!outlined)
	{
	  edge pe = loop_preheader_edge (r->outer);
	  gimple_stmt_iterator gsi = gsi_last_bb (pe->src);
	  struct gpu_launch launch;
	  gpu_launch_args (r, record_var, &gsi, &launch);
	  gpu_launch_serial (r, &gsi, &launch);
	}
      report_offloaded (r, outlined);
      changed = true;
    }
  scev_finalize ();
  loop_optimizer_finalize ();
  gpu_regions_release ();
  if (changed)
    mark_virtual_operands_for_renaming (fun);
  return changed ? TODO_update_ssa_only_virtuals | TODO_cleanup_cfg : 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_outline (gcc::context *ctxt)
{
  return new pass_gpu_outline (ctxt);
}
