/* matvec_rowreduce.c -- hand-written OpenCL for progs/matvec_rowreduce.c:
   one work-group per row with a local-memory reduction
   (matvec_common.h), the kernel gpuoffload's two-level one stands
   against.  */
#define BENCH_EXTERNAL_RUN
#include "../progs/matvec_rowreduce.c"
#include "matvec_common.h"
