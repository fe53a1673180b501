/* reduce-noloc.c: with -fplugin-arg-gpuoffload-no-local-mem (one iteration per work-item, tree in global memory, many partials): the runtime's ways to finish a reduction give the same results: partials combined on the host (default) or by the NAME_fin kernel (GPURT_REDUCE_FINAL=kernel), with the default number of work-groups, with 1 and with 3 (GPURT_REDUCE_GROUPS), for several reductions at once in 1-D and 2-D loops.  The test sets the variables itself; libgpurt reads them at each launch.  */
/* { dg-additional-options "-fplugin-arg-gpuoffload-no-local-mem" } */
/* The same program as reduce-final.c, built with the option above.  */
#include "reduce-final.c"
