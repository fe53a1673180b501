/* gpu-find.cc -- the gpu_find pass: recognise GPU_PARALLEL loop nests,
   check their form, and describe each as a region (gpu-region.h): its
   index space, its parameters and the memory each parameter reaches.

   It runs right after the function enters SSA form.  A marked loop is one
   whose header PHI defines a variable carrying the gpu_parallel attribute;
   up to three directly nested marked loops form one region whose innermost
   loop is dimension 0.  Trip counts come from GCC's niter analysis, index
   values from scalar evolution, and the byte range each pointer reaches
   from the evolution of every address the region computes (GPU_EXTENT
   where that fails).  The passes after it (gpu_reduce, gpu_emit,
   gpu_outline) work on the regions it leaves in the table.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-params.h"

/* Regions found in this translation unit (for unique names).  */
static int gpu_region_count;

static tree long_type (void) { return long_integer_type_node; }
static tree u64_type (void) { return long_long_unsigned_type_node; }

/* See gpu-region.h.  */

bool
gpu_function_marked_p (function *fun)
{
  unsigned i;
  tree name;
  FOR_EACH_SSA_NAME (i, name, fun)
    if (SSA_NAME_VAR (name)
	&& gpu_decl_has_attr (SSA_NAME_VAR (name), GPU_ATTR_PARALLEL))
      return true;
  return false;
}

/* See gpu-region.h.  */

tree
gpu_marked_iv (class loop *loop)
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
      {
	tree res = instantiate_scev (loop_preheader_edge (r->outer), ev_loop,
				     expr);
	/* Scalar evolution gives up on some expressions whose leaves it
	   can express (the 128-bit arithmetic of a count computed here,
	   on a bound computed inside an enclosing loop): then take the
	   operands one by one.  */
	if (TREE_CODE (expr) == SSA_NAME || !chrec_contains_undetermined (res))
	  return res;
	break;
      }
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

/* The types of the conversions that make OP, the operand of an exit test
   in block BB, from the index IV: TYPES[0] is OP's type (the type C
   compares in), the last one the type IV is converted to first.  Returns
   how many (at most MAX), or -1 if OP is not IV through conversions.  */

static int
test_chain (tree op, tree iv, basic_block bb, tree *types, int max)
{
  int n = 0;
  while (TREE_CODE (op) == SSA_NAME && op != iv)
    {
      gimple *def = SSA_NAME_DEF_STMT (op);
      if (!is_gimple_assign (def) || gimple_bb (def) != bb
	  || !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def)) || n == max)
	return -1;
      types[n++] = TREE_TYPE (op);
      op = gimple_assign_rhs1 (def);
    }
  return op == iv ? n : -1;
}

/* Is the integer constant STEP plus or minus a power of two?  */

static bool
pow2_step_p (tree step)
{
  if (TREE_CODE (step) != INTEGER_CST)
    return false;
  wide_int w = wi::to_wide (step);
  if (tree_int_cst_sgn (step) < 0)
    w = wi::neg (w);
  return wi::popcount (w) == 1;
}

/* Trip count of LOOP, whose index IV goes BASE, BASE + STEP, ... while
   the header's condition COND holds, as a u64 GENERIC expression, for the
   loops GCC's niter analysis does not count without assumptions.  The
   count is computed exactly in 128-bit arithmetic, on the values C
   compares: the index converted the way the test converts it (a signed
   index against an unsigned bound compares as unsigned).  WRAPS says
   that the index may wrap around (an unsigned or narrow index, or
   -fwrapv); a signed index that may not overflow runs straight until the
   test fails (a run that overflows has no behaviour to keep).  STEP is
   signed (a step down is negative).  Sets *VALID to the condition
   (GENERIC, before the loop) under which the count holds, NULL when it
   always does.  Returns NULL with the reason in *WHY when the count
   cannot be computed so.  */

static tree
manual_count (class loop *loop, gcond *cond, tree iv, tree base, tree step,
	      bool wraps, tree *valid, const char **why)
{
  *valid = NULL_TREE;
  enum tree_code code = gimple_cond_code (cond);
  tree lhs = gimple_cond_lhs (cond), rhs = gimple_cond_rhs (cond);
  tree chain[8];
  int nchain = test_chain (lhs, iv, loop->header, chain, 8);
  if (nchain < 0)
    {
      std::swap (lhs, rhs);
      code = swap_tree_comparison (code);
      nchain = test_chain (lhs, iv, loop->header, chain, 8);
      if (nchain < 0)
	{
	  *why = "the loop's test does not compare its index";
	  return NULL_TREE;
	}
    }
  edge te, fe;
  extract_true_false_edges_from_block (loop->header, &te, &fe);
  if (!flow_bb_inside_loop_p (loop, te->dest))
    code = invert_tree_comparison (code, false);
  if (!expr_invariant_in_loop_p (loop, rhs))
    {
      *why = "the loop's bound changes in the loop";
      return NULL_TREE;
    }
  if (integer_zerop (step))
    {
      *why = "the loop's step is zero";
      return NULL_TREE;
    }

  /* How the test sees the index: PRESERVING when every conversion keeps
     every value of the index type, WIDE when none is narrower than it.  */
  tree it = TREE_TYPE (iv);
  tree ct = TREE_TYPE (lhs);
  if (!INTEGRAL_TYPE_P (it) || !INTEGRAL_TYPE_P (ct)
      || TYPE_PRECISION (it) > 64 || TYPE_PRECISION (ct) > 64)
    {
      *why = "the loop's index or bound is not an integer of at most 64 "
	     "bits";
      return NULL_TREE;
    }
  bool preserving = true, wide = true, same_width = true;
  for (int i = 0; i < nchain; i++)
    {
      if (!INTEGRAL_TYPE_P (chain[i]))
	{
	  *why = "the loop's test converts its index to a non-integer type";
	  return NULL_TREE;
	}
      if (TYPE_PRECISION (chain[i]) < TYPE_PRECISION (it))
	wide = false;
      if (TYPE_PRECISION (chain[i]) != TYPE_PRECISION (it))
	same_width = false;
      if (!int_fits_type_p (TYPE_MIN_VALUE (it), chain[i])
	  || !int_fits_type_p (TYPE_MAX_VALUE (it), chain[i]))
	preserving = false;
    }

  /* B, the first value tested, and N, the bound, as the test sees them.  */
  tree b = fold_convert (it, base);
  for (int i = nchain - 1; i >= 0; i--)
    b = fold_convert (chain[i], b);
  tree w = intTI_type_node;
  b = fold_convert (w, b);
  tree n = fold_convert (w, fold_convert (ct, rhs));
  tree s = fold_convert (w, step);
  tree one = build_int_cst (w, 1), zero = build_int_cst (w, 0);
  bool cst = TREE_CODE (step) == INTEGER_CST;
  bool unit = cst && (integer_onep (step) || integer_minus_onep (step));

  if (code == NE_EXPR)
    {
      /* Only exact: the step must reach the bound.  */
      if (!unit)
	{
	  *why = "a != test with a step other than 1 or -1";
	  return NULL_TREE;
	}
      bool up = tree_int_cst_sgn (step) > 0;
      tree diff = up ? fold_build2 (MINUS_EXPR, w, n, b)
		: fold_build2 (MINUS_EXPR, w, b, n);
      tree count;
      if (preserving && !wraps)
	/* The index meets the bound, or overflows.  */
	count = fold_build2 (MAX_EXPR, w, diff, zero);
      else if (preserving || (same_width && !wraps))
	/* The index (or, compared in the unsigned type of its width, its
	   value modulo 2^P) meets the bound after wrapping around: the
	   distance modulo 2^P.  */
	count = fold_build2 (BIT_AND_EXPR, w, diff,
			     wide_int_to_tree (w, wi::mask (TYPE_PRECISION (it),
							    false, 128)));
      else
	{
	  *why = "the loop's test compares its index converted to a type "
		 "that changes its value";
	  return NULL_TREE;
	}
      return fold_convert (u64_type (), count);
    }

  if (code == EQ_EXPR)
    {
      /* "While the index equals N": the front end's form of an unsigned
	 i < 1 or i <= 0.  One iteration when the first value is N, none
	 otherwise, as long as a step moves the tested value off N: a
	 constant step that is no multiple of 2^P, the index tested
	 through conversions that keep its values.  */
      if (!cst || !preserving
	  || wi::ctz (wi::to_wide (fold_convert (it, step)))
	     >= (int) TYPE_PRECISION (it))
	{
	  *why = "an == test whose step may leave the index's value as it "
		 "was";
	  return NULL_TREE;
	}
      tree count = fold_build3 (COND_EXPR, w,
				fold_build2 (EQ_EXPR, boolean_type_node, b, n),
				one, zero);
      return fold_convert (u64_type (), count);
    }
  if (code != LT_EXPR && code != LE_EXPR && code != GT_EXPR
      && code != GE_EXPR)
    {
      *why = "the loop's test is not <, <=, >, >=, != or ==";
      return NULL_TREE;
    }
  bool up = code == LT_EXPR || code == LE_EXPR;
  if (cst && (tree_int_cst_sgn (step) > 0) != up)
    {
      *why = "the loop's step goes away from its bound";
      return NULL_TREE;
    }
  /* A signed index that may not overflow and is compared in a type at
     least as wide: the values tested only grow (or only fall) until the
     test fails -- the negative values of an index compared as unsigned
     lie above the others, and a run that crosses from them to the others
     overflows the index before it ends.  An index that wraps goes
     straight to the bound when the test sees it unchanged and the step
     is a power of two: such a step that jumps over the bound at the
     wrap-around never meets it after (the loop does not end, which C11
     6.8.5p6 lets an implementation assume does not happen).  With
     another step it does so when it does not wrap before the test fails:
     *VALID checks that at run time.  */
  if (wraps && !preserving)
    {
      *why = "the loop's test compares its index, which may wrap around, "
	     "converted to a type that changes its value";
      return NULL_TREE;
    }
  if (!wraps && !wide)
    {
      *why = "the loop's test compares its index converted to a narrower "
	     "type";
      return NULL_TREE;
    }
  /* The distance to go and the step's size, at least 1 (a variable step
     of the wrong sign makes a loop that does not end, or no iteration).  */
  tree diff = up ? fold_build2 (MINUS_EXPR, w, n, b)
	      : fold_build2 (MINUS_EXPR, w, b, n);
  tree as = up ? s : fold_build1 (NEGATE_EXPR, w, s);
  if (wraps && !cst)
    {
      /* The index moves by the step modulo 2^P: i -= st on an unsigned
	 index adds -st, whose size is st.  */
      tree ut = unsigned_type_for (it);
      tree st = fold_convert (ut, step);
      if (!up)
	st = fold_build1 (NEGATE_EXPR, ut, st);
      as = fold_convert (w, st);
    }
  if (!cst)
    as = fold_build2 (MAX_EXPR, w, as, one);
  /* Branch-free forms (a COND_EXPR around a division would need control
     flow to gimplify): MAX keeps empty ranges at zero.  */
  tree count;
  if (code == LT_EXPR || code == GT_EXPR)
    count = fold_build2 (TRUNC_DIV_EXPR, w,
			 fold_build2 (PLUS_EXPR, w,
				      fold_build2 (MAX_EXPR, w, diff, zero),
				      fold_build2 (MINUS_EXPR, w, as, one)),
			 as);
  else
    count = fold_build2 (TRUNC_DIV_EXPR, w,
			 fold_build2 (MAX_EXPR, w,
				      fold_build2 (PLUS_EXPR, w, diff, as),
				      zero),
			 as);
  if (wraps && !pow2_step_p (step))
    {
      /* The value the test fails on, B +- COUNT * STEP (no more than
	 2^66 in size), must be one of the index's type: the index did not
	 wrap on the way.  */
      tree end = fold_build2 (up ? PLUS_EXPR : MINUS_EXPR, w, b,
			      fold_build2 (MULT_EXPR, w, count, as));
      *valid = up ? fold_build2 (LE_EXPR, boolean_type_node, end,
				 fold_convert (w, TYPE_MAX_VALUE (it)))
	: fold_build2 (GE_EXPR, boolean_type_node, end,
		       fold_convert (w, TYPE_MIN_VALUE (it)));
    }
  return fold_convert (u64_type (), count);
}

static void report_bad_exit (class loop *loop, location_t loc);

/* The exit of the marked loop LOOP through its test, when it leaves
   only there or, with speculation, also along paths that end the program
   in a direct call that does not return (gpu_speculate); else NULL.  */

static edge
test_exit (class loop *loop)
{
  edge exit = single_exit (loop);
  if (exit)
    return exit->src == loop->header ? exit : NULL;
  if (gpu_opts.no_speculate)
    return NULL;
  auto_vec<edge> exits = get_loop_exit_edges (loop);
  for (unsigned j = 0; j < exits.length (); j++)
    {
      edge e = exits[j];
      if (e->src == loop->header && !(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
	exit = e;
      else if (e->flags & (EDGE_EH | EDGE_ABNORMAL))
	return NULL;
      else if (gimple *g = gpu_dead_end_exit (e))
	{
	  if (!is_gimple_call (g) || !(gimple_call_flags (g) & ECF_NORETURN)
	      || !gimple_call_fndecl (g))
	    return NULL;
	}
      else
	return NULL;
    }
  return exit;
}

/* Describe the marked loop LOOP with index IV as dimension K of R.
   Errors in the loop's form are reported here; a loop whose iterations
   cannot be counted sets R's failure instead.  Returns false in both
   cases.  */

static bool
build_dim (struct gpu_region *r, int k, class loop *loop, tree iv)
{
  location_t loc = find_loop_location (loop).get_location_t ();
  struct gpu_dim *d = &r->dims[k];
  d->loop = loop;
  d->iv = iv;

  edge exit = test_exit (loop);
  if (!exit)
    {
      report_bad_exit (loop, loc);
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
  /* May the index wrap around?  Not a signed index stepped in its own
     type, whose overflow is undefined.  */
  bool wraps = true;
  if (simple_iv (loop, loop, iv, &aiv, true))
    wraps = !aiv.no_overflow;
  else
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
  /* The trip count: GCC's niter analysis where it needs no assumption,
     else our own count in the types C compares in; a loop neither can
     count stays on the host.  */
  class tree_niter_desc desc;
  bool gcc_niter = number_of_iterations_exit (loop, exit, &desc, false);
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      fprintf (dump_file, "dim %d: niter analysis %s", k,
	       gcc_niter ? "" : "failed");
      if (gcc_niter)
	{
	  print_generic_expr (dump_file, desc.niter);
	  fprintf (dump_file, " assumptions ");
	  print_generic_expr (dump_file, desc.assumptions);
	}
      fprintf (dump_file, "; index %s\n", wraps ? "may wrap" : "does not wrap");
    }
  /* A constant count that overflowed is the count of a loop that runs
     until its index overflows: no count to use.  */
  if (!gcc_niter
      || chrec_contains_undetermined (desc.niter)
      || (TREE_CODE (desc.niter) == INTEGER_CST && TREE_OVERFLOW (desc.niter))
      || !integer_onep (desc.assumptions))
    {
      const char *why = NULL;
      tree valid;
      /* The count is evaluated before the region: start from the index's
	 first value as it is there (for an inner loop, the header PHI's
	 value on entry, which scalar evolution gives in terms of values
	 before the nest).  */
      tree first = instantiate (r, loop_outer (loop), aiv.base);
      if (!invariant_in_region_p (r, first))
	first = aiv.base;
      desc.niter = manual_count (loop, cond, iv, first, aiv.step, wraps,
				 &valid, &why);
      desc.may_be_zero = boolean_false_node;
      desc.assumptions = boolean_true_node;
      if (!desc.niter)
	{
	  gpu_region_fail (r, loc, "cannot count the iterations of the loop "
			   "in the types C compares in: %s", why);
	  return false;
	}
      if (valid)
	{
	  valid = instantiate (r, loop_outer (loop), valid);
	  if (!invariant_in_region_p (r, valid))
	    {
	      gpu_region_fail (r, loc, "the check that the loop's index does "
			       "not wrap around depends on the enclosing "
			       "loops");
	      return false;
	    }
	  if (dump_file && (dump_flags & TDF_DETAILS))
	    {
	      fprintf (dump_file, "dim %d: the count holds when ", k);
	      print_generic_expr (dump_file, valid);
	      fprintf (dump_file, "; the host path is the serial loop\n");
	    }
	  r->valid = r->valid ? fold_build2 (TRUTH_ANDIF_EXPR,
					     boolean_type_node, r->valid,
					     valid) : valid;
	  r->serial_host = true;
	}
    }
  class loop *ev_loop = loop_outer (loop);
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      fprintf (dump_file, "dim %d: count before instantiation ", k);
      print_generic_expr (dump_file, desc.niter);
      fprintf (dump_file, "\n");
    }
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
      /* A bound that evolves with an enclosing index (a triangular nest)
	 is a misuse of the marker (SPEC section 2); one that scalar
	 evolution merely cannot express before the nest is valid code the
	 compiler does not handle: a remark and the host loop.  */
      tree parts[4] = { base, step, niter, mbz };
      bool evolves = false, unknown = false;
      for (int i = 0; i < 4; i++)
	if (parts[i])
	  {
	    if (chrec_contains_undetermined (parts[i]))
	      unknown = true;
	    else if (tree_contains_chrecs (parts[i], NULL))
	      evolves = true;
	  }
      if (evolves && !unknown)
	{
	  error_at (loc, "the bounds and step of a nested %<GPU_PARALLEL%> "
		    "loop must not depend on the enclosing loops");
	  return false;
	}
      gpu_region_fail (r, loc, "the bounds and step of the nested loop "
		       "cannot be computed before the nest");
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

/* Check that the code of an outer marked loop of R outside the inner one
   has no side effects (it runs once per work-item on the device).  */

static bool
check_nest (struct gpu_region *r)
{
  for (int k = 1; k < r->ndim; k++)
    {
      class loop *l = r->dims[k].loop;
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

/* Is CHREC, a value evolution instantiated before region R, affine in at
   most one marked index: *BASE + *COEF * T in the iteration T of the
   marked loop dims[*K] (*K -1 and *COEF 0 for a value that does not
   change in R)?  *BASE and *COEF are longs, *COEF a constant.  */

static bool
affine_in_marked (struct gpu_region *r, tree chrec, tree *base, tree *coef,
		  int *k)
{
  *k = -1;
  if (invariant_in_region_p (r, chrec))
    {
      *base = fold_convert (long_type (), chrec);
      *coef = build_int_cst (long_type (), 0);
      return true;
    }
  if (!chrec || TREE_CODE (chrec) != POLYNOMIAL_CHREC
      || !invariant_in_region_p (r, CHREC_LEFT (chrec))
      || TREE_CODE (CHREC_RIGHT (chrec)) != INTEGER_CST)
    return false;
  for (int d = 0; d < r->ndim; d++)
    if (r->dims[d].loop == get_chrec_loop (chrec))
      *k = d;
  if (*k < 0)
    return false;
  *base = fold_convert (long_type (), CHREC_LEFT (chrec));
  *coef = fold_convert (long_type (), CHREC_RIGHT (chrec));
  return true;
}

/* A serial loop LOOP of R whose trip count moves with one marked index,
   a triangle ('for (k = 0; k <= j; k++)' inside 'j GPU_PARALLEL'):
   niter analysis gives its count only under an assumption, or in terms
   of the index, so it is read here from the loop's own index and exit
   test.  Its last iteration (counting from 0) in which the block BB runs
   is then *C0 + *C1 * T in the iteration T of the marked loop dims[*KM]
   (longs, *C1 a nonzero constant; negative: no iteration).  Only an
   index stepped by 1 or -1 in a signed type (which cannot wrap), tested
   at the header with < <= or > >= against a bound, both affine in the one
   marked index, is taken.  */

static bool
triangle_of (struct gpu_region *r, class loop *loop, basic_block bb,
	     tree *c0, tree *c1, int *km)
{
  edge exit = single_exit (loop);
  if (!exit || exit->src != loop->header || bb == loop->header)
    return false;
  gcond *cond = safe_dyn_cast<gcond *> (last_stmt (loop->header));
  if (!cond)
    return false;
  tree lhs = gimple_cond_lhs (cond), rhs = gimple_cond_rhs (cond);
  if (!INTEGRAL_TYPE_P (TREE_TYPE (lhs))
      || !TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (lhs)))
    return false;
  /* The test that keeps the loop going.  */
  enum tree_code code = gimple_cond_code (cond);
  if (exit->flags & EDGE_TRUE_VALUE)
    code = invert_tree_comparison (code, false);
  tree evl = instantiate (r, loop, analyze_scalar_evolution (loop, lhs));
  tree evr = instantiate (r, loop, analyze_scalar_evolution (loop, rhs));
  tree iv, bound;
  if (evl && TREE_CODE (evl) == POLYNOMIAL_CHREC
      && get_chrec_loop (evl) == loop)
    iv = evl, bound = evr;
  else if (evr && TREE_CODE (evr) == POLYNOMIAL_CHREC
	   && get_chrec_loop (evr) == loop)
    iv = evr, bound = evl, code = swap_tree_comparison (code);
  else
    return false;
  tree step = CHREC_RIGHT (iv);
  tree a, b;
  HOST_WIDE_INT adj;
  if (integer_onep (step) && (code == LT_EXPR || code == LE_EXPR))
    a = bound, b = CHREC_LEFT (iv), adj = code == LT_EXPR ? -1 : 0;
  else if (integer_minus_onep (step) && (code == GT_EXPR || code == GE_EXPR))
    a = CHREC_LEFT (iv), b = bound, adj = code == GT_EXPR ? -1 : 0;
  else
    return false;
  tree a0, a1, b0, b1;
  int ka, kb;
  if (!affine_in_marked (r, a, &a0, &a1, &ka)
      || !affine_in_marked (r, b, &b0, &b1, &kb)
      || (ka >= 0 && kb >= 0 && ka != kb))
    return false;
  *km = ka >= 0 ? ka : kb;
  if (*km < 0)
    return false;
  *c1 = fold_build2 (MINUS_EXPR, long_type (), a1, b1);
  if (TREE_CODE (*c1) != INTEGER_CST || integer_zerop (*c1))
    return false;
  *c0 = fold_build2 (PLUS_EXPR, long_type (),
		     fold_build2 (MINUS_EXPR, long_type (), a0, b0),
		     build_int_cst (long_type (), adj));
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      fprintf (dump_file, "  loop %d is a triangle: last iteration ",
	       loop->num);
      print_generic_expr (dump_file, *c0);
      fprintf (dump_file, " + ");
      print_generic_expr (dump_file, *c1);
      fprintf (dump_file, " * t%d\n", *km);
    }
  return true;
}

/* The iterations [*TLO, *THI] of the marked loop dims[KM] of R in which
   a triangle's serial loop (last iteration C0 + C1 * T) runs at all.  */

static void
triangle_iterations (struct gpu_region *r, tree c0, tree c1, int km,
		     tree *tlo, tree *thi)
{
  tree L = long_type ();
  tree zero = build_int_cst (L, 0), one = build_int_cst (L, 1);
  tree last = fold_build2 (MINUS_EXPR, L,
			   fold_convert (L, r->dims[km].count), one);
  if (tree_int_cst_sgn (c1) > 0)
    {
      /* C0 + C1 * T >= 0 from T = ceil (-C0 / C1) on.  */
      tree num = fold_build2 (MINUS_EXPR, L,
			      fold_build2 (MINUS_EXPR, L, c1, one), c0);
      *tlo = fold_build2 (MAX_EXPR, L, zero,
			  fold_build2 (TRUNC_DIV_EXPR, L, num, c1));
      *thi = last;
    }
  else
    {
      /* Up to T = floor (C0 / -C1); none when C0 < 0.  */
      tree q = fold_build2 (TRUNC_DIV_EXPR, L, c0,
			    fold_build1 (NEGATE_EXPR, L, c1));
      q = fold_build3 (COND_EXPR, L,
		       fold_build2 (LT_EXPR, boolean_type_node, c0, zero),
		       build_int_cst (L, -1), q);
      *tlo = zero;
      *thi = fold_build2 (MIN_EXPR, L, last, q);
    }
}

/* Bound CHREC + ADDK + ADDC * T, T the iteration of the marked loop
   dims[KM] of R taken only in [TLO, THI] (the other loops over all their
   iterations), by *LO and *HI.  *SEEN tells whether CHREC evolves in
   dims[KM].  */

static bool
levels_range (struct gpu_region *r, basic_block bb, tree chrec, int km,
	      tree tlo, tree thi, tree addc, tree addk, tree *lo, tree *hi,
	      bool *seen)
{
  tree L = long_type ();
  if (!chrec || chrec_contains_undetermined (chrec))
    return false;
  if (TREE_CODE (chrec) != POLYNOMIAL_CHREC)
    {
      if (!invariant_in_region_p (r, chrec))
	return false;
      *lo = *hi = fold_build2 (PLUS_EXPR, L, fold_convert (L, chrec), addk);
      return true;
    }
  tree l, h;
  if (!levels_range (r, bb, CHREC_LEFT (chrec), km, tlo, thi, addc, addk,
		     &l, &h, seen))
    return false;
  tree step = CHREC_RIGHT (chrec);
  if (tree_contains_chrecs (step, NULL) || !invariant_in_region_p (r, step))
    return false;
  step = fold_convert (L, step);
  tree e1, e2;
  if (get_chrec_loop (chrec) == r->dims[km].loop)
    {
      *seen = true;
      tree coef = fold_build2 (PLUS_EXPR, L, step, addc);
      e1 = fold_build2 (MULT_EXPR, L, coef, tlo);
      e2 = fold_build2 (MULT_EXPR, L, coef, thi);
    }
  else
    {
      tree n = last_iteration (r, get_chrec_loop (chrec), bb);
      if (!n)
	return false;
      n = fold_build2 (MAX_EXPR, L, n, build_int_cst (L, 0));
      e1 = build_int_cst (L, 0);
      e2 = fold_build2 (MULT_EXPR, L, step, n);
    }
  *lo = fold_build2 (PLUS_EXPR, L, l, fold_build2 (MIN_EXPR, L, e1, e2));
  *hi = fold_build2 (PLUS_EXPR, L, h, fold_build2 (MAX_EXPR, L, e1, e2));
  return true;
}

/* Bound {X, +, STEP}_LOOP, LOOP a triangle of R (triangle_of gives
   C0, C1, KM), by *LO and *HI.  An affine function over the triangle
   takes its extremes at its corners: at the serial loop's first iteration
   (X) and at its last (X + STEP * (C0 + C1 * T)), each over the
   iterations T in which the loop runs (so a launch whose loop is empty at
   one end takes nothing from that end), the other marked loops over all
   of theirs.  */

static bool
triangle_range (struct gpu_region *r, basic_block bb, tree x, tree step,
		tree c0, tree c1, int km, tree *lo, tree *hi)
{
  tree L = long_type ();
  if (tree_contains_chrecs (step, NULL) || !invariant_in_region_p (r, step))
    return false;
  step = fold_convert (L, step);
  tree tlo, thi;
  triangle_iterations (r, c0, c1, km, &tlo, &thi);
  tree zero = build_int_cst (L, 0);
  tree lo1, hi1, lo2, hi2;
  bool seen = false;
  if (!levels_range (r, bb, x, km, tlo, thi, zero, zero, &lo1, &hi1, &seen))
    return false;
  tree addc = fold_build2 (MULT_EXPR, L, step, c1);
  tree addk = fold_build2 (MULT_EXPR, L, step, c0);
  seen = false;
  if (!levels_range (r, bb, x, km, tlo, thi, addc, addk, &lo2, &hi2, &seen))
    return false;
  if (!seen)
    {
      tree e1 = fold_build2 (MULT_EXPR, L, addc, tlo);
      tree e2 = fold_build2 (MULT_EXPR, L, addc, thi);
      lo2 = fold_build2 (PLUS_EXPR, L, lo2, fold_build2 (MIN_EXPR, L, e1, e2));
      hi2 = fold_build2 (PLUS_EXPR, L, hi2, fold_build2 (MAX_EXPR, L, e1, e2));
    }
  *lo = fold_build2 (MIN_EXPR, L, lo1, lo2);
  *hi = fold_build2 (MAX_EXPR, L, hi1, hi2);
  return true;
}

/* Bound the values of CHREC (an address evolution inside R) by *LO and
   *HI, as longs valid before R.  With STRIDE, bound them for one
   iteration K of the outermost marked loop instead: the values lie in
   [*LO + K * *STRIDE, *HI + K * *STRIDE], *STRIDE being the step of that
   loop's evolution (0 if none).  */

static bool
chrec_range (struct gpu_region *r, basic_block bb, tree chrec, tree *lo,
	     tree *hi, tree *stride = NULL)
{
  if (!chrec || chrec_contains_undetermined (chrec))
    return false;
  if (TREE_CODE (chrec) == POLYNOMIAL_CHREC)
    {
      tree l, h;
      tree c0, c1;
      int km;
      if (!stride && !last_iteration (r, get_chrec_loop (chrec), bb)
	  && triangle_of (r, get_chrec_loop (chrec), bb, &c0, &c1, &km))
	return triangle_range (r, bb, CHREC_LEFT (chrec), CHREC_RIGHT (chrec),
			       c0, c1, km, lo, hi);
      if (!chrec_range (r, bb, CHREC_LEFT (chrec), &l, &h, stride))
	return false;
      tree step = CHREC_RIGHT (chrec);
      if (tree_contains_chrecs (step, NULL) || !invariant_in_region_p (r, step))
	return false;
      if (stride && get_chrec_loop (chrec) == r->outer)
	{
	  if (!integer_zerop (*stride))
	    return false;
	  *stride = fold_convert (long_type (), step);
	  *lo = l;
	  *hi = h;
	  return true;
	}
      tree n = last_iteration (r, get_chrec_loop (chrec), bb);
      if (!n)
	return false;
      /* A loop that runs no iteration (last iteration -1) reaches no
	 further than its start: not one step before it, which would take
	 bytes outside the object (a malloc header, say) into the range.  */
      n = fold_build2 (MAX_EXPR, long_type (), n,
		       build_int_cst (long_type (), 0));
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
	/* A narrow index that may wrap around (unsigned, short, char,
	   -fwrapv; a 64-bit one wraps as the address arithmetic does)
	   takes values outside [FIRST, LAST] once it wraps.  */
	tree it = TREE_TYPE (d->iv);
	if (!INTEGRAL_TYPE_P (it) || TYPE_PRECISION (it) >= TYPE_PRECISION (L)
	    || (TYPE_OVERFLOW_UNDEFINED (it)
		&& TYPE_PRECISION (it) >= TYPE_PRECISION (integer_type_node)))
	  return true;
	tree tmin = fold_convert (L, TYPE_MIN_VALUE (it));
	tree tmax = fold_convert (L, TYPE_MAX_VALUE (it));
	tree in = fold_build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
			       fold_build2 (GE_EXPR, boolean_type_node, *lo,
					    tmin),
			       fold_build2 (LE_EXPR, boolean_type_node,
					    unshare_expr (*hi), tmax));
	if (pow2_step_p (d->step))
	  {
	    /* A step of a power of two S keeps the index's value modulo S
	       across the wrap-around: it stays in the values of its type
	       congruent to FIRST.  */
	    wide_int sw = wi::to_wide (d->step);
	    if (tree_int_cst_sgn (d->step) < 0)
	      sw = wi::neg (sw);
	    tree m = build_int_cst (L, (HOST_WIDE_INT) (sw.to_uhwi () - 1));
	    tree wlo = fold_build2 (PLUS_EXPR, L, tmin,
				    fold_build2 (BIT_AND_EXPR, L,
						 fold_build2 (MINUS_EXPR, L,
							      first, tmin),
						 m));
	    tree whi = fold_build2 (MINUS_EXPR, L, tmax,
				    fold_build2 (BIT_AND_EXPR, L,
						 fold_build2 (MINUS_EXPR, L,
							      tmax, first),
						 m));
	    *lo = fold_build3 (COND_EXPR, L, in, *lo, wlo);
	    *hi = fold_build3 (COND_EXPR, L, unshare_expr (in), *hi, whi);
	  }
	else
	  /* Otherwise the ranges hold only for launches that do not wrap
	     (the others run on the host).  */
	  r->valid = r->valid ? fold_build2 (TRUTH_ANDIF_EXPR,
					     boolean_type_node, r->valid, in)
	    : in;
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
   valid before R, in *LO and *HI (one past the end); and in *LO0, *HI0
   and *STRIDE the range one iteration K of the outermost marked loop
   touches, [*LO0 + K * *STRIDE, *HI0 + K * *STRIDE), or *STRIDE NULL
   when that is not known; in *STEP0 how far its address moves with the
   innermost marked index of a 2-D region, or NULL.  *RUNS is the
   condition (valid before R) under which A happens at all: the serial
   loops around it run at least once; NULL when it always does.  */

static bool
bound_access (struct gpu_region *r, struct gpu_access *a, tree *lo, tree *hi,
	      tree *lo0, tree *hi0, tree *stride, tree *step0, tree *runs)
{
  *stride = NULL_TREE;
  *step0 = NULL_TREE;
  *runs = NULL_TREE;
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
  if (r->ndim == 2 && TREE_CODE (ev) == POLYNOMIAL_CHREC
      && CHREC_VARIABLE (ev) == (unsigned) r->dims[0].loop->num)
    *step0 = CHREC_RIGHT (ev);
  bool ok = chrec_range (r, gimple_bb (a->stmt), ev, lo, hi);
  if (ok)
    {
      tree st = build_int_cst (long_type (), 0);
      if (chrec_range (r, gimple_bb (a->stmt), ev, lo0, hi0, &st))
	{
	  *stride = st;
	  *hi0 = fold_build2 (PLUS_EXPR, long_type (), *hi0,
			      fold_convert (long_type (), size));
	}
    }
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
  /* A serial loop that may run no iteration may keep A from happening:
     its range then must not count (the bytes before or after an object
     are not the kernel's to copy).  */
  for (class loop *l = sl; ok && l != r->outer; l = loop_outer (l))
    {
      bool marked = false;
      for (int k = 0; k < r->ndim; k++)
	marked |= r->dims[k].loop == l;
      if (marked)
	continue;
      tree n = last_iteration (r, l, gimple_bb (a->stmt));
      tree c;
      tree c0, c1;
      int km;
      if (n)
	c = fold_build2 (GE_EXPR, boolean_type_node, n,
			 build_int_cst (long_type (), 0));
      else if (triangle_of (r, l, gimple_bb (a->stmt), &c0, &c1, &km))
	{
	  /* A triangle runs for some launch's iterations or none.  */
	  tree tlo, thi;
	  triangle_iterations (r, c0, c1, km, &tlo, &thi);
	  c = fold_build2 (LE_EXPR, boolean_type_node, tlo, thi);
	}
      else
	continue;
      if (integer_onep (c))
	continue;
      *runs = *runs ? fold_build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
				   *runs, c) : c;
    }
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

/* The entry value of the K-th parameter of FUN as a long, at least 0,
   or NULL when it is no integer register.  */

static tree
param_value (function *fun, unsigned k)
{
  tree parm = DECL_ARGUMENTS (fun->decl);
  for (; parm && k; k--)
    parm = DECL_CHAIN (parm);
  if (!parm || !INTEGRAL_TYPE_P (TREE_TYPE (parm)) || !is_gimple_reg (parm))
    return NULL_TREE;
  tree v = fold_convert (long_type (),
			 get_or_create_ssa_default_def (fun, parm));
  return fold_build2 (MAX_EXPR, long_type (), v,
		      build_int_cst (long_type (), 0));
}

/* The bytes of the array that the parameter PARM of FUN is declared as,
   when it is a C99 array parameter whose bounds are parameters or
   constants ('int n, int m, double a[n][m]': n * m doubles), or NULL.
   PARM's type is only 'double (*)[m]'; the front end keeps the bounds in
   the function type's internal "access" attribute, one entry per array
   parameter: "^2[$$],$0$1" says that parameter 2 has two bounds of
   variable length (the one before ']' is the outermost), given by
   parameters 0 and 1, outermost first; a constant outermost bound is
   written as its digits ("[$10],$1").  The outermost bound is C's promise
   for the caller, as GPU_EXTENT is ours.  */

static tree
vla_param_bytes (function *fun, tree parm)
{
  unsigned argno = 0;
  for (tree a = DECL_ARGUMENTS (fun->decl); a && a != parm;
       a = DECL_CHAIN (a))
    argno++;
  for (tree attr = TYPE_ATTRIBUTES (TREE_TYPE (fun->decl));
       (attr = lookup_attribute ("access", attr)); attr = TREE_CHAIN (attr))
    {
      tree mode = TREE_VALUE (attr);
      if (!mode || !TREE_VALUE (mode)
	  || TREE_CODE (TREE_VALUE (mode)) != STRING_CST)
	continue;
      const char *m = TREE_STRING_POINTER (TREE_VALUE (mode));
      while (*m)
	{
	  if (*m == '+')
	    m++;
	  if (!*m)
	    break;
	  char *end;
	  unsigned long ptrarg = strtoul (m + 1, &end, 10);
	  m = end;
	  bool mine = ptrarg == argno;
	  long outer_const = -1;
	  bool outer_listed = false;
	  if (*m == '[')
	    {
	      const char *close = strchr (m, ']');
	      if (!close)
		return NULL_TREE;
	      const char *q = close;
	      while (q > m + 1 && ISDIGIT (q[-1]))
		q--;
	      if (ISDIGIT (*q))
		outer_const = strtol (q, NULL, 10);
	      else if (q[-1] == '$')
		outer_listed = true;
	      m = close + 1;
	    }
	  else if (mine)
	    return NULL_TREE;
	  auto_vec<long> pos;
	  if (*m == ',')
	    {
	      m++;
	      while (*m == '$')
		{
		  m++;
		  long k = -1;
		  if (ISDIGIT (*m))
		    {
		      k = strtol (m, &end, 10);
		      m = end;
		    }
		  pos.safe_push (k);
		}
	    }
	  if (!mine)
	    continue;
	  if (outer_const < 0 && !outer_listed)
	    return NULL_TREE;
	  /* The levels of variable length inside the pointed-to type, and
	     the size of the constant-size type below them.  */
	  unsigned inner = 0;
	  tree t = TREE_TYPE (TREE_TYPE (parm));
	  while (TREE_CODE (t) == ARRAY_TYPE
		 && (!TYPE_SIZE_UNIT (t)
		     || TREE_CODE (TYPE_SIZE_UNIT (t)) != INTEGER_CST))
	    {
	      t = TREE_TYPE (t);
	      inner++;
	    }
	  if (!TYPE_SIZE_UNIT (t) || TREE_CODE (TYPE_SIZE_UNIT (t)) != INTEGER_CST
	      || pos.length () != inner + (outer_listed ? 1 : 0))
	    return NULL_TREE;
	  tree bytes = fold_convert (long_type (), TYPE_SIZE_UNIT (t));
	  if (outer_const >= 0)
	    bytes = fold_build2 (MULT_EXPR, long_type (), bytes,
				 build_int_cst (long_type (), outer_const));
	  for (unsigned i = 0; i < pos.length (); i++)
	    {
	      tree v = pos[i] >= 0 ? param_value (fun, pos[i]) : NULL_TREE;
	      if (!v)
		return NULL_TREE;
	      bytes = fold_build2 (MULT_EXPR, long_type (), bytes, v);
	    }
	  return bytes;
	}
    }
  return NULL_TREE;
}

/* Is the GPU_EXTENT COUNT (objects of ESIZE bytes) of the variable VAR,
   whose value P is, provably larger than the object P points to (an
   array, a global, a malloc of a constant size in this function)?  Then
   that is an error on VAR: the runtime would copy memory past the
   object.  R fails.  */

static bool
extent_too_large_p (struct gpu_region *r, tree p, tree var, tree count,
		    tree esize)
{
  if (TREE_CODE (count) != INTEGER_CST || !tree_fits_uhwi_p (count)
      || !tree_fits_uhwi_p (esize))
    return false;
  tree osize;
  init_object_sizes ();
  bool known = compute_builtin_object_size (p, 0, &osize);
  fini_object_sizes ();
  if (!known || !osize || !tree_fits_uhwi_p (osize)
      || integer_all_onesp (osize))
    return false;
  unsigned HOST_WIDE_INT n = tree_to_uhwi (count);
  unsigned HOST_WIDE_INT es = tree_to_uhwi (esize);
  unsigned HOST_WIDE_INT os = tree_to_uhwi (osize);
  if (es == 0 || n <= os / es)
    return false;
  error_at (DECL_SOURCE_LOCATION (var), "%<GPU_EXTENT(%wu)%> on %qD "
	    "reaches %wu objects of %wu bytes (%wu bytes), but it points to "
	    "an object of %wu bytes (%wu objects)", n, var, n, es, n * es, os,
	    os / es);
  gpu_region_fail (r, DECL_SOURCE_LOCATION (var), "%<GPU_EXTENT%> of %qD "
		   "is larger than its object", var);
  return true;
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
      /* A count still in its text form was never read (gpu-extent.cc
	 reads those of parameters when the function is parsed; a nested
	 function's are not): no extent.  */
      if (attr && TREE_CODE (TREE_VALUE (TREE_VALUE (attr))) == STRING_CST)
	attr = NULL_TREE;
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
	  if (extent_too_large_p (r, p, var, fold (count), esize))
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
      if (SSA_NAME_IS_DEFAULT_DEF (p) && var && TREE_CODE (var) == PARM_DECL)
	{
	  /* A C99 array parameter: the array it is declared as.  */
	  tree bytes = vla_param_bytes (r->fun, var);
	  if (!bytes)
	    return false;
	  tree delta = fold_build2 (MINUS_EXPR, long_type (),
				    fold_convert (long_type (), p),
				    fold_convert (long_type (), ptr));
	  *lo = delta;
	  *hi = fold_build2 (PLUS_EXPR, long_type (), delta, bytes);
	  if (dump_file && (dump_flags & TDF_DETAILS))
	    {
	      fprintf (dump_file, "  extent of ");
	      print_generic_expr (dump_file, p);
	      fprintf (dump_file, " from its array declaration: ");
	      print_generic_expr (dump_file, bytes);
	      fprintf (dump_file, " bytes\n");
	    }
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

/* The variable whose address the pointer PTR is computed from, in this
   function, or NULL_TREE when PTR comes from elsewhere.  */

static tree
pointer_base_decl (tree ptr)
{
  tree base = gpu_pointer_base (ptr);
  return base && VAR_P (base) ? base : NULL_TREE;
}

/* True when the pointer PTR points into this function's stack: it is
   computed from a local variable's address or from alloca (a VLA).  */

static bool
points_into_stack (tree ptr)
{
  tree decl = pointer_base_decl (ptr);
  if (decl)
    return auto_var_p (decl);
  tree p = gpu_pointer_origin (ptr);
  if (!p || TREE_CODE (p) != SSA_NAME)
    return false;
  gimple *def = SSA_NAME_DEF_STMT (p);
  return gimple_call_builtin_p (def, BUILT_IN_NORMAL)
	 && ALLOCA_FUNCTION_CODE_P (DECL_FUNCTION_CODE
				      (gimple_call_fndecl (def)));
}

/* Bound the accesses through the pointer PTR of region R by the
   variable it points into, when PTR is computed from that variable's
   address here and its size is known: *LO and *HI, byte offsets from
   PTR, valid before R.  Returns false otherwise.  */

static bool
decl_object_range (struct gpu_region *r, tree ptr, tree *lo, tree *hi)
{
  tree decl = pointer_base_decl (ptr);
  if (!decl || !DECL_SIZE_UNIT (decl)
      || TREE_CODE (DECL_SIZE_UNIT (decl)) != INTEGER_CST)
    return false;
  if (TREE_CODE (ptr) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (ptr)
      && !dominated_by_p (CDI_DOMINATORS,
			  loop_preheader_edge (r->outer)->src,
			  gimple_bb (SSA_NAME_DEF_STMT (ptr))))
    return false;
  TREE_ADDRESSABLE (decl) = 1;
  tree start = fold_convert (long_type (), build_fold_addr_expr (decl));
  *lo = fold_build2 (MINUS_EXPR, long_type (), start,
		     fold_convert (long_type (), ptr));
  *hi = fold_build2 (PLUS_EXPR, long_type (), unshare_expr (*lo),
		     fold_convert (long_type (), DECL_SIZE_UNIT (decl)));
  return true;
}

/* The size in bytes of the objects the pointer capture C points to, or
   0 when not known.  */

static unsigned HOST_WIDE_INT
pointee_bytes (struct gpu_capture *c)
{
  tree elt = POINTER_TYPE_P (TREE_TYPE (c->value))
	     ? TREE_TYPE (TREE_TYPE (c->value)) : NULL_TREE;
  tree esize = elt && !VOID_TYPE_P (elt) ? TYPE_SIZE_UNIT (elt) : NULL_TREE;
  return esize && tree_fits_uhwi_p (esize) ? tree_to_uhwi (esize) : 0;
}

/* R fails because the accesses through the captures UNBOUNDED (indices
   into R->caps) cannot be bounded: one remark naming every one of them,
   at the first access of the first.  GPU_EXTENT counts objects of the
   pointed-to type: for double (*c)[N] that is rows, not doubles, so the
   remark says how many bytes one counts for.  */

static void
report_unbounded (struct gpu_region *r, auto_vec<unsigned> *unbounded)
{
  struct gpu_capture *c0 = &r->caps[(*unbounded)[0]];
  if (unbounded->length () == 1)
    {
      unsigned HOST_WIDE_INT es = pointee_bytes (c0);
      /* The runtime bounds pointers into heap blocks and variables, not
	 into the stack: say why it cannot help.  */
      const char *stack = !gpu_opts.no_object_bounds
			  && points_into_stack (c0->value)
			  ? " (it points into the stack)" : "";
      if (es)
	gpu_region_fail (r, c0->unbounded_loc,
			 "cannot bound the accesses through %qs%s; declare "
			 "it with GPU_EXTENT(count), count being the number "
			 "of objects of its pointed-to type (%wu bytes each) "
			 "it reaches", gpu_value_name (c0->value), stack, es);
      else
	gpu_region_fail (r, c0->unbounded_loc,
			 "cannot bound the accesses through %qs%s; declare "
			 "it with GPU_EXTENT(count)",
			 gpu_value_name (c0->value), stack);
      return;
    }
  pretty_printer pp;
  for (unsigned k = 0; k < unbounded->length (); k++)
    {
      struct gpu_capture *c = &r->caps[(*unbounded)[k]];
      unsigned HOST_WIDE_INT es = pointee_bytes (c);
      if (k)
	pp_string (&pp, k + 1 == unbounded->length () ? " and " : ", ");
      pp_printf (&pp, "%qs", gpu_value_name (c->value));
      if (es)
	pp_printf (&pp, " (objects of %wu bytes)", es);
    }
  gpu_region_fail (r, c0->unbounded_loc, "cannot bound the accesses "
		   "through %s; declare each with GPU_EXTENT(count), count "
		   "being the number of objects of its pointed-to type it "
		   "reaches", pp_formatted_text (&pp));
}

/* T without the integer conversions around it that keep every value
   of their operand that is at least 0 (none narrows); with BYTES also
   those from unsigned to signed of one precision (a byte count below
   2^63).  */

static tree
strip_widening (tree t, bool bytes = false)
{
  while (CONVERT_EXPR_P (t)
	 && INTEGRAL_TYPE_P (TREE_TYPE (t))
	 && INTEGRAL_TYPE_P (TREE_TYPE (TREE_OPERAND (t, 0)))
	 && (TYPE_PRECISION (TREE_TYPE (t))
	     > TYPE_PRECISION (TREE_TYPE (TREE_OPERAND (t, 0)))
	     || (TYPE_PRECISION (TREE_TYPE (t))
		 == TYPE_PRECISION (TREE_TYPE (TREE_OPERAND (t, 0)))
		 && (bytes || TYPE_UNSIGNED (TREE_TYPE (t))
		     || !TYPE_UNSIGNED (TREE_TYPE (TREE_OPERAND (t, 0)))))))
    t = TREE_OPERAND (t, 0);
  return t;
}

/* The value X that the trip count COUNT (a gpu_dim's) equals whenever
   it is 1 or more: COUNT is X clamped at 0 (MAX_EXPR <X, 0>, or
   X >= 0 ? X : 0 with conversions of X in the middle), or X itself.  */

static tree
unclamp (tree count)
{
  tree t = strip_widening (count);
  if (TREE_CODE (t) == MAX_EXPR && integer_zerop (TREE_OPERAND (t, 1)))
    return strip_widening (TREE_OPERAND (t, 0));
  if (TREE_CODE (t) == COND_EXPR && integer_zerop (TREE_OPERAND (t, 2))
      && TREE_CODE (TREE_OPERAND (t, 0)) == GE_EXPR
      && integer_zerop (TREE_OPERAND (TREE_OPERAND (t, 0), 1)))
    {
      /* X is at least 0 here: any conversion that does not narrow keeps
	 it.  */
      tree x = TREE_OPERAND (TREE_OPERAND (t, 0), 0);
      tree v = TREE_OPERAND (t, 1);
      while (CONVERT_EXPR_P (v)
	     && INTEGRAL_TYPE_P (TREE_TYPE (TREE_OPERAND (v, 0)))
	     && TYPE_PRECISION (TREE_TYPE (v))
		>= TYPE_PRECISION (TREE_TYPE (TREE_OPERAND (v, 0))))
	v = TREE_OPERAND (v, 0);
      return operand_equal_p (v, x, 0) ? x : t;
    }
  return t;
}

/* Whether a 2-D region's rows lie back to back: the outer index's
   STRIDE (bytes) is the inner trip count COUNT0 times SIZE, the bytes an
   inner iteration writes, whenever COUNT0 is 1 or more (a launch of no
   iterations copies nothing).  Both constant, or STRIDE is X * SIZE
   through conversions that keep X, COUNT0 being X clamped at 0.  */

static bool
rows_back_to_back (tree stride, tree count0, tree size)
{
  if (!stride || !count0 || !size || TREE_CODE (size) != INTEGER_CST)
    return false;
  if (TREE_CODE (stride) == INTEGER_CST && TREE_CODE (count0) == INTEGER_CST)
    return wi::to_widest (stride)
	   == wi::to_widest (count0) * wi::to_widest (size);
  tree s = strip_widening (stride, true);
  if (TREE_CODE (s) != MULT_EXPR
      || TREE_CODE (TREE_OPERAND (s, 1)) != INTEGER_CST
      || !tree_int_cst_equal (TREE_OPERAND (s, 1), size))
    return false;
  return operand_equal_p (strip_widening (TREE_OPERAND (s, 0)),
			  unclamp (count0), 0);
}

/* Whether the access A of region R (bounded by bound_access: LO0, HI0
   and STRIDE of its range in the outermost loop's iteration, STEP0 its
   step with the inner index of a 2-D region, RUNS its condition) can be
   one of the stores that write its buffer whole (gpu_capture's FILLS):
   NULL when it can, with *WINDOW, the start of what it writes in
   iteration 0, set or checked equal; else why not.  In a 2-D region
   the store must write one element per inner iteration, side by side
   (STEP0 its size), so that an outer iteration writes [LO0, HI0) whole,
   and the next one start where that ends (STRIDE equal to HI0 - LO0, as
   folding proves it: i * m + j with j < m).  */

static const char *
fill_store (struct gpu_region *r, struct gpu_access *a, tree lo0,
	    tree hi0, tree stride, tree step0, tree runs, tree *window)
{
  if (!(a->flags & GPU_ACC_WRITE))
    return NULL;		/* A read: the capture's flags say so.  */
  if (r->ndim > 2)
    return "the index space has more than two dimensions";
  if (!a->ref || !is_gimple_assign (a->stmt) || (a->flags & GPU_ACC_READ)
      || !operand_equal_p (gimple_assign_lhs (a->stmt), a->ref, 0)
      /* A bit-field store leaves the other bits of its bytes (regions
	 with bit-fields are not offloaded today).  */
      || TREE_CODE (a->ref) == BIT_FIELD_REF
      || (TREE_CODE (a->ref) == COMPONENT_REF
	  && DECL_BIT_FIELD (TREE_OPERAND (a->ref, 1))))
    return "it is written by other than a plain store";
  if (runs || loop_containing_stmt (a->stmt) != r->dims[0].loop)
    return "a store is in an inner loop";
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (a->ref));
  if (r->ndim == 2)
    {
      if (!step0 || TREE_CODE (step0) != INTEGER_CST
	  || !size || !tree_int_cst_equal (size, step0))
	return "its stores leave gaps between iterations of the inner index";
      if (!rows_back_to_back (stride, r->dims[0].count, size))
	return "its rows may leave gaps: the outer index's stride is not "
	       "the row the inner index writes";
    }
  else if (!stride || TREE_CODE (stride) != INTEGER_CST
	   || !size || !tree_int_cst_equal (size, stride))
    return "its stores leave gaps between iterations";
  if (*window && !operand_equal_p (*window, lo0, 0))
    return "its stores write different places in one iteration";
  *window = lo0;
  return NULL;
}

/* Whether every path of R's innermost marked loop from its header to
   its latch goes through a block that stores through capture CAP
   (fill_store took each of its stores): one store that dominates the
   latch, or one on each arm of a condition.  A path that ends the
   program reaches no latch; one through a block that becomes a deopt
   ends the kernel's iteration there.  In a 2-D region every iteration
   of the outer loop must also reach the inner one (its header dominates
   the outer latch: no condition skips a row).  */

static bool
fill_every_path (struct gpu_region *r, unsigned cap)
{
  class loop *loop = r->dims[0].loop;
  if (!loop->latch
      || (loop != r->outer
	  && (!r->outer->latch
	      || !dominated_by_p (CDI_DOMINATORS, r->outer->latch,
				  loop->header))))
    return false;
  auto_bitmap stores, seen;
  for (unsigned i = 0; i < r->accs.length (); i++)
    if (r->accs[i].cap == (int) cap
	&& (r->accs[i].flags & GPU_ACC_WRITE))
      bitmap_set_bit (stores, gimple_bb (r->accs[i].stmt)->index);
  auto_vec<basic_block> work;
  work.safe_push (loop->header);
  bitmap_set_bit (seen, loop->header->index);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      /* A block gpu_speculate makes a deopt: the device's results are
	 then dropped (the serial host loop runs).  */
      if (bitmap_bit_p (stores, bb->index)
	  || gpu_speculate_block_call (r, r->dims[0].loop, bb))
	continue;
      if (bb == loop->latch)
	return false;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (e->dest != loop->header && flow_bb_inside_loop_p (loop, e->dest)
	    && bitmap_set_bit (seen, e->dest->index))
	  work.safe_push (e->dest);
    }
  return true;
}

/* Bound every buffer capture of R.  Returns false (with R->fail set) when
   some pointer's reach is unknown.  */

static bool
bound_captures (struct gpu_region *r)
{
  /* Parameters whose accesses do not all move by one stride with the
     outermost index.  */
  auto_bitmap not_affine;
  bool any_runs = false;
  /* The start of the one window every store of a buffer that may be
     written whole writes, per capture (fill_store).  */
  auto_vec<tree> fill_lo0;
  fill_lo0.safe_grow_cleared (r->caps.length ());
  calculate_dominance_info (CDI_DOMINATORS);
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      r->caps[i].fills = false;
      r->caps[i].fill_why = NULL;
    }
  for (unsigned i = 0; i < r->accs.length (); i++)
    {
      struct gpu_access *a = &r->accs[i];
      struct gpu_capture *c = &r->caps[a->cap];
      if (DECL_P (c->value) || c->unbounded)
	continue;
      tree lo, hi, lo0, hi0, stride, step0, runs;
      if (!bound_access (r, a, &lo, &hi, &lo0, &hi0, &stride, &step0,
			 &runs))
	{
	  c->unbounded = true;
	  c->unbounded_loc = gimple_location (a->stmt);
	  continue;
	}
      if (!c->fill_why)
	c->fill_why = fill_store (r, a, lo0, hi0, stride, step0, runs,
				  &fill_lo0[a->cap]);
      tree base = fold_convert (long_type (), c->value);
      lo = fold_build2 (MINUS_EXPR, long_type (), lo, base);
      hi = fold_build2 (MINUS_EXPR, long_type (), hi, base);
      if (runs)
	{
	  /* An access that does not happen adds nothing: an empty range
	     that MIN and MAX ignore.  */
	  lo = fold_build3 (COND_EXPR, long_type (), runs, lo,
			    TYPE_MAX_VALUE (long_type ()));
	  hi = fold_build3 (COND_EXPR, long_type (), runs, hi,
			    TYPE_MIN_VALUE (long_type ()));
	  any_runs = true;
	}
      c->lo = c->lo ? fold_build2 (MIN_EXPR, long_type (), c->lo, lo) : lo;
      c->hi = c->hi ? fold_build2 (MAX_EXPR, long_type (), c->hi, hi) : hi;
      if (!stride
	  || (c->stride && !operand_equal_p (c->stride, stride, 0)))
	bitmap_set_bit (not_affine, a->cap);
      if (bitmap_bit_p (not_affine, a->cap))
	continue;
      lo0 = fold_build2 (MINUS_EXPR, long_type (), lo0, base);
      hi0 = fold_build2 (MINUS_EXPR, long_type (), hi0, base);
      if (runs)
	{
	  /* An access under serial loops whose bounds do not change with
	     the outer index (a row a[i * m + j], j < m) moves with it as
	     well; when those loops run no iteration it adds no window.  */
	  lo0 = fold_build3 (COND_EXPR, long_type (), unshare_expr (runs),
			     lo0, TYPE_MAX_VALUE (long_type ()));
	  hi0 = fold_build3 (COND_EXPR, long_type (), unshare_expr (runs),
			     hi0, TYPE_MIN_VALUE (long_type ()));
	}
      c->stride = stride;
      c->lo0 = c->lo0 ? fold_build2 (MIN_EXPR, long_type (), c->lo0, lo0)
	: lo0;
      c->hi0 = c->hi0 ? fold_build2 (MAX_EXPR, long_type (), c->hi0, hi0)
	: hi0;
    }
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      struct gpu_capture *c = &r->caps[i];
      if (bitmap_bit_p (not_affine, i) || c->unbounded)
	c->lo0 = c->hi0 = c->stride = NULL_TREE;
      else if (any_runs && c->stride)
	{
	  /* No access happens in an outer iteration: the empty window
	     [0, 0).  */
	  tree some = fold_build2 (LT_EXPR, boolean_type_node, c->lo0,
				   c->hi0);
	  tree zero = build_int_cst (long_type (), 0);
	  c->lo0 = fold_build3 (COND_EXPR, long_type (), some, c->lo0, zero);
	  c->hi0 = fold_build3 (COND_EXPR, long_type (), unshare_expr (some),
				c->hi0, zero);
	}
      if (c->kind != GPU_CAP_BUFFER || !(c->flags & GPU_ACC_WRITE))
	c->fill_why = NULL;
      else if (!c->fill_why && (c->flags & GPU_ACC_READ))
	c->fill_why = "it is also read";
      else if (!c->fill_why && (!c->stride || !fill_lo0[i]))
	c->fill_why = "its range does not move with the index";
      else if (!c->fill_why && !fill_every_path (r, i))
	c->fill_why = "a store is conditional";
      c->fills = c->kind == GPU_CAP_BUFFER && (c->flags & GPU_ACC_WRITE)
		 && !c->fill_why;
      /* No access happens: the empty range [0, 0).  */
      if (any_runs && c->lo && !c->unbounded)
	{
	  tree some = fold_build2 (LT_EXPR, boolean_type_node, c->lo, c->hi);
	  tree zero = build_int_cst (long_type (), 0);
	  c->lo = fold_build3 (COND_EXPR, long_type (), some, c->lo, zero);
	  c->hi = fold_build3 (COND_EXPR, long_type (), unshare_expr (some),
			       c->hi, zero);
	}
    }
  auto_vec<unsigned> unbounded;
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
	  bool extent = extent_range (r, c->value, &c->lo, &c->hi);
	  if (!extent && decl_object_range (r, c->value, &c->lo, &c->hi))
	    {
	      if (dump_file && (dump_flags & TDF_DETAILS))
		fprintf (dump_file, "SUCCESS: accesses through %s bounded by "
			 "the variable it points into\n",
			 gpu_value_name (c->value));
	    }
	  else if (!extent && !gpu_opts.no_object_bounds
		   && POINTER_TYPE_P (TREE_TYPE (c->value))
		   && !points_into_stack (c->value))
	    {
	      /* No GPU_EXTENT: the runtime bounds the accesses by the
		 object (heap block, global) the pointer points into at
		 each launch, or runs the host loop when it knows none.  */
	      c->object_bound = true;
	      c->lo = c->hi = build_int_cst (long_type (), 0);
	      if (dump_file && (dump_flags & TDF_DETAILS))
		fprintf (dump_file, "SUCCESS: accesses through %s bounded at "
			 "run time by the object it points into\n",
			 gpu_value_name (c->value));
	    }
	  else if (!extent)
	    {
	      if (r->fail)
		return false;
	      unbounded.safe_push (i);
	      continue;
	    }
	  else if (dump_file && (dump_flags & TDF_DETAILS))
	    fprintf (dump_file, "  %s bounded by GPU_EXTENT\n",
		     gpu_value_name (c->value));
	}
      else if (!c->lo)
	c->lo = c->hi = build_int_cst (long_type (), 0);
    }
  if (!unbounded.is_empty ())
    {
      report_unbounded (r, &unbounded);
      return false;
    }
  return true;
}

/* Dump the parameters of region R and the ranges they reach.  */

static void
dump_params (struct gpu_region *r)
{
  if (!dump_file || !(dump_flags & TDF_DETAILS))
    return;
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      struct gpu_capture *c = &r->caps[i];
      fprintf (dump_file, "  arg %u: %s ", i,
	       c->kind == GPU_CAP_BUFFER ? "buffer" : "scalar");
      print_generic_expr (dump_file, c->value, TDF_SLIM);
      if (c->kind == GPU_CAP_BUFFER)
	{
	  fprintf (dump_file, " %s%s, range [",
		   c->flags & GPU_ACC_READ ? "r" : "",
		   c->flags & GPU_ACC_WRITE ? "w" : "");
	  print_generic_expr (dump_file, c->lo, TDF_SLIM);
	  fprintf (dump_file, ", ");
	  print_generic_expr (dump_file, c->hi, TDF_SLIM);
	  fprintf (dump_file, ")");
	  if (c->stride)
	    {
	      fprintf (dump_file, ", per outer iteration k: [");
	      print_generic_expr (dump_file, c->lo0, TDF_SLIM);
	      fprintf (dump_file, ", ");
	      print_generic_expr (dump_file, c->hi0, TDF_SLIM);
	      fprintf (dump_file, ") + k * ");
	      print_generic_expr (dump_file, c->stride, TDF_SLIM);
	    }
	}
      fprintf (dump_file, "\n");
    }
}

/* See gpu-region.h.  */

gimple *
gpu_dead_end_exit (edge e)
{
  if (e->flags & (EDGE_EH | EDGE_ABNORMAL))
    return last_stmt (e->src);
  basic_block bb = e->dest;
  for (int steps = 0; steps < 8 && bb; steps++)
    {
      gimple *last = last_stmt (bb);
      if (last && is_gimple_call (last)
	  && (gimple_call_flags (last) & ECF_NORETURN))
	return last;
      if (EDGE_COUNT (bb->succs) == 0 && last)
	return last;
      if (!single_succ_p (bb)
	  || (single_succ_edge (bb)->flags & (EDGE_EH | EDGE_ABNORMAL)))
	return NULL;
      bb = single_succ (bb);
    }
  return NULL;
}

/* Does a marked loop of the nest CHAIN[0..N-1] leave, besides its test,
   only to paths that end the program or throw?  Returns the statement
   there (the reason the loop stays on the host), or NULL.  *CALLS_ONLY
   is set when every such path ends in a direct call that does not return
   (no exception edge): paths gpu_speculate can turn into deopts.  */

static gimple *
dead_end_exits (class loop **chain, int n, bool *calls_only)
{
  gimple *found = NULL;
  *calls_only = true;
  for (int i = 0; i < n; i++)
    {
      auto_vec<edge> exits = get_loop_exit_edges (chain[i]);
      for (unsigned j = 0; j < exits.length (); j++)
	{
	  edge e = exits[j];
	  if (e->src == chain[i]->header && !(e->flags & (EDGE_EH
							 | EDGE_ABNORMAL)))
	    continue;
	  gimple *g = gpu_dead_end_exit (e);
	  if (!g)
	    return NULL;	/* A real break, return or goto.  */
	  if (!found)
	    found = g;
	  if ((e->flags & (EDGE_EH | EDGE_ABNORMAL)) || !is_gimple_call (g)
	      || !(gimple_call_flags (g) & ECF_NORETURN)
	      || !gimple_call_fndecl (g))
	    *calls_only = false;
	}
    }
  return found;
}

/* Does BB only return (the block a return statement jumps to)?  */

static bool
return_only_p (basic_block bb)
{
  for (gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb (bb);
       !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
    return gimple_code (gsi_stmt (gsi)) == GIMPLE_RETURN;
  return false;
}

/* The error for the marked loop LOOP at LOC, which leaves other than
   through its test: worded for what the user wrote, told from where the
   first such exit goes.  A jump to where the loop's test leaves to is a
   break, one to a block that only returns a return, any other a goto; a
   break and a return that land on the same return are both named.  A
   note points at where the path out of the loop starts.  */

static void
report_bad_exit (class loop *loop, location_t loc)
{
  edge normal = NULL, bad = NULL;
  auto_vec<edge> exits = get_loop_exit_edges (loop);
  for (unsigned j = 0; j < exits.length (); j++)
    {
      edge e = exits[j];
      if (e->src == loop->header && !(e->flags & (EDGE_EH | EDGE_ABNORMAL)))
	normal = e;
      else if (!bad && !gpu_dead_end_exit (e))
	bad = e;
    }
  enum { EXIT_UNKNOWN, EXIT_BREAK, EXIT_RETURN, EXIT_EITHER } kind
    = EXIT_UNKNOWN;
  basic_block bb = bad ? bad->dest : NULL;
  for (int steps = 0; steps < 8 && bb && kind == EXIT_UNKNOWN; steps++)
    {
      bool returns = return_only_p (bb);
      if (normal && bb == normal->dest)
	kind = returns ? EXIT_EITHER : EXIT_BREAK;
      else if (returns)
	kind = EXIT_RETURN;
      else if (!single_succ_p (bb))
	break;
      else
	bb = single_succ (bb);
    }
  auto_diagnostic_group d;
  if (!bad)
    {
      error_at (loc, "%<GPU_PARALLEL%> loop must leave only through its "
		"condition: no %<break%>, %<return%> or %<goto%> out of it");
      return;
    }
  switch (kind)
    {
    case EXIT_BREAK:
      error_at (loc, "%<GPU_PARALLEL%> loop must leave only through its "
		"condition, not by a %<break%>");
      break;
    case EXIT_RETURN:
      error_at (loc, "%<GPU_PARALLEL%> loop must leave only through its "
		"condition, not by a %<return%>");
      break;
    case EXIT_EITHER:
      error_at (loc, "%<GPU_PARALLEL%> loop must leave only through its "
		"condition, not by a %<break%> or %<return%>");
      break;
    default:
      error_at (loc, "%<GPU_PARALLEL%> loop must leave only through its "
		"condition, not by a %<goto%> out of it");
      break;
    }
  location_t at = bad->goto_locus;
  if (LOCATION_LOCUS (at) == UNKNOWN_LOCATION && last_stmt (bad->src))
    at = gimple_location (last_stmt (bad->src));
  if (LOCATION_LOCUS (at) != UNKNOWN_LOCATION)
    inform (at, "the path out of the loop starts here");
}

/* A region of FUN for the marked nest OUTER that stays on the host: the
   caller says why (gpu_region_fail) and reports it.  */

static struct gpu_region *
host_only_region (function *fun, class loop *outer)
{
  struct gpu_region *r = gpu_region_new (fun);
  r->outer = outer;
  r->loc = find_loop_location (outer).get_location_t ();
  r->ndim = 0;
  r->num = gpu_region_count++;
  snprintf (r->kernel_name, sizeof r->kernel_name, "gpu_region_%d", r->num);
  return r;
}

/* The user-level name of the array the data reference DR reaches.  */

static const char *
dr_name (data_reference_p dr)
{
  tree b = DR_BASE_ADDRESS (dr);
  if (!b)
    return "<memory>";
  STRIP_NOPS (b);
  while (TREE_CODE (b) == POINTER_PLUS_EXPR)
    {
      b = TREE_OPERAND (b, 0);
      STRIP_NOPS (b);
    }
  return gpu_value_name (b);
}

/* Does GCC's dependence analysis prove that an iteration of the marked
   loop LOOP touches memory that another iteration of it writes (a
   dependence at a known, nonzero distance in LOOP, as in
   a[i] = a[i + 1] + 1)?  Then warn, naming the array, and return true.  */

static bool
warn_carried_dependence (class loop *loop)
{
  auto_vec<loop_p, 3> nest;
  vec<data_reference_p> datarefs = vNULL;
  vec<ddr_p> ddrs = vNULL;
  bool warned = false, ok = true;
  nest.safe_push (loop);
  /* The references of the statements of LOOP itself (not of loops inside
     it, whose iterations the distances would not describe) to memory
     outside the function's own objects; a call makes the answer
     unknown.  */
  basic_block *body = get_loop_body (loop);
  for (unsigned i = 0; ok && i < loop->num_nodes; i++)
    {
      if (body[i]->loop_father != loop)
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	   ok && !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt) || !gimple_vuse (stmt)
	      || gimple_clobber_p (stmt))
	    continue;
	  if (!is_gimple_assign (stmt) || gimple_has_volatile_ops (stmt))
	    {
	      ok = false;
	      continue;
	    }
	  bool st = gimple_store_p (stmt);
	  tree ref = st ? gimple_assign_lhs (stmt) : gimple_assign_rhs1 (stmt);
	  if (!st && !gimple_assign_load_p (stmt))
	    continue;
	  tree base = get_base_address (ref);
	  if (base && TREE_CODE (base) == MEM_REF
	      && TREE_CODE (TREE_OPERAND (base, 0)) == ADDR_EXPR)
	    base = TREE_OPERAND (TREE_OPERAND (base, 0), 0);
	  if (!base || (DECL_P (base)
			&& auto_var_in_fn_p (base, current_function_decl)))
	    continue;
	  data_reference_p dr = create_data_ref (loop_preheader_edge (loop),
						 loop, ref, stmt, !st, false);
	  if (!dr)
	    ok = false;
	  else
	    datarefs.safe_push (dr);
	}
    }
  free (body);
  if (ok && compute_all_dependences (datarefs, &ddrs, nest, false))
    for (unsigned i = 0; !warned && i < ddrs.length (); i++)
      {
	ddr_p ddr = ddrs[i];
	if (DDR_ARE_DEPENDENT (ddr) != NULL_TREE
	    || DDR_NUM_DIST_VECTS (ddr) == 0)
	  continue;
	data_reference_p a = DDR_A (ddr), b = DDR_B (ddr);
	if (DR_IS_READ (a) && DR_IS_READ (b))
	  continue;
	for (unsigned v = 0; !warned && v < DDR_NUM_DIST_VECTS (ddr); v++)
	  {
	    lambda_vector dist = DDR_DIST_VECT (ddr, v);
	    if (dist[0] == 0)
	      continue;
	    data_reference_p w = DR_IS_WRITE (a) ? a : b;
	    data_reference_p o = w == a ? b : a;
	    location_t loc = gimple_location (DR_STMT (o));
	    if (loc == UNKNOWN_LOCATION)
	      loc = find_loop_location (loop).get_location_t ();
	    warning_at (loc, 0, "this %<GPU_PARALLEL%> loop %s an element of "
			"%qs that another of its iterations writes (%d "
			"iteration%s apart), so its iterations are not "
			"independent; remove the marker", DR_IS_READ (o)
			? "reads" : "writes", dr_name (w),
			(int) (dist[0] < 0 ? -dist[0] : dist[0]),
			dist[0] == 1 || dist[0] == -1 ? "" : "s");
	    gpu_dump_reason ("FAILED", loc, "wrongly marked loop: a dependence "
			     "between its iterations");
	    warned = true;
	  }
      }
  free_dependence_relations (ddrs);
  free_data_refs (datarefs);
  return warned;
}

/* Is the marking of LOOP, a GPU_PARALLEL loop, provably wrong: does a
   statement of its body (not of a loop inside it) store, in every
   iteration that runs it, to the same location of memory outside the
   loop a value that changes with the iteration (x[i] -= a[i][j] * x[j]
   with j marked)?  Then the iterations are not independent: warn, naming
   the access, and return true.  A store of a value the same in every
   iteration (found = 1) is left alone, as are objects of the function
   (each work-item has its own).  */

static bool
warn_wrong_marking (class loop *loop)
{
  basic_block *body = get_loop_body (loop);
  bool warned = false;
  for (unsigned i = 0; !warned && i < loop->num_nodes; i++)
    {
      if (body[i]->loop_father != loop)
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	   !warned && !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (!is_gimple_assign (stmt) || !gimple_store_p (stmt)
	      || !gimple_assign_single_p (stmt)
	      || gimple_has_volatile_ops (stmt))
	    continue;
	  tree lhs = gimple_assign_lhs (stmt);
	  tree rhs = gimple_assign_rhs1 (stmt);
	  tree base = get_base_address (lhs);
	  if (!base || (DECL_P (base)
			&& auto_var_in_fn_p (base, current_function_decl))
	      || expr_invariant_in_loop_p (loop, rhs))
	    continue;
	  data_reference_p dr
	    = create_data_ref (loop_preheader_edge (loop), loop, lhs, stmt,
			       false, false);
	  if (dr && DR_BASE_ADDRESS (dr) && DR_STEP (dr)
	      && integer_zerop (DR_STEP (dr)))
	    {
	      tree b = DR_BASE_ADDRESS (dr);
	      STRIP_NOPS (b);
	      while (TREE_CODE (b) == POINTER_PLUS_EXPR)
		{
		  b = TREE_OPERAND (b, 0);
		  STRIP_NOPS (b);
		}
	      const char *name = gpu_value_name (b);
	      location_t loc = gimple_location (stmt);
	      if (loc == UNKNOWN_LOCATION)
		loc = find_loop_location (loop).get_location_t ();
	      warning_at (loc, 0, "every iteration of this %<GPU_PARALLEL%> "
			  "loop stores a different value to the same element "
			  "of %qs, so its iterations are not independent; "
			  "accumulate into a %<GPU_REDUCE%> variable or "
			  "remove the marker", name);
	      gpu_dump_reason ("FAILED", loc, "wrongly marked loop: every "
			       "iteration stores to the same location");
	      warned = true;
	    }
	  if (dr)
	    free_data_ref (dr);
	}
    }
  free (body);
  if (!warned)
    warned = warn_carried_dependence (loop);
  return warned;
}

/* Does LOOP contain a marked loop other than SKIP (at any depth)?  */

static bool
contains_marked_p (class loop *loop, class loop *skip)
{
  for (class loop *c = loop->inner; c; c = c->next)
    if (c != skip && (gpu_marked_iv (c) || contains_marked_p (c, NULL)))
      return true;
  return false;
}

/* Does the marked loop INNER, the one marked loop directly inside the
   marked loop L, nest perfectly in it: no other marked loop in L, no
   statement with side effects in L outside INNER (the form of a
   multi-dimensional index space), and no GPU_REDUCE accumulator that
   INNER carries but L does not (one reduced per iteration of L)?  */

static bool
perfect_level_p (class loop *l, class loop *inner)
{
  if (contains_marked_p (l, inner))
    return false;
  for (gphi_iterator gsi = gsi_start_phis (inner->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      tree res = gimple_phi_result (gsi.phi ());
      tree var = SSA_NAME_VAR (res);
      if (virtual_operand_p (res) || !var
	  || !gpu_decl_has_attr (var, GPU_ATTR_REDUCE))
	continue;
      bool outer_too = false;
      for (gphi_iterator o = gsi_start_phis (l->header); !gsi_end_p (o);
	   gsi_next (&o))
	if (SSA_NAME_VAR (gimple_phi_result (o.phi ())) == var)
	  outer_too = true;
      if (!outer_too)
	return false;
    }
  basic_block *body = get_loop_body (l);
  bool ok = true;
  for (unsigned i = 0; ok && i < l->num_nodes; i++)
    {
      if (flow_bb_inside_loop_p (inner, body[i]))
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	   ok && !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (gimple_vdef (stmt)
	      || (is_gimple_call (stmt)
		  && !(gimple_call_flags (stmt) & (ECF_CONST | ECF_PURE))))
	    ok = false;
	}
    }
  free (body);
  return ok;
}

/* See gpu-region.h.  */

void
gpu_collect_marked (class loop *loop, vec<class loop *> *out)
{
  for (class loop *c = loop->inner; c; c = c->next)
    if (gpu_marked_iv (c))
      out->safe_push (c);
    else
      gpu_collect_marked (c, out);
}

/* Does LOOP's header carry a GPU_REDUCE variable?  */

static bool
carries_reduction_p (class loop *loop)
{
  for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      tree var = SSA_NAME_VAR (gimple_phi_result (gsi.phi ()));
      if (var && gpu_decl_has_attr (var, GPU_ATTR_REDUCE))
	return true;
    }
  return false;
}

/* EXPR, evaluated inside LOOP (at the preheader of a loop in it), in
   terms of values available before LOOP; chrec_dont_know or a chrec of
   LOOP when it changes with LOOP's iterations.  */

static tree
before_loop (class loop *loop, tree expr)
{
  if (!expr || expr_invariant_in_loop_p (loop, expr))
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
      return instantiate_scev (loop_preheader_edge (loop), loop, expr);
    default:
      break;
    }
  if (!EXPR_P (expr))
    return chrec_dont_know;
  tree copy = copy_node (expr);
  for (int i = 0; i < TREE_OPERAND_LENGTH (expr); i++)
    if (TREE_OPERAND (expr, i))
      {
	tree op = before_loop (loop, TREE_OPERAND (expr, i));
	if (!op || chrec_contains_undetermined (op))
	  return chrec_dont_know;
	TREE_OPERAND (copy, i) = op;
      }
  return fold (copy);
}

/* Make the inner level of IN a 2-D one when a marked loop nests
   perfectly in IN's loop with a start, step and count that do not change
   with IN's index, and neither carries a GPU_REDUCE accumulator (not
   supported in 2-D yet): IN->LOOP2.  Otherwise that loop runs serially
   in the work-item that runs an iteration of IN's loop.  */

static void
find_inner2 (struct gpu_region *r, struct gpu_inner *in)
{
  class loop *l = in->loop, *c = NULL;
  for (class loop *x = l->inner; x; x = x->next)
    if (gpu_marked_iv (x))
      {
	if (c)
	  return;
	c = x;
      }
  if (!c || !perfect_level_p (l, c) || contains_marked_p (c, NULL)
      || carries_reduction_p (l) || carries_reduction_p (c))
    return;
  tree iv = gpu_marked_iv (c);
  edge exit = single_exit (c);
  if (!exit || exit->src != c->header || !hoist_header (c)
      || gpu_twolevel_check_inner (r, c, iv) || warn_wrong_marking (c))
    return;
  affine_iv aiv;
  class tree_niter_desc desc;
  if (!simple_iv (c, c, iv, &aiv, true)
      || !number_of_iterations_exit (c, exit, &desc, false)
      || !integer_onep (desc.assumptions))
    return;
  gphi *phi = as_a<gphi *> (SSA_NAME_DEF_STMT (iv));
  tree base = PHI_ARG_DEF_FROM_EDGE (phi, loop_preheader_edge (c));
  tree u64 = u64_type ();
  tree count = fold_convert (u64, desc.niter);
  if (desc.may_be_zero && !integer_zerop (desc.may_be_zero))
    count = fold_build3 (COND_EXPR, u64, desc.may_be_zero,
			 build_int_cst (u64, 0), count);
  /* In terms of values before L: the same for every iteration of L.  */
  tree parts[3] = { base, aiv.step, count };
  for (int i = 0; i < 3; i++)
    {
      parts[i] = before_loop (l, parts[i]);
      if (!parts[i] || chrec_contains_undetermined (parts[i])
	  || tree_contains_chrecs (parts[i], NULL))
	return;
    }
  in->loop2 = c;
  in->iv2 = iv;
  in->base2 = gpu_region_keep (parts[0]);
  in->step2 = gpu_region_keep (parts[1]);
  in->count2 = gpu_region_keep (parts[2]);
}

/* Make the marked loops inside the innermost loop of R's outer nest the
   inner level of R (two levels of parallelism), those whose form allows
   it; the others run serially in each work-item, with a remark.  */

static void
find_inner (struct gpu_region *r)
{
  class loop *l = r->dims[0].loop;
  auto_vec<class loop *> cands;
  gpu_collect_marked (l, &cands);
  if (cands.is_empty ())
    return;
  const char *why = NULL;
  location_t wloc = UNKNOWN_LOCATION;
  /* A reduction over the whole index space runs in a grid-stride kernel,
     which the inner level does not combine with yet.  */
  class loop *top = r->dims[r->ndim - 1].loop;
  for (gphi_iterator gsi = gsi_start_phis (top->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      tree var = SSA_NAME_VAR (gimple_phi_result (gsi.phi ()));
      if (var && gpu_decl_has_attr (var, GPU_ATTR_REDUCE))
	why = "the region also reduces a GPU_REDUCE accumulator over its "
	  "whole index space, which two levels do not support yet";
    }
  if (!why && cands.length () > GPU_MAX_INNER)
    why = "the region has too many inner GPU_PARALLEL loops";
  for (unsigned i = 0; !why && i < cands.length (); i++)
    {
      tree iv = gpu_marked_iv (cands[i]);
      /* The bound is computed once before the loop, as for the outer
	 nest (the front end computes it in the loop's header).  */
      const char *w = NULL;
      if (!single_exit (cands[i]) || single_exit (cands[i])->src
	  != cands[i]->header || !hoist_header (cands[i]))
	w = "its condition has side effects or it leaves other than through "
	  "its condition";
      else if (warn_wrong_marking (cands[i]))
	w = "its iterations are not independent (see the warning)";
      else
	w = gpu_twolevel_check_inner (r, cands[i], iv);
      if (w)
	{
	  if (dump_enabled_p ())
	    dump_printf_loc (MSG_MISSED_OPTIMIZATION, find_loop_location
			     (cands[i]), "inner GPU_PARALLEL loop runs "
			     "serially in each work-item: %s\n", w);
	  gpu_dump_reason ("FAILED", find_loop_location (cands[i])
			   .get_location_t (), w);
	  continue;
	}
      r->inner[r->ninner].loop = cands[i];
      r->inner[r->ninner].iv = iv;
      find_inner2 (r, &r->inner[r->ninner]);
      r->ninner++;
    }
  if (!why && r->ninner)
    why = gpu_twolevel_check_serial (r, &wloc);
  if (why)
    {
      if (wloc == UNKNOWN_LOCATION)
	wloc = r->loc;
      if (dump_enabled_p ())
	dump_printf_loc (MSG_MISSED_OPTIMIZATION,
			 dump_user_location_t::from_location_t (wloc),
			 "inner GPU_PARALLEL loops run serially in each "
			 "work-item: %s\n", why);
      gpu_dump_reason ("FAILED", wloc, why);
      r->ninner = 0;
    }
}

/* Say when neighbouring work-items of region R do not touch neighbouring
   elements but would with its two innermost marked loops exchanged: no
   reference walks consecutive elements along dimension 0 (the innermost
   marked loop, which the index space runs fastest) and some do along
   dimension 1 (as a[j * n + i] with i outer, j inner).  The kernel keeps
   the user's order (dimension 0 innermost); on a GPU such accesses are
   not coalesced.  */

static void
report_coalescing (struct gpu_region *r)
{
  if (r->ndim < 2)
    return;
  int unit[2] = { 0, 0 };
  for (unsigned i = 0; i < r->accs.length (); i++)
    if (r->accs[i].ref)
      for (int d = 0; d < 2; d++)
	if (gpu_unit_step_in_p (r->dims[d].loop, r->accs[i].ref,
				r->accs[i].stmt))
	  unit[d]++;
  if (unit[0] || !unit[1])
    return;
  const char *why = "no reference walks consecutive elements along "
    "dimension 0 (the innermost marked loop) and some do along dimension "
    "1: neighbouring work-items touch distant addresses (not coalesced on "
    "a GPU); exchanging the two innermost marked loops would coalesce them";
  gpu_dump_reason ("FAILED", r->loc, why);
  if (dump_enabled_p ())
    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
		     dump_user_location_t::from_location_t (r->loc),
		     "%s (%d such references)\n", why, unit[1]);
}

/* Describe the nest whose outermost marked loop is OUTER with index IV
   as a region of FUN.  Misused markers are errors and make no region; a
   region that cannot be offloaded is left in the table with its reason,
   so that the host keeps the loop.  */

static void
find_region (function *fun, class loop *outer, tree iv)
{
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
	  return;
	}
      chain[n] = l;
      ivs[n] = liv;
      n++;
      class loop *next = NULL;
      tree next_iv = NULL_TREE;
      bool several = false;
      for (class loop *c = l->inner; c; c = c->next)
	if (tree civ = gpu_marked_iv (c))
	  {
	    if (next)
	      several = true;
	    else
	      {
		next = c;
		next_iv = civ;
	      }
	  }
      /* With two levels, a marked loop that does not nest perfectly (other
	 marked loops beside or under serial loops, code with side effects
	 around it, an accumulator reduced per iteration of L) ends the
	 outer nest: the marked loops inside L become its inner level.  */
      if (next && !gpu_opts.no_two_level
	  && (several || !perfect_level_p (l, next)))
	break;
      if (several)
	{
	  for (class loop *c = next->next; c; c = c->next)
	    if (gpu_marked_iv (c))
	      {
		error_at (find_loop_location (c).get_location_t (),
			  "two %<GPU_PARALLEL%> loops side by side in one "
			  "%<GPU_PARALLEL%> loop");
		break;
	      }
	  return;
	}
      liv = next_iv;
      l = next;
    }

  /* A loop that is also an OpenMP loop (#pragma omp parallel for on the
     marked loop) was shared out among OpenMP's threads before this pass:
     its piece, in the outlined FN._omp_fn.N, is no GPU_PARALLEL loop any
     more.  Valid code: it stays OpenMP's, with a remark.  */
  cgraph_node *node = cgraph_node::get (fun->decl);
  if (node && node->parallelized_function)
    {
      struct gpu_region *r = host_only_region (fun, outer);
      gpu_region_fail (r, r->loc, "it is also an OpenMP loop, which "
		       "OpenMP's threads share (remove the %<omp%> pragma "
		       "to offload it)");
      gpu_region_report_missed (r);
      return;
    }

  /* A path out of the loop that ends the program (abort, exit, assert,
     a throw) is valid C: gpu_speculate makes it a deopt of the kernel,
     or, when speculation is off or the path is an exception's, the loop
     stays on the host, with a remark.  */
  bool calls_only;
  gimple *g = dead_end_exits (chain, n, &calls_only);
  if (g && (gpu_opts.no_speculate || !calls_only))
    {
      struct gpu_region *r = host_only_region (fun, outer);
      location_t loc = gimple_location (g);
      if (loc == UNKNOWN_LOCATION)
	loc = r->loc;
      tree fn = is_gimple_call (g) ? gimple_call_fndecl (g) : NULL_TREE;
      if (fn)
	gpu_region_fail (r, loc, "the loop may leave through %qD, which does "
			 "not return", fn);
      else
	gpu_region_fail (r, loc, "the loop may leave by an exception or a "
			 "call that does not return");
      gpu_region_report_missed (r);
      return;
    }

  /* A marking that is provably wrong gets a warning (the loop is still
     offloaded as the user asked).  */
  for (int k = 0; k < n; k++)
    warn_wrong_marking (chain[k]);

  struct gpu_region tmp;
  memset (&tmp, 0, sizeof tmp);
  tmp.fun = fun;
  tmp.outer = outer;
  tmp.loc = find_loop_location (outer).get_location_t ();
  tmp.ndim = n;
  bool dims_ok = true;
  for (int k = 0; k < n; k++)
    if (!build_dim (&tmp, k, chain[n - 1 - k], ivs[n - 1 - k]))
      {
	/* An error in the loop's form: no region.  */
	if (!tmp.fail)
	  return;
	dims_ok = false;
      }
  if (!dims_ok)
    {
      /* A loop the plugin cannot count is valid C: it stays on the host,
	 with the reason as a remark.  */
      struct gpu_region *r = gpu_region_new (fun);
      r->outer = outer;
      r->loc = tmp.loc;
      r->ndim = 0;
      r->num = gpu_region_count++;
      snprintf (r->kernel_name, sizeof r->kernel_name, "gpu_region_%d",
		r->num);
      gpu_region_fail (r, tmp.fail_loc, "%s", tmp.fail);
      gpu_region_report_missed (r);
      return;
    }

  struct gpu_region *r = gpu_region_new (fun);
  r->outer = outer;
  r->loc = tmp.loc;
  r->ndim = n;
  r->valid = tmp.valid;
  r->serial_host = tmp.serial_host;
  for (int k = 0; k < n; k++)
    {
      r->dims[k] = tmp.dims[k];
      gpu_region_keep (r->dims[k].lo);
      gpu_region_keep (r->dims[k].step);
      gpu_region_keep (r->dims[k].count);
    }
  r->num = gpu_region_count++;
  /* The region of a pivot loop is one work-group: a large one, or as
     large as the rows of a blocked one's block (the attribute's value,
     gpu-pivot.cc).  */
  tree pivot = lookup_attribute (GPU_ATTR_PIVOT,
				 DECL_ATTRIBUTES (SSA_NAME_VAR (iv)));
  if (!pivot)
    r->group_wg = GPU_GROUP_WG_MAX;
  else if (TREE_VALUE (pivot))
    r->group_wg = tree_to_shwi (TREE_VALUE (TREE_VALUE (pivot)));
  else
    r->group_wg = GPU_PIVOT_WG_MAX;
  char *fname = xstrdup (IDENTIFIER_POINTER (DECL_NAME (fun->decl)));
  for (char *p = fname; *p; p++)
    if (!ISALNUM (*p))
      *p = '_';
  snprintf (r->kernel_name, sizeof r->kernel_name, "gpu_%s_%d", fname,
	    r->num);
  free (fname);

  /* -ftrapv asks for a trap on signed overflow, which OpenCL C cannot
     give: the host runs the loop (-fwrapv is honoured on the device).  */
  if (flag_trapv)
    gpu_region_fail (r, r->loc, "%<-ftrapv%> asks for a trap on signed "
		     "overflow, which the device cannot give");
  if (!r->fail && check_nest (r) && gpu_find_params (r) && bound_captures (r))
    {
      if (!gpu_opts.no_two_level)
	{
	  /* A serial sum loop, or a serial loop whose iterations are
	     independent, may become the inner level (gpu-twolevel.cc).  */
	  struct gpu_auto_marks marks;
	  marks.acc = NULL_TREE;
	  marks.alias_check = false;
	  if (!gpu_twolevel_auto_reduce (r, &marks))
	    gpu_twolevel_auto_inner (r, &marks);
	  find_inner (r);
	  gpu_twolevel_auto_finish (r, &marks);
	}
      /* Ranges that hold for no launch (an unsigned index stepped below
	 zero, as in[i - 1] under if (i > 0), whose guard the range
	 analysis does not use): every launch would go to the host, and
	 GPURT_FALLBACK=abort would stop a correct program.  Say so now.  */
      if (r->valid && integer_zerop (fold (r->valid)))
	{
	  gpu_region_fail (r, r->loc, "the index arithmetic of an access "
			   "wraps around in its unsigned type for every "
			   "launch (such as i - 1 at i = 0, even under a "
			   "guard), so its range cannot be bounded; a signed "
			   "index avoids it");
	  gpu_region_report_missed (r);
	  return;
	}
      for (unsigned i = 0; i < r->caps.length (); i++)
	{
	  gpu_region_keep (r->caps[i].value);
	  gpu_region_keep (r->caps[i].lo);
	  gpu_region_keep (r->caps[i].hi);
	  gpu_region_keep (r->caps[i].lo0);
	  gpu_region_keep (r->caps[i].hi0);
	  gpu_region_keep (r->caps[i].stride);
	}
      gpu_region_keep (r->valid);
      if (dump_file && (dump_flags & TDF_DETAILS))
	{
	  expanded_location xl = expand_location (r->loc);
	  fprintf (dump_file, "SUCCESS: %s:%d: region %s, %d-D, %u "
		   "parameters\n", xl.file, xl.line, r->kernel_name, r->ndim,
		   r->caps.length ());
	  for (int k = 0; k < r->ninner; k++)
	    {
	      expanded_location il = expand_location
		(find_loop_location (r->inner[k].loop).get_location_t ());
	      fprintf (dump_file, "SUCCESS: %s:%d: inner GPU_PARALLEL loop "
		       "%d%s shared out among the work-items of a group\n",
		       il.file, il.line, r->inner[k].loop->num,
		       r->inner[k].loop2 ? " (2-D, with the marked loop nested "
		       "in it)" : "");
	    }
	}
      dump_params (r);
      report_coalescing (r);
      return;
    }
  gpu_region_report_missed (r);
}

/* ------------------------------------------- accumulators in memory */

/* Walker: an ADDR_EXPR of the variable DATA points to.  */

static tree
addr_of_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) == ADDR_EXPR
      && get_base_address (TREE_OPERAND (*tp, 0)) == (tree) data)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Does STMT take the address of VAR?  */

static bool
takes_addr_p (gimple *stmt, tree var)
{
  if (is_gimple_debug (stmt))
    return false;
  for (unsigned k = 0; k < gimple_num_ops (stmt); k++)
    {
      tree op = gimple_op (stmt, k);
      if (op && walk_tree (&op, addr_of_r, var, NULL))
	return true;
    }
  return false;
}

/* Can a pointer to VAR exist while LOOP runs: is its address taken
   anywhere from where control reaches LOOP's header without passing the
   end of VAR's lifetime (its clobber)?  That covers an address taken
   before the loop, inside it, and after it inside an enclosing loop.  */

static bool
addr_reaches_loop_p (function *fun, class loop *loop, tree var)
{
  auto_bitmap seen;
  auto_vec<basic_block> work;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    work.safe_push (e->src);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (!bitmap_set_bit (seen, bb->index))
	continue;
      bool ended = false;
      for (gimple_stmt_iterator gsi = gsi_last_bb (bb); !gsi_end_p (gsi);
	   gsi_prev (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (gimple_clobber_p (stmt) && gimple_assign_lhs (stmt) == var)
	    {
	      ended = true;
	      break;
	    }
	  if (takes_addr_p (stmt, var))
	    return true;
	}
      if (ended)
	continue;
      for (gphi_iterator gsi = gsi_start_phis (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	for (unsigned k = 0; k < gimple_phi_num_args (gsi.phi ()); k++)
	  {
	    tree a = PHI_ARG_DEF (gsi.phi (), k);
	    if (walk_tree (&a, addr_of_r, var, NULL))
	      return true;
	  }
      if (bb == ENTRY_BLOCK_PTR_FOR_FN (fun))
	continue;
      FOR_EACH_EDGE (e, ei, bb->preds)
	work.safe_push (e->src);
    }
  return false;
}

/* Walker: does the tree contain the variable DATA?  */

static tree
find_var_r (tree *tp, int *walk_subtrees, void *data)
{
  if (*tp == (tree) data)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Reduce the GPU_REDUCE accumulator VAR, a local variable in memory
   because its address is taken after the marked nest OUTER (to hand the
   result to MPI_Reduce, fwrite or a report function), into a private
   register copy: loaded once before the nest, stored once on each exit.
   Inside the nest nothing may alias VAR: it is only loaded and stored
   whole there, and no pointer to it can exist while the nest runs.
   Returns whether the nest was changed; otherwise gpu_reduce keeps the
   error on the accumulator in memory.  */

static bool
privatize_accumulator (function *fun, class loop *outer, tree var)
{
  if (TREE_STATIC (var) || DECL_EXTERNAL (var)
      || DECL_CONTEXT (var) != fun->decl || TREE_THIS_VOLATILE (var)
      || !is_gimple_reg_type (TREE_TYPE (var)) || DECL_HARD_REGISTER (var))
    return false;
  auto_vec<edge> exits = get_loop_exit_edges (outer);
  for (unsigned i = 0; i < exits.length (); i++)
    if (exits[i]->flags & EDGE_COMPLEX)
      return false;
  if (addr_reaches_loop_p (fun, outer, var))
    return false;
  basic_block *body = get_loop_body (outer);
  auto_vec<gimple *> refs;
  bool ok = true;
  for (unsigned i = 0; ok && i < outer->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	 ok && !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	bool mentions = false;
	for (unsigned k = 0; k < gimple_num_ops (stmt); k++)
	  {
	    tree op = gimple_op (stmt, k);
	    if (op && walk_tree_without_duplicates (&op, find_var_r, var))
	      mentions = true;
	  }
	if (!mentions)
	  continue;
	if (is_gimple_debug (stmt))
	  refs.safe_push (stmt);
	else if (gimple_assign_single_p (stmt) && !gimple_clobber_p (stmt)
		 && (gimple_assign_lhs (stmt) == var
		     || gimple_assign_rhs1 (stmt) == var)
		 && gimple_assign_lhs (stmt) != gimple_assign_rhs1 (stmt))
	  refs.safe_push (stmt);
	else
	  ok = false;
      }
  free (body);
  if (!ok || refs.is_empty ())
    return false;

  tree priv = copy_node (var);
  DECL_CHAIN (priv) = NULL_TREE;
  TREE_ADDRESSABLE (priv) = 0;
  DECL_NOT_GIMPLE_REG_P (priv) = 0;
  SET_DECL_PT_UID (priv, -1u);
  add_local_decl (fun, priv);
  for (unsigned i = 0; i < refs.length (); i++)
    {
      gimple *stmt = refs[i];
      if (is_gimple_debug (stmt))
	{
	  if (gimple_debug_bind_p (stmt))
	    gimple_debug_bind_reset_value (stmt);
	  update_stmt (stmt);
	  continue;
	}
      if (gimple_assign_lhs (stmt) == var)
	gimple_assign_set_lhs (stmt, priv);
      else
	gimple_assign_set_rhs1 (stmt, priv);
      update_stmt (stmt);
    }
  gsi_insert_on_edge (loop_preheader_edge (outer),
		      gimple_build_assign (priv, var));
  for (unsigned i = 0; i < exits.length (); i++)
    gsi_insert_on_edge (exits[i], gimple_build_assign (var, priv));
  gsi_commit_edge_inserts ();
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      fprintf (dump_file, "SUCCESS: accumulator ");
      print_generic_expr (dump_file, var);
      fprintf (dump_file, " reduced in a register copy, stored on %u "
	       "exits of loop %d\n", exits.length (), outer->num);
    }
  return true;
}

/* Give every GPU_REDUCE accumulator of FUN that lives in memory only
   because of what happens after its marked nest a register copy for the
   nest (privatize_accumulator), and put them into SSA form.  */

static void
privatize_accumulators (function *fun)
{
  bool changed = false;
  for (auto loop : loops_list (fun, 0))
    {
      if (!gpu_marked_iv (loop))
	continue;
      bool nested = false;
      for (class loop *o = loop_outer (loop); o; o = loop_outer (o))
	if (gpu_marked_iv (o))
	  nested = true;
      if (nested)
	continue;
      auto_vec<tree> vars;
      basic_block *body = get_loop_body (loop);
      for (unsigned i = 0; i < loop->num_nodes; i++)
	for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	     !gsi_end_p (gsi); gsi_next (&gsi))
	  {
	    gimple *stmt = gsi_stmt (gsi);
	    if (!gimple_assign_single_p (stmt))
	      continue;
	    tree ops[2] = { gimple_assign_lhs (stmt),
			    gimple_assign_rhs1 (stmt) };
	    for (int k = 0; k < 2; k++)
	      if (VAR_P (ops[k]) && !is_gimple_reg (ops[k])
		  && gpu_decl_has_attr (ops[k], GPU_ATTR_REDUCE)
		  && !vars.contains (ops[k]))
		vars.safe_push (ops[k]);
	  }
      free (body);
      for (unsigned i = 0; i < vars.length (); i++)
	if (privatize_accumulator (fun, loop, vars[i]))
	  changed = true;
    }
  if (changed)
    {
      free_dominance_info (CDI_DOMINATORS);
      mark_virtual_operands_for_renaming (fun);
      update_ssa (TODO_update_ssa);
    }
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

/* Find the marked loops of FUN and describe each nest as a region.  */

unsigned int
pass_gpu_find::execute (function *fun)
{
  /* A new function: the table of the last one is done with.  */
  gpu_regions (fun);
  gpu_regions_release ();

  /* Cheap test first.  */
  if (!gpu_function_marked_p (fun))
    return 0;

  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  privatize_accumulators (fun);
  calculate_dominance_info (CDI_DOMINATORS);

  /* Outermost marked loops: no marked loop encloses them.  */
  auto_vec<class loop *> outers;
  for (auto loop : loops_list (fun, 0))
    {
      if (!gpu_marked_iv (loop))
	continue;
      bool nested = false;
      for (class loop *o = loop_outer (loop); o; o = loop_outer (o))
	if (gpu_marked_iv (o))
	  nested = true;
      if (!nested)
	outers.safe_push (loop);
      else if (!gpu_marked_iv (loop_outer (loop)) && gpu_opts.no_two_level)
	{
	  /* Marked loop inside a serial loop of a marked region: it runs
	     serially in the kernel.  */
	  if (dump_enabled_p ())
	    dump_printf_loc (MSG_NOTE, find_loop_location (loop),
			     "GPU_PARALLEL loop inside a serial loop of an "
			     "offloaded loop runs serially\n");
	}
    }

  /* Loads the loops repeat with the same result (a pointer kept in a
     global or a struct) are done once before them, before scalar
     evolution looks at the loops.  */
  gpu_hoist_invariant_loads (fun, &outers);
  scev_initialize ();

  for (unsigned j = 0; j < outers.length (); j++)
    {
      if (dump_file && (dump_flags & TDF_DETAILS))
	fprintf (dump_file, "marked loop %d\n", outers[j]->num);
      find_region (fun, outers[j], gpu_marked_iv (outers[j]));
    }

  scev_finalize ();
  loop_optimizer_finalize ();
  return 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_find (gcc::context *ctxt)
{
  return new pass_gpu_find (ctxt);
}
