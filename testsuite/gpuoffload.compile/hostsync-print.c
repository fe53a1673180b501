/* hostsync-print.c: printing an element between the regions of a time loop is no sync point (gpu_hostsync's gpu_output_call_p): printf, fprintf to stdout or stderr, puts and fputs with constant text read no memory of the program, and the element's load is checked against the data kept on the device as any other load.  A stream that may write into user memory (a FILE * parameter: fmemopen, setvbuf), a "%n" conversion or a string argument remain sync points.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gpuoffload-dump=details" } */
#include <stdio.h>
#include <gpuoffload.h>

void
steps (int n, int t, float *a, float *b)
{
  for (int k = 0; k < t; k++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	b[i] = a[i] * 0.5f;
      printf ("step %d: %f\n", k, b[n / 2]);
      fprintf (stderr, "%g\n", b[0]);
      puts ("done");
      for (int i GPU_PARALLEL = 0; i < n; i++)
	a[i] = b[i] + 1.0f;
    }
}

void
to_file (int n, int t, float *a, float *b, FILE *out)
{
  for (int k = 0; k < t; k++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	b[i] = a[i] * 0.5f;
      fprintf (out, "%g\n", b[1]);
      for (int i GPU_PARALLEL = 0; i < n; i++)
	a[i] = b[i] + 1.0f;
    }
}

void
text (int n, int t, float *a, char *s, int *count)
{
  for (int k = 0; k < t; k++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	a[i] = a[i] * 0.5f;
      printf ("%s\n", s);
    }
}

void
counted (int n, int t, float *a, int *count)
{
  for (int k = 0; k < t; k++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	a[i] = a[i] * 0.5f;
      printf ("%d%n\n", k, count);
    }
}

/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:14: access checked against the data kept on the device" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:15: access checked against the data kept on the device" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump-not "SUCCESS: \[^\n\]*:1\[4-6\]: sync before a call" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:29: sync before" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:42: sync before a call" "gpu_hostsync" } } */
/* { dg-final { scan-tree-dump "SUCCESS: \[^\n\]*:53: sync before a call" "gpu_hostsync" } } */
