/* unknown-arg.c: an unknown -fplugin-arg-gpuoffload-KEY is an error.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-no-such-key" } */
/* { dg-error "unknown option .-fplugin-arg-gpuoffload-no-such-key." "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int unused_but_nonempty_translation_unit;
