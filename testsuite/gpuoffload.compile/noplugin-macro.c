/* noplugin-macro.c: without the plugin __GPUOFFLOAD__ is not defined.  */
/* { dg-do compile } */
#include <gpuoffload.h>

#ifdef __GPUOFFLOAD__
#error "__GPUOFFLOAD__ defined without the plugin"
#endif

int unused_but_nonempty_translation_unit;
