/* gpu-reduce.h -- GPU_REDUCE accumulators: what the reduction analysis
   (gpu-reduce.cc) finds in a marked loop nest, and the hooks through which
   gpu_find, the OpenCL emitter and the launch builder use it.

   A reduction is a scalar register variable marked GPU_REDUCE that
   carries a value around the marked loops (a header PHI in each of them)
   and is updated only by one associative operator in the innermost marked
   loop.  The kernel accumulates per work-item, combines per work-group
   and writes one partial result per work-group; libgpurt combines the
   partials (docs/ABI.md) and the host code sets the accumulator to
   INIT OP RESULT.  */

#ifndef GPUOFFLOAD_GPU_REDUCE_H
#define GPUOFFLOAD_GPU_REDUCE_H

struct gpu_region;

/* Operators; the numbers are word 2 of a reduction argument (ABI.md).  */
enum gpu_red_op
{
  GPU_RED_NONE = 0,
  GPU_RED_ADD = 1,		/* + and - */
  GPU_RED_MUL = 2,
  GPU_RED_AND = 3,		/* & */
  GPU_RED_OR = 4,		/* | */
  GPU_RED_XOR = 5,
  GPU_RED_LAND = 6,		/* && */
  GPU_RED_LOR = 7,		/* || */
  GPU_RED_MIN = 8,		/* ternary or MIN_EXPR */
  GPU_RED_MAX = 9,
  GPU_RED_FMIN = 10,		/* fmin, fminf: NaNs ignored */
  GPU_RED_FMAX = 11
};

/* Work-group size of reduction kernels (reqd_work_group_size).  */
#define GPU_RED_WG 256

struct gpu_reduction
{
  tree var;			/* The GPU_REDUCE variable.  */
  tree type;			/* Its type.  */
  tree phis[3];			/* Header PHI results, per dimension.  */
  tree init;			/* Value before the region.  */
  enum gpu_red_op op;
  int cap;			/* Capture index (GPU_CAP_REDUCE).  */
  const char *tname;		/* OpenCL type name (set by the emitter).  */
  location_t loc;		/* Where the variable is declared.  */
  tree slot;			/* Host result slot (set by the launch).  */
};

/* Find the reductions of region R (its dims set up).  Returns false when
   a reduction is misused (an error was given) or cannot be offloaded
   (R->fail set).  Adds one GPU_CAP_REDUCE capture per reduction.  */
bool gpu_reduce_analyze (struct gpu_region *r);

/* Is NAME a header PHI result of a reduction of R?  Returns its index
   or -1.  */
int gpu_reduce_phi_index (struct gpu_region *r, tree name);

/* The statements of a reduction kernel into OUT, around BODY, the text
   of one iteration (whose terminal edges jump to the label gpu_next):
   accumulator set-up, the unrolled grid-stride loop, the work-group
   combine and the partial store; LOCALS gets the __local arrays, which
   OpenCL wants at kernel scope.  */
void gpu_reduce_kernel_text (struct gpu_region *r, const char *body,
			     pretty_printer *locals, pretty_printer *out);

/* Text of the final-combine kernel NAME_fin (ABI.md).  */
void gpu_reduce_fin_kernel (struct gpu_region *r, pretty_printer *pp);

/* Record lines of R's reductions (after the arg lines).  */
void gpu_reduce_record (struct gpu_region *r, pretty_printer *pp);
/* The "arg K reduce OP TYPE NAME" line of capture K.  */
void gpu_reduce_record_arg (struct gpu_region *r, unsigned k,
			    pretty_printer *pp);

/* The words 1..3 of the argument record of reduction capture K:
   creates the host result slot.  */
void gpu_reduce_arg_words (struct gpu_region *r, unsigned k, tree words[3]);

/* After the launch at *GSI, whose "host must run the loop" flag is GO and
   whose trip counts are COUNTS[0..2]: set each accumulator's value on
   entry to the (skipped) host loop to INIT OP RESULT.  */
void gpu_reduce_finish_launch (struct gpu_region *r, gimple_stmt_iterator *gsi,
			       tree go, tree counts[3]);

/* ", N reductions (+ s, min m)" for the optimized remark, or "".
   xmalloc'd.  */
char *gpu_reduce_describe (struct gpu_region *r);

/* For the outlined host path (gpu-outline.cc): A OP B for RED, appended
   at *GSI, and the identity of RED's operator (the start of each host
   thread's partial result).  */
tree gpu_reduce_emit_combine (gimple_stmt_iterator *gsi,
			      struct gpu_reduction *red, tree a, tree b);
tree gpu_reduce_identity (struct gpu_reduction *red);

#endif /* GPUOFFLOAD_GPU_REDUCE_H */
