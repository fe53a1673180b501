/* quiet.c -- a first build says nothing on stderr (issue 13, item 5): a
   kernel with an equality test, a called function and the device
   versions of memcmp and strlen, whose generated OpenCL made PoCL's clang
   print "1 warning generated." (doubled parentheses around ==, a char
   array pointer passed for a char pointer).  cache.exp runs it with the
   cache off, so the kernel is built from source every time.  */

#include <gpuoffload.h>
#include <stdio.h>
#include <string.h>

enum { N = 1000 };
static char names[N][8];
static int out[N];

static int
same (int a, int b)
{
  return a == b ? 1 : 0;
}

static void
kern (int n, int *o, char (*s)[8] GPU_EXTENT (n))
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      int v = (int) strlen (s[i]) + (memcmp (s[i], s[0], 8) == 0);
      if (v == 3)
	v += same (i, 7);
      o[i] = v;
    }
}

int
main (void)
{
  int bad = 0;
  for (int i = 0; i < N; i++)
    snprintf (names[i], sizeof names[i], "%d", i % 5000);
  kern (N, out, names);
  int on_device = gpurt_last_region_ran_on_device ();
  for (int i = 0; i < N; i++)
    {
      int v = (int) strlen (names[i]) + (memcmp (names[i], names[0], 8) == 0);
      if (v == 3)
	v += i == 7;
      bad += out[i] != v;
    }
  printf ("quiet: %s, %s\n", bad ? "WRONG" : "results ok",
	  on_device ? "on the device" : "NOT on the device");
  return bad != 0 || !on_device;
}
