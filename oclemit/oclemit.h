/* oclemit.h -- the OpenCL C printer's interface, used by the gpu_emit
   pass.  The printer turns the GIMPLE of a region (gpu-region.h), and the
   functions it calls, into OpenCL C 1.2 text.  It decides nothing about
   the region: its parameters, references and reductions were found by
   the passes before it.  */

#ifndef GPUOFFLOAD_OCLEMIT_H
#define GPUOFFLOAD_OCLEMIT_H

#include "gpu-region.h"

/* Print the OpenCL C source of region R into *SOURCE (xmalloc'd) and set
   R->fp64.  Returns false and sets R->fail when the region holds
   something the printer cannot print for the device.  */
bool oclemit_region (struct gpu_region *r, char **source);

#endif /* GPUOFFLOAD_OCLEMIT_H */
