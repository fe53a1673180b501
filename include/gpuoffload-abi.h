/* gpuoffload-abi.h -- the codes shared by the gpuoffload plugin, libgpurt
   and gpuoffload-info: the ELF section and record format version,
   argument record word 0 (kinds and buffer access flags), the nargs flag,
   reduction operators (with their identity and combine) and reduction
   types.  docs/ABI.md describes the format; this header and
   gpuoffload-abi.def are where its numbers and spellings are defined,
   the way gomp-constants.h is shared by GCC and libgomp.

   Plain C, includable from C11 (libgpurt, the tool) and from the
   plugin's C++ (after GCC's headers: it includes nothing but
   <stddef.h>).  Internal to the build: it is not installed, since
   compiled programs never include it -- the plugin writes the codes into
   them.  Everything here is a macro, an enum or a static inline
   function, so it defines no object.  */

#ifndef GPUOFFLOAD_ABI_H
#define GPUOFFLOAD_ABI_H

#include <stddef.h>

/* ---------------------------------------------------------------------
   Section and record header (docs/ABI.md section 1).  */

/* The allocated ELF section holding the region records.  */
#define GPU_SECTION_NAME ".gpuoffload"

/* First line of a record: GPU_RECORD_MAGIC " " GPU_RECORD_VERSION, or
   GPU_RECORD_VERSION_GROUP for a record with a "group" line (two levels
   of parallelism, docs/ABI.md section 5), which a reader of version 1
   would launch wrongly (it ignores the line): such a reader skips the
   record and the region runs on the host.  */
#define GPU_RECORD_MAGIC "gpuoffload-region"
#define GPU_RECORD_VERSION 1
#define GPU_RECORD_VERSION_GROUP 2

/* ... or GPU_RECORD_VERSION_DEOPT for a record with "deopt" lines
   (speculation, docs/ABI.md section 7), whose kernel takes the deopt
   buffer after its trip counts: a reader of versions 1 and 2 would not
   pass it, nor read it.  */
#define GPU_RECORD_VERSION_DEOPT 3

/* ... or GPU_RECORD_VERSION_HEAP for a record with a "heap" line (device
   heap, docs/ABI.md section 8; it may have "deopt" lines too), whose
   kernel takes the heap buffer after the deopt buffer: a reader of
   versions 1 to 3 would not pass it.  */
#define GPU_RECORD_VERSION_HEAP 4

/* Words of the heap buffer's header (docs/ABI.md section 8): 16-byte
   units handed out, units the buffer has after the header, allocations
   made, nonzero when one failed.  */
#define GPU_HEAP_HEADER_WORDS 4

/* A region whose record says "heap 2" (docs/ABI.md section 8): the
   iterations that ran out of heap are run again alone.  After the
   heap's blocks come GPU_HEAP_ITER_WORDS words (the pass, 0 for the
   first launch; the iterations that ran out in this pass), then one
   byte per iteration (nonzero: not completed).  */
#define GPU_HEAP_ITER_WORDS 2

/* Most "deopt" lines (speculated sites) of one record: the words of the
   region's deopt buffer.  */
#define GPU_MAX_DEOPT_SITES 32

/* The value of a deopt buffer's word whose site no work-item reached;
   a work-item that reaches it stores the smaller of its iteration
   (counted in the serial order) and GPU_DEOPT_ITER_MAX there.  */
#define GPU_DEOPT_UNREACHED 0xffffffffu
#define GPU_DEOPT_ITER_MAX 0xfffffffeu

/* The forms of the "reduce WG FORM" line.  */
#define GPU_REDUCE_FORM_LOCAL "local"
#define GPU_REDUCE_FORM_GLOBAL "global"
/* The optional third word of a "reduce WG local last" line: the kernel
   takes "__global ulong *gpu_rlast" after the trip counts, and its last
   work-group combines the partial results there (docs/ABI.md section 4).  */
#define GPU_REDUCE_LAST "last"

/* The element kinds of an "elem K KIND SIZE" line: what a written
   buffer's stores write (GPURT_VERIFY's comparison).  */
#define GPU_ELEM_FLOAT 'f'	/* float or double */
#define GPU_ELEM_INT 'i'	/* integers, pointers */
#define GPU_ELEM_BYTES 'b'	/* anything else: compared bytewise */

/* ---------------------------------------------------------------------
   Argument records (docs/ABI.md section 3): four 64-bit words per
   argument; word 0 is KIND | FLAGS << GPU_ARG_FLAGS_SHIFT.  */

enum gpu_arg_kind
{
#define DEF_GPU_ARG_KIND(ID, CODE, NAME) GPU_ARG_##ID = CODE,
#include "gpuoffload-abi.def"
  GPU_ARG_KIND_END
};

/* The access flags of a buffer argument (FLAGS in its word 0), as
   spelled in the record.  */
enum gpu_arg_access
{
#define DEF_GPU_ARG_ACCESS(ID, FLAGS, NAME) GPU_ARG_ACCESS_##ID = FLAGS,
#include "gpuoffload-abi.def"
  GPU_ARG_ACCESS_END
};

/* The two bits of the flags.  */
#define GPU_ARG_READ ((unsigned) GPU_ARG_ACCESS_R)
#define GPU_ARG_WRITTEN ((unsigned) GPU_ARG_ACCESS_W)

/* A further flag of a buffer argument: the compiler could not bound its
   accesses and no GPU_EXTENT gives them, so words 2 and 3 are 0 and the
   runtime replaces them, at each launch, by the bounds of the object the
   pointer points into (a heap block or a global), or runs the host loop
   when it knows no such object.  Not an access: the record does not
   spell it.  */
#define GPU_ARG_OBJECT 4u

#define GPU_ARG_KIND_MASK 0xffu
#define GPU_ARG_FLAGS_SHIFT 8
#define GPU_ARG_FLAGS_MASK 0xffu

/* Word 0 of an argument record, and its parts.  */
#define GPU_ARG_WORD0(KIND, FLAGS) \
  ((unsigned) (KIND) | (unsigned) (FLAGS) << GPU_ARG_FLAGS_SHIFT)
#define GPU_ARG_WORD0_KIND(W0) ((unsigned) ((W0) & GPU_ARG_KIND_MASK))
#define GPU_ARG_WORD0_FLAGS(W0) \
  ((unsigned) (((W0) >> GPU_ARG_FLAGS_SHIFT) & GPU_ARG_FLAGS_MASK))

/* Bit of gpurt_launch's and gpurt_run's NARGS set when the argument
   ranges the compiler computed do not hold for this launch.  */
#define GPU_NARGS_RANGES_INVALID 0x80000000u

/* Bit of NARGS set by the compiler (gpu_hostsync) when the region's
   results may stay on the device after the call: the caller calls
   gpurt_sync before any host code that may touch them.  */
#define GPU_NARGS_KEEP 0x40000000u

/* Every flag bit of NARGS.  */
#define GPU_NARGS_FLAGS (GPU_NARGS_RANGES_INVALID | GPU_NARGS_KEEP)

/* ---------------------------------------------------------------------
   Reductions (docs/ABI.md section 4).  */

/* Operators: word 2 of a reduction argument record.  */
enum gpu_red_op
{
  GPU_RED_NONE = 0,
#define DEF_GPU_RED_OP(ID, CODE, NAME, SYMBOL, IDENTITY, COMBINE, INT_ONLY) \
  GPU_RED_##ID = CODE,
#include "gpuoffload-abi.def"
  GPU_RED_OP_END		/* one past the largest code */
};

/* Types: word 3 of a reduction argument record.  */
enum gpu_red_type
{
  GPU_RED_TYPE_NONE = 0,
#define DEF_GPU_RED_TYPE(ID, CODE, NAME, SIZE, IS_FLOAT, IS_SIGNED, \
			 CL_TYPE, CL_LOWEST, CL_HIGHEST) \
  GPU_RED_TYPE_##ID = CODE,
#include "gpuoffload-abi.def"
  GPU_RED_TYPE_END		/* one past the largest code */
};

/* Each operator's identity: the value every work-item and every host
   thread starts from.  */
enum gpu_red_identity
{
  GPU_RED_ID_NONE = 0,
  GPU_RED_ID_ZERO,
  GPU_RED_ID_ONE,
  GPU_RED_ID_ALL_ONES,		/* ~0 */
  GPU_RED_ID_HIGHEST,		/* the type's maximum; +inf if floating */
  GPU_RED_ID_LOWEST		/* the type's minimum; -inf if floating */
};

/* Each operator's combine of two partial results A and B (of the
   accumulator's type T).  */
enum gpu_red_combine
{
  GPU_RED_COMB_NONE = 0,
  GPU_RED_COMB_ADD,		/* A + B; integers wrap in T's width */
  GPU_RED_COMB_MUL,		/* A * B; integers wrap in T's width */
  GPU_RED_COMB_AND,		/* A & B */
  GPU_RED_COMB_OR,		/* A | B */
  GPU_RED_COMB_XOR,		/* A ^ B */
  GPU_RED_COMB_LAND,		/* (T) (A != 0 && B != 0) */
  GPU_RED_COMB_LOR,		/* (T) (A != 0 || B != 0) */
  GPU_RED_COMB_MIN,		/* B < A ? B : A */
  GPU_RED_COMB_MAX,		/* B > A ? B : A */
  GPU_RED_COMB_FMIN,		/* fmin (A, B): NaNs ignored; MIN on integers */
  GPU_RED_COMB_FMAX		/* fmax (A, B): NaNs ignored; MAX on integers */
};

/* ---------------------------------------------------------------------
   Names and properties of the codes.  Each returns NULL or 0 for a code
   the ABI does not define.  */

/* Is the LEN bytes at TOK the NUL-terminated NAME?  */

static inline int
gpu_abi_token_is (const char *tok, size_t len, const char *name)
{
  size_t i;

  for (i = 0; i < len; i++)
    if (name[i] == '\0' || name[i] != tok[i])
      return 0;
  return name[len] == '\0';
}

/* The record spelling of operator OP ("add"), or NULL.  */

static inline const char *
gpu_red_op_name (unsigned op)
{
  switch (op)
    {
#define DEF_GPU_RED_OP(ID, CODE, NAME, SYMBOL, IDENTITY, COMBINE, INT_ONLY) \
    case CODE: return NAME;
#include "gpuoffload-abi.def"
    default: return NULL;
    }
}

/* How remarks show operator OP ("+"), or NULL.  */

static inline const char *
gpu_red_op_symbol (unsigned op)
{
  switch (op)
    {
#define DEF_GPU_RED_OP(ID, CODE, NAME, SYMBOL, IDENTITY, COMBINE, INT_ONLY) \
    case CODE: return SYMBOL;
#include "gpuoffload-abi.def"
    default: return NULL;
    }
}

/* The identity of operator OP, or GPU_RED_ID_NONE.  */

static inline enum gpu_red_identity
gpu_red_op_identity (unsigned op)
{
  switch (op)
    {
#define DEF_GPU_RED_OP(ID, CODE, NAME, SYMBOL, IDENTITY, COMBINE, INT_ONLY) \
    case CODE: return GPU_RED_ID_##IDENTITY;
#include "gpuoffload-abi.def"
    default: return GPU_RED_ID_NONE;
    }
}

/* The combine of operator OP, or GPU_RED_COMB_NONE.  */

static inline enum gpu_red_combine
gpu_red_op_combine (unsigned op)
{
  switch (op)
    {
#define DEF_GPU_RED_OP(ID, CODE, NAME, SYMBOL, IDENTITY, COMBINE, INT_ONLY) \
    case CODE: return GPU_RED_COMB_##COMBINE;
#include "gpuoffload-abi.def"
    default: return GPU_RED_COMB_NONE;
    }
}

/* Nonzero when operator OP is undefined on floating types.  */

static inline int
gpu_red_op_int_only (unsigned op)
{
  switch (op)
    {
#define DEF_GPU_RED_OP(ID, CODE, NAME, SYMBOL, IDENTITY, COMBINE, INT_ONLY) \
    case CODE: return INT_ONLY;
#include "gpuoffload-abi.def"
    default: return 0;
    }
}

/* The operator spelled by the LEN bytes at TOK, or GPU_RED_NONE.  */

static inline enum gpu_red_op
gpu_red_op_lookup (const char *tok, size_t len)
{
#define DEF_GPU_RED_OP(ID, CODE, NAME, SYMBOL, IDENTITY, COMBINE, INT_ONLY) \
  if (gpu_abi_token_is (tok, len, NAME))				    \
    return GPU_RED_##ID;
#include "gpuoffload-abi.def"
  return GPU_RED_NONE;
}

/* The record spelling of type TYPE ("i32"), or NULL.  */

static inline const char *
gpu_red_type_name (unsigned type)
{
  switch (type)
    {
#define DEF_GPU_RED_TYPE(ID, CODE, NAME, SIZE, IS_FLOAT, IS_SIGNED, \
			 CL_TYPE, CL_LOWEST, CL_HIGHEST) \
    case CODE: return NAME;
#include "gpuoffload-abi.def"
    default: return NULL;
    }
}

/* The size in bytes of type TYPE, or 0.  */

static inline unsigned
gpu_red_type_size (unsigned type)
{
  switch (type)
    {
#define DEF_GPU_RED_TYPE(ID, CODE, NAME, SIZE, IS_FLOAT, IS_SIGNED, \
			 CL_TYPE, CL_LOWEST, CL_HIGHEST) \
    case CODE: return SIZE;
#include "gpuoffload-abi.def"
    default: return 0;
    }
}

/* Nonzero when type TYPE is a floating type.  */

static inline int
gpu_red_type_is_float (unsigned type)
{
  switch (type)
    {
#define DEF_GPU_RED_TYPE(ID, CODE, NAME, SIZE, IS_FLOAT, IS_SIGNED, \
			 CL_TYPE, CL_LOWEST, CL_HIGHEST) \
    case CODE: return IS_FLOAT;
#include "gpuoffload-abi.def"
    default: return 0;
    }
}

/* The integer type code of SIZE bytes (1, 2, 4 or 8), signed when
   IS_SIGNED, or GPU_RED_TYPE_NONE.  */

static inline enum gpu_red_type
gpu_red_type_int (unsigned size, int is_signed)
{
#define DEF_GPU_RED_TYPE(ID, CODE, NAME, SIZE, IS_FLOAT, IS_SIGNED, \
			 CL_TYPE, CL_LOWEST, CL_HIGHEST) \
  if (!(IS_FLOAT) && (SIZE) == size && !(IS_SIGNED) == !is_signed) \
    return GPU_RED_TYPE_##ID;
#include "gpuoffload-abi.def"
  return GPU_RED_TYPE_NONE;
}

/* The floating type code of SIZE bytes (4 or 8), or GPU_RED_TYPE_NONE.  */

static inline enum gpu_red_type
gpu_red_type_float (unsigned size)
{
#define DEF_GPU_RED_TYPE(ID, CODE, NAME, SIZE, IS_FLOAT, IS_SIGNED, \
			 CL_TYPE, CL_LOWEST, CL_HIGHEST) \
  if ((IS_FLOAT) && (SIZE) == size) \
    return GPU_RED_TYPE_##ID;
#include "gpuoffload-abi.def"
  return GPU_RED_TYPE_NONE;
}

/* The OpenCL C type of type TYPE ("int"), or NULL.  */

static inline const char *
gpu_red_type_cl_name (unsigned type)
{
  switch (type)
    {
#define DEF_GPU_RED_TYPE(ID, CODE, NAME, SIZE, IS_FLOAT, IS_SIGNED, \
			 CL_TYPE, CL_LOWEST, CL_HIGHEST) \
    case CODE: return CL_TYPE;
#include "gpuoffload-abi.def"
    default: return NULL;
    }
}

/* OpenCL C text of the value IDENTITY of type TYPE ("INT_MAX", "0"),
   or NULL.  */

static inline const char *
gpu_red_type_cl_identity (unsigned type, enum gpu_red_identity identity)
{
  switch (identity)
    {
    case GPU_RED_ID_ZERO: return "0";
    case GPU_RED_ID_ONE: return "1";
    case GPU_RED_ID_ALL_ONES: return "~0";
    case GPU_RED_ID_HIGHEST:
      switch (type)
	{
#define DEF_GPU_RED_TYPE(ID, CODE, NAME, SIZE, IS_FLOAT, IS_SIGNED, \
			 CL_TYPE, CL_LOWEST, CL_HIGHEST) \
	case CODE: return CL_HIGHEST;
#include "gpuoffload-abi.def"
	default: return NULL;
	}
    case GPU_RED_ID_LOWEST:
      switch (type)
	{
#define DEF_GPU_RED_TYPE(ID, CODE, NAME, SIZE, IS_FLOAT, IS_SIGNED, \
			 CL_TYPE, CL_LOWEST, CL_HIGHEST) \
	case CODE: return CL_LOWEST;
#include "gpuoffload-abi.def"
	default: return NULL;
	}
    default:
      return NULL;
    }
}

/* The type spelled by the LEN bytes at TOK, or GPU_RED_TYPE_NONE.  */

static inline enum gpu_red_type
gpu_red_type_lookup (const char *tok, size_t len)
{
#define DEF_GPU_RED_TYPE(ID, CODE, NAME, SIZE, IS_FLOAT, IS_SIGNED, \
			 CL_TYPE, CL_LOWEST, CL_HIGHEST) \
  if (gpu_abi_token_is (tok, len, NAME)) \
    return GPU_RED_TYPE_##ID;
#include "gpuoffload-abi.def"
  return GPU_RED_TYPE_NONE;
}

/* The record spelling of argument kind KIND ("buffer"), or NULL.  */

static inline const char *
gpu_arg_kind_name (unsigned kind)
{
  switch (kind)
    {
#define DEF_GPU_ARG_KIND(ID, CODE, NAME) case CODE: return NAME;
#include "gpuoffload-abi.def"
    default: return NULL;
    }
}

/* The argument kind spelled by the LEN bytes at TOK, or 0.  */

static inline unsigned
gpu_arg_kind_lookup (const char *tok, size_t len)
{
#define DEF_GPU_ARG_KIND(ID, CODE, NAME) \
  if (gpu_abi_token_is (tok, len, NAME)) \
    return GPU_ARG_##ID;
#include "gpuoffload-abi.def"
  return 0;
}

/* The record spelling of the access flags FLAGS ("rw"), or NULL.  */

static inline const char *
gpu_arg_access_name (unsigned flags)
{
  switch (flags)
    {
#define DEF_GPU_ARG_ACCESS(ID, FLAGS, NAME) case FLAGS: return NAME;
#include "gpuoffload-abi.def"
    default: return NULL;
    }
}

/* The access flags spelled by the LEN bytes at TOK, or 0.  */

static inline unsigned
gpu_arg_access_lookup (const char *tok, size_t len)
{
#define DEF_GPU_ARG_ACCESS(ID, FLAGS, NAME) \
  if (gpu_abi_token_is (tok, len, NAME)) \
    return FLAGS;
#include "gpuoffload-abi.def"
  return 0;
}

#endif /* GPUOFFLOAD_ABI_H */
