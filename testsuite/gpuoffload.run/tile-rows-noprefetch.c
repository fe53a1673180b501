/* tile-rows-noprefetch.c: tile-rows.c built with
   -fplugin-arg-gpuoffload-no-row-prefetch: the row-staged variant loads
   each tile between its two barriers instead of into registers while
   the group sums the previous one; the results are still those of
   serial C bit for bit, and the variants run as in tile-rows.c.  */
/* { dg-additional-options "-ffp-contract=off -fplugin-arg-gpuoffload-no-row-prefetch" } */
#include "tile-rows.c"
