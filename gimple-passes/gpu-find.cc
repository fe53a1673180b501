/* gpu-find.cc -- the gpu_find pass: recognise GPU_PARALLEL loop nests,
   check their form, emit their OpenCL kernel, bound the memory they touch
   and put the launch in front of them.

   It runs right after the function enters SSA form.  A marked loop is one
   whose header PHI defines a variable carrying the gpu_parallel attribute;
   up to three directly nested marked loops form one region whose innermost
   loop is dimension 0.  Trip counts come from GCC's niter analysis, index
   values from scalar evolution, and the byte range each pointer reaches
   from the evolution of every address the region computes (GPU_EXTENT
   where that fails).

   The loop itself is kept as the host path: in its preheader we call
   gpurt_launch; when the region ran on the device the index starts at its
   final value and the loop test is forced false, so the host loop runs no
   iteration and the index still ends with the value C gives it.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "oclemit.h"

/* The runtime entry point, kept across functions.  */
static tree gpu_launch_decl;
/* Regions emitted in this translation unit (for unique names).  */
static int gpu_region_count;
/* Their record variables, registered from a constructor at the end.  */
static vec<tree, va_gc> *gpu_records;

static const struct ggc_root_tab gpu_find_roots[] = {
  { &gpu_launch_decl, 1, sizeof (gpu_launch_decl), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &gpu_records, 1, sizeof (gpu_records), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

/* PLUGIN_EARLY_GIMPLE_PASSES_END callback (after gpu_find has seen every
   function): build one static constructor that
   registers every region record of the translation unit with libgpurt
   (gpurt_register), so executables and shared libraries announce their
   kernels when loaded.  */

void
gpu_find_build_ctor (void *, void *)
{
  if (!gpu_records || gpu_records->is_empty () || seen_error ())
    return;
  tree fntype = build_function_type_list (void_type_node, const_ptr_type_node,
					  NULL_TREE);
  tree reg = build_fn_decl ("gpurt_register", fntype);
  tree body = NULL_TREE;
  for (unsigned i = 0; i < gpu_records->length (); i++)
    {
      tree var = (*gpu_records)[i];
      tree addr = build_fold_addr_expr
	(build4 (ARRAY_REF, char_type_node, var, size_zero_node, NULL_TREE,
		 NULL_TREE));
      append_to_statement_list (build_call_expr (reg, 1, addr), &body);
    }
  cgraph_build_static_cdtor ('I', body, DEFAULT_INIT_PRIORITY);
  vec_free (gpu_records);
}

/* GC roots of this file, for PLUGIN_REGISTER_GGC_ROOTS.  */

const struct ggc_root_tab *
gpu_find_ggc_roots (void)
{
  return gpu_find_roots;
}

static tree long_type (void) { return long_integer_type_node; }
static tree u64_type (void) { return long_long_unsigned_type_node; }

/* The marked index of LOOP: a header PHI result whose variable carries
   GPU_PARALLEL, or NULL.  */

static tree
marked_iv (class loop *loop)
{
  for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      tree res = gimple_phi_result (gsi.phi ());
      tree var = SSA_NAME_VAR (res);
      if (var && !virtual_operand_p (res)
	  && gpu_decl_has_attr (var, GPU_ATTR_PARALLEL))
	return res;
    }
  return NULL_TREE;
}

static void
dump_reason (const char *what, location_t loc, const char *reason)
{
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (loc);
      fprintf (dump_file, "%s: %s:%d: %s\n", what, xl.file ? xl.file : "?",
	       xl.line, reason);
    }
}

/* Move the pure computations of the exit test in LOOP's header (bound
   loads, arithmetic) to its preheader, so the bound is evaluated once
   before the loop as OpenMP does.  Returns false if something with side
   effects remains in the header.  */

static bool
hoist_header (class loop *loop)
{
  basic_block pre = loop_preheader_edge (loop)->src;
  edge pe = loop_preheader_edge (loop);
  tree vphi_entry = NULL_TREE;
  for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (virtual_operand_p (gimple_phi_result (gsi.phi ())))
      vphi_entry = PHI_ARG_DEF_FROM_EDGE (gsi.phi (), pe);

  gimple_stmt_iterator gsi = gsi_start_bb (loop->header);
  while (!gsi_end_p (gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (is_gimple_debug (stmt) || gimple_code (stmt) == GIMPLE_LABEL
	  || gimple_code (stmt) == GIMPLE_NOP
	  || gimple_code (stmt) == GIMPLE_PREDICT)
	{
	  gsi_next (&gsi);
	  continue;
	}
      if (gimple_code (stmt) == GIMPLE_COND)
	return true;
      if (gimple_vdef (stmt) || gimple_has_volatile_ops (stmt)
	  || (!is_gimple_assign (stmt)
	      && !(is_gimple_call (stmt)
		   && (gimple_call_flags (stmt) & (ECF_CONST | ECF_PURE)))))
	return false;
      /* Computations on the index stay; the rest moves out.  */
      ssa_op_iter it;
      tree use;
      bool inv = true;
      FOR_EACH_SSA_TREE_OPERAND (use, stmt, it, SSA_OP_USE)
	{
	  basic_block db = gimple_bb (SSA_NAME_DEF_STMT (use));
	  if (db && flow_bb_inside_loop_p (loop, db))
	    inv = false;
	}
      if (!inv)
	{
	  gsi_next (&gsi);
	  continue;
	}
      gimple_stmt_iterator to = gsi_last_bb (pre);
      if (gimple_vuse (stmt))
	{
	  if (vphi_entry)
	    gimple_set_vuse (stmt, vphi_entry);
	}
      gsi_move_after (&gsi, &to);
      update_stmt (stmt);
    }
  return true;
}

/* Is OP, peeled of conversions defined in BB, the value IV?  */

static bool
tests_iv_p (tree op, tree iv, basic_block bb)
{
  while (TREE_CODE (op) == SSA_NAME && op != iv)
    {
      gimple *def = SSA_NAME_DEF_STMT (op);
      if (!is_gimple_assign (def) || gimple_bb (def) != bb
	  || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def)))
	return false;
      op = gimple_assign_rhs1 (def);
    }
  return op == iv;
}

/* Does EXPR only use values available before region R?  */

static bool
invariant_in_region_p (struct gpu_region *r, tree expr)
{
  if (!expr || chrec_contains_undetermined (expr)
      || tree_contains_chrecs (expr, NULL))
    return false;
  return expr_invariant_in_loop_p (r->outer, expr);
}

/* Instantiate EXPR, evaluated in EV_LOOP, in terms of values available
   before region R; comparisons and logical operations (which scalar
   evolution does not take) are instantiated operand by operand.  */

static tree
instantiate (struct gpu_region *r, class loop *ev_loop, tree expr)
{
  if (!expr || expr_invariant_in_loop_p (r->outer, expr))
    return expr;
  switch (TREE_CODE (expr))
    {
    case SSA_NAME:
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case NEGATE_EXPR:
    case POINTER_PLUS_EXPR:
    CASE_CONVERT:
      return instantiate_scev (loop_preheader_edge (r->outer), ev_loop, expr);
    default:
      break;
    }
  if (!EXPR_P (expr))
    return chrec_dont_know;
  tree copy = copy_node (expr);
  for (int i = 0; i < TREE_OPERAND_LENGTH (expr); i++)
    if (TREE_OPERAND (expr, i))
      TREE_OPERAND (copy, i) = instantiate (r, ev_loop, TREE_OPERAND (expr, i));
  return fold (copy);
}

/* Step of the index IV of LOOP when it is stepped through conversions
   (narrow index types: i = (short) ((unsigned short) i + 1)), which scalar
   evolution does not take as affine because the sum may wrap.  The
   kernel computes the index with the same wrapping.  */

static tree
manual_step (class loop *loop, tree iv)
{
  gphi *phi = as_a<gphi *> (SSA_NAME_DEF_STMT (iv));
  tree t = PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (loop));
  tree type = TREE_TYPE (iv);
  tree step = build_int_cst (type, 0);
  for (int guard = 0; t != iv && guard < 16; guard++)
    {
      if (TREE_CODE (t) != SSA_NAME)
	return NULL_TREE;
      gimple *def = SSA_NAME_DEF_STMT (t);
      if (!is_gimple_assign (def)
	  || !flow_bb_inside_loop_p (loop, gimple_bb (def)))
	return NULL_TREE;
      enum tree_code code = gimple_assign_rhs_code (def);
      tree a = gimple_assign_rhs1 (def);
      if ((CONVERT_EXPR_CODE_P (code) || code == SSA_NAME)
	  && INTEGRAL_TYPE_P (TREE_TYPE (a)))
	t = a;
      else if ((code == PLUS_EXPR || code == MINUS_EXPR)
	       && expr_invariant_in_loop_p (loop, gimple_assign_rhs2 (def)))
	{
	  tree c = fold_convert (type, gimple_assign_rhs2 (def));
	  step = fold_build2 (code, type, step, c);
	  t = a;
	}
      else
	return NULL_TREE;
    }
  return t == iv ? step : NULL_TREE;
}

/* Trip count of LOOP, whose index IV goes BASE, BASE + STEP, ... while
   the header's condition COND holds, as a u64 GENERIC expression, for the
   forms GCC's niter analysis leaves: computed exactly in 128-bit
   arithmetic.  Returns NULL if the condition has another shape.  */

static tree
manual_count (class loop *loop, gcond *cond, tree iv, tree base, tree step)
{
  enum tree_code code = gimple_cond_code (cond);
  tree lhs = gimple_cond_lhs (cond), rhs = gimple_cond_rhs (cond);
  if (!tests_iv_p (lhs, iv, loop->header))
    {
      std::swap (lhs, rhs);
      code = swap_tree_comparison (code);
      if (!tests_iv_p (lhs, iv, loop->header))
	return NULL_TREE;
    }
  edge te, fe;
  extract_true_false_edges_from_block (loop->header, &te, &fe);
  if (!flow_bb_inside_loop_p (loop, te->dest))
    code = invert_tree_comparison (code, false);
  if (!expr_invariant_in_loop_p (loop, rhs) || integer_zerop (step))
    return NULL_TREE;
  tree w = intTI_type_node;
  tree b = fold_convert (w, base), n = fold_convert (w, rhs);
  tree s = fold_convert (w, step);
  tree one = build_int_cst (w, 1), zero = build_int_cst (w, 0);
  /* A variable step goes the way the test says: up for < and <=.  */
  bool up = TREE_CODE (step) == INTEGER_CST ? tree_int_cst_sgn (step) > 0
	    : (code == LT_EXPR || code == LE_EXPR);
  if (TREE_CODE (step) != INTEGER_CST && code == NE_EXPR)
    return NULL_TREE;
  tree diff = up ? fold_build2 (MINUS_EXPR, w, n, b)
    : fold_build2 (MINUS_EXPR, w, b, n);
  tree as = up ? s : fold_build1 (NEGATE_EXPR, w, s);
  /* Branch-free forms: MAX keeps empty ranges at zero.  */
  tree count;
  switch (code)
    {
    case LT_EXPR:
    case GT_EXPR:
      if ((code == LT_EXPR) != up)
	return NULL_TREE;
      count = fold_build2 (TRUNC_DIV_EXPR, w,
			   fold_build2 (PLUS_EXPR, w,
					fold_build2 (MAX_EXPR, w, diff, zero),
					fold_build2 (MINUS_EXPR, w, as, one)),
			   as);
      break;
    case LE_EXPR:
    case GE_EXPR:
      if ((code == LE_EXPR) != up)
	return NULL_TREE;
      count = fold_build2 (TRUNC_DIV_EXPR, w,
			   fold_build2 (MAX_EXPR, w,
					fold_build2 (PLUS_EXPR, w, diff, as),
					zero),
			   as);
      break;
    case NE_EXPR:
      /* Only exact: the step must reach the bound.  */
      if (!integer_onep (as))
	return NULL_TREE;
      count = fold_build2 (MAX_EXPR, w, diff, zero);
      break;
    default:
      return NULL_TREE;
    }
  return fold_convert (u64_type (), count);
}

/* Describe the marked loop LOOP with index IV as dimension K of R.
   Errors in the loop's form are reported here.  */

static bool
build_dim (struct gpu_region *r, int k, class loop *loop, tree iv)
{
  location_t loc = find_loop_location (loop).get_location_t ();
  struct gpu_dim *d = &r->dims[k];
  d->loop = loop;
  d->iv = iv;

  edge exit = single_exit (loop);
  if (!exit || exit->src != loop->header)
    {
      error_at (loc, "%<GPU_PARALLEL%> loop must leave only through its "
		"condition: no %<break%>, %<return%> or %<goto%> out of it");
      return false;
    }
  if (!hoist_header (loop))
    {
      error_at (loc, "the condition of a %<GPU_PARALLEL%> loop must not have "
		"side effects; compute the bound before the loop");
      return false;
    }
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (loop->header));
  if (!cond
      || (!tests_iv_p (gimple_cond_lhs (cond), iv, loop->header)
	  && !tests_iv_p (gimple_cond_rhs (cond), iv, loop->header)))
    {
      error_at (loc, "the condition of a %<GPU_PARALLEL%> loop must compare "
		"its index %qE with the bound", SSA_NAME_VAR (iv));
      return false;
    }
  affine_iv aiv;
  if (!simple_iv (loop, loop, iv, &aiv, true))
    {
      gphi *phi = as_a<gphi *> (SSA_NAME_DEF_STMT (iv));
      aiv.base = PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (loop));
      aiv.step = manual_step (loop, iv);
    }
  if (!aiv.step)
    {
      error_at (loc, "index %qE of a %<GPU_PARALLEL%> loop must change only "
		"by a loop-invariant step in the loop's increment",
		SSA_NAME_VAR (iv));
      return false;
    }
  /* An unsigned index stepped down adds a huge constant (i-- on unsigned
     char is i + 255): read the step as signed in the index's width.  */
  if (TREE_CODE (aiv.step) == INTEGER_CST && TYPE_UNSIGNED (TREE_TYPE (iv)))
    aiv.step = wide_int_to_tree (signed_type_for (TREE_TYPE (iv)),
				 wi::to_wide (fold_convert (TREE_TYPE (iv),
							    aiv.step)));
  class tree_niter_desc desc;
  tree mcount = NULL_TREE;
  if (!number_of_iterations_exit (loop, exit, &desc, false)
      || chrec_contains_undetermined (desc.niter)
      || !integer_onep (desc.assumptions))
    {
      mcount = manual_count (loop, cond, iv, aiv.base, aiv.step);
      desc.niter = mcount;
      desc.may_be_zero = boolean_false_node;
      desc.assumptions = boolean_true_node;
    }
  if (!desc.niter)
    {
      error_at (loc, "cannot count the iterations of this %<GPU_PARALLEL%> "
		"loop: compare the index with a loop-invariant bound using "
		"%<<%>, %<<=%>, %<>%>, %<>=%> or %<!=%>, and step it by a "
		"loop-invariant amount in the right direction");
      return false;
    }
  if (!integer_onep (desc.assumptions))
    {
      error_at (loc, "the iteration count of this %<GPU_PARALLEL%> loop is "
		"only valid under assumptions (a %<!=%> test the step may "
		"skip, or a bound at the limit of the index type)");
      return false;
    }
  class loop *ev_loop = loop_outer (loop);
  tree base = instantiate (r, ev_loop, aiv.base);
  tree step = instantiate (r, ev_loop, aiv.step);
  tree niter = instantiate (r, ev_loop, desc.niter);
  tree mbz = instantiate (r, ev_loop, desc.may_be_zero);
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      fprintf (dump_file, "dim %d: base ", k);
      print_generic_expr (dump_file, base);
      fprintf (dump_file, " step ");
      print_generic_expr (dump_file, step);
      fprintf (dump_file, " niter ");
      print_generic_expr (dump_file, niter);
      fprintf (dump_file, " may_be_zero ");
      print_generic_expr (dump_file, mbz);
      fprintf (dump_file, "\n");
    }
  if (!invariant_in_region_p (r, base) || !invariant_in_region_p (r, step)
      || !invariant_in_region_p (r, niter) || !invariant_in_region_p (r, mbz))
    {
      error_at (loc, "the bounds and step of a nested %<GPU_PARALLEL%> loop "
		"must not depend on the enclosing loops");
      return false;
    }
  tree type = TREE_TYPE (iv);
  d->lo = fold_convert (type, base);
  /* Keep the step signed so that a step down of an unsigned index reads
     as negative in the range analysis.  */
  d->step = fold_convert (TYPE_UNSIGNED (type) ? signed_type_for (type) : type,
			  step);
  /* The exit test is in the header, so the latch -- and the body -- run
     NITER times.  */
  tree count = fold_convert (u64_type (), niter);
  if (mbz && !integer_zerop (mbz))
    count = fold_build3 (COND_EXPR, u64_type (), mbz,
			 build_int_cst (u64_type (), 0), count);
  d->count = count;
  return true;
}

/* Check what region R's loops may contain beyond the kernel's body proper:
   the marked headers carry only the index, and code of an outer marked
   loop outside the inner one has no side effects.  */

static bool
check_nest (struct gpu_region *r)
{
  for (int k = 0; k < r->ndim; k++)
    {
      class loop *l = r->dims[k].loop;
      for (gphi_iterator gsi = gsi_start_phis (l->header); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  tree res = gimple_phi_result (gsi.phi ());
	  if (virtual_operand_p (res) || res == r->dims[k].iv)
	    continue;
	  /* GPU_REDUCE hook: accumulators found by gpu_reduce_analyze.  */
	  if (gpu_reduce_phi_index (r, res) >= 0)
	    continue;
	  gpu_region_fail (r, find_loop_location (l).get_location_t (),
			   "%qs carries a value from one iteration to the "
			   "next (a reduction needs GPU_REDUCE)",
			   gpu_value_name (res));
	  return false;
	}
      if (k == 0)
	continue;
      class loop *inner = r->dims[k - 1].loop;
      basic_block *body = get_loop_body (l);
      for (unsigned i = 0; i < l->num_nodes; i++)
	{
	  if (flow_bb_inside_loop_p (inner, body[i]))
	    continue;
	  for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	       !gsi_end_p (gsi); gsi_next (&gsi))
	    {
	      gimple *stmt = gsi_stmt (gsi);
	      if (gimple_vdef (stmt)
		  || (is_gimple_call (stmt)
		      && !(gimple_call_flags (stmt) & (ECF_CONST | ECF_PURE))))
		{
		  gpu_region_fail (r, gimple_location (stmt),
				   "statement between nested GPU_PARALLEL "
				   "loops has side effects");
		  free (body);
		  return false;
		}
	    }
	}
      free (body);
    }
  return true;
}

/* The last iteration number (counting from 0) in which the block BB of
   LOOP inside region R runs, as a long valid before R.  A block other
   than the header of a loop that tests at its header runs one time fewer
   than the header.  */

static tree
last_iteration (struct gpu_region *r, class loop *loop, basic_block bb)
{
  tree one = build_int_cst (long_type (), 1);
  for (int k = 0; k < r->ndim; k++)
    if (r->dims[k].loop == loop)
      return fold_build2 (MINUS_EXPR, long_type (),
			  fold_convert (long_type (), r->dims[k].count), one);
  tree n = number_of_latch_executions (loop);
  if (!n || chrec_contains_undetermined (n))
    return NULL_TREE;
  n = instantiate (r, loop_outer (loop), n);
  if (!invariant_in_region_p (r, n))
    return NULL_TREE;
  n = fold_convert (long_type (), n);
  edge exit = single_exit (loop);
  if (exit && exit->src == loop->header && bb != loop->header)
    n = fold_build2 (MINUS_EXPR, long_type (), n, one);
  return n;
}

/* Bound the values of CHREC (an address evolution inside R) by *LO and
   *HI, as longs valid before R.  */

static bool
chrec_range (struct gpu_region *r, basic_block bb, tree chrec, tree *lo,
	     tree *hi)
{
  if (!chrec || chrec_contains_undetermined (chrec))
    return false;
  if (TREE_CODE (chrec) == POLYNOMIAL_CHREC)
    {
      tree l, h;
      if (!chrec_range (r, bb, CHREC_LEFT (chrec), &l, &h))
	return false;
      tree step = CHREC_RIGHT (chrec);
      if (tree_contains_chrecs (step, NULL) || !invariant_in_region_p (r, step))
	return false;
      tree n = last_iteration (r, get_chrec_loop (chrec), bb);
      if (!n)
	return false;
      tree ext = fold_build2 (MULT_EXPR, long_type (),
			      fold_convert (long_type (), step), n);
      tree zero = build_int_cst (long_type (), 0);
      *lo = fold_build2 (PLUS_EXPR, long_type (), l,
			 fold_build2 (MIN_EXPR, long_type (), ext, zero));
      *hi = fold_build2 (PLUS_EXPR, long_type (), h,
			 fold_build2 (MAX_EXPR, long_type (), ext, zero));
      return true;
    }
  if (!invariant_in_region_p (r, chrec))
    return false;
  *lo = *hi = fold_convert (long_type (), chrec);
  return true;
}

/* Bound the value of T, computed in block BB of region R, by the longs
   *LO and *HI valid before R: the fallback for what scalar evolution does
   not take (narrow index types, whose updates it sees as wrapping).
   Values are read as signed 64-bit, as pointer arithmetic wraps; an
   operation in a narrower unsigned type might wrap, so none is taken.  */

static bool
interval_of (struct gpu_region *r, tree t, tree *lo, tree *hi, int depth)
{
  tree L = long_type ();
  if (depth > 24)
    return false;
  if (TREE_CODE (t) == INTEGER_CST || expr_invariant_in_loop_p (r->outer, t))
    {
      if (!INTEGRAL_TYPE_P (TREE_TYPE (t)) && !POINTER_TYPE_P (TREE_TYPE (t)))
	return false;
      *lo = *hi = fold_convert (L, t);
      return true;
    }
  if (TREE_CODE (t) != SSA_NAME)
    return false;
  for (int k = 0; k < r->ndim; k++)
    if (t == r->dims[k].iv)
      {
	struct gpu_dim *d = &r->dims[k];
	tree first = fold_convert (L, d->lo);
	tree last = fold_build2 (PLUS_EXPR, L, first,
				 fold_build2 (MULT_EXPR, L,
					      fold_convert (L, d->step),
					      fold_build2 (MINUS_EXPR, L,
							   fold_convert (L, d->count),
							   build_int_cst (L, 1))));
	*lo = fold_build2 (MIN_EXPR, L, first, last);
	*hi = fold_build2 (MAX_EXPR, L, first, last);
	return true;
      }
  gimple *def = SSA_NAME_DEF_STMT (t);
  if (!is_gimple_assign (def))
    return false;
  enum tree_code code = gimple_assign_rhs_code (def);
  tree type = TREE_TYPE (t);
  tree a = gimple_assign_rhs1 (def);
  tree alo, ahi, blo, bhi;
  bool narrow_unsigned = INTEGRAL_TYPE_P (type) && TYPE_UNSIGNED (type)
			 && TYPE_PRECISION (type) < 64;
  if (code == SSA_NAME)
    return interval_of (r, a, lo, hi, depth + 1);
  if (CONVERT_EXPR_CODE_P (code))
    {
      tree at = TREE_TYPE (a);
      if (!INTEGRAL_TYPE_P (at) && !POINTER_TYPE_P (at))
	return false;
      /* Widening keeps the value; so does a same-width change of sign
	 into 64 bits (read as signed anyway).  */
      if (TYPE_PRECISION (type) < TYPE_PRECISION (at))
	return false;
      if (narrow_unsigned && !TYPE_UNSIGNED (at))
	return false;
      return interval_of (r, a, lo, hi, depth + 1);
    }
  /* A sum or difference in a narrow unsigned type is exact when the
     result stays inside the type: the launch checks that at run time.  */
  if (narrow_unsigned && (code == PLUS_EXPR || code == MINUS_EXPR))
    {
      /* i - 1 in unsigned arithmetic is i + 0xffffffff: read constants
	 as signed.  */
      tree b = gimple_assign_rhs2 (def);
      if (TREE_CODE (b) == INTEGER_CST)
	b = wide_int_to_tree (signed_type_for (type), wi::to_wide (b));
      if (!interval_of (r, a, &alo, &ahi, depth + 1)
	  || !interval_of (r, b, &blo, &bhi, depth + 1))
	return false;
      if (code == PLUS_EXPR)
	{
	  *lo = fold_build2 (PLUS_EXPR, L, alo, blo);
	  *hi = fold_build2 (PLUS_EXPR, L, ahi, bhi);
	}
      else
	{
	  *lo = fold_build2 (MINUS_EXPR, L, alo, bhi);
	  *hi = fold_build2 (MINUS_EXPR, L, ahi, blo);
	}
      tree top = wide_int_to_tree (L, wi::mask (TYPE_PRECISION (type), false,
						 TYPE_PRECISION (L)));
      tree ok = fold_build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
			     fold_build2 (GE_EXPR, boolean_type_node, *lo,
					  build_int_cst (L, 0)),
			     fold_build2 (LE_EXPR, boolean_type_node, *hi, top));
      r->valid = r->valid ? fold_build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
					 r->valid, ok) : ok;
      return true;
    }
  if (narrow_unsigned)
    return false;
  if (code == NEGATE_EXPR)
    {
      if (!interval_of (r, a, &alo, &ahi, depth + 1))
	return false;
      *lo = fold_build1 (NEGATE_EXPR, L, ahi);
      *hi = fold_build1 (NEGATE_EXPR, L, alo);
      return true;
    }
  if (code != PLUS_EXPR && code != MINUS_EXPR && code != POINTER_PLUS_EXPR
      && code != MULT_EXPR)
    return false;
  if (!interval_of (r, a, &alo, &ahi, depth + 1)
      || !interval_of (r, gimple_assign_rhs2 (def), &blo, &bhi, depth + 1))
    return false;
  if (code == MINUS_EXPR)
    {
      *lo = fold_build2 (MINUS_EXPR, L, alo, bhi);
      *hi = fold_build2 (MINUS_EXPR, L, ahi, blo);
    }
  else if (code == MULT_EXPR)
    {
      /* One factor must be invariant (a single value).  */
      if (!operand_equal_p (blo, bhi, 0))
	{
	  std::swap (alo, blo);
	  std::swap (ahi, bhi);
	  if (!operand_equal_p (blo, bhi, 0))
	    return false;
	}
      tree x = fold_build2 (MULT_EXPR, L, alo, blo);
      tree y = fold_build2 (MULT_EXPR, L, ahi, blo);
      *lo = fold_build2 (MIN_EXPR, L, x, y);
      *hi = fold_build2 (MAX_EXPR, L, x, y);
    }
  else
    {
      *lo = fold_build2 (PLUS_EXPR, L, alo, blo);
      *hi = fold_build2 (PLUS_EXPR, L, ahi, bhi);
    }
  return true;
}

/* Bound the access A of region R: the byte range it touches, as longs
   valid before R, in *LO and *HI (one past the end).  */

static bool
bound_access (struct gpu_region *r, struct gpu_access *a, tree *lo, tree *hi)
{
  if (!a->ref)
    return false;
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (a->ref));
  if (!size || TREE_CODE (size) != INTEGER_CST)
    return false;
  class loop *sl = loop_containing_stmt (a->stmt);
  gimple_seq seq = NULL;
  tree addr = force_gimple_operand (build_fold_addr_expr (unshare_expr (a->ref)),
				    &seq, true, NULL_TREE);
  auto_vec<gimple *> added;
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    added.safe_push (gsi_stmt (i));
  gimple_stmt_iterator gsi = gsi_for_stmt (a->stmt);
  gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
  tree ev = analyze_scalar_evolution (sl, addr);
  ev = instantiate_scev (loop_preheader_edge (r->outer), sl, ev);
  bool ok = chrec_range (r, gimple_bb (a->stmt), ev, lo, hi);
  if (!ok && loop_containing_stmt (a->stmt) == r->dims[0].loop)
    ok = interval_of (r, addr, lo, hi, 0);
  if (!ok && dump_file && (dump_flags & TDF_DETAILS))
    {
      fprintf (dump_file, "  cannot bound ");
      print_generic_expr (dump_file, a->ref);
      fprintf (dump_file, ": evolution ");
      print_generic_expr (dump_file, ev);
      fprintf (dump_file, "\n");
    }
  if (ok)
    *hi = fold_build2 (PLUS_EXPR, long_type (), *hi,
		       fold_convert (long_type (), size));
  for (unsigned i = 0; i < added.length (); i++)
    {
      gimple_stmt_iterator g = gsi_for_stmt (added[i]);
      gsi_remove (&g, true);
      release_defs (added[i]);
    }
  scev_reset_htab ();
  return ok;
}

/* The value of the register variable DECL reaching the end of BB.  */

static tree
reaching_def (function *fun, basic_block bb, tree decl)
{
  for (; bb && bb != ENTRY_BLOCK_PTR_FOR_FN (fun);
       bb = get_immediate_dominator (CDI_DOMINATORS, bb))
    {
      for (gimple_stmt_iterator gsi = gsi_last_bb (bb); !gsi_end_p (gsi);
	   gsi_prev (&gsi))
	{
	  tree lhs = gimple_get_lhs (gsi_stmt (gsi));
	  if (lhs && TREE_CODE (lhs) == SSA_NAME && SSA_NAME_VAR (lhs) == decl)
	    return lhs;
	}
      for (gphi_iterator gsi = gsi_start_phis (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	if (SSA_NAME_VAR (gimple_phi_result (gsi.phi ())) == decl)
	  return gimple_phi_result (gsi.phi ());
    }
  if (TREE_CODE (decl) == PARM_DECL)
    return get_or_create_ssa_default_def (fun, decl);
  return NULL_TREE;
}

struct extent_walk
{
  function *fun;
  basic_block bb;
  bool ok;
};

static tree
extent_rewrite_r (tree *tp, int *walk_subtrees, void *data)
{
  struct extent_walk *w = (struct extent_walk *) data;
  tree t = *tp;
  if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && is_gimple_reg (t))
    {
      tree v = reaching_def (w->fun, w->bb, t);
      if (!v)
	w->ok = false;
      else
	*tp = v;
      *walk_subtrees = 0;
    }
  else if (TYPE_P (t) || DECL_P (t))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Bytes reachable from the pointer PTR (a capture of R) by its
   GPU_EXTENT, found on PTR or on the named pointer it was computed from;
   sets *LO and *HI relative to PTR.  */

static bool
extent_range (struct gpu_region *r, tree ptr, tree *lo, tree *hi)
{
  basic_block pre = loop_preheader_edge (r->outer)->src;
  tree p = ptr;
  while (TREE_CODE (p) == SSA_NAME)
    {
      tree var = SSA_NAME_VAR (p);
      tree attr = var ? lookup_attribute (GPU_ATTR_EXTENT, DECL_ATTRIBUTES (var))
	: NULL_TREE;
      if (dump_file && (dump_flags & TDF_DETAILS))
	{
	  fprintf (dump_file, "  extent of ");
	  print_generic_expr (dump_file, p);
	  fprintf (dump_file, ": %s\n", attr ? "found" : "none");
	}
      if (attr)
	{
	  tree count = unshare_expr (TREE_VALUE (TREE_VALUE (attr)));
	  struct extent_walk w = { r->fun, pre, true };
	  walk_tree (&count, extent_rewrite_r, &w, NULL);
	  if (!w.ok)
	    return false;
	  tree elt = TREE_TYPE (TREE_TYPE (p));
	  tree esize = VOID_TYPE_P (elt) ? size_one_node : TYPE_SIZE_UNIT (elt);
	  if (!esize || TREE_CODE (esize) != INTEGER_CST)
	    return false;
	  tree delta = fold_build2 (MINUS_EXPR, long_type (),
				    fold_convert (long_type (), p),
				    fold_convert (long_type (), ptr));
	  *lo = delta;
	  *hi = fold_build2 (PLUS_EXPR, long_type (), delta,
			     fold_build2 (MULT_EXPR, long_type (),
					  fold_convert (long_type (), count),
					  fold_convert (long_type (), esize)));
	  return true;
	}
      gimple *def = SSA_NAME_DEF_STMT (p);
      if (!is_gimple_assign (def))
	return false;
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code != POINTER_PLUS_EXPR && code != SSA_NAME
	  && !CONVERT_EXPR_CODE_P (code))
	return false;
      p = gimple_assign_rhs1 (def);
      if (!POINTER_TYPE_P (TREE_TYPE (p)))
	return false;
    }
  return false;
}

/* Bound every buffer capture of R.  Returns false (with R->fail set) when
   some pointer's reach is unknown.  */

static bool
bound_captures (struct gpu_region *r)
{
  for (unsigned i = 0; i < r->accs.length (); i++)
    {
      struct gpu_access *a = &r->accs[i];
      struct gpu_capture *c = &r->caps[a->cap];
      if (DECL_P (c->value) || c->unbounded)
	continue;
      tree lo, hi;
      if (!bound_access (r, a, &lo, &hi))
	{
	  c->unbounded = true;
	  c->unbounded_loc = gimple_location (a->stmt);
	  continue;
	}
      tree base = fold_convert (long_type (), c->value);
      lo = fold_build2 (MINUS_EXPR, long_type (), lo, base);
      hi = fold_build2 (MINUS_EXPR, long_type (), hi, base);
      c->lo = c->lo ? fold_build2 (MIN_EXPR, long_type (), c->lo, lo) : lo;
      c->hi = c->hi ? fold_build2 (MAX_EXPR, long_type (), c->hi, hi) : hi;
    }
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      struct gpu_capture *c = &r->caps[i];
      if (c->kind != GPU_CAP_BUFFER)
	continue;
      if (DECL_P (c->value))
	{
	  tree size = DECL_SIZE_UNIT (c->value);
	  if (!size || TREE_CODE (size) != INTEGER_CST)
	    {
	      gpu_region_fail (r, r->loc, "%qD has no known size",
			       c->value);
	      return false;
	    }
	  c->lo = build_int_cst (long_type (), 0);
	  c->hi = fold_convert (long_type (), size);
	  continue;
	}
      if (c->unbounded)
	{
	  if (!extent_range (r, c->value, &c->lo, &c->hi))
	    {
	      gpu_region_fail (r, c->unbounded_loc,
			       "cannot bound the accesses through %qs; "
			       "declare it with GPU_EXTENT(count)",
			       gpu_value_name (c->value));
	      return false;
	    }
	  if (dump_file && (dump_flags & TDF_DETAILS))
	    fprintf (dump_file, "  %s bounded by GPU_EXTENT\n",
		     gpu_value_name (c->value));
	}
      else if (!c->lo)
	c->lo = c->hi = build_int_cst (long_type (), 0);
    }
  return true;
}

/* The flags word 0 of capture C.  */

static unsigned
cap_word0 (struct gpu_capture *c)
{
  return c->kind == GPU_CAP_BUFFER ? 1 | (c->flags << 8)
    : c->kind == GPU_CAP_REDUCE ? 3 : 2;
}

/* Byte size of the scalar capture C.  */

static unsigned
cap_size (struct gpu_capture *c)
{
  return tree_to_uhwi (TYPE_SIZE_UNIT (c->type));
}

/* The elements the stores of region R through capture I write: *KIND 'f'
   (floating point of *SIZE bytes), 'i' (integers or pointers) or 'b'
   (bytes: mixed, aggregates, or stores the compiler cannot see, such as
   those in called functions).  */

static void
elem_of (struct gpu_region *r, unsigned i, char *kind, unsigned *size)
{
  tree type = NULL_TREE;
  *kind = 'b';
  *size = 1;
  for (unsigned j = 0; j < r->accs.length (); j++)
    {
      struct gpu_access *a = &r->accs[j];
      if (a->cap != (int) i || !(a->flags & GPU_ACC_WRITE))
	continue;
      if (!a->ref)
	return;
      tree t = TREE_TYPE (a->ref);
      if (!type)
	type = t;
      else if (TYPE_MAIN_VARIANT (t) != TYPE_MAIN_VARIANT (type)
	       && (TREE_CODE (t) != TREE_CODE (type)
		   || !tree_int_cst_equal (TYPE_SIZE (t), TYPE_SIZE (type))))
	return;
    }
  if (!type || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (type)))
    return;
  unsigned n = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  if (SCALAR_FLOAT_TYPE_P (type) && (n == 4 || n == 8))
    *kind = 'f';
  else if ((INTEGRAL_TYPE_P (type) || POINTER_TYPE_P (type))
	   && (n == 1 || n == 2 || n == 4 || n == 8))
    *kind = 'i';
  else
    return;
  *size = n;
}

/* Build the region record of R (docs/ABI.md) with kernel SOURCE.  */

static char *
make_record (struct gpu_region *r, const char *source)
{
  pretty_printer pp;
  expanded_location xl = expand_location (r->loc);
  pp_printf (&pp, "gpuoffload-region %d\nname %s\nloc %s:%d\nndim %d\n"
	     "fp64 %d\noptions", GPU_RECORD_VERSION, r->kernel_name,
	     xl.file ? xl.file : "?", xl.line, r->ndim, r->fp64 ? 1 : 0);
  if (flag_unsafe_math_optimizations && flag_finite_math_only)
    pp_string (&pp, " -cl-fast-relaxed-math");
  else if (flag_reciprocal_math || flag_unsafe_math_optimizations)
    pp_string (&pp, " -cl-unsafe-math-optimizations");
  else
    pp_string (&pp, " -cl-fp32-correctly-rounded-divide-sqrt");
  pp_printf (&pp, "\nnargs %u\n", r->caps.length ());
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      struct gpu_capture *c = &r->caps[i];
      const char *name = (TREE_CODE (c->value) == SSA_NAME
			  || DECL_P (c->value))
	? gpu_value_name (c->value) : "<index>";
      if (c->kind == GPU_CAP_REDUCE)	/* GPU_REDUCE hook.  */
	gpu_reduce_record_arg (r, i, &pp);
      else if (c->kind == GPU_CAP_BUFFER)
	pp_printf (&pp, "arg %u buffer %s %s\n", i,
		   c->flags == (GPU_ACC_READ | GPU_ACC_WRITE) ? "rw"
		   : c->flags == GPU_ACC_WRITE ? "w" : "r", name);
      else
	pp_printf (&pp, "arg %u scalar %u %s\n", i, cap_size (c), name);
    }
  /* What a written buffer holds, for GPURT_VERIFY's comparison.  */
  for (unsigned i = 0; i < r->caps.length (); i++)
    if (r->caps[i].kind == GPU_CAP_BUFFER
	&& (r->caps[i].flags & GPU_ACC_WRITE))
      {
	char kind;
	unsigned size;
	elem_of (r, i, &kind, &size);
	pp_printf (&pp, "elem %u %c %u\n", i, kind, size);
      }
  gpu_reduce_record (r, &pp);	/* GPU_REDUCE hook.  */
  pp_printf (&pp, "source %u\n", (unsigned) strlen (source));
  pp_string (&pp, source);
  return xstrdup (pp_formatted_text (&pp));
}

/* A read-only variable holding TEXT in the kernel section.  */

static tree
make_record_var (const char *text, const char *kernel)
{
  size_t len = strlen (text) + 1;
  tree type = build_array_type_nelts (char_type_node, len);
  tree str = build_string (len, text);
  TREE_TYPE (str) = type;
  TREE_CONSTANT (str) = 1;
  TREE_READONLY (str) = 1;
  TREE_STATIC (str) = 1;
  char *name = xasprintf ("__gpu_region_%s", kernel);
  tree var = build_decl (UNKNOWN_LOCATION, VAR_DECL, get_identifier (name),
			 type);
  TREE_STATIC (var) = 1;
  TREE_READONLY (var) = 1;
  TREE_PUBLIC (var) = 0;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  TREE_USED (var) = 1;
  DECL_PRESERVE_P (var) = 1;
  DECL_INITIAL (var) = str;
  SET_DECL_ALIGN (var, BITS_PER_UNIT);
  DECL_USER_ALIGN (var) = 1;
  set_decl_section_name (var, GPU_SECTION_NAME);
  varpool_node::finalize_decl (var);
  return var;
}

/* Gimplify EXPR at *GSI (appending) and return the value.  */

static tree
emit_value (gimple_stmt_iterator *gsi, tree expr)
{
  return force_gimple_operand_gsi (gsi, unshare_expr (expr), true, NULL_TREE,
				   false, GSI_CONTINUE_LINKING);
}

/* Store VALUE (a u64 GENERIC value) into word IDX of ARGS at *GSI.  */

static void
store_word (gimple_stmt_iterator *gsi, tree args, unsigned idx, tree value)
{
  tree v = emit_value (gsi, fold_convert (u64_type (), value));
  tree ref = build4 (ARRAY_REF, u64_type (), args, size_int (idx), NULL_TREE,
		     NULL_TREE);
  gsi_insert_after (gsi, gimple_build_assign (ref, v), GSI_NEW_STMT);
}

/* The bits of the scalar VALUE of TYPE as a u64 (low bytes).  */

static tree
scalar_bits (tree type, tree value)
{
  value = fold_convert (type, value);
  if (SCALAR_FLOAT_TYPE_P (type))
    {
      tree itype = build_nonstandard_integer_type
	(TYPE_PRECISION (type), 1);
      value = fold_build1 (VIEW_CONVERT_EXPR, itype, value);
    }
  else if (!POINTER_TYPE_P (type) && TYPE_PRECISION (type) < 64)
    value = fold_convert (build_nonstandard_integer_type
			  (TYPE_PRECISION (type), 1), value);
  return fold_convert (u64_type (), value);
}

/* Put the launch of region R (record RECORD_VAR) in its preheader and
   make the host loop run no iteration when the device ran it.  */

static void
build_launch (struct gpu_region *r, tree record_var)
{
  class loop *L = r->outer;
  edge pe = loop_preheader_edge (L);
  gimple_stmt_iterator gsi = gsi_last_bb (pe->src);
  unsigned nargs = r->caps.length ();

  if (!gpu_launch_decl)
    {
      tree fntype = build_function_type_list
	(integer_type_node, const_ptr_type_node,
	 build_pointer_type (u64_type ()), unsigned_type_node, u64_type (),
	 u64_type (), u64_type (), NULL_TREE);
      gpu_launch_decl = build_fn_decl ("gpurt_launch", fntype);
      DECL_ARTIFICIAL (gpu_launch_decl) = 1;
    }

  tree counts[3];
  for (int k = 0; k < 3; k++)
    counts[k] = k < r->ndim ? emit_value (&gsi, r->dims[k].count)
      : build_int_cst (u64_type (), 1);
  for (int k = 0; k < r->ndim; k++)
    {
      r->caps[r->dims[k].lo_cap].value = emit_value (&gsi, r->dims[k].lo);
      r->caps[r->dims[k].step_cap].value = emit_value (&gsi, r->dims[k].step);
    }

  tree atype = build_array_type_nelts (u64_type (), nargs ? 4 * nargs : 1);
  tree args = create_tmp_var (atype, "gpu_args");
  TREE_ADDRESSABLE (args) = 1;
  for (unsigned i = 0; i < nargs; i++)
    {
      struct gpu_capture *c = &r->caps[i];
      store_word (&gsi, args, 4 * i, build_int_cst (u64_type (),
						   cap_word0 (c)));
      if (c->kind == GPU_CAP_BUFFER)
	{
	  tree ptr;
	  if (DECL_P (c->value))
	    {
	      TREE_ADDRESSABLE (c->value) = 1;
	      ptr = build_fold_addr_expr (c->value);
	    }
	  else
	    ptr = c->value;
	  store_word (&gsi, args, 4 * i + 1, fold_convert (u64_type (), ptr));
	  store_word (&gsi, args, 4 * i + 2, c->lo);
	  store_word (&gsi, args, 4 * i + 3, c->hi);
	}
      else if (c->kind == GPU_CAP_REDUCE)
	{
	  /* GPU_REDUCE hook: result slot, operator, type.  */
	  tree w[3];
	  gpu_reduce_arg_words (r, i, w);
	  for (unsigned j = 0; j < 3; j++)
	    store_word (&gsi, args, 4 * i + 1 + j, w[j]);
	}
      else
	{
	  store_word (&gsi, args, 4 * i + 1, scalar_bits (c->type, c->value));
	  store_word (&gsi, args, 4 * i + 2,
		      build_int_cst (u64_type (), cap_size (c)));
	  store_word (&gsi, args, 4 * i + 3, build_int_cst (u64_type (), 0));
	}
    }

  tree rec = build_fold_addr_expr
    (build4 (ARRAY_REF, char_type_node, record_var, size_zero_node, NULL_TREE,
	     NULL_TREE));
  tree argp = build_fold_addr_expr
    (build4 (ARRAY_REF, u64_type (), args, size_zero_node, NULL_TREE,
	     NULL_TREE));
  /* Bit 31 of the argument count tells the runtime that the access
     ranges do not hold for this launch (docs/ABI.md): run on the host.  */
  tree nargs_v = build_int_cst (unsigned_type_node, nargs);
  if (r->valid)
    nargs_v = emit_value
      (&gsi, fold_build2 (BIT_IOR_EXPR, unsigned_type_node, nargs_v,
			  fold_build2 (LSHIFT_EXPR, unsigned_type_node,
				       fold_convert (unsigned_type_node,
						     fold_build1 (TRUTH_NOT_EXPR,
								  boolean_type_node,
								  r->valid)),
				       build_int_cst (unsigned_type_node, 31))));
  gcall *call = gimple_build_call (gpu_launch_decl, 6, rec, argp, nargs_v,
				   counts[0], counts[1], counts[2]);
  tree ran = make_ssa_name (integer_type_node);
  gimple_call_set_lhs (call, ran);
  gimple_set_location (call, r->loc);
  gsi_insert_after (&gsi, call, GSI_NEW_STMT);

  /* go = ran == 0: the host must run the loop.  */
  tree go = make_ssa_name (boolean_type_node);
  gsi_insert_after (&gsi, gimple_build_assign (go, EQ_EXPR, ran,
					       integer_zero_node),
		    GSI_NEW_STMT);
  r->launch = call;
  r->go = go;
  /* GPU_REDUCE hook: accumulators start at INIT OP RESULT.  */
  gpu_reduce_finish_launch (r, &gsi, go, counts);

  /* The index starts at its final value when the device ran the loop.  */
  struct gpu_dim *d = &r->dims[r->ndim - 1];
  tree type = TREE_TYPE (d->iv);
  tree utype = unsigned_type_for (type);
  tree fin = fold_convert
    (type, fold_build2 (PLUS_EXPR, utype, fold_convert (utype, d->lo),
			fold_build2 (MULT_EXPR, utype,
				     fold_convert (utype, d->count),
				     fold_convert (utype, d->step))));
  tree finv = emit_value (&gsi, fin);
  tree lov = r->caps[d->lo_cap].value;
  tree start = make_ssa_name (type);
  gsi_insert_after (&gsi, gimple_build_assign (start, COND_EXPR, go, lov,
					       finv), GSI_NEW_STMT);
  r->fin = finv;
  gphi *ivphi = as_a<gphi *> (SSA_NAME_DEF_STMT (d->iv));
  SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (ivphi, pe), start);

  /* And the loop test is false at once.  */
  gcond *cond = as_a<gcond *> (last_stmt (L->header));
  edge te, fe;
  extract_true_false_edges_from_block (L->header, &te, &fe);
  bool true_stays = flow_bb_inside_loop_p (L, te->dest);
  gimple_stmt_iterator cg = gsi_for_stmt (cond);
  tree t = make_ssa_name (boolean_type_node);
  gsi_insert_before (&cg, gimple_build_assign (t, gimple_cond_code (cond),
					       gimple_cond_lhs (cond),
					       gimple_cond_rhs (cond)),
		     GSI_SAME_STMT);
  tree u = make_ssa_name (boolean_type_node);
  if (true_stays)
    gsi_insert_before (&cg, gimple_build_assign (u, BIT_AND_EXPR, t, go),
		       GSI_SAME_STMT);
  else
    {
      tree stop = make_ssa_name (boolean_type_node);
      gsi_insert_before (&cg, gimple_build_assign (stop, BIT_XOR_EXPR, go,
						   boolean_true_node),
			 GSI_SAME_STMT);
      gsi_insert_before (&cg, gimple_build_assign (u, BIT_IOR_EXPR, t, stop),
			 GSI_SAME_STMT);
    }
  gimple_cond_set_condition (cond, NE_EXPR, u, boolean_false_node);
  update_stmt (cond);
}

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

/* Report that region R is not offloaded.  */

static void
report_missed (struct gpu_region *r)
{
  dump_reason ("FAILED", r->fail_loc, r->fail);
  if (gpu_opts.werror)
    error_at (r->fail_loc, "%<GPU_PARALLEL%> loop not offloaded: %s",
	      r->fail);
  else if (dump_enabled_p ())
    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
		     dump_user_location_t::from_location_t (r->fail_loc),
		     "loop not offloaded: %s\n", r->fail);
}

/* Offload the region whose outermost marked loop is OUTER with index
   IV.  Returns true when the function changed.  */

static bool
offload_region (function *fun, class loop *outer, tree iv)
{
  struct gpu_region r;
  memset (&r, 0, sizeof r);
  r.fun = fun;
  r.outer = outer;
  r.loc = find_loop_location (outer).get_location_t ();
  r.caps = vNULL;
  r.accs = vNULL;

  /* Collect the directly nested marked loops, outermost first.  */
  class loop *chain[4];
  tree ivs[4];
  int n = 0;
  class loop *l = outer;
  tree liv = iv;
  while (l)
    {
      if (n == 3)
	{
	  error_at (find_loop_location (l).get_location_t (),
		    "more than three nested %<GPU_PARALLEL%> loops");
	  return false;
	}
      chain[n] = l;
      ivs[n] = liv;
      n++;
      class loop *next = NULL;
      for (class loop *c = l->inner; c; c = c->next)
	if (tree civ = marked_iv (c))
	  {
	    if (next)
	      {
		error_at (find_loop_location (c).get_location_t (),
			  "two %<GPU_PARALLEL%> loops side by side in one "
			  "%<GPU_PARALLEL%> loop");
		return false;
	      }
	    next = c;
	    liv = civ;
	  }
      l = next;
    }
  r.ndim = n;
  for (int k = 0; k < n; k++)
    if (!build_dim (&r, k, chain[n - 1 - k], ivs[n - 1 - k]))
      return false;

  char *fname = xstrdup (IDENTIFIER_POINTER (DECL_NAME (fun->decl)));
  for (char *p = fname; *p; p++)
    if (!ISALNUM (*p))
      *p = '_';
  snprintf (r.kernel_name, sizeof r.kernel_name, "gpu_%s_%d", fname,
	    gpu_region_count++);
  free (fname);

  char *source = NULL;
  bool ok = gpu_reduce_analyze (&r) && check_nest (&r)
	    && oclemit_region (&r, &source)
	    && bound_captures (&r);
  if (!ok)
    {
      report_missed (&r);
      r.caps.release ();
      r.accs.release ();
      r.reds.release ();
      free (source);
      return false;
    }

  char *record = make_record (&r, source);
  tree var = make_record_var (record, r.kernel_name);
  vec_safe_push (gpu_records, var);
  /* Dump before build_launch replaces the index-space expressions.  */
  if (dump_file && (dump_flags & TDF_DETAILS))
    for (unsigned i = 0; i < r.caps.length (); i++)
      if (r.caps[i].kind == GPU_CAP_BUFFER)
	{
	  fprintf (dump_file, "  range of arg %u: [", i);
	  print_generic_expr (dump_file, r.caps[i].lo, TDF_SLIM);
	  fprintf (dump_file, ", ");
	  print_generic_expr (dump_file, r.caps[i].hi, TDF_SLIM);
	  fprintf (dump_file, ")\n");
	}
  build_launch (&r, var);
  bool outlined = gpu_outline_region (&r, gpu_region_count - 1);
  if (gpu_opts.dump_cl_dir)
    dump_cl (r.kernel_name, source);

  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (r.loc);
      fprintf (dump_file, "SUCCESS: %s:%d: loop offloaded as kernel %s, "
	       "%d-D, %u arguments\n", xl.file, xl.line, r.kernel_name,
	       r.ndim, r.caps.length ());
      for (unsigned i = 0; i < r.caps.length (); i++)
	{
	  fprintf (dump_file, "  arg %u: %s ", i,
		   r.caps[i].kind == GPU_CAP_BUFFER ? "buffer" : "scalar");
	  print_generic_expr (dump_file, r.caps[i].value, TDF_SLIM);
	  fprintf (dump_file, "\n");
	}
      fprintf (dump_file, "--- kernel source ---\n%s--- end ---\n", source);
    }
  char *reds = gpu_reduce_describe (&r);	/* GPU_REDUCE hook.  */
  if (dump_file && (dump_flags & TDF_DETAILS) && *reds)
    fprintf (dump_file, "SUCCESS: reductions%s\n", reds);
  if (dump_enabled_p ())
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
		     dump_user_location_t::from_location_t (r.loc),
		     "loop offloaded as kernel %s (%d-D index space, "
		     "%u arguments%s, host fallback %s)\n", r.kernel_name,
		     r.ndim, r.caps.length (), reds,
		     outlined ? "on threads" : "serial");
  free (reds);
  free (record);
  free (source);
  r.caps.release ();
  r.accs.release ();
  r.reds.release ();
  return true;
}

namespace {

const pass_data pass_data_gpu_find =
{
  GIMPLE_PASS,			/* type */
  "gpu_find",			/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_find : public gimple_opt_pass
{
public:
  pass_gpu_find (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_find, ctxt)
  {}

  virtual unsigned int execute (function *);
};

/* Find the marked loops of FUN and offload each nest.  */

unsigned int
pass_gpu_find::execute (function *fun)
{
  /* Cheap test first: does any SSA name belong to a marked variable?  */
  bool any = false;
  unsigned i;
  tree name;
  FOR_EACH_SSA_NAME (i, name, fun)
    if (SSA_NAME_VAR (name)
	&& gpu_decl_has_attr (SSA_NAME_VAR (name), GPU_ATTR_PARALLEL))
      {
	any = true;
	break;
      }
  if (!any)
    return 0;

  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  scev_initialize ();
  calculate_dominance_info (CDI_DOMINATORS);

  /* Outermost marked loops: no marked loop encloses them.  */
  auto_vec<class loop *> outers;
  for (auto loop : loops_list (fun, 0))
    {
      if (!marked_iv (loop))
	continue;
      bool nested = false;
      for (class loop *o = loop_outer (loop); o; o = loop_outer (o))
	if (marked_iv (o))
	  nested = true;
      if (!nested)
	outers.safe_push (loop);
      else if (!marked_iv (loop_outer (loop)))
	{
	  /* Marked loop inside a serial loop of a marked region: it runs
	     serially in the kernel.  */
	  if (dump_enabled_p ())
	    dump_printf_loc (MSG_NOTE, find_loop_location (loop),
			     "GPU_PARALLEL loop inside a serial loop of an "
			     "offloaded loop runs serially\n");
	}
    }

  bool changed = false;
  for (unsigned j = 0; j < outers.length (); j++)
    {
      if (dump_file && (dump_flags & TDF_DETAILS))
	fprintf (dump_file, "marked loop %d\n", outers[j]->num);
      changed |= offload_region (fun, outers[j], marked_iv (outers[j]));
    }

  scev_finalize ();
  loop_optimizer_finalize ();
  if (changed)
    mark_virtual_operands_for_renaming (fun);
  return changed ? TODO_update_ssa_only_virtuals | TODO_cleanup_cfg : 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_find (gcc::context *ctxt)
{
  return new pass_gpu_find (ctxt);
}
