/* oclemit.cc -- the printer: a region's device clone to OpenCL C 1.2.

   The kernel is the body of the clone of a marked loop nest (gpu_clone)
   printed as C: every basic block becomes a label, every edge a goto (PHI
   nodes become copies on the edge), so any control flow the front end
   produced -- if, switch, inner loops, break, continue, goto -- needs no
   structuring.  Values and objects from outside the region are the
   kernel's parameters, which gpu_find found (gpu-params.cc); memory
   reached through them is __global, local objects are __private
   (gpu-memory.cc says which).  Called functions of the translation unit
   are printed the same way, one copy per combination of pointer-argument
   address spaces.  What the printer cannot express in OpenCL C fails the
   region with a reason and a location.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "oclemit.h"
#include "ocl-reduce.h"
#include "gpu-reduce.h"
#include "ocl-strtod.h"

/* Emission state of one function body (the kernel region or a callee).  */
struct ocl_fn
{
  struct ocl_unit *unit;
  struct gpu_memctx m;		/* The body, its blocks and address spaces.  */
  hash_set<tree> *declared;	/* Locals declared.  */
  hash_set<tree> *phitmps;	/* PHI temporaries declared.  */
  pretty_printer decls;		/* Local declarations.  */
  pretty_printer ldecls;	/* __local arrays of a two-level kernel.  */
  /* Printing the one-level variant of a two-level clone: the group is one
     work-item (local id 0, size 1, no barriers, a group's combine is
     that of its one value).  */
  bool flat;
  pretty_printer body;		/* Statements...  */
  pretty_printer *out;		/* ...or where they go now.  */
  const char *suffix;		/* Of labels: one copy of several.  */
  hash_set<gimple *> *dead;	/* Statements not printed, or NULL.  */
  /* Printing the kernel NAME_i32: these SSA names (R->index32) are uint,
     computed modulo 2^32, and a buffer offset made of one is
     sign-extended from 32 bits.  NULL otherwise.  */
  hash_set<tree> *narrow;
};

/* State of one region's emission.  */
struct ocl_unit
{
  struct gpu_region *r;
  hash_map<tree, const char *> *tnames;	/* Emitted type names.  */
  hash_set<nofree_string_hash> *fnames;	/* Emitted functions.  */
  vec<tree> stack;		/* Functions being emitted (recursion).  */
  pretty_printer types;
  pretty_printer funcs;
  bool fp64;
  hash_set<tree> *narrow;	/* For the kernel being printed (ocl_fn).  */
};

#define FAIL(F, STMT, ...) \
  gpu_region_fail ((F)->unit->r, gpu_stmt_loc ((F)->unit->r, (STMT)), \
		   __VA_ARGS__)

/* Where the pointer PTR and the object DECL, used by STMT, live
   (gpu-memory.cc; in the kernel the parameters exist already).  */

static struct gpu_ptr
ptr_info (struct ocl_fn *f, gimple *stmt, tree ptr)
{
  return gpu_ptr_info (&f->m, stmt, ptr);
}

static struct gpu_ptr
decl_info (struct ocl_fn *f, gimple *stmt, tree decl)
{
  return gpu_decl_info (&f->m, stmt, decl);
}

static bool
failed (struct ocl_fn *f)
{
  return f->unit->r->fail != NULL;
}

/* ---------------------------------------------------------------- types */

static const char *type_name (struct ocl_fn *f, gimple *stmt, tree type);

/* Name of the scalar integer type TYPE, or NULL.  */

static const char *
int_type_name (tree type)
{
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    return TYPE_PRECISION (type) <= 8 ? "uchar" : NULL;
  bool u = TYPE_UNSIGNED (type);
  switch (TYPE_PRECISION (type))
    {
    case 8: return u ? "uchar" : "char";
    case 16: return u ? "ushort" : "short";
    case 32: return u ? "uint" : "int";
    case 64: return u ? "ulong" : "long";
    default: return NULL;
    }
}

/* Name of the unsigned type of TYPE's width (for wrapping arithmetic).  */

static const char *
uint_type_name (tree type)
{
  switch (TYPE_PRECISION (type))
    {
    case 8: return "uchar";
    case 16: return "ushort";
    case 32: return "uint";
    default: return "ulong";
    }
}

static const char *
as_name (enum gpu_as as)
{
  return as == GPU_AS_GLOBAL ? "__global " : as == GPU_AS_PRIVATE ? "__private " : "";
}

/* Emit the definition of the struct or union TYPE into the unit and
   return its name.  The device layout must equal the host's: fields are
   printed in order and every offset is checked against natural
   alignment.  */

static const char *
record_type_name (struct ocl_fn *f, gimple *stmt, tree type)
{
  struct ocl_unit *u = f->unit;
  bool is_union = TREE_CODE (type) == UNION_TYPE;
  char *name = xasprintf ("%s gpu_%c%u", is_union ? "union" : "struct",
			  is_union ? 'u' : 's', TYPE_UID (TYPE_MAIN_VARIANT (type)));
  u->tnames->put (type, name);
  if (!COMPLETE_TYPE_P (type))
    {
      FAIL (f, stmt, "incomplete type %qs", name);
      return name;
    }
  pretty_printer def;
  pp_printf (&def, "%s {\n", name);
  unsigned HOST_WIDE_INT off = 0, end = 0;
  int idx = 0;
  for (tree fld = TYPE_FIELDS (type); fld; fld = DECL_CHAIN (fld))
    {
      if (TREE_CODE (fld) != FIELD_DECL)
	continue;
      if (DECL_BIT_FIELD (fld) || DECL_BIT_FIELD_TYPE (fld))
	{
	  FAIL (f, stmt, "bit-field %qs in %qs", gpu_value_name (fld),
		name);
	  return name;
	}
      tree ft = TREE_TYPE (fld);
      if (POINTER_TYPE_P (ft))
	{
	  FAIL (f, stmt, "pointer field %qs in %qs: pointers in memory "
		"cannot be used on the device", gpu_value_name (fld), name);
	  return name;
	}
      const char *fn = type_name (f, stmt, ft);
      if (failed (f))
	return name;
      unsigned HOST_WIDE_INT al = TYPE_ALIGN_UNIT (ft);
      unsigned HOST_WIDE_INT want = is_union ? 0 : (off + al - 1) & -al;
      if (!tree_fits_uhwi_p (byte_position (fld))
	  || tree_to_uhwi (byte_position (fld)) != want
	  || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (ft)))
	{
	  FAIL (f, stmt, "layout of %qs differs from natural alignment", name);
	  return name;
	}
      pp_printf (&def, "  %s m%d;\n", fn, idx);
      off = want + tree_to_uhwi (TYPE_SIZE_UNIT (ft));
      if (off > end)
	end = off;
      idx++;
    }
  unsigned HOST_WIDE_INT al = TYPE_ALIGN_UNIT (type);
  if (!tree_fits_uhwi_p (TYPE_SIZE_UNIT (type))
      || tree_to_uhwi (TYPE_SIZE_UNIT (type)) != ((end + al - 1) & -al))
    {
      FAIL (f, stmt, "size of %qs differs from natural alignment", name);
      return name;
    }
  char tail[64];
  snprintf (tail, sizeof tail, "} __attribute__ ((aligned (%u)));\n",
	    (unsigned) al);
  pp_string (&def, tail);
  pp_string (&u->types, pp_formatted_text (&def));
  return name;
}

/* Name of the field FLD of its record: m<index>.  */

static char *
field_name (tree fld)
{
  int idx = 0;
  for (tree t = TYPE_FIELDS (DECL_CONTEXT (fld)); t && t != fld;
       t = DECL_CHAIN (t))
    if (TREE_CODE (t) == FIELD_DECL)
      idx++;
  return xasprintf ("m%d", idx);
}

/* Is TYPE a 128-bit integer (OpenCL C has none)?  */

static bool
wide_int_type_p (tree type)
{
  return INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) == 128;
}

/* OpenCL name of the non-pointer type TYPE (struct, union and array types
   are defined in the unit on first use).  STMT is for diagnostics.  */

static const char *
type_name (struct ocl_fn *f, gimple *stmt, tree type)
{
  struct ocl_unit *u = f->unit;
  type = TYPE_MAIN_VARIANT (type);
  if (const char **n = u->tnames->get (type))
    return *n;
  const char *name = NULL;
  switch (TREE_CODE (type))
    {
    case VOID_TYPE:
      name = "void";
      break;
    case INTEGER_TYPE:
    case ENUMERAL_TYPE:
    case BOOLEAN_TYPE:
      name = int_type_name (type);
      if (!name && wide_int_type_p (type))
	{
	  /* GCC's form of a 16-byte memcpy: copied, never computed with
	     (print_rhs), so 16 bytes of any alignment.  */
	  name = "gpu_u128";
	  if (!u->fnames->contains (name))
	    {
	      pp_string (&u->types, "typedef struct { uchar b[16]; } gpu_u128;"
			 "\n");
	      u->fnames->add (xstrdup (name));
	    }
	}
      else if (!name)
	FAIL (f, stmt, "integer type of %d bits", TYPE_PRECISION (type));
      break;
    case REAL_TYPE:
      if (TYPE_MODE (type) == SFmode)
	name = "float";
      else if (TYPE_MODE (type) == DFmode)
	{
	  name = "double";
	  u->fp64 = true;
	}
      else
	FAIL (f, stmt, "floating type %qs is not available on the device",
	      TYPE_NAME (type) && DECL_P (TYPE_NAME (type))
	      ? IDENTIFIER_POINTER (DECL_NAME (TYPE_NAME (type)))
	      : "long double");
      break;
    case RECORD_TYPE:
    case UNION_TYPE:
      return record_type_name (f, stmt, type);
    case ARRAY_TYPE:
      {
	tree dom = TYPE_DOMAIN (type);
	const char *en = type_name (f, stmt, TREE_TYPE (type));
	if (failed (f))
	  return "int";
	if (POINTER_TYPE_P (TREE_TYPE (type)))
	  {
	    FAIL (f, stmt, "array of pointers");
	    return "int";
	  }
	if (!dom || !TYPE_MAX_VALUE (dom)
	    || !tree_fits_shwi_p (TYPE_MAX_VALUE (dom))
	    || !integer_zerop (TYPE_MIN_VALUE (dom)))
	  {
	    FAIL (f, stmt, "array of variable or unknown size");
	    return "int";
	  }
	char *n = xasprintf ("gpu_a%u", TYPE_UID (type));
	pp_printf (&u->types, "typedef %s %s[%ld];\n", en, n,
		   (long) tree_to_shwi (TYPE_MAX_VALUE (dom)) + 1);
	name = n;
	break;
      }
    case POINTER_TYPE:
      FAIL (f, stmt, "pointer stored in memory");
      return "int";
    case COMPLEX_TYPE:
      FAIL (f, stmt, "complex arithmetic is not supported on the device");
      return "int";
    case VECTOR_TYPE:
      {
	/* Only gpu_tile's vector tile loads make them (4 lanes of a
	   32- or 64-bit element): OpenCL's float4, int4...  */
	tree elt = TREE_TYPE (type);
	const char *en = (INTEGRAL_TYPE_P (elt) || SCALAR_FLOAT_TYPE_P (elt))
	  && known_eq (TYPE_VECTOR_SUBPARTS (type), 4U)
	  ? type_name (f, stmt, elt) : NULL;
	if (!en || failed (f)
	    || (TYPE_PRECISION (elt) != 32 && TYPE_PRECISION (elt) != 64))
	  {
	    FAIL (f, stmt, "vector types are not supported on the device");
	    return "int";
	  }
	name = xasprintf ("%s4", en);
	break;
      }
    default:
      FAIL (f, stmt, "type %qs is not supported on the device",
	    get_tree_code_name (TREE_CODE (type)));
      return "int";
    }
  if (name)
    u->tnames->put (type, name);
  return name ? name : "int";
}

/* ------------------------------------------------------------- pointers */


/* Is TYPE an array of variable length (its size known only at run
   time)?  */

static bool
vla_type_p (tree type)
{
  return (TREE_CODE (type) == ARRAY_TYPE
	  && (!TYPE_SIZE_UNIT (type)
	      || TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST));
}

/* Print the pointer type TYPE whose pointee lives in AS.  */

static const char *
ptr_type_name (struct ocl_fn *f, gimple *stmt, tree type, enum gpu_as as)
{
  tree pointee = TREE_TYPE (type);
  /* A pointer to an array of variable length, as a C99 array parameter
     'double a[n][m]' is a 'double (*)[m]': OpenCL C has no such type, so
     it points to the first element, and print_ref indexes the rows
     itself.  */
  if (vla_type_p (pointee))
    {
      pointee = TREE_TYPE (pointee);
      if (vla_type_p (pointee))
	{
	  FAIL (f, stmt, "array of variable length in more than one "
		"dimension");
	  return "void *";
	}
    }
  if (TREE_CODE (pointee) == FUNCTION_TYPE)
    {
      FAIL (f, stmt, "function pointer");
      return "void *";
    }
  if (POINTER_TYPE_P (pointee))
    {
      FAIL (f, stmt, "pointer to pointer");
      return "void *";
    }
  const char *pn = type_name (f, stmt, pointee);
  return xasprintf ("%s%s *", as_name (as == GPU_AS_NONE ? GPU_AS_PRIVATE : as), pn);
}

/* Does the pointer VAL, used by STMT, point into the array of pointers
   that receives heap blocks outliving the region (gpu_alloc's
   escape_cap)?  Its elements hold heap offsets: a __global ulong *,
   and only gpu_heap_escape stores into it.  */

static bool
escape_array_p (struct ocl_fn *f, gimple *stmt, tree val)
{
  struct gpu_region *r = f->unit->r;
  if (!r->escape_cap || !POINTER_TYPE_P (TREE_TYPE (val))
      || !POINTER_TYPE_P (TREE_TYPE (TREE_TYPE (val))))
    return false;
  struct gpu_ptr pi = ptr_info (f, stmt, val);
  return pi.as == GPU_AS_GLOBAL && pi.cap == r->escape_cap - 1;
}

/* Declaration type of the register value VAL (an SSA name).  */

static const char *
value_type_name (struct ocl_fn *f, gimple *stmt, tree val)
{
  tree type = TREE_TYPE (val);
  if (f->narrow && f->narrow->contains (val))
    return "uint";
  if (POINTER_TYPE_P (type))
    {
      if (escape_array_p (f, stmt, val))
	return "__global ulong *";
      return ptr_type_name (f, stmt, type, ptr_info (f, stmt, val).as);
    }
  return type_name (f, stmt, type);
}

/* ----------------------------------------------------------- operands */

static void print_value (struct ocl_fn *f, gimple *stmt, pretty_printer *pp,
			 tree op);
static void print_ref (struct ocl_fn *f, gimple *stmt, pretty_printer *pp,
		       tree ref);

/* Name of the local for decl DECL, declaring it on first use.  */

static const char *
decl_local (struct ocl_fn *f, gimple *stmt, tree decl)
{
  char *name;
  if (DECL_NAME (decl))
    name = xasprintf ("%s_%u", IDENTIFIER_POINTER (DECL_NAME (decl)),
		      DECL_UID (decl));
  else
    name = xasprintf ("d_%u", DECL_UID (decl));
  for (char *p = name; *p; p++)
    if (!ISALNUM (*p) && *p != '_')
      *p = '_';
  if (!f->declared->add (decl) && TREE_CODE (decl) != PARM_DECL)
    {
      const char *tn;
      if (POINTER_TYPE_P (TREE_TYPE (decl)))
	tn = ptr_type_name (f, stmt, TREE_TYPE (decl), GPU_AS_PRIVATE);
      else
	tn = type_name (f, stmt, TREE_TYPE (decl));
      /* A tile of gpu_tile: the work-group's.  */
      bool local = lookup_attribute ("gpu local", DECL_ATTRIBUTES (decl));
      pp_printf (&f->decls, "  %s%s %s;\n", local ? "__local " : "", tn,
		 name);
    }
  return name;
}

/* Name of the SSA name NAME, declaring it on first use.  */

static const char *
ssa_local (struct ocl_fn *f, gimple *stmt, tree name)
{
  char *n = xasprintf ("v%u", SSA_NAME_VERSION (name));
  if (!f->declared->add (name))
    pp_printf (&f->decls, "  %s %s;\n", value_type_name (f, stmt, name), n);
  return n;
}

/* Print the integer constant CST.  */

static void
print_int_cst (pretty_printer *pp, tree cst)
{
  tree type = TREE_TYPE (cst);
  const char *tn = POINTER_TYPE_P (type) ? "ulong" : int_type_name (type);
  if (!tn)
    tn = "long";
  if (TYPE_UNSIGNED (type) || POINTER_TYPE_P (type))
    pp_printf (pp, "((%s)%wuUL)", tn, tree_to_uhwi (fold_convert
						    (long_long_unsigned_type_node,
						     cst)));
  else
    {
      HOST_WIDE_INT v = tree_to_shwi (fold_convert (long_long_integer_type_node,
						   cst));
      if (v == HOST_WIDE_INT_MIN)
	pp_printf (pp, "((%s)(-9223372036854775807L-1L))", tn);
      else
	pp_printf (pp, "((%s)%wdL)", tn, v);
    }
}

/* Print the floating constant CST.  */

static void
print_real_cst (struct ocl_fn *f, pretty_printer *pp, tree cst)
{
  const REAL_VALUE_TYPE *r = TREE_REAL_CST_PTR (cst);
  bool is_float = TYPE_MODE (TREE_TYPE (cst)) == SFmode;
  if (!is_float)
    f->unit->fp64 = true;
  const char *cast = is_float ? "" : "(double)";
  if (real_isinf (r))
    pp_printf (pp, "(%s%sINFINITY)", real_isneg (r) ? "-" : "", cast);
  else if (real_isnan (r))
    pp_printf (pp, "(%sNAN)", cast);
  else
    {
      char buf[64];
      real_to_hexadecimal (buf, r, sizeof buf, 0, 1);
      pp_printf (pp, "(%s%s)", buf, is_float ? "f" : "");
    }
}

/* Print the buffer capture CAP as a pointer of type TYPE.  */

static void
print_cap_ptr (pretty_printer *pp, int cap, const char *type)
{
  pp_printf (pp, "((%s)(gpu_b%d + gpu_o%d))", type, cap, cap);
}

/* Print the value OP (an SSA name, constant or address) in rvalue
   position.  */

static void
print_value (struct ocl_fn *f, gimple *stmt, pretty_printer *pp, tree op)
{
  switch (TREE_CODE (op))
    {
    case SSA_NAME:
      {
	tree var = SSA_NAME_VAR (op);
	if (f->m.kernel && !SSA_NAME_IS_VIRTUAL_OPERAND (op)
	    && (SSA_NAME_IS_DEFAULT_DEF (op)
		? (var && TREE_CODE (var) == PARM_DECL)
		: !f->m.blocks->contains (gimple_bb (SSA_NAME_DEF_STMT (op)))))
	  {
	    if (POINTER_TYPE_P (TREE_TYPE (op)))
	      {
		int cap = ptr_info (f, stmt, op).cap;
		print_cap_ptr (pp, cap, escape_array_p (f, stmt, op)
				? "__global ulong *"
				: ptr_type_name (f, stmt, TREE_TYPE (op),
						 GPU_AS_GLOBAL));
	      }
	    else
	      {
		int cap = gpu_region_param (f->unit->r, op, GPU_CAP_SCALAR,
					    false, stmt);
		type_name (f, stmt, TREE_TYPE (op));
		pp_printf (pp, "gpu_s%d", cap);
	      }
	    return;
	  }
	if (SSA_NAME_IS_DEFAULT_DEF (op))
	  {
	    if (var && TREE_CODE (var) == PARM_DECL)
	      {
		pp_string (pp, decl_local (f, stmt, var));
		return;
	      }
	    /* An uninitialized value: any value will do.  */
	    if (POINTER_TYPE_P (TREE_TYPE (op)))
	      pp_string (pp, "0");
	    else
	      pp_printf (pp, "((%s)0)", type_name (f, stmt, TREE_TYPE (op)));
	    return;
	  }
	pp_string (pp, ssa_local (f, stmt, op));
	return;
      }
    case INTEGER_CST:
      if (POINTER_TYPE_P (TREE_TYPE (op)))
	{
	  if (integer_zerop (op))
	    pp_string (pp, "0");
	  else
	    FAIL (f, stmt, "pointer made from an integer");
	  return;
	}
      print_int_cst (pp, op);
      return;
    case REAL_CST:
      print_real_cst (f, pp, op);
      return;
    case ADDR_EXPR:
      {
	tree obj = TREE_OPERAND (op, 0);
	struct gpu_ptr pi = ptr_info (f, stmt, op);
	const char *pt = ptr_type_name (f, stmt, TREE_TYPE (op), pi.as);
	if (TREE_CODE (obj) == FUNCTION_DECL)
	  {
	    FAIL (f, stmt, "address of function %qD", obj);
	    return;
	  }
	if (DECL_P (obj) && pi.as == GPU_AS_GLOBAL && pi.cap >= 0)
	  {
	    print_cap_ptr (pp, pi.cap, pt);
	    return;
	  }
	pp_printf (pp, "((%s)&", pt);
	print_ref (f, stmt, pp, obj);
	pp_string (pp, ")");
	return;
      }
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
    case MEM_REF:
    case ARRAY_REF:
    case COMPONENT_REF:
    case VIEW_CONVERT_EXPR:
    case BIT_FIELD_REF:
      print_ref (f, stmt, pp, op);
      return;
    case CONSTRUCTOR:
      FAIL (f, stmt, "aggregate constructor");
      return;
    default:
      FAIL (f, stmt, "unsupported operand %qs",
	    get_tree_code_name (TREE_CODE (op)));
    }
}

/* Print the memory reference REF as an lvalue.  */

static void
print_ref (struct ocl_fn *f, gimple *stmt, pretty_printer *pp, tree ref)
{
  switch (TREE_CODE (ref))
    {
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      {
	struct gpu_ptr pi = decl_info (f, stmt, ref);
	if (pi.as == GPU_AS_GLOBAL && pi.cap >= 0
	    && f->unit->r->caps[pi.cap].table)
	  {
	    /* A const table, a __constant array of the source
	       (print_tables).  */
	    pp_printf (pp, "(*(__constant %s *)gpu_t%d)",
		       type_name (f, stmt, TREE_TYPE (ref)), pi.cap);
	    return;
	  }
	if (pi.as == GPU_AS_GLOBAL && pi.cap >= 0
	    && f->unit->r->caps[pi.cap].kind == GPU_CAP_SCALAR)
	  {
	    /* A global the region only reads, passed by value.  */
	    pp_printf (pp, "gpu_s%d", pi.cap);
	    return;
	  }
	if (pi.as == GPU_AS_GLOBAL)
	  {
	    tree type = TREE_TYPE (ref);
	    const char *tn = type_name (f, stmt, type);
	    pp_printf (pp, "(*(__global %s *)(gpu_b%d + gpu_o%d))", tn, pi.cap,
		       pi.cap);
	    return;
	  }
	pp_string (pp, decl_local (f, stmt, ref));
	return;
      }
    case MEM_REF:
      {
	tree ptr = TREE_OPERAND (ref, 0);
	struct gpu_ptr pi = ptr_info (f, stmt, ptr);
	const char *tn = type_name (f, stmt, TREE_TYPE (ref));
	const char *as = as_name (pi.as);
	HOST_WIDE_INT off = mem_ref_offset (ref).force_shwi ().to_constant ();
	pp_printf (pp, "(*(%s%s *)((%schar *)", as, tn, as);
	print_value (f, stmt, pp, ptr);
	pp_printf (pp, " + %wd))", off);
	return;
      }
    case ARRAY_REF:
      {
	tree base = TREE_OPERAND (ref, 0);
	if (TREE_OPERAND (ref, 2) && !integer_zerop (TREE_OPERAND (ref, 2)))
	  {
	    FAIL (f, stmt, "array with a nonzero lower bound");
	    return;
	  }
	if (vla_type_p (TREE_TYPE (base)))
	  {
	    /* (*P)[I] with *P an array of variable length (a row of a C99
	       array parameter): index a pointer to its element type.  */
	    tree elt = TREE_TYPE (TREE_TYPE (base));
	    if (TREE_CODE (base) != MEM_REF || vla_type_p (elt))
	      {
		FAIL (f, stmt, "array of variable length in more than one "
		      "dimension");
		return;
	      }
	    tree ptr = TREE_OPERAND (base, 0);
	    struct gpu_ptr pi = ptr_info (f, stmt, ptr);
	    const char *tn = type_name (f, stmt, elt);
	    const char *as = as_name (pi.as);
	    HOST_WIDE_INT off
	      = mem_ref_offset (base).force_shwi ().to_constant ();
	    pp_printf (pp, "((%s%s *)((%schar *)", as, tn, as);
	    print_value (f, stmt, pp, ptr);
	    pp_printf (pp, " + %wd))[", off);
	    print_value (f, stmt, pp, TREE_OPERAND (ref, 1));
	    pp_string (pp, "]");
	    return;
	  }
	pp_string (pp, "(");
	print_ref (f, stmt, pp, base);
	pp_string (pp, ")[");
	print_value (f, stmt, pp, TREE_OPERAND (ref, 1));
	pp_string (pp, "]");
	return;
      }
    case COMPONENT_REF:
      {
	tree fld = TREE_OPERAND (ref, 1);
	if (TREE_OPERAND (ref, 2))
	  {
	    FAIL (f, stmt, "field at a variable offset");
	    return;
	  }
	/* Make sure the record is defined.  */
	type_name (f, stmt, DECL_CONTEXT (fld));
	if (DECL_BIT_FIELD (fld) || DECL_BIT_FIELD_TYPE (fld))
	  {
	    FAIL (f, stmt, "bit-field %qD", fld);
	    return;
	  }
	pp_string (pp, "(");
	print_ref (f, stmt, pp, TREE_OPERAND (ref, 0));
	pp_printf (pp, ").%s", field_name (fld));
	return;
      }
    case VIEW_CONVERT_EXPR:
      {
	tree type = TREE_TYPE (ref);
	tree inner = TREE_OPERAND (ref, 0);
	if (!INTEGRAL_TYPE_P (type) && !SCALAR_FLOAT_TYPE_P (type))
	  {
	    FAIL (f, stmt, "reinterpretation of an aggregate");
	    return;
	  }
	if (!tree_int_cst_equal (TYPE_SIZE (type), TYPE_SIZE (TREE_TYPE (inner))))
	  {
	    FAIL (f, stmt, "reinterpretation between sizes");
	    return;
	  }
	pp_printf (pp, "as_%s(", type_name (f, stmt, type));
	print_value (f, stmt, pp, inner);
	pp_string (pp, ")");
	return;
      }
    case BIT_FIELD_REF:
      {
	/* A lane of a vector value (gpu_tile's vector tile loads).  */
	tree vec = TREE_OPERAND (ref, 0);
	tree size = TREE_OPERAND (ref, 1), pos = TREE_OPERAND (ref, 2);
	if (TREE_CODE (vec) == SSA_NAME
	    && TREE_CODE (TREE_TYPE (vec)) == VECTOR_TYPE
	    && tree_fits_uhwi_p (size) && tree_fits_uhwi_p (pos)
	    && tree_int_cst_equal (size, TYPE_SIZE (TREE_TYPE (ref)))
	    && tree_to_uhwi (pos) % tree_to_uhwi (size) == 0
	    && tree_to_uhwi (pos) / tree_to_uhwi (size) < 4)
	  {
	    pp_string (pp, "(");
	    print_value (f, stmt, pp, vec);
	    pp_printf (pp, ").s%d", (int) (tree_to_uhwi (pos)
					  / tree_to_uhwi (size)));
	    return;
	  }
	FAIL (f, stmt, "unsupported memory reference %qs",
	      get_tree_code_name (TREE_CODE (ref)));
	return;
      }
    case TARGET_MEM_REF:
    case REALPART_EXPR:
    case IMAGPART_EXPR:
    case ARRAY_RANGE_REF:
    default:
      FAIL (f, stmt, "unsupported memory reference %qs",
	    get_tree_code_name (TREE_CODE (ref)));
    }
}

/* ---------------------------------------------------------- statements */

static void emit_edge (struct ocl_fn *f, edge e, const char *indent);
static void emit_call_checks (struct ocl_fn *f, gcall *call);

/* Print "(OPERAND)", converted to the unsigned type UT first when UT is
   not NULL: arithmetic that must wrap (on narrow integers, which C
   promotes, and on signed ones under -fwrapv) is done in an unsigned
   type, where OpenCL C defines it to wrap.  */

static void
print_wrapped (struct ocl_fn *f, gimple *stmt, pretty_printer *pp, tree op,
	       const char *ut)
{
  if (ut)
    pp_printf (pp, "(%s)", ut);
  pp_string (pp, "(");
  print_value (f, stmt, pp, op);
  pp_string (pp, ")");
}

static const char *
comparison_op (enum tree_code code)
{
  switch (code)
    {
    case LT_EXPR: return "<";
    case LE_EXPR: return "<=";
    case GT_EXPR: return ">";
    case GE_EXPR: return ">=";
    case EQ_EXPR: return "==";
    case NE_EXPR: return "!=";
    default: return NULL;
    }
}

/* Print the comparison A CODE B.  */

static void
print_compare (struct ocl_fn *f, gimple *stmt, pretty_printer *pp,
	       enum tree_code code, tree a, tree b)
{
  const char *op = comparison_op (code);
  const char *pre = "(", *mid = NULL, *post = ")";
  if (wide_int_type_p (TREE_TYPE (a)))
    {
      FAIL (f, stmt, "arithmetic on 128-bit integers");
      return;
    }
  if (!op)
    switch (code)
      {
      case UNORDERED_EXPR: pre = "isunordered("; mid = ", "; break;
      case ORDERED_EXPR: pre = "!isunordered("; mid = ", "; break;
      case UNLT_EXPR: pre = "!("; mid = " >= "; break;
      case UNLE_EXPR: pre = "!("; mid = " > "; break;
      case UNGT_EXPR: pre = "!("; mid = " <= "; break;
      case UNGE_EXPR: pre = "!("; mid = " < "; break;
      case UNEQ_EXPR: pre = "!islessgreater("; mid = ", "; break;
      case LTGT_EXPR: pre = "islessgreater("; mid = ", "; break;
      default:
	FAIL (f, stmt, "unsupported comparison %qs", get_tree_code_name (code));
	return;
      }
  else
    mid = xasprintf (" %s ", op);
  /* Pointers in different spaces must not be compared: cast to ulong.  */
  bool ptrs = POINTER_TYPE_P (TREE_TYPE (a));
  pp_string (pp, pre);
  if (ptrs)
    pp_string (pp, "(ulong)");
  pp_string (pp, "(");
  print_value (f, stmt, pp, a);
  pp_string (pp, ")");
  pp_string (pp, mid);
  if (ptrs)
    pp_string (pp, "(ulong)");
  pp_string (pp, "(");
  print_value (f, stmt, pp, b);
  pp_string (pp, ")");
  pp_string (pp, post);
}

static const char *emit_callee (struct ocl_fn *f, gcall *call, tree fndecl);

/* Is the text S one parenthesized group, "(...)"?  */

static bool
whole_parenthesized_p (const char *s)
{
  if (*s != '(')
    return false;
  int depth = 0;
  for (const char *p = s; *p; p++)
    {
      if (*p == '(')
	depth++;
      else if (*p == ')' && --depth == 0)
	return p[1] == 0;
    }
  return false;
}

/* Emit (once) the device version of the C library function NAME
   (gpu_device_lib_name) for the call CALL from F, specialised for the
   address spaces of its pointer arguments, and return its OpenCL name,
   or NULL after a failure.  The loops do what glibc's functions return:
   memcmp the difference of the first differing bytes (glibc's sign).  */

static const char *
emit_lib (struct ocl_fn *f, gcall *call, const char *name)
{
  struct ocl_unit *u = f->unit;
  if (gimple_call_lhs (call) && POINTER_TYPE_P (TREE_TYPE (gimple_call_lhs
							    (call))))
    {
      FAIL (f, call, "the pointer %qs returns is used", name);
      return NULL;
    }
  const char *as[2] = { "__global ", "__global " };
  char sig[3] = "";
  bool strtod = !strcmp (name, "strtod") || !strcmp (name, "atof");
  unsigned nptr = (!strcmp (name, "memset") || !strcmp (name, "strlen")
		   || strtod) ? 1 : 2;
  for (unsigned i = 0; i < nptr; i++)
    {
      struct gpu_ptr pi = ptr_info (f, call, gimple_call_arg (call, i));
      as[i] = as_name (pi.as == GPU_AS_PRIVATE ? GPU_AS_PRIVATE
		       : GPU_AS_GLOBAL);
      sig[i] = pi.as == GPU_AS_PRIVATE ? 'p' : 'g';
    }
  sig[nptr] = 0;
  char *fname = xasprintf ("gpu_lib_%s_%s", strtod ? "strtod" : name, sig);
  if (u->fnames->contains (fname))
    return fname;
  pretty_printer *pp = &u->funcs;
  if (strtod)
    {
      if (!u->fnames->contains ("gpu_sd"))
	{
	  pp_string (pp, ocl_strtod_helpers);
	  pp_newline (pp);
	  u->fnames->add (xstrdup ("gpu_sd"));
	}
      /* The parser, with "__AS" and "__ASN" replaced.  */
      const char *space = sig[0] == 'p' ? "__private" : "__global";
      for (const char *t = ocl_strtod_parser; *t; )
	if (!strncmp (t, "__ASN", 5))
	  {
	    pp_character (pp, sig[0]);
	    t += 5;
	  }
	else if (!strncmp (t, "__AS", 4))
	  {
	    pp_string (pp, space);
	    t += 4;
	  }
	else
	  pp_character (pp, *t++);
      pp_newline (pp);
    }
  else if (!strcmp (name, "memcpy"))
    pp_printf (pp, "void %s(%svoid *d_, const %svoid *s_, ulong n)\n{\n"
	       "  %suchar *d = (%suchar *)d_;\n"
	       "  const %suchar *s = (const %suchar *)s_;\n"
	       "  for (ulong i = 0; i < n; i++)\n    d[i] = s[i];\n}\n\n",
	       fname, as[0], as[1], as[0], as[0], as[1], as[1]);
  else if (!strcmp (name, "memmove"))
    /* The two may overlap only in one address space.  */
    pp_printf (pp, "void %s(%svoid *d_, const %svoid *s_, ulong n)\n{\n"
	       "  %suchar *d = (%suchar *)d_;\n"
	       "  const %suchar *s = (const %suchar *)s_;\n"
	       "%s"
	       "    for (ulong i = 0; i < n; i++)\n      d[i] = s[i];\n"
	       "%s}\n\n",
	       fname, as[0], as[1], as[0], as[0], as[1], as[1],
	       sig[0] == sig[1] ? "  if ((ulong)d <= (ulong)s)\n" : "",
	       sig[0] == sig[1] ? "  else\n    for (ulong i = n; i > 0; i--)"
				  "\n      d[i - 1] = s[i - 1];\n" : "");
  else if (!strcmp (name, "memset"))
    pp_printf (pp, "void %s(%svoid *d_, int c, ulong n)\n{\n"
	       "  %suchar *d = (%suchar *)d_;\n"
	       "  for (ulong i = 0; i < n; i++)\n    d[i] = (uchar)c;\n}\n\n",
	       fname, as[0], as[0], as[0]);
  else if (!strcmp (name, "memcmp"))
    pp_printf (pp, "int %s(const %svoid *a_, const %svoid *b_, ulong n)"
	       "\n{\n"
	       "  const %suchar *a = (const %suchar *)a_;\n"
	       "  const %suchar *b = (const %suchar *)b_;\n"
	       "  for (ulong i = 0; i < n; i++)\n"
	       "    if (a[i] != b[i])\n      return (int)a[i] - (int)b[i];\n"
	       "  return 0;\n}\n\n",
	       fname, as[0], as[1], as[0], as[0], as[1], as[1]);
  else
    pp_printf (pp, "ulong %s(const %svoid *s_)\n{\n"
	       "  const %schar *s = (const %schar *)s_;\n  ulong n = 0;\n"
	       "  while (s[n])\n    n++;\n  return n;\n}\n\n",
	       fname, as[0], as[0], as[0]);
  u->fnames->add (fname);
  return fname;
}

/* Print into PP the work-item's iteration of region R in the serial
   order (dimension 0 fastest), kept to the deopt buffer's words: the
   value a deopt stores (docs/ABI.md section 7; the runtime reports the
   smallest).  */

static void
print_deopt_iter (struct gpu_region *r, pretty_printer *pp)
{
  pp_string (pp, "(uint)min(");
  for (int k = 1; k < r->ndim; k++)
    pp_printf (pp, "(gpu_g%d + gpu_n%d * ", k - 1, k - 1);
  pp_printf (pp, "gpu_g%d", r->ndim - 1);
  for (int k = r->ndim - 1; k > 0; k--)
    pp_string (pp, ")");
  pp_printf (pp, ", (ulong)%uu)", GPU_DEOPT_ITER_MAX);
}

/* Print the call CALL (its right-hand side).  Returns false when nothing
   was printed (the call is dropped).  */

static bool
print_call (struct ocl_fn *f, gcall *call, pretty_printer *pp)
{
  if (gimple_call_internal_p (call))
    {
      FAIL (f, call, "internal function %qs",
	    internal_fn_name (gimple_call_internal_fn (call)));
      return false;
    }
  switch (gpu_marker_of (call))
    {
    case GPU_MARK_LOCAL_ID:
      if (f->flat)
	pp_string (pp, "(ulong)0");
      else
	pp_printf (pp, "(ulong)get_local_id(%d)",
		   (int) tree_to_shwi (gimple_call_arg (call, 0)));
      return true;
    case GPU_MARK_GROUP_ID:
      if (f->flat)
	pp_string (pp, "(ulong)0");
      else
	pp_printf (pp, "(ulong)get_group_id(%d)",
		   (int) tree_to_shwi (gimple_call_arg (call, 0)));
      return true;
    case GPU_MARK_COUNT:
      pp_printf (pp, "gpu_n%d",
		 (int) tree_to_shwi (gimple_call_arg (call, 0)));
      return true;
    case GPU_MARK_IN_RANGE:
      pp_string (pp, "gpu_in");
      return true;
    case GPU_MARK_DEOPT:
      pp_string (pp, "atomic_min(gpu_deopt + ");
      pp_decimal_int (pp, (int) tree_to_shwi (gimple_call_arg (call, 0)));
      pp_string (pp, ", ");
      print_deopt_iter (f->unit->r, pp);
      pp_string (pp, ")");
      return true;
    case GPU_MARK_LOCAL_SIZE:
      pp_string (pp, f->flat ? "(ulong)1" : "(ulong)get_local_size(0)");
      return true;
    case GPU_MARK_BARRIER:
      pp_string (pp, f->flat ? "(void)0"
		 : "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)");
      return true;
    case GPU_MARK_LOCAL_BARRIER:
      pp_string (pp, f->flat ? "(void)0" : "barrier(CLK_LOCAL_MEM_FENCE)");
      return true;
    case GPU_MARK_BARRIER_IF_SAME:
      if (f->flat)
	{
	  pp_string (pp, "(void)0");
	  return true;
	}
      {
	/* A condition on kernel parameters: the same in the whole group.  */
	pp_string (pp, "if (0");
	for (unsigned i = 0; i + 1 < gimple_call_num_args (call); i += 2)
	  pp_printf (pp, " || gpu_b%d == gpu_b%d",
		     (int) tree_to_shwi (gimple_call_arg (call, i)),
		     (int) tree_to_shwi (gimple_call_arg (call, i + 1)));
	pp_string (pp, ") barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)");
	return true;
      }
    default:
      break;
    }
  tree fndecl = gimple_call_fndecl (call);
  if (!fndecl)
    {
      FAIL (f, call, "call through a function pointer");
      return false;
    }
  /* The device heap (gpu_alloc, docs/ABI.md section 8): free is
     accepted and does nothing (a bump allocator).  */
  struct gpu_region *hr = f->unit->r;
  if (hr->heap_calls && hr->heap_calls->contains (call))
    {
      enum built_in_function hk = gpu_heap_call_kind (call);
      if (hk == BUILT_IN_FREE)
	{
	  pp_string (pp, "(void)0");
	  return true;
	}
      pp_string (pp, hk == BUILT_IN_MALLOC ? "gpu_heap_malloc(gpu_heap, gpu_hwg"
		 : hk == BUILT_IN_CALLOC ? "gpu_heap_calloc(gpu_heap, gpu_hwg"
		 : "gpu_heap_realloc(gpu_heap, gpu_hwg");
      for (unsigned i = 0; i < gimple_call_num_args (call); i++)
	{
	  tree a = gimple_call_arg (call, i);
	  pp_string (pp, POINTER_TYPE_P (TREE_TYPE (a)) ? ", " : ", (ulong)(");
	  print_value (f, call, pp, a);
	  if (!POINTER_TYPE_P (TREE_TYPE (a)))
	    pp_string (pp, ")");
	}
      pp_string (pp, ")");
      return true;
    }
  const char *name = NULL;
  if (fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    {
      switch (DECL_FUNCTION_CODE (fndecl))
	{
	case BUILT_IN_EXPECT:
	  print_value (f, call, pp, gimple_call_arg (call, 0));
	  return true;
	case BUILT_IN_SETJMP:
	case BUILT_IN_LONGJMP:
	  FAIL (f, call, "setjmp/longjmp");
	  return false;
	case BUILT_IN_ABS:
	case BUILT_IN_LABS:
	case BUILT_IN_LLABS:
	case BUILT_IN_IMAXABS:
	  {
	    tree a = gimple_call_arg (call, 0);
	    pp_string (pp, "(");
	    print_value (f, call, pp, a);
	    pp_string (pp, " < 0 ? -");
	    print_value (f, call, pp, a);
	    pp_string (pp, " : ");
	    print_value (f, call, pp, a);
	    pp_string (pp, ")");
	    return true;
	  }
	default:
	  name = gpu_device_lib_name (fndecl);
	  if (name)
	    {
	      name = emit_lib (f, call, name);
	      if (!name)
		return false;
	    }
	  else
	    name = gpu_math_builtin_name (fndecl);
	  break;
	}
      if (!name)
	{
	  FAIL (f, call, "call to %qD, which has no device version", fndecl);
	  return false;
	}
    }
  else
    {
      const char *n = IDENTIFIER_POINTER (DECL_NAME (fndecl));
      if (!strcmp (n, "setjmp") || !strcmp (n, "_setjmp")
	  || !strcmp (n, "sigsetjmp") || !strcmp (n, "__sigsetjmp"))
	{
	  FAIL (f, call, "setjmp/longjmp");
	  return false;
	}
      const char *lib = gpu_device_lib_name (fndecl);
      name = lib ? emit_lib (f, call, lib) : emit_callee (f, call, fndecl);
      if (!name)
	return false;
    }
  pp_printf (pp, "%s(", name);
  unsigned i;
  /* strtod's end pointer is null (gpu-params.cc): not passed.  */
  unsigned nargs = gimple_call_num_args (call);
  if (!strncmp (name, "gpu_lib_strtod_", 15))
    nargs = 1;
  for (i = 0; i < nargs; i++)
    {
      if (i)
	pp_string (pp, ", ");
      print_value (f, call, pp, gimple_call_arg (call, i));
    }
  /* A function of the unit gets the buffers of the globals called
     functions use, under the kernel's names.  */
  if (!fndecl_built_in_p (fndecl, BUILT_IN_NORMAL)
      && !gpu_device_lib_name (fndecl))
    {
      struct gpu_region *r = f->unit->r;
      for (unsigned k = 0; k < r->caps.length (); k++)
	if (r->caps[k].table)
	  continue;		/* Seen from every function.  */
	else if (r->caps[k].callee_global
		 && r->caps[k].kind == GPU_CAP_SCALAR)
	  pp_printf (pp, "%sgpu_s%u", i++ ? ", " : "", k);
	else if (r->caps[k].callee_global)
	  pp_printf (pp, "%sgpu_b%u, gpu_o%u", i++ ? ", " : "", k, k);
      /* The device heap goes down the call chain.  */
      if (r->heap)
	pp_printf (pp, "%sgpu_heap, gpu_hwg", i++ ? ", " : "");
      /* So do the deopt buffer, the iteration and the flag that a
	 callee deoptimized (gpu_speculate).  */
      if (r->spec_checks && f->m.kernel)
	{
	  pp_printf (pp, "%sgpu_deopt, ", i++ ? ", " : "");
	  print_deopt_iter (r, pp);
	  pp_string (pp, ", &gpu_dhit");
	}
      else if (r->spec_checks)
	pp_printf (pp, "%sgpu_deopt, gpu_dit, gpu_dhit", i++ ? ", " : "");
    }
  pp_string (pp, ")");
  return true;
}

/* Print the right-hand side of the assignment STMT with result type
   TYPE.  */

static void
print_rhs (struct ocl_fn *f, gassign *stmt, pretty_printer *pp)
{
  enum tree_code code = gimple_assign_rhs_code (stmt);
  tree lhs = gimple_assign_lhs (stmt);
  tree type = TREE_TYPE (lhs);
  tree a = gimple_assign_rhs1 (stmt);
  tree b = gimple_num_ops (stmt) > 2 ? gimple_assign_rhs2 (stmt) : NULL;
  tree c = gimple_num_ops (stmt) > 3 ? gimple_assign_rhs3 (stmt) : NULL;
  bool narrow = INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) < 32
		&& TREE_CODE (type) != BOOLEAN_TYPE;
  /* Where + - * negation and << must wrap: narrow types (GIMPLE's
     arithmetic on them wraps at their precision), signed types under
     -fwrapv or -fno-strict-overflow, and << of a signed value always (GCC
     defines it as on two's complement; OpenCL C does not).  */
  bool sgn = INTEGRAL_TYPE_P (type) && !TYPE_UNSIGNED (type)
	     && TREE_CODE (type) != BOOLEAN_TYPE;
  const char *wrap_type = narrow ? "uint"
    : sgn && TYPE_OVERFLOW_WRAPS (type) ? uint_type_name (type) : NULL;

  /* A 128-bit integer is only copied (a 16-byte memcpy).  */
  if ((wide_int_type_p (type) || wide_int_type_p (TREE_TYPE (a))
       || (b && wide_int_type_p (TREE_TYPE (b))))
      && (!gimple_assign_single_p (stmt) || TREE_CODE (a) == INTEGER_CST))
    {
      FAIL (f, stmt, "arithmetic on 128-bit integers");
      return;
    }

  if (TREE_CODE_CLASS (code) == tcc_comparison)
    {
      print_compare (f, stmt, pp, code, a, b);
      return;
    }
  switch (code)
    {
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case BIT_AND_EXPR:
    case BIT_IOR_EXPR:
    case BIT_XOR_EXPR:
    case TRUNC_DIV_EXPR:
    case EXACT_DIV_EXPR:
    case RDIV_EXPR:
    case TRUNC_MOD_EXPR:
    case LSHIFT_EXPR:
    case RSHIFT_EXPR:
      {
	const char *op = NULL;
	const char *wrap = wrap_type;
	switch (code)
	  {
	  case PLUS_EXPR: op = "+"; break;
	  case MINUS_EXPR: op = "-"; break;
	  case MULT_EXPR: op = "*"; break;
	  case BIT_AND_EXPR: op = "&"; wrap = NULL; break;
	  case BIT_IOR_EXPR: op = "|"; wrap = NULL; break;
	  case BIT_XOR_EXPR: op = "^"; wrap = NULL; break;
	  case TRUNC_DIV_EXPR: case EXACT_DIV_EXPR: case RDIV_EXPR:
	    op = "/"; wrap = NULL; break;
	  case TRUNC_MOD_EXPR: op = "%"; wrap = NULL; break;
	  case LSHIFT_EXPR:
	    op = "<<";
	    if (!wrap && sgn)
	      wrap = uint_type_name (type);
	    break;
	  case RSHIFT_EXPR: op = ">>"; wrap = NULL; break;
	  default: gcc_unreachable ();
	  }
	print_wrapped (f, stmt, pp, a, wrap);
	pp_printf (pp, " %s ", op);
	print_wrapped (f, stmt, pp, b, code == LSHIFT_EXPR ? NULL : wrap);
	return;
      }
    case POINTER_PLUS_EXPR:
      {
	struct gpu_ptr pi = ptr_info (f, stmt, a);
	pp_printf (pp, "(%schar *)", as_name (pi.as));
	print_value (f, stmt, pp, a);
	if (f->narrow && f->narrow->contains (b))
	  {
	    pp_string (pp, " + (long)as_int(");
	    print_value (f, stmt, pp, b);
	    pp_string (pp, ")");
	    return;
	  }
	pp_string (pp, " + (long)");
	print_value (f, stmt, pp, b);
	return;
      }
    case POINTER_DIFF_EXPR:
      pp_string (pp, "(long)(ulong)");
      print_value (f, stmt, pp, a);
      pp_string (pp, " - (long)(ulong)");
      print_value (f, stmt, pp, b);
      return;
    case MIN_EXPR:
    case MAX_EXPR:
      pp_string (pp, "(");
      print_value (f, stmt, pp, a);
      pp_string (pp, code == MIN_EXPR ? " < " : " > ");
      print_value (f, stmt, pp, b);
      pp_string (pp, " ? ");
      print_value (f, stmt, pp, a);
      pp_string (pp, " : ");
      print_value (f, stmt, pp, b);
      pp_string (pp, ")");
      return;
    case LROTATE_EXPR:
    case RROTATE_EXPR:
      {
	const char *ut = uint_type_name (type);
	pp_printf (pp, "rotate((%s)", ut);
	print_value (f, stmt, pp, a);
	if (code == LROTATE_EXPR)
	  pp_printf (pp, ", (%s)", ut);
	else
	  pp_printf (pp, ", (%s)(%d - ", ut, TYPE_PRECISION (type));
	print_value (f, stmt, pp, b);
	pp_string (pp, code == LROTATE_EXPR ? ")" : "))");
	return;
      }
    case MULT_HIGHPART_EXPR:
      pp_string (pp, "mul_hi(");
      print_value (f, stmt, pp, a);
      pp_string (pp, ", ");
      print_value (f, stmt, pp, b);
      pp_string (pp, ")");
      return;
    case TRUTH_AND_EXPR:
    case TRUTH_OR_EXPR:
    case TRUTH_XOR_EXPR:
      pp_string (pp, "(");
      print_value (f, stmt, pp, a);
      pp_string (pp, code == TRUTH_AND_EXPR ? ") && ("
		 : code == TRUTH_OR_EXPR ? ") || (" : ") != (");
      print_value (f, stmt, pp, b);
      pp_string (pp, ")");
      return;
    case COND_EXPR:
      pp_string (pp, "(");
      if (COMPARISON_CLASS_P (a))
	print_compare (f, stmt, pp, TREE_CODE (a), TREE_OPERAND (a, 0),
		       TREE_OPERAND (a, 1));
      else
	print_value (f, stmt, pp, a);
      pp_string (pp, ") ? (");
      print_value (f, stmt, pp, b);
      pp_string (pp, ") : (");
      print_value (f, stmt, pp, c);
      pp_string (pp, ")");
      return;
    CASE_CONVERT:
    case FLOAT_EXPR:
    case FIX_TRUNC_EXPR:
      if (TREE_CODE (type) == BOOLEAN_TYPE
	  && TREE_CODE (TREE_TYPE (a)) != BOOLEAN_TYPE)
	{
	  /* GIMPLE's conversion to a boolean of precision 1 keeps the low
	     bit (the front end wrote C's "!= 0" already; the optimizers
	     then turn (x & 2) != 0 into (_Bool) (x >> 1)).  */
	  if (TYPE_PRECISION (type) == 1)
	    {
	      pp_string (pp, SCALAR_FLOAT_TYPE_P (TREE_TYPE (a))
			 ? "((long)(" : "((");
	      print_value (f, stmt, pp, a);
	      pp_string (pp, ") & 1)");
	      return;
	    }
	  pp_string (pp, "(");
	  print_value (f, stmt, pp, a);
	  pp_string (pp, ") != 0");
	  return;
	}
      if (POINTER_TYPE_P (type) && !POINTER_TYPE_P (TREE_TYPE (a))
	  && !integer_zerop (a))
	{
	  FAIL (f, stmt, "pointer made from an integer");
	  return;
	}
      if (POINTER_TYPE_P (TREE_TYPE (a)) && !POINTER_TYPE_P (type))
	pp_string (pp, "(ulong)");
      print_value (f, stmt, pp, a);
      return;
    case NEGATE_EXPR:
      pp_string (pp, "-");
      print_wrapped (f, stmt, pp, a, wrap_type);
      return;
    case BIT_NOT_EXPR:
      /* On _Bool (one bit of precision) it is the logical not.  */
      pp_string (pp, TYPE_PRECISION (type) == 1 ? "!" : "~");
      print_wrapped (f, stmt, pp, a, NULL);
      return;
    case TRUTH_NOT_EXPR:
      pp_string (pp, "!");
      print_wrapped (f, stmt, pp, a, NULL);
      return;
    case ABS_EXPR:
    case ABSU_EXPR:
      if (FLOAT_TYPE_P (type))
	{
	  pp_string (pp, "fabs(");
	  print_value (f, stmt, pp, a);
	  pp_string (pp, ")");
	  return;
	}
      {
	const char *ut = uint_type_name (TREE_TYPE (a));
	pp_string (pp, "((");
	print_value (f, stmt, pp, a);
	pp_printf (pp, ") < 0 ? (%s)0 - (%s)(", ut, ut);
	print_value (f, stmt, pp, a);
	pp_printf (pp, ") : (%s)(", ut);
	print_value (f, stmt, pp, a);
	pp_string (pp, "))");
	return;
      }
    case PAREN_EXPR:
    case SSA_NAME:
    case INTEGER_CST:
    case REAL_CST:
    case ADDR_EXPR:
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
    case MEM_REF:
    case ARRAY_REF:
    case COMPONENT_REF:
    case VIEW_CONVERT_EXPR:
    case BIT_FIELD_REF:
      print_value (f, stmt, pp, a);
      return;
    default:
      FAIL (f, stmt, "unsupported operation %qs", get_tree_code_name (code));
    }
}

/* Print the store or copy of VAL (already printed into RHS) to LHS.  */

static void
emit_store (struct ocl_fn *f, gimple *stmt, tree lhs, const char *rhs)
{
  pretty_printer lp;
  tree type = TREE_TYPE (lhs);
  if (TREE_CODE (lhs) == SSA_NAME)
    pp_string (&lp, ssa_local (f, stmt, lhs));
  else
    print_ref (f, stmt, &lp, lhs);
  const char *tn;
  if (POINTER_TYPE_P (type))
    tn = TREE_CODE (lhs) == SSA_NAME ? value_type_name (f, stmt, lhs)
      : ptr_type_name (f, stmt, type, GPU_AS_PRIVATE);
  else
    tn = type_name (f, stmt, type);
  if (AGGREGATE_TYPE_P (type) || wide_int_type_p (type))
    pp_printf (f->out, "  %s = %s;\n", pp_formatted_text (&lp), rhs);
  else
    pp_printf (f->out, "  %s = (%s)(%s);\n", pp_formatted_text (&lp), tn,
	       rhs);
}

/* Print OP, an operand of a statement of the kernel NAME_i32 whose value
   is in F->narrow, as a uint: its low 32 bits.  */

static void
print_index32_operand (struct ocl_fn *f, gimple *stmt, tree op)
{
  if (TREE_CODE (op) == SSA_NAME && f->narrow->contains (op))
    pp_string (f->out, ssa_local (f, stmt, op));
  else if (TREE_CODE (op) == INTEGER_CST)
    pp_printf (f->out, "%wuU", TREE_INT_CST_LOW (op) & 0xffffffffu);
  else
    {
      pp_string (f->out, "(uint)");
      print_value (f, stmt, f->out, op);
    }
}

/* Print STMT, an addition, subtraction, multiplication, negation,
   complement or conversion whose result is in F->narrow, modulo 2^32 in uint: the low
   32 bits of the result depend only on those of the operands
   (gpu-emit.cc index32_names says why that is enough).  */

static void
emit_index32 (struct ocl_fn *f, gassign *stmt)
{
  enum tree_code code = gimple_assign_rhs_code (stmt);
  const char *op = code == PLUS_EXPR ? " + " : code == MINUS_EXPR ? " - "
		   : code == MULT_EXPR ? " * " : NULL;
  pp_printf (f->out, "  %s = ", ssa_local (f, stmt, gimple_assign_lhs (stmt)));
  if (code == NEGATE_EXPR || code == BIT_NOT_EXPR)
    pp_string (f->out, code == NEGATE_EXPR ? "-" : "~");
  print_index32_operand (f, stmt, gimple_assign_rhs1 (stmt));
  if (op)
    {
      pp_string (f->out, op);
      print_index32_operand (f, stmt, gimple_assign_rhs2 (stmt));
    }
  pp_string (f->out, ";\n");
}

/* The address space of the object the memory reference REF of STMT is
   in.  */

static enum gpu_as
ref_as (struct ocl_fn *f, gimple *stmt, tree ref)
{
  tree bp;
  tree obj = gpu_ref_base (ref, &bp);
  struct gpu_ptr pi = bp ? ptr_info (f, stmt, bp) : decl_info (f, stmt, obj);
  return pi.as;
}

/* Emit STMT, LHS = RHS of an array type (GCC's form of a memcpy of a
   constant size): OpenCL C cannot assign arrays, so byte by byte (the
   two are the same object or do not overlap).  */

static void
emit_array_copy (struct ocl_fn *f, gimple *stmt, tree lhs, tree rhs)
{
  pretty_printer lp, rp;
  print_ref (f, stmt, &lp, lhs);
  print_ref (f, stmt, &rp, rhs);
  pp_printf (f->out,
	     "  for (ulong gpu_z = 0; gpu_z < sizeof (%s); gpu_z++)"
	     " ((%suchar *)&%s)[gpu_z] = ((const %suchar *)&%s)[gpu_z];\n",
	     pp_formatted_text (&lp), as_name (ref_as (f, stmt, lhs)),
	     pp_formatted_text (&lp), as_name (ref_as (f, stmt, rhs)),
	     pp_formatted_text (&rp));
}

/* Emit CALL, a __gpu_group_reduce marker of a two-level kernel: the
   combine over the work-group in a __local array of the kernel's own
   (ocl-reduce.cc).  */

static void
emit_group_reduce (struct ocl_fn *f, gcall *call)
{
  tree lhs = gimple_call_lhs (call);
  tree opc = gimple_call_arg (call, 2);
  if (!f->m.kernel || !lhs || TREE_CODE (lhs) != SSA_NAME
      || !tree_fits_shwi_p (opc))
    {
      FAIL (f, call, "internal error: misplaced group reduction");
      return;
    }
  struct gpu_reduction red;
  memset (&red, 0, sizeof red);
  red.type = TREE_TYPE (lhs);
  red.op = (enum gpu_red_op) tree_to_shwi (opc);
  red.tname = type_name (f, call, red.type);
  char *arr = f->flat ? NULL : xasprintf ("gpu_lg%u",
					    SSA_NAME_VERSION (lhs));
  if (arr)
    pp_printf (&f->ldecls, "  __local %s %s[%d];\n", red.tname, arr,
	       f->unit->r->group_wg);
  pretty_printer vp, ip;
  print_value (f, call, &vp, gimple_call_arg (call, 0));
  print_value (f, call, &ip, gimple_call_arg (call, 1));
  char *val = xstrdup (pp_formatted_text (&vp));
  char *init = xstrdup (pp_formatted_text (&ip));
  gpu_reduce_print_group (&red, f->out, arr, val, init,
			  ssa_local (f, call, lhs));
  free (val);
  free (init);
  free (arr);
}

/* Emit the statement STMT.  */

static void
emit_stmt (struct ocl_fn *f, gimple *stmt)
{
  /* Clobbers ("x ={v} {CLOBBER}") end a variable's lifetime; they are
     marked volatile but are no accesses.  */
  if (gimple_clobber_p (stmt))
    return;
  if (f->dead && f->dead->contains (stmt))
    return;
  if (gimple_has_volatile_ops (stmt))
    {
      FAIL (f, stmt, "volatile access");
      return;
    }
  switch (gimple_code (stmt))
    {
    case GIMPLE_ASSIGN:
      {
	gassign *as = as_a<gassign *> (stmt);
	tree lhs = gimple_assign_lhs (as);
	if (gimple_assign_single_p (stmt)
	    && TREE_CODE (gimple_assign_rhs1 (stmt)) == CONSTRUCTOR)
	  {
	    if (CONSTRUCTOR_NELTS (gimple_assign_rhs1 (stmt)) != 0)
	      {
		FAIL (f, stmt, "aggregate constructor");
		return;
	      }
	    /* x = {}: zero the object byte by byte.  */
	    pretty_printer lp;
	    print_ref (f, stmt, &lp, lhs);
	    pp_printf (f->out,
		       "  for (ulong gpu_z = 0; gpu_z < sizeof (%s); gpu_z++)"
		       " ((%suchar *)&%s)[gpu_z] = 0;\n",
		       pp_formatted_text (&lp), as_name (ref_as (f, stmt, lhs)),
		       pp_formatted_text (&lp));
	    return;
	  }
	if (gimple_assign_single_p (stmt)
	    && TREE_CODE (TREE_TYPE (lhs)) == ARRAY_TYPE)
	  {
	    emit_array_copy (f, stmt, lhs, gimple_assign_rhs1 (stmt));
	    return;
	  }
	if (f->narrow && f->narrow->contains (lhs))
	  {
	    emit_index32 (f, as);
	    return;
	  }
	pretty_printer rp;
	print_rhs (f, as, &rp);
	/* A heap block that outlives the region (gpu_alloc): its offset in
	   the heap, the element marked (heap_source's gpu_heap_escape).  */
	struct gpu_region *hr = f->unit->r;
	if (hr->escape_stores && hr->escape_stores->contains (stmt))
	  {
	    pretty_printer lp;
	    print_value (f, stmt, &lp, TREE_OPERAND (lhs, 0));
	    HOST_WIDE_INT off
	      = mem_ref_offset (lhs).force_shwi ().to_constant ();
	    pp_printf (f->out, "  gpu_heap_escape(gpu_heap, (__global ulong *)"
		       "((__global uchar *)%s + %wd), (__global uchar *)(%s), "
		       "(__global uchar *)(gpu_b%d + gpu_o%d));\n",
		       pp_formatted_text (&lp), off, pp_formatted_text (&rp),
		       hr->escape_cap - 1, hr->escape_cap - 1);
	    return;
	  }
	emit_store (f, stmt, lhs, pp_formatted_text (&rp));
	return;
      }
    case GIMPLE_CALL:
      {
	gcall *call = as_a<gcall *> (stmt);
	tree lhs = gimple_call_lhs (call);
	if (gpu_marker_of (call) == GPU_MARK_GROUP_REDUCE)
	  {
	    emit_group_reduce (f, call);
	    return;
	  }
	pretty_printer cp;
	if (!print_call (f, call, &cp))
	  return;
	if (lhs)
	  emit_store (f, stmt, lhs, pp_formatted_text (&cp));
	else
	  pp_printf (f->out, "  %s;\n", pp_formatted_text (&cp));
	emit_call_checks (f, call);
	return;
      }
    case GIMPLE_COND:
      {
	gcond *cond = as_a<gcond *> (stmt);
	edge te, fe;
	extract_true_false_edges_from_block (gimple_bb (stmt), &te, &fe);
	/* A test the passes made constant: only its edge.  */
	if (gimple_cond_true_p (cond) || gimple_cond_false_p (cond))
	  {
	    emit_edge (f, gimple_cond_true_p (cond) ? te : fe, "  ");
	    return;
	  }
	pretty_printer cp;
	print_compare (f, stmt, &cp, gimple_cond_code (cond),
		       gimple_cond_lhs (cond), gimple_cond_rhs (cond));
	/* A parenthesized comparison is the condition itself: one more
	   pair would make clang warn (-Wparentheses-equality) on every
	   build.  */
	const char *ct = pp_formatted_text (&cp);
	pp_printf (f->out, whole_parenthesized_p (ct) ? "  if %s {\n"
		   : "  if (%s) {\n", ct);
	emit_edge (f, te, "    ");
	pp_string (f->out, "  } else {\n");
	emit_edge (f, fe, "    ");
	pp_string (f->out, "  }\n");
	return;
      }
    case GIMPLE_SWITCH:
      {
	gswitch *sw = as_a<gswitch *> (stmt);
	tree idx = gimple_switch_index (sw);
	basic_block bb = gimple_bb (stmt);
	pretty_printer ip;
	print_value (f, stmt, &ip, idx);
	for (unsigned i = 1; i < gimple_switch_num_labels (sw); i++)
	  {
	    tree lab = gimple_switch_label (sw, i);
	    tree lo = CASE_LOW (lab), hi = CASE_HIGH (lab);
	    pretty_printer lp, hp;
	    print_value (f, stmt, &lp, lo);
	    if (hi)
	      {
		print_value (f, stmt, &hp, hi);
		pp_printf (f->out, "  if (%s >= %s && %s <= %s) {\n",
			   pp_formatted_text (&ip), pp_formatted_text (&lp),
			   pp_formatted_text (&ip), pp_formatted_text (&hp));
	      }
	    else
	      pp_printf (f->out, "  if (%s == %s) {\n",
			 pp_formatted_text (&ip), pp_formatted_text (&lp));
	    basic_block dest = label_to_block (f->m.fun, CASE_LABEL (lab));
	    emit_edge (f, find_edge (bb, dest), "    ");
	    pp_string (f->out, "  }\n");
	  }
	basic_block def = label_to_block (f->m.fun,
					  CASE_LABEL (gimple_switch_default_label (sw)));
	emit_edge (f, find_edge (bb, def), "  ");
	return;
      }
    case GIMPLE_RETURN:
      {
	tree val = gimple_return_retval (as_a<greturn *> (stmt));
	if (f->m.kernel)
	  {
	    FAIL (f, stmt, "return inside the loop");
	    return;
	  }
	if (!val)
	  pp_string (f->out, "  return;\n");
	else
	  {
	    pretty_printer vp;
	    print_value (f, stmt, &vp, val);
	    pp_printf (f->out, "  return %s;\n", pp_formatted_text (&vp));
	  }
	return;
      }
    case GIMPLE_LABEL:
    case GIMPLE_NOP:
    case GIMPLE_DEBUG:
    case GIMPLE_PREDICT:
      return;
    case GIMPLE_ASM:
      FAIL (f, stmt, "inline assembly");
      return;
    case GIMPLE_GOTO:
      FAIL (f, stmt, "computed goto");
      return;
    default:
      FAIL (f, stmt, "unsupported statement %qs",
	    gimple_code_name[gimple_code (stmt)]);
    }
}

/* Print into PP the start or the step VALUE of a marked loop's index
   as type UT: the constant itself when VALUE is a small INTEGER_CST (the
   device compiler then folds it: no 64-bit multiplication by a step of
   1 per work-item), else its kernel parameter gpu_sCAP, which the launch
   sets to the same value.  */

static void
print_index_term (pretty_printer *pp, tree value, int cap, const char *ut)
{
  if (value != NULL_TREE && TREE_CODE (value) == INTEGER_CST
      && tree_fits_shwi_p (value)
      && IN_RANGE (tree_to_shwi (value), -(HOST_WIDE_INT_1 << 31),
		   HOST_WIDE_INT_1 << 31))
    pp_printf (pp, "(%s)%wdL", ut, tree_to_shwi (value));
  else
    pp_printf (pp, "(%s)gpu_s%d", ut, cap);
}

/* Does the edge E end the work-item (a marked loop's back edge or exit,
   or any edge out of the region)?  */

static bool
terminal_edge_p (struct ocl_fn *f, edge e)
{
  if (!f->m.kernel)
    return false;
  struct gpu_region *r = f->unit->r;
  if (!f->m.blocks->contains (e->dest))
    return true;
  for (int k = 0; k < r->ndim; k++)
    {
      class loop *l = r->dev.loops[k];
      if (e->dest == l->header && flow_bb_inside_loop_p (l, e->src))
	return true;
      if (flow_bb_inside_loop_p (l, e->src)
	  && !flow_bb_inside_loop_p (l, e->dest))
	return true;
    }
  return false;
}

/* Print the transfer of control along E: PHI copies, then the goto.  */

static void
emit_edge (struct ocl_fn *f, edge e, const char *indent)
{
  struct gpu_region *r = f->unit->r;
  if (terminal_edge_p (f, e))
    {
      /* The end of the work-item's iteration.  */
      if (f->m.kernel && r->grid_stride)
	pp_printf (f->out, "%sgoto gpu_next%s;\n", indent, f->suffix);
      else
	pp_printf (f->out, "%sreturn;\n", indent);
      return;
    }
  int dim = -1;
  if (f->m.kernel)
    for (int k = 0; k < r->ndim; k++)
      if (e->dest == r->dev.loops[k]->header)
	dim = k;
  pretty_printer second;
  for (gphi_iterator gsi = gsi_start_phis (e->dest); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gphi *phi = gsi.phi ();
      tree res = gimple_phi_result (phi);
      if (virtual_operand_p (res))
	continue;
      const char *rn = ssa_local (f, phi, res);
      const char *tn = value_type_name (f, phi, res);
      char *tmp = xasprintf ("p%u", SSA_NAME_VERSION (res));
      if (!f->phitmps->add (res))
	pp_printf (&f->decls, "  %s %s;\n", tn, tmp);
      if (dim >= 0 && res == r->dev.ivs[dim])
	{
	  struct gpu_dim *d = &r->dims[dim];
	  const char *ut = uint_type_name (TREE_TYPE (res));
	  pp_printf (f->out, "%s%s = (%s)(", indent, tmp, tn);
	  print_index_term (f->out, d->lo, d->lo_cap, ut);
	  pp_printf (f->out, " + (%s)gpu_g%d", ut, dim);
	  /* Step 1 (most loops): no multiplication.  */
	  if (!integer_onep (d->step))
	    {
	      pp_string (f->out, " * ");
	      print_index_term (f->out, d->step, d->step_cap, ut);
	    }
	  pp_string (f->out, ");\n");
	}
      else
	{
	  pretty_printer vp;
	  print_value (f, phi, &vp, PHI_ARG_DEF_FROM_EDGE (phi, e));
	  pp_printf (f->out, "%s%s = (%s)(%s);\n", indent, tmp, tn,
		     pp_formatted_text (&vp));
	}
      pp_printf (&second, "%s%s = %s;\n", indent, rn, tmp);
    }
  pp_string (f->out, pp_formatted_text (&second));
  if (e->dest == EXIT_BLOCK_PTR_FOR_FN (f->m.fun))
    pp_printf (f->out, "%sreturn;\n", indent);
  else
    pp_printf (f->out, "%sgoto bb%d%s;\n", indent, e->dest->index,
	       f->suffix);
}

/* Print the statement by which the work-item leaves when the launch is
   lost (the heap ran out, a deopt), indented by INDENT: the kernel ends
   its iteration, a called function returns (a zero value, never used:
   the runtime discards the whole launch).  STMT places a failure.  */

static void
emit_leave (struct ocl_fn *f, gimple *stmt, const char *indent)
{
  if (f->m.kernel)
    {
      if (f->unit->r->grid_stride)
	pp_printf (f->out, "%sgoto gpu_next%s;\n", indent, f->suffix);
      else
	pp_printf (f->out, "%sreturn;\n", indent);
      return;
    }
  tree rt = TREE_TYPE (TREE_TYPE (f->m.fndecl));
  if (VOID_TYPE_P (rt))
    pp_printf (f->out, "%sreturn;\n", indent);
  else if (AGGREGATE_TYPE_P (rt))
    {
      const char *tn = type_name (f, stmt, rt);
      pp_printf (f->out, "%s{ %s gpu_z = {0}; return gpu_z; }\n", indent,
		 tn);
    }
  else
    pp_printf (f->out, "%sreturn (%s)0;\n", indent,
	       type_name (f, stmt, rt));
}

/* After CALL, when gpu_alloc asks for it (an allocation from the device
   heap, a call to a function of the unit that can reach one), the
   work-item leaves when the heap ran out; when gpu_speculate asks for it
   (a call to a function of the unit that can reach a deopt site), when
   a deopt was reached down the call.  */

static void
emit_call_checks (struct ocl_fn *f, gcall *call)
{
  struct gpu_region *r = f->unit->r;
  if (r->heap_checks && r->heap_checks->contains (call))
    {
      pp_string (f->out, "  if (GPU_HEAP_OUT(gpu_heap))\n");
      /* Per-iteration retry: the iteration is marked not completed and
	 counted (heap_source's gpu_heap_iter_failed).  */
      if (f->m.kernel && r->heap_iter)
	pp_string (f->out, "    {\n      gpu_heap_iter_failed(gpu_heap, "
		   "gpu_g0);\n      return;\n    }\n");
      else
	emit_leave (f, call, "    ");
    }
  if (r->spec_checks && r->spec_checks->contains (call))
    {
      pp_string (f->out, f->m.kernel ? "  if (gpu_dhit)\n"
		 : "  if (*gpu_dhit)\n");
      emit_leave (f, call, "    ");
    }
}

/* If the block BB of a called function F is a deopt site of its region
   (gpu_speculate), print the deopt and the way out in its place and
   return true.  */

static bool
emit_callee_deopt (struct ocl_fn *f, basic_block bb)
{
  struct gpu_region *r = f->unit->r;
  if (f->m.kernel)
    return false;
  for (int k = 0; k < r->nspec; k++)
    if (r->spec_in[k] && gimple_bb (r->spec_calls[k]) == bb)
      {
	pp_printf (f->out, "  atomic_min(gpu_deopt + %d, gpu_dit);\n"
		   "  *gpu_dhit = 1;\n", k);
	emit_leave (f, r->spec_calls[k], "  ");
	return true;
      }
  return false;
}

/* Emit the basic block BB.  */

static void
emit_block (struct ocl_fn *f, basic_block bb)
{
  pp_printf (f->out, "bb%d%s: ;\n", bb->index, f->suffix);
  if (emit_callee_deopt (f, bb))
    return;
  gimple *last = NULL;
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      emit_stmt (f, stmt);
      if (!is_gimple_debug (stmt))
	last = stmt;
      if (failed (f))
	return;
    }
  if (last && (gimple_code (last) == GIMPLE_COND
	       || gimple_code (last) == GIMPLE_SWITCH
	       || gimple_code (last) == GIMPLE_RETURN))
    return;
  if (EDGE_COUNT (bb->succs) == 1)
    emit_edge (f, single_succ_edge (bb), "  ");
  else if (EDGE_COUNT (bb->succs) == 0)
    pp_string (f->out, "  return;\n");
  else
    {
      /* Abnormal or EH edges.  */
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (e->flags & (EDGE_ABNORMAL | EDGE_EH))
	  {
	    FAIL (f, last, "exception handling or abnormal control flow");
	    return;
	  }
      emit_edge (f, EDGE_SUCC (bb, 0), "  ");
    }
}

static void
ocl_fn_init (struct ocl_fn *f, struct ocl_unit *u, function *fun, tree fndecl)
{
  f->unit = u;
  gpu_memctx_init (&f->m, u->r, fun, fndecl, false);
  f->out = &f->body;
  f->suffix = "";
  f->flat = false;
  f->declared = new hash_set<tree>;
  f->phitmps = new hash_set<tree>;
  f->dead = NULL;
  f->narrow = NULL;
}

/* Collect in DEAD the pure assignments of FUN whose values nothing uses,
   directly or through other such assignments: a called function is
   printed as it is right after going into SSA form, and a C99 array
   parameter leaves there, at its start, the computation of the array's
   size in bits (in a 128-bit type the device does not have) that later
   passes would have removed.  */

static void
find_dead (function *fun, hash_set<gimple *> *dead)
{
  bool changed = true;
  while (changed)
    {
      changed = false;
      basic_block bb;
      FOR_EACH_BB_FN (bb, fun)
	for (gimple_stmt_iterator gsi = gsi_last_bb (bb); !gsi_end_p (gsi);
	     gsi_prev (&gsi))
	  {
	    gimple *stmt = gsi_stmt (gsi);
	    if (!is_gimple_assign (stmt) || dead->contains (stmt)
		|| TREE_CODE (gimple_assign_lhs (stmt)) != SSA_NAME
		|| gimple_has_side_effects (stmt) || gimple_vdef (stmt))
	      continue;
	    bool used = false;
	    imm_use_iterator it;
	    gimple *use;
	    FOR_EACH_IMM_USE_STMT (use, it, gimple_assign_lhs (stmt))
	      if (!is_gimple_debug (use) && !dead->contains (use))
		used = true;
	    if (!used)
	      {
		dead->add (stmt);
		changed = true;
	      }
	  }
    }
}

static void
ocl_fn_fini (struct ocl_fn *f)
{
  gpu_memctx_fini (&f->m);
  delete f->declared;
  delete f->phitmps;
  delete f->dead;
}

/* Emit (once) the callee FNDECL called by CALL from F, specialised for the
   address spaces of its pointer arguments.  Returns its OpenCL name, or
   NULL after a failure.  */

static const char *
emit_callee (struct ocl_fn *f, gcall *call, tree fndecl)
{
  struct ocl_unit *u = f->unit;
  function *fun = DECL_STRUCT_FUNCTION (fndecl);
  if (!fun || !fun->cfg || !gimple_has_body_p (fndecl))
    {
      FAIL (f, call, "call to %qD, which has no body in this translation unit",
	    fndecl);
      return NULL;
    }
  if (stdarg_p (TREE_TYPE (fndecl)))
    {
      FAIL (f, call, "call to variadic function %qD", fndecl);
      return NULL;
    }
  for (unsigned i = 0; i < u->stack.length (); i++)
    if (u->stack[i] == fndecl)
      {
	FAIL (f, call, "recursive call to %qD", fndecl);
	return NULL;
      }
  /* Signature: one letter per parameter, g/p for pointers.  */
  unsigned nparm = 0;
  for (tree p = DECL_ARGUMENTS (fndecl); p; p = DECL_CHAIN (p))
    nparm++;
  if (nparm != gimple_call_num_args (call))
    {
      FAIL (f, call, "call to %qD with a mismatched argument list", fndecl);
      return NULL;
    }
  char *sig = XNEWVEC (char, nparm + 1);
  unsigned i = 0;
  for (tree p = DECL_ARGUMENTS (fndecl); p; p = DECL_CHAIN (p), i++)
    {
      tree arg = gimple_call_arg (call, i);
      if (POINTER_TYPE_P (TREE_TYPE (p)))
	{
	  struct gpu_ptr pi = ptr_info (f, call, arg);
	  sig[i] = pi.as == GPU_AS_PRIVATE ? 'p' : 'g';
	}
      else
	sig[i] = 'v';
    }
  sig[nparm] = 0;
  const char *asm_name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  char *name = xasprintf ("gpu_f_%s_%s", asm_name, sig);
  for (char *p = name; *p; p++)
    if (!ISALNUM (*p) && *p != '_')
      *p = '_';
  if (u->fnames->contains (name))
    return name;
  if (failed (f))
    return NULL;

  struct ocl_fn cf;
  ocl_fn_init (&cf, u, fun, fndecl);
  cf.dead = new hash_set<gimple *>;
  find_dead (fun, cf.dead);
  cf.m.sig = sig;
  /* A failure inside a function called from the kernel is reported at
     the kernel's call (gpu_stmt_loc).  */
  bool outermost = u->stack.is_empty ();
  if (outermost)
    {
      u->r->callee_call = call;
      u->r->callee_fn = fndecl;
    }
  u->stack.safe_push (fndecl);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    cf.m.blocks->add (bb);
  emit_edge (&cf, single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (fun)), "  ");
  FOR_EACH_BB_FN (bb, fun)
    {
      emit_block (&cf, bb);
      if (failed (f))
	break;
    }
  u->stack.pop ();
  if (!failed (f))
    {
      pretty_printer head;
      tree rt = TREE_TYPE (TREE_TYPE (fndecl));
      if (POINTER_TYPE_P (rt))
	FAIL (&cf, call, "function %qD returns a pointer", fndecl);
      pp_printf (&head, "%s %s(", type_name (&cf, call, rt), name);
      i = 0;
      for (tree p = DECL_ARGUMENTS (fndecl); p; p = DECL_CHAIN (p), i++)
	{
	  const char *tn;
	  if (POINTER_TYPE_P (TREE_TYPE (p)))
	    tn = ptr_type_name (&cf, call, TREE_TYPE (p),
				sig[i] == 'p' ? GPU_AS_PRIVATE : GPU_AS_GLOBAL);
	  else
	    tn = type_name (&cf, call, TREE_TYPE (p));
	  cf.declared->add (p);
	  pp_printf (&head, "%s%s %s", i ? ", " : "", tn,
		     decl_local (&cf, call, p));
	}
      /* The buffers of the globals called functions use (print_call).  */
      for (unsigned k = 0; k < u->r->caps.length (); k++)
	if (u->r->caps[k].table)
	  continue;
	else if (u->r->caps[k].callee_global
		 && u->r->caps[k].kind == GPU_CAP_SCALAR)
	  pp_printf (&head, "%s%s gpu_s%u", i++ ? ", " : "",
		     type_name (&cf, call, u->r->caps[k].type), k);
	else if (u->r->caps[k].callee_global)
	  pp_printf (&head, "%s__global char *gpu_b%u, long gpu_o%u",
		     i++ ? ", " : "", k, k);
      if (u->r->heap)
	pp_printf (&head, "%s__global uint *gpu_heap, __local uint *gpu_hwg",
		   i++ ? ", " : "");
      if (u->r->spec_checks)
	pp_printf (&head, "%s__global uint *gpu_deopt, uint gpu_dit, "
		   "__private uint *gpu_dhit", i++ ? ", " : "");
      if (!i)
	pp_string (&head, "void");
      pp_printf (&u->funcs, "%s)\n{\n%s%s}\n\n", pp_formatted_text (&head),
		 pp_formatted_text (&cf.decls), pp_formatted_text (&cf.body));
      u->fnames->add (name);
    }
  ocl_fn_fini (&cf);
  if (outermost)
    {
      u->r->callee_call = NULL;
      u->r->callee_fn = NULL_TREE;
    }
  return failed (f) ? NULL : name;
}

/* The device heap's allocator (docs/ABI.md section 8), in the source of
   a region that allocates.  Words of the buffer: 0 the 16-byte units
   handed out, 1 the units it has, 2 the allocations made, 3 set when
   one failed; the blocks from byte 16, each after a 16-byte header
   whose first 8 bytes are its size (for realloc).

   Work-items do not all hit word 0: each work-group takes chunks of
   GPU_HEAP_CHUNK units with one compare-and-swap on word 0 (the first
   at the kernel's start, gpu_heap_group_init) and its work-items bump
   within the current chunk with local atomics on the group's word
   L[0], which holds the chunk's number above GPU_HEAP_USED_BITS and the
   units used below.  When a block does not fit, the first work-item to
   see it marks the word (GPU_HEAP_REFILL), takes the next chunk and
   starts it with its own block; the others, meanwhile, take their
   blocks straight from word 0, as do blocks larger than a quarter of a
   chunk and every block once no chunk is left (so a small heap is used
   up to its last unit).  No work-item ever waits for another.

   Blocks taken straight from word 0 are taken with one atomic add, not a
   compare-and-swap loop: on an H100 a loop of a hundred thousand
   work-items retrying on one word took seconds for 65536 allocations.
   An add that passes word 1 fails its block (and so the run); word 0
   then passes word 1 by at most the work-items in flight times
   GPU_HEAP_ADD_MAX units (each checks word 0 first), far from wrapping
   for any heap of 32-bit units.  Larger blocks and the aligned chunks
   keep the compare-and-swap, which never moves word 0 past word 1.

   A region whose iterations that ran out are run again alone
   (gpu_alloc's heap_iter, the record's "heap 2") has after the blocks
   the pass word, the count of iterations that ran out and a byte per
   iteration (gpu_heap_iter): each iteration clears its byte when it
   starts (after the first pass only those whose byte is set start) and
   sets it when it runs out.  There (GPU_HEAP_ITER) a work-item leaves
   when its own allocation failed, which sets its byte, not when any
   did: the others go on, and the heap's word 3 only tells the runtime.
   After the first pass a work-group takes no
   chunk at its start (most groups have no iteration left to run): its
   first block takes one.

   A region whose blocks outlive it (gpu_alloc's escape_cap, the
   record's "escape" line) has after the blocks the count of elements
   of its array of pointers (a ulong, from the kernel's pointer on) and
   a byte per element: gpu_heap_escape stores a block's offset in the
   heap, not its address, and sets the element's byte, so that the
   runtime knows which elements to turn into host blocks.  A store out
   of that range fails the run as a full heap does.  */

static const char heap_source[] =
  "\n#define GPU_HEAP_FAILED 3\n"
  "#define GPU_HEAP_CHUNK 256u\n"
  "#define GPU_HEAP_USED_BITS 9\n"
  "#define GPU_HEAP_USED ((1u << GPU_HEAP_USED_BITS) - 1)\n"
  "#define GPU_HEAP_REFILL 0xffffffffu\n"
  "#define GPU_HEAP_NONE 0xffffffffu\n"
  "#define GPU_HEAP_ADD_MAX 4096u\n"
  "uint gpu_heap_take(__global uint *h, uint units, uint align)\n{\n"
  "  uint at = h[0], old;\n"
  "  if (align == 1 && units <= GPU_HEAP_ADD_MAX)\n    {\n"
  "      if ((ulong)at + units > h[1])\n        return GPU_HEAP_NONE;\n"
  "      at = atomic_add(h, units);\n"
  "      return (ulong)at + units > h[1] ? GPU_HEAP_NONE : at;\n    }\n"
  "  for (;;)\n    {\n"
  "      ulong s = ((ulong)at + align - 1) / align * align;\n"
  "      if (s + units > h[1]\n"
  "          || (align > 1 && s / align > (0xffffffffu >> GPU_HEAP_USED_BITS) - 1))\n"
  "        return GPU_HEAP_NONE;\n"
  "      old = atomic_cmpxchg(h, at, (uint)(s + units));\n"
  "      if (old == at)\n        return (uint)s;\n"
  "      at = old;\n    }\n}\n\n"
  "void gpu_heap_group_init(__global uint *h, __local uint *l, "
  "int chunks)\n{\n"
  "  if (get_local_id(0) + get_local_id(1) + get_local_id(2) == 0)\n"
  "    {\n"
  "      uint c = chunks ? gpu_heap_take(h, GPU_HEAP_CHUNK, GPU_HEAP_CHUNK)\n"
  "               : GPU_HEAP_NONE;\n"
  "      l[0] = c == GPU_HEAP_NONE ? GPU_HEAP_CHUNK\n"
  "             : (c / GPU_HEAP_CHUNK) << GPU_HEAP_USED_BITS;\n"
  "    }\n"
  "  barrier(CLK_LOCAL_MEM_FENCE);\n}\n\n"
  "__global uint *gpu_heap_iter(__global uint *h)\n{\n"
  "  return h + 4 + (ulong)h[1] * 4;\n}\n\n"
  "int gpu_heap_iter_start(__global uint *h, ulong i)\n{\n"
  "  __global uint *w = gpu_heap_iter(h);\n"
  "  __global uchar *s = (__global uchar *)(w + 2);\n"
  "  if (w[0] && !s[i])\n    return 0;\n"
  "  s[i] = 0;\n  return 1;\n}\n\n"
  "void gpu_heap_iter_failed(__global uint *h, ulong i)\n{\n"
  "  __global uint *w = gpu_heap_iter(h);\n"
  "  ((__global uchar *)(w + 2))[i] = 1;\n"
  "  atomic_inc(w + 1);\n}\n\n"
  "#ifdef GPU_HEAP_ITER\n"
  "#define GPU_HEAP_OUT(h) "
  "(((__global uchar *)(gpu_heap_iter(h) + 2))[get_global_id(0)])\n"
  "#else\n"
  "#define GPU_HEAP_OUT(h) ((h)[GPU_HEAP_FAILED])\n"
  "#endif\n\n"
  "void gpu_heap_out(__global uint *h)\n{\n"
  "  h[GPU_HEAP_FAILED] = 1;\n"
  "#ifdef GPU_HEAP_ITER\n"
  "  GPU_HEAP_OUT(h) = 1;\n"
  "#endif\n}\n\n"
  "void gpu_heap_escape(__global uint *h, __global ulong *e, "
  "__global uchar *p, __global uchar *b)\n{\n"
  "  __global ulong *w = (__global ulong *)(h + 4 + (ulong)h[1] * 4);\n"
  "  long i = ((__global uchar *)e - b) / 8;\n"
  "  if (!p)\n    {\n      *e = 0;\n      return;\n    }\n"
  "  if ((__global uchar *)e < b || i >= (long)w[0])\n"
  "    {\n      gpu_heap_out(h);\n      return;\n    }\n"
  "  *e = (ulong)(p - (__global uchar *)h);\n"
  "  ((__global uchar *)(w + 1))[i] = 1;\n}\n\n"
  "__global void *gpu_heap_malloc(__global uint *h, __local uint *l, "
  "ulong n)\n{\n"
  "  if (GPU_HEAP_OUT(h) || n > (ulong)h[1] * 16)\n"
  "    {\n      gpu_heap_out(h);\n      return 0;\n    }\n"
  "  uint units = (uint)((n + 15) / 16 + 1);\n"
  "  uint at = GPU_HEAP_NONE;\n"
  "  uint w = units <= GPU_HEAP_CHUNK / 4 ? l[0] : GPU_HEAP_REFILL;\n"
  "  while (w != GPU_HEAP_REFILL)\n    {\n"
  "      if ((w & GPU_HEAP_USED) + units <= GPU_HEAP_CHUNK)\n        {\n"
  "          uint old = atomic_cmpxchg(l, w, w + units);\n"
  "          if (old == w)\n            {\n"
  "              at = (w >> GPU_HEAP_USED_BITS) * GPU_HEAP_CHUNK\n"
  "                   + (w & GPU_HEAP_USED);\n"
  "              break;\n            }\n"
  "          w = old;\n          continue;\n        }\n"
  "      if (atomic_cmpxchg(l, w, GPU_HEAP_REFILL) == w)\n        {\n"
  "          uint c = gpu_heap_take(h, GPU_HEAP_CHUNK, GPU_HEAP_CHUNK);\n"
  "          if (c != GPU_HEAP_NONE)\n            at = c;\n"
  "          atomic_xchg(l, c == GPU_HEAP_NONE ? w\n"
  "                      : ((c / GPU_HEAP_CHUNK) << GPU_HEAP_USED_BITS)"
  " + units);\n"
  "        }\n"
  "      break;\n    }\n"
  "  if (at == GPU_HEAP_NONE)\n"
  "    at = gpu_heap_take(h, units, 1);\n"
  "  if (at == GPU_HEAP_NONE)\n"
  "    {\n      gpu_heap_out(h);\n      return 0;\n    }\n"
  "  atomic_inc(h + 2);\n"
  "  __global ulong *b = (__global ulong *)(h + 4 + (ulong)at * 4);\n"
  "  b[0] = n;\n"
  "  return b + 2;\n}\n\n"
  "__global void *gpu_heap_calloc(__global uint *h, __local uint *l, "
  "ulong n, ulong m)\n{\n"
  "  if (m != 0 && n > (ulong)-1 / m)\n"
  "    {\n      gpu_heap_out(h);\n      return 0;\n    }\n"
  "  __global uint *p = (__global uint *)gpu_heap_malloc(h, l, n * m);\n"
  "  if (p)\n"
  "    for (ulong i = 0; i < (n * m + 3) / 4; i++)\n      p[i] = 0;\n"
  "  return p;\n}\n\n"
  "__global void *gpu_heap_realloc(__global uint *h, __local uint *l, "
  "__global void *p, ulong n)\n{\n"
  "  __global uchar *q = (__global uchar *)gpu_heap_malloc(h, l, n);\n"
  "  if (q && p)\n    {\n"
  "      ulong old = ((__global ulong *)p)[-2];\n"
  "      __global const uchar *s = (__global const uchar *)p;\n"
  "      for (ulong i = 0; i < (old < n ? old : n); i++)\n"
  "        q[i] = s[i];\n    }\n"
  "  return q;\n}\n";

/* Print the indices gpu_g0..2 of R's flattened iteration T.  */

static void
print_indices (struct gpu_region *r, pretty_printer *pp, const char *t)
{
  if (r->ndim == 1)
    pp_printf (pp, "  const ulong gpu_g0 = %s;\n", t);
  else if (r->ndim == 2)
    pp_printf (pp, "  const ulong gpu_g1 = %s / gpu_n0;\n"
	       "  const ulong gpu_g0 = %s - gpu_g1 * gpu_n0;\n", t, t);
  else
    pp_printf (pp, "  const ulong gpu_g2 = %s / (gpu_n0 * gpu_n1);\n"
	       "  const ulong gpu_r12 = %s - gpu_g2 * (gpu_n0 * gpu_n1);\n"
	       "  const ulong gpu_g1 = gpu_r12 / gpu_n0;\n"
	       "  const ulong gpu_g0 = gpu_r12 - gpu_g1 * gpu_n0;\n", t, t);
}

/* Print into OUT the kernel R->kernel_name of the clone R->dev, with the
   types and functions it uses in U.  Returns false when R failed.  */

static bool
print_kernel (struct ocl_unit *u, struct gpu_region *r, pretty_printer *out)
{
  /* The kernel is printed from the device clone (gpu_clone).  */
  class loop *outer = r->dev.outer;
  basic_block *body = get_loop_body (outer);
  struct ocl_fn kf;
  ocl_fn_init (&kf, u, r->fun, current_function_decl);
  kf.m.kernel = true;
  kf.narrow = u->narrow;
  for (unsigned i = 0; i < outer->num_nodes; i++)
    kf.m.blocks->add (body[i]);

  /* The index-space parameters (gpu_find).  */
  for (int k = 0; k < r->ndim; k++)
    type_name (&kf, NULL, TREE_TYPE (r->dev.ivs[k]));

  /* The accumulators of a reduction kernel (gpu_clone lowered them to
     private variables).  */
  auto_vec<const char *> accs;
  for (unsigned j = 0; j < r->reds.length (); j++)
    {
      r->reds[j].tname = type_name (&kf, NULL, r->reds[j].type);
      if (TYPE_MODE (r->reds[j].type) == DFmode)
	u->fp64 = true;
      accs.safe_push (decl_local (&kf, NULL, r->reds[j].acc));
    }

  /* One iteration, several copies of it, or one: each ends at gpu_nextN
     in a grid-stride loop, or returns.  */
  int ncopies = r->grid_stride ? r->unroll + (r->unroll > 1) : 1;
  pretty_printer *copies = new pretty_printer[ncopies];
  for (int c = 0; c < ncopies && !r->fail; c++)
    {
      kf.out = &copies[c];
      char sfx[16];
      if (c == ncopies - 1)
	sfx[0] = 0;
      else
	snprintf (sfx, sizeof sfx, "_%d", c);
      kf.suffix = sfx;
      emit_edge (&kf, loop_preheader_edge (outer), "  ");
      for (unsigned i = 0; i < outer->num_nodes && !r->fail; i++)
	emit_block (&kf, body[i]);
    }
  /* A two-level clone also makes the one-level kernel NAME_flat: one
     work-item per outer iteration, its inner loops serial (the runtime
     chooses per launch, docs/ABI.md section 5).  */
  pretty_printer flat;
  if (r->ninner && !r->fail)
    {
      kf.flat = true;
      kf.out = &flat;
      emit_edge (&kf, loop_preheader_edge (outer), "  ");
      for (unsigned i = 0; i < outer->num_nodes && !r->fail; i++)
	emit_block (&kf, body[i]);
      kf.flat = false;
    }
  kf.out = &kf.body;
  kf.suffix = "";
  free (body);

  bool ok = !r->fail;
  if (ok)
    {
      pretty_printer &src = *out;
      bool red = !r->reds.is_empty ();
      pp_string (&src, "__kernel ");
      if (red)
	{
	  char *a = xasprintf ("__attribute__((reqd_work_group_size(%d, 1, "
			       "1)))\n", GPU_RED_WG);
	  pp_string (&src, a);
	  free (a);
	}
      else if (r->dev.group[0])
	{
	  char *a = xasprintf ("__attribute__((reqd_work_group_size(%d, %d, "
			       "%d)))\n", r->dev.group[0], r->dev.group[1],
			       r->dev.group[2]);
	  pp_string (&src, a);
	  free (a);
	}
      pretty_printer params;
      for (unsigned i = 0; i < r->caps.length (); i++)
	{
	  struct gpu_capture *c = &r->caps[i];
	  if (c->kind == GPU_CAP_BUFFER)
	    pp_printf (&params, "__global char *gpu_b%u, long gpu_o%u, ", i,
		       i);
	  else if (c->kind == GPU_CAP_REDUCE)
	    pp_printf (&params, "__global %s *gpu_r%u, ",
		       type_name (&kf, NULL, c->type), i);
	  else
	    pp_printf (&params, "%s gpu_s%u, ",
		       type_name (&kf, NULL, c->type), i);
	}
      /* The trip counts, then the batch's first outer iteration
	 (docs/ABI.md section 2): never the global work offset, which
	 some devices keep in 32 bits.  */
      pp_string (&params, "ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, "
		 "ulong gpu_f");
      /* The reductions' results and the count of work-groups done
	 (ocl-reduce.cc print_last_group).  */
      if (red && gpu_reduce_last_p (r))
	pp_string (&params, ", __global ulong *gpu_rlast");
      /* A speculated region's deopt buffer (gpu_speculate).  */
      if (r->nspec)
	pp_string (&params, ", __global uint *gpu_deopt");
      /* A region that allocates: the device heap (docs/ABI.md
	 section 8).  */
      if (r->heap)
	pp_string (&params, ", __global uint *gpu_heap");
      pp_string (&params, ")\n{\n");
      pp_printf (&src, "void %s(%s", r->kernel_name,
		 pp_formatted_text (&params));
      if (red)
	gpu_reduce_kernel_locals (r, &src);
      pp_string (&src, pp_formatted_text (&kf.decls));
      /* Set when a called function reached a deopt site.  */
      if (r->spec_checks)
	pp_string (&src, "  uint gpu_dhit = 0;\n");
      /* The device heap: the work-group's chunk (heap_source), its
	 first taken before any work-item can leave.  */
      if (r->heap)
	pp_printf (&src, "  __local uint gpu_hwg[1];\n"
		   "  gpu_heap_group_init(gpu_heap, gpu_hwg, %s);\n",
		   r->heap_iter ? "!gpu_heap_iter(gpu_heap)[0]" : "1");
      if (r->ninner)
	{
	  /* Two levels: one work-group per iteration of the outer nest
	     (dimension 0 fastest); gpu_twolevel shared the inner loops
	     out among its work-items.  */
	  pp_string (&src, pp_formatted_text (&kf.ldecls));
	  pp_string (&src, "  const ulong gpu_t = get_group_id(0);\n");
	  print_indices (r, &src, "gpu_t");
	  pp_string (&src, pp_formatted_text (&copies[0]));
	  /* The one-level variant: neighbouring work-items take
	     neighbouring iterations of dimension 0.  */
	  pp_printf (&src, "}\n__kernel void %s" GPU_FLAT_SUFFIX "(%s",
		     r->kernel_name, pp_formatted_text (&params));
	  pp_string (&src, pp_formatted_text (&kf.decls));
	  pp_string (&src, "  const ulong gpu_t = get_global_id(0);\n"
		     "  if (gpu_t >= gpu_n0 * gpu_n1 * gpu_n2) return;\n");
	  print_indices (r, &src, "gpu_t");
	  pp_string (&src, pp_formatted_text (&flat));
	}
      else if (!r->grid_stride && r->dev.group[0])
	{
	  /* A kernel for one group shape: a work-item outside the index
	     space runs the last iteration (its loads stay inside the data,
	     it reaches every barrier) and does not store.  */
	  pp_string (&src, "  int gpu_in = 1;\n");
	  for (int k = 0; k < r->ndim; k++)
	    {
	      if (r->dev.swap && k < 2)
		/* The local indices of dimensions 0 and 1 exchanged (a
		   group covers GROUP[1] * BLOCK[1] x GROUP[0] * BLOCK[0]
		   iterations, the copies of a blocked work-item follow
		   dimension 0).  */
		pp_printf (&src, "  ulong gpu_g%d = get_group_id(%d) * %dUL"
			   " + get_local_id(%d);\n", k, k,
			   r->dev.group[1 - k] * r->dev.block[1 - k], 1 - k);
	      else if (r->dev.block[k] > 1)
		pp_printf (&src, "  ulong gpu_g%d = get_group_id(%d) * %dUL"
			   " + get_local_id(%d);\n", k, k,
			   r->dev.block[k] * r->dev.group[k], k);
	      else
		pp_printf (&src, "  ulong gpu_g%d = get_global_id(%d);\n",
			   k, k);
	      if (k == r->ndim - 1)
		pp_printf (&src, "  gpu_g%d += gpu_f;\n", k);
	      pp_printf (&src, "  if (gpu_g%d >= gpu_n%d) {\n"
			 "    gpu_g%d = gpu_n%d - 1;\n"
			 "    gpu_in = 0;\n"
			 "  }\n", k, k, k, k);
	    }
	  pp_string (&src, pp_formatted_text (&copies[0]));
	}
      else if (!r->grid_stride)
	{
	  for (int k = 0; k < r->ndim; k++)
	    pp_printf (&src, "  ulong gpu_g%d = get_global_id(%d)%s;\n"
		       "  if (gpu_g%d >= gpu_n%d) return;\n", k, k,
		       k == r->ndim - 1 ? " + gpu_f" : "", k, k);
	  /* Per-iteration retry: after the first pass only the
	     iterations that ran out run.  */
	  if (r->heap_iter)
	    pp_string (&src, "  if (!gpu_heap_iter_start(gpu_heap, gpu_g0))"
		       " return;\n");
	  pp_string (&src, pp_formatted_text (&copies[0]));
	}
      else
	{
	  /* Neighbouring work-items take neighbouring iterations of
	     dimension 0 of the flattened index space.  */
	  gpu_reduce_kernel_prologue (r, accs.address (), &src);
	  pp_string (&src, "  const ulong gpu_nt = gpu_n0 * gpu_n1 * gpu_n2;\n"
		     "  const ulong gpu_gs = get_global_size(0);\n"
		     "  ulong gpu_t = get_global_id(0) + gpu_f");
	  /* The batch's first outer iteration, flattened.  */
	  for (int k = 0; k + 1 < r->ndim; k++)
	    pp_printf (&src, " * gpu_n%d", k);
	  pp_string (&src, ";\n");
	  if (r->unroll > 1)
	    {
	      pp_printf (&src, "  for (; gpu_t + %d * gpu_gs < gpu_nt; "
			 "gpu_t += %d * gpu_gs) {\n", r->unroll - 1,
			 r->unroll);
	      for (int c = 0; c < r->unroll; c++)
		{
		  char *t = xasprintf ("(gpu_t + %d * gpu_gs)", c);
		  pp_string (&src, "  {\n");
		  print_indices (r, &src, t);
		  pp_string (&src, pp_formatted_text (&copies[c]));
		  pp_printf (&src, "  gpu_next_%d: ;\n  }\n", c);
		  free (t);
		}
	      pp_string (&src, "  }\n");
	    }
	  pp_string (&src, "  for (; gpu_t < gpu_nt; gpu_t += gpu_gs) {\n");
	  print_indices (r, &src, "gpu_t");
	  pp_string (&src, pp_formatted_text (&copies[ncopies - 1]));
	  pp_string (&src, "  gpu_next: ;\n  }\n");
	  gpu_reduce_kernel_epilogue (r, accs.address (), &src);
	}
      pp_string (&src, "}\n");
      if (red)
	gpu_reduce_fin_kernel (r, &src);
      ok = !r->fail;
    }
  delete[] copies;
  ocl_fn_fini (&kf);
  return ok;
}

/* Print into PP the const tables of region R (gpu-params.cc
   const_tables) as __constant arrays gpu_tN of 64-bit words holding the
   bytes of their initializers, in the host's byte order, as a copy to a
   buffer would (the references read them through a cast to the table's
   type, print_ref).  */

static void
print_tables (struct gpu_region *r, pretty_printer *pp)
{
  for (unsigned i = 0; i < r->caps.length (); i++)
    {
      tree d = r->caps[i].table;
      if (!d)
	continue;
      int size = tree_to_uhwi (TYPE_SIZE_UNIT (TREE_TYPE (d)));
      int words = (size + 7) / 8;
      unsigned char *buf = XCNEWVEC (unsigned char, words * 8);
      native_encode_initializer (ctor_for_folding (d), buf, size, 0);
      pp_printf (pp, "/* %s, %d bytes */\n__constant ulong gpu_t%u[%d] = {",
		 gpu_value_name (d), size, i, words);
      for (int w = 0; w < words; w++)
	{
	  unsigned HOST_WIDE_INT v = 0;
	  for (int b = 0; b < 8; b++)
	    v |= (unsigned HOST_WIDE_INT) buf[w * 8 + b]
		 << (BYTES_BIG_ENDIAN ? 56 - 8 * b : 8 * b);
	  pp_printf (pp, "%s%wxUL,", w % 4 ? " " : "\n  ", v);
	}
      pp_string (pp, "\n};\n");
      free (buf);
    }
}

/* Print into OUT, as print_kernel does, R's kernel under its name with
   SUFFIX appended (truncated to the name's size); R's name is restored
   after.  Returns whether it could be printed.  */

static bool
print_kernel_as (struct ocl_unit *u, struct gpu_region *r,
		 const char *suffix, pretty_printer *out)
{
  char name[sizeof r->kernel_name];
  memcpy (name, r->kernel_name, sizeof name);
  snprintf (r->kernel_name, sizeof r->kernel_name, "%s%s", name, suffix);
  bool ok = print_kernel (u, r, out);
  memcpy (r->kernel_name, name, sizeof name);
  return ok;
}

/* See oclemit.h.  */

bool
oclemit_region (struct gpu_region *r, char **source)
{
  struct ocl_unit u;
  u.r = r;
  u.tnames = new hash_map<tree, const char *>;
  u.fnames = new hash_set<nofree_string_hash>;
  u.stack = vNULL;
  u.fp64 = false;
  u.narrow = NULL;

  /* The plain kernel, then each variant: another clone, under the
     region's name and its suffix.  */
  pretty_printer kernels;
  bool ok = print_kernel (&u, r, &kernels);
  /* The plain kernel again with 32-bit offsets (gpu-emit.cc
     index32_names), NAME_i32: the runtime runs it when every buffer of a
     launch is small enough (docs/ABI.md section 6).  */
  if (ok && r->index32)
    {
      /* None where NAME_i32 would not fit in the kernel's name.  */
      pretty_printer one;
      u.narrow = r->index32;
      bool iok = (strlen (r->kernel_name) + sizeof GPU_INDEX32_SUFFIX
		  <= sizeof r->kernel_name
		  && print_kernel_as (&u, r, GPU_INDEX32_SUFFIX, &one));
      u.narrow = NULL;
      if (iok)
	pp_printf (&kernels, "\n%s", pp_formatted_text (&one));
      else
	{
	  /* The plain kernel is still good.  */
	  r->fail = NULL;
	  delete r->index32;
	  r->index32 = NULL;
	}
    }
  for (int v = 0; ok && v < r->nvariants; v++)
    {
      struct gpu_variant *var = &r->variants[v];
      struct gpu_nest plain = r->dev;
      r->dev = var->dev;
      pretty_printer one;
      bool vok = print_kernel_as (&u, r, var->suffix, &one);
      r->dev = plain;
      if (!vok)
	{
	  /* The plain kernel is still good: the variants stop here.  */
	  gpu_dump_reason ("FAILED", r->fail_loc, r->fail);
	  r->fail = NULL;
	  r->nvariants = v;
	  break;
	}
      /* The runtime builds the program again without the variants
	 (-DGPURT_PLAIN_ONLY) when it does not build with them.  */
      pp_printf (&kernels, "\n#ifndef GPURT_PLAIN_ONLY\n%s#endif\n",
		 pp_formatted_text (&one));
    }
  if (ok)
    {
      pretty_printer src;
      r->fp64 = u.fp64;
      pp_printf (&src, "/* gpuoffload kernel %s (%s:%d) */\n", r->kernel_name,
		 LOCATION_FILE (r->loc), LOCATION_LINE (r->loc));
      if (u.fp64)
	pp_string (&src, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
      /* GCC implements -ffp-contract=on as off: so does the device.  The
	 pragma covers every kernel of the source (the reduction's final
	 combine too).  */
      if (flag_fp_contract_mode != FP_CONTRACT_FAST)
	pp_string (&src, "#pragma OPENCL FP_CONTRACT OFF\n");
      pp_string (&src, pp_formatted_text (&u.types));
      print_tables (r, &src);
      if (r->heap)
	{
	  /* "heap 2": a work-item's own allocations fail it, not another's
	     (heap_source's GPU_HEAP_OUT).  */
	  if (r->heap_iter)
	    pp_string (&src, "\n#define GPU_HEAP_ITER 1");
	  pp_string (&src, heap_source);
	}
      pp_string (&src, "\n");
      pp_string (&src, pp_formatted_text (&u.funcs));
      pp_string (&src, pp_formatted_text (&kernels));
      *source = xstrdup (pp_formatted_text (&src));
    }
  delete u.tnames;
  delete u.fnames;
  u.stack.release ();
  return ok;
}
