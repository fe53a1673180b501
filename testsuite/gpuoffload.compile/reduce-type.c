/* reduce-type.c: GPU_REDUCE on something that is not an integer or floating scalar is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <gpuoffload.h>

struct pt { int a; };
struct pt bad GPU_REDUCE; /* { dg-error "must have integer or floating type" } */
float *p GPU_REDUCE; /* { dg-error "must have integer or floating type" } */
