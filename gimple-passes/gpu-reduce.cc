/* gpu-reduce.cc -- the gpu_reduce pass: recognise the GPU_REDUCE
   reductions of each region gpu_find made, and the host code of
   reductions that gpu_outline uses.

   A
   GPU_REDUCE variable that the region updates has a header PHI in every
   marked loop.  From the innermost one we follow every use of the
   accumulator through the body (the "chain") and accept only:
     - S OP E and E OP S (S - E) with OP one of + - * & | ^, MIN_EXPR,
       MAX_EXPR, fmin/fmax calls, E not depending on S;
     - copies and conversions that stay integer or stay floating;
     - merges (PHIs) of chain values: conditional updates;
     - selects: a PHI of S and E under the condition E < S (etc.): the
       ternary and if forms of min and max;
     - S && E and S || E, which the front end turns into a branch on S
       that selects the constants 0 and 1.
   Any other use of the accumulator in the region is an error: the kernel
   gives each work-item its own accumulator, so a read of it would see a
   partial value.

   Any other value a marked loop carries from one iteration to the next
   keeps the region on the host.  The kernel (oclemit/ocl-reduce.cc)
   combines the work-items' values per work-group; libgpurt combines the
   partials into a result slot, and the host code sets the accumulator to
   INIT OP RESULT.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-reduce.h"

/* Does NAME (an SSA name) belong to a GPU_REDUCE variable?  */

static bool
reduce_name_p (tree name)
{
  tree var = SSA_NAME_VAR (name);
  return var && gpu_decl_has_attr (var, GPU_ATTR_REDUCE);
}

/* The header PHI of LOOP for the variable VAR, or NULL.  */

static gphi *
header_phi (class loop *loop, tree var)
{
  for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (SSA_NAME_VAR (gimple_phi_result (gsi.phi ())) == var
	&& !virtual_operand_p (gimple_phi_result (gsi.phi ())))
      return gsi.phi ();
  return NULL;
}

/* T with plain SSA copies stripped.  */

static tree
strip_copies (tree t)
{
  for (int guard = 0; guard < 32 && TREE_CODE (t) == SSA_NAME; guard++)
    {
      gimple *def = SSA_NAME_DEF_STMT (t);
      if (!is_gimple_assign (def) || !gimple_assign_ssa_name_copy_p (def))
	break;
      t = gimple_assign_rhs1 (def);
    }
  return t;
}

/* Do A and B compute the same value?  Structural: the same operation on
   the same operands, loads of the same reference in the same memory
   state (the ternary form loads x[i] twice).  */

static bool
same_value_p (tree a, tree b, int depth)
{
  if (a == b)
    return true;
  if (depth > 12 || !a || !b)
    return false;
  if (TREE_CODE (a) != SSA_NAME || TREE_CODE (b) != SSA_NAME)
    {
      if (TREE_CODE (a) != TREE_CODE (b))
	return false;
      if (TREE_CODE (a) == SSA_NAME || CONSTANT_CLASS_P (a) || DECL_P (a))
	return operand_equal_p (a, b, 0);
      if (!REFERENCE_CLASS_P (a) && TREE_CODE (a) != ADDR_EXPR)
	return false;
      if (!types_compatible_p (TREE_TYPE (a), TREE_TYPE (b)))
	return false;
      for (int i = 0; i < TREE_OPERAND_LENGTH (a); i++)
	if (!same_value_p (TREE_OPERAND (a, i), TREE_OPERAND (b, i),
			   depth + 1)
	    && (TREE_OPERAND (a, i) || TREE_OPERAND (b, i)))
	  return false;
      return true;
    }
  a = strip_copies (a);
  b = strip_copies (b);
  if (a == b)
    return true;
  if (TREE_CODE (a) != SSA_NAME || TREE_CODE (b) != SSA_NAME)
    return same_value_p (a, b, depth + 1);
  gimple *da = SSA_NAME_DEF_STMT (a), *db = SSA_NAME_DEF_STMT (b);
  if (!is_gimple_assign (da) || !is_gimple_assign (db)
      || gimple_assign_rhs_code (da) != gimple_assign_rhs_code (db)
      || !types_compatible_p (TREE_TYPE (a), TREE_TYPE (b))
      || gimple_num_ops (da) != gimple_num_ops (db)
      || gimple_vuse (da) != gimple_vuse (db)
      || gimple_has_volatile_ops (da))
    return false;
  for (unsigned i = 1; i < gimple_num_ops (da); i++)
    if (!same_value_p (gimple_op (da, i), gimple_op (db, i), depth + 1))
      return false;
  return true;
}

/* Report the misuse of reduction accumulator VAR at LOC: an error, and
   R's failure so that gpu_find reports the loop as not offloaded.  */

static bool
misuse (struct gpu_region *r, location_t loc, tree var, const char *why)
{
  if (loc == UNKNOWN_LOCATION)
    loc = DECL_SOURCE_LOCATION (var);
  error_at (loc, "%<GPU_REDUCE%> accumulator %qD: %s", var, why);
  gpu_dump_reason ("FAILED", loc, why);
  gpu_region_fail (r, loc, "misused GPU_REDUCE accumulator %qs",
		   IDENTIFIER_POINTER (DECL_NAME (var)));
  return false;
}

/* State of the analysis of one accumulator.  */
struct chain
{
  struct gpu_region *r;
  tree var;
  tree type;
  hash_set<tree> *members;
  auto_vec<gimple *> ops;	/* Operator statements.  */
  auto_vec<gphi *> phis;	/* Merges and selects.  */
  auto_vec<gcond *> conds;	/* Conditions on the accumulator.  */
  hash_set<tree> *truths;	/* Members that are S != 0, as 0 or 1.  */
  auto_vec<gimple *> nes;	/* The S != 0 statements.  */
  enum gpu_red_op op;
  bool converted;		/* Some conversion on the chain.  */
};

/* Set the operator of C to OP (seen at STMT).  */

static bool
set_op (struct chain *c, enum gpu_red_op op, gimple *stmt)
{
  if (c->op == GPU_RED_NONE || c->op == op)
    {
      c->op = op;
      return true;
    }
  char buf[160];
  snprintf (buf, sizeof buf, "updated with two different operators "
	    "(%s and %s)", gpu_red_op_symbol (c->op), gpu_red_op_symbol (op));
  return misuse (c->r, gimple_location (stmt), c->var, buf);
}

/* Does the value E, combined by min or max with the accumulator of C,
   keep within the accumulator's type (so that the conversions on the
   chain do not change the result)?  */

static bool
fits_p (struct chain *c, tree e)
{
  if (!c->converted)
    return true;
  tree t = TREE_TYPE (e);
  while (TREE_CODE (e) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (e);
      if (!is_gimple_assign (def)
	  || !(CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def))
	       || gimple_assign_rhs_code (def) == SSA_NAME))
	break;
      tree from = TREE_TYPE (gimple_assign_rhs1 (def));
      if (TREE_CODE (from) != TREE_CODE (t)
	  || TYPE_PRECISION (from) > TYPE_PRECISION (t))
	break;
      e = gimple_assign_rhs1 (def);
      t = from;
    }
  if (TREE_CODE (t) != TREE_CODE (c->type))
    return false;
  if (TYPE_PRECISION (t) > TYPE_PRECISION (c->type))
    return false;
  if (INTEGRAL_TYPE_P (t) && TYPE_UNSIGNED (t) != TYPE_UNSIGNED (c->type)
      && !(TYPE_UNSIGNED (t) && TYPE_PRECISION (t) < TYPE_PRECISION (c->type)))
    return false;
  return true;
}

/* The operator of the binary tree code CODE, or NONE.  */

static enum gpu_red_op
code_op (enum tree_code code)
{
  switch (code)
    {
    case PLUS_EXPR:
    case MINUS_EXPR:
      return GPU_RED_ADD;
    case MULT_EXPR:
      return GPU_RED_MUL;
    case BIT_AND_EXPR:
      return GPU_RED_AND;
    case BIT_IOR_EXPR:
      return GPU_RED_OR;
    case BIT_XOR_EXPR:
      return GPU_RED_XOR;
    case MIN_EXPR:
      return GPU_RED_MIN;
    case MAX_EXPR:
      return GPU_RED_MAX;
    default:
      return GPU_RED_NONE;
    }
}

/* fmin/fmax and their float forms.  */

static enum gpu_red_op
call_op (gimple *stmt)
{
  if (!gimple_call_builtin_p (stmt, BUILT_IN_NORMAL))
    return GPU_RED_NONE;
  switch (DECL_FUNCTION_CODE (gimple_call_fndecl (stmt)))
    {
    case BUILT_IN_FMIN:
    case BUILT_IN_FMINF:
      return GPU_RED_FMIN;
    case BUILT_IN_FMAX:
    case BUILT_IN_FMAXF:
      return GPU_RED_FMAX;
    default:
      return GPU_RED_NONE;
    }
}

/* Does TYPE hold only 0 and 1 (the type of a comparison)?  */

static bool
truth_type_p (tree type)
{
  return (TREE_CODE (type) == BOOLEAN_TYPE
	  || (INTEGRAL_TYPE_P (type) && TYPE_UNSIGNED (type)
	      && TYPE_PRECISION (type) == 1));
}

/* Report that the reduction of VAR in R is valid code the plugin does
   not handle: R stays a host loop, with WHY in the remark (no error: the
   marker is used as documented).  */

static bool
unsupported (struct gpu_region *r, location_t loc, tree var, const char *why)
{
  if (loc == UNKNOWN_LOCATION)
    loc = DECL_SOURCE_LOCATION (var);
  gpu_dump_reason ("FAILED", loc, why);
  gpu_region_fail (r, loc, "GPU_REDUCE accumulator %qs is %s",
		   IDENTIFIER_POINTER (DECL_NAME (var)), why);
  return false;
}

/* Add the users of T (a chain member) of loop L0 to C.  */

static bool
follow_uses (struct chain *c, tree t, class loop *l0, gphi *phi0,
	     auto_vec<tree> *work)
{
  imm_use_iterator it;
  gimple *use;
  bool ok = true;
  FOR_EACH_IMM_USE_STMT (use, it, t)
    {
      if (!ok || is_gimple_debug (use))
	continue;
      basic_block bb = gimple_bb (use);
      if (!flow_bb_inside_loop_p (c->r->outer, bb))
	continue;
      if (use == phi0)
	continue;
      if (!flow_bb_inside_loop_p (l0, bb))
	{
	  /* Only the header PHI of the enclosing marked loop takes the
	     innermost accumulator, as its latch value (checked by the
	     caller).  */
	  if (c->r->ndim > 1 && gimple_code (use) == GIMPLE_PHI
	      && bb == c->r->dims[1].loop->header
	      && t == gimple_phi_result (phi0))
	    continue;
	  ok = misuse (c->r, gimple_location (use), c->var,
		       "used outside the innermost GPU_PARALLEL loop; "
		       "a reduction may only be updated there");
	  continue;
	}
      tree lhs = NULL_TREE;
      if (gphi *p = dyn_cast<gphi *> (use))
	{
	  lhs = gimple_phi_result (p);
	  if (!c->members->contains (lhs))
	    c->phis.safe_push (p);
	}
      else if (gcond *cg = dyn_cast<gcond *> (use))
	{
	  c->conds.safe_push (cg);
	  continue;
	}
      else if (is_gimple_assign (use))
	{
	  enum tree_code code = gimple_assign_rhs_code (use);
	  lhs = gimple_assign_lhs (use);
	  if (TREE_CODE (lhs) != SSA_NAME)
	    {
	      ok = misuse (c->r, gimple_location (use), c->var,
			   "read here for something other than its update "
			   "(stored to memory)");
	      continue;
	    }
	  if (code == SSA_NAME || CONVERT_EXPR_CODE_P (code)
	      || (code == FLOAT_EXPR && c->truths->contains (t)))
	    {
	      tree to = TREE_TYPE (lhs);
	      tree from = TREE_TYPE (gimple_assign_rhs1 (use));
	      bool ints = INTEGRAL_TYPE_P (to) && INTEGRAL_TYPE_P (from);
	      bool flts = SCALAR_FLOAT_TYPE_P (to) && SCALAR_FLOAT_TYPE_P (from);
	      /* A truth value back in a floating accumulator.  */
	      bool tf = (code == FLOAT_EXPR && c->truths->contains (t)
			 && SCALAR_FLOAT_TYPE_P (to));
	      if (!ints && !flts && !tf)
		{
		  ok = misuse (c->r, gimple_location (use), c->var,
			       "converted between integer and floating "
			       "point in its update");
		  continue;
		}
	      if (code != SSA_NAME && !types_compatible_p (to, from))
		c->converted = true;
	      if (c->truths->contains (t))
		c->truths->add (lhs);
	    }
	  else if (code == NE_EXPR && gimple_assign_rhs1 (use) == t
		   && zerop (gimple_assign_rhs2 (use))
		   && truth_type_p (TREE_TYPE (lhs)))
	    {
	      /* S != 0: the start of S && E or S || E evaluated without
		 branches, (S != 0) & (E != 0), or all of S && 1; or the end
		 of S || E as (S | E) != 0.  */
	      c->truths->add (lhs);
	      c->nes.safe_push (use);
	    }
	  else if ((code == BIT_AND_EXPR || code == BIT_IOR_EXPR)
		   && c->truths->contains (t)
		   && truth_type_p (TREE_TYPE (lhs))
		   && truth_type_p (TREE_TYPE (gimple_assign_rhs1 (use)))
		   && truth_type_p (TREE_TYPE (gimple_assign_rhs2 (use))))
	    {
	      /* (S != 0) & (E != 0) and (S != 0) | (E != 0): && and ||.  */
	      c->ops.safe_push (use);
	      c->truths->add (lhs);
	      if (!set_op (c, code == BIT_AND_EXPR ? GPU_RED_LAND
			   : GPU_RED_LOR, use))
		{
		  ok = false;
		  continue;
		}
	    }
	  else if (code_op (code) != GPU_RED_NONE
		   && gimple_num_ops (use) == 3)
	    {
	      if (code == MINUS_EXPR && gimple_assign_rhs1 (use) != t)
		{
		  ok = misuse (c->r, gimple_location (use), c->var,
			       "subtracted from another value; only "
			       "'s = s - expr' is a reduction");
		  continue;
		}
	      c->ops.safe_push (use);
	      if (!set_op (c, code_op (code), use))
		{
		  ok = false;
		  continue;
		}
	    }
	  else
	    {
	      ok = misuse (c->r, gimple_location (use), c->var,
			   "read here for something other than its update "
			   "(a reduction may only combine the accumulator "
			   "with values that do not depend on it, using one "
			   "of + - * & | ^ && || min max)");
	      continue;
	    }
	}
      else if (is_gimple_call (use) && call_op (use) != GPU_RED_NONE
	       && gimple_call_lhs (use)
	       && TREE_CODE (gimple_call_lhs (use)) == SSA_NAME)
	{
	  lhs = gimple_call_lhs (use);
	  c->ops.safe_push (use);
	  if (!set_op (c, call_op (use), use))
	    {
	      ok = false;
	      continue;
	    }
	}
      else
	{
	  ok = misuse (c->r, gimple_location (use), c->var,
		       "read here for something other than its update "
		       "(a reduction may only combine the accumulator with "
		       "values that do not depend on it)");
	  continue;
	}
      if (!c->members->add (lhs))
	work->safe_push (lhs);
    }
  return ok;
}

/* The edge out of the condition block D through which control reaches
   the PHI argument edge E (E leaves D, or a block whose only
   predecessor is D).  */

static edge
edge_from (basic_block d, edge e)
{
  if (e->src == d)
    return e;
  if (single_pred_p (e->src) && single_pred (e->src) == d)
    return single_pred_edge (e->src);
  return NULL;
}

/* The integer constant T is, through a copy of one, or NULL.  */

static tree
const_of (tree t)
{
  if (TREE_CODE (t) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (t);
      if (is_gimple_assign (def) && gimple_assign_single_p (def))
	t = gimple_assign_rhs1 (def);
    }
  return TREE_CODE (t) == INTEGER_CST ? t : NULL_TREE;
}

/* Is T (through copies and conversions) a PHI of the constants 0 and 1:
   the value of an && or || expression?  */

static bool
truth_phi_p (tree t)
{
  while (TREE_CODE (t) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (t);
      if (gphi *p = dyn_cast<gphi *> (def))
	{
	  for (unsigned i = 0; i < gimple_phi_num_args (p); i++)
	    {
	      tree a = const_of (PHI_ARG_DEF (p, i));
	      if (!a || !(integer_zerop (a) || integer_onep (a)))
		return false;
	    }
	  return true;
	}
      if (!is_gimple_assign (def)
	  || !(gimple_assign_rhs_code (def) == SSA_NAME
	       || gimple_assign_rhs_code (def) == FLOAT_EXPR
	       || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def))))
	return false;
      t = gimple_assign_rhs1 (def);
    }
  return false;
}

/* The block whose condition decides whether control takes the edge E
   (E leaves it, or E leaves a block whose only predecessor it is), or
   NULL.  */

static basic_block
deciding_block (edge e)
{
  if (safe_dyn_cast<gcond *> (last_stmt (e->src)))
    return e->src;
  if (single_pred_p (e->src)
      && safe_dyn_cast<gcond *> (last_stmt (single_pred (e->src))))
    return single_pred (e->src);
  return NULL;
}

/* Classify the select PHI P of C (some arguments chain members, one
   not): min or max under its controlling condition, which is then marked
   used in *MATCHED.  The argument E outside the chain must come through
   the edge on which E < S (etc.) holds; every other argument is that
   same S, however many paths bring it: 'if (e < s) s = e;' on its own,
   under a further condition ('if (c && e < s)', 'if (c) if (e < s)') or
   in one case of a switch.  */

static bool
check_select (struct chain *c, gphi *p, hash_set<gimple *> *matched)
{
  location_t loc = gimple_location (p);
  const char *bad = "assigned a value that is not a combination with its "
    "old value (min and max need the form 's = e < s ? e : s' or "
    "'if (e < s) s = e;')";
  int ei = -1;
  tree cv = NULL_TREE;
  for (unsigned k = 0; k < gimple_phi_num_args (p); k++)
    {
      tree a = PHI_ARG_DEF (p, k);
      if (!c->members->contains (a))
	{
	  if (ei >= 0)
	    return misuse (c->r, loc, c->var, bad);
	  ei = k;
	}
      else if (!cv)
	cv = a;
      else if (strip_copies (a) != strip_copies (cv))
	return misuse (c->r, loc, c->var, bad);
    }
  if (ei < 0 || !cv)
    return misuse (c->r, loc, c->var, bad);
  tree ev = PHI_ARG_DEF (p, ei);
  edge pe = gimple_phi_arg_edge (p, ei);
  basic_block d = deciding_block (pe);
  gcond *cond = d ? as_a<gcond *> (last_stmt (d)) : NULL;
  edge ee = d ? edge_from (d, pe) : NULL;
  enum tree_code code = ERROR_MARK;
  if (cond && ee)
    {
      code = gimple_cond_code (cond);
      tree lhs = gimple_cond_lhs (cond), rhs = gimple_cond_rhs (cond);
      tree croot = strip_copies (cv);
      if (strip_copies (rhs) == croot && same_value_p (lhs, ev, 0))
	;
      else if (strip_copies (lhs) == croot && same_value_p (rhs, ev, 0))
	code = swap_tree_comparison (code);
      else
	code = ERROR_MARK;
    }
  if (code == ERROR_MARK)
    {
      /* S = S && E under a condition: the value of S && E is a PHI of 0
	 and 1 merged with S.  Valid C the recognizer does not take.  */
      if (truth_phi_p (ev))
	return unsupported (c->r, loc, c->var, "updated by && or || under "
			    "a condition (the loop stays on the host; "
			    "'s = s && (!c || e)' can be offloaded)");
      return misuse (c->r, loc, c->var, bad);
    }
  /* The condition's other edge brings S itself to P: S is the value the
     accumulator has at the condition, so E replaces exactly the S it was
     compared with.  */
  edge ec = EDGE_SUCC (d, 0) == ee ? EDGE_SUCC (d, 1) : EDGE_SUCC (d, 0);
  basic_block pb = gimple_bb (p);
  tree carried = NULL_TREE;
  if (ec->dest == pb)
    carried = PHI_ARG_DEF_FROM_EDGE (p, ec);
  else if (single_pred_p (ec->dest) && single_succ_p (ec->dest)
	   && single_succ (ec->dest) == pb)
    carried = PHI_ARG_DEF_FROM_EDGE (p, single_succ_edge (ec->dest));
  if (!carried || strip_copies (carried) != strip_copies (cv))
    return misuse (c->r, loc, c->var, bad);
  /* Now the condition reads E CODE S.  */
  bool e_on_true = (ee->flags & EDGE_TRUE_VALUE) != 0;
  enum gpu_red_op op;
  if (code == LT_EXPR || code == LE_EXPR)
    op = e_on_true ? GPU_RED_MIN : GPU_RED_MAX;
  else if (code == GT_EXPR || code == GE_EXPR)
    op = e_on_true ? GPU_RED_MAX : GPU_RED_MIN;
  else
    return misuse (c->r, loc, c->var, bad);
  if (!fits_p (c, ev))
    return misuse (c->r, loc, c->var, "combined by min or max with a value "
		   "of a wider type");
  matched->add (cond);
  return set_op (c, op, p);
}

/* The logical forms: S = S && E and S = S || E.  The front end branches
   on S != 0 and selects the constants 0 and 1; S has no other use.
   LATCH is the value S has at the end of the iteration.  Returns the
   operator, or NONE.  */

/* T with integer-to-integer (or floating) conversions and copies
   stripped.  */

static tree
peel_conversions (tree t)
{
  while (TREE_CODE (t) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (t);
      if (is_gimple_assign (def)
	  && (gimple_assign_rhs_code (def) == SSA_NAME
	      || gimple_assign_rhs_code (def) == FLOAT_EXPR
	      || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def)))
	  && INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (def))))
	t = gimple_assign_rhs1 (def);
      else
	break;
    }
  return t;
}

/* Is the initial value INIT of an accumulator the constant 0 or 1 (not
   -0.0), which && and || leave as they are?  */

static bool
truth_init_p (tree init)
{
  if (TREE_CODE (init) == SSA_NAME
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (init)))
    init = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (init));
  if (TREE_CODE (init) == INTEGER_CST)
    return integer_zerop (init) || integer_onep (init);
  if (TREE_CODE (init) == REAL_CST)
    return ((real_zerop (init)
	     && !REAL_VALUE_NEGATIVE (TREE_REAL_CST (init)))
	    || real_onep (init));
  return false;
}

static enum gpu_red_op
logical_op (struct chain *c, tree latch, gphi **merge)
{
  *merge = NULL;
  if (c->conds.length () != 1 || c->phis.length () > 1)
    return GPU_RED_NONE;
  /* Only the branch-free && and || may come before the branch (GCC
     evaluates 's && e && f' as '((s != 0) & (e != 0)) && f').  */
  for (unsigned i = 0; i < c->ops.length (); i++)
    if (!is_gimple_assign (c->ops[i])
	|| !c->truths->contains (gimple_assign_lhs (c->ops[i])))
      return GPU_RED_NONE;
  tree v = peel_conversions (latch);
  gphi *mm = NULL;
  if (c->phis.length () == 1)
    {
      /* Under a condition: the merge of S (skipped) and S && E.  */
      gphi *m = c->phis[0];
      if (TREE_CODE (v) != SSA_NAME || SSA_NAME_DEF_STMT (v) != m)
	return GPU_RED_NONE;
      tree other = NULL_TREE, cv = NULL_TREE;
      for (unsigned i = 0; i < gimple_phi_num_args (m); i++)
	{
	  tree a = PHI_ARG_DEF (m, i);
	  if (c->members->contains (a))
	    {
	      if (cv && strip_copies (a) != strip_copies (cv))
		return GPU_RED_NONE;
	      cv = a;
	    }
	  else if (other && other != a)
	    return GPU_RED_NONE;
	  else
	    other = a;
	}
      if (!other || !cv)
	return GPU_RED_NONE;
      v = peel_conversions (other);
      mm = m;
    }
  if (TREE_CODE (v) != SSA_NAME)
    return GPU_RED_NONE;
  gphi *j = dyn_cast<gphi *> (SSA_NAME_DEF_STMT (v));
  if (!j)
    return GPU_RED_NONE;
  for (unsigned i = 0; i < gimple_phi_num_args (j); i++)
    {
      tree a = const_of (PHI_ARG_DEF (j, i));
      if (!a || !(integer_zerop (a) || integer_onep (a)))
	return GPU_RED_NONE;
    }
  gcond *cond = c->conds[0];
  basic_block d = gimple_bb (cond);
  if (!zerop (gimple_cond_rhs (cond))
      || (gimple_cond_code (cond) != NE_EXPR
	  && gimple_cond_code (cond) != EQ_EXPR)
      || !c->members->contains (gimple_cond_lhs (cond))
      || !dominated_by_p (CDI_DOMINATORS, gimple_bb (j), d))
    return GPU_RED_NONE;
  edge te, fe;
  extract_true_false_edges_from_block (d, &te, &fe);
  edge zero = gimple_cond_code (cond) == NE_EXPR ? fe : te;
  edge nonzero = zero == te ? fe : te;
  /* The value on the way from edge E to J, or NULL.  */
  tree vals[2] = { NULL_TREE, NULL_TREE };
  edge es[2] = { zero, nonzero };
  for (int k = 0; k < 2; k++)
    {
      edge e = es[k];
      if (e->dest != gimple_bb (j))
	{
	  /* A block that only passes a constant on to J.  */
	  if (!single_succ_p (e->dest) || single_succ (e->dest) != gimple_bb (j))
	    continue;
	  e = single_succ_edge (e->dest);
	}
      vals[k] = const_of (PHI_ARG_DEF_FROM_EDGE (j, e));
    }
  *merge = mm;
  if (vals[0] && integer_zerop (vals[0]))
    return GPU_RED_LAND;
  if (vals[1] && integer_onep (vals[1]))
    return GPU_RED_LOR;
  *merge = NULL;
  return GPU_RED_NONE;
}

/* Is the statement STMT, an | of C, one step of S || E evaluated
   without branches as (S | E | ...) != 0: its result goes only to
   another such | or to an != 0 test of C?  */

static bool
or_then_test_p (struct chain *c, gimple *stmt)
{
  if (!is_gimple_assign (stmt) || gimple_assign_rhs_code (stmt) != BIT_IOR_EXPR)
    return false;
  tree lhs = gimple_assign_lhs (stmt);
  use_operand_p use_p;
  gimple *use;
  if (!single_imm_use (lhs, &use_p, &use))
    return false;
  if (c->nes.contains (use))
    return true;
  return c->ops.contains (use) && or_then_test_p (c, use);
}

/* Check the != 0 tests of C's chain (the branch-free && and ||), and
   settle its operator: | whose result is tested against 0 is ||.  LOC
   is the accumulator's.  */

static bool
check_truths (struct chain *c, location_t loc, tree init)
{
  bool ored = false;
  for (unsigned i = 0; i < c->nes.length (); i++)
    {
      tree t = gimple_assign_rhs1 (c->nes[i]);
      gimple *def = SSA_NAME_DEF_STMT (strip_copies (t));
      if (is_gimple_assign (def) && c->ops.contains (def)
	  && !c->truths->contains (gimple_assign_lhs (def)))
	{
	  if (gimple_assign_rhs_code (def) == BIT_IOR_EXPR)
	    ored = true;
	  else
	    /* (S + E) != 0 and the like: no reduction.  */
	    return misuse (c->r, gimple_location (c->nes[i]), c->var,
			   "tested here; a reduction may not read its "
			   "accumulator other than in its update");
	}
    }
  if (ored)
    {
      for (unsigned i = 0; i < c->ops.length (); i++)
	if (!c->truths->contains (gimple_get_lhs (c->ops[i]))
	    && !or_then_test_p (c, c->ops[i]))
	  return unsupported (c->r, loc, c->var, "updated by both | and "
			      "|| (or by || in a form not recognized)");
      c->op = GPU_RED_LOR;
    }
  if (!c->nes.is_empty () && c->op != GPU_RED_LAND && c->op != GPU_RED_LOR)
    /* The value tested against 0 goes on as 0 or 1, which no other
       operator gives.  */
    return unsupported (c->r, loc, c->var, "tested against 0 and "
			"combined by an operator other than && or ||");
  if ((c->op == GPU_RED_LAND || c->op == GPU_RED_LOR)
      && !c->phis.is_empty () && !truth_init_p (init))
    /* A conditional S = S && E leaves S as it was where it is skipped:
       from 0 or 1 that is what the && reduction gives (INIT && RESULT,
       RESULT 1 when no update ran), from another value (5) it is not.  */
    return unsupported (c->r, loc, c->var, "updated by && or || under a "
			"condition or in an inner loop, starting from a "
			"value other than the constants 0 and 1 (the loop "
			"stays on the host; start from 0 or 1, or write "
			"'s = s && (!c || e)')");
  return true;
}

/* Analyse the reduction of variable VAR in R; fills RED.  */

static bool
analyze_one (struct gpu_region *r, tree var, struct gpu_reduction *red)
{
  memset (red, 0, sizeof *red);
  red->var = var;
  red->type = TREE_TYPE (var);
  red->loc = DECL_SOURCE_LOCATION (var);
  if (!gpu_type_code (red->type))
    {
      gpu_region_fail (r, red->loc, "GPU_REDUCE accumulator %qs has a type "
		       "the device cannot reduce (integer of 8 to 64 bits, "
		       "float or double are supported)",
		       IDENTIFIER_POINTER (DECL_NAME (var)));
      return false;
    }
  for (int k = 0; k < r->ndim; k++)
    {
      gphi *p = header_phi (r->dims[k].loop, var);
      if (!p)
	return misuse (r, find_loop_location (r->dims[k].loop)
		       .get_location_t (), var,
		       "updated outside the innermost GPU_PARALLEL loop; a "
		       "reduction may only be updated there");
      red->phis[k] = gimple_phi_result (p);
    }
  for (int k = 1; k < r->ndim; k++)
    {
      gphi *outer = as_a<gphi *> (SSA_NAME_DEF_STMT (red->phis[k]));
      gphi *inner = as_a<gphi *> (SSA_NAME_DEF_STMT (red->phis[k - 1]));
      class loop *ol = r->dims[k].loop, *il = r->dims[k - 1].loop;
      if (PHI_ARG_DEF_FROM_EDGE (inner, loop_preheader_edge (il))
	  != red->phis[k]
	  || PHI_ARG_DEF_FROM_EDGE (outer, loop_latch_edge (ol))
	  != red->phis[k - 1])
	return misuse (r, find_loop_location (ol).get_location_t (), var,
		       "updated outside the innermost GPU_PARALLEL loop; a "
		       "reduction may only be updated there");
      /* The outer value has no other use inside the region.  */
      imm_use_iterator it;
      gimple *use;
      bool ok = true;
      gimple *up = k + 1 < r->ndim ? SSA_NAME_DEF_STMT (red->phis[k + 1])
	: NULL;
      FOR_EACH_IMM_USE_STMT (use, it, red->phis[k])
	if (!is_gimple_debug (use) && use != inner && use != up
	    && flow_bb_inside_loop_p (r->outer, gimple_bb (use)))
	  ok = false;
      if (!ok)
	return misuse (r, find_loop_location (ol).get_location_t (), var,
		       "read outside the innermost GPU_PARALLEL loop");
    }
  gphi *top = as_a<gphi *> (SSA_NAME_DEF_STMT (red->phis[r->ndim - 1]));
  red->init = PHI_ARG_DEF_FROM_EDGE (top, loop_preheader_edge (r->outer));

  class loop *l0 = r->dims[0].loop;
  gphi *phi0 = as_a<gphi *> (SSA_NAME_DEF_STMT (red->phis[0]));
  tree latch = PHI_ARG_DEF_FROM_EDGE (phi0, loop_latch_edge (l0));
  struct chain c;
  c.r = r;
  c.var = var;
  c.type = red->type;
  c.members = new hash_set<tree>;
  c.truths = new hash_set<tree>;
  c.op = GPU_RED_NONE;
  c.converted = false;
  auto_vec<tree> work;
  c.members->add (red->phis[0]);
  work.safe_push (red->phis[0]);
  bool ok = true;
  while (ok && !work.is_empty ())
    ok = follow_uses (&c, work.pop (), l0, phi0, &work);
  hash_set<gimple *> matched;
  gphi *lmerge = NULL;
  if (ok)
    {
      enum gpu_red_op lop = logical_op (&c, latch, &lmerge);
      if (lop != GPU_RED_NONE)
	{
	  if (c.op != GPU_RED_NONE && c.op != lop)
	    ok = set_op (&c, lop, c.conds[0]);
	  c.op = lop;
	  matched.add (c.conds[0]);
	}
      else if (c.op == GPU_RED_NONE && c.ops.is_empty ()
	       && c.phis.is_empty () && c.conds.is_empty ()
	       && c.truths->contains (latch))
	/* S && 1 folded to S != 0 (or S || 0): an && reduction whose
	   operand is always true.  */
	c.op = GPU_RED_LAND;
      else if (TREE_CODE (latch) != SSA_NAME
	       || !c.members->contains (latch))
	{
	  /* The update folded to a value that does not depend on the
	     accumulator (S && 0, S || 1, S * 0): valid code, but nothing
	     to reduce.  */
	  if (CONSTANT_CLASS_P (latch)
	      || (TREE_CODE (latch) == SSA_NAME
		  && gimple_assign_single_p (SSA_NAME_DEF_STMT (latch))
		  && CONSTANT_CLASS_P (gimple_assign_rhs1
				       (SSA_NAME_DEF_STMT (latch)))))
	    ok = unsupported (r, red->loc, var, "set to a constant by "
			      "its update once folded (such as 's = s && 0')");
	  else
	    ok = misuse (r, red->loc, var, "no recognizable update in the "
			 "loop (use 's OP= e' with one of + - * & | ^, "
			 "'s = s && e', 's = s || e', or min/max as a "
			 "ternary or with fmin/fmax)");
	}
      else if (c.members->contains (latch) && c.ops.is_empty ()
	       && c.phis.is_empty () && c.conds.is_empty ())
	{
	  /* The loop leaves the accumulator as it is: its updates folded
	     away (s *= 1.0, s += 0 * x).  Valid code the reduction
	     machinery has nothing to do for: a remark and the host loop.  */
	  gpu_dump_reason ("FAILED", red->loc, "the loop does not change the "
			   "accumulator");
	  gpu_region_fail (r, red->loc, "the updates of GPU_REDUCE "
			   "accumulator %qs fold away (the loop leaves it "
			   "unchanged)", IDENTIFIER_POINTER (DECL_NAME (var)));
	  ok = false;
	}
      else if (!c.members->contains (latch) || latch == red->phis[0])
	ok = misuse (r, red->loc, var, "no recognizable update in the loop "
		     "(use 's OP= e' with one of + - * & | ^, "
		     "'s = s && e', 's = s || e', or min/max as a ternary "
		     "or with fmin/fmax)");
    }
  if (ok)
    ok = check_truths (&c, red->loc, red->init);
  /* Each operator statement combines one chain value with one value
     outside the chain.  */
  for (unsigned i = 0; ok && i < c.ops.length (); i++)
    {
      gimple *s = c.ops[i];
      tree a = is_gimple_call (s) ? gimple_call_arg (s, 0)
	: gimple_assign_rhs1 (s);
      tree b = is_gimple_call (s) ? gimple_call_arg (s, 1)
	: gimple_assign_rhs2 (s);
      bool ia = c.members->contains (a), ib = c.members->contains (b);
      if (ia && ib)
	ok = misuse (r, gimple_location (s), var, "combined with itself");
      else if ((c.op == GPU_RED_MIN || c.op == GPU_RED_MAX
		|| c.op == GPU_RED_FMIN || c.op == GPU_RED_FMAX)
	       && !fits_p (&c, ia ? b : a))
	ok = misuse (r, gimple_location (s), var, "combined by min or max "
		     "with a value of a wider type");
    }
  for (unsigned i = 0; ok && i < c.phis.length (); i++)
    {
      gphi *p = c.phis[i];
      bool all = true;
      for (unsigned k = 0; k < gimple_phi_num_args (p); k++)
	if (!c.members->contains (PHI_ARG_DEF (p, k)))
	  all = false;
      if (!all && p != lmerge)
	ok = check_select (&c, p, &matched);
    }
  for (unsigned i = 0; ok && i < c.conds.length (); i++)
    if (!matched.contains (c.conds[i]))
      ok = misuse (r, gimple_location (c.conds[i]), var,
		   "tested here; a reduction may not read its accumulator "
		   "other than in its update");
  if (ok && c.op == GPU_RED_NONE)
    ok = misuse (r, red->loc, var, "no recognizable update in the loop");
  if (ok && gpu_red_op_int_only (c.op) && !INTEGRAL_TYPE_P (red->type))
    ok = misuse (r, red->loc, var, "bitwise operator on a floating type");
  delete c.members;
  delete c.truths;
  if (!ok)
    return false;
  red->op = c.op;
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      fprintf (dump_file, "reduction %s: op %s, type %s, init ",
	       IDENTIFIER_POINTER (DECL_NAME (var)), gpu_red_op_name (red->op),
	       gpu_red_type_name (gpu_type_code (red->type)));
      print_generic_expr (dump_file, red->init);
      fprintf (dump_file, "\n");
    }
  return true;
}

/* Walker: a GPU_REDUCE variable that lives in memory.  */

static tree
memory_accumulator_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (VAR_P (t) && gpu_decl_has_attr (t, GPU_ATTR_REDUCE)
      && !is_gimple_reg (t))
    return t;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Find the reductions of region R (its dims set up).  Returns false when
   a reduction is misused (an error was given) or cannot be offloaded
   (R->fail set).  Adds one GPU_CAP_REDUCE parameter per reduction.  */

static bool
gpu_reduce_analyze (struct gpu_region *r)
{
  /* An accumulator in memory (address taken, static, global) would be
     shared by all work-items.  */
  basic_block *body = get_loop_body (r->outer);
  bool ok = true;
  for (unsigned i = 0; ok && i < r->outer->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	 ok && !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (is_gimple_debug (stmt))
	  continue;
	for (unsigned k = 0; ok && k < gimple_num_ops (stmt); k++)
	  {
	    tree op = gimple_op (stmt, k);
	    if (!op)
	      continue;
	    tree v = walk_tree (&op, memory_accumulator_r, NULL, NULL);
	    if (v)
	      {
		error_at (gimple_location (stmt), "%<GPU_REDUCE%> "
			  "accumulator %qD must be a local variable whose "
			  "address is not taken before or in the loop (a "
			  "pointer to it could reach it there; after the loop "
			  "is fine)", v);
		gpu_region_fail (r, gimple_location (stmt),
				 "misused GPU_REDUCE accumulator");
		ok = false;
	      }
	  }
      }
  free (body);
  if (!ok)
    return false;

  /* An accumulator declared inside the nest has header PHIs only in the
     inner marked loops.  */
  for (int k = 0; k < r->ndim - 1; k++)
    for (gphi_iterator gsi = gsi_start_phis (r->dims[k].loop->header);
	 !gsi_end_p (gsi); gsi_next (&gsi))
      {
	tree res = gimple_phi_result (gsi.phi ());
	if (!virtual_operand_p (res) && reduce_name_p (res)
	    && !header_phi (r->dims[r->ndim - 1].loop, SSA_NAME_VAR (res))
	    && gpu_opts.no_two_level)
	  {
	    /* Valid code (a reduction per outer iteration, gpu_twolevel's),
	       that the user switched off.  */
	    location_t loc = DECL_SOURCE_LOCATION (SSA_NAME_VAR (res));
	    gpu_dump_reason ("FAILED", loc, "reduction per outer iteration "
			     "without two levels");
	    gpu_region_fail (r, loc, "GPU_REDUCE accumulator %qs is reduced "
			     "per outer iteration, which needs two levels of "
			     "parallelism (%<-fplugin-arg-gpuoffload-no-two-"
			     "level%> is given)",
			     IDENTIFIER_POINTER (DECL_NAME (SSA_NAME_VAR (res))));
	    return false;
	  }
	else if (!virtual_operand_p (res) && reduce_name_p (res)
		 && !header_phi (r->dims[r->ndim - 1].loop,
				 SSA_NAME_VAR (res)))
	  return misuse (r, DECL_SOURCE_LOCATION (SSA_NAME_VAR (res)),
			 SSA_NAME_VAR (res), "declared inside the "
			 "GPU_PARALLEL nest; declare it before the outermost "
			 "GPU_PARALLEL loop");
      }

  class loop *top = r->dims[r->ndim - 1].loop;
  for (gphi_iterator gsi = gsi_start_phis (top->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      tree res = gimple_phi_result (gsi.phi ());
      if (virtual_operand_p (res) || !reduce_name_p (res))
	continue;
      struct gpu_reduction red;
      if (!analyze_one (r, SSA_NAME_VAR (res), &red))
	return false;
      red.cap = r->caps.length ();
      struct gpu_capture c;
      memset (&c, 0, sizeof c);
      c.value = red.var;
      c.kind = GPU_CAP_REDUCE;
      c.type = red.type;
      r->caps.safe_push (c);
      r->reds.safe_push (red);
      gpu_dump_reason ("SUCCESS", red.loc, "reduction recognized");
    }
  /* A marked accumulator with a PHI only in an inner marked loop is
     updated in the inner loop but not carried by the outer one: C does
     not allow that for a variable declared before the nest.  */
  return true;
}


/* See gpu-reduce.h.  */

void
gpu_reduce_record (struct gpu_region *r, pretty_printer *pp)
{
  if (r->reds.is_empty ())
    return;
  pp_printf (pp, "reduce %d %s%s\n", GPU_RED_WG,
	     gpu_opts.no_local_mem ? GPU_REDUCE_FORM_GLOBAL
	     : GPU_REDUCE_FORM_LOCAL,
	     gpu_reduce_last_p (r) ? " " GPU_REDUCE_LAST : "");
}

/* See gpu-reduce.h.  */

bool
gpu_reduce_last_p (struct gpu_region *r)
{
  return !r->reds.is_empty () && !gpu_opts.no_local_mem
	 && !gpu_opts.no_reduce_last;
}

/* See gpu-reduce.h.  */

void
gpu_reduce_record_arg (struct gpu_region *r, unsigned k, pretty_printer *pp)
{
  for (unsigned j = 0; j < r->reds.length (); j++)
    if (r->reds[j].cap == (int) k)
      pp_printf (pp, "arg %u %s %s %s %s\n", k,
		 gpu_arg_kind_name (GPU_ARG_REDUCE),
		 gpu_red_op_name (r->reds[j].op),
		 gpu_red_type_name (gpu_type_code (r->reds[j].type)),
		 IDENTIFIER_POINTER (DECL_NAME (r->reds[j].var)));
}

/* ----------------------------------------------------------- host code */

static tree
u64 (void)
{
  return long_long_unsigned_type_node;
}

/* See gpu-reduce.h.  */

void
gpu_reduce_arg_words (struct gpu_region *r, unsigned k, tree words[3])
{
  for (unsigned j = 0; j < r->reds.length (); j++)
    if (r->reds[j].cap == (int) k)
      {
	struct gpu_reduction *red = &r->reds[j];
	red->slot = create_tmp_var (red->type, "gpu_red");
	TREE_ADDRESSABLE (red->slot) = 1;
	gpu_mark_launch_temp (red->slot);
	words[0] = fold_convert (u64 (), build_fold_addr_expr (red->slot));
	words[1] = build_int_cst (u64 (), red->op);
	words[2] = build_int_cst (u64 (), gpu_type_code (red->type));
	return;
      }
  gcc_unreachable ();
}

/* Gimplify EXPR at *GSI (appending) and return its value.  */

static tree
emit (gimple_stmt_iterator *gsi, tree expr)
{
  return force_gimple_operand_gsi (gsi, expr, true, NULL_TREE, false,
				   GSI_CONTINUE_LINKING);
}

/* Append LHS = CODE (A, B[, C]) at *GSI; returns LHS, a new name of
   TYPE.  */

static tree
emit_op (gimple_stmt_iterator *gsi, tree type, enum tree_code code, tree a,
	 tree b, tree c = NULL_TREE)
{
  tree lhs = make_ssa_name (type);
  gassign *g = c ? gimple_build_assign (lhs, code, a, b, c)
    : gimple_build_assign (lhs, code, a, b);
  gsi_insert_after (gsi, g, GSI_NEW_STMT);
  return lhs;
}

/* INIT OP RES for RED, appended at *GSI.  */

static tree
emit_combine (gimple_stmt_iterator *gsi, struct gpu_reduction *red,
	      tree init, tree res)
{
  tree type = red->type;
  bool flt = SCALAR_FLOAT_TYPE_P (type);
  switch (red->op)
    {
    case GPU_RED_ADD:
    case GPU_RED_MUL:
      {
	enum tree_code code = red->op == GPU_RED_ADD ? PLUS_EXPR : MULT_EXPR;
	if (flt)
	  return emit_op (gsi, type, code, init, res);
	tree ut = unsigned_type_for (type);
	return emit (gsi, fold_convert (type, fold_build2
					(code, ut, fold_convert (ut, init),
					 fold_convert (ut, res))));
      }
    case GPU_RED_AND:
      return emit_op (gsi, type, BIT_AND_EXPR, init, res);
    case GPU_RED_OR:
      return emit_op (gsi, type, BIT_IOR_EXPR, init, res);
    case GPU_RED_XOR:
      return emit_op (gsi, type, BIT_XOR_EXPR, init, res);
    case GPU_RED_LAND:
    case GPU_RED_LOR:
      {
	tree zero = build_zero_cst (type);
	tree a = emit_op (gsi, boolean_type_node, NE_EXPR, init, zero);
	tree b = emit_op (gsi, boolean_type_node, NE_EXPR, res, zero);
	tree t = emit_op (gsi, boolean_type_node,
			  red->op == GPU_RED_LAND ? BIT_AND_EXPR : BIT_IOR_EXPR,
			  a, b);
	return emit (gsi, fold_convert (type, t));
      }
    case GPU_RED_MIN:
    case GPU_RED_MAX:
      {
	/* As the kernel does: RES < INIT ? RES : INIT.  */
	tree t = emit_op (gsi, boolean_type_node,
			  red->op == GPU_RED_MIN ? LT_EXPR : GT_EXPR, res, init);
	return emit_op (gsi, type, COND_EXPR, t, res, init);
      }
    case GPU_RED_FMIN:
    case GPU_RED_FMAX:
      {
	bool f = TYPE_MODE (type) == SFmode;
	enum built_in_function fn
	  = red->op == GPU_RED_FMIN ? (f ? BUILT_IN_FMINF : BUILT_IN_FMIN)
	  : (f ? BUILT_IN_FMAXF : BUILT_IN_FMAX);
	gcall *call = gimple_build_call (builtin_decl_explicit (fn), 2, init,
					 res);
	tree v = make_ssa_name (type);
	gimple_call_set_lhs (call, v);
	gsi_insert_after (gsi, call, GSI_NEW_STMT);
	return v;
      }
    default:
      gcc_unreachable ();
    }
}

/* See gpu-reduce.h.  */

void
gpu_reduce_finish_launch (struct gpu_region *r, gimple_stmt_iterator *gsi,
			  tree go, tree counts[3])
{
  if (r->reds.is_empty ())
    return;
  /* Keep the initial value when the host loop runs (it reduces by
     itself) and when the index space is empty (the runtime then wrote
     no result).  */
  tree keep = go;
  for (int k = 0; k < 3; k++)
    {
      tree z = emit_op (gsi, boolean_type_node, EQ_EXPR,
			emit (gsi, fold_convert (u64 (), counts[k])),
			build_int_cst (u64 (), 0));
      keep = emit_op (gsi, boolean_type_node, BIT_IOR_EXPR, keep, z);
    }
  edge pe = loop_preheader_edge (r->outer);
  for (unsigned j = 0; j < r->reds.length (); j++)
    {
      struct gpu_reduction *red = &r->reds[j];
      tree res = make_ssa_name (red->type);
      gsi_insert_after (gsi, gimple_build_assign (res, red->slot),
			GSI_NEW_STMT);
      tree comb = emit_combine (gsi, red, red->init, res);
      tree fin = emit_op (gsi, red->type, COND_EXPR, keep, red->init, comb);
      gphi *top = as_a<gphi *> (SSA_NAME_DEF_STMT (red->phis[r->ndim - 1]));
      SET_USE (PHI_ARG_DEF_PTR_FROM_EDGE (top, pe), fin);
    }
}

/* See gpu-reduce.h.  */

char *
gpu_reduce_describe (struct gpu_region *r)
{
  pretty_printer pp;
  if (!r->ireds.is_empty ())
    {
      pp_printf (&pp, ", %u reduction%s per outer iteration (",
		 r->ireds.length (), r->ireds.length () > 1 ? "s" : "");
      for (unsigned j = 0; j < r->ireds.length (); j++)
	pp_printf (&pp, "%s%s %s", j ? ", " : "",
		   gpu_red_op_symbol (r->ireds[j].op),
		   IDENTIFIER_POINTER (DECL_NAME (r->ireds[j].var)));
      pp_string (&pp, ") in local memory");
    }
  if (r->reds.is_empty ())
    return xstrdup (pp_formatted_text (&pp));
  pp_printf (&pp, ", %u reduction%s (", r->reds.length (),
	     r->reds.length () > 1 ? "s" : "");
  for (unsigned j = 0; j < r->reds.length (); j++)
    pp_printf (&pp, "%s%s %s", j ? ", " : "",
	       gpu_red_op_symbol (r->reds[j].op),
	       IDENTIFIER_POINTER (DECL_NAME (r->reds[j].var)));
  pp_printf (&pp, ") in %s memory",
	     gpu_opts.no_local_mem ? "global" : "local");
  return xstrdup (pp_formatted_text (&pp));
}

/* See gpu-reduce.h.  */

tree
gpu_reduce_emit_combine (gimple_stmt_iterator *gsi, struct gpu_reduction *red,
			 tree a, tree b)
{
  return emit_combine (gsi, red, a, b);
}

/* See gpu-reduce.h.  */

tree
gpu_reduce_identity (struct gpu_reduction *red)
{
  tree type = red->type;
  bool flt = SCALAR_FLOAT_TYPE_P (type);
  REAL_VALUE_TYPE inf;
  real_inf (&inf);
  switch (gpu_red_op_identity (red->op))	/* gpuoffload-abi.def */
    {
    case GPU_RED_ID_ZERO:
      return build_zero_cst (type);
    case GPU_RED_ID_ONE:
      return build_one_cst (type);
    case GPU_RED_ID_ALL_ONES:
      return fold_convert (type, build_minus_one_cst (signed_type_for (type)));
    case GPU_RED_ID_HIGHEST:
      return flt ? build_real (type, inf) : TYPE_MAX_VALUE (type);
    case GPU_RED_ID_LOWEST:
      return flt ? fold_build1 (NEGATE_EXPR, type,
				build_real (type, inf))
	: TYPE_MIN_VALUE (type);
    default:
      gcc_unreachable ();
    }
}

/* Find the GPU_REDUCE accumulators that the inner loops of the two-level
   region R reduce per outer iteration: each inner loop is analysed as a
   one-loop region of its own, so the accumulator's value before the loop
   is its INIT and its uses after the loop (the outer iteration's code)
   are no concern of the chain.  Returns false after a misuse (an error
   was given).  */

static bool
analyze_inner (struct gpu_region *r)
{
  for (int k = 0; k < r->ninner; k++)
    {
      class loop *l = r->inner[k].loop;
      struct gpu_region tmp;
      memset (&tmp, 0, sizeof tmp);
      tmp.fun = r->fun;
      tmp.outer = l;
      tmp.loc = r->loc;
      tmp.ndim = 1;
      tmp.dims[0].loop = l;
      tmp.dims[0].iv = r->inner[k].iv;
      for (gphi_iterator gsi = gsi_start_phis (l->header); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  tree res = gimple_phi_result (gsi.phi ());
	  if (virtual_operand_p (res) || !reduce_name_p (res))
	    continue;
	  struct gpu_reduction red;
	  if (!analyze_one (&tmp, SSA_NAME_VAR (res), &red))
	    {
	      gpu_region_fail (r, tmp.fail_loc, "%s", tmp.fail);
	      return false;
	    }
	  red.inner = k;
	  red.cap = -1;
	  r->ireds.safe_push (red);
	  gpu_dump_reason ("SUCCESS", red.loc, "reduction per outer iteration "
			   "recognized");
	}
    }
  return true;
}

/* The only values the marked loops of R may carry from one iteration to
   the next are their indices and the reductions.  */

static bool
check_carried (struct gpu_region *r)
{
  for (int k = 0; k < r->ndim; k++)
    {
      class loop *l = r->dims[k].loop;
      for (gphi_iterator gsi = gsi_start_phis (l->header); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  tree res = gimple_phi_result (gsi.phi ());
	  if (virtual_operand_p (res) || res == r->dims[k].iv
	      || gpu_reduce_phi_index (r, res) >= 0)
	    continue;
	  gpu_region_fail (r, find_loop_location (l).get_location_t (),
			   "%qs carries a value from one iteration to the "
			   "next (a reduction needs GPU_REDUCE)",
			   gpu_value_name (res));
	  return false;
	}
    }
  return true;
}

namespace {

const pass_data pass_data_gpu_reduce =
{
  GIMPLE_PASS,			/* type */
  "gpu_reduce",			/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_reduce : public gimple_opt_pass
{
public:
  pass_gpu_reduce (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_reduce, ctxt)
  {}

  /* Only functions in which gpu_find made regions.  */
  virtual bool gate (function *fun)
  {
    return gpu_has_regions (fun);
  }

  virtual unsigned int execute (function *);
};

/* Find the reductions of every region of FUN; a region whose marked
   loops carry anything else is not offloaded.  */

unsigned int
pass_gpu_reduce::execute (function *fun)
{
  vec<gpu_region *> *regions = gpu_regions (fun);
  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  calculate_dominance_info (CDI_DOMINATORS);
  for (unsigned i = 0; i < regions->length (); i++)
    {
      struct gpu_region *r = (*regions)[i];
      /* A region gpu_find could not offload is still checked, once its
	 loops are known: a misused accumulator is an error whatever else
	 the loop does.  */
      if (r->ndim == 0)
	continue;
      bool failed_before = r->fail != NULL;
      if (dump_file && (dump_flags & TDF_DETAILS))
	fprintf (dump_file, "region %s\n", r->kernel_name);
      if (gpu_reduce_analyze (r) && analyze_inner (r)
	  && (failed_before || check_carried (r)))
	continue;
      if (!failed_before && r->fail)
	gpu_region_report_missed (r);
    }
  loop_optimizer_finalize ();
  return 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_reduce (gcc::context *ctxt)
{
  return new pass_gpu_reduce (ctxt);
}
