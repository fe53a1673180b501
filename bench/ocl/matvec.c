/* matvec.c -- hand-written OpenCL for progs/matvec.c (matvec_common.h).  */
#define BENCH_EXTERNAL_RUN
#include "../progs/matvec.c"
#include "matvec_common.h"
