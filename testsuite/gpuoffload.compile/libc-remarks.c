/* libc-remarks.c: a marked loop calling a C library function with no device version stays on the host, and the remark names the call and is placed at the call in the loop (issue 13, item 4), also when the call is reached through glibc's inline atoi (strtol inside <stdlib.h>) or a helper of the file; not inside a system header or the helper.  memset, memcpy, memcmp, strlen, abs, atof and strtod (with a null end pointer) have device versions: those loops are offloaded.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopt-info-loop-optimized -fopt-info-loop-missed" } */
#include <gpuoffload.h>
#include <stdlib.h>
#include <string.h>

struct rec { char name[15]; char pad; };

void
parse_atof (int n, double *o, const struct rec *x GPU_EXTENT (n))
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    o[i] = atof (x[i].name);
}

void
parse_atoi (int n, int *o, const struct rec *x GPU_EXTENT (n))
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    o[i] = atoi (x[i].name); /* { dg-missed "call to .(strtol|atoi)., a C library function with no device version" } */
}

static double
helper (const char *s)
{
  return strtol (s, 0, 10);
}

void
parse_helper (int n, double *o, const struct rec *x GPU_EXTENT (n))
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    o[i] = helper (x[i].name); /* { dg-missed "call to .strtol., a C library function with no device version \\(in .helper., called here\\)" } */
}

void
random_values (int n, int *o)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    o[i] = rand () % 7 + i; /* { dg-missed "call to .rand., a C library function with no device version" } */
}

void
strings (int n, int *o, struct rec *x GPU_EXTENT (n), const struct rec *y GPU_EXTENT (n))
{
  for (int i GPU_PARALLEL = 0; i < n; i++) /* { dg-optimized "loop offloaded as kernel" } */
    {
      memset (x[i].name + 10, '-', 3);
      memcpy (x[i].name, y[i].name, 7);
      o[i] = abs (memcmp (x[i].name, y[i].name, 15)) + (int) strlen (x[i].name);
    }
}

void
no_extent (int n, long *o, const struct rec *x)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    o[i] = strlen (x[i].name); /* { dg-optimized "accesses through .x. bounded at run time by the heap block or global it points into" } */
}
