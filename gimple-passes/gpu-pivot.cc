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
   Otherwise the loop is left alone with a missed remark saying why.

   One work-group is one compute unit.  Where the accesses allow it
   (block_obstacle: the serial code updates x[j], the one marked loop
   x[i] from its j + 1, nothing else written), the loop is also blocked
   by PIVOT_BLOCK steps (block_loop): a host loop over blocks whose body
   is the one-group region for the block's steps and rows, then a marked
   loop over the rows below the block applying its steps in order.  Each
   element gets the serial loop's operations in the serial order.

   That order holds only when the array the loop updates does not
   overlap the arrays it only reads (overlap_obstacle): where GCC cannot
   prove it (distinct declarations, a restrict-qualified parameter, the
   alias oracle), the runtime checks it before the loop
   (gpurt_disjoint): if it fails, the loop runs as one block, the whole
   triangle in the one work-group as without blocking.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"
#include "gpu-launch.h"

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

/* Give BB the exit test INDEX < END, located at LOC.  */

static void
add_lt_test (basic_block bb, tree index, tree end, location_t loc)
{
  gcond *cond = gimple_build_cond (LT_EXPR, index, end, NULL_TREE,
				   NULL_TREE);
  gimple_set_location (cond, loc);
  gimple_stmt_iterator gsi = gsi_last_bb (bb);
  gsi_insert_after (&gsi, cond, GSI_NEW_STMT);
}

/* Append TO = FROM + 1 to BB.  */

static void
add_increment (basic_block bb, tree to, tree from, location_t loc)
{
  gassign *inc = gimple_build_assign (to, PLUS_EXPR, from,
				      build_one_cst (TREE_TYPE (from)));
  gimple_set_location (inc, loc);
  gimple_stmt_iterator gsi = gsi_last_bb (bb);
  gsi_insert_after (&gsi, inc, GSI_NEW_STMT);
}

/* Close the loop whose header HDR has just been split off its
   preheader: LX, the edge into AFTER at the end of the loop, goes back
   to HDR instead, and HDR gets a test's true edge into the loop and its
   false edge to AFTER, with the PHI arguments AFTER had from LX (values
   from before the loop: nothing the loop computes is used after it).
   Returns the exit edge; *BACK is set to the back edge.  */

static edge
close_loop (basic_block hdr, edge lx, edge *back)
{
  basic_block after = lx->dest;
  edge into = single_succ_edge (hdr);
  into->flags &= ~EDGE_FALLTHRU;
  into->flags |= EDGE_TRUE_VALUE;
  into->probability = profile_probability::likely ();
  edge out = make_edge (hdr, after, EDGE_FALSE_VALUE);
  out->probability = into->probability.invert ();
  for (gphi_iterator gsi = gsi_start_phis (after); !gsi_end_p (gsi);
       gsi_next (&gsi))
    add_phi_arg (gsi.phi (), PHI_ARG_DEF_FROM_EDGE (gsi.phi (), lx), out,
		 gimple_phi_arg_location_from_edge (gsi.phi (), lx));
  *back = ssa_redirect_edge (lx, hdr);
  redirect_edge_var_map_clear (*back);
  return out;
}

/* Wrap LOOP, a serial loop, in a marked loop of one iteration:
   preheader -> HDR (index PHI, index < 1) -> LOOP -> LATCH (index + 1)
   -> HDR, HDR -> LOOP's exit block.  *ENTER is set to the edge into HDR
   from before, *LEAVE to HDR's exit.  A GROUP other than 0 limits the
   work-group (gpu_find).  The caller fixes the loop tree and the virtual
   operands.  */

static void
wrap_loop (class loop *loop, int group, edge *enter, edge *leave)
{
  location_t loc = find_loop_location (loop).get_location_t ();
  edge exit = single_exit (loop);
  basic_block pre = split_edge (loop_preheader_edge (loop));
  basic_block hdr = split_edge (single_succ_edge (pre));
  basic_block latch = split_edge (exit);

  tree type = long_integer_type_node;
  tree var = create_tmp_var (type, "pivot");
  DECL_ATTRIBUTES (var) = tree_cons (get_identifier (GPU_ATTR_PARALLEL),
				     NULL_TREE, DECL_ATTRIBUTES (var));
  DECL_ATTRIBUTES (var)
    = tree_cons (get_identifier (GPU_ATTR_PIVOT),
		 group ? build_tree_list (NULL_TREE,
					  build_int_cst (integer_type_node,
							 group))
		 : NULL_TREE, DECL_ATTRIBUTES (var));
  tree i1 = make_ssa_name (var), i2 = make_ssa_name (var);

  edge back;
  *leave = close_loop (hdr, single_succ_edge (latch), &back);
  *enter = single_succ_edge (pre);
  gphi *phi = create_phi_node (i1, hdr);
  add_phi_arg (phi, build_zero_cst (type), *enter, loc);
  add_phi_arg (phi, i2, back, loc);
  add_lt_test (hdr, i1, build_one_cst (type), loc);
  add_increment (latch, i2, i1, loc);
}

/* Steps per block of a blocked pivot loop (pivot-block=N): each block
   is two launches, and its triangle (BLOCK rows, BLOCK steps) runs in
   the one work-group.  */
#define PIVOT_BLOCK 128

/* Most arrays, besides the one it updates, a blocked pivot loop may
   read (the run-time overlap check takes them all).  */
#define PIVOT_READS 8

/* The runtime's gpurt_disjoint (GC root: gpu_pivot_ggc_roots).  */
static tree gpu_disjoint_decl;

/* GC roots of this file.  */
static const struct ggc_root_tab gpu_pivot_roots[] = {
  { &gpu_disjoint_decl, 1, sizeof (gpu_disjoint_decl), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

/* See gpuoffload-plugin.h.  */

const struct ggc_root_tab *
gpu_pivot_ggc_roots (void)
{
  return gpu_pivot_roots;
}

/* What the analysis of a pivot loop that can be blocked leaves for the
   transform (see block_obstacle).  */
struct pivot_block
{
  class loop *loop;		/* The serial loop, NULL if not blocked.  */
  gphi *jphi;			/* Its index's PHI (J below).  */
  gcond *jcond;			/* Its exit test, J < END.  */
  class loop *m;		/* The GPU_PARALLEL loop in it.  */
  gphi *iphi;			/* Its index's PHI (I below).  */
  gcond *icond;			/* Its exit test, I < END.  */
  gimple *iinc;			/* I + 1, at the end of its one body block.  */
  tree xroot;			/* Where the array it updates starts from
				   (ref_root).  */
  tree reads[PIVOT_READS];	/* Where the arrays it only reads start.  */
  unsigned nreads;
  tree checks[PIVOT_READS + 1];	/* XROOT and the READS not proved apart
				   from it, for gpurt_disjoint; none when
				   all are.  */
  unsigned nchecks;
};

/* Is NAME defined by NAME2 + 1?  */

static bool
plus_one_p (tree name, tree name2)
{
  if (TREE_CODE (name) != SSA_NAME)
    return false;
  gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (name));
  return (def && gimple_assign_rhs_code (def) == PLUS_EXPR
	  && gimple_assign_rhs1 (def) == name2
	  && integer_onep (gimple_assign_rhs2 (def)));
}

/* Why LOOP is not a loop counting its one index up by one from the
   header's test INDEX < END to an END invariant in it, or NULL.  *PHI
   and *COND are set to the index's PHI and the test.  */

static const char *
counted_obstacle (class loop *loop, gphi **phi, gcond **cond)
{
  *phi = NULL;
  for (gphi_iterator gsi = gsi_start_phis (loop->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (!virtual_operand_p (gimple_phi_result (gsi.phi ())))
      {
	if (*phi)
	  return "it carries a value other than its index across its "
	    "iterations";
	*phi = gsi.phi ();
      }
  edge exit = single_exit (loop);
  *cond = safe_dyn_cast<gcond *> (last_stmt (loop->header));
  if (!*phi || !*cond || !exit || exit->src != loop->header
      || !(exit->flags & EDGE_FALSE_VALUE))
    return "its exit is not a test of its index at its start";
  tree index = gimple_phi_result (*phi);
  if (gimple_cond_code (*cond) != LT_EXPR
      || gimple_cond_lhs (*cond) != index
      || !INTEGRAL_TYPE_P (TREE_TYPE (index))
      || !expr_invariant_in_loop_p (loop, gimple_cond_rhs (*cond)))
    return "its exit test is not its index < a bound fixed in it";
  if (!plus_one_p (PHI_ARG_DEF_FROM_EDGE (*phi, loop_latch_edge (loop)),
		   index))
    return "its index does not count up by one";
  return NULL;
}

/* If REF is BASE[INDEX] -- an element of a declared array, or
   *(BASE + INDEX * size) through a pointer, INDEX an SSA name maybe
   widened -- return INDEX and set *BASE; else NULL_TREE.  */

static tree
ref_index (tree ref, tree *base)
{
  if (TREE_CODE (ref) == ARRAY_REF)
    {
      if (!DECL_P (TREE_OPERAND (ref, 0))
	  || !integer_zerop (array_ref_low_bound (ref))
	  || TREE_CODE (TREE_OPERAND (ref, 1)) != SSA_NAME)
	return NULL_TREE;
      *base = TREE_OPERAND (ref, 0);
      return TREE_OPERAND (ref, 1);
    }
  if (TREE_CODE (ref) != MEM_REF || !integer_zerop (TREE_OPERAND (ref, 1))
      || TREE_CODE (TREE_OPERAND (ref, 0)) != SSA_NAME)
    return NULL_TREE;
  gassign *add = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (TREE_OPERAND (ref,
								      0)));
  if (!add || gimple_assign_rhs_code (add) != POINTER_PLUS_EXPR)
    return NULL_TREE;
  tree off = gimple_assign_rhs2 (add);
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (ref));
  gassign *mul = (TREE_CODE (off) == SSA_NAME
		  ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (off)) : NULL);
  if (mul && gimple_assign_rhs_code (mul) == MULT_EXPR && size
      && tree_int_cst_equal (gimple_assign_rhs2 (mul), size))
    off = gimple_assign_rhs1 (mul);
  else if (!size || !integer_onep (size))
    return NULL_TREE;
  gassign *conv = (TREE_CODE (off) == SSA_NAME
		   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (off)) : NULL);
  if (conv && CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (conv))
      && INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (conv)))
      && (TYPE_PRECISION (TREE_TYPE (off))
	  >= TYPE_PRECISION (TREE_TYPE (gimple_assign_rhs1 (conv)))))
    off = gimple_assign_rhs1 (conv);
  if (TREE_CODE (off) != SSA_NAME)
    return NULL_TREE;
  *base = gimple_assign_rhs1 (add);
  return off;
}

/* The pointer PTR before any offset is added, copied or converted; for
   the address of a variable, the variable.  */

static tree
ptr_root (tree ptr)
{
  while (TREE_CODE (ptr) == SSA_NAME)
    {
      gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (ptr));
      if (!def || (gimple_assign_rhs_code (def) != POINTER_PLUS_EXPR
		   && !gimple_assign_ssa_name_copy_p (def)
		   && !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def))))
	break;
      ptr = gimple_assign_rhs1 (def);
    }
  /* &A[K] starts from A, as A[K] does.  */
  if (TREE_CODE (ptr) == ADDR_EXPR && get_base_address (TREE_OPERAND (ptr, 0)))
    return get_base_address (TREE_OPERAND (ptr, 0));
  return ptr;
}

/* The array or pointer REF's address starts from: its declaration, or
   the root of its pointer (ptr_root).  */

static tree
ref_root (tree ref)
{
  tree base = get_base_address (ref);
  if (!base || TREE_CODE (base) != MEM_REF)
    return base;
  return ptr_root (TREE_OPERAND (base, 0));
}

/* Record ROOT (ref_root) as an array the pivot loop P only reads; why
   it cannot, or NULL.  */

static const char *
add_read (struct pivot_block *p, tree root)
{
  for (unsigned k = 0; k < p->nreads; k++)
    if (operand_equal_p (p->reads[k], root, 0))
      return NULL;
  if (p->nreads == PIVOT_READS)
    return "it reads more arrays than its overlap check takes";
  p->reads[p->nreads++] = root;
  return NULL;
}

/* Why the memory accesses of the pivot loop P->loop keep it from being
   blocked, or NULL; *LOC is set to where.  Its stores must all be to
   one array X, invariant in the loop: to X[J] by the serial code, before
   the marked loop and on every step; to X[I] in the marked loop.  It
   reads X only at J (and at I in the marked loop); every other array
   only read (recorded in P->reads, X's root in P->xroot; overlap_obstacle
   sees to their not overlapping X).  Then a row I below a block of
   steps sees its updates of the block in the same order whether they
   run step by step or after the block's triangle.  */

static const char *
access_obstacle (struct pivot_block *p, location_t *loc)
{
  tree j = gimple_phi_result (p->jphi), i = gimple_phi_result (p->iphi);
  tree x = NULL_TREE, xroot = NULL_TREE, xtype = NULL_TREE;
  basic_block *body = get_loop_body (p->loop);
  const char *why = NULL;
  /* Stores first (they say which array is X), then loads.  */
  for (int pass = 0; pass < 2 && !why; pass++)
    for (unsigned b = 0; b < p->loop->num_nodes && !why; b++)
      {
	bool in_m = flow_bb_inside_loop_p (p->m, body[b]);
	for (gimple_stmt_iterator gsi = gsi_start_bb (body[b]);
	     !gsi_end_p (gsi) && !why; gsi_next (&gsi))
	  {
	    gimple *stmt = gsi_stmt (gsi);
	    if (is_gimple_debug (stmt) || !gimple_vuse (stmt))
	      continue;
	    *loc = gimple_location (stmt);
	    if (!gimple_assign_single_p (stmt))
	      {
		why = "a call in it accesses memory";
		break;
	      }
	    bool store = gimple_vdef (stmt) != NULL_TREE;
	    if (store != (pass == 0))
	      continue;
	    tree ref = store ? gimple_assign_lhs (stmt)
	      : gimple_assign_rhs1 (stmt);
	    tree base = NULL_TREE;
	    tree idx = ref_index (ref, &base);
	    if (store)
	      {
		if (!idx || (x && !operand_equal_p (base, x, 0)))
		  why = "it stores to memory other than one array's element "
		    "at an index of a loop";
		else if (TREE_CODE (base) == SSA_NAME
			 && SSA_NAME_DEF_STMT (base)
			 && gimple_bb (SSA_NAME_DEF_STMT (base))
			 && flow_bb_inside_loop_p (p->loop,
					gimple_bb (SSA_NAME_DEF_STMT (base))))
		  why = "the array it stores to changes in it";
		else if (in_m ? idx != i : idx != j)
		  why = in_m ? "its GPU_PARALLEL loop stores to another "
		    "element than its own index's"
		    : "its serial code stores to another element than the "
		    "step's";
		else if (!in_m && !dominated_by_p (CDI_DOMINATORS,
						   p->m->header, body[b]))
		  why = "its serial code stores after or beside the "
		    "GPU_PARALLEL loop";
		else if (xtype && !types_compatible_p (TREE_TYPE (ref), xtype))
		  why = "it stores elements of different types";
		if (!why && !x)
		  {
		    x = base;
		    xroot = ptr_root (x);
		    xtype = TREE_TYPE (ref);
		  }
		continue;
	      }
	    if (!gimple_assign_load_p (stmt))
	      why = "it copies memory";
	    else if (idx && x && operand_equal_p (base, x, 0))
	      {
		if (idx != j && (!in_m || idx != i))
		  why = in_m ? "its GPU_PARALLEL loop reads the array it "
		    "updates at another index than its own or the step's"
		    : "its serial code reads the array it updates at another "
		    "index than the step's";
		else if (!types_compatible_p (TREE_TYPE (ref), xtype))
		  why = "it reads the array it updates as another type";
	      }
	    else if (x)
	      {
		tree root = ref_root (ref);
		if (!root || operand_equal_p (root, xroot, 0))
		  why = "it reads the array it updates at an index it "
		    "cannot compare";
		else
		  why = add_read (p, root);
	      }
	  }
      }
  free (body);
  if (!why && !x)
    why = "it stores nothing";
  p->xroot = xroot;
  return why;
}

/* Is ROOT (ref_root) a restrict-qualified parameter as it enters the
   function?  */

static bool
restrict_parm_p (tree root)
{
  return (TREE_CODE (root) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (root)
	  && SSA_NAME_VAR (root)
	  && TREE_CODE (SSA_NAME_VAR (root)) == PARM_DECL
	  && POINTER_TYPE_P (TREE_TYPE (root))
	  && TYPE_RESTRICT (TREE_TYPE (SSA_NAME_VAR (root))));
}

/* ROOT (ref_root) as a pointer for the alias oracle: the pointer, or the
   declaration's address; NULL_TREE if neither.  */

static tree
root_pointer (tree root)
{
  if (TREE_CODE (root) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (root)))
    return root;
  if (DECL_P (root))
    return build1 (ADDR_EXPR, build_pointer_type (TREE_TYPE (root)), root);
  return NULL_TREE;
}

/* Can the arrays starting from the roots XROOT and ROOT (ref_root) be
   proved not to overlap: distinct declarations, either a restrict
   pointer parameter (what is stored through one may not be accessed
   otherwise), or GCC's alias oracle says the pointers cannot alias (it
   knows declarations whose address is not taken; this early, no
   points-to sets).  */

static bool
apart_p (tree xroot, tree root)
{
  if (DECL_P (xroot) && DECL_P (root))
    return xroot != root;
  if (restrict_parm_p (xroot) || restrict_parm_p (root))
    return true;
  tree px = root_pointer (xroot), pr = root_pointer (root);
  return px && pr && !ptr_derefs_may_alias_p (px, pr);
}

/* Can the runtime locate ROOT (ref_root) before the pivot loop LOOP: a
   pointer computed before it, or a global variable?  */

static bool
locatable_p (class loop *loop, tree root)
{
  if (TREE_CODE (root) == SSA_NAME)
    {
      basic_block bb = gimple_bb (SSA_NAME_DEF_STMT (root));
      return (POINTER_TYPE_P (TREE_TYPE (root))
	      && (!bb || !flow_bb_inside_loop_p (loop, bb)));
    }
  return VAR_P (root) && is_global_var (root);
}

/* Why the pivot loop P, whose accesses access_obstacle accepted, cannot
   be blocked for the arrays it reads may overlap the one it updates, or
   NULL: with P->checks set to what gpurt_disjoint must check before it
   (none when GCC proves them apart).  *LOC is set to where.  */

static const char *
overlap_obstacle (struct pivot_block *p, location_t *loc)
{
  p->nchecks = 0;
  for (unsigned k = 0; k < p->nreads; k++)
    if (!apart_p (p->xroot, p->reads[k]))
      {
	if (!p->nchecks)
	  p->checks[p->nchecks++] = p->xroot;
	p->checks[p->nchecks++] = p->reads[k];
      }
  for (unsigned k = 0; k < p->nchecks; k++)
    if (!locatable_p (p->loop, p->checks[k]))
      {
	*loc = find_loop_location (p->loop).get_location_t ();
	return "the array it updates may overlap an array it reads, and "
	  "neither GCC nor the runtime can tell (a local array or a "
	  "pointer computed in the loop)";
      }
  return NULL;
}

/* Why the pivot loop LOOP, which is to run in one work-group, with the
   marked loops MARKED, cannot be blocked, or NULL with *P filled in.
   It can be blocked when it is
     for (j = j0; j < end; j++) { serial code; for (i = j + 1; i < n; i++)
				  one block of code }
   (the GPU_PARALLEL loop alone in it, its bounds fixed in it, no value
   of the serial code used in the marked loop) and its accesses are as
   access_obstacle says.  *LOC is set to where the reason is.  */

static const char *
block_obstacle (class loop *loop, vec<class loop *> *marked,
		struct pivot_block *p, location_t *loc)
{
  memset (p, 0, sizeof *p);
  *loc = find_loop_location (loop).get_location_t ();
  if (marked->length () != 1 || loop->inner != (*marked)[0]
      || loop->inner->next)
    return "it contains other loops than one GPU_PARALLEL loop";
  p->loop = loop;
  p->m = (*marked)[0];
  if (const char *why = counted_obstacle (loop, &p->jphi, &p->jcond))
    return why;
  *loc = find_loop_location (p->m).get_location_t ();
  if (const char *why = counted_obstacle (p->m, &p->iphi, &p->icond))
    return why;
  tree j = gimple_phi_result (p->jphi), i = gimple_phi_result (p->iphi);
  if (!types_compatible_p (TREE_TYPE (i), TREE_TYPE (j)))
    return "its GPU_PARALLEL loop's index is of another type";
  if (!plus_one_p (PHI_ARG_DEF_FROM_EDGE (p->iphi,
					  loop_preheader_edge (p->m)), j))
    return "its GPU_PARALLEL loop does not start at the step's index + 1";
  if (!expr_invariant_in_loop_p (loop, gimple_cond_rhs (p->icond)))
    return "the GPU_PARALLEL loop's bound changes with the steps";
  basic_block body = p->m->latch;
  if (p->m->num_nodes != 2 || single_pred (body) != p->m->header)
    return "the GPU_PARALLEL loop's body is not one block of code";
  p->iinc = SSA_NAME_DEF_STMT (PHI_ARG_DEF_FROM_EDGE (p->iphi,
						      loop_latch_edge (p->m)));
  if (gimple_bb (p->iinc) != body)
    return "the GPU_PARALLEL loop's index is counted outside its body";
  /* The marked loop is copied below the block: what it uses must be
     its own values, the two indices or values from before the loop.  */
  for (gimple_stmt_iterator gsi = gsi_start_bb (body); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      ssa_op_iter it;
      tree use;
      FOR_EACH_SSA_TREE_OPERAND (use, gsi_stmt (gsi), it, SSA_OP_USE)
	{
	  gimple *def = SSA_NAME_DEF_STMT (use);
	  if (use != i && use != j && gimple_bb (def)
	      && gimple_bb (def) != body
	      && flow_bb_inside_loop_p (loop, gimple_bb (def)))
	    {
	      *loc = gimple_location (gsi_stmt (gsi));
	      return "its GPU_PARALLEL loop uses a value its serial code "
		"computes";
	    }
	}
    }
  if (const char *why = access_obstacle (p, loc))
    return why;
  return overlap_obstacle (p, loc);
}

/* Walker of walk_gimple_op: replace the SSA names the hash map of the
   walk_stmt_info DATA maps.  */

static tree
rename_r (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  hash_map<tree, tree> *map = (hash_map<tree, tree> *) wi->info;
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      if (tree *to = map->get (*tp))
	*tp = *to;
      *walk_subtrees = 0;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* A new empty block after AFTER, in AFTER's loop.  */

static basic_block
new_block (basic_block after)
{
  basic_block bb = create_empty_bb (after);
  add_bb_to_loop (bb, after->loop_father);
  return bb;
}

/* Block the pivot loop of P by STEPS steps, once it is wrapped in the
   one-iteration marked loop entered through ENTER and left through
   LEAVE (wrap_loop):

     for (jb = j0; jb < end; jb = hi)
       {
	 hi = jb + MIN (end - jb, STEPS);
	 for (pivot GPU_PARALLEL = 0; pivot < 1; pivot++)
	   for (j = jb; j < hi; j++)
	     { serial code; for (i = j + 1; i < MIN (n, hi); i++) body; }
	 for (i GPU_PARALLEL = MIN (n, hi); i < n; i++)
	   for (j = jb; j < hi; j++)
	     body;
       }

   With P->checks, STEPS is ok ? STEPS : all of them, and the triangle's
   rows end at ok ? MIN (n, hi) : n, where ok = gpurt_disjoint (the
   checks), called before the block loop: when the arrays may overlap,
   one block runs the serial loop whole in the one work-group.  The
   caller fixes the loop tree and the virtual operands.  */

static void
block_loop (function *fun, struct pivot_block *p, edge enter, edge leave,
	    int steps)
{
  location_t loc = find_loop_location (p->loop).get_location_t ();
  location_t mloc = find_loop_location (p->m).get_location_t ();
  tree j = gimple_phi_result (p->jphi), i = gimple_phi_result (p->iphi);
  tree type = TREE_TYPE (j), utype = unsigned_type_for (type);
  edge pre = loop_preheader_edge (p->loop);
  tree j0 = PHI_ARG_DEF_FROM_EDGE (p->jphi, pre);
  tree end = gimple_cond_rhs (p->jcond), n = gimple_cond_rhs (p->icond);

  basic_block bh = split_edge (enter);
  basic_block bb = split_edge (single_succ_edge (bh));
  basic_block r2 = split_edge (leave);
  basic_block bl = split_edge (single_succ_edge (r2));

  /* The run-time overlap check, before the block loop.  */
  tree ok = NULL_TREE;
  if (p->nchecks)
    {
      if (!gpu_disjoint_decl)
	gpu_disjoint_decl
	  = gpu_runtime_decl ("gpurt_disjoint",
			      build_varargs_function_type_list
				(integer_type_node, unsigned_type_node,
				 const_ptr_type_node, NULL_TREE),
			      NULL, true);
      gimple_seq seq = NULL;
      auto_vec<tree> args;
      args.safe_push (build_int_cst (unsigned_type_node, p->nchecks));
      for (unsigned k = 0; k < p->nchecks; k++)
	{
	  tree ptr = p->checks[k];
	  if (DECL_P (ptr))
	    {
	      TREE_ADDRESSABLE (ptr) = 1;
	      ptr = build_fold_addr_expr (ptr);
	    }
	  args.safe_push (gimple_convert (&seq, loc, const_ptr_type_node,
					  ptr));
	}
      gcall *call = gimple_build_call_vec (gpu_disjoint_decl, args);
      tree res = make_temp_ssa_name (integer_type_node, call, "disjoint");
      gimple_call_set_lhs (call, res);
      gimple_set_location (call, loc);
      gimple_set_vuse (call, gimple_vop (fun));
      gimple_set_vdef (call, gimple_vop (fun));
      gimple_seq_add_stmt (&seq, call);
      ok = gimple_build (&seq, loc, NE_EXPR, boolean_type_node, res,
			 integer_zero_node);
      gimple_stmt_iterator gsi = gsi_last_bb (single_pred (bh));
      gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
    }

  /* The block loop's header and the block's end.  */
  tree jb = make_temp_ssa_name (type, NULL, "pivot_block");
  gphi *bphi = create_phi_node (jb, bh);
  add_phi_arg (bphi, j0, single_pred_edge (bh), loc);
  add_lt_test (bh, jb, end, loc);
  gimple_seq seq = NULL;
  tree left = gimple_build (&seq, loc, MINUS_EXPR, utype,
			    gimple_convert (&seq, loc, utype, end),
			    gimple_convert (&seq, loc, utype, jb));
  tree most = build_int_cst (utype, steps);
  if (ok)
    most = gimple_build (&seq, loc, COND_EXPR, utype, ok, most,
			 TYPE_MAX_VALUE (utype));
  tree step = gimple_build (&seq, loc, MIN_EXPR, utype, left, most);
  tree hi = gimple_build (&seq, loc, PLUS_EXPR, type, jb,
			  gimple_convert (&seq, loc, type, step));
  tree rows = ok ? gimple_build (&seq, loc, COND_EXPR, type, ok, hi, n) : hi;
  tree mend = gimple_build (&seq, loc, MIN_EXPR, type, n, rows);
  gimple_stmt_iterator gsi = gsi_after_labels (bb);
  gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);

  /* The block's triangle: steps [jb, hi), rows below hi.  */
  SET_PHI_ARG_DEF (p->jphi, pre->dest_idx, jb);
  gimple_cond_set_rhs (p->jcond, hi);
  update_stmt (p->jcond);
  gimple_cond_set_rhs (p->icond, mend);
  update_stmt (p->icond);

  /* The rows from hi: R2 -> IH (i < n) -> JH (j < hi) -> JB -> JH,
     JH -> IL -> IH, IH -> BL -> BH.  */
  basic_block ih = new_block (r2);
  basic_block jh = new_block (ih);
  basic_block jbody = new_block (jh);
  basic_block il = new_block (jbody);
  edge e = redirect_edge_succ_nodup (single_succ_edge (r2), ih);
  edge it = make_edge (ih, jh, EDGE_TRUE_VALUE);
  edge ie = make_edge (ih, bl, EDGE_FALSE_VALUE);
  edge jt = make_edge (jh, jbody, EDGE_TRUE_VALUE);
  edge je = make_edge (jh, il, EDGE_FALSE_VALUE);
  edge jback = make_edge (jbody, jh, EDGE_FALLTHRU);
  edge iback = make_edge (il, ih, EDGE_FALLTHRU);
  it->probability = jt->probability = profile_probability::likely ();
  ie->probability = je->probability = profile_probability::unlikely ();
  jback->probability = iback->probability = profile_probability::always ();
  bl->count = r2->count;

  /* The marked index keeps the user's variable (GPU_PARALLEL).  */
  tree i1 = copy_ssa_name (i), i2 = copy_ssa_name (i);
  gphi *phi = create_phi_node (i1, ih);
  add_phi_arg (phi, mend, e, mloc);
  add_phi_arg (phi, i2, iback, mloc);
  add_lt_test (ih, i1, n, mloc);
  add_increment (il, i2, i1, mloc);
  tree j1 = copy_ssa_name (j), j2 = copy_ssa_name (j);
  phi = create_phi_node (j1, jh);
  add_phi_arg (phi, jb, it, loc);
  add_phi_arg (phi, j2, jback, loc);
  add_lt_test (jh, j1, hi, loc);

  /* The body, its indices I1 and J1.  */
  hash_map<tree, tree> map;
  map.put (i, i1);
  map.put (j, j1);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &map;
  gsi = gsi_last_bb (jbody);
  for (gimple_stmt_iterator s = gsi_start_bb (p->m->latch); !gsi_end_p (s);
       gsi_next (&s))
    {
      gimple *stmt = gsi_stmt (s);
      if (is_gimple_debug (stmt) || stmt == p->iinc)
	continue;
      gimple *copy = gimple_copy (stmt);
      tree lhs = gimple_get_lhs (copy);
      if (lhs && TREE_CODE (lhs) == SSA_NAME)
	{
	  tree name = copy_ssa_name (lhs, copy);
	  map.put (lhs, name);
	  gimple_set_lhs (copy, name);
	}
      walk_gimple_op (copy, rename_r, &wi);
      if (gimple_vuse (copy))
	gimple_set_vuse (copy, gimple_vop (fun));
      if (gimple_vdef (copy))
	gimple_set_vdef (copy, gimple_vop (fun));
      gsi_insert_after (&gsi, copy, GSI_NEW_STMT);
    }
  add_increment (jbody, j2, j1, loc);

  /* The block loop's latch: BL -> BH, BH -> AFTER.  */
  edge back;
  close_loop (bh, single_succ_edge (bl), &back);
  add_phi_arg (bphi, hi, back, loc);
}

/* The name of the array starting from ROOT (ref_root), for remarks.  */

static const char *
root_name (tree root)
{
  tree var = TREE_CODE (root) == SSA_NAME ? SSA_NAME_VAR (root) : root;
  return (var && DECL_P (var) && DECL_NAME (var)
	  ? IDENTIFIER_POINTER (DECL_NAME (var)) : "an array");
}

/* Write into BUF (SIZE bytes) what the blocking of P depends on, for the
   remark: " when x and l lie in different objects (checked at run
   time)" for the arrays of P->checks, or nothing.  */

static void
overlap_words (struct pivot_block *p, char *buf, size_t size)
{
  buf[0] = 0;
  if (!p->nchecks)
    return;
  size_t len = snprintf (buf, size, " when %s and ", root_name (p->checks[0]));
  for (unsigned k = 1; k < p->nchecks && len < size; k++)
    len += snprintf (buf + len, size - len, "%s%s", k > 1 ? ", " : "",
		     root_name (p->checks[k]));
  if (len < size)
    snprintf (buf + len, size - len,
	      " lie in different objects (checked at run time)");
}

/* Look for serial loops to wrap in LOOP's children (not under a marked
   loop), outermost first; push those to wrap onto OUT, and for each
   what the blocking needs onto BLOCKS (its loop NULL if not blocked).  */

static void
find_pivots (function *fun, class loop *loop, vec<class loop *> *out,
	     vec<pivot_block> *blocks)
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
	  struct pivot_block p;
	  memset (&p, 0, sizeof p);
	  if (!gpu_opts.no_pivot_block)
	    {
	      why = block_obstacle (c, &marked, &p, &loc);
	      if (why)
		{
		  p.loop = NULL;
		  if (dump_enabled_p ())
		    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
				     dump_user_location_t::from_location_t
				       (loc),
				     "pivot loop not blocked (its whole "
				     "work runs in one work-group): %s\n",
				     why);
		  gpu_dump_reason ("FAILED", loc, why);
		}
	    }
	  blocks->safe_push (p);
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
      find_pivots (fun, c, out, blocks);
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
  auto_vec<pivot_block> blocks;
  find_pivots (fun, current_loops->tree_root, &pivots, &blocks);
  scev_finalize ();
  int steps = gpu_opts.pivot_block ? gpu_opts.pivot_block : PIVOT_BLOCK;
  /* A block's triangle has at most STEPS - 1 rows a step: a group of as
     many work-items (the power of two from STEPS up), not
     GPU_PIVOT_WG_MAX, makes its barriers cheaper.  */
  int block_group = MIN (1 << ceil_log2 (steps), GPU_PIVOT_WG_MAX);
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
      int group = blocks[k].loop ? block_group : 0;
      edge enter, leave;
      wrap_loop (pivots[k], group, &enter, &leave);
      if (!blocks[k].loop)
	continue;
      char when[160];
      overlap_words (&blocks[k], when, sizeof when);
      if (dump_enabled_p ())
	dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
			 dump_user_location_t::from_location_t (loc),
			 "pivot loop blocked by %d steps%s: each block's "
			 "triangle runs in one work-group (of up to %d "
			 "work-items), the rows below it on the whole device "
			 "(two launches a block, each element updated in the "
			 "serial order)\n", steps, when, group);
      if (dump_file && (dump_flags & TDF_DETAILS))
	{
	  expanded_location xl = expand_location (loc);
	  fprintf (dump_file, "SUCCESS: %s:%d: loop %d blocked by %d "
		   "steps%s\n", xl.file, xl.line, pivots[k]->num, steps,
		   blocks[k].nchecks ? when
		   : " (the array it updates proved apart from those it "
		   "reads)");
	}
      block_loop (fun, &blocks[k], enter, leave, steps);
      /* The new blocks have no dominators yet.  */
      free_dominance_info (CDI_DOMINATORS);
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
