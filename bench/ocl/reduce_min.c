/* reduce_min.c -- hand-written OpenCL for progs/reduce_min.c (see
   reduce_common.h for the kernel).  */
#define BENCH_EXTERNAL_RUN
#include "../progs/reduce_min.c"
#define RED_OPSTR "fmin (a, b)"
#define RED_FOLD(a, b) (fmin (a, b))
#define RED_ID INFINITY
#define RED_IDSTR "INFINITY"
#include "reduce_common.h"

static void prog_run (void) { result = red_run (x, bench_n); }
