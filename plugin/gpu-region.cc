/* gpu-region.cc -- the table of regions of the function being compiled,
   and the small queries and reports every gpu_* pass shares
   (gpu-region.h).  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"

/* The regions of GPU_TABLE_FUN.  */
static vec<gpu_region *> gpu_table;
static function *gpu_table_fun;
/* Trees the regions hold that nothing else keeps alive.  */
static vec<tree, va_gc> *gpu_table_trees;

static const struct ggc_root_tab gpu_region_roots[] = {
  { &gpu_table_trees, 1, sizeof (gpu_table_trees), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

/* See gpu-region.h.  */

const struct ggc_root_tab *
gpu_region_ggc_roots (void)
{
  return gpu_region_roots;
}

/* See gpu-region.h.  */

void
gpu_regions_release (void)
{
  for (unsigned i = 0; i < gpu_table.length (); i++)
    {
      struct gpu_region *r = gpu_table[i];
      delete r->params;
      delete r->shared;
      r->caps.release ();
      r->accs.release ();
      r->reds.release ();
      r->ireds.release ();
      r->privs.release ();
      delete r->heap_calls;
      delete r->heap_checks;
      delete r->spec_checks;
      delete r->escape_stores;
      free (r->source);
      XDELETE (r);
    }
  gpu_table.release ();
  gpu_table_fun = NULL;
  vec_free (gpu_table_trees);
}

/* See gpu-region.h.  */

vec<gpu_region *> *
gpu_regions (function *fun)
{
  if (gpu_table_fun != fun)
    gpu_regions_release ();
  gpu_table_fun = fun;
  return &gpu_table;
}

/* See gpu-region.h.  */

bool
gpu_has_regions (function *fun)
{
  return fun && gpu_table_fun == fun && !gpu_table.is_empty ();
}

/* See gpu-region.h.  */

void
gpu_clone_pass_finish (function *fun, bool changed)
{
  if (changed)
    {
      mark_virtual_operands_for_renaming (fun);
      update_ssa (TODO_update_ssa_only_virtuals);
    }
  loop_optimizer_finalize ();
}

/* See gpu-region.h.  */

struct gpu_region *
gpu_region_new (function *fun)
{
  struct gpu_region *r = XCNEW (struct gpu_region);
  r->fun = fun;
  r->caps = vNULL;
  r->accs = vNULL;
  r->reds = vNULL;
  r->ireds = vNULL;
  r->privs = vNULL;
  gpu_regions (fun)->safe_push (r);
  return r;
}

/* See gpu-region.h.  */

tree
gpu_region_keep (tree t)
{
  if (t)
    vec_safe_push (gpu_table_trees, t);
  return t;
}

/* See gpu-region.h.  */

void
gpu_vformat (char *buf, size_t size, const char *fmt, va_list *ap)
{
  /* Format with a printer of the front end's own kind (a clone of the
     diagnostic printer), so that its decoder of %qD, %qE and %qT finds
     the printer it expects: the C++ one needs a cxx_pretty_printer.  */
  pretty_printer *pp = global_dc->printer->clone ();
  pp_clear_output_area (pp);
  pp_needs_newline (pp) = false;
  pp->prefix = NULL;
  text_info ti;
  memset (&ti, 0, sizeof ti);
  ti.format_spec = fmt;
  ti.args_ptr = ap;
  pp_format_verbatim (pp, &ti);
  snprintf (buf, size, "%s", pp_formatted_text (pp));
  delete pp;
}

/* gpu_vformat with the arguments after FMT.  */

static void
gpu_format (char *buf, size_t size, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  gpu_vformat (buf, size, fmt, &ap);
  va_end (ap);
}

/* See gpu-region.h.  */

void
gpu_region_fail (struct gpu_region *r, location_t loc, const char *fmt, ...)
{
  tree in = r->fail_in;
  r->fail_in = NULL_TREE;
  if (r->fail)
    return;
  va_list ap;
  va_start (ap, fmt);
  gpu_vformat (r->fail_buf, sizeof r->fail_buf, fmt, &ap);
  va_end (ap);
  if (in)
    {
      /* gpu_stmt_loc moved the location to the call in the loop: say
	 which function the reason is in.  */
      char *text = xstrdup (r->fail_buf);
      gpu_format (r->fail_buf, sizeof r->fail_buf, "%s (in %qD, called here)",
		  text, in);
      free (text);
    }
  r->fail = r->fail_buf;
  r->fail_loc = loc;
}

/* See gpu-region.h.  */

void
gpu_dump_reason (const char *what, location_t loc, const char *text)
{
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (loc);
      fprintf (dump_file, "%s: %s:%d: %s\n", what, xl.file ? xl.file : "?",
	       xl.line, text);
    }
}

/* See gpu-region.h.  */

void
gpu_region_report_missed (struct gpu_region *r)
{
  gpu_dump_reason ("FAILED", r->fail_loc, r->fail);
  if (gpu_opts.werror)
    error_at (r->fail_loc, "%<GPU_PARALLEL%> loop not offloaded: %s",
	      r->fail);
  else if (dump_enabled_p ())
    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
		     dump_user_location_t::from_location_t (r->fail_loc),
		     "loop not offloaded: %s\n", r->fail);
}

/* The attribute behind gpu_mark_launch_temp (its spaces keep it out of
   users' reach).  */
#define GPU_ATTR_LAUNCH_TEMP "gpu launch temporary"

/* See gpu-region.h.  */

void
gpu_mark_launch_temp (tree var)
{
  DECL_ATTRIBUTES (var) = tree_cons (get_identifier (GPU_ATTR_LAUNCH_TEMP),
				     NULL_TREE, DECL_ATTRIBUTES (var));
}

/* See gpu-region.h.  */

bool
gpu_launch_temp_p (tree var)
{
  return DECL_P (var)
	 && lookup_attribute (GPU_ATTR_LAUNCH_TEMP, DECL_ATTRIBUTES (var));
}

/* See gpu-region.h.  */

const char *
gpu_value_name (tree value)
{
  if (TREE_CODE (value) == SSA_NAME)
    value = SSA_NAME_VAR (value);
  if (value && DECL_P (value) && DECL_NAME (value))
    return IDENTIFIER_POINTER (DECL_NAME (value));
  if (value && TREE_CODE (value) == ADDR_EXPR)
    return gpu_value_name (TREE_OPERAND (value, 0));
  return "<temporary>";
}

/* See gpu-region.h.  */

int
gpu_reduce_phi_index (struct gpu_region *r, tree name)
{
  for (unsigned j = 0; j < r->reds.length (); j++)
    for (int k = 0; k < r->ndim; k++)
      if (r->reds[j].phis[k] == name)
	return j;
  return -1;
}

/* See gpu-region.h.  */

int
gpu_type_code (tree type)
{
  if (TREE_CODE (type) == INTEGER_TYPE)
    switch (TYPE_PRECISION (type))
      {
      case 8: case 16: case 32: case 64:
	return gpu_red_type_int (TYPE_PRECISION (type) / 8,
				 !TYPE_UNSIGNED (type));
      default:
	return GPU_RED_TYPE_NONE;
      }
  if (TREE_CODE (type) == REAL_TYPE)
    {
      if (TYPE_MODE (type) == SFmode)
	return GPU_RED_TYPE_F32;
      if (TYPE_MODE (type) == DFmode)
	return GPU_RED_TYPE_F64;
    }
  return GPU_RED_TYPE_NONE;
}


/* The names of the markers (enum gpu_marker).  */
static const char *const gpu_marker_names[] = {
  NULL, "__gpu_local_id", "__gpu_local_size", "__gpu_barrier",
  "__gpu_group_reduce", "__gpu_barrier_if_same", "__gpu_in_range",
  "__gpu_deopt", "__gpu_group_id", "__gpu_count", "__gpu_local_barrier"
};

/* See gpu-region.h.  */

tree
gpu_marker_decl (enum gpu_marker m, tree type)
{
  tree fntype;
  switch (m)
    {
    case GPU_MARK_LOCAL_ID:
    case GPU_MARK_LOCAL_SIZE:
    case GPU_MARK_GROUP_ID:
    case GPU_MARK_COUNT:
      fntype = build_function_type_list (long_long_unsigned_type_node,
					 integer_type_node, NULL_TREE);
      break;
    case GPU_MARK_BARRIER:
    case GPU_MARK_LOCAL_BARRIER:
      fntype = build_function_type_list (void_type_node, NULL_TREE);
      break;
    case GPU_MARK_DEOPT:
      fntype = build_function_type_list (void_type_node, integer_type_node,
					 NULL_TREE);
      break;
    case GPU_MARK_BARRIER_IF_SAME:
      fntype = build_varargs_function_type_list (void_type_node, NULL_TREE);
      break;
    case GPU_MARK_IN_RANGE:
      fntype = build_function_type_list (integer_type_node, NULL_TREE);
      break;
    case GPU_MARK_GROUP_REDUCE:
      fntype = build_function_type_list (type, type, type, integer_type_node,
					 NULL_TREE);
      break;
    default:
      gcc_unreachable ();
    }
  tree decl = build_fn_decl (gpu_marker_names[m], fntype);
  DECL_ARTIFICIAL (decl) = 1;
  TREE_NOTHROW (decl) = 1;
  /* All but the barriers and the deopt are values only: no virtual
     operands.  The barrier orders the memory accesses around it; the
     deopt writes the deopt buffer.  */
  if (m != GPU_MARK_BARRIER && m != GPU_MARK_BARRIER_IF_SAME
      && m != GPU_MARK_DEOPT && m != GPU_MARK_LOCAL_BARRIER)
    TREE_READONLY (decl) = 1;
  return decl;
}

/* See gpu-region.h.  */

enum gpu_marker
gpu_marker_of (gimple *stmt)
{
  if (!is_gimple_call (stmt))
    return GPU_MARK_NONE;
  tree fn = gimple_call_fndecl (stmt);
  if (!fn || !DECL_ARTIFICIAL (fn) || !DECL_NAME (fn))
    return GPU_MARK_NONE;
  const char *n = IDENTIFIER_POINTER (DECL_NAME (fn));
  for (int m = GPU_MARK_LOCAL_ID; m < (int) ARRAY_SIZE (gpu_marker_names);
       m++)
    if (!strcmp (n, gpu_marker_names[m]))
      return (enum gpu_marker) m;
  return GPU_MARK_NONE;
}

/* See gpu-region.h.  */

tree
gpu_pointer_origin (tree ptr)
{
  tree p = ptr;
  for (int depth = 0; depth < 32 && p && TREE_CODE (p) == SSA_NAME; depth++)
    {
      gimple *def = SSA_NAME_DEF_STMT (p);
      if (!is_gimple_assign (def))
	break;
      enum tree_code code = gimple_assign_rhs_code (def);
      if (code != POINTER_PLUS_EXPR && code != SSA_NAME && code != ADDR_EXPR
	  && !CONVERT_EXPR_CODE_P (code))
	break;
      p = gimple_assign_rhs1 (def);
    }
  return p;
}

/* See gpu-region.h.  */

tree
gpu_pointer_base (tree ptr)
{
  tree p = gpu_pointer_origin (ptr);
  if (!p || TREE_CODE (p) != ADDR_EXPR)
    return NULL_TREE;
  tree base = get_base_address (TREE_OPERAND (p, 0));
  return base && DECL_P (base) ? base : NULL_TREE;
}
