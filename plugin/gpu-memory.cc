/* gpu-memory.cc -- where the memory a region touches lives on the device.

   Objects private to the region (its local variables, a callee's) are in
   __private memory; everything the host also sees -- memory reached
   through a pointer from before the region, globals, and the caller's
   variables the region shares -- is in __global memory, in the buffer of
   one kernel parameter.  gpu_find asks these questions to discover the
   parameters (CREATE), the printer asks them again to print address
   spaces and finds the same answers (gpu-region.h, struct gpu_memctx).  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"

/* See gpu-region.h.  */

void
gpu_memctx_init (struct gpu_memctx *m, struct gpu_region *r, function *fun,
		 tree fndecl, bool kernel)
{
  m->r = r;
  m->fun = fun;
  m->fndecl = fndecl;
  m->kernel = kernel;
  m->blocks = new hash_set<basic_block>;
  m->sig = "";
  m->create = false;
  m->ptrs = new hash_map<tree, gpu_ptr>;
}

/* See gpu-region.h.  */

void
gpu_memctx_fini (struct gpu_memctx *m)
{
  delete m->blocks;
  delete m->ptrs;
}

/* See gpu-region.h.  */

enum built_in_function
gpu_heap_call_kind (gimple *stmt)
{
  if (gpu_opts.no_alloc || !is_gimple_call (stmt)
      || !gimple_call_builtin_p (stmt, BUILT_IN_NORMAL))
    return END_BUILTINS;
  enum built_in_function k
    = DECL_FUNCTION_CODE (gimple_call_fndecl (stmt));
  switch (k)
    {
    case BUILT_IN_MALLOC:
    case BUILT_IN_CALLOC:
    case BUILT_IN_REALLOC:
    case BUILT_IN_FREE:
      return k;
    default:
      return END_BUILTINS;
    }
}

/* See gpu-region.h.  */

location_t
gpu_stmt_loc (struct gpu_region *r, gimple *stmt)
{
  r->fail_in = NULL_TREE;
  basic_block bb = stmt ? gimple_bb (stmt) : NULL;
  if (r->callee_call && bb
      && (bb->index >= last_basic_block_for_fn (r->fun)
	  || BASIC_BLOCK_FOR_FN (r->fun, bb->index) != bb))
    {
      /* A statement of a called function (perhaps in a system header):
	 the user's line is the call in the loop.  */
      r->fail_in = r->callee_fn;
      stmt = r->callee_call;
    }
  location_t loc = stmt ? gimple_location (stmt) : UNKNOWN_LOCATION;
  if (loc == UNKNOWN_LOCATION)
    loc = r->loc;
  return loc;
}

/* The C library functions the printer has a device version of
   (oclemit.cc prints them), with the glibc results: the mem* and str*
   ones are exact; memcmp's sign is (C says nothing of its size); strtod
   and atof give glibc's double bit for bit (ocl-strtod.h), though not its
   errno.  GCC has no builtins of the last two: they are known by name,
   declared in a system header with the C library's type.  */

const char *
gpu_device_lib_name (tree fndecl)
{
  if (fndecl && TREE_CODE (fndecl) == FUNCTION_DECL && DECL_NAME (fndecl)
      && !fndecl_built_in_p (fndecl) && TREE_PUBLIC (fndecl)
      && DECL_IN_SYSTEM_HEADER (fndecl))
    {
      const char *n = IDENTIFIER_POINTER (DECL_NAME (fndecl));
      tree type = TREE_TYPE (fndecl);
      tree args = TYPE_ARG_TYPES (type);
      bool strtod = !strcmp (n, "strtod"), atof = !strcmp (n, "atof");
      if ((strtod || atof)
	  && TYPE_MAIN_VARIANT (TREE_TYPE (type)) == double_type_node
	  && args && POINTER_TYPE_P (TREE_VALUE (args))
	  && (atof ? list_length (args) == 2
	      : list_length (args) == 3
		&& POINTER_TYPE_P (TREE_VALUE (TREE_CHAIN (args)))))
	return strtod ? "strtod" : "atof";
      return NULL;
    }
  if (!fndecl || !fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    return NULL;
  switch (DECL_FUNCTION_CODE (fndecl))
    {
    case BUILT_IN_MEMCPY: return "memcpy";
    case BUILT_IN_MEMMOVE: return "memmove";
    case BUILT_IN_MEMSET: return "memset";
    case BUILT_IN_MEMCMP: return "memcmp";
    case BUILT_IN_BCMP: return "memcmp";
    case BUILT_IN_STRLEN: return "strlen";
    default: return NULL;
    }
}

/* See gpu-region.h.  */

bool
gpu_device_call_p (tree fndecl)
{
  if (!fndecl)
    return false;
  if (gpu_device_lib_name (fndecl))
    return true;
  if (fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    switch (DECL_FUNCTION_CODE (fndecl))
      {
      case BUILT_IN_EXPECT:
      case BUILT_IN_ABS:
      case BUILT_IN_LABS:
      case BUILT_IN_LLABS:
      case BUILT_IN_IMAXABS:
	return true;
      default:
	break;
      }
  /* <math.h>: the OpenCL built-ins of the same names.  */
  return gpu_math_builtin_name (fndecl) != NULL;
}

/* See gpu-region.h.  */

const char *
gpu_math_builtin_name (tree fndecl)
{
  static const char *const names[] = {
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt",
    "ceil", "copysign", "cos", "cosh", "erf", "erfc", "exp", "exp2",
    "expm1", "fabs", "fdim", "floor", "fma", "fmax", "fmin", "fmod",
    "hypot", "lgamma", "log", "log10", "log1p", "log2", "logb",
    "nextafter", "pow", "remainder", "rint", "round", "sin", "sinh",
    "sqrt", "tan", "tanh", "tgamma", "trunc", NULL
  };
  if (!fndecl || !DECL_NAME (fndecl))
    return NULL;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  if (!strncmp (n, "__builtin_", 10))
    n += 10;
  size_t len = strlen (n);
  tree rt = TREE_TYPE (TREE_TYPE (fndecl));
  if (!SCALAR_FLOAT_TYPE_P (rt))
    return NULL;
  if (TYPE_MODE (rt) == SFmode && len > 1 && n[len - 1] == 'f')
    len--;
  else if (TYPE_MODE (rt) != DFmode)
    return NULL;
  for (int i = 0; names[i]; i++)
    if (strlen (names[i]) == len && !strncmp (names[i], n, len))
      return names[i];
  return NULL;
}

#define FAIL(M, STMT, ...) \
  gpu_region_fail ((M)->r, gpu_stmt_loc ((M)->r, (STMT)), __VA_ARGS__)

/* See gpu-region.h.  */

int
gpu_region_param (struct gpu_region *r, tree value, enum gpu_cap_kind kind,
		  bool create, gimple *stmt)
{
  if (!r->params)
    r->params = new hash_map<tree, int>;
  if (int *p = r->params->get (value))
    return *p;
  if (!create)
    {
      gpu_region_fail (r, gpu_stmt_loc (r, stmt), "internal error: %qs is "
		       "not a parameter of the kernel",
		       gpu_value_name (value));
      return -1;
    }
  struct gpu_capture c;
  memset (&c, 0, sizeof c);
  c.value = value;
  c.kind = kind;
  c.type = TREE_TYPE (value);
  int idx = r->caps.length ();
  r->caps.safe_push (c);
  r->params->put (value, idx);
  return idx;
}

/* See gpu-region.h.  */

tree
gpu_ref_base (tree ref, tree *base_ptr)
{
  *base_ptr = NULL_TREE;
  while (handled_component_p (ref))
    ref = TREE_OPERAND (ref, 0);
  if (TREE_CODE (ref) == MEM_REF || TREE_CODE (ref) == TARGET_MEM_REF)
    {
      tree p = TREE_OPERAND (ref, 0);
      if (TREE_CODE (p) == ADDR_EXPR)
	return gpu_ref_base (TREE_OPERAND (p, 0), base_ptr);
      *base_ptr = p;
      return NULL_TREE;
    }
  return ref;
}

/* See gpu-region.h.  */

bool
gpu_decl_private_p (struct gpu_memctx *m, tree decl)
{
  if (TREE_CODE (decl) == SSA_NAME)
    return true;
  if (TREE_STATIC (decl) || DECL_EXTERNAL (decl))
    return false;
  if (!m->kernel)
    return true;
  if (TREE_CODE (decl) == PARM_DECL || TREE_CODE (decl) == RESULT_DECL)
    return false;
  return !m->r->shared || !m->r->shared->contains (decl);
}

/* See gpu-region.h.  */

struct gpu_ptr
gpu_decl_info (struct gpu_memctx *m, gimple *stmt, tree decl)
{
  struct gpu_ptr pi = { GPU_AS_PRIVATE, -1 };
  if (TREE_CODE (decl) == STRING_CST)
    {
      FAIL (m, stmt, "string literal used on the device");
      return pi;
    }
  if (!DECL_P (decl))
    {
      FAIL (m, stmt, "unsupported object %qs",
	    get_tree_code_name (TREE_CODE (decl)));
      return pi;
    }
  if (VAR_P (decl) && DECL_THREAD_LOCAL_P (decl))
    {
      FAIL (m, stmt, "thread-local variable %qD", decl);
      return pi;
    }
  if (TREE_THIS_VOLATILE (decl))
    {
      FAIL (m, stmt, "volatile variable %qD", decl);
      return pi;
    }
  if (gpu_decl_private_p (m, decl))
    return pi;
  if (!m->kernel)
    {
      /* gpu_find made the globals of called functions parameters of the
	 kernel, passed on to every called function.  */
      int *cap = m->r->params ? m->r->params->get (decl) : NULL;
      if (!cap || !m->r->caps[*cap].callee_global)
	{
	  FAIL (m, stmt, "function %qD uses global variable %qD",
		m->fndecl, decl);
	  return pi;
	}
      pi.as = GPU_AS_GLOBAL;
      pi.cap = *cap;
      return pi;
    }
  pi.as = GPU_AS_GLOBAL;
  pi.cap = gpu_region_param (m->r, decl, GPU_CAP_BUFFER, m->create, stmt);
  return pi;
}

/* See gpu-region.h.  */

struct gpu_ptr
gpu_ptr_info (struct gpu_memctx *m, gimple *stmt, tree ptr)
{
  struct gpu_ptr pi = { GPU_AS_GLOBAL, -1 };
  if (TREE_CODE (ptr) == ADDR_EXPR)
    {
      tree base;
      tree obj = gpu_ref_base (TREE_OPERAND (ptr, 0), &base);
      if (base)
	return gpu_ptr_info (m, stmt, base);
      return gpu_decl_info (m, stmt, obj);
    }
  if (TREE_CODE (ptr) == INTEGER_CST)
    return pi;			/* Null pointer: any space.  */
  if (TREE_CODE (ptr) != SSA_NAME)
    {
      FAIL (m, stmt, "unsupported pointer expression");
      return pi;
    }
  if (struct gpu_ptr *p = m->ptrs->get (ptr))
    return *p;
  gimple *def = SSA_NAME_DEF_STMT (ptr);
  if (SSA_NAME_IS_DEFAULT_DEF (ptr))
    {
      tree var = SSA_NAME_VAR (ptr);
      if (m->kernel)
	{
	  pi.cap = gpu_region_param (m->r, ptr, GPU_CAP_BUFFER, m->create,
				     stmt);
	  pi.as = GPU_AS_GLOBAL;
	}
      else if (var && TREE_CODE (var) == PARM_DECL)
	{
	  int idx = 0;
	  for (tree p = DECL_ARGUMENTS (m->fndecl); p && p != var;
	       p = DECL_CHAIN (p))
	    idx++;
	  pi.as = m->sig[idx] == 'p' ? GPU_AS_PRIVATE : GPU_AS_GLOBAL;
	}
      else
	pi.as = GPU_AS_PRIVATE;	/* Uninitialized: any.  */
      m->ptrs->put (ptr, pi);
      return pi;
    }
  if (m->kernel && !m->blocks->contains (gimple_bb (def)))
    {
      pi.cap = gpu_region_param (m->r, ptr, GPU_CAP_BUFFER, m->create, stmt);
      m->ptrs->put (ptr, pi);
      return pi;
    }
  /* Guard against cycles through PHIs.  */
  struct gpu_ptr pending = { GPU_AS_NONE, -1 };
  m->ptrs->put (ptr, pending);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      struct gpu_ptr acc = { GPU_AS_NONE, -2 };
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	{
	  struct gpu_ptr a = gpu_ptr_info (m, stmt,
					   gimple_phi_arg_def (phi, i));
	  if (a.as == GPU_AS_NONE)
	    continue;
	  if (TREE_CODE (gimple_phi_arg_def (phi, i)) == INTEGER_CST)
	    continue;
	  if (acc.as == GPU_AS_NONE)
	    acc = a;
	  else if (acc.as != a.as)
	    {
	      FAIL (m, def, "pointer %qs may point to private or global "
		    "memory", gpu_value_name (ptr));
	      break;
	    }
	  else if (acc.cap != a.cap)
	    acc.cap = -1;
	}
      if (acc.as == GPU_AS_NONE)
	acc.as = GPU_AS_PRIVATE;
      if (acc.cap == -2)
	acc.cap = -1;
      pi = acc;
    }
  else if (is_gimple_assign (def))
    {
      enum tree_code code = gimple_assign_rhs_code (def);
      tree rhs1 = gimple_assign_rhs1 (def);
      if (code == POINTER_PLUS_EXPR || code == SSA_NAME
	  || code == ADDR_EXPR
	  || (CONVERT_EXPR_CODE_P (code) && POINTER_TYPE_P (TREE_TYPE (rhs1))))
	pi = gpu_ptr_info (m, def, rhs1);
      else if (code == COND_EXPR)
	{
	  struct gpu_ptr a = gpu_ptr_info (m, def, gimple_assign_rhs2 (def));
	  struct gpu_ptr b = gpu_ptr_info (m, def, gimple_assign_rhs3 (def));
	  if (a.as != b.as
	      && TREE_CODE (gimple_assign_rhs2 (def)) != INTEGER_CST
	      && TREE_CODE (gimple_assign_rhs3 (def)) != INTEGER_CST)
	    FAIL (m, def, "pointer %qs may point to private or global memory",
		  gpu_value_name (ptr));
	  pi = TREE_CODE (gimple_assign_rhs2 (def)) == INTEGER_CST ? b : a;
	  if (a.cap != b.cap)
	    pi.cap = -1;
	}
      else if (gimple_assign_load_p (def))
	FAIL (m, def, "pointer %qs is loaded from memory: pointers stored in "
	      "memory cannot be used on the device", gpu_value_name (ptr));
      else
	FAIL (m, def, "pointer %qs is computed from an integer",
	      gpu_value_name (ptr));
    }
  else if (is_gimple_call (def) && m->kernel
	   && gpu_private_call_p (m->r, def))
    pi.as = GPU_AS_PRIVATE;	/* A block gpu_private places.  */
  else if (is_gimple_call (def) && gpu_heap_call_kind (def) != END_BUILTINS)
    pi.cap = GPU_CAP_HEAP;	/* A block of the device heap.  */
  else if (is_gimple_call (def))
    FAIL (m, def, "pointer returned by a function call");
  else
    FAIL (m, def, "unsupported pointer definition");
  m->ptrs->put (ptr, pi);
  return pi;
}
