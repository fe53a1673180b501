/* gpu-alloc.cc -- the gpu_alloc pass: the device heap of a marked loop
   that allocates (issue 17, second step; docs/ABI.md section 8).

   gpu_private has placed in private memory the blocks whose size is
   bounded and whose pointer stays in the iteration.  Every other call
   to malloc, calloc, realloc or free in a device clone of the region,
   or in a function of this unit it calls (followed down the call
   chain), is served by the device heap: a buffer the kernel takes, from
   which the printer's allocator hands out blocks (per work-group
   chunks, oclemit.cc's heap_source).  This pass decides, for each
   region offloaded so far:

   - which calls the heap serves (R->heap_calls), and whether the region
     needs a heap at all (R->heap: some call allocates);
   - after which calls the work-item must test whether the heap ran out
     (R->heap_checks): every allocation, and every call of a function of
     the unit that can reach one (a failed allocation propagates up the
     device call chain; the runtime reruns the launch, docs/ABI.md
     section 8);
   - which heap blocks outlive the region (issue 17 item 5,
     R->escape_stores): only the start of a block the clone itself
     allocated, stored into an element of an argument's array of
     pointers (rows[i] = p) that the device never reads; the printer
     stores the block's offset in the heap and marks the element, the
     runtime copies each marked block into a host malloc block and
     writes its address there (docs/ABI.md section 8).  Any other store
     of a pointer derived from a heap block (into a heap block, a
     struct, a global, in a called function) would leave a device
     address behind: the region stays on the host;
   - that the region has no inner marked loop (its work-items meet at
     barriers; one that ran out of heap would leave its group waiting).

   It then transforms the device clones: a free of a heap block
   disappears (the allocator is a bump allocator).  The printer only
   prints what R->heap_calls and R->heap_checks say.  The host path keeps
   the user's calls.  -fopt-info-loop-optimized names the first heap
   allocation of each kernel (and why it is not private memory); the
   dump says SUCCESS or FAILED per region.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"

#define FAIL(R, STMT, ...) \
  gpu_region_fail ((R), gpu_stmt_loc ((R), (STMT)), __VA_ARGS__)

/* Deepest chain of called functions the pass follows.  */
#define GPU_ALLOC_DEPTH 16

/* The scan of one region.  */
struct alloc_scan
{
  struct gpu_region *r;
  /* The functions of the unit scanned, and whether each can reach an
     allocation (true while its scan is under way: a recursive call
     is followed by a check).  */
  hash_map<tree, bool> *reaches;
  /* The calls to functions of the unit, whose check depends on
     REACHES once every function is scanned.  */
  auto_vec<gcall *> unit_calls;
  /* The frees of heap blocks in the device clones, removed at the end.  */
  auto_vec<gimple *> frees;
  bool in_clone;		/* Scanning a device clone, not a callee.  */
  gcall *first;			/* The first allocation, NULL if none.  */
  gimple *first_site;		/* The call in the region leading there,  */
  tree first_fn;		/* and the function FIRST is in.  */
};

/* Is the call STMT one the device heap serves for region R: malloc,
   calloc, realloc or free (unless no-alloc), of a block gpu_private
   did not place?  Returns its kind, else END_BUILTINS.  */

static enum built_in_function
heap_kind (struct gpu_region *r, gimple *stmt)
{
  enum built_in_function k = gpu_heap_call_kind (stmt);
  if (k == END_BUILTINS || gpu_private_call_p (r, stmt))
    return END_BUILTINS;
  return k;
}

static bool own_ref_p (struct gpu_region *r, tree ref);

/* What block_ptr_p asks of a pointer.  */
enum block_walk
{
  /* On some path, it derives from a block of the device heap.  */
  WALK_HEAP,
  /* On every path, it points into the work-item's own memory
     (own_ref_p): a block the loop allocated (device heap or private
     memory) or an own variable.  */
  WALK_OWN,
  /* On every path, it is the start of a block of the device heap (no
     pointer arithmetic) or a null pointer.  */
  WALK_START
};

/* Follow the pointer PTR of region R back through copies, conversions,
   pointer arithmetic (not for WALK_START) and PHIs: does it answer
   WALK?  SEEN holds the names being followed (a cycle adds no other
   pointer).  */

static bool
block_ptr_p (struct gpu_region *r, tree ptr, hash_set<tree> *seen,
	     enum block_walk walk)
{
  /* Every path must answer, or some path.  */
  bool all = walk != WALK_HEAP;
  if (walk == WALK_OWN && TREE_CODE (ptr) == ADDR_EXPR)
    return own_ref_p (r, TREE_OPERAND (ptr, 0));
  if (walk == WALK_START && integer_zerop (ptr))
    return true;
  if (TREE_CODE (ptr) != SSA_NAME)
    return false;
  if (seen->add (ptr))
    return all;
  gimple *def = SSA_NAME_DEF_STMT (ptr);
  if (is_gimple_call (def))
    {
      enum built_in_function k = walk == WALK_OWN ? gpu_heap_call_kind (def)
				 : heap_kind (r, def);
      return k != END_BUILTINS && k != BUILT_IN_FREE;
    }
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	if (block_ptr_p (r, gimple_phi_arg_def (phi, i), seen, walk) != all)
	  return !all;
      return all;
    }
  if (!is_gimple_assign (def))
    return false;
  enum tree_code code = gimple_assign_rhs_code (def);
  if (code == SSA_NAME || CONVERT_EXPR_CODE_P (code)
      || (walk != WALK_START && code == POINTER_PLUS_EXPR)
      || (walk == WALK_OWN && code == ADDR_EXPR))
    return block_ptr_p (r, gimple_assign_rhs1 (def), seen, walk);
  return false;
}

/* Does the pointer PTR derive from a block of the device heap of R?  */

static bool
heap_derived_p (struct gpu_region *r, tree ptr)
{
  hash_set<tree> seen;
  return block_ptr_p (r, ptr, &seen, WALK_HEAP);
}

static bool scan_function (struct alloc_scan *s, tree fndecl, int depth);

/* The buffer parameter of region R the pointer PTR is computed from
   (through copies, conversions and pointer arithmetic), or -1.  */

static int
ptr_buffer_cap (struct gpu_region *r, tree ptr)
{
  while (TREE_CODE (ptr) == SSA_NAME)
    {
      for (unsigned i = 0; i < r->caps.length (); i++)
	if (r->caps[i].kind == GPU_CAP_BUFFER
	    && (r->caps[i].value == ptr
		|| (SSA_NAME_IS_DEFAULT_DEF (ptr) && SSA_NAME_VAR (ptr)
		    && r->caps[i].value == SSA_NAME_VAR (ptr))))
	  return i;
      gimple *def = SSA_NAME_DEF_STMT (ptr);
      if (!is_gimple_assign (def))
	return -1;
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code != POINTER_PLUS_EXPR && code != SSA_NAME
	  && !CONVERT_EXPR_CODE_P (code))
	return -1;
      ptr = gimple_assign_rhs1 (def);
    }
  return -1;
}

/* The buffer parameter of region R whose memory the reference REF is
   in, or -1.  */

static int
ref_buffer_cap (struct gpu_region *r, tree ref)
{
  tree base = get_base_address (ref);
  if (base && (TREE_CODE (base) == MEM_REF
	       || TREE_CODE (base) == TARGET_MEM_REF))
    return ptr_buffer_cap (r, TREE_OPERAND (base, 0));
  return -1;
}

/* May the store STMT of a device clone of the scan S, of the pointer to
   a heap block, leave that block to the host (issue 17 item 5)?
   Returns NULL and records the store in R->escape_stores, or why
   not.  */

static const char *
escape_store (struct alloc_scan *s, gimple *stmt)
{
  struct gpu_region *r = s->r;
  tree lhs = gimple_assign_lhs (stmt);
  tree rhs = gimple_assign_rhs1 (stmt);
  if (gpu_opts.no_escape)
    return "objects that outlive the region are switched off (no-escape)";
  if (!s->in_clone)
    return "it is stored in a called function";
  int cap = TREE_CODE (lhs) == MEM_REF ? ref_buffer_cap (r, lhs) : -1;
  if (cap < 0)
    return "only an element of an argument's array of pointers may "
	   "receive a block (not a heap block, a struct or a global)";
  if (r->escape_cap && r->escape_cap != cap + 1)
    return "blocks are stored into a second array of pointers";
  if (!POINTER_TYPE_P (TREE_TYPE (lhs))
      || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (TREE_TYPE (lhs)))
      || tree_to_uhwi (TYPE_SIZE_UNIT (TREE_TYPE (lhs))) != 8)
    return "the element stored is not an 8-byte pointer";
  hash_set<tree> seen;
  if (!block_ptr_p (r, rhs, &seen, WALK_START))
    return "it is not the start of a block the loop allocated";
  r->escape_cap = cap + 1;
  if (!r->escape_stores)
    r->escape_stores = new hash_set<gimple *>;
  r->escape_stores->add (stmt);
  return NULL;
}

/* Scan the statement STMT (of a device clone, or of a function it calls
   DEPTH calls down) for the device heap.  Returns true when STMT
   allocates or calls a function that can.  */

static bool
scan_stmt (struct alloc_scan *s, gimple *stmt, int depth)
{
  struct gpu_region *r = s->r;
  /* A heap pointer stored to memory would outlive the iteration.  */
  if (gimple_assign_single_p (stmt)
      && TREE_CODE (gimple_assign_lhs (stmt)) != SSA_NAME
      && TREE_CODE (gimple_assign_rhs1 (stmt)) == SSA_NAME
      && POINTER_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (stmt))))
    {
      const char *why;
      if (heap_derived_p (r, gimple_assign_rhs1 (stmt))
	  && (why = escape_store (s, stmt)) != NULL)
	FAIL (r, stmt, "pointer %qs to a block of the device heap is stored "
	      "to memory: the block would outlive the iteration and %s",
	      gpu_value_name (gimple_assign_rhs1 (stmt)), why);
      return false;
    }
  gcall *call = dyn_cast<gcall *> (stmt);
  if (!call)
    return false;
  enum built_in_function k = heap_kind (r, call);
  if (k != END_BUILTINS)
    {
      if (!r->heap_calls)
	r->heap_calls = new hash_set<gimple *>;
      r->heap_calls->add (call);
      if (k == BUILT_IN_FREE)
	{
	  if (s->in_clone)
	    s->frees.safe_push (call);
	  return false;
	}
      if (!r->heap_checks)
	r->heap_checks = new hash_set<gimple *>;
      r->heap_checks->add (call);
      if (!r->heap && dump_enabled_p ())
	{
	  const char *why = gpu_private_why_not (r, call);
	  dump_printf_loc (MSG_OPTIMIZED_LOCATIONS, r->callee_call
			   ? r->callee_call : call,
			   "kernel %s: %T%s from the device heap%s%s%s\n",
			   r->kernel_name, gimple_call_fndecl (call),
			   r->callee_call ? " in a called function" : "",
			   why ? " (not private memory: " : "",
			   why ? why : "", why ? ")" : "");
	}
      if (!s->first)
	{
	  s->first = call;
	  s->first_site = r->callee_call;
	  s->first_fn = r->callee_fn;
	}
      r->heap = true;
      return true;
    }
  tree fndecl = gpu_device_callee (call);
  if (!fndecl || gpu_marker_of (call) != GPU_MARK_NONE)
    return false;
  s->unit_calls.safe_push (call);
  /* Failures inside are reported at the call in the region.  */
  gimple *outer_call = r->callee_call;
  tree outer_fn = r->callee_fn;
  if (!outer_call)
    r->callee_call = call;
  r->callee_fn = fndecl;
  bool reach = scan_function (s, fndecl, depth + 1);
  r->callee_call = outer_call;
  r->callee_fn = outer_fn;
  return reach;
}

/* Scan the function FNDECL of the unit, DEPTH calls down from a device
   clone, once.  Returns whether it can reach an allocation.  */

static bool
scan_function (struct alloc_scan *s, tree fndecl, int depth)
{
  bool *known = s->reaches->get (fndecl);
  if (known)
    return *known;
  if (depth > GPU_ALLOC_DEPTH)
    return true;
  /* A recursive call reaching it meanwhile is followed by a check.  */
  s->reaches->put (fndecl, true);
  bool in_clone = s->in_clone;
  s->in_clone = false;
  bool reach = false;
  function *fun = DECL_STRUCT_FUNCTION (fndecl);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      reach |= scan_stmt (s, gsi_stmt (gsi), depth);
  s->in_clone = in_clone;
  s->reaches->put (fndecl, reach);
  return reach;
}

/* Scan the device clone NEST of region R.  */

static void
scan_nest (struct alloc_scan *s, struct gpu_nest *nest)
{
  if (!nest->outer)
    return;
  basic_block *bbs = get_loop_body (nest->outer);
  s->in_clone = true;
  for (unsigned i = 0; i < nest->outer->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      scan_stmt (s, gsi_stmt (gsi), 0);
  free (bbs);
}

/* Is the memory reference REF the work-item's own: a variable of the
   function it is in (not one the kernel takes from the host as a
   buffer), or a block the loop allocated?  Writing it before running
   out of heap changes nothing the iteration's rerun would not write
   again.  */

static bool
own_ref_p (struct gpu_region *r, tree ref)
{
  tree base = get_base_address (ref);
  if (!base)
    return false;
  if (TREE_CODE (base) == MEM_REF || TREE_CODE (base) == TARGET_MEM_REF)
    {
      hash_set<tree> seen;
      return block_ptr_p (r, TREE_OPERAND (base, 0), &seen, WALK_OWN);
    }
  if (TREE_CODE (base) != VAR_DECL && TREE_CODE (base) != PARM_DECL)
    return false;
  if (is_global_var (base))
    return false;
  for (unsigned i = 0; i < r->caps.length (); i++)
    if (r->caps[i].value == base)
      return false;
  return true;
}

static bool function_writes_shared_p (struct gpu_region *r, tree fndecl,
				      hash_map<tree, bool> *memo, int depth);

/* Can the statement STMT write memory that is not the work-item's own
   (own_ref_p): a store, an atomic, a call of the unit that does (MEMO
   holds those scanned, DEPTH calls down), a library call given a
   pointer to such memory?  */

static bool
writes_shared_p (struct gpu_region *r, gimple *stmt,
		 hash_map<tree, bool> *memo, int depth)
{
  if (!gimple_vdef (stmt))
    return false;
  gcall *call = dyn_cast<gcall *> (stmt);
  if (!call)
    {
      tree lhs = gimple_get_lhs (stmt);
      return !lhs || !own_ref_p (r, lhs);
    }
  /* The heap's own words are reset before a rerun.  */
  if (gpu_heap_call_kind (call) != END_BUILTINS)
    return false;
  tree lhs = gimple_call_lhs (call);
  if (lhs && TREE_CODE (lhs) != SSA_NAME && !own_ref_p (r, lhs))
    return true;
  if (gimple_call_internal_p (call))
    return true;
  tree fndecl = gimple_call_fndecl (call);
  if (!fndecl)
    return true;
  tree callee = gpu_device_callee (call);
  if (callee)
    return gpu_marker_of (call) == GPU_MARK_NONE
	   && function_writes_shared_p (r, callee, memo, depth + 1);
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  if (startswith (name, "__atomic_") || startswith (name, "__sync_"))
    return true;
  /* memcpy and the like write their first argument only; any other
     library call may write through each pointer it is given.  */
  unsigned nargs = gimple_call_num_args (call);
  if (gimple_call_builtin_p (call, BUILT_IN_MEMCPY)
      || gimple_call_builtin_p (call, BUILT_IN_MEMMOVE)
      || gimple_call_builtin_p (call, BUILT_IN_MEMSET))
    nargs = 1;
  for (unsigned i = 0; i < nargs; i++)
    {
      tree a = gimple_call_arg (call, i);
      hash_set<tree> seen;
      if (POINTER_TYPE_P (TREE_TYPE (a))
	  && !block_ptr_p (r, a, &seen, WALK_OWN))
	return true;
    }
  return false;
}

/* Can the function FNDECL of the unit, DEPTH calls down from the region
   R, write memory that is not the work-item's own?  MEMO holds the
   answers so far (true while a scan is under way).  */

static bool
function_writes_shared_p (struct gpu_region *r, tree fndecl,
			  hash_map<tree, bool> *memo, int depth)
{
  bool *known = memo->get (fndecl);
  if (known)
    return *known;
  if (depth > GPU_ALLOC_DEPTH)
    return true;
  memo->put (fndecl, true);
  bool writes = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, DECL_STRUCT_FUNCTION (fndecl))
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	 !gsi_end_p (gsi) && !writes; gsi_next (&gsi))
      writes = writes_shared_p (r, gsi_stmt (gsi), memo, depth);
  memo->put (fndecl, writes);
  return writes;
}

/* Can the statement FROM, in the outer loop LOOP of a device clone of R,
   reach a check of the device heap (R->heap_checks) within the same
   iteration (not through LOOP's header)?  FROM itself counts: a call
   that writes, then allocates.  */

static bool
reaches_check_p (struct gpu_region *r, struct loop *loop, gimple *from)
{
  gimple_stmt_iterator gsi = gsi_for_stmt (from);
  for (; !gsi_end_p (gsi); gsi_next (&gsi))
    if (r->heap_checks->contains (gsi_stmt (gsi)))
      return true;
  auto_vec<basic_block> work;
  auto_bitmap visited;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, gimple_bb (from)->succs)
    work.safe_push (e->dest);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      if (bb == loop->header || !flow_bb_inside_loop_p (loop, bb)
	  || !bitmap_set_bit (visited, bb->index))
	continue;
      for (gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
	if (r->heap_checks->contains (gsi_stmt (gsi)))
	  return true;
      FOR_EACH_EDGE (e, ei, bb->succs)
	work.safe_push (e->dest);
    }
  return false;
}

/* May the runtime run again only the iterations of R that ran out of
   heap (R->heap_iter, docs/ABI.md section 8)?  Only when no path of an
   iteration writes memory that is not its own before it can run out:
   the rerun then starts from the data the first run saw.  And only for
   the plain one-dimensional kernel, one iteration per work-item.
   Reports the decision; sets *WHY_STMT to the store that precedes an
   allocation, if that was the reason.  */

static const char *
iter_policy (struct gpu_region *r, gimple **why_stmt)
{
  *why_stmt = NULL;
  if (gpu_opts.no_heap_iter)
    return "switched off (no-heap-iter)";
  /* The runtime copies the blocks home after a whole good run.  */
  if (r->escape_cap)
    return "its blocks outlive the region";
  if (r->ndim != 1 || r->grid_stride || r->dev.group[0] || r->nvariants
      || r->nspec || !r->reds.is_empty ())
    return "not a plain one-dimensional kernel";
  struct loop *loop = r->dev.outer;
  hash_map<tree, bool> memo;
  basic_block *bbs = get_loop_body (loop);
  for (unsigned i = 0; i < loop->num_nodes && !*why_stmt; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (writes_shared_p (r, stmt, &memo, 0)
	    && reaches_check_p (r, loop, stmt))
	  {
	    *why_stmt = stmt;
	    break;
	  }
      }
  free (bbs);
  return *why_stmt ? "it writes shared memory before an allocation" : NULL;
}

/* The statement of the device clone NEST of region R, other than the
   stores of blocks, that reads or writes the array of pointers the
   blocks are stored into, or passes it to a call (its elements hold
   heap offsets on the device), or NULL.  */

static gimple *
escape_other_use (struct gpu_region *r, struct gpu_nest *nest)
{
  if (!nest->outer)
    return NULL;
  int cap = r->escape_cap - 1;
  gimple *use = NULL;
  basic_block *bbs = get_loop_body (nest->outer);
  for (unsigned i = 0; i < nest->outer->num_nodes && !use; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (r->escape_stores->contains (stmt) || gimple_clobber_p (stmt))
	  continue;
	bool uses = false;
	if (is_gimple_assign (stmt))
	  {
	    tree lhs = gimple_assign_lhs (stmt);
	    uses = (TREE_CODE (lhs) != SSA_NAME
		    && ref_buffer_cap (r, lhs) == cap)
		   || (gimple_vuse (stmt)
		       && ref_buffer_cap (r, gimple_assign_rhs1 (stmt)) == cap);
	  }
	else if (is_gimple_call (stmt))
	  for (unsigned a = 0; a < gimple_call_num_args (stmt) && !uses; a++)
	    {
	      tree arg = gimple_call_arg (stmt, a);
	      uses = (POINTER_TYPE_P (TREE_TYPE (arg))
		      && ptr_buffer_cap (r, arg) == cap)
		     || (TREE_CODE (arg) == ADDR_EXPR
			 && ref_buffer_cap (r, TREE_OPERAND (arg, 0)) == cap);
	    }
	if (uses)
	  {
	    use = stmt;
	    break;
	  }
      }
  free (bbs);
  return use;
}

/* Decide the device heap of region R and transform its device clones.
   Returns the number of statements removed.  */

static unsigned
alloc_region (struct gpu_region *r)
{
  struct alloc_scan s;
  s.r = r;
  s.reaches = new hash_map<tree, bool>;
  s.in_clone = false;
  s.first = NULL;
  s.first_site = NULL;
  s.first_fn = NULL_TREE;
  scan_nest (&s, &r->dev);
  for (int v = 0; v < r->nvariants; v++)
    scan_nest (&s, &r->variants[v].dev);
  /* A call to a function of the unit that can reach an allocation is
     followed by a check too.  */
  for (unsigned i = 0; i < s.unit_calls.length () && r->heap; i++)
    if (*s.reaches->get (gpu_device_callee (s.unit_calls[i])))
      r->heap_checks->add (s.unit_calls[i]);
  delete s.reaches;
  if (!r->heap && !s.frees.is_empty ())
    /* Only free: of a block from before the loop, which the device
       cannot give back.  */
    FAIL (r, s.frees[0], "call to %qD of a block the loop did not "
	  "allocate", gimple_call_fndecl (s.frees[0]));
  if (r->heap && r->ninner)
    {
      /* A work-item that runs out of heap ends its iteration early; the
	 others of its group would wait at a barrier.  */
      r->callee_call = s.first_site;
      r->callee_fn = s.first_fn;
      FAIL (r, s.first, "call to %qD in a loop with an inner "
	    "%<GPU_PARALLEL%> loop: no device heap there",
	    gimple_call_fndecl (s.first));
      r->callee_call = NULL;
      r->callee_fn = NULL_TREE;
    }
  /* Blocks that outlive the region: their array of pointers holds heap
     offsets on the device, which no other access may see.  */
  gimple *use = NULL;
  if (r->escape_cap && !r->fail)
    {
      use = escape_other_use (r, &r->dev);
      for (int v = 0; v < r->nvariants && !use; v++)
	use = escape_other_use (r, &r->variants[v].dev);
      if (use)
	FAIL (r, use, "the array of pointers %qs that heap blocks are "
	      "stored into is read, written or passed on elsewhere in the "
	      "loop: the blocks would outlive the iteration",
	      gpu_value_name (r->caps[r->escape_cap - 1].value));
    }
  if (r->fail)
    return 0;
  if (r->escape_cap && dump_enabled_p ())
    {
      gimple *store = *r->escape_stores->begin ();
      dump_printf_loc (MSG_OPTIMIZED_LOCATIONS, store,
		       "kernel %s: heap blocks stored into '%s' outlive the "
		       "region: the runtime copies them into host malloc "
		       "blocks\n", r->kernel_name,
		       gpu_value_name (r->caps[r->escape_cap - 1].value));
    }
  if (r->heap)
    {
      gimple *store;
      const char *why = iter_policy (r, &store);
      r->heap_iter = !why;
      if (dump_enabled_p () && r->heap_iter)
	dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
			 dump_user_location_t::from_location_t (r->loc),
			 "kernel %s: iterations that run out of device heap "
			 "are run again alone (none writes shared memory "
			 "before an allocation)\n", r->kernel_name);
      else if (dump_enabled_p () && store && is_gimple_call (store)
	       && gimple_call_fndecl (store))
	dump_printf_loc (MSG_MISSED_OPTIMIZATION, store,
			 "kernel %s: a run out of device heap is run again "
			 "whole: the call to %T may write shared memory "
			 "before an allocation\n", r->kernel_name,
			 gimple_call_fndecl (store));
      else if (dump_enabled_p () && store)
	{
	  tree base = gimple_get_lhs (store);
	  base = base ? get_base_address (base) : NULL_TREE;
	  if (base && (TREE_CODE (base) == MEM_REF
		       || TREE_CODE (base) == TARGET_MEM_REF))
	    base = TREE_OPERAND (base, 0);
	  /* The pointer the address was computed from (y of y + i).  */
	  while (base && TREE_CODE (base) == SSA_NAME
		 && !SSA_NAME_VAR (base)
		 && is_gimple_assign (SSA_NAME_DEF_STMT (base))
		 && (gimple_assign_rhs_code (SSA_NAME_DEF_STMT (base))
		     == POINTER_PLUS_EXPR))
	    base = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (base));
	  dump_printf_loc (MSG_MISSED_OPTIMIZATION, store,
			   "kernel %s: a run out of device heap is run again "
			   "whole: a store through %qs writes shared memory "
			   "before an allocation\n", r->kernel_name,
			   base ? gpu_value_name (base) : "<memory>");
	}
      else if (dump_enabled_p ())
	dump_printf_loc (MSG_MISSED_OPTIMIZATION,
			 dump_user_location_t::from_location_t (r->loc),
			 "kernel %s: a run out of device heap is run again "
			 "whole: %s\n", r->kernel_name, why);
    }
  for (unsigned i = 0; i < s.frees.length (); i++)
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (s.frees[i]);
      r->heap_calls->remove (s.frees[i]);
      unlink_stmt_vdef (s.frees[i]);
      gsi_remove (&gsi, true);
      release_defs (s.frees[i]);
    }
  return s.frees.length ();
}

namespace {

const pass_data pass_data_gpu_alloc =
{
  GIMPLE_PASS,			/* type */
  "gpu_alloc",			/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_alloc : public gimple_opt_pass
{
public:
  pass_gpu_alloc (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_alloc, ctxt)
  {}

  /* Only functions in which gpu_find made regions, unless the device
     heap is switched off (no-alloc: gpu_find keeps loops that allocate
     on the host).  */
  virtual bool gate (function *fun)
  {
    return !gpu_opts.no_alloc && gpu_has_regions (fun);
  }

  virtual unsigned int execute (function *);
};

/* Decide the device heap of every region of FUN still offloaded, and
   transform their device clones.  */

unsigned int
pass_gpu_alloc::execute (function *fun)
{
  vec<gpu_region *> *regions = gpu_regions (fun);
  loop_optimizer_init (LOOPS_NORMAL);
  bool changed = false;
  for (unsigned i = 0; i < regions->length (); i++)
    {
      struct gpu_region *r = (*regions)[i];
      if (r->fail || !r->dev.outer)
	continue;
      unsigned removed = alloc_region (r);
      changed |= removed > 0;
      if (r->fail)
	{
	  /* The FAILED line and the missed remark.  */
	  gpu_region_report_missed (r);
	  continue;
	}
      if (!r->heap)
	continue;
      char text[512];
      snprintf (text, sizeof text, "%s: device heap: %u calls, %u checks, "
		"%u frees removed", r->kernel_name,
		(unsigned) r->heap_calls->elements () + removed,
		(unsigned) r->heap_checks->elements (), removed);
      gpu_dump_reason ("SUCCESS", r->loc, text);
    }
  gpu_clone_pass_finish (fun, changed);
  return 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_alloc (gcc::context *ctxt)
{
  return new pass_gpu_alloc (ctxt);
}
