/* extent-misuse.c: a GPU_EXTENT count the plugin cannot read is an error naming the count, the pointer and the reason (a name declared nowhere, a syntax error, a missing member, a non-integer operand); a count naming a later parameter is accepted (issue 13, item 2).  Compilation stops at the errors, so no remark is checked here.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <gpuoffload.h>

struct s { int y; };

void
undeclared (float *a GPU_EXTENT (nope * 2), const int *idx, int n) /* { dg-error "'GPU_EXTENT \\(nope \\* 2\\)' of 'a': 'nope' is not declared here" } */
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[idx[i]] = 0;
}

void
syntax (float *a GPU_EXTENT (n +), const int *idx, int n) /* { dg-error "'GPU_EXTENT \\(n \\+\\)' of 'a': expected a name or a constant" } */
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[idx[i]] = 0;
}

void
member (float *a GPU_EXTENT (d->x), const int *idx, int n, const struct s *d) /* { dg-error "'GPU_EXTENT \\(d->x\\)' of 'a': there is no member 'x'" } */
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[idx[i]] = 0;
}

void
not_integer (float *a GPU_EXTENT (f * 2), const int *idx, int n, float f) /* { dg-error "'GPU_EXTENT \\(f \\* 2\\)' of 'a': an operand is not an integer" } */
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[idx[i]] = 0;
}

void
local_later (const int *idx, int n, float *out)
{
  float *a GPU_EXTENT (m) = out; /* { dg-error "'GPU_EXTENT \\(m\\)' of 'a': 'm' is not declared here" } */
  int m = n;
  for (int i GPU_PARALLEL = 0; i < m; i++)
    a[idx[i]] = 0;
}

void
later (float *a GPU_EXTENT (n), const int *idx, int n)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    a[idx[i]] = 0;
}
