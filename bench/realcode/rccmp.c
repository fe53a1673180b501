/* rccmp.c -- compare two result files of bench/realcode programs (doubles,
   rc.h): exact, or within a relative tolerance for programs whose
   <math.h> calls may differ from glibc's by a few units in the last place
   on the device (README, "Floating point: what is exact").

   usage: rccmp WANT GOT [RTOL]   exit 0 when they agree  */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main (int argc, char **argv)
{
  if (argc < 3)
    {
      fprintf (stderr, "usage: rccmp WANT GOT [RTOL]\n");
      return 2;
    }
  double rtol = argc > 3 ? atof (argv[3]) : 0.0, worst = 0.0;
  FILE *fw = fopen (argv[1], "rb"), *fg = fopen (argv[2], "rb");
  if (fw == NULL || fg == NULL)
    {
      fprintf (stderr, "rccmp: cannot open %s\n", fw ? argv[2] : argv[1]);
      return 2;
    }
  long k = 0, bad = 0;
  double w, g;
  for (;; k++)
    {
      size_t nw = fread (&w, sizeof w, 1, fw), ng = fread (&g, sizeof g, 1, fg);
      if (nw != ng)
	{
	  printf ("rccmp: lengths differ at value %ld\n", k);
	  return 1;
	}
      if (nw == 0)
	break;
      int same = rtol == 0.0 ? memcmp (&w, &g, sizeof w) == 0
		 : fabs (g - w) <= rtol * fabs (w) + 1e-300;
      if (!same && bad++ < 3)
	printf ("rccmp: value %ld is %.17g, want %.17g\n", k, g, w);
      if (w != 0 && fabs (g - w) / fabs (w) > worst)
	worst = fabs (g - w) / fabs (w);
    }
  if (bad)
    {
      printf ("rccmp: %ld of %ld values differ (largest relative %.3g)\n",
	      bad, k, worst);
      return 1;
    }
  printf ("rccmp: %ld values %s\n", k, rtol == 0.0 ? "identical" : "agree");
  return 0;
}
