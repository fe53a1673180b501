/* gpu-launch.cc -- the record and the launch of a region, for gpu_outline.

   Each offloaded region gets a record (docs/ABI.md: the kernel's text and
   what its arguments are) in the read-only section .gpuoffload, registered
   with libgpurt by one constructor per translation unit; and in its
   preheader, the argument words the runtime reads (kind, address and
   byte range of each buffer, bits of each scalar, result slot of each
   reduction) and the trip counts of the index space.  gpu_outline calls
   gpurt_run with them; a region whose host path could not be outlined
   calls gpurt_launch and keeps its serial loop (gpu_launch_serial).  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-launch.h"
#include "gpu-reduce.h"

/* gpurt_launch, kept across functions.  */
static tree gpu_launch_decl;
/* The records of this translation unit, registered from a constructor
   at the end.  */
static vec<tree, va_gc> *gpu_records;

static const struct ggc_root_tab gpu_launch_roots[] = {
  { &gpu_launch_decl, 1, sizeof (gpu_launch_decl), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &gpu_records, 1, sizeof (gpu_records), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

/* See gpu-launch.h.  */

const struct ggc_root_tab *
gpu_launch_ggc_roots (void)
{
  return gpu_launch_roots;
}

static tree u64_type (void) { return long_long_unsigned_type_node; }

/* See gpu-launch.h.  */

tree
gpu_runtime_decl (const char *name, tree fntype, const char *fnspec,
		  bool leaf)
{
  /* The middle end reads "fn spec" from the function's type.  */
  if (fnspec)
    fntype = build_type_attribute_variant
      (fntype, tree_cons (get_identifier ("fn spec"),
			  build_tree_list (NULL_TREE,
					   build_string (strlen (fnspec),
							 fnspec)),
			  TYPE_ATTRIBUTES (fntype)));
  tree decl = build_fn_decl (name, fntype);
  DECL_ARTIFICIAL (decl) = 1;
  TREE_NOTHROW (decl) = 1;
  if (leaf)
    DECL_ATTRIBUTES (decl) = tree_cons (get_identifier ("leaf"), NULL_TREE,
					DECL_ATTRIBUTES (decl));
  return decl;
}

/* A static constructor running BODY, as cgraph_build_static_cdtor makes
   one, but compiled without basic-block vectorization: it only calls
   gpurt_register, and the vectorizer would report each call as a
   statement that clobbers memory in the user's -fopt-info output.  */

static void
build_ctor (tree body)
{
  static int counter;
  char buf[32];
  /* A name collect2 does not take for a constructor of its own.  */
  snprintf (buf, sizeof buf, "_sub_I_gpuoffload_%d", counter++);
  tree decl = build_decl (input_location, FUNCTION_DECL, get_identifier (buf),
			  build_function_type_list (void_type_node,
						    NULL_TREE));
  current_function_decl = decl;
  tree resdecl = build_decl (input_location, RESULT_DECL, NULL_TREE,
			     void_type_node);
  DECL_ARTIFICIAL (resdecl) = 1;
  DECL_RESULT (decl) = resdecl;
  DECL_CONTEXT (resdecl) = decl;
  allocate_struct_function (decl, false);
  TREE_STATIC (decl) = 1;
  TREE_USED (decl) = 1;
  int slp = flag_tree_slp_vectorize;
  flag_tree_slp_vectorize = 0;
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (decl)
    = build_optimization_node (&global_options, &global_options_set);
  flag_tree_slp_vectorize = slp;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  DECL_NO_INSTRUMENT_FUNCTION_ENTRY_EXIT (decl) = 1;
  DECL_SAVED_TREE (decl) = body;
  DECL_UNINLINABLE (decl) = 1;
  DECL_INITIAL (decl) = make_node (BLOCK);
  BLOCK_SUPERCONTEXT (DECL_INITIAL (decl)) = decl;
  TREE_USED (DECL_INITIAL (decl)) = 1;
  DECL_SOURCE_LOCATION (decl) = input_location;
  cfun->function_end_locus = input_location;
  DECL_STATIC_CONSTRUCTOR (decl) = 1;
  decl_init_priority_insert (decl, DEFAULT_INIT_PRIORITY);
  gimplify_function_tree (decl);
  cgraph_node::add_new_function (decl, false);
  set_cfun (NULL);
  current_function_decl = NULL;
}

/* See gpu-launch.h.  PLUGIN_EARLY_GIMPLE_PASSES_END callback (after every
   function has been seen): build one static constructor that registers
   every region record of the translation unit with libgpurt
   (gpurt_register), so executables and shared libraries announce their
   kernels when loaded.  */

void
gpu_launch_build_ctor (void *, void *)
{
  if (!gpu_records || gpu_records->is_empty () || seen_error ())
    return;
  tree fntype = build_function_type_list (void_type_node, const_ptr_type_node,
					  NULL_TREE);
  /* It only reads the record and calls nothing of ours.  */
  tree reg = gpu_runtime_decl ("gpurt_register", fntype, ". R ", true);
  tree body = NULL_TREE;
  for (unsigned i = 0; i < gpu_records->length (); i++)
    {
      tree var = (*gpu_records)[i];
      tree addr = build_fold_addr_expr
	(build4 (ARRAY_REF, char_type_node, var, size_zero_node, NULL_TREE,
		 NULL_TREE));
      append_to_statement_list (build_call_expr (reg, 1, addr), &body);
    }
  build_ctor (body);
  vec_free (gpu_records);
}

/* The ABI access flags (GPU_ARG_READ, GPU_ARG_WRITTEN) of the buffer
   capture C.  */

static unsigned
cap_access (struct gpu_capture *c)
{
  return ((c->flags & GPU_ACC_READ) ? GPU_ARG_READ : 0)
    | ((c->flags & GPU_ACC_WRITE) ? GPU_ARG_WRITTEN : 0);
}

/* The flags of word 0 of buffer capture C: its access, and whether the
   runtime must bound it by the object it points into.  */

static unsigned
cap_flags (struct gpu_capture *c)
{
  return cap_access (c) | (c->object_bound ? GPU_ARG_OBJECT : 0);
}

/* Word 0 of the argument record of capture C (gpuoffload-abi.h).  */

static unsigned
cap_word0 (struct gpu_capture *c)
{
  return c->kind == GPU_CAP_BUFFER ? GPU_ARG_WORD0 (GPU_ARG_BUFFER,
						    cap_flags (c))
    : c->kind == GPU_CAP_REDUCE ? GPU_ARG_WORD0 (GPU_ARG_REDUCE, 0)
    : GPU_ARG_WORD0 (GPU_ARG_SCALAR, 0);
}

/* Byte size of the scalar capture C.  */

static unsigned
cap_size (struct gpu_capture *c)
{
  return tree_to_uhwi (TYPE_SIZE_UNIT (c->type));
}

/* The elements the stores of region R through capture I write: *KIND
   GPU_ELEM_FLOAT (floating point of *SIZE bytes), GPU_ELEM_INT (integers
   or pointers) or GPU_ELEM_BYTES (bytes: mixed, aggregates, or stores the
   compiler cannot see, such as those in called functions).  */

static void
elem_of (struct gpu_region *r, unsigned i, char *kind, unsigned *size)
{
  tree type = NULL_TREE;
  *kind = GPU_ELEM_BYTES;
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
    *kind = GPU_ELEM_FLOAT;
  else if ((INTEGRAL_TYPE_P (type) || POINTER_TYPE_P (type))
	   && (n == 1 || n == 2 || n == 4 || n == 8))
    *kind = GPU_ELEM_INT;
  else
    return;
  *size = n;
}

/* The floating-point contract of the translation unit, as the record's
   "fp" line says it (docs/ABI.md).  */

static const char *
gpu_fp_mode (void)
{
  if (flag_unsafe_math_optimizations || flag_reciprocal_math
      || flag_associative_math || flag_finite_math_only)
    return "fast";
  /* GCC implements -ffp-contract=on as off.  */
  if (flag_fp_contract_mode == FP_CONTRACT_FAST)
    return "contract";
  return "strict";
}

/* See gpu-launch.h.  */

bool
gpu_launch_moves (struct gpu_region *r, unsigned i)
{
  struct gpu_capture *c = &r->caps[i];
  if (c->kind != GPU_CAP_BUFFER || !c->stride)
    return false;
  /* A range read at the same place by every outer iteration (x[j] under
     a serial loop j < m) is copied once, not again with each batch.  A
     written one stays "move": the runtime finds that its batches'
     windows overlap and says so.  */
  return !integer_zerop (c->stride) || (c->flags & GPU_ACC_WRITE);
}

/* See gpu-launch.h.  */

bool
gpu_launch_batchable (struct gpu_region *r, int *why)
{
  *why = -1;
  /* Blocks that outlive the region are copied home after one whole
     run.  */
  if (gpu_opts.no_batch || r->ninner || r->nspec || r->escape_cap)
    return false;
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      struct gpu_capture *c = &r->caps[i];
      /* A written range that stays put would be written by every batch:
	 batches could not be copied back independently.  */
      if (c->kind == GPU_CAP_BUFFER && !gpu_launch_moves (r, i)
	  && (c->flags & GPU_ACC_WRITE))
	{
	  *why = (int) i;
	  return false;
	}
    }
  return true;
}

/* See gpu-launch.h.  */

const char *
gpu_launch_fills (struct gpu_region *r, unsigned i)
{
  struct gpu_capture *c = &r->caps[i];

  if (c->kind != GPU_CAP_BUFFER || !(c->flags & GPU_ACC_WRITE))
    return "";
  if (gpu_opts.no_fill)
    return "no-fill";
  /* A speculated region's kernel stops part way only when it reached a
     speculated call, and then the runtime drops the region's device
     copies and the host reruns it from host memory (docs/ABI.md section
     10): what the kernel did not store is never used.  */
  if (r->ninner || r->heap)
    return "a kernel that may stop part way (two levels, device heap)";
  return c->fills ? NULL : c->fill_why;
}

/* Build the region record of R (docs/ABI.md) with kernel SOURCE.  */

static char *
make_record (struct gpu_region *r, const char *source)
{
  pretty_printer pp;
  expanded_location xl = expand_location (r->loc);
  pp_printf (&pp, GPU_RECORD_MAGIC " %d\nname %s\nloc %s:%d\nndim %d\n"
	     "fp64 %d\noptions", r->ninner ? GPU_RECORD_VERSION_GROUP
	     : r->heap ? GPU_RECORD_VERSION_HEAP
	     : r->nspec ? GPU_RECORD_VERSION_DEOPT : GPU_RECORD_VERSION,
	     r->kernel_name,
	     xl.file ? xl.file : "?", xl.line, r->ndim, r->fp64 ? 1 : 0);
  if (flag_unsafe_math_optimizations && flag_finite_math_only)
    pp_string (&pp, " -cl-fast-relaxed-math");
  else if (flag_reciprocal_math || flag_unsafe_math_optimizations)
    pp_string (&pp, " -cl-unsafe-math-optimizations");
  else
    pp_string (&pp, " -cl-fp32-correctly-rounded-divide-sqrt");
  /* How far device and host results may differ (GPURT_VERIFY's default
     tolerance): "fast" under -ffast-math's reorderings, "contract" when
     the device may fuse a*b+c (GCC's default -ffp-contract=fast), else
     "strict": each operation is rounded as on the host.  */
  pp_printf (&pp, "\nfp %s", gpu_fp_mode ());
  pp_printf (&pp, "\nnargs %u\n", r->caps.length ());
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      struct gpu_capture *c = &r->caps[i];
      const char *name = (TREE_CODE (c->value) == SSA_NAME
			  || DECL_P (c->value))
	? gpu_value_name (c->value)
	: c->table ? gpu_value_name (c->table) : "<index>";
      if (c->kind == GPU_CAP_REDUCE)	/* GPU_REDUCE hook.  */
	gpu_reduce_record_arg (r, i, &pp);
      else if (c->kind == GPU_CAP_BUFFER)
	pp_printf (&pp, "arg %u %s %s %s\n", i,
		   gpu_arg_kind_name (GPU_ARG_BUFFER),
		   gpu_arg_access_name (cap_access (c) ? cap_access (c)
					: GPU_ARG_READ), name);
      else
	pp_printf (&pp, "arg %u %s %u %s\n", i,
		   gpu_arg_kind_name (GPU_ARG_SCALAR), cap_size (c), name);
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
  /* Batches (section 9): how each buffer's range moves with the
     outermost index; the launch passes the moving ones' words.  */
  int why;
  if (gpu_launch_batchable (r, &why))
    for (unsigned i = 0; i < r->caps.length (); i++)
      if (r->caps[i].kind == GPU_CAP_BUFFER)
	pp_printf (&pp, "batch %u %s\n", i,
		   gpu_launch_moves (r, i) ? "move" : "whole");
  /* Buffers the region writes whole: not copied in (section 10).  */
  for (unsigned i = 0; i < r->caps.length (); i++)
    if (!gpu_launch_fills (r, i))
      pp_printf (&pp, "fill %u\n", i);
  gpu_reduce_record (r, &pp);	/* GPU_REDUCE hook.  */
  /* Speculated sites (gpu_speculate): word K of the deopt buffer.  */
  for (int k = 0; k < r->nspec; k++)
    {
      gimple *g = r->spec_calls[k];
      expanded_location sl = expand_location (gimple_location (g));
      tree fn = gimple_call_fndecl (g);
      pp_printf (&pp, "deopt %d %s:%d %s\n", k, sl.file ? sl.file : "?",
		 sl.line, fn ? IDENTIFIER_POINTER (DECL_NAME (fn)) : "?");
    }
  /* The device heap (check_call); 2: its iterations that run out are
     run again alone (gpu_alloc's heap_iter).  */
  if (r->heap)
    pp_printf (&pp, "heap %d\n", r->escape_cap ? 3 : r->heap_iter ? 2 : 1);
  /* 3: its blocks stored into the array of pointers argument K outlive
     the region (gpu_alloc's escape_cap); a reader that knows only 1 and
     2 rejects the record, never leaving heap offsets in host memory.  */
  if (r->escape_cap)
    pp_printf (&pp, "escape %d\n", r->escape_cap - 1);
  if (r->ninner)		/* Two levels (gpu_twolevel).  */
    pp_printf (&pp, "group %d\nflat %s" GPU_FLAT_SUFFIX " %s\n",
	       r->group_wg, r->kernel_name,
	       r->coal_flat >= r->coal_group ? "coalesced" : "strided");
  /* The plain kernel with 32-bit offsets (gpu_emit).  */
  if (r->index32_kernel)
    pp_printf (&pp, "index32 %s" GPU_INDEX32_SUFFIX "\nopt %s"
	       GPU_INDEX32_SUFFIX ": buffer offsets in 32 bits (run while"
	       " every buffer is under 1 GiB)\n", r->kernel_name,
	       r->kernel_name);
  /* Kernel variants (gpu_tile), in the order the runtime tries them.  */
  for (int v = 0; v < r->nvariants; v++)
    {
      struct gpu_variant *var = &r->variants[v];
      pp_printf (&pp, "variant %s%s %d %d %d %u", r->kernel_name,
		 var->suffix, var->dev.group[0], var->dev.group[1],
		 var->dev.group[2], var->local_bytes);
      for (int p = 0; p < 2 * var->ndistinct; p++)
	pp_printf (&pp, " %d", var->distinct[p]);
      if (var->dev.block[0] > 1 || var->dev.block[1] > 1
	  || var->dev.block[2] > 1)
	pp_printf (&pp, " block %d %d %d", MAX (var->dev.block[0], 1),
		   MAX (var->dev.block[1], 1), MAX (var->dev.block[2], 1));
      pp_printf (&pp, "\nopt %s%s: %s\n", r->kernel_name, var->suffix,
		 var->what);
    }
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

/* See gpu-launch.h.  */

tree
gpu_launch_record (struct gpu_region *r)
{
  char *record = make_record (r, r->source);
  /* The record's lines before the kernel source, one "record: " line of
     the dump each (tests scan them: the assembler splits the string at
     places that depend on the file's path).  */
  if (dump_file && (dump_flags & TDF_DETAILS))
    for (const char *line = record; *line && !startswith (line, "source ");)
      {
	const char *end = strchr (line, '\n');
	int len = end ? (int) (end - line) : (int) strlen (line);
	fprintf (dump_file, "record: %.*s\n", len, line);
	line += len + (end != NULL);
      }
  tree var = make_record_var (record, r->kernel_name);
  free (record);
  vec_safe_push (gpu_records, var);
  return var;
}

/* See gpu-launch.h.  */

void
gpu_launch_args (struct gpu_region *r, tree record_var,
		 gimple_stmt_iterator *gsi, struct gpu_launch *l)
{
  unsigned nargs = r->caps.length ();
  for (int k = 0; k < 3; k++)
    l->counts[k] = k < r->ndim ? emit_value (gsi, r->dims[k].count)
      : build_int_cst (u64_type (), 1);
  for (int k = 0; k < r->ndim; k++)
    {
      r->caps[r->dims[k].lo_cap].value = emit_value (gsi, r->dims[k].lo);
      r->caps[r->dims[k].step_cap].value = emit_value (gsi, r->dims[k].step);
    }

  /* Batches: after the 4 * NARGS words, LO0, HI0 and STRIDE of each
     buffer whose range moves with the outermost index.  */
  int why;
  unsigned nwords = 4 * nargs;
  bool batch = gpu_launch_batchable (r, &why);
  for (unsigned i = 0; batch && i < nargs; i++)
    if (gpu_launch_moves (r, i))
      nwords += 3;
  tree atype = build_array_type_nelts (u64_type (), nwords ? nwords : 1);
  tree args = create_tmp_var (atype, "gpu_args");
  TREE_ADDRESSABLE (args) = 1;
  gpu_mark_launch_temp (args);
  for (unsigned i = 0; i < nargs; i++)
    {
      struct gpu_capture *c = &r->caps[i];
      store_word (gsi, args, 4 * i, build_int_cst (u64_type (),
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
	  store_word (gsi, args, 4 * i + 1, fold_convert (u64_type (), ptr));
	  store_word (gsi, args, 4 * i + 2, c->lo);
	  store_word (gsi, args, 4 * i + 3, c->hi);
	}
      else if (c->kind == GPU_CAP_REDUCE)
	{
	  /* Result slot, operator, type.  */
	  tree w[3];
	  gpu_reduce_arg_words (r, i, w);
	  for (unsigned j = 0; j < 3; j++)
	    store_word (gsi, args, 4 * i + 1 + j, w[j]);
	}
      else
	{
	  store_word (gsi, args, 4 * i + 1, scalar_bits (c->type, c->value));
	  store_word (gsi, args, 4 * i + 2,
		      build_int_cst (u64_type (), cap_size (c)));
	  store_word (gsi, args, 4 * i + 3, build_int_cst (u64_type (), 0));
	}
    }

  nwords = 4 * nargs;
  for (unsigned i = 0; batch && i < nargs; i++)
    {
      struct gpu_capture *c = &r->caps[i];
      if (!gpu_launch_moves (r, i))
	continue;
      store_word (gsi, args, nwords++, c->lo0);
      store_word (gsi, args, nwords++, c->hi0);
      store_word (gsi, args, nwords++, c->stride);
    }

  l->record = build_fold_addr_expr
    (build4 (ARRAY_REF, char_type_node, record_var, size_zero_node, NULL_TREE,
	     NULL_TREE));
  l->args = build_fold_addr_expr
    (build4 (ARRAY_REF, u64_type (), args, size_zero_node, NULL_TREE,
	     NULL_TREE));
  /* GPU_NARGS_RANGES_INVALID in the argument count tells the runtime
     that the access ranges do not hold for this launch (docs/ABI.md):
     run on the host.  */
  l->nargs = build_int_cst (unsigned_type_node, nargs);
  if (r->valid)
    l->nargs = emit_value
      (gsi, fold_build2 (BIT_IOR_EXPR, unsigned_type_node, l->nargs,
			 fold_build2 (LSHIFT_EXPR, unsigned_type_node,
				      fold_convert (unsigned_type_node,
						    fold_build1 (TRUTH_NOT_EXPR,
								 boolean_type_node,
								 r->valid)),
				      build_int_cst (unsigned_type_node,
						     exact_log2 (GPU_NARGS_RANGES_INVALID)))));

  /* The outermost index's value after the loop.  */
  struct gpu_dim *d = &r->dims[r->ndim - 1];
  tree type = TREE_TYPE (d->iv);
  tree utype = unsigned_type_for (type);
  tree fin = fold_convert
    (type, fold_build2 (PLUS_EXPR, utype, fold_convert (utype, d->lo),
			fold_build2 (MULT_EXPR, utype,
				     fold_convert (utype, d->count),
				     fold_convert (utype, d->step))));
  l->fin = emit_value (gsi, fin);
}

/* See gpu-launch.h.  */

void
gpu_launch_serial (struct gpu_region *r, gimple_stmt_iterator *gsi,
		   struct gpu_launch *l)
{
  class loop *L = r->outer;
  edge pe = loop_preheader_edge (L);
  if (!gpu_launch_decl)
    {
      tree fntype = build_function_type_list
	(integer_type_node, const_ptr_type_node,
	 build_pointer_type (u64_type ()), unsigned_type_node, u64_type (),
	 u64_type (), u64_type (), NULL_TREE);
      gpu_launch_decl = gpu_runtime_decl ("gpurt_launch", fntype, NULL,
					  true);
    }
  gcall *call = gimple_build_call (gpu_launch_decl, 6, l->record, l->args,
				   l->nargs, l->counts[0], l->counts[1],
				   l->counts[2]);
  tree ran = make_ssa_name (integer_type_node);
  gimple_call_set_lhs (call, ran);
  gimple_set_location (call, r->loc);
  gsi_insert_after (gsi, call, GSI_NEW_STMT);

  /* go = ran == 0: the host must run the loop.  */
  tree go = make_ssa_name (boolean_type_node);
  gsi_insert_after (gsi, gimple_build_assign (go, EQ_EXPR, ran,
					      integer_zero_node),
		    GSI_NEW_STMT);
  /* Accumulators start at INIT OP RESULT.  */
  gpu_reduce_finish_launch (r, gsi, go, l->counts);

  /* The index starts at its final value when the device ran the loop.  */
  struct gpu_dim *d = &r->dims[r->ndim - 1];
  tree type = TREE_TYPE (d->iv);
  tree lov = r->caps[d->lo_cap].value;
  tree start = make_ssa_name (type);
  gsi_insert_after (gsi, gimple_build_assign (start, COND_EXPR, go, lov,
					      l->fin), GSI_NEW_STMT);
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
