/* bench.h -- the harness every benchmark program includes.

   A program (bench/progs/NAME.c) is plain C with gpuoffload markers.  It
   defines, before including nothing else but this header's prototypes:
     prog_setup (n)   allocate and fill inputs (random, fixed seed), poison outputs
     prog_run ()      the computation a user would write (the timed part)
     prog_check (msg) compare the outputs with a serial C reference (all
                      entries, or a sample at sizes where serial is too slow);
                      returns 1 when they agree, else 0 with a reason in MSG
     prog_bytes (n), prog_flops (n)   the minimum traffic and arithmetic
   and this file's main() times it as SPEC section 8 asks: the first call in a
   fresh process (it includes the OpenCL program build), then warm-up runs,
   then repeated runs (median of end-to-end wall time, and of kernel time
   where the variant can report it), then the check.  It prints one CSV line:
     RESULT,prog,variant,n,first_ms,e2e_ms,kernel_ms,reps,check,bytes,flops
   The same source becomes every variant: serial (no flags), OpenMP
   (-fopenmp: the OMP_* macros below become `parallel for'), GCC's nvptx
   offload (-DBENCH_NVPTX -fopenmp -foffload=nvptx-none: they become
   `target teams distribute parallel for simd' with map clauses; with
   -DBENCH_TARGET_DATA too, OMP_DATA adds `target data' around time-step
   loops), gpuoffload
   (-fplugin=gpuoffload: the markers become kernels) and hand-written OpenCL
   (bench/ocl/NAME.c defines BENCH_EXTERNAL_RUN and its own prog_run).  */

#ifndef BENCH_H
#define BENCH_H

#define _POSIX_C_SOURCE 200809L
#include <gpuoffload.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- OpenMP spellings, one macro per loop shape ---------------------- */
#define BENCH_PRAGMA(x) _Pragma (#x)
#if defined BENCH_NVPTX
# define OMP_FOR(maps) \
  BENCH_PRAGMA (omp target teams distribute parallel for simd maps)
# define OMP_FOR2(maps) \
  BENCH_PRAGMA (omp target teams distribute parallel for simd collapse (2) maps)
# define OMP_RED(clause, maps) \
  BENCH_PRAGMA (omp target teams distribute parallel for simd clause maps)
# define OMP_DECLARE_TARGET BENCH_PRAGMA (omp declare target)
# define OMP_END_DECLARE_TARGET BENCH_PRAGMA (omp end declare target)
/* Two levels (as OpenACC's gang and vector): the outer loop over teams,
   each inner loop shared by the team's threads.  */
# define OMP_OUTER(maps) BENCH_PRAGMA (omp target teams distribute maps)
# define OMP_INNER(clause) BENCH_PRAGMA (omp parallel for simd clause)
#elif defined _OPENMP
# define OMP_FOR(maps) BENCH_PRAGMA (omp parallel for)
# define OMP_FOR2(maps) BENCH_PRAGMA (omp parallel for collapse (2))
# define OMP_RED(clause, maps) BENCH_PRAGMA (omp parallel for clause)
# define OMP_DECLARE_TARGET
# define OMP_END_DECLARE_TARGET
/* On the host's cores the outer loop alone is shared out.  */
# define OMP_OUTER(maps) BENCH_PRAGMA (omp parallel for)
# define OMP_INNER(clause)
#else
# define OMP_FOR(maps)
# define OMP_FOR2(maps)
# define OMP_RED(clause, maps)
# define OMP_DECLARE_TARGET
# define OMP_END_DECLARE_TARGET
# define OMP_OUTER(maps)
# define OMP_INNER(clause)
#endif

/* OMP_DATA (maps) before a time-step loop: with -DBENCH_NVPTX
   -DBENCH_TARGET_DATA, `target data' with those maps around it, as an
   OpenMP programmer keeps arrays on the GPU by hand (the loops' own map
   clauses then find them present and copy nothing); nothing otherwise,
   so that the plain nvptx variant copies around every loop.
   OMP_ON_DEVICE before a statement between the loops (a pivot's
   division): inside such a `target data', `omp target' runs it on the
   device, where the data is; otherwise it runs on the host.  */
#if defined BENCH_NVPTX && defined BENCH_TARGET_DATA
# define OMP_DATA(maps) BENCH_PRAGMA (omp target data maps)
# define OMP_ON_DEVICE BENCH_PRAGMA (omp target)
#else
# define OMP_DATA(maps)
# define OMP_ON_DEVICE
#endif

/* A row reduction written naturally (`for j: t += A[i][j] * x[j]') is a
   serial loop inside the marked loop over the rows: one work-item per row.
   Built with -DBENCH_ROW_GROUPS, the PolyBench programs (bicg, atax, ...)
   mark it too, ROW_PARALLEL on its index and ROW_REDUCE on its
   accumulator: two levels, a work-group per row (bench/polybench.sh runs
   both forms).  */
#ifdef BENCH_ROW_GROUPS
# define ROW_PARALLEL GPU_PARALLEL
# define ROW_REDUCE GPU_REDUCE
#else
# define ROW_PARALLEL
# define ROW_REDUCE
#endif

/* ---- what each program defines ------------------------------------- */
static const char *prog_name;
static void prog_setup (long n);
static void prog_run (void);
static int prog_check (char *msg, size_t len);
static double prog_bytes (long n);
static double prog_flops (long n);

/* Kernel time so far in ns, or -1 when the variant cannot tell
   (gpurt-peek.c for gpuoffload, oclh.c for hand-written OpenCL).  */
#if defined BENCH_KERNEL_TIMER
long long bench_kernel_ns (void);
#else
static long long bench_kernel_ns (void) { return -1; }
#endif

/* ---- helpers for programs ------------------------------------------ */
/* The size from the command line: N, or NxM for a program with two
   dimensions (PolyBench's bicg and atax: a matrix of N rows of M); M is N
   when not given.  */
static long bench_n, bench_m;

/* A fast deterministic pseudo-random stream (splitmix64).  */
static uint64_t bench_rng_state = 0x9e3779b97f4a7c15ull;
static inline uint64_t
bench_rand64 (void)
{
  uint64_t z = (bench_rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
/* Uniform in [0, 1).  */
static inline float
bench_randf (void)
{
  return (float) (bench_rand64 () >> 40) * (1.0f / 16777216.0f);
}

static void *
bench_alloc (size_t bytes)
{
  void *p = NULL;
  if (posix_memalign (&p, 4096, bytes ? bytes : 1) != 0)
    {
      fprintf (stderr, "out of memory (%zu bytes)\n", bytes);
      exit (2);
    }
  return p;
}

/* Fill COUNT floats at P with NaN so that unwritten outputs fail the check.  */
static void
bench_poison (float *p, size_t count)
{
  for (size_t i = 0; i < count; i++)
    p[i] = NAN;
}

static void
bench_poisond (double *p, size_t count)
{
  for (size_t i = 0; i < count; i++)
    p[i] = NAN;
}

/* Entries to check: all when COUNT <= LIMIT, else a sample of LIMIT
   (the first and last entries included).  Returns the K-th index.  */
static size_t
bench_sample (size_t k, size_t count, size_t limit)
{
  if (count <= limit)
    return k;
  if (k == 0)
    return 0;
  if (k == limit - 1)
    return count - 1;
  return (size_t) ((k * 2654435761ull) % count);
}
static size_t bench_samples (size_t count, size_t limit)
{
  return count < limit ? count : limit;
}
static int bench_sampled;	/* set by a check that sampled */

/* |got - want| within RTOL relative (plus ATOL absolute); NaN never.  */
static int
bench_close (double got, double want, double rtol, double atol)
{
  if (got != got || want != want)
    return 0;
  return fabs (got - want) <= rtol * fabs (want) + atol;
}

/* GOT against WANT, a sum (computed in double or wider) of terms whose
   magnitudes add up to MAG: the difference of two summation orders in
   double.  On a mismatch, MSG names NAME[I].  */
static int
bench_check_sum (const char *name, long i, double got, double want,
		 double mag, char *msg, size_t len)
{
  if (bench_close (got, want, 0, 1e-12 * mag + 1e-300))
    return 1;
  snprintf (msg, len, "%s[%ld] = %.17g, want %.17g", name, i, got, want);
  return 0;
}

/* The sum over k < COUNT of A[k * STRIDE] * X[k] in long double (a row
   of a matrix with STRIDE 1, a column with STRIDE its row length), the
   sum of the terms' magnitudes in *MAG.  */
static long double
bench_dot (const double *a, long stride, const double *x, long count,
	   long double *mag)
{
  long double sum = 0, abs = 0;
  for (long k = 0; k < count; k++)
    {
      long double t = (long double) a[k * stride] * x[k];
      sum += t;
      abs += fabsl (t);
    }
  *mag = abs;
  return sum;
}

/* GOT[i] against BASE[i] + SCALE * sum over k < COLS of
   A[i * RS + k * CS] * X[k], for each i < ROWS, as bench_check_sum
   compares (BASE may be null: 0).  */
static int
bench_check_matvec (const char *name, const double *got, const double *base,
		    double scale, const double *a, long rs, long cs,
		    const double *x, long rows, long cols, char *msg,
		    size_t len)
{
  for (long i = 0; i < rows; i++)
    {
      long double mag, want = scale * bench_dot (a + i * rs, cs, x, cols, &mag);
      double b = base != NULL ? base[i] : 0;
      if (!bench_check_sum (name, i, got[i], b + want,
			    fabs (b) + fabs (scale) * mag, msg, len))
	return 0;
    }
  return 1;
}

/* Fill COUNT doubles at P with random values in [-0.5, 0.5).  */
static void
bench_fill (double *p, size_t count)
{
  for (size_t i = 0; i < count; i++)
    p[i] = bench_randf () - 0.5;
}

/* For each double ** in the null-terminated list after COUNT: allocate
   COUNT doubles and fill them (bench_fill).  */
static void
bench_random_arrays (size_t count, ...)
{
  va_list ap;
  va_start (ap, count);
  for (double **p; (p = va_arg (ap, double **)) != NULL; )
    {
      *p = bench_alloc (count * sizeof **p);
      bench_fill (*p, count);
    }
  va_end (ap);
}

static double
bench_now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static int
bench_cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}
static double
bench_median (double *v, int k)
{
  qsort (v, (size_t) k, sizeof *v, bench_cmp);
  return k % 2 ? v[k / 2] : 0.5 * (v[k / 2 - 1] + v[k / 2]);
}

/* usage: PROG N[xM] [MAXREPS [BUDGET_MS]]; BENCH_VARIANT names the
   variant.  */
int
main (int argc, char **argv)
{
  enum { MAXR = 50 };
  double e2e[MAXR], ker[MAXR], first, t, budget, spent;
  int maxreps, reps, kreps, ok;
  const char *variant = getenv ("BENCH_VARIANT");
  char msg[256] = "";

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s N[xM] [MAXREPS [BUDGET_MS]]\n", argv[0]);
      return 2;
    }
  char *end;
  bench_n = bench_m = strtol (argv[1], &end, 10);
  if (*end == 'x')
    bench_m = strtol (end + 1, NULL, 10);
  maxreps = argc > 2 ? atoi (argv[2]) : 10;
  budget = argc > 3 ? atof (argv[3]) : 1000.0;
  if (maxreps < 1) maxreps = 1;
  if (maxreps > MAXR) maxreps = MAXR;
  /* Called through a volatile pointer so that the compiler cannot drop
     runs whose results a later run overwrites.  */
  void (*volatile run) (void) = prog_run;

  prog_setup (bench_n);

  t = bench_now_ms ();
  run ();
  first = bench_now_ms () - t;

  /* Warm-up: two more runs, or one when a run is long.  */
  spent = first;
  for (int w = 0; w < (first > budget / 4 ? 1 : 2); w++)
    {
      t = bench_now_ms ();
      run ();
      spent = bench_now_ms () - t;
    }
  /* Timed runs: at least 3 (1 when one run exceeds the budget), at most
     MAXREPS, within BUDGET_MS.  */
  reps = kreps = 0;
  t = 0;
  for (double total = 0; reps < maxreps
       && (reps < 3 || total + spent <= budget)
       && !(reps >= 1 && spent > budget); )
    {
      long long k0 = bench_kernel_ns ();
      double t0 = bench_now_ms ();
      run ();
      spent = bench_now_ms () - t0;
      long long k1 = bench_kernel_ns ();
      e2e[reps++] = spent;
      total += spent;
      if (k0 >= 0 && k1 > k0)
	ker[kreps++] = (k1 - k0) * 1e-6;
    }
  ok = prog_check (msg, sizeof msg);
  for (char *c = msg; *c; c++)
    if (*c == ',' || *c == '\n')
      *c = ';';
  printf ("RESULT,%s,%s,%ld", prog_name, variant != NULL ? variant : "?",
	  bench_n);
  if (bench_m != bench_n)
    printf ("x%ld", bench_m);
  printf (",%.4f,%.4f,", first, bench_median (e2e, reps));
  if (kreps == reps && kreps > 0)
    printf ("%.4f", bench_median (ker, kreps));
  printf (",%d,%s%s,%.0f,%.0f\n", reps, ok ? "ok" : "FAIL: ",
	  ok ? (bench_sampled ? "-sampled" : "") : msg,
	  prog_bytes (bench_n), prog_flops (bench_n));
  return ok ? 0 : 1;
}

#endif /* BENCH_H */
