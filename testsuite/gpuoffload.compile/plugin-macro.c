/* plugin-macro.c: loading the plugin defines __GPUOFFLOAD__.  */
/* { dg-do compile } */
#include <gpuoffload.h>

#ifndef __GPUOFFLOAD__
#error "the plugin did not define __GPUOFFLOAD__"
#endif

int unused_but_nonempty_translation_unit;
