/* reduce-addr.c: a GPU_REDUCE accumulator whose address is taken after
   the marked loop (issue 11, item 12) -- handed to a report function, to
   fwrite, copied out with memcpy, in a time loop that declares it anew
   each step -- is reduced in a private copy and stored once after the
   region: the results equal the serial loop's.  */
#include "check.h"

static long reported;

__attribute__ ((noinline)) static void
report (const long *p)
{
  reported = *p;
}

static long
sum_report (long n, const int *x)
{
  long s GPU_REDUCE = 7;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    s += x[i];
  report (&s);
  return reported;
}

static double
max_fwrite (long n, const double *x, FILE *f)
{
  double m GPU_REDUCE = -1.0;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    m = x[i] > m ? x[i] : m;
  rewind (f);
  CHECK (fwrite (&m, sizeof m, 1, f) == 1, "fwrite");
  rewind (f);
  double back;
  CHECK (fread (&back, sizeof back, 1, f) == 1, "fread");
  return back;
}

static void
steps_memcpy (int steps, long n, const int *x, unsigned *out)
{
  for (int t = 0; t < steps; t++)
    {
      unsigned h GPU_REDUCE = 0x5au;
      for (long i GPU_PARALLEL = 0; i < n; i++)
	h ^= (unsigned) x[i] * (unsigned) (t + 3);
      memcpy (&out[t], &h, sizeof h);
    }
}

int
main (void)
{
  check_init ();
  FILE *f = tmpfile ();
  CHECK (f != NULL, "tmpfile");
  for (int k = 0; k < CHECK_NSIZES; k++)
    {
      long n = check_sizes[k];
      int *x = check_alloc ((n + 1) * sizeof *x);
      double *d = check_alloc ((n + 1) * sizeof *d);
      check_fill_int (x, n, -1000, 1000);
      check_fill_double (d, n, -5.0, 5.0);

      long ws = 7;
      double wm = -1.0;
      for (long i = 0; i < n; i++)
	{
	  ws += x[i];
	  wm = d[i] > wm ? d[i] : wm;
	}
      long gs = sum_report (n, x);
      CHECK (gs == ws, "sum_report (n = %ld): %ld, serial %ld", n, gs, ws);
      double gm = max_fwrite (n, d, f);
      CHECK (gm == wm, "max_fwrite (n = %ld): %g, serial %g", n, gm, wm);

      unsigned out[5], want[5];
      steps_memcpy (5, n, x, out);
      for (int t = 0; t < 5; t++)
	{
	  want[t] = 0x5au;
	  for (long i = 0; i < n; i++)
	    want[t] ^= (unsigned) x[i] * (unsigned) (t + 3);
	  CHECK (out[t] == want[t], "steps_memcpy (n = %ld, t = %d): %x, "
		 "serial %x", n, t, out[t], want[t]);
	}
      free (x);
      free (d);
    }
  fclose (f);
  return 0;
}
