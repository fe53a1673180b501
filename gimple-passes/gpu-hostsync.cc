/* gpu-hostsync.cc -- the gpu_hostsync pass: let regions keep their data
   on the device between them, and bring it home where host code may look.

   Every region is one call gpurt_run (record, args, nargs, ...) made by
   gpu_outline, or gpurt_launch (record, args, nargs, ...) followed by its
   serial loop where the host path stays in place (a speculated region).  Without this pass the runtime copies each region's inputs
   in and its results back around every call.  This pass runs late (after
   inlining and the scalar optimizations, so that a time loop and the
   regions of the functions it calls are one body) on each function that
   launches a region, and:

     - analysis: a forward dataflow over the CFG of one bit, "a region of
       this function may have left results on the device".  A launch
       call sets it.  A host statement that may read or write memory a
       region could reach -- any load or store but those of the launch's
       own temporaries and of locals whose address is never taken, any
       call that is not const (but free, before which gpurt_discard drops
       the dying block's device copies), any asm, the function's return --
       needs the host copy current first: it is a sync point, and clears
       it.

     - transform: each gpurt_run or gpurt_launch call gets GPU_NARGS_KEEP (its results
       may stay on the device) and gpurt_sync () is inserted before every
       sync point the bit reaches set.  Nothing is ever stale: every path
       from a region to host code that may touch memory, or out of the
       function, passes a gpurt_sync; the runtime syncs before any host
       fallback too.  A loop without a region whose header would sync
       in every iteration (first thing it does that may touch memory)
       syncs once at the end of the blocks that enter it instead -- the
       serial loop of a speculated region after its gpurt_launch --
       unless -fplugin-arg-gpuoffload-no-sync-hoist.

   Callees: GCC compiles a unit's functions callees first.  A function
   local to the unit (all its calls are direct calls from the unit) whose
   only sync points reached with the bit set are its returns, and none of
   whose callers has been compiled yet, may return with its data still on
   the device: no sync at its returns, and its callers treat a call of it
   like a region (it sets the bit; it is no sync point).  Such a function
   starts with the bit set (its caller may have left data on the device),
   so its own host code before its regions syncs as needed.  A time loop
   calling step (a, b), with step's regions inside, thus keeps a and b on
   the device across the steps.

   Host accesses: a single load or store of a known address and size in
   a loop that launches regions (or outside loops) is checked at run time
   instead (GPU_CHECKS): gpurt_sync_load (address, size) before a load,
   gpurt_sync_range (address, size) before a store, act only when the
   thread keeps a device copy of those bytes -- and then bring home only
   what the access needs, the copies staying on the device (a store's
   bytes are copied in again at the next region) -- so per-step results and
   counters stored between regions leave the regions' data on the device
   (GCC's alias oracle could not tell them apart: they are all reached
   through pointers that escape into the launches).  So are the accesses
   of host loops without a region that run at most GPU_CHECK_MAX_ITERS
   iterations between two regions (new centroids copied from the
   reductions' results).  Every other access -- in a longer host loop
   without a region (one sync before the loop beats a check per
   iteration), a call that is not const, an aggregate copy -- is a
   sync point, whatever it touches.  So data also stays on the device
   across host code that only computes in registers or in locals whose
   address is never taken -- the loop control of a time-step loop around
   regions, the argument words of the next launch.
   Printing an element between steps is no sync point either: printf,
   fprintf to stdout or stderr, puts, fputs and putchar with only a
   constant text (no "%n") and scalar values read no memory of the
   program (gpu_output_call_p); the loads of the values printed are
   checked as above.
   -fplugin-arg-gpuoffload-no-sync-range makes every access and every
   such call a sync point.  The pass
   does not run at -O0, where a debugger must find each region's results
   in host memory; -fplugin-arg-gpuoffload-no-transfer-elim turns it off
   when optimizing.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"
#include "gpu-launch.h"

/* The runtime's gpurt_sync, gpurt_discard, gpurt_sync_range and
   gpurt_sync_load (GC roots: gpu_hostsync_ggc_roots).  */
static tree gpu_sync_decl, gpu_discard_decl, gpu_sync_range_decl;
static tree gpu_sync_load_decl;

/* Functions of the unit this pass has seen, and those of them that may
   return with data on the device (their callers sync).  The decls are
   the unit's functions, alive until the end of the unit.  */
static hash_set<tree> *gpu_hostsync_seen;
static hash_set<tree> *gpu_keeps_at_exit;

/* GC roots of this file.  */
static const struct ggc_root_tab gpu_hostsync_roots[] = {
  { &gpu_sync_decl, 1, sizeof (gpu_sync_decl), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &gpu_discard_decl, 1, sizeof (gpu_discard_decl), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &gpu_sync_range_decl, 1, sizeof (gpu_sync_range_decl),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  { &gpu_sync_load_decl, 1, sizeof (gpu_sync_load_decl),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

const struct ggc_root_tab *
gpu_hostsync_ggc_roots (void)
{
  return gpu_hostsync_roots;
}

/* Is STMT a call of the runtime function NAME?  */

static bool
gpu_runtime_call_p (gimple *stmt, const char *name)
{
  tree fn;

  if (!is_gimple_call (stmt))
    return false;
  fn = gimple_call_fndecl (stmt);
  return fn && DECL_NAME (fn) && id_equal (DECL_NAME (fn), name);
}

/* Is STMT a region's launch: gpurt_run, or gpurt_launch, which a region
   whose host path stays in place behind it calls (a speculated region,
   gpu_launch_serial)?  Both take NARGS third and honour GPU_NARGS_KEEP;
   when gpurt_launch returns 0 the runtime has brought kept data home
   first, and the serial loop after it is host code like any other.  */

static bool
gpu_launch_call_p (gimple *stmt)
{
  return (gpu_runtime_call_p (stmt, "gpurt_run")
	  || gpu_runtime_call_p (stmt, "gpurt_launch"));
}

/* Does STMT leave data on the device as a region does: a region's launch
   (gpu_launch_call_p), or a call of a function that may return with its
   data there?  */

static bool
gpu_region_like_p (gimple *stmt)
{
  tree fn;

  if (gpu_launch_call_p (stmt))
    return true;
  if (!is_gimple_call (stmt) || !gpu_keeps_at_exit)
    return false;
  fn = gimple_call_fndecl (stmt);
  return fn && gpu_keeps_at_exit->contains (fn);
}

/* Can the memory reference REF reach memory a region may have kept on
   the device?  Not when it is in a launch temporary or in a local whose
   address is never taken (a region reaches memory only through
   addresses).  */

static bool
gpu_ref_may_reach (tree ref)
{
  tree base = get_base_address (ref);

  if (base == NULL_TREE)
    return true;
  if (DECL_P (base))
    {
      if (gpu_launch_temp_p (base))
	return false;
      if (VAR_P (base) && !is_global_var (base) && !TREE_ADDRESSABLE (base))
	return false;
      if (TREE_CODE (base) == CONST_DECL)
	return false;
    }
  if (CONSTANT_CLASS_P (base))
    return false;
  return true;
}

/* What a statement does to the bit of the analysis (see the top).  */
enum gpu_effect
{
  GPU_NEUTRAL,			/* Registers, launch temporaries, clobbers.  */
  GPU_KEEPS,			/* A region, or a call of a function that may
				   return with its data on the device.  */
  GPU_SYNCS,			/* gpurt_sync: host memory is current.  */
  GPU_FREES,			/* free: touches no data but the block's,
				   whose device copies gpurt_discard drops
				   before it.  */
  GPU_NEEDS_SYNC,		/* Host code that may touch a region's data:
				   host memory must be current first.  */
  GPU_CHECKS			/* One load or store of a known address and
				   size, run once per launch or less:
				   gpurt_sync_range checks it against what
				   is kept, and syncs only on overlap.  */
};

/* The loops of the function being compiled that contain a region (by
   number), or NULL when its loops are not known: an access in any other
   loop is a sync point, since a check per iteration would cost more
   than one sync before the loop -- unless those loops run at most
   GPU_CHECK_MAX_ITERS times in all (the update of a few centroids from
   the reductions, a loop over the K of a #define), where the checks
   cost less than copying every kept array home and in again.  */
static bitmap gpu_launch_loops;
#define GPU_CHECK_MAX_ITERS 64

/* Do the loops from L out to the innermost loop that contains a region
   (or to the function's body) run at most GPU_CHECK_MAX_ITERS iterations
   in all, by the bounds GCC recorded for them?  */

static bool
gpu_few_host_iterations_p (class loop *l)
{
  HOST_WIDE_INT total = 1;

  for (; loop_outer (l) && !bitmap_bit_p (gpu_launch_loops, l->num);
       l = loop_outer (l))
    {
      HOST_WIDE_INT latches = max_loop_iterations_int (l);

      if (latches < 0 || latches + 1 > GPU_CHECK_MAX_ITERS / total)
	return false;
      total *= latches + 1;
    }
  return true;
}

/* The memory reference of the assignment STMT that may reach a region's
   data, when there is exactly one and its address and size can be taken
   (not a bit-field); else NULL_TREE.  */

static tree
gpu_checkable_ref (gimple *stmt)
{
  tree found = NULL_TREE;

  if (!gpu_launch_loops || gimple_has_volatile_ops (stmt))
    return NULL_TREE;
  class loop *l = gimple_bb (stmt)->loop_father;
  if (!l || !gpu_few_host_iterations_p (l))
    return NULL_TREE;
  for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
    {
      tree op = gimple_op (stmt, i);

      if (!op || !(REFERENCE_CLASS_P (op) || DECL_P (op))
	  || is_gimple_reg (op) || !gpu_ref_may_reach (op))
	continue;
      if (found)
	return NULL_TREE;
      found = op;
    }
  if (!found || may_be_nonaddressable_p (found)
      || !TYPE_SIZE_UNIT (TREE_TYPE (found))
      || TREE_CODE (TYPE_SIZE_UNIT (TREE_TYPE (found))) != INTEGER_CST)
    return NULL_TREE;
  return found;
}

/* Is ARG, an argument of an output call, a string constant without a
   "%n" conversion (which would store through a pointer argument)?  */

static bool
gpu_constant_text_p (tree arg)
{
  const char *s = c_getstr (arg);

  return s != NULL && strstr (s, "%n") == NULL;
}

/* Is ARG, the stream argument of an output call, the standard output or
   error stream (a load of the global 'stdout' or 'stderr')?  Any other
   stream may write into user memory (fmemopen, open_memstream, a buffer
   given to setvbuf).  */

static bool
gpu_standard_stream_p (tree arg)
{
  if (TREE_CODE (arg) != SSA_NAME)
    return false;
  gimple *def = SSA_NAME_DEF_STMT (arg);
  if (!gimple_assign_load_p (def))
    return false;
  tree var = gimple_assign_rhs1 (def);
  return (VAR_P (var) && is_global_var (var) && DECL_NAME (var)
	  && (id_equal (DECL_NAME (var), "stdout")
	      || id_equal (DECL_NAME (var), "stderr")));
}

/* Is STMT a call into AddressSanitizer's run time that the
   instrumentation of -fsanitize=address added (__asan_report_load4,
   __asan_load4, __asan_stack_malloc_1, __asan_handle_no_return, ...)?
   Those read and write shadow memory and the sanitizer's own state,
   never the program's bytes, so they are no sync point: else every
   checked access of an instrumented program would bring every region's
   data home.  */

static bool
gpu_asan_call_p (gimple *stmt)
{
  tree fn = gimple_call_fndecl (stmt);

  return (fn && fndecl_built_in_p (fn, BUILT_IN_NORMAL) && DECL_NAME (fn)
	  && startswith (IDENTIFIER_POINTER (DECL_NAME (fn)),
			 "__builtin___asan_"));
}

/* Is STMT a call of printf, fprintf, puts, fputs, putchar or fputc (or
   their _chk forms) that reads and writes no memory of the program but
   its constant text: every pointer argument is a string constant (the
   format without "%n") or the standard output or error stream?  Such a
   call is no sync point: the values it prints are loaded by statements
   of their own before it, which are checked as any other load.  A
   stream set up with a user buffer (setvbuf) over a region's data is
   not considered.  */

static bool
gpu_output_call_p (gimple *stmt)
{
  tree fn = gimple_call_fndecl (stmt);
  int stream = -1;

  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return false;
  switch (DECL_FUNCTION_CODE (fn))
    {
    case BUILT_IN_PRINTF:
    case BUILT_IN_PRINTF_CHK:
    case BUILT_IN_PUTS:
    case BUILT_IN_PUTCHAR:
      break;
    case BUILT_IN_FPRINTF:
    case BUILT_IN_FPRINTF_CHK:
      stream = 0;
      break;
    case BUILT_IN_FPUTS:
    case BUILT_IN_FPUTC:
      stream = 1;
      break;
    default:
      return false;
    }
  for (unsigned i = 0; i < gimple_call_num_args (stmt); i++)
    {
      tree arg = gimple_call_arg (stmt, i);

      if ((int) i == stream)
	{
	  if (!gpu_standard_stream_p (arg))
	    return false;
	}
      else if (POINTER_TYPE_P (TREE_TYPE (arg)) && !gpu_constant_text_p (arg))
	return false;
    }
  return true;
}

/* The effect of STMT on its own; for GPU_NEEDS_SYNC, *WHAT says why,
   for the remark.  */

static enum gpu_effect
gpu_own_effect (gimple *stmt, const char **what)
{
  if (is_gimple_debug (stmt) || gimple_clobber_p (stmt))
    return GPU_NEUTRAL;
  switch (gimple_code (stmt))
    {
    case GIMPLE_RETURN:
      *what = "the function returns";
      return GPU_NEEDS_SYNC;
    case GIMPLE_ASM:
      *what = "an asm statement";
      return gimple_vuse (stmt) != NULL_TREE
	     || gimple_asm_volatile_p (as_a <gasm *> (stmt))
	     ? GPU_NEEDS_SYNC : GPU_NEUTRAL;
    case GIMPLE_CALL:
      if (gpu_region_like_p (stmt))
	return GPU_KEEPS;
      if (gpu_runtime_call_p (stmt, "gpurt_sync"))
	return GPU_SYNCS;
      if (gpu_runtime_call_p (stmt, "gpurt_discard")
	  || gpu_runtime_call_p (stmt, "gpurt_sync_range")
	  || gpu_runtime_call_p (stmt, "gpurt_sync_load")
	  || gpu_runtime_call_p (stmt, "gpurt_disjoint"))
	return GPU_NEUTRAL;
      if (gimple_call_builtin_p (stmt, BUILT_IN_FREE))
	return GPU_FREES;
      if (!gpu_opts.no_sync_range && gpu_output_call_p (stmt))
	return GPU_NEUTRAL;
      if (gpu_asan_call_p (stmt))
	return GPU_NEUTRAL;
      *what = "a call that may read or write memory";
      return gimple_vuse (stmt) != NULL_TREE ? GPU_NEEDS_SYNC : GPU_NEUTRAL;
    case GIMPLE_ASSIGN:
      if (gimple_vuse (stmt) == NULL_TREE)
	return GPU_NEUTRAL;
      *what = "a load or store that may reach a region's data";
      if (gpu_checkable_ref (stmt))
	return GPU_CHECKS;
      for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
	{
	  tree op = gimple_op (stmt, i);

	  if (op && (REFERENCE_CLASS_P (op) || DECL_P (op))
	      && !is_gimple_reg (op) && gpu_ref_may_reach (op))
	    return GPU_NEEDS_SYNC;
	}
      return GPU_NEUTRAL;
    default:
      /* Conditions, labels, switches and PHIs use registers only.  */
      *what = "a statement that may read memory";
      return gimple_vuse (stmt) != NULL_TREE ? GPU_NEEDS_SYNC : GPU_NEUTRAL;
    }
}

/* The effect of STMT; for GPU_NEEDS_SYNC, *WHAT says why, for the
   remark.  An access that could be checked (GPU_CHECKS) is a sync point
   when a sync point follows it in its block before any region or sync:
   the check would only add a call before the same sync (a read of the
   result before the function returns, say).  */

static enum gpu_effect
gpu_stmt_effect (gimple *stmt, const char **what)
{
  enum gpu_effect e = gpu_own_effect (stmt, what);
  const char *later;

  if (e != GPU_CHECKS)
    return e;
  gimple_stmt_iterator gsi = gsi_for_stmt (stmt);
  for (gsi_next (&gsi); !gsi_end_p (gsi); gsi_next (&gsi))
    switch (gpu_own_effect (gsi_stmt (gsi), &later))
      {
      case GPU_NEEDS_SYNC:
	return GPU_NEEDS_SYNC;
      case GPU_KEEPS:
      case GPU_SYNCS:
	return GPU_CHECKS;
      default:
	break;
      }
  return GPU_CHECKS;
}

/* The bit after STMT, BIT before it, when no sync is inserted before
   STMT.  */

static bool
gpu_bit_after (gimple *stmt, bool bit)
{
  const char *what;

  switch (gpu_stmt_effect (stmt, &what))
    {
    case GPU_KEEPS:
      return true;
    case GPU_SYNCS:
    case GPU_NEEDS_SYNC:
      return false;
    default:
      return bit;
    }
}

/* The bit at the end of BB given IN at its start.  */

static bool
gpu_hostsync_transfer (basic_block bb, bool in)
{
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    in = gpu_bit_after (gsi_stmt (gsi), in);
  return in;
}

/* The analysis: for each block of FUN, whether a region may have left
   results on the device when it starts (IN, indexed by block index), the
   bit being ENTRY_BIT when FUN starts.  Returns false when FUN has no
   region nor a call of a function that may keep data.  */

static bool
gpu_hostsync_analyze (function *fun, bool entry_bit, auto_sbitmap &in)
{
  auto_sbitmap out (last_basic_block_for_fn (fun));
  basic_block bb;
  bool any = false, changed = true;

  bitmap_clear (in);
  bitmap_clear (out);
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (gpu_region_like_p (gsi_stmt (gsi)))
	any = true;
  if (!any)
    return false;
  /* The bit only grows: iterate to the fixed point.  */
  while (changed)
    {
      changed = false;
      FOR_EACH_BB_FN (bb, fun)
	{
	  edge e;
	  edge_iterator ei;
	  bool bit = false;

	  FOR_EACH_EDGE (e, ei, bb->preds)
	    if (e->src == ENTRY_BLOCK_PTR_FOR_FN (fun)
		? entry_bit : bitmap_bit_p (out, e->src->index))
	      bit = true;
	  if (bit && !bitmap_bit_p (in, bb->index))
	    {
	      bitmap_set_bit (in, bb->index);
	      changed = true;
	    }
	  if (gpu_hostsync_transfer (bb, bit)
	      && !bitmap_bit_p (out, bb->index))
	    {
	      bitmap_set_bit (out, bb->index);
	      changed = true;
	    }
	}
    }
  return true;
}

/* Set GPU_NARGS_KEEP on the launch CALL (gpu_launch_call_p), at GSI.  */

static void
gpu_mark_keep (gimple_stmt_iterator *gsi, gcall *call)
{
  tree nargs = gimple_call_arg (call, 2);
  tree keep = build_int_cst (TREE_TYPE (nargs), GPU_NARGS_KEEP);

  if (TREE_CODE (nargs) == INTEGER_CST)
    nargs = fold_build2 (BIT_IOR_EXPR, TREE_TYPE (nargs), nargs, keep);
  else
    {
      /* NARGS is computed (the ranges may not hold): OR the bit in.  */
      tree tmp = make_ssa_name (TREE_TYPE (nargs));
      gassign *ior = gimple_build_assign (tmp, BIT_IOR_EXPR, nargs, keep);
      gsi_insert_before (gsi, ior, GSI_SAME_STMT);
      nargs = tmp;
    }
  gimple_call_set_arg (call, 2, nargs);
  update_stmt (call);
}

/* Insert CALL, of a runtime function, before the statement at GSI in
   FUN, at that statement's location, with its call graph edge.  */

static void
gpu_insert_call (function *fun, gimple_stmt_iterator *gsi, gcall *call)
{
  /* (At the end of a block: the location the caller gave.)  */
  if (!gsi_end_p (*gsi))
    gimple_set_location (call, gimple_location (gsi_stmt (*gsi)));
  gsi_insert_before (gsi, call, GSI_SAME_STMT);
  cgraph_node *node = cgraph_node::get (fun->decl);
  if (node)
    node->create_edge (cgraph_node::get_create (gimple_call_fndecl (call)),
		       call, gimple_bb (call)->count);
}

/* A new call of gpurt_sync, before GSI in FUN.  */

static void
gpu_insert_sync (function *fun, gimple_stmt_iterator *gsi)
{
  if (!gpu_sync_decl)
    gpu_sync_decl = gpu_runtime_decl ("gpurt_sync",
				      build_function_type_list (void_type_node,
								NULL_TREE),
				      NULL, false);
  gpu_insert_call (fun, gsi, gimple_build_call (gpu_sync_decl, 0));
}

/* Before the call of free at GSI in FUN: gpurt_discard (its argument),
   so that device copies of the dying block are dropped, not copied back.  */

static void
gpu_insert_discard (function *fun, gimple_stmt_iterator *gsi)
{
  if (!gpu_discard_decl)
    gpu_discard_decl
      = gpu_runtime_decl ("gpurt_discard",
			  build_function_type_list (void_type_node,
						    ptr_type_node, NULL_TREE),
			  NULL, false);
  gpu_insert_call (fun, gsi,
		   gimple_build_call (gpu_discard_decl, 1,
				      gimple_call_arg (gsi_stmt (*gsi), 0)));
}

/* Before the load or store at GSI in FUN, whose memory reference is
   REF: gpurt_sync_range (&REF, sizeof REF) before a store,
   gpurt_sync_load (&REF, sizeof REF) before a load (the device copy
   stays current: the next region copies nothing in).  */

static void
gpu_insert_sync_range (function *fun, gimple_stmt_iterator *gsi, tree ref)
{
  bool store = gimple_get_lhs (gsi_stmt (*gsi)) == ref;
  tree *decl = store ? &gpu_sync_range_decl : &gpu_sync_load_decl;

  if (!*decl)
    *decl = gpu_runtime_decl (store ? "gpurt_sync_range" : "gpurt_sync_load",
			      build_function_type_list (void_type_node,
							const_ptr_type_node,
							size_type_node,
							NULL_TREE),
			      NULL, false);
  tree addr = build_fold_addr_expr (unshare_expr (ref));
  addr = force_gimple_operand_gsi (gsi, fold_convert (const_ptr_type_node,
						      addr),
				   true, NULL_TREE, true, GSI_SAME_STMT);
  tree size = fold_convert (size_type_node,
			    TYPE_SIZE_UNIT (TREE_TYPE (ref)));
  gpu_insert_call (fun, gsi, gimple_build_call (*decl, 2, addr, size));
}

namespace {

const pass_data pass_data_gpu_hostsync =
{
  GIMPLE_PASS,			/* type */
  "gpu_hostsync",		/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_hostsync : public gimple_opt_pass
{
public:
  pass_gpu_hostsync (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_hostsync, ctxt)
  {}

  /* When optimizing (at -O0 the debugger sees every region's results
     in host memory right after it, as it sees every statement's), unless
     switched off.  */
  virtual bool gate (function *)
  {
    return optimize > 0 && !gpu_opts.no_transfer_elim;
  }

  virtual unsigned int execute (function *);
};

/* Are all calls of NODE direct calls from this unit?  GCC sets LOCAL
   only when optimizing; at -O0, a static function whose address is never
   taken and that has no alias is called only directly.  */

static bool
gpu_local_function_p (cgraph_node *node)
{
  if (!node)
    return false;
  if (node->local)
    return true;
  return !TREE_PUBLIC (node->decl) && !DECL_EXTERNAL (node->decl)
	 && !node->address_taken && !node->alias && !node->has_aliases_p ()
	 && !DECL_PRESERVE_P (node->decl)
	 && !DECL_STATIC_CONSTRUCTOR (node->decl)
	 && !DECL_STATIC_DESTRUCTOR (node->decl);
}

/* Is the value V, stored into a launch's argument words, the address of
   (or into) a variable or parameter of FUN's own stack frame?  */

static bool
gpu_stack_address_p (tree v)
{
  tree base = gpu_pointer_base (v);
  return base && auto_var_p (base) && !gpu_launch_temp_p (base);
}

/* Does a region of FUN reach memory of FUN's own stack frame (a local
   array, a struct parameter)?  Its device copy must not outlive the
   frame: the host copy would be gone, or another frame's, by the next
   sync (and an asynchronous copy in could still be reading it).  */

static bool
gpu_launches_stack_p (function *fun)
{
  basic_block bb;

  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (!gimple_assign_single_p (stmt) && !gimple_assign_cast_p (stmt))
	  continue;
	tree lhs = gimple_assign_lhs (stmt);
	tree base = lhs ? get_base_address (lhs) : NULL_TREE;
	if (!base || !DECL_P (base) || !gpu_launch_temp_p (base))
	  continue;
	if (gpu_stack_address_p (gimple_assign_rhs1 (stmt)))
	  return true;
      }
  return false;
}

/* May FUN return with data on the device?  NODE is its call graph
   node, IN the analysis: FUN is local to the unit, none of its callers
   has been compiled yet, and no sync point but a return is reached with
   the bit set.  */

static bool
gpu_may_keep_at_exit (function *fun, cgraph_node *node, auto_sbitmap &in)
{
  basic_block bb;
  const char *what;

  if (!gpu_local_function_p (node))
    {
      if (dump_file && (dump_flags & TDF_DETAILS))
	fprintf (dump_file, "FAILED: %s syncs at its returns: it may be"
		 " called from outside the unit or through a pointer\n",
		 function_name (fun));
      return false;
    }
  if (gpu_launches_stack_p (fun))
    {
      if (dump_file && (dump_flags & TDF_DETAILS))
	fprintf (dump_file, "FAILED: %s syncs at its returns: a region"
		 " reaches its own stack frame\n", function_name (fun));
      return false;
    }
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    {
      cgraph_node *caller = e->caller->inlined_to ? e->caller->inlined_to
			    : e->caller;
      if (caller == node || gpu_hostsync_seen->contains (caller->decl))
	{
	  if (dump_file && (dump_flags & TDF_DETAILS))
	    fprintf (dump_file, "FAILED: %s syncs at its returns: its caller"
		     " %s was compiled first\n", function_name (fun),
		     IDENTIFIER_POINTER (DECL_NAME (caller->decl)));
	  return false;
	}
    }
  FOR_EACH_BB_FN (bb, fun)
    {
      bool bit = bitmap_bit_p (in, bb->index);

      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);

	  if (bit && gimple_code (stmt) != GIMPLE_RETURN
	      && gpu_stmt_effect (stmt, &what) == GPU_NEEDS_SYNC)
	    return false;
	  bit = gpu_bit_after (stmt, bit);
	}
    }
  return true;
}

/* Report the sync inserted for the statement STMT of FUN, which needs
   host memory current because of WHAT; BEFORE_LOOP when the sync is on
   the entries of STMT's loop (gpu_hoist_loop_syncs).  */

static void
gpu_report_sync (gimple *stmt, const char *what, bool before_loop)
{
  if (dump_enabled_p ())
    dump_printf_loc (MSG_MISSED_OPTIMIZATION, stmt,
		     "data kept on the device is copied back here%s: %s\n",
		     before_loop ? " (once, before the loop)" : "", what);
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (gimple_location (stmt));
      fprintf (dump_file, "SUCCESS: %s:%d: sync before %s%s: ",
	       xl.file ? xl.file : "?", xl.line, what,
	       before_loop ? " (on the loop's entries)" : "");
      print_gimple_stmt (dump_file, stmt, 0, TDF_SLIM);
    }
}

/* The first statement of the header of LOOP, in FUN, that is no
   GPU_NEUTRAL statement, when it is a sync point (GPU_NEEDS_SYNC; *WHAT
   says why) that every iteration of LOOP reaches with the bit IN set on
   entry only, and LOOP has no region (no statement of it sets the bit
   again): a sync on LOOP's entries then stands for the one that would
   come before that statement in every iteration (the serial loop of a
   speculated region after its gpurt_launch).  Else NULL.  */

static gimple *
gpu_loop_sync_point (class loop *loop, auto_sbitmap &in, const char **what)
{
  basic_block h = loop->header;
  if (!bitmap_bit_p (in, h->index))
    return NULL;
  gimple *first = NULL;
  for (gimple_stmt_iterator gsi = gsi_start_bb (h); !gsi_end_p (gsi)
       && !first; gsi_next (&gsi))
    switch (gpu_stmt_effect (gsi_stmt (gsi), what))
      {
      case GPU_NEUTRAL:
	break;
      case GPU_NEEDS_SYNC:
	first = gsi_stmt (gsi);
	break;
      default:
	return NULL;
      }
  if (!first)
    return NULL;
  basic_block *body = get_loop_body (loop);
  bool region = false;
  for (unsigned i = 0; i < loop->num_nodes && !region; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      region |= gpu_region_like_p (gsi_stmt (gsi));
  free (body);
  return region ? NULL : first;
}

/* In FUN, whose blocks start with the bit IN: a loop whose header syncs
   in every iteration (gpu_loop_sync_point) gets gpurt_sync at the end of
   each block that enters it with the bit set instead, when each such
   block goes only into the loop; IN is then computed again.  Returns
   the number of syncs inserted.  */

static unsigned
gpu_hoist_loop_syncs (function *fun, bool entry_bit, auto_sbitmap &in)
{
  unsigned n = 0;
  const char *what;
  /* The loops as they are now (the later passes left them to be fixed
     up); no block is added.  */
  loop_optimizer_init (AVOID_CFG_MODIFICATIONS);
  for (auto loop : loops_list (fun, 0))
    {
      gimple *stmt = gpu_loop_sync_point (loop, in, &what);
      if (!stmt)
	continue;
      auto_vec<basic_block> entries;
      bool ok = true;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, loop->header->preds)
	{
	  if (flow_bb_inside_loop_p (loop, e->src)
	      || (e->src != ENTRY_BLOCK_PTR_FOR_FN (fun)
		  && !gpu_hostsync_transfer (e->src,
					     bitmap_bit_p (in,
							   e->src->index))))
	    continue;
	  gimple *last = last_stmt (e->src);
	  if (e->src == ENTRY_BLOCK_PTR_FOR_FN (fun)
	      || !single_succ_p (e->src)
	      || (e->flags & (EDGE_ABNORMAL | EDGE_EH))
	      || (last && stmt_ends_bb_p (last)))
	    ok = false;
	  else
	    entries.safe_push (e->src);
	}
      if (!ok || entries.is_empty ())
	continue;
      for (unsigned i = 0; i < entries.length (); i++)
	{
	  gimple_stmt_iterator gsi = gsi_last_bb (entries[i]);
	  if (!gsi_end_p (gsi))
	    gsi_next (&gsi);
	  gpu_insert_sync (fun, &gsi);
	  gimple_set_location (gsi_stmt (gsi_last_bb (entries[i])),
			       gimple_location (stmt));
	  n++;
	}
      gpu_report_sync (stmt, what, true);
      /* The syncs clear the bit: the loop's blocks start without it.  */
      gpu_hostsync_analyze (fun, entry_bit, in);
    }
  loop_optimizer_finalize ();
  return n;
}

/* Mark the regions of FUN and insert the syncs.  */

unsigned int
pass_gpu_hostsync::execute (function *fun)
{
  auto_sbitmap in (last_basic_block_for_fn (fun));
  basic_block bb;
  unsigned nsync = 0, nkeep = 0, ndiscard = 0, ncheck = 0;
  cgraph_node *node = cgraph_node::get (fun->decl);
  bool keep_at_exit;

  if (!gpu_hostsync_seen)
    {
      gpu_hostsync_seen = new hash_set<tree>;
      gpu_keeps_at_exit = new hash_set<tree>;
    }
  gpu_hostsync_seen->add (fun->decl);
  /* The loops that contain a region, for GPU_CHECKS.  */
  auto_bitmap launch_loops;
  gpu_launch_loops = NULL;
  if (current_loops && !gpu_opts.no_sync_range)
    {
      gpu_launch_loops = launch_loops;
      FOR_EACH_BB_FN (bb, fun)
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	     gsi_next (&gsi))
	  if (gpu_region_like_p (gsi_stmt (gsi)))
	    for (class loop *l = bb->loop_father; l; l = loop_outer (l))
	      bitmap_set_bit (launch_loops, l->num);
    }
  /* A local function may be called with data on the device.  */
  if (!gpu_hostsync_analyze (fun, gpu_local_function_p (node), in))
    {
      gpu_launch_loops = NULL;
      return 0;
    }
  if (!gpu_opts.no_sync_hoist)
    nsync = gpu_hoist_loop_syncs (fun, gpu_local_function_p (node), in);
  keep_at_exit = gpu_may_keep_at_exit (fun, node, in);
  if (keep_at_exit)
    {
      gpu_keeps_at_exit->add (fun->decl);
      if (dump_enabled_p ())
	dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
			 dump_user_location_t::from_function_decl (fun->decl),
			 "'%s' may return with its regions' data on the"
			 " device: its callers copy it back\n",
			 gpu_value_name (fun->decl));
      if (dump_file && (dump_flags & TDF_DETAILS))
	fprintf (dump_file, "SUCCESS: %s may return with data on the"
		 " device\n", function_name (fun));
    }

  FOR_EACH_BB_FN (bb, fun)
    {
      bool bit = bitmap_bit_p (in, bb->index);
      const char *what;

      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  location_t loc = gimple_location (stmt);

	  switch (gpu_stmt_effect (stmt, &what))
	    {
	    case GPU_KEEPS:
	      if (gpu_launch_call_p (stmt))
		{
		  gpu_mark_keep (&gsi, as_a <gcall *> (stmt));
		  nkeep++;
		  if (dump_enabled_p ())
		    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS, stmt,
				     "region's data may stay on the device"
				     " after it\n");
		}
	      else if (dump_enabled_p ())
		dump_printf_loc (MSG_OPTIMIZED_LOCATIONS, stmt,
				 "data of the regions of '%s' may stay on the"
				 " device after the call\n",
				 gpu_value_name (gimple_call_fndecl (stmt)));
	      break;
	    case GPU_FREES:
	      if (!bit)
		break;
	      gpu_insert_discard (fun, &gsi);
	      ndiscard++;
	      if (dump_file && (dump_flags & TDF_DETAILS))
		{
		  expanded_location xl = expand_location (loc);
		  fprintf (dump_file, "SUCCESS: %s:%d: device copies of the "
			   "freed block are dropped\n",
			   xl.file ? xl.file : "?", xl.line);
		}
	      break;
	    case GPU_CHECKS:
	      if (!bit)
		break;
	      gpu_insert_sync_range (fun, &gsi, gpu_checkable_ref (stmt));
	      ncheck++;
	      if (dump_file && (dump_flags & TDF_DETAILS))
		{
		  expanded_location xl = expand_location (loc);
		  fprintf (dump_file, "SUCCESS: %s:%d: access checked against"
			   " the data kept on the device: ",
			   xl.file ? xl.file : "?", xl.line);
		  print_gimple_stmt (dump_file, stmt, 0, TDF_SLIM);
		}
	      break;
	    case GPU_NEEDS_SYNC:
	      if (!bit
		  || (keep_at_exit && gimple_code (stmt) == GIMPLE_RETURN))
		break;
	      gpu_insert_sync (fun, &gsi);
	      nsync++;
	      gpu_report_sync (stmt, what, false);
	      break;
	    default:
	      break;
	    }
	  bit = gpu_bit_after (stmt, bit);
	}
    }
  if (dump_file && (dump_flags & TDF_DETAILS))
    fprintf (dump_file, "SUCCESS: %u region call(s) may keep their data on"
	     " the device, %u sync(s) and %u check(s) inserted\n", nkeep,
	     nsync, ncheck);
  gpu_launch_loops = NULL;
  if (nsync == 0 && ndiscard == 0 && ncheck == 0)
    return 0;
  /* The tail-call pass ran before this one: a call it marked may now be
     followed by a gpurt_sync (at the return after it), which a tail call
     would skip.  No call of FUN is a tail call any more.  */
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi)))
	gimple_call_set_tail (call, false);
  mark_virtual_operands_for_renaming (fun);
  return TODO_update_ssa_only_virtuals;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_hostsync (gcc::context *ctxt)
{
  return new pass_gpu_hostsync (ctxt);
}
