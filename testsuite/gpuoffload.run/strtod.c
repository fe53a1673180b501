/* strtod.c: atof and strtod (with a null end pointer) in a marked loop
   run on the device (nn's atof of each record, bench/realcode) and give
   glibc's double bit for bit: random decimal numbers of up to 20
   significant digits, and any exponent, hexadecimal ones, the shortest
   and the 17-digit form of random doubles, subnormals, ties between two
   doubles written out to their last digit (hundreds of digits), leading
   blanks and signs, inf, nan, and strings that are no number at all;
   from a string in global memory and from a private copy.  Every size,
   against glibc's strtod on the host.  */
#include "check.h"

#define W 48			/* bytes per short record */
#define WL 800			/* bytes per long record */

static void
parse (long n, const char *text, double *a, double *b, double *c)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      const char *rec = text + i * W;
      char copy[W];
      memcpy (copy, rec, W);
      a[i] = atof (rec);
      b[i] = strtod (rec + (i & 1), NULL);
      c[i] = strtod (copy, NULL);
    }
}

static void
parse_long (long n, const char *text, double *a)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    a[i] = atof (text + i * WL);
}

static double
random_double (void)
{
  unsigned long long b = check_u64 ();
  double d;
  memcpy (&d, &b, sizeof d);
  return isnan (d) ? 0.5 : d;
}

/* A random number as text, at most W - 1 bytes, into S.  */
static void
random_text (char *s)
{
  static const char *const words[] = {
    "inf", "-Infinity", "nan", "-nan", "  +3.5", "\t-.5e1", "1e", "1e+",
    ".", "abc", "0x", "0x.p1", "123.456e-2xyz", "1e309", "-1e-400",
    "2.2250738585072011e-308", "4.9406564584124654e-324",
    "2.4703282292062328e-324", "1.7976931348623159e308", "9007199254740993",
    "0x1.fffffffffffff8p1023", "0x1.00000000000008p0", "0x.8p-1073", "" };
  int kind = (int) check_range (0, 6);
  char *p = s;
  switch (kind)
    {
    case 0:
      snprintf (s, W, "%.*g", (int) check_range (1, 17), random_double ());
      break;
    case 1:
      snprintf (s, W, "%.17g", random_double ());
      break;
    case 2:
      snprintf (s, W, "%a", random_double ());
      break;
    case 3:
      {
	int nd = (int) check_range (1, 20);
	if (check_range (0, 1))
	  *p++ = '-';
	for (int i = 0; i < nd; i++)
	  *p++ = (char) ('0' + check_range (0, 9));
	if (check_range (0, 1))
	  {
	    *p++ = '.';
	    for (int i = check_range (0, 6); i > 0; i--)
	      *p++ = (char) ('0' + check_range (0, 9));
	  }
	snprintf (p, 8, "e%d", (int) check_range (-340, 320));
	break;
      }
    case 4:
      snprintf (s, W, "%7.2f", check_uniform (-200.0, 200.0));
      break;
    case 5:
      snprintf (s, W, "%.*e", (int) check_range (0, 30),
		check_uniform (-1.0, 1.0) * pow (10.0, (double) check_range (-300, 300)));
      break;
    default:
      strcpy (s, words[check_range (0, sizeof words / sizeof words[0] - 1)]);
      break;
    }
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      char *text = check_alloc ((n + 1) * W);
      memset (text, 0, (n + 1) * W);
      for (long i = 0; i < n; i++)
	random_text (text + i * W);
      double *a = check_alloc ((n + 1) * sizeof (double));
      double *b = check_alloc ((n + 1) * sizeof (double));
      double *c = check_alloc ((n + 1) * sizeof (double));
      double *wa = check_alloc ((n + 1) * sizeof (double));
      double *wb = check_alloc ((n + 1) * sizeof (double));
      check_fill_double (a, n + 1, -1, 1);
      memcpy (b, a, (n + 1) * sizeof (double));
      memcpy (c, a, (n + 1) * sizeof (double));
      memcpy (wa, a, (n + 1) * sizeof (double));
      memcpy (wb, a, (n + 1) * sizeof (double));
      for (long i = 0; i < n; i++)
	{
	  wa[i] = strtod (text + i * W, NULL);
	  wb[i] = strtod (text + i * W + (i & 1), NULL);
	}
      parse (n, text, a, b, c);
      CHECK_RAN_ON_DEVICE (n);
      for (long i = 0; i < n; i++)
	if (memcmp (&a[i], &wa[i], sizeof (double))
	    || memcmp (&b[i], &wb[i], sizeof (double))
	    || memcmp (&c[i], &wa[i], sizeof (double)))
	  CHECK_FAIL ("n=%ld: '%s' gives %a %a %a, glibc %a %a", n,
		      text + i * W, a[i], b[i], c[i], wa[i], wb[i]);
      CHECK_SAME (a + n, wa + n, 1, "a beyond n=%ld", n);

      /* Ties between two doubles, written out exactly (up to 767
	 digits), and the same one digit short or long.  */
      long nl = n < 300 ? n : 300;
      char *lt = check_alloc ((nl + 1) * WL);
      for (long i = 0; i < nl; i++)
	{
	  double d = fabs (random_double ());
	  if (i % 3 == 0)
	    d = ldexp (d, -(int) check_range (0, 60)) * 1e-300;
	  double up = nextafter (d, INFINITY);
	  if (isinf (d) || isinf (up))
	    d = 1.0, up = nextafter (1.0, 2.0);
	  long double mid = ((long double) d + up) / 2;
	  snprintf (lt + i * WL, WL, "%.*Le",
		    (int) check_range (i % 2 ? 700 : 10, 780), mid);
	}
      double *l = check_alloc ((nl + 1) * sizeof (double));
      parse_long (nl, lt, l);
      CHECK_RAN_ON_DEVICE (nl);
      for (long i = 0; i < nl; i++)
	{
	  double w = strtod (lt + i * WL, NULL);
	  if (memcmp (&l[i], &w, sizeof w))
	    CHECK_FAIL ("long '%.60s...' gives %a, glibc %a", lt + i * WL,
			l[i], w);
	}
      free (text), free (a), free (b), free (c), free (wa), free (wb);
      free (lt), free (l);
    }
  return 0;
}
