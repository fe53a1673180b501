/* gpurt-record.h -- the one parser of region records (docs/ABI.md
   section 1), shared by libgpurt (gpurt-region.c) and gpuoffload-info.

   Plain C11 with no OpenCL and no libgpurt internals, so the tool can
   compile gpurt-record.c into itself.  The codes it stores (argument
   kinds, access flags, reduction operators and types) are those of
   gpuoffload-abi.h.  Not installed.  */

#ifndef GPURT_RECORD_H
#define GPURT_RECORD_H

#include <stddef.h>

#include "gpuoffload-abi.h"

/* Room for the first problem found in a record.  */
#define GPURT_RECORD_ERROR_LEN 256

/* One "arg" line, and the "elem" line of the same argument.  */
struct gpurt_record_arg
{
  unsigned kind;		/* GPU_ARG_*; 0 while not described */
  unsigned flags;		/* buffer: GPU_ARG_READ | GPU_ARG_WRITTEN */
  unsigned size;		/* scalar, reduce: 1, 2, 4 or 8 */
  unsigned op, type;		/* reduce: GPU_RED_* and GPU_RED_TYPE_* */
  char *name;			/* the variable; "?" when the line has none */
  char elem_kind;		/* written buffer: GPU_ELEM_*; 0: no line */
  unsigned elem_size;		/* and its element size in bytes */
  char batch;			/* buffer, "batch K move|whole": 'm' its
				   range moves with the outermost index,
				   'w' it does not; 0: no line */
  char fills;			/* "fill K": the region stores every byte
				   of its range and reads none */
};

/* Most "variant" lines a record may have, and most pairs of arguments
   one variant names.  */
#define GPURT_RECORD_MAX_VARIANTS 4
#define GPURT_RECORD_MAX_DISTINCT 8

/* A "variant" line: another kernel of the region's source, tried before
   the plain one (docs/ABI.md section 6).  */
struct gpurt_record_variant
{
  char name[160];		/* its kernel */
  unsigned group[3];		/* the exact work-group shape it needs */
  unsigned long local_bytes;	/* the __local memory it declares */
  unsigned ndistinct;		/* pairs of buffer arguments that must be */
  unsigned distinct[2 * GPURT_RECORD_MAX_DISTINCT];  /* distinct buffers */
  unsigned block[3];		/* iterations per work-item along each
				   dimension ("block B0 B1 B2"; 1 without) */
};

/* A "deopt" line: a speculated call of the region (docs/ABI.md
   section 7), word K of its deopt buffer for the K-th line.  */
struct gpurt_record_deopt
{
  char *loc;			/* "FILE:LINE" of the call */
  char *call;			/* the function it calls */
};

/* What gpurt_record_parse says of a record.  */
enum gpurt_record_status
{
  GPURT_RECORD_OK,		/* understood; ERROR is empty */
  GPURT_RECORD_VERSION,		/* a record of another format version */
  GPURT_RECORD_BAD		/* malformed, or out of memory */
};

/* The floating-point contract the region was compiled under (the "fp"
   line): how far device and host results may differ.  */
enum gpurt_fp_mode
{
  GPURT_FP_CONTRACT,		/* the device may fuse a*b+c (GCC's default) */
  GPURT_FP_STRICT,		/* -ffp-contract=off: each operation as on the
				   host */
  GPURT_FP_FAST			/* -ffast-math and the like: reordered */
};

/* A parsed record.  Strings and arrays are the parser's (free them with
   gpurt_record_free); SOURCE points into the parsed text.  */
struct gpurt_record
{
  enum gpurt_record_status status;
  char error[GPURT_RECORD_ERROR_LEN];	/* first problem, or "" */
  unsigned version;		/* of the first line; 0 if unreadable */
  char *name;			/* kernel name; "?" when missing */
  char *loc;			/* "FILE:LINE"; "?" when missing */
  char *options;		/* OpenCL build options; "" when missing */
  unsigned ndim;		/* 1, 2 or 3; 0 when missing */
  int fp64;			/* the kernel uses double */
  enum gpurt_fp_mode fp;	/* the "fp" line; GPURT_FP_CONTRACT if none */
  unsigned nargs;
  struct gpurt_record_arg *args;	/* NARGS of them, or NULL */
  unsigned reduce_wg;		/* "reduce WG FORM": WG, or 0 if none */
  int reduce_global;		/* FORM is GPU_REDUCE_FORM_GLOBAL */
  int reduce_last;		/* GPU_REDUCE_LAST follows: the kernel takes
				   gpu_rlast */
  unsigned group_wg;		/* "group WG": largest work-group of a
				   two-level kernel, or 0 if none */
  char *flat_name;		/* "flat NAME ...": the one-level variant of
				   a two-level kernel, or NULL */
  int flat_coalesced;		/* its accesses walk consecutive elements
				   at least as often ("coalesced") */
  char *index32_name;		/* "index32 NAME": the plain kernel with
				   32-bit buffer offsets, or NULL */
  unsigned nvariants;		/* "variant" lines, in the order to try */
  struct gpurt_record_variant variants[GPURT_RECORD_MAX_VARIANTS];
  unsigned ndeopts;		/* "deopt" lines: the kernel takes a deopt
				   buffer of NDEOPTS words (version 3) */
  struct gpurt_record_deopt deopts[GPU_MAX_DEOPT_SITES];
  unsigned escape;		/* "heap 3" with "escape K": K + 1, heap
				   blocks stored into the array of
				   pointers argument K outlive the region
				   (0: none) */
  int heap;			/* "heap 1" or "heap 2" (the iterations
				   that ran out run again alone): the
				   kernel takes the heap buffer after the
				   deopt buffer (version 4) */
  int batch;			/* "batch" lines: runs in batches of the
				   outermost index when too large */
  unsigned nopts;
  char **opts;			/* the "opt" lines' text */
  const char *source;		/* the OpenCL C source, SOURCE_LEN bytes */
  size_t source_len;
  size_t len;			/* bytes of the record in the text, up to
				   its terminating NUL or the end */
};

/* Parse the record at TEXT, which ends at its first NUL or after SIZE
   bytes (SIZE may be (size_t) -1 for a NUL-terminated record), into REC.
   Returns REC->status.  Whatever the status, REC's strings are set (so
   that messages can name the region) and must be freed with
   gpurt_record_free; REC->len tells where the next record may start.  */
enum gpurt_record_status gpurt_record_parse (struct gpurt_record *rec,
					     const char *text, size_t size);

/* Free what gpurt_record_parse allocated in REC, and clear it.  */
void gpurt_record_free (struct gpurt_record *rec);

#endif /* GPURT_RECORD_H */
