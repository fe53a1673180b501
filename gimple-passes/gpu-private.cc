/* gpu-private.cc -- the gpu_private pass: blocks that a marked loop's
   body allocates with malloc or calloc, placed in private memory on the
   device (issue 17, first step).

   Data-parallel C often allocates per iteration: a scratch buffer, a
   small matrix, freed before the iteration ends.  When the block's size
   is a compile-time constant and its pointer never leaves the iteration,
   the kernel does not need a heap for it: each work-item gets a private
   array instead (TornadoVM places non-escaping arrays the same way), with
   no allocator and no atomics; calloc's block is zeroed, free of it
   disappears.

   The analysis (check_alloc, gpu_private_analyze) follows every value
   derived from the call's result -- copies, conversions, pointer
   arithmetic, PHIs -- to each of its uses.  A block stays private when
   each use only loads or stores through the pointer, compares it, takes
   a difference, frees it, passes it to a device library function
   (memset, memcpy...) or to a function of this unit that in turn only
   does the same (followed into its body); and every use lies inside the
   iteration, the pointer not carried from one iteration of a loop
   around the call to the next (a later block of the same call would
   share its array).  A store of the pointer itself into memory, a call
   that may keep it, a conversion to an integer, or a use after the
   iteration let it escape: the reason names that statement.  Blocks of
   a region larger than GPU_PRIVATE_MAX bytes in all are not placed.

   gpu_find runs the analysis on the host nest and offloads the region
   only when every allocation can be placed (a device heap, gpu_alloc,
   is a later step); the missed remark then names the store or call that
   lets a block escape.  This pass, after gpu_tile, runs the same
   analysis on each device clone of the region (the plain one and the
   variants, which gpu_tile copies from the host nest) and transforms
   it: the call becomes the address of a new private array, calloc's a
   memset of it, and each free of it goes.  The host path keeps malloc
   and free (it is the user's loop).  On the device the pointer is never
   null, so a test of malloc's result in the user's code takes the path
   of a successful allocation.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"

/* Most private-array bytes one work-item may have, all blocks of a
   region together.  A private array that is not held in registers lives
   in memory the device reserves for every resident work-item (CUDA's
   "local memory": 4 KiB for each of an H100's 2048 threads on each of
   132 SMs is about 1.1 GB); PoCL keeps it on the stack of the thread
   running the work-group.  4 KiB covers scratch vectors and small
   matrices (a 16x16 float matrix is 1 KiB) at a reservation every
   device can make.  */
#define GPU_PRIVATE_MAX 4096

/* Deepest chain of called functions the analysis follows a pointer
   into.  */
#define GPU_PRIVATE_DEPTH 8

/* The walk over the uses of one block's pointer.  */
struct priv_walk
{
  class loop *body;		/* The innermost marked loop: the
				   iteration.  */
  basic_block home;		/* The block of the allocation.  */
  tree name;			/* The call's result (for messages).  */
  char *why;			/* Where the reason goes, when it escapes.  */
  location_t *why_loc;
};

/* The allocation function STMT calls: BUILT_IN_MALLOC, BUILT_IN_CALLOC,
   BUILT_IN_ALLOCA_WITH_ALIGN (a variable-length array), BUILT_IN_FREE,
   BUILT_IN_STACK_SAVE or BUILT_IN_STACK_RESTORE (around the scope of a
   variable-length array), or END_BUILTINS for any other statement.  */

static enum built_in_function
alloc_kind (gimple *stmt)
{
  if (!gimple_call_builtin_p (stmt, BUILT_IN_NORMAL))
    return END_BUILTINS;
  enum built_in_function code
    = DECL_FUNCTION_CODE (gimple_call_fndecl (stmt));
  switch (code)
    {
    case BUILT_IN_MALLOC:
    case BUILT_IN_CALLOC:
    case BUILT_IN_ALLOCA_WITH_ALIGN:
    case BUILT_IN_FREE:
    case BUILT_IN_STACK_SAVE:
    case BUILT_IN_STACK_RESTORE:
      return code;
    default:
      return END_BUILTINS;
    }
}

/* Is STMT a call that allocates a block (malloc, calloc, a
   variable-length array)?  */

static bool
alloc_call_p (gimple *stmt)
{
  enum built_in_function k = alloc_kind (stmt);
  return (k == BUILT_IN_MALLOC || k == BUILT_IN_CALLOC
	  || k == BUILT_IN_ALLOCA_WITH_ALIGN);
}

/* What the allocation CALL is called in messages.  */

static const char *
alloc_what (gimple *call)
{
  switch (alloc_kind (call))
    {
    case BUILT_IN_MALLOC:
      return "malloc";
    case BUILT_IN_CALLOC:
      return "calloc";
    default:
      return "a variable-length array";
    }
}

/* Record the reason FMT... (a diagnostic format) in W, at STMT.  Returns
   false, for the callers' returns.  */

static bool
escape (struct priv_walk *w, gimple *stmt, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  gpu_vformat (w->why, sizeof ((struct gpu_private_alloc *) 0)->why, fmt,
	       &ap);
  va_end (ap);
  *w->why_loc = stmt ? gimple_location (stmt) : UNKNOWN_LOCATION;
  return false;
}

/* walk_tree callback: is DATA (an SSA name) used in *TP other than as
   the address of a memory reference?  */

static tree
bare_use_r (tree *tp, int *walk_subtrees, void *data)
{
  tree name = (tree) data;
  if (*tp == name)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == MEM_REF && TREE_OPERAND (*tp, 0) == name)
    /* Operand 1 is a constant offset.  */
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Is NAME used in the operand OP other than as the address of a memory
   reference (a load or store through it)?  */

static bool
bare_use_p (tree op, tree name)
{
  return op && walk_tree_without_duplicates (&op, bare_use_r, name);
}

/* Line of STMT, for messages.  */

static int
stmt_line (gimple *stmt)
{
  return LOCATION_LINE (gimple_location (stmt));
}

static bool uses_stay (struct priv_walk *w, function *fun, tree name,
		       tree fndecl, int depth);

/* The use of NAME (derived from W's block) by the call CALL, in FNDECL
   (NULL: the region's function): true when the call does not keep the
   pointer; a result derived from it goes to WORK.  */

static bool
call_use_stays (struct priv_walk *w, gcall *call, tree name, tree fndecl,
		int depth, vec<tree> *work)
{
  bool bare = false;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    bare |= bare_use_p (gimple_call_arg (call, i), name);
  tree lhs = gimple_call_lhs (call);
  if (!bare && !bare_use_p (lhs, name))
    return true;		/* Loads or stores through it.  */
  tree callee = gimple_call_fndecl (call);
  if (!callee || gimple_call_internal_p (call))
    return escape (w, call, "pointer %qs is passed to a call the compiler "
		   "cannot follow at line %d", gpu_value_name (w->name),
		   stmt_line (call));
  if (alloc_kind (call) == BUILT_IN_FREE)
    {
      if (fndecl)
	return escape (w, call, "pointer %qs is freed in %qD",
		       gpu_value_name (w->name), fndecl);
      return true;
    }
  if (gpu_device_lib_name (callee))
    {
      /* memset, memcpy, memmove return their first argument.  */
      if (lhs && TREE_CODE (lhs) == SSA_NAME && POINTER_TYPE_P (TREE_TYPE (lhs)))
	work->safe_push (lhs);
      return true;
    }
  function *cfun2 = DECL_STRUCT_FUNCTION (callee);
  if (fndecl_built_in_p (callee, BUILT_IN_NORMAL) || !cfun2 || !cfun2->cfg
      || !gimple_has_body_p (callee))
    return escape (w, call, "pointer %qs is passed to %qD, which may keep "
		   "it, at line %d", gpu_value_name (w->name), callee,
		   stmt_line (call));
  if (depth >= GPU_PRIVATE_DEPTH)
    return escape (w, call, "pointer %qs is passed down more than %d calls",
		   gpu_value_name (w->name), GPU_PRIVATE_DEPTH);
  /* Each parameter it is passed to must only be used through, in the
     callee's body.  */
  unsigned i = 0;
  for (tree p = DECL_ARGUMENTS (callee); p; p = DECL_CHAIN (p), i++)
    {
      if (i >= gimple_call_num_args (call)
	  || !bare_use_p (gimple_call_arg (call, i), name))
	continue;
      tree def = ssa_default_def (cfun2, p);
      if (def && !uses_stay (w, cfun2, def, callee, depth + 1))
	return false;
    }
  if (i < gimple_call_num_args (call))
    return escape (w, call, "pointer %qs is passed to %qD with a "
		   "mismatched argument list", gpu_value_name (w->name),
		   callee);
  return true;
}

/* The use of NAME by the assignment STMT: true when the pointer does not
   leave through it; a result derived from it goes to WORK.  FNDECL is
   the function being walked (NULL: the region's).  */

static bool
assign_use_stays (struct priv_walk *w, gimple *stmt, tree name, tree fndecl,
		  vec<tree> *work)
{
  tree lhs = gimple_assign_lhs (stmt);
  enum tree_code code = gimple_assign_rhs_code (stmt);
  bool bare = false;
  for (unsigned i = 1; i < gimple_num_ops (stmt); i++)
    bare |= bare_use_p (gimple_op (stmt, i), name);
  bool to_name = TREE_CODE (lhs) == SSA_NAME;
  if (!bare && code != ADDR_EXPR)
    return true;		/* A load or a store through it.  */
  if (!to_name)
    {
      if (fndecl)
	return escape (w, stmt, "pointer %qs is stored to memory in %qD at "
		       "line %d", gpu_value_name (w->name), fndecl,
		       stmt_line (stmt));
      return escape (w, stmt, "pointer %qs is stored to memory at line %d",
		     gpu_value_name (w->name), stmt_line (stmt));
    }
  if (TREE_CODE_CLASS (code) == tcc_comparison || code == POINTER_DIFF_EXPR)
    return true;
  if (POINTER_TYPE_P (TREE_TYPE (lhs))
      && (code == POINTER_PLUS_EXPR || code == SSA_NAME || code == ADDR_EXPR
	  || CONVERT_EXPR_CODE_P (code) || code == COND_EXPR
	  || code == MIN_EXPR || code == MAX_EXPR))
    {
      work->safe_push (lhs);
      return true;
    }
  if (code == COND_EXPR && !bare_use_p (gimple_assign_rhs2 (stmt), name)
      && !bare_use_p (gimple_assign_rhs3 (stmt), name))
    return true;		/* Only in the condition.  */
  if (CONVERT_EXPR_CODE_P (code))
    return escape (w, stmt, "pointer %qs is converted to an integer at line "
		   "%d", gpu_value_name (w->name), stmt_line (stmt));
  return escape (w, stmt, "pointer %qs is used by an operation the compiler "
		 "cannot follow at line %d", gpu_value_name (w->name),
		 stmt_line (stmt));
}

/* Do all the uses of NAME, a value derived from W's block in FUN (the
   region's function when FNDECL is NULL, else the called function FNDECL
   at DEPTH calls down), and of the values derived from it, keep the
   pointer inside the iteration?  */

static bool
uses_stay (struct priv_walk *w, function *fun, tree name, tree fndecl,
	   int depth)
{
  auto_vec<tree> work;
  hash_set<tree> seen;
  work.safe_push (name);
  while (!work.is_empty ())
    {
      tree n = work.pop ();
      if (seen.add (n))
	continue;
      imm_use_iterator it;
      gimple *use;
      FOR_EACH_IMM_USE_STMT (use, it, n)
	{
	  if (is_gimple_debug (use))
	    continue;
	  basic_block bb = gimple_bb (use);
	  if (!fndecl && !flow_bb_inside_loop_p (w->body, bb))
	    return escape (w, use, "pointer %qs is used after the iteration "
			   "at line %d", gpu_value_name (w->name),
			   stmt_line (use));
	  bool ok = true;
	  switch (gimple_code (use))
	    {
	    case GIMPLE_PHI:
	      {
		class loop *l = bb->loop_father;
		if (!fndecl && bb == l->header
		    && flow_bb_inside_loop_p (l, w->home))
		  return escape (w, use, "pointer %qs is carried to the next "
				 "iteration of the loop at line %d",
				 gpu_value_name (w->name),
				 LOCATION_LINE (find_loop_location (l)
						.get_location_t ()));
		work.safe_push (gimple_phi_result (use));
		break;
	      }
	    case GIMPLE_ASSIGN:
	      ok = assign_use_stays (w, use, n, fndecl, &work);
	      break;
	    case GIMPLE_CALL:
	      ok = call_use_stays (w, as_a<gcall *> (use), n, fndecl, depth,
				   &work);
	      break;
	    case GIMPLE_COND:
	      break;
	    case GIMPLE_RETURN:
	      return escape (w, use, "pointer %qs is returned by %qD",
			     gpu_value_name (w->name), fndecl);
	    default:
	      return escape (w, use, "pointer %qs is used by a statement the "
			     "compiler cannot follow at line %d",
			     gpu_value_name (w->name), stmt_line (use));
	    }
	  if (!ok)
	    return false;
	}
    }
  return true;
}

/* The largest value the integer operand OP of CALL may have there,
   from its range (RANGER), into *MAX; false when it has no bound.  For
   the size of a variable-length array (VLA), a count converted from a
   signed type and multiplied by the element size is bounded by the
   count's largest value: a count of zero or less is undefined.  */

static bool
size_bound (gimple_ranger *ranger, gimple *call, tree op, bool vla,
	    unsigned HOST_WIDE_INT *max)
{
  if (tree_fits_uhwi_p (op))
    {
      *max = tree_to_uhwi (op);
      return true;
    }
  if (TREE_CODE (op) != SSA_NAME || !INTEGRAL_TYPE_P (TREE_TYPE (op)))
    return false;
  gimple *def = SSA_NAME_DEF_STMT (op);
  if (vla && is_gimple_assign (def))
    {
      enum tree_code code = gimple_assign_rhs_code (def);
      tree a = gimple_assign_rhs1 (def);
      if (code == SSA_NAME)
	return size_bound (ranger, call, a, vla, max);
      if (code == MULT_EXPR && tree_fits_uhwi_p (gimple_assign_rhs2 (def)))
	{
	  unsigned HOST_WIDE_INT c = tree_to_uhwi (gimple_assign_rhs2 (def));
	  if (!size_bound (ranger, call, a, vla, max) || c > GPU_PRIVATE_MAX)
	    return false;
	  *max = *max > GPU_PRIVATE_MAX ? *max : *max * c;
	  return true;
	}
      if (CONVERT_EXPR_CODE_P (code) && INTEGRAL_TYPE_P (TREE_TYPE (a))
	  && !TYPE_UNSIGNED (TREE_TYPE (a)))
	{
	  int_range_max vr;
	  if (!ranger->range_of_expr (vr, a, call) || vr.undefined_p ())
	    return false;
	  wide_int hi = vr.upper_bound ();
	  if (wi::neg_p (hi, SIGNED))
	    hi = wi::zero (hi.get_precision ());
	  if (!wi::fits_uhwi_p (hi))
	    return false;
	  *max = hi.to_uhwi ();
	  return true;
	}
    }
  int_range_max vr;
  if (!ranger->range_of_expr (vr, op, call) || vr.undefined_p ()
      || vr.varying_p ())
    return false;
  wide_int hi = vr.upper_bound ();
  if (!wi::fits_uhwi_p (hi) || wi::neg_p (vr.lower_bound (), SIGNED))
    return false;
  *max = hi.to_uhwi ();
  return true;
}

/* Analyse the allocation CALL in the iteration BODY (the innermost
   marked loop of a nest of region R) into *A; RANGER bounds its size.  */

static void
check_alloc (struct gpu_region *r, class loop *body, gimple *call,
	     gimple_ranger *ranger, struct gpu_private_alloc *a)
{
  memset (a, 0, sizeof *a);
  a->call = call;
  a->why_loc = gimple_location (call);
  struct priv_walk w = { body, gimple_bb (call), gimple_call_lhs (call),
			 a->why, &a->why_loc };
  bool calloc_p = alloc_kind (call) == BUILT_IN_CALLOC;
  bool vla = alloc_kind (call) == BUILT_IN_ALLOCA_WITH_ALIGN;
  unsigned HOST_WIDE_INT size, n = 1;
  tree nop = calloc_p ? gimple_call_arg (call, 1) : size_one_node;
  bool constant = (tree_fits_uhwi_p (gimple_call_arg (call, 0))
		   && tree_fits_uhwi_p (nop));
  bool bounded = (size_bound (ranger, call, gimple_call_arg (call, 0), vla,
			      &size)
		  && size_bound (ranger, call, nop, false, &n));
  bool small = (bounded && n <= GPU_PRIVATE_MAX && size <= GPU_PRIVATE_MAX
		&& size * n <= GPU_PRIVATE_MAX);
  if (!small && !constant)
    {
      escape (&w, call, "its size is not bounded by a compile-time "
	      "constant of at most %d bytes (a block of a size known only "
	      "at run time needs the device heap)", GPU_PRIVATE_MAX);
      return;
    }
  if (!small)
    {
      escape (&w, call, "%wu bytes, more than the %d bytes of private "
	      "memory a work-item may use", size * n, GPU_PRIVATE_MAX);
      return;
    }
  unsigned HOST_WIDE_INT bytes = size * n;
  a->bytes = bytes;
  if (r->ninner)
    {
      escape (&w, call, "the region has inner %<GPU_PARALLEL%> loops, and "
	      "private memory is not shared by a work-group");
      return;
    }
  if (!flow_bb_inside_loop_p (body, gimple_bb (call)))
    {
      escape (&w, call, "the call is outside the innermost marked loop");
      return;
    }
  if (w.name && !uses_stay (&w, r->fun, w.name, NULL_TREE, 0))
    return;
  a->placed = true;
}

/* Analyse every malloc and calloc of the nest whose outermost loop is
   OUTER and innermost marked loop BODY (R's host nest or one of its
   device clones) into PRIVS, in the order of the blocks of OUTER.  */

static void
analyze_nest (struct gpu_region *r, class loop *outer, class loop *body,
	      vec<gpu_private_alloc> *privs)
{
  basic_block *bbs = get_loop_body (outer);
  unsigned total = 0;
  gimple_ranger *ranger = NULL;
  for (unsigned i = 0; i < outer->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	if (!alloc_call_p (gsi_stmt (gsi)))
	  continue;
	if (!ranger)
	  ranger = enable_ranger (r->fun);
	struct gpu_private_alloc a;
	check_alloc (r, body, gsi_stmt (gsi), ranger, &a);
	if (a.placed)
	  total += a.bytes;
	privs->safe_push (a);
      }
  if (ranger)
    disable_ranger (r->fun);
  free (bbs);
  /* All the blocks of the iteration share the work-item's private
     memory.  */
  if (total > GPU_PRIVATE_MAX)
    for (unsigned j = 0; j < privs->length (); j++)
      if ((*privs)[j].placed)
	{
	  struct gpu_private_alloc *a = &(*privs)[j];
	  a->placed = false;
	  a->why_loc = gimple_location (a->call);
	  snprintf (a->why, sizeof a->why, "the private blocks of the "
		    "iteration total %u bytes, more than the %d bytes of "
		    "private memory a work-item may use", total,
		    GPU_PRIVATE_MAX);
	}
}

/* See gpu-region.h.  */

void
gpu_private_analyze (struct gpu_region *r)
{
  r->privs.truncate (0);
  if (!gpu_opts.no_private)
    analyze_nest (r, r->outer, r->dims[0].loop, &r->privs);
}

/* The entry of R->PRIVS of the allocation STMT, or NULL.  */

static struct gpu_private_alloc *
find_alloc (struct gpu_region *r, gimple *stmt)
{
  for (unsigned j = 0; j < r->privs.length (); j++)
    if (r->privs[j].call == stmt)
      return &r->privs[j];
  return NULL;
}

/* See gpu-region.h.  */

const char *
gpu_private_why_not (struct gpu_region *r, gimple *call)
{
  struct gpu_private_alloc *a = find_alloc (r, call);
  if (a)
    return a->placed ? NULL : a->why;
  /* A call of a device clone: the host nest's call it was copied from
     (same place, same function).  */
  for (unsigned j = 0; j < r->privs.length (); j++)
    if (!r->privs[j].placed
	&& gimple_location (r->privs[j].call) == gimple_location (call)
	&& gimple_call_fndecl (r->privs[j].call) == gimple_call_fndecl (call))
      return r->privs[j].why;
  return NULL;
}

/* See gpu-region.h.  */

bool
gpu_private_call_p (struct gpu_region *r, gimple *call)
{
  enum built_in_function k = alloc_kind (call);
  if (k == BUILT_IN_FREE)
    {
      tree p = gpu_pointer_origin (gimple_call_arg (call, 0));
      if (!p || TREE_CODE (p) != SSA_NAME)
	return false;
      struct gpu_private_alloc *a = find_alloc (r, SSA_NAME_DEF_STMT (p));
      return a && a->placed;
    }
  /* The scope of a variable-length array: the array itself is placed
     or fails R.  */
  if (k == BUILT_IN_STACK_SAVE || k == BUILT_IN_STACK_RESTORE)
    return !gpu_opts.no_private;
  if (k == END_BUILTINS)
    return false;
  struct gpu_private_alloc *a = find_alloc (r, call);
  if (!a)
    return false;
  /* Not placed: the device heap serves a malloc or calloc (check_call
     in gpu-params.cc says why it is not private memory).  */
  if (!a->placed && gpu_heap_call_kind (call) == END_BUILTINS)
    gpu_region_fail (r, gimple_location (call), "the block of %s cannot be "
		     "private memory: %s; %s",
		     alloc_what (call), a->why,
		     gpu_opts.no_alloc ? "the device heap is off (no-alloc)"
		     : "a variable-length array does not come from the "
		     "device heap");
  return a->placed;
}

/* The type of the private array of the block of A: an array of what
   its pointer points to when that divides the block, else of 8-byte
   words (malloc's alignment for every scalar the device has), else of
   bytes.  */

static tree
array_type_for (struct gpu_private_alloc *a)
{
  tree lhs = gimple_call_lhs (a->call);
  tree elt = NULL_TREE;
  if (POINTER_TYPE_P (TREE_TYPE (lhs)))
    {
      tree t = TREE_TYPE (TREE_TYPE (lhs));
      while (TREE_CODE (t) == ARRAY_TYPE)
	t = TREE_TYPE (t);
      if (COMPLETE_TYPE_P (t) && !VOID_TYPE_P (t)
	  && tree_fits_uhwi_p (TYPE_SIZE_UNIT (t))
	  && tree_to_uhwi (TYPE_SIZE_UNIT (t)) > 0
	  && a->bytes % tree_to_uhwi (TYPE_SIZE_UNIT (t)) == 0
	  && a->bytes > 0)
	elt = TYPE_MAIN_VARIANT (t);
    }
  if (!elt)
    elt = a->bytes % 8 == 0 && a->bytes ? long_long_unsigned_type_node
					: unsigned_char_type_node;
  unsigned HOST_WIDE_INT n = a->bytes / tree_to_uhwi (TYPE_SIZE_UNIT (elt));
  return build_array_type_nelts (elt, n ? n : 1);
}

/* Place the block of A (a call of the device clone) in a new private
   array.  */

static void
place (struct gpu_private_alloc *a)
{
  gimple *call = a->call;
  tree lhs = gimple_call_lhs (call);
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  unlink_stmt_vdef (call);
  if (!lhs)
    {
      gsi_remove (&gsi, true);
      release_defs (call);
      return;
    }
  tree var = create_tmp_var (array_type_for (a), "gpu_priv");
  TREE_ADDRESSABLE (var) = 1;
  tree addr = build_fold_addr_expr (var);
  gimple *g = useless_type_conversion_p (TREE_TYPE (lhs), TREE_TYPE (addr))
	      ? gimple_build_assign (lhs, addr)
	      : gimple_build_assign (lhs, NOP_EXPR, addr);
  gimple_set_location (g, gimple_location (call));
  gsi_replace (&gsi, g, false);
  if (alloc_kind (call) == BUILT_IN_CALLOC)
    {
      gcall *set = gimple_build_call (builtin_decl_explicit (BUILT_IN_MEMSET),
				      3, lhs, integer_zero_node,
				      size_int (a->bytes));
      gimple_set_location (set, gimple_location (g));
      gsi_insert_after (&gsi, set, GSI_NEW_STMT);
    }
}

/* Remove from the clone NEST the computations in integers wider than 64
   bits that nothing uses any more: the size in bits of a variable-length
   array's type (bitsizetype), which the device cannot compute and no
   longer needs once the array is placed.  */

static void
remove_wide_sizes (struct gpu_nest *nest)
{
  basic_block *bbs = get_loop_body (nest->outer);
  for (bool again = true; again;)
    {
      again = false;
      for (unsigned i = 0; i < nest->outer->num_nodes; i++)
	for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]);
	     !gsi_end_p (gsi);)
	  {
	    gimple *stmt = gsi_stmt (gsi);
	    tree lhs = is_gimple_assign (stmt) ? gimple_assign_lhs (stmt)
					       : NULL_TREE;
	    if (lhs && TREE_CODE (lhs) == SSA_NAME
		&& INTEGRAL_TYPE_P (TREE_TYPE (lhs))
		&& TYPE_PRECISION (TREE_TYPE (lhs)) > 64
		&& !gimple_has_side_effects (stmt) && has_zero_uses (lhs))
	      {
		gsi_remove (&gsi, true);
		release_defs (stmt);
		again = true;
	      }
	    else
	      gsi_next (&gsi);
	  }
    }
  free (bbs);
}

/* Transform the device clone NEST of R: place the blocks the analysis
   allows in private arrays, and remove their frees.  Returns the number
   of blocks placed.  */

static unsigned
transform_nest (struct gpu_region *r, struct gpu_nest *nest)
{
  auto_vec<gpu_private_alloc> privs;
  analyze_nest (r, nest->outer, nest->loops[0], &privs);
  hash_set<tree> placed;
  for (unsigned j = 0; j < privs.length (); j++)
    if (privs[j].placed && gimple_call_lhs (privs[j].call))
      placed.add (gimple_call_lhs (privs[j].call));
  /* The frees first: their pointers still lead to the calls; and the
     scopes of variable-length arrays (the region is offloaded only when
     they are all placed), each save after its restores.  */
  auto_vec<gimple *> dead;
  basic_block *bbs = get_loop_body (nest->outer);
  for (unsigned i = 0; i < nest->outer->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	enum built_in_function k = alloc_kind (stmt);
	tree p = k == BUILT_IN_FREE
		 ? gpu_pointer_origin (gimple_call_arg (stmt, 0)) : NULL_TREE;
	if ((p && placed.contains (p)) || k == BUILT_IN_STACK_RESTORE)
	  dead.safe_push (stmt);
      }
  for (unsigned i = 0; i < nest->outer->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (alloc_kind (gsi_stmt (gsi)) == BUILT_IN_STACK_SAVE)
	dead.safe_push (gsi_stmt (gsi));
  free (bbs);
  for (unsigned i = 0; i < dead.length (); i++)
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (dead[i]);
      unlink_stmt_vdef (dead[i]);
      gsi_remove (&gsi, true);
      release_defs (dead[i]);
    }
  unsigned n = 0;
  for (unsigned j = 0; j < privs.length (); j++)
    if (privs[j].placed)
      {
	place (&privs[j]);
	n++;
      }
  if (n)
    remove_wide_sizes (nest);
  return n;
}

/* Report the decisions about R's allocations (R->PRIVS, made on its host
   nest) in the dump and as remarks.  */

static void
report (struct gpu_region *r)
{
  for (unsigned j = 0; j < r->privs.length (); j++)
    {
      struct gpu_private_alloc *a = &r->privs[j];
      location_t loc = gimple_location (a->call);
      const char *name = alloc_what (a->call);
      const char *ptr = gimple_call_lhs (a->call)
			? gpu_value_name (gimple_call_lhs (a->call))
			: "<none>";
      char text[512];
      if (a->placed && !r->fail)
	snprintf (text, sizeof text, "%s: block of %s (%u bytes, pointer "
		  "'%s') in private memory", r->kernel_name, name, a->bytes,
		  ptr);
      else if (a->placed)
	snprintf (text, sizeof text, "%s: block of %s (pointer '%s') could "
		  "be private, but the loop is not offloaded", r->kernel_name,
		  name, ptr);
      else
	snprintf (text, sizeof text, "%s: block of %s not in private memory: "
		  "%s", r->kernel_name, name, a->why);
      gpu_dump_reason (a->placed && !r->fail ? "SUCCESS" : "FAILED", loc,
		       text);
      if (!dump_enabled_p ())
	continue;
      dump_user_location_t uloc = dump_user_location_t::from_location_t (loc);
      if (a->placed && !r->fail)
	dump_printf_loc (MSG_OPTIMIZED_LOCATIONS, uloc,
			 "block of %s (%u bytes) placed in private memory of "
			 "each work-item%s\n", name, a->bytes,
			 alloc_kind (a->call) == BUILT_IN_CALLOC
			 ? ", zeroed" : "");
      else if (!a->placed)
	dump_printf_loc (MSG_MISSED_OPTIMIZATION, uloc,
			 "block of %s not placed in private memory: %s\n",
			 name, a->why);
    }
}

namespace {

const pass_data pass_data_gpu_private =
{
  GIMPLE_PASS,			/* type */
  "gpu_private",		/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_private : public gimple_opt_pass
{
public:
  pass_gpu_private (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_private, ctxt)
  {}

  /* Only functions in which gpu_find made regions, unless private
     memory is switched off.  */
  virtual bool gate (function *fun)
  {
    return !gpu_opts.no_private && gpu_has_regions (fun);
  }

  virtual unsigned int execute (function *);
};

/* Report the analysis of every region of FUN, and place the blocks of
   those offloaded in private memory, in each of their device clones.  */

unsigned int
pass_gpu_private::execute (function *fun)
{
  vec<gpu_region *> *regions = gpu_regions (fun);
  loop_optimizer_init (LOOPS_NORMAL);
  bool changed = false;
  for (unsigned i = 0; i < regions->length (); i++)
    {
      struct gpu_region *r = (*regions)[i];
      report (r);
      if (r->fail || !r->dev.outer || r->privs.is_empty ())
	continue;
      unsigned n = transform_nest (r, &r->dev);
      for (int v = 0; v < r->nvariants; v++)
	if (r->variants[v].dev.outer)
	  n += transform_nest (r, &r->variants[v].dev);
      changed |= n > 0;
      if (dump_file && (dump_flags & TDF_DETAILS))
	fprintf (dump_file, "%s: %u blocks placed in %d device clones\n",
		 r->kernel_name, n, 1 + r->nvariants);
    }
  gpu_clone_pass_finish (fun, changed);
  return 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_private (gcc::context *ctxt)
{
  return new pass_gpu_private (ctxt);
}
