/* reduce_mul.c -- hand-written OpenCL for progs/reduce_mul.c (see
   reduce_common.h for the kernel).  */
#define BENCH_EXTERNAL_RUN
#include "../progs/reduce_mul.c"
#define RED_OPSTR "(a) * (b)"
#define RED_FOLD(a, b) ((a) * (b))
#define RED_ID 1.0f
#define RED_IDSTR "1.0f"
#include "reduce_common.h"

static void prog_run (void) { result = red_run (x, bench_n); }
