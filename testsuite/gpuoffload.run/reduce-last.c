/* reduce-last.c: the kernel's last work-group combines the partial results of a reduction (the default, record "reduce 256 local last"): one region with a float sum, a double sum, a float min, a double max, a long count, a long sum and a long product, over sizes 0, 1, 255, 257, 10007 and CHECK_LARGE, each launched 8 times in a row on inputs that move by one element each time (a count of work-groups done left behind by one launch gives the next one stale results).  Children run it with the same inputs with 16 work-groups (PoCL's default), 300 and 1000 (several rounds of 256 partials in the last group), each once with the default and once with GPURT_REDUCE_FINAL=host: both must print the same bits, since the last group combines in the host's work-group order (and once with =kernel, the NAME_fin kernel, checked against the serial loop only).  Every run is checked against the serial loop (integers exactly, floating point within a bound from the data), and a child under GPURT_DEVICE_MEM_LIMIT runs the large size in batches (pipelined, and one after the other with GPURT_BATCH=0), which must still combine across batches.  */
#include "check.h"
#include <float.h>
#include <inttypes.h>

CHECK_CHILDREN_USE_DEVICE

static const long sizes[] = { 0, 1, 255, 257, 10007, CHECK_LARGE };
#define NSZ ((int) (sizeof sizes / sizeof sizes[0]))
#define REPEAT 8
#define NMAX (CHECK_LARGE + REPEAT)

struct res
{
  float fs, fmn;
  double ds, dmx;
  long cnt, lsum, prod;
};

/* One iteration of both the marked loop and its serial twin.  */
#define STEP(i)								\
  do									\
    {									\
      fs += f[i];							\
      ds += d[i];							\
      if (f[i] < fmn)							\
	fmn = f[i];							\
      if (d[i] > dmx)							\
	dmx = d[i];							\
      cnt += k[i] > 0;							\
      lsum += k[i];							\
      prod *= p[i];							\
    }									\
  while (0)

static void
red (long n, const float *f, const double *d, const long *k, const long *p,
     struct res *o)
{
  float fs GPU_REDUCE = 0.5f;
  double ds GPU_REDUCE = -1.0;
  float fmn GPU_REDUCE = FLT_MAX;
  double dmx GPU_REDUCE = -DBL_MAX;
  long cnt GPU_REDUCE = 3;
  long lsum GPU_REDUCE = -7;
  long prod GPU_REDUCE = 1;
  for (long i GPU_PARALLEL = 0; i < n; i++)
    STEP (i);
  *o = (struct res) { fs, fmn, ds, dmx, cnt, lsum, prod };
}

/* The serial loop's results for N elements of F, D, K and P, and in
   *FMAG and *DMAG the sums of the magnitudes (the bound of the sums'
   rounding errors).  */
static struct res
serial (long n, const float *f, const double *d, const long *k,
	const long *p, double *fmag, double *dmag)
{
  float fmn = FLT_MAX;
  double fs = 0.5, ds = -1.0, dmx = -DBL_MAX;
  long cnt = 3, lsum = -7, prod = 1;
  *fmag = 0.5;
  *dmag = 1.0;
  for (long i = 0; i < n; i++)
    {
      STEP (i);
      *fmag += fabsf (f[i]);
      *dmag += fabs (d[i]);
    }
  return (struct res) { (float) fs, fmn, ds, dmx, cnt, lsum, prod };
}

static float *f;
static double *d;
static long *k, *p;

/* The inputs, from the seed (the same in the children).  P is 1 or -1,
   with a 2 every 50000 elements: the product does not overflow.  */
static void
fill (void)
{
  f = check_alloc (NMAX * sizeof *f);
  d = check_alloc (NMAX * sizeof *d);
  k = check_alloc (NMAX * sizeof *k);
  p = check_alloc (NMAX * sizeof *p);
  check_fill_float (f, NMAX, -10.0f, 10.0f);
  check_fill_double (d, NMAX, -1e3, 1e3);
  for (long i = 0; i < NMAX; i++)
    {
      k[i] = check_range (-100000, 100000);
      p[i] = i % 50000 == 7 ? 2 : check_range (0, 1) ? 1 : -1;
    }
}

/* Check O, the region's results for N elements from offset R, against
   the serial loop (whose float sum adds in double).  */
static void
check_serial (long n, int r, const struct res *o)
{
  double fmag, dmag;
  struct res w = serial (n, f + r, d + r, k + r, p + r, &fmag, &dmag);
  CHECK (o->cnt == w.cnt && o->lsum == w.lsum && o->prod == w.prod,
	 "n=%ld launch %d: count, sum, product %ld %ld %ld, expected %ld %ld"
	 " %ld", n, r, o->cnt, o->lsum, o->prod, w.cnt, w.lsum, w.prod);
  CHECK (o->fmn == w.fmn && o->dmx == w.dmx, "n=%ld launch %d: min %a max"
	 " %a, expected %a %a", n, r, o->fmn, o->dmx, w.fmn, w.dmx);
  CHECK (fabs (o->fs - w.fs) <= 2.0 * (n + 2) * FLT_EPSILON * fmag,
	 "n=%ld launch %d: float sum %a, expected %a", n, r, o->fs, w.fs);
  CHECK (fabs (o->ds - w.ds) <= 2.0 * (n + 2) * DBL_EPSILON * dmag,
	 "n=%ld launch %d: double sum %a, expected %a", n, r, o->ds, w.ds);
}

/* Run every size REPEAT times, check each result against the serial
   loop and print its bits into OUT (SIZE bytes).  */
static void
run_all (char *out, size_t size)
{
  size_t used = 0;
  out[0] = '\0';
  for (int t = 0; t < NSZ; t++)
    for (int r = 0; r < REPEAT; r++)
      {
	long n = sizes[t];
	struct res o;
	red (n, f + r, d + r, k + r, p + r, &o);
	CHECK_RAN_ON_DEVICE (n);
	check_serial (n, r, &o);
	used += snprintf (out + used, size - used, "%ld/%d %a %a %a %a %ld %ld"
			  " %ld\n", n, r, o.fs, o.ds, o.fmn, o.dmx, o.cnt,
			  o.lsum, o.prod);
	CHECK (used < size, "output buffer too small");
      }
}

/* A child: run the large size only (batches), or everything, and print
   the bits of the results to stderr.  */
static void
child (const char *what)
{
  static char out[1 << 14];
  fill ();
  if (strcmp (what, "--batch") == 0)
    for (int r = 0; r < 3; r++)
      {
	struct res o;
	red (CHECK_LARGE, f + r, d + r, k + r, p + r, &o);
	check_serial (CHECK_LARGE, r, &o);
      }
  else
    {
      run_all (out, sizeof out);
      fputs (out, stderr);
    }
  exit (0);
}

int
main (int argc, char **argv)
{
  static char seed[64], mine[1 << 14], last[1 << 14], host[1 << 14];
  static char host0[1 << 14];
  static char json[1 << 14], prof[96], prof_path[64];
  static const char *groups[] = { "GPURT_REDUCE_GROUPS", "GPURT_REDUCE_GROUPS=300",
				  "GPURT_REDUCE_GROUPS=1000" };
  const char *dev = getenv ("GPURT_DEVICE");
  int on_device = !(dev && strcmp (dev, "host") == 0);
  check_init ();
  if (argc > 1)
    child (argv[1]);
  snprintf (seed, sizeof seed, "GPUOFFLOAD_TEST_SEED=%llu", check_seed);

  for (int g = 0; g < 3; g++)
    {
      const char *env_last[] = { seed, groups[g], "GPURT_REDUCE_FINAL", NULL };
      const char *env_host[] = { seed, groups[g], "GPURT_REDUCE_FINAL=host",
				 NULL };
      int s1 = check_child_stderr (argv[0], "--all", env_last, last,
				   sizeof last);
      int s2 = check_child_stderr (argv[0], "--all", env_host, host,
				   sizeof host);
      CHECK (WIFEXITED (s1) && WEXITSTATUS (s1) == 0, "child (%s) failed"
	     " (%#x): %s", groups[g], s1, last);
      CHECK (WIFEXITED (s2) && WEXITSTATUS (s2) == 0, "child (%s, host"
	     " combine) failed (%#x): %s", groups[g], s2, host);
      /* On the host path (GPURT_DEVICE=host) the host's threads combine:
	 no bits to compare.  */
      CHECK (!on_device || strcmp (last, host) == 0, "%s: the last work-group"
	     " and the host combine differ:\n%s---\n%s", groups[g], last, host);
      CHECK (strchr (last, '\n') != NULL, "child printed nothing");
      if (g == 0)
	memcpy (host0, host, sizeof host0);
      /* The NAME_fin kernel (a tree: other bits) still agrees with the
	 serial loop, which the child checks.  */
      const char *env_fin[] = { seed, groups[g], "GPURT_REDUCE_FINAL=kernel",
				NULL };
      int s3 = check_child_stderr (argv[0], "--all", env_fin, mine,
				   sizeof mine);
      CHECK (WIFEXITED (s3) && WEXITSTATUS (s3) == 0, "child (%s, NAME_fin"
	     " combine) failed (%#x): %s", groups[g], s3, mine);
    }

  /* Batches: pipelined and one after the other.  */
  snprintf (prof_path, sizeof prof_path, "/tmp/reduce-last-%ld.json",
	    (long) getpid ());
  snprintf (prof, sizeof prof, "GPURT_PROFILE=json:%s", prof_path);
  for (int b = 0; b < 2; b++)
    {
      const char *env_batch[] = { seed, prof, "GPURT_DEVICE_MEM_LIMIT=1048576",
				  b ? "GPURT_BATCH=0" : "GPURT_BATCH=1", NULL };
      int s = check_child_stderr (argv[0], "--batch", env_batch, mine,
				  sizeof mine);
      CHECK (WIFEXITED (s) && WEXITSTATUS (s) == 0, "batch child %d failed"
	     " (%#x): %s", b, s, mine);
      check_slurp (prof_path, json, sizeof json);
      unlink (prof_path);
      CHECK (!on_device || check_json_sum (json, "\"batches\": ") >= 3 * 2,
	     "batch child %d ran no batches: %s", b, json);
    }

  /* This process: the default combine, the bits of the host's.  */
  fill ();
  run_all (mine, sizeof mine);
  CHECK (!on_device || strcmp (mine, host0) == 0, "this process and the"
	 " host combine differ:\n%s---\n%s", mine, host0);
  printf ("reduce-last: ok (seed %llu)\n", check_seed);
  return 0;
}
