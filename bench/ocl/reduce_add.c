/* reduce_add.c -- hand-written OpenCL for progs/reduce_add.c (see
   reduce_common.h for the kernel).  */
#define BENCH_EXTERNAL_RUN
#include "../progs/reduce_add.c"
#define RED_OPSTR "(a) + (b)"
#define RED_FOLD(a, b) ((a) + (b))
#define RED_ID 0.0f
#define RED_IDSTR "0.0f"
#include "reduce_common.h"

static void prog_run (void) { result = red_run (x, bench_n); }
