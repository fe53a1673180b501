/* gpu-params.cc -- the parameters and memory references of a region, for
   gpu_find.

   Every value the region's statements use that is defined before the
   region becomes a kernel parameter: a scalar by value, or a pointer whose
   memory is copied to a device buffer; so does every object the host also
   sees (a global, or a variable of the function used outside the region),
   and every global object a function called from the region uses.
   Every memory reference through such a buffer is recorded with whether
   it reads or writes, so that gpu_find can bound what each buffer reaches.
   The walk visits exactly the operands the printer prints, and asks
   gpu-memory.cc the same questions, so the printer finds every parameter
   it needs here.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-params.h"

#define FAIL(R, STMT, ...) \
  gpu_region_fail ((R), gpu_stmt_loc ((R), (STMT)), __VA_ARGS__)

/* The walk over one statement.  */
struct params_walk
{
  struct gpu_memctx *m;
  gimple *stmt;
};

/* Record that STMT accesses buffer parameter CAP of R through REF
   (NULL: through a pointer passed to a function) with FLAGS.  */

static void
note_access (struct gpu_region *r, gimple *stmt, tree ref, int cap,
	     unsigned flags)
{
  if (cap < 0)
    return;
  struct gpu_access a = { stmt, ref, cap, flags };
  r->accs.safe_push (a);
  r->caps[cap].flags |= flags;
}

/* If REF, used by STMT, is a memory reference into global memory, record
   it with FLAGS.  */

static void
scan_ref (struct gpu_memctx *m, gimple *stmt, tree ref, unsigned flags)
{
  if (TREE_CODE (ref) == SSA_NAME || CONSTANT_CLASS_P (ref)
      || TREE_CODE (ref) == ADDR_EXPR || TREE_CODE (ref) == CONSTRUCTOR)
    return;
  if (TREE_CODE (ref) == VIEW_CONVERT_EXPR
      && TREE_CODE (TREE_OPERAND (ref, 0)) == SSA_NAME)
    return;
  tree base_ptr;
  tree obj = gpu_ref_base (ref, &base_ptr);
  struct gpu_ptr pi = base_ptr ? gpu_ptr_info (m, stmt, base_ptr)
    : gpu_decl_info (m, stmt, obj);
  if (pi.as != GPU_AS_GLOBAL || pi.cap == GPU_CAP_HEAP)
    return;
  if (pi.cap < 0)
    FAIL (m->r, stmt, "cannot tell which array %qs points into",
	  gpu_value_name (base_ptr));
  note_access (m->r, stmt, ref, pi.cap, flags);
}

/* The SSA name NAME is used or defined by W's statement: a value from
   before the region is a parameter; a pointer's memory is located.  */

static void
scan_name (struct params_walk *w, tree name)
{
  if (SSA_NAME_IS_VIRTUAL_OPERAND (name))
    return;
  if (POINTER_TYPE_P (TREE_TYPE (name)))
    {
      gpu_ptr_info (w->m, w->stmt, name);
      return;
    }
  tree var = SSA_NAME_VAR (name);
  bool outside = SSA_NAME_IS_DEFAULT_DEF (name)
    ? var && TREE_CODE (var) == PARM_DECL
    : !w->m->blocks->contains (gimple_bb (SSA_NAME_DEF_STMT (name)));
  if (outside)
    gpu_region_param (w->m->r, name, GPU_CAP_SCALAR, true, w->stmt);
}

/* walk_tree callback over an operand of W's statement (DATA).  */

static tree
scan_operand_r (tree *tp, int *walk_subtrees, void *data)
{
  struct params_walk *w = (struct params_walk *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  switch (TREE_CODE (t))
    {
    case SSA_NAME:
      scan_name (w, t);
      break;
    case ADDR_EXPR:
      if (TREE_CODE (TREE_OPERAND (t, 0)) == FUNCTION_DECL)
	{
	  FAIL (w->m->r, w->stmt, "address of function %qD",
		TREE_OPERAND (t, 0));
	  *walk_subtrees = 0;
	}
      else
	gpu_ptr_info (w->m, w->stmt, t);
      break;
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      gpu_decl_info (w->m, w->stmt, t);
      break;
    default:
      break;
    }
  return NULL_TREE;
}

/* Scan the operand *OP of STMT.  */

static void
scan_operand (struct gpu_memctx *m, gimple *stmt, tree *op)
{
  if (!*op)
    return;
  struct params_walk w = { m, stmt };
  walk_tree_without_duplicates (op, scan_operand_r, &w);
}

/* Whether FNDECL, a function of the translation unit, stores nothing:
   its body is in SSA form and no statement of it has a virtual
   definition (a store, or a call of a function that may store), touches
   volatile memory or is an asm.  A store to one of its own local arrays
   counts as a store too.  */

static bool
callee_stores_nothing_p (tree fndecl)
{
  function *fun = DECL_STRUCT_FUNCTION (fndecl);
  if (!fun || !fun->cfg || !gimple_in_ssa_p (fun)
      || !gimple_has_body_p (fndecl))
    return false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *s = gsi_stmt (gsi);
	if (is_gimple_debug (s) || gimple_clobber_p (s))
	  continue;
	if (gimple_vdef (s) || gimple_has_volatile_ops (s)
	    || gimple_code (s) == GIMPLE_ASM)
	  return false;
      }
  return true;
}

/* Pointers that STMT, a call, passes to a function of the translation
   unit: the callee may read or write anything through them, or only
   read when it stores nothing (hotspot's cell update: the arrays it
   reads are then not copied back after the region).  */

static void
scan_callee_args (struct gpu_memctx *m, gcall *call)
{
  tree fndecl = gimple_call_fndecl (call);
  if (gimple_call_internal_p (call) || !fndecl
      || fndecl_built_in_p (fndecl, BUILT_IN_NORMAL)
      || gpu_device_lib_name (fndecl))
    return;
  unsigned flags = GPU_ACC_READ;
  if (gpu_opts.no_readonly_callee || !callee_stores_nothing_p (fndecl))
    flags |= GPU_ACC_WRITE;
  unsigned i = 0;
  for (tree p = DECL_ARGUMENTS (fndecl);
       p && i < gimple_call_num_args (call); p = DECL_CHAIN (p), i++)
    {
      if (!POINTER_TYPE_P (TREE_TYPE (p)))
	continue;
      tree arg = gimple_call_arg (call, i);
      struct gpu_ptr pi = gpu_ptr_info (m, call, arg);
      if (pi.as != GPU_AS_GLOBAL || pi.cap == GPU_CAP_HEAP)
	continue;
      if (pi.cap < 0)
	FAIL (m->r, call, "cannot tell which array %qs points into",
	      gpu_value_name (arg));
      note_access (m->r, call, NULL_TREE, pi.cap, flags);
    }
}

/* The walk over the functions the region calls.  */
struct callee_walk
{
  struct gpu_region *r;
  gimple *stmt;			/* The statement being walked.  */
  unsigned flags;		/* How it accesses what is walked.  */
  hash_set<tree> *seen;		/* Functions walked.  */
};

/* walk_tree callback over an operand of a called function's statement:
   a global object becomes a buffer parameter of the region.  */

static tree
callee_global_r (tree *tp, int *walk_subtrees, void *data)
{
  struct callee_walk *w = (struct callee_walk *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  unsigned flags = w->flags;
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      /* Its address may be written through.  */
      flags = GPU_ACC_READ | GPU_ACC_WRITE;
      t = TREE_OPERAND (t, 0);
      while (handled_component_p (t))
	t = TREE_OPERAND (t, 0);
    }
  if (!VAR_P (t) || !is_global_var (t) || DECL_HARD_REGISTER (t))
    return NULL_TREE;
  /* Thread-locals and volatiles are refused by the printer.  */
  if (DECL_THREAD_LOCAL_P (t) || TREE_THIS_VOLATILE (t))
    return NULL_TREE;
  int cap = gpu_region_param (w->r, t, GPU_CAP_BUFFER, true, w->stmt);
  if (cap < 0)
    return NULL_TREE;
  w->r->caps[cap].callee_global = true;
  w->r->caps[cap].flags |= flags;
  if (dump_file && (dump_flags & TDF_DETAILS))
    fprintf (dump_file, "  called function %s uses global %s (%s%s): "
	     "argument %d\n",
	     IDENTIFIER_POINTER (DECL_NAME (current_function_decl)),
	     gpu_value_name (t), flags & GPU_ACC_READ ? "r" : "",
	     flags & GPU_ACC_WRITE ? "w" : "", cap);
  return NULL_TREE;
}

/* See gpu-region.h.  */

tree
gpu_device_callee (gcall *call)
{
  tree fndecl = gimple_call_fndecl (call);
  if (gimple_call_internal_p (call) || !fndecl
      || fndecl_built_in_p (fndecl, BUILT_IN_NORMAL)
      || gpu_device_lib_name (fndecl))
    return NULL_TREE;
  function *fun = DECL_STRUCT_FUNCTION (fndecl);
  if (!fun || !fun->cfg || !gimple_has_body_p (fndecl))
    return NULL_TREE;
  return fndecl;
}

static void scan_callee (struct callee_walk *w, tree fndecl);

/* See gpu-params.h.  */

bool
gpu_host_only_call_p (gcall *call)
{
  tree fndecl = gimple_call_fndecl (call);
  /* Internal functions, calls through pointers and setjmp: the printer
     says why.  */
  if (gimple_call_internal_p (call) || !fndecl || gpu_device_callee (call)
      || gpu_device_call_p (fndecl)
      || gpu_heap_call_kind (call) != END_BUILTINS)
    return false;
  if (fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    return (DECL_FUNCTION_CODE (fndecl) != BUILT_IN_SETJMP
	    && DECL_FUNCTION_CODE (fndecl) != BUILT_IN_LONGJMP);
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  return (strcmp (n, "setjmp") && strcmp (n, "_setjmp")
	  && strcmp (n, "sigsetjmp") && strcmp (n, "__sigsetjmp"));
}

/* Fail R unless the call CALL can run on the device: a function of this
   translation unit (the printer checks its body), or one the printer has
   a device version of.  The reason names the call; gpu_stmt_loc places it
   at the call in the loop.  */

static void
check_call (struct gpu_region *r, gcall *call)
{
  /* A block gpu_private places in private memory, and its free.  */
  if (gpu_private_call_p (r, call))
    return;
  /* Any other malloc, calloc, realloc and free: the device heap, which
     gpu_alloc sets up.  */
  if (gpu_heap_call_kind (call) != END_BUILTINS)
    return;
  if (!gpu_host_only_call_p (call))
    return;
  tree fndecl = gimple_call_fndecl (call);
  if (fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    FAIL (r, call, "call to %qD, which has no device version", fndecl);
  else if (DECL_IN_SYSTEM_HEADER (fndecl))
    FAIL (r, call, "call to %qD, a C library function with no device "
	  "version", fndecl);
  else
    FAIL (r, call, "call to %qD, which has no body in this translation "
	  "unit", fndecl);
}

/* Scan the statement STMT of a called function for the globals it uses,
   and the functions it calls in turn.  */

static void
scan_callee_stmt (struct callee_walk *w, gimple *stmt)
{
  if (is_gimple_debug (stmt) || gimple_clobber_p (stmt))
    return;
  w->stmt = stmt;
  tree lhs = gimple_get_lhs (stmt);
  for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
    {
      tree *op = gimple_op_ptr (stmt, i);
      if (!*op)
	continue;
      w->flags = *op == lhs ? GPU_ACC_WRITE : GPU_ACC_READ;
      /* A partly written object is copied in too.  */
      if (*op == lhs && (handled_component_p (lhs)
			 || TREE_CODE (lhs) == MEM_REF))
	w->flags |= GPU_ACC_READ;
      walk_tree (op, callee_global_r, w, NULL);
    }
  if (gcall *call = dyn_cast<gcall *> (stmt))
    {
      check_call (w->r, call);
      if (tree fndecl = gpu_device_callee (call))
	scan_callee (w, fndecl);
    }
}

/* Scan the body of FNDECL, called from the region, once.  */

static void
scan_callee (struct callee_walk *w, tree fndecl)
{
  if (w->seen->add (fndecl))
    return;
  function *fun = DECL_STRUCT_FUNCTION (fndecl);
  /* The blocks gpu_speculate makes deopts never run on the device.  */
  auto_vec<gcall *> sites;
  gpu_speculate_callee_sites (fun, &sites);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      if (gpu_speculate_site_block_p (&sites, bb))
	continue;
      for (gphi_iterator psi = gsi_start_phis (bb); !gsi_end_p (psi);
	   gsi_next (&psi))
	{
	  gphi *phi = psi.phi ();
	  w->stmt = phi;
	  w->flags = GPU_ACC_READ;
	  for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
	    walk_tree (gimple_phi_arg_def_ptr (phi, k), callee_global_r, w,
		       NULL);
	}
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	scan_callee_stmt (w, gsi_stmt (gsi));
    }
}

/* The accesses the call CALL of a C library function with a device
   version (gpu_device_lib_name) makes through its pointer arguments: N
   bytes, when N is a constant, else as far as the compiler cannot tell
   (GPU_EXTENT then bounds them).  */

static void
scan_lib_call (struct gpu_memctx *m, gcall *call)
{
  const char *name = gpu_device_lib_name (gimple_call_fndecl (call));
  if (!name)
    return;
  bool str = (!strcmp (name, "strlen") || !strcmp (name, "strtod")
	      || !strcmp (name, "atof"));
  bool set = !strcmp (name, "memset");
  bool cmp = !strcmp (name, "memcmp");
  unsigned nptr = str || set ? 1 : 2;
  if (!strcmp (name, "strtod") && !integer_zerop (gimple_call_arg (call, 1)))
    {
      FAIL (m->r, call, "call to %<strtod%> with an end pointer (its device "
	    "version takes only a null one)");
      return;
    }
  tree len = str ? NULL_TREE : gimple_call_arg (call, 2);
  for (unsigned i = 0; i < nptr; i++)
    {
      tree arg = gimple_call_arg (call, i);
      struct gpu_ptr pi = gpu_ptr_info (m, call, arg);
      if (pi.as != GPU_AS_GLOBAL || pi.cap == GPU_CAP_HEAP)
	continue;
      if (pi.cap < 0)
	{
	  FAIL (m->r, call, "cannot tell which array %qs points into",
		gpu_value_name (arg));
	  return;
	}
      /* The destination of memcpy, memmove and memset is written
	 (partly, as far as the copy in is concerned); the rest read.  */
      unsigned flags = (i == 0 && !str && !cmp)
		       ? GPU_ACC_READ | GPU_ACC_WRITE : GPU_ACC_READ;
      tree ref = NULL_TREE;
      if (len && tree_fits_uhwi_p (len) && tree_to_uhwi (len) > 0)
	{
	  tree type = build_array_type_nelts (char_type_node,
					      tree_to_uhwi (len));
	  ref = build2 (MEM_REF, type, arg,
			build_int_cst (ptr_type_node, 0));
	}
      else if (len && integer_zerop (len))
	continue;
      note_access (m->r, call, ref, pi.cap, flags);
    }
}

/* Scan the statement STMT of the region.  */

static void
scan_stmt (struct gpu_memctx *m, gimple *stmt)
{
  if (is_gimple_debug (stmt) || gimple_clobber_p (stmt))
    return;
  switch (gimple_code (stmt))
    {
    case GIMPLE_ASSIGN:
      {
	tree lhs = gimple_assign_lhs (stmt);
	scan_ref (m, stmt, lhs, GPU_ACC_WRITE);
	if (!(gimple_assign_single_p (stmt)
	      && TREE_CODE (gimple_assign_rhs1 (stmt)) == CONSTRUCTOR))
	  for (unsigned i = 1; i < gimple_num_ops (stmt); i++)
	    scan_ref (m, stmt, gimple_op (stmt, i), GPU_ACC_READ);
	for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
	  scan_operand (m, stmt, gimple_op_ptr (stmt, i));
	return;
      }
    case GIMPLE_CALL:
      {
	gcall *call = as_a<gcall *> (stmt);
	for (unsigned i = 0; i < gimple_call_num_args (call); i++)
	  scan_ref (m, stmt, gimple_call_arg (call, i), GPU_ACC_READ);
	if (gimple_call_lhs (call))
	  scan_ref (m, stmt, gimple_call_lhs (call), GPU_ACC_WRITE);
	for (unsigned i = 0; i < gimple_call_num_args (call); i++)
	  scan_operand (m, stmt, gimple_call_arg_ptr (call, i));
	if (gimple_call_lhs (call))
	  scan_operand (m, stmt, gimple_call_lhs_ptr (call));
	scan_callee_args (m, call);
	scan_lib_call (m, call);
	return;
      }
    case GIMPLE_COND:
      scan_operand (m, stmt, gimple_cond_lhs_ptr (as_a<gcond *> (stmt)));
      scan_operand (m, stmt, gimple_cond_rhs_ptr (as_a<gcond *> (stmt)));
      return;
    case GIMPLE_SWITCH:
      scan_operand (m, stmt, gimple_switch_index_ptr (as_a<gswitch *> (stmt)));
      return;
    default:
      /* The printer refuses the rest (return, asm, computed goto).  */
      return;
    }
}

/* Is BB the header of a marked loop of R?  */

static bool
marked_header_p (struct gpu_region *r, basic_block bb)
{
  for (int k = 0; k < r->ndim; k++)
    if (r->dims[k].loop->header == bb)
      return true;
  return false;
}

/* Decls that FUN uses outside the blocks BODY[0..N-1] of region R: they
   are shared with the host.  */

static void
find_shared (struct gpu_region *r, hash_set<basic_block> *blocks)
{
  r->shared = new hash_set<tree>;
  basic_block bb;
  FOR_EACH_BB_FN (bb, r->fun)
    {
      if (blocks->contains (bb))
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt))
	    continue;
	  for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
	    {
	      tree op = gimple_op (stmt, i);
	      if (!op)
		continue;
	      if (TREE_CODE (op) == ADDR_EXPR)
		op = TREE_OPERAND (op, 0);
	      while (handled_component_p (op))
		op = TREE_OPERAND (op, 0);
	      if (TREE_CODE (op) == MEM_REF
		  && TREE_CODE (TREE_OPERAND (op, 0)) == ADDR_EXPR)
		op = TREE_OPERAND (TREE_OPERAND (op, 0), 0);
	      if (DECL_P (op))
		r->shared->add (op);
	    }
	}
    }
}

/* The scalar globals that region R and the functions it calls only read
   (a random generator's constants, a parameter set before the loop)
   are kernel arguments by value, read when the region is launched,
   rather than buffers copied to the device: the region cannot change
   them, and no pointer can reach them (their address is never taken),
   so every use is a read of the variable itself.  */

static void
globals_by_value (struct gpu_region *r)
{
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      struct gpu_capture *c = &r->caps[i];
      tree d = c->value;
      if (c->kind != GPU_CAP_BUFFER || !VAR_P (d) || !is_global_var (d)
	  || TREE_ADDRESSABLE (d) || c->flags != GPU_ACC_READ
	  || !(INTEGRAL_TYPE_P (TREE_TYPE (d))
	       || SCALAR_FLOAT_TYPE_P (TREE_TYPE (d))))
	continue;
      c->kind = GPU_CAP_SCALAR;
      c->type = TREE_TYPE (d);
      if (dump_file && (dump_flags & TDF_DETAILS))
	fprintf (dump_file, "SUCCESS: global %s is read only: argument %u "
		 "by value\n", gpu_value_name (d), i);
    }
}

/* walk_tree callback: is *TP the address of (a part of) the decl
   DATA?  */

static tree
addr_of_r (tree *tp, int *walk_subtrees ATTRIBUTE_UNUSED, void *data)
{
  if (TREE_CODE (*tp) != ADDR_EXPR)
    return NULL_TREE;
  tree b = TREE_OPERAND (*tp, 0);
  while (handled_component_p (b))
    b = TREE_OPERAND (b, 0);
  return b == (tree) data ? *tp : NULL_TREE;
}

/* Does a statement of region R take the address of DECL?  (The C front
   end marks every array it indexes addressable, so TREE_ADDRESSABLE
   does not tell.)  */

static bool
addr_taken_in_region_p (struct gpu_region *r, tree decl)
{
  bool taken = false;
  basic_block *body = get_loop_body (r->outer);
  for (unsigned i = 0; i < r->outer->num_nodes && !taken; i++)
    {
      for (gphi_iterator psi = gsi_start_phis (body[i]);
	   !gsi_end_p (psi) && !taken; gsi_next (&psi))
	for (unsigned k = 0; k < gimple_phi_num_args (psi.phi ()); k++)
	  if (walk_tree (gimple_phi_arg_def_ptr (psi.phi (), k), addr_of_r,
			 decl, NULL))
	    taken = true;
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	   !gsi_end_p (gsi) && !taken; gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt))
	    continue;
	  for (unsigned k = 0; k < gimple_num_ops (stmt) && !taken; k++)
	    if (gimple_op (stmt, k)
		&& walk_tree (gimple_op_ptr (stmt, k), addr_of_r, decl, NULL))
	      taken = true;
	}
    }
  free (body);
  return taken;
}

/* Can the global DECL, which capture CAP of region R stands for, be a
   __constant array printed in the kernel source?  It must be a const
   table whose initializer is known here and can be encoded as bytes,
   read only, and reached only by references to the decl itself: no
   address of it anywhere in the region or a called function (the
   callee walk counts one as a write), so no pointer needs an address
   space for it.  Its size in bytes, else 0.  */

static unsigned
table_bytes (struct gpu_region *r, unsigned cap, tree decl)
{
  tree type = TREE_TYPE (decl);
  if (!VAR_P (decl) || !is_global_var (decl) || !TREE_READONLY (decl)
      || TREE_THIS_VOLATILE (decl)
      || TREE_CODE (type) != ARRAY_TYPE
      || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (type))
      || TYPE_ALIGN_UNIT (TREE_TYPE (type)) > 8)
    return 0;
  unsigned HOST_WIDE_INT size = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  if (size == 0 || size > INT_MAX)
    return 0;
  for (unsigned j = 0; j < r->accs.length (); j++)
    if (r->accs[j].cap == (int) cap)
      {
	tree b = r->accs[j].ref;
	while (b && handled_component_p (b))
	  b = TREE_OPERAND (b, 0);
	if (b != decl)
	  return 0;
      }
  if (addr_taken_in_region_p (r, decl))
    return 0;
  tree init = ctor_for_folding (decl);
  if (!init || init == error_mark_node)
    return 0;
  unsigned char *buf = XNEWVEC (unsigned char, size);
  int n = native_encode_initializer (init, buf, size, 0);
  free (buf);
  return n == (int) size ? size : 0;
}

/* The const file-scope tables that region R and the functions it calls
   read (coefficients, lookup tables, a generator's constants) are
   printed into the kernel source as __constant arrays with their
   initializers (the printer, print_tables), up to GPU_TABLE_MAX_BYTES in
   all: no buffer, no copy, and the device's constant cache serves them.
   A larger one stays a buffer, with a missed remark.  */

static void
const_tables (struct gpu_region *r)
{
  unsigned total = 0;
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      struct gpu_capture *c = &r->caps[i];
      tree d = c->value;
      if (c->kind != GPU_CAP_BUFFER || c->flags != GPU_ACC_READ)
	continue;
      unsigned bytes = table_bytes (r, i, d);
      if (!bytes)
	continue;
      if (total + bytes > GPU_TABLE_MAX_BYTES)
	{
	  if (dump_enabled_p ())
	    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
			     dump_user_location_t::from_location_t (r->loc),
			     "const table %qs (%u bytes) stays a global "
			     "buffer: the kernel source holds at most %u "
			     "bytes of tables\n", gpu_value_name (d), bytes,
			     GPU_TABLE_MAX_BYTES);
	  continue;
	}
      total += bytes;
      c->kind = GPU_CAP_SCALAR;
      c->type = integer_type_node;
      c->value = integer_zero_node;
      c->table = d;
      /* Its references are no buffer's to bound.  */
      unsigned k = 0;
      for (unsigned j = 0; j < r->accs.length (); j++)
	if (r->accs[j].cap != (int) i)
	  r->accs[k++] = r->accs[j];
      r->accs.truncate (k);
      if (dump_file && (dump_flags & TDF_DETAILS))
	fprintf (dump_file, "SUCCESS: global %s is a constant table: "
		 "__constant gpu_t%u in the kernel source (%u bytes)\n",
		 gpu_value_name (d), i, bytes);
    }
}

/* See gpu-params.h.  */

bool
gpu_find_params (struct gpu_region *r)
{
  /* The index space comes first: each marked loop's start and step.  */
  for (int k = 0; k < r->ndim; k++)
    {
      struct gpu_dim *d = &r->dims[k];
      struct gpu_capture c;
      memset (&c, 0, sizeof c);
      c.kind = GPU_CAP_SCALAR;
      c.type = TREE_TYPE (d->iv);
      d->lo_cap = r->caps.length ();
      c.value = d->lo;
      r->caps.safe_push (c);
      d->step_cap = r->caps.length ();
      c.value = d->step;
      r->caps.safe_push (c);
    }

  /* The blocks the body allocates that can be private memory.  */
  gpu_private_analyze (r);

  struct gpu_memctx m;
  gpu_memctx_init (&m, r, r->fun, current_function_decl, true);
  m.create = true;
  basic_block *body = get_loop_body (r->outer);
  for (unsigned i = 0; i < r->outer->num_nodes; i++)
    m.blocks->add (body[i]);
  find_shared (r, m.blocks);

  for (unsigned i = 0; i < r->outer->num_nodes && !r->fail; i++)
    {
      basic_block bb = body[i];
      /* A block gpu_speculate makes a deopt never runs on the device.  */
      if (gpu_speculate_block_call (r, r->dims[0].loop, bb))
	continue;
      /* The PHIs of the marked loops are the index space and the
	 reductions: the printer computes them from the parameters
	 above.  Other PHIs take values from inside the region.  */
      if (!marked_header_p (r, bb))
	for (gphi_iterator psi = gsi_start_phis (bb); !gsi_end_p (psi);
	     gsi_next (&psi))
	  {
	    gphi *phi = psi.phi ();
	    if (virtual_operand_p (gimple_phi_result (phi)))
	      continue;
	    tree res = gimple_phi_result (phi);
	    scan_operand (&m, phi, &res);
	    for (unsigned k = 0; k < gimple_phi_num_args (phi); k++)
	      scan_operand (&m, phi, gimple_phi_arg_def_ptr (phi, k));
	  }
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	scan_stmt (&m, gsi_stmt (gsi));
    }
  /* The globals of the functions the region calls, transitively, are
     buffers of the kernel too (the printer passes them on).  */
  struct callee_walk cw = { r, NULL, 0, new hash_set<tree> };
  for (unsigned i = 0; i < r->outer->num_nodes && !r->fail; i++)
    {
      if (gpu_speculate_block_call (r, r->dims[0].loop, body[i]))
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	   !gsi_end_p (gsi); gsi_next (&gsi))
	if (gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi)))
	  {
	    check_call (r, call);
	    if (tree fndecl = gpu_device_callee (call))
	      {
		/* A reason found inside is reported at this call.  */
		r->callee_call = call;
		r->callee_fn = fndecl;
		scan_callee (&cw, fndecl);
		r->callee_call = NULL;
		r->callee_fn = NULL_TREE;
	      }
	  }
    }
  delete cw.seen;
  free (body);
  gpu_memctx_fini (&m);
  if (!gpu_opts.no_global_values)
    globals_by_value (r);
  if (!gpu_opts.no_constant_tables)
    const_tables (r);
  return !r->fail;
}
