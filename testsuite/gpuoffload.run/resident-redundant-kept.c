/* resident-redundant-kept.c: resident-redundant.c built with transfer elimination (see there): no copy is redundant, a host load between regions brings home one element, a host store uploads one.  */
/* { dg-additional-options "-fplugin-arg-gpuoffload-no-fill" } */
#define REDUNDANT_KEPT 1
#include "resident-redundant.c"
