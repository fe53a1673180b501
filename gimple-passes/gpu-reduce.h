/* gpu-reduce.h -- GPU_REDUCE accumulators on the host side: the gpu_reduce
   pass (gpu-reduce.cc) finds them in a region, and gpu_outline uses these
   to build their launch words, record lines and host GIMPLE.

   A reduction is a scalar register variable marked GPU_REDUCE that
   carries a value around the marked loops (a header PHI in each of them)
   and is updated only by one associative operator in the innermost marked
   loop.  The kernel accumulates per work-item, combines per work-group
   and writes one partial result per work-group; libgpurt combines the
   partials (docs/ABI.md) and the host code sets the accumulator to
   INIT OP RESULT.  */

#ifndef GPUOFFLOAD_GPU_REDUCE_H
#define GPUOFFLOAD_GPU_REDUCE_H

#include "gpu-region.h"

/* Record lines of R's reductions (after the arg lines).  */
void gpu_reduce_record (struct gpu_region *r, pretty_printer *pp);
/* Does R's reduction kernel combine the partial results in its last
   work-group ("reduce WG local last", docs/ABI.md section 4)?  Not with
   no-local-mem (its tree runs in global memory, for comparison) nor
   with no-reduce-last.  */
bool gpu_reduce_last_p (struct gpu_region *r);
/* The "arg K reduce OP TYPE NAME" line of parameter K.  */
void gpu_reduce_record_arg (struct gpu_region *r, unsigned k,
			    pretty_printer *pp);

/* The words 1..3 of the argument record of reduction parameter K:
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

/* For the outlined host path: A OP B for RED, appended at *GSI, and the
   identity of RED's operator (the start of each host thread's partial
   result).  */
tree gpu_reduce_emit_combine (gimple_stmt_iterator *gsi,
			      struct gpu_reduction *red, tree a, tree b);
tree gpu_reduce_identity (struct gpu_reduction *red);

#endif /* GPUOFFLOAD_GPU_REDUCE_H */
