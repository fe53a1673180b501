/* gpuoffload-gcc.h -- the one place that includes GCC's plugin headers.

   GCC's headers must be included in a particular order, and their contents
   move between releases.  Every other plugin source includes this file and
   nothing of GCC's directly; every test of the GCC version lives here (the
   pattern of the Linux kernel's scripts/gcc-plugins/gcc-common.h).  */

#ifndef GPUOFFLOAD_GCC_H
#define GPUOFFLOAD_GCC_H

#include "gcc-plugin.h"
#include "bversion.h"
/* plugin-version.h defines a static object: only plugin_init needs it.  */
#ifdef GPUOFFLOAD_PLUGIN_MAIN
# include "plugin-version.h"
#endif

#if BUILDING_GCC_MAJOR < 12
# error "gpuoffload needs GCC 12 or newer"
#endif

#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "target.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "ssa.h"
#include "cgraph.h"
/* c-common.h must precede diagnostic-core.h (format checking).  */
#include "c-family/c-common.h"
#include "context.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "dumpfile.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "stringpool.h"
#include "attribs.h"
#include "varasm.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "tree-iterator.h"
#include "gimple-pretty-print.h"
#include "tree-pretty-print.h"
#include "print-tree.h"
#include "tree-cfg.h"
#include "tree-dfa.h"
#include "tree-ssa.h"
#include "tree-ssanames.h"
#include "tree-into-ssa.h"
#include "tree-eh.h"
#include "gimple-fold.h"
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-niter.h"
#include "tree-object-size.h"
#include "tree-ssa-loop-manip.h"
#include "cfgexpand.h"
#include "cfgloop.h"
#include "cfgloopmanip.h"
#include "tree-chrec.h"
#include "tree-scalar-evolution.h"
#include "tree-data-ref.h"
#include "tree-ssa-loop-ivopts.h"
#include "tree-ssa-dce.h"
#include "internal-fn.h"
#include "tree-vectorizer.h"
#include "gimple-range.h"
#include "c-family/c-pragma.h"
#include "builtins.h"
#include "langhooks.h"
#include "real.h"
#include "options.h"
#include "opts.h"
#include "toplev.h"
#include "intl.h"

#endif /* GPUOFFLOAD_GCC_H */
