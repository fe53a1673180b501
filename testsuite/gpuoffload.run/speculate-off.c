/* speculate-off.c: speculate.c built with -fplugin-arg-gpuoffload-no-speculate: its marked loops that may end the program through abort, exit, a failed assert or a noreturn function are valid C without speculation too (issue 18 item 3: no error about a break, return or goto the user never wrote); they stay host loops with a remark (host loops on purpose: run.exp drops werror for this test), and the program does exactly what the serial program does (exit status, stdout, stderr); no region deoptimizes.  */
/* { dg-additional-options "-fplugin-arg-gpuoffload-no-speculate" } */
#define SPECULATE_OFF 1
#include "speculate.c"
