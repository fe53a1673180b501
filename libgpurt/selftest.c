/* selftest.c -- tests of libgpurt without the compiler.

   The region records below are written by hand in the format of
   docs/ABI.md and launched through the same calls generated code makes.
   Each test compares the outcome with a plain C loop: when gpurt_launch
   returns 0 the test runs its "host loop", as generated code would, so
   the results must be right on the device and on every fallback path.

   Build and run (from the top of the tree):

     gcc -std=c11 -O2 -Wall -Wextra -Iinclude -Ilibgpurt \
	 -DGPURT_SELFTEST_INTERNALS libgpurt/gpurt*.c libgpurt/selftest.c \
	 -o gpurt-selftest -ldl -lpthread -lm
     GPURT_FALLBACK=abort ./gpurt-selftest     # everything on the device
     GPURT_DEVICE=host ./gpurt-selftest        # everything on the host

   Without -DGPURT_SELFTEST_INTERNALS it also links against the built
   library (-lgpurt), minus the white-box checks (object counts and
   injected OpenCL failures) that need libgpurt's hidden symbols.

   Fallback and abort behaviour is checked in child processes (this
   program re-executed with --child MODE and its own GPURT_FALLBACK).
   The last line is "selftest: N passed, M failed"; exit status 0 when
   M is 0.  */

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The runtime interface as generated code declares it (docs/ABI.md).  */
int gpurt_launch (const char *region, uint64_t *args, unsigned nargs,
		  uint64_t n0, uint64_t n1, uint64_t n2);
void gpurt_register (const char *region);
void gpurt_sync (void);
int gpurt_last_region_ran_on_device (void);
int gpurt_host_run (void (*fn) (void *data, uint64_t lo, uint64_t hi),
		    void *data, uint64_t n);

extern char **environ;

static atomic_int passed, failed;
static atomic_int device_runs, host_runs;
static const char *self_path;
static int device_is_host;	/* GPURT_DEVICE=host */
static int policy_abort;	/* GPURT_FALLBACK=abort */

static const uint64_t sizes[] = { 0, 1, 7, 1000, 4099 };
#define NSIZES (sizeof sizes / sizeof sizes[0])

/* Count one check: COND true passes; else print WHAT (printf format).  */

static void
check (int cond, const char *what, ...)
{
  va_list ap;

  if (cond)
    {
      atomic_fetch_add (&passed, 1);
      return;
    }
  atomic_fetch_add (&failed, 1);
  va_start (ap, what);
  fprintf (stderr, "FAIL: ");
  vfprintf (stderr, what, ap);
  fputc ('\n', stderr);
  va_end (ap);
}

/* ---------------------------------------------------------------------
   Random numbers (xorshift64*), seeded from the clock or
   GPURT_SELFTEST_SEED.  */

static _Thread_local uint64_t rng_state = 88172645463325252u;

static uint64_t
rng (void)
{
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * UINT64_C (2685821657736338717);
}

static float
rng_float (void)
{
  return (float) (rng () >> 40) / (float) (1 << 24) * 200.0f - 100.0f;
}

static int32_t
rng_int (void)
{
  return (int32_t) (rng () >> 33) - (1 << 30);
}

/* ---------------------------------------------------------------------
   Argument records (docs/ABI.md section 3).  */

/* Fill the four words A for a buffer argument at P with access FLAGS
   (1 read, 2 written) and byte range [LO, HI) relative to P.  */

static void
arg_buffer (uint64_t *a, const void *p, unsigned flags, int64_t lo,
	    int64_t hi)
{
  a[0] = 1 | (uint64_t) flags << 8;
  a[1] = (uint64_t) (uintptr_t) p;
  a[2] = (uint64_t) lo;
  a[3] = (uint64_t) hi;
}

/* Fill the four words A for a scalar argument of SIZE bytes at V.  */

static void
arg_scalar (uint64_t *a, const void *v, unsigned size)
{
  a[0] = 2;
  a[1] = 0;
  memcpy (&a[1], v, size);
  a[2] = size;
  a[3] = 0;
}

/* ---------------------------------------------------------------------
   Region records.  The headers and kernels are written by hand; the
   "source L" line is added by make_record, since counting bytes by hand
   is what a compiler is for.  */

#define RECORD_MAX 4096

static char rec_saxpy[RECORD_MAX];
static char rec_saxpy_thr[RECORD_MAX];
static char rec_2d[RECORD_MAX];
static char rec_3d[RECORD_MAX];
static char rec_overlap[RECORD_MAX];
static char rec_stepped[RECORD_MAX];
static char rec_bad[RECORD_MAX];
static char rec_scalars[RECORD_MAX];
static char rec_fp64[RECORD_MAX];
static char rec_argsize[RECORD_MAX];
static char rec_argcount[RECORD_MAX];
static char rec_version2[RECORD_MAX];
static char rec_two_rw[RECORD_MAX];

static const char saxpy_src[] =
  "#pragma OPENCL FP_CONTRACT OFF\n"
  "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
  "                  __global char *gpu_b1, long gpu_o1, float a,\n"
  "                  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
  "{\n"
  "  ulong i = get_global_id (0);\n"
  "  __global const float *x = (__global const float *) (gpu_b0 + gpu_o0);\n"
  "  __global float *y = (__global float *) (gpu_b1 + gpu_o1);\n"
  "  if (i < gpu_n0)\n"
  "    y[i] = a * x[i] + y[i];\n"
  "}\n";

/* Write into BUF the record with header HEADER and source SOURCE (a
   format in which %s stands for the kernel NAME).  */

static void
make_record (char *buf, const char *header, const char *source,
	     const char *name)
{
  char src[RECORD_MAX];
  int len = snprintf (src, sizeof src, source, name, name);

  if (len < 0 || (size_t) len >= sizeof src
      || snprintf (buf, RECORD_MAX, header, name) >= RECORD_MAX)
    abort ();
  strcat (buf, "source ");
  snprintf (buf + strlen (buf), RECORD_MAX - strlen (buf), "%d\n%s", len,
	    src);
}

/* Build every record, and register some of them, before main: generated
   code registers its regions from constructors too.  */

__attribute__ ((constructor)) static void
make_records (void)
{
  make_record (rec_saxpy,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:100\n"
	       "ndim 1\n"
	       "fp64 0\n"
	       "options -cl-fp32-correctly-rounded-divide-sqrt\n"
	       "nargs 3\n"
	       "arg 0 buffer r x\n"
	       "arg 1 buffer rw y\n"
	       "arg 2 scalar 4 a\n"
	       "opt none\n"
	       "some-future-key is ignored\n",
	       saxpy_src, "gpu_saxpy_0_a1");
  make_record (rec_saxpy_thr,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:200\n"
	       "ndim 1\n"
	       "fp64 0\n"
	       "options \n"
	       "nargs 3\n"
	       "arg 0 buffer r x\n"
	       "arg 1 buffer rw y\n"
	       "arg 2 scalar 4 a\n",
	       saxpy_src, "gpu_saxpy_1_b2");

  make_record (rec_2d,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:300\n"
	       "ndim 2\n"
	       "fp64 0\n"
	       "options -cl-mad-enable\n"
	       "nargs 3\n"
	       "arg 0 buffer r in\n"
	       "arg 1 buffer w c\n"
	       "arg 2 buffer w d\n",
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
	       "  __global char *gpu_b1, long gpu_o1,\n"
	       "  __global char *gpu_b2, long gpu_o2,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
	       "{\n"
	       "  ulong i = get_global_id (0), j = get_global_id (1);\n"
	       "  __global const int *in = (__global const int *) (gpu_b0 + gpu_o0);\n"
	       "  __global int *c = (__global int *) (gpu_b1 + gpu_o1);\n"
	       "  __global int *d = (__global int *) (gpu_b2 + gpu_o2);\n"
	       "  if (i < gpu_n0 && j < gpu_n1)\n"
	       "    {\n"
	       "      ulong k = j * gpu_n0 + i;\n"
	       "      c[k] = in[k] * 3 + (int) i - 2 * (int) j;\n"
	       "      d[k] = in[k] ^ (int) (i * 7 + j);\n"
	       "    }\n"
	       "}\n",
	       "gpu_grid_2_c3");

  make_record (rec_3d,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:400\n"
	       "ndim 3\n"
	       "fp64 0\n"
	       "options\n"
	       "nargs 1\n"
	       "arg 0 buffer w out\n",
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
	       "{\n"
	       "  ulong i = get_global_id (0), j = get_global_id (1),"
	       " k = get_global_id (2);\n"
	       "  __global int *out = (__global int *) (gpu_b0 + gpu_o0);\n"
	       "  if (i < gpu_n0 && j < gpu_n1 && k < gpu_n2)\n"
	       "    out[(k * gpu_n1 + j) * gpu_n0 + i]"
	       " = (int) (i + 10 * j + 100 * k);\n"
	       "}\n",
	       "gpu_cube_3_d4");

  make_record (rec_overlap,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:500\n"
	       "ndim 1\n"
	       "fp64 0\n"
	       "options \n"
	       "nargs 3\n"
	       "arg 0 buffer w out\n"
	       "arg 1 buffer r src\n"
	       "arg 2 buffer r back\n",
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
	       "  __global char *gpu_b1, long gpu_o1,\n"
	       "  __global char *gpu_b2, long gpu_o2,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
	       "{\n"
	       "  long i = get_global_id (0);\n"
	       "  __global int *out = (__global int *) (gpu_b0 + gpu_o0);\n"
	       "  __global const int *src = (__global const int *) (gpu_b1 + gpu_o1);\n"
	       "  __global const int *back = (__global const int *) (gpu_b2 + gpu_o2);\n"
	       "  if (i < (long) gpu_n0)\n"
	       "    out[i] = src[i] * 2 + back[-1 - i];\n"
	       "}\n",
	       "gpu_overlap_4_e5");

  make_record (rec_stepped,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:600\n"
	       "ndim 1\n"
	       "fp64 0\n"
	       "options \n"
	       "nargs 2\n"
	       "arg 0 buffer w y\n"
	       "arg 1 buffer r x\n",
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
	       "  __global char *gpu_b1, long gpu_o1,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
	       "{\n"
	       "  ulong i = get_global_id (0);\n"
	       "  __global int *y = (__global int *) (gpu_b0 + gpu_o0);\n"
	       "  __global const int *x = (__global const int *) (gpu_b1 + gpu_o1);\n"
	       "  if (i < gpu_n0)\n"
	       "    y[2 * i] = x[i] * x[i];\n"
	       "}\n",
	       "gpu_stepped_5_f6");

  make_record (rec_bad,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:700\n"
	       "ndim 1\n"
	       "fp64 0\n"
	       "options \n"
	       "nargs 1\n"
	       "arg 0 buffer rw y\n",
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
	       "{\n"
	       "  this is not OpenCL C;\n"
	       "}\n",
	       "gpu_bad_6_a7");

  make_record (rec_scalars,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:800\n"
	       "ndim 1\n"
	       "fp64 0\n"
	       "options \n"
	       "nargs 7\n"
	       "arg 0 buffer w out\n"
	       "arg 1 buffer r in\n"
	       "arg 2 buffer r extra\n"
	       "arg 3 scalar 1 c\n"
	       "arg 4 scalar 2 s\n"
	       "arg 5 scalar 8 l\n"
	       "arg 6 scalar 4 flag\n",
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
	       "  __global char *gpu_b1, long gpu_o1,\n"
	       "  __global char *gpu_b2, long gpu_o2,\n"
	       "  char c, short s, long l, int flag,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
	       "{\n"
	       "  ulong i = get_global_id (0);\n"
	       "  __global int *out = (__global int *) (gpu_b0 + gpu_o0);\n"
	       "  __global const int *in = (__global const int *) (gpu_b1 + gpu_o1);\n"
	       "  __global const int *extra = (__global const int *) (gpu_b2 + gpu_o2);\n"
	       "  if (i < gpu_n0)\n"
	       "    out[i] = in[i] + c + s + (int) (l >> 32)"
	       " + (flag ? extra[i] : 0);\n"
	       "}\n",
	       "gpu_scalars_7_b8");

  make_record (rec_fp64,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:900\n"
	       "ndim 1\n"
	       "fp64 1\n"
	       "options \n"
	       "nargs 3\n"
	       "arg 0 buffer w out\n"
	       "arg 1 buffer r x\n"
	       "arg 2 scalar 8 d\n",
	       "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
	       "#pragma OPENCL FP_CONTRACT OFF\n"
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
	       "  __global char *gpu_b1, long gpu_o1, double d,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
	       "{\n"
	       "  ulong i = get_global_id (0);\n"
	       "  __global double *out = (__global double *) (gpu_b0 + gpu_o0);\n"
	       "  __global const double *x = (__global const double *) (gpu_b1 + gpu_o1);\n"
	       "  if (i < gpu_n0)\n"
	       "    out[i] = x[i] * d + 0.5;\n"
	       "}\n",
	       "gpu_fp64_8_c9");

  /* The record says 4 bytes, the kernel takes 8: clSetKernelArg fails
     after the buffers were made.  */
  make_record (rec_argsize,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:1000\n"
	       "ndim 1\n"
	       "fp64 0\n"
	       "options \n"
	       "nargs 2\n"
	       "arg 0 buffer rw y\n"
	       "arg 1 scalar 4 s\n",
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0, long s,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
	       "{\n"
	       "  ulong i = get_global_id (0);\n"
	       "  __global int *y = (__global int *) (gpu_b0 + gpu_o0);\n"
	       "  if (i < gpu_n0)\n"
	       "    y[i] = -7;\n"
	       "}\n",
	       "gpu_argsize_9_d0");

  /* One kernel parameter more than the record: clEnqueueNDRangeKernel
     fails.  */
  make_record (rec_argcount,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:1100\n"
	       "ndim 1\n"
	       "fp64 0\n"
	       "options \n"
	       "nargs 1\n"
	       "arg 0 buffer rw y\n",
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f, int unset)\n"
	       "{\n"
	       "  ulong i = get_global_id (0);\n"
	       "  __global int *y = (__global int *) (gpu_b0 + gpu_o0);\n"
	       "  if (i < gpu_n0)\n"
	       "    y[i] = -7;\n"
	       "}\n",
	       "gpu_argcount_10_e1");

  make_record (rec_version2,
	       "gpuoffload-region 5\n"
	       "name %s\n"
	       "loc selftest.c:1200\n"
	       "ndim 1\n"
	       "nargs 1\n"
	       "arg 0 buffer rw y\n",
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
	       "{\n"
	       "  __global int *y = (__global int *) (gpu_b0 + gpu_o0);\n"
	       "  y[get_global_id (0)] = -7;\n"
	       "}\n",
	       "gpu_version2_11_f2");

  /* Two read-written buffers: a partial copy-back followed by the host
     loop would be visible (values incremented twice).  */
  make_record (rec_two_rw,
	       "gpuoffload-region 1\n"
	       "name %s\n"
	       "loc selftest.c:1300\n"
	       "ndim 1\n"
	       "fp64 0\n"
	       "options \n"
	       "nargs 2\n"
	       "arg 0 buffer rw y\n"
	       "arg 1 buffer rw z\n",
	       "__kernel void %s (__global char *gpu_b0, long gpu_o0,\n"
	       "  __global char *gpu_b1, long gpu_o1,\n"
	       "  ulong gpu_n0, ulong gpu_n1, ulong gpu_n2, ulong gpu_f)\n"
	       "{\n"
	       "  ulong i = get_global_id (0);\n"
	       "  __global int *y = (__global int *) (gpu_b0 + gpu_o0);\n"
	       "  __global int *z = (__global int *) (gpu_b1 + gpu_o1);\n"
	       "  if (i < gpu_n0)\n"
	       "    {\n"
	       "      y[i] = y[i] + 1;\n"
	       "      z[i] = z[i] * 3;\n"
	       "    }\n"
	       "}\n",
	       "gpu_two_rw_12_a3");

  gpurt_register (rec_saxpy);
  gpurt_register (rec_2d);
  gpurt_register (rec_overlap);
  gpurt_register (rec_bad);
}

/* Record the outcome RET of a launch of N iterations of region NAME.  */

static void
note_launch (const char *name, int ret, uint64_t n)
{
  int flag = gpurt_last_region_ran_on_device ();

  if (n == 0)
    {
      check (ret == 1, "%s: empty launch returned %d", name, ret);
      return;
    }
  check (ret == flag, "%s (n=%" PRIu64 "): returned %d but"
	 " gpurt_last_region_ran_on_device says %d", name, n, ret, flag);
  if (device_is_host)
    check (ret == 0, "%s: ran on a device under GPURT_DEVICE=host", name);
  atomic_fetch_add (ret ? &device_runs : &host_runs, 1);
}

/* ---------------------------------------------------------------------
   (a) 1-D saxpy: a buffer read, a buffer read-written, a float.  */

static void
run_saxpy (const char *record, uint64_t n, const char *label)
{
  float *x = malloc ((n + 1) * sizeof *x);
  float *y = malloc ((n + 1) * sizeof *y);
  float *ref = malloc ((n + 1) * sizeof *ref);
  float a = rng_float ();
  uint64_t args[12], i;
  int ret;

  for (i = 0; i < n; i++)
    {
      x[i] = rng_float ();
      y[i] = rng_float ();
      ref[i] = a * x[i] + y[i];
    }
  arg_buffer (args + 0, x, 1, 0, (int64_t) (n * sizeof *x));
  arg_buffer (args + 4, y, 3, 0, (int64_t) (n * sizeof *y));
  arg_scalar (args + 8, &a, sizeof a);
  ret = gpurt_launch (record, args, 3, n, 1, 1);
  note_launch (label, ret, n);
  if (!ret)
    for (i = 0; i < n; i++)
      y[i] = a * x[i] + y[i];
  check (memcmp (y, ref, n * sizeof *y) == 0, "%s n=%" PRIu64 ": wrong"
	 " result", label, n);
  free (x);
  free (y);
  free (ref);
}

/* saxpy three times with GPU_NARGS_KEEP, as code after gpu_hostsync
   calls it: y stays on the device (host memory keeps its old values, when
   the launches ran on the device) until gpurt_sync; the third launch
   reads a larger range of y (part host, part device); under
   GPURT_DEVICE=host or after a fallback every launch runs on the host.  */

static void
run_keep (uint64_t n)
{
  float *x = malloc ((n + 2) * sizeof *x);
  float *y = malloc ((n + 2) * sizeof *y);
  float *y0 = malloc ((n + 2) * sizeof *y0);
  float *ref = malloc ((n + 2) * sizeof *ref);
  float a = rng_float ();
  uint64_t args[12], i, m = n > 0 ? n - 1 : 0;
  int ret[3], r;

  for (i = 0; i < n + 2; i++)
    {
      x[i] = rng_float ();
      y0[i] = y[i] = ref[i] = rng_float ();
    }
  for (r = 0; r < 3; r++)
    {
      /* Launches 1 and 2 cover [0, M), launch 3 [0, N).  */
      uint64_t len = r < 2 ? m : n;

      for (i = 0; i < len; i++)
	ref[i] = a * x[i] + ref[i];
      arg_buffer (args + 0, x, 1, 0, (int64_t) (len * sizeof *x));
      arg_buffer (args + 4, y, 3, 0, (int64_t) (len * sizeof *y));
      arg_scalar (args + 8, &a, sizeof a);
      ret[r] = gpurt_launch (rec_saxpy, args, 3 | 0x40000000u, len, 1, 1);
      note_launch ("saxpy-keep", ret[r], len);
      if (!ret[r])
	for (i = 0; i < len; i++)
	  y[i] = a * x[i] + y[i];
      if (r == 0 && ret[0] && len > 0)
	check (memcmp (y, y0, len * sizeof *y) == 0, "saxpy-keep n=%" PRIu64
	       ": y reached host memory before gpurt_sync", n);
    }
  gpurt_sync ();
  check (memcmp (y, ref, (n + 2) * sizeof *y) == 0, "saxpy-keep n=%" PRIu64
	 ": wrong result after gpurt_sync", n);
  free (x);
  free (y);
  free (y0);
  free (ref);
}

/* Two KEEP launches in a chain: y = a * x + y, then z = a * y + z, which
   reads the y the first one kept on the device and writes z; then
   gpurt_sync.  Whatever fails in the second (injected failures), y's
   results reach host memory before its host loop runs.  */

static void
run_keep_chain (uint64_t n)
{
  float *x = malloc ((n + 1) * sizeof *x), *y = malloc ((n + 1) * sizeof *y);
  float *z = malloc ((n + 1) * sizeof *z), *ry = malloc ((n + 1) * sizeof *ry);
  float *rz = malloc ((n + 1) * sizeof *rz);
  float a = rng_float ();
  uint64_t args[12], i;
  int ret;

  for (i = 0; i < n; i++)
    {
      x[i] = rng_float ();
      y[i] = rng_float ();
      z[i] = rng_float ();
      ry[i] = a * x[i] + y[i];
      rz[i] = a * ry[i] + z[i];
    }
  arg_buffer (args + 0, x, 1, 0, (int64_t) (n * sizeof *x));
  arg_buffer (args + 4, y, 3, 0, (int64_t) (n * sizeof *y));
  arg_scalar (args + 8, &a, sizeof a);
  ret = gpurt_launch (rec_saxpy, args, 3 | 0x40000000u, n, 1, 1);
  note_launch ("keep-chain", ret, n);
  if (!ret)
    for (i = 0; i < n; i++)
      y[i] = a * x[i] + y[i];
  arg_buffer (args + 0, y, 1, 0, (int64_t) (n * sizeof *y));
  arg_buffer (args + 4, z, 3, 0, (int64_t) (n * sizeof *z));
  ret = gpurt_launch (rec_saxpy, args, 3 | 0x40000000u, n, 1, 1);
  note_launch ("keep-chain", ret, n);
  if (!ret)
    for (i = 0; i < n; i++)
      z[i] = a * y[i] + z[i];
  gpurt_sync ();
  check (memcmp (y, ry, n * sizeof *y) == 0 && memcmp (z, rz, n * sizeof *z)
	 == 0, "keep-chain n=%" PRIu64 ": wrong result", n);
  free (x);
  free (y);
  free (z);
  free (ry);
  free (rz);
}

/* ---------------------------------------------------------------------
   (b) 2-D with two written buffers (read back through staging), and a
   3-D grid.  */

static void
run_2d (uint64_t n0, uint64_t n1)
{
  uint64_t total = n0 * n1, i, j, args[12];
  int32_t *in = malloc ((total + 1) * sizeof *in);
  int32_t *c = malloc ((total + 1) * sizeof *c);
  int32_t *d = malloc ((total + 1) * sizeof *d);
  int32_t *cref = malloc ((total + 1) * sizeof *cref);
  int32_t *dref = malloc ((total + 1) * sizeof *dref);
  int ret;

  for (i = 0; i < total; i++)
    in[i] = rng_int () % 100000;
  for (j = 0; j < n1; j++)
    for (i = 0; i < n0; i++)
      {
	uint64_t k = j * n0 + i;

	cref[k] = in[k] * 3 + (int32_t) i - 2 * (int32_t) j;
	dref[k] = in[k] ^ (int32_t) (i * 7 + j);
      }
  arg_buffer (args + 0, in, 1, 0, (int64_t) (total * 4));
  arg_buffer (args + 4, c, 2, 0, (int64_t) (total * 4));
  arg_buffer (args + 8, d, 2, 0, (int64_t) (total * 4));
  ret = gpurt_launch (rec_2d, args, 3, n0, n1, 1);
  note_launch ("2d", ret, total);
  if (!ret)
    for (j = 0; j < n1; j++)
      for (i = 0; i < n0; i++)
	{
	  uint64_t k = j * n0 + i;

	  c[k] = in[k] * 3 + (int32_t) i - 2 * (int32_t) j;
	  d[k] = in[k] ^ (int32_t) (i * 7 + j);
	}
  check (memcmp (c, cref, total * 4) == 0 && memcmp (d, dref, total * 4) == 0,
	 "2d %" PRIu64 "x%" PRIu64 ": wrong result", n0, n1);
  free (in);
  free (c);
  free (d);
  free (cref);
  free (dref);
}

static void
run_3d (uint64_t n0, uint64_t n1, uint64_t n2)
{
  uint64_t total = n0 * n1 * n2, i, j, k, args[4];
  int32_t *out = malloc ((total + 1) * sizeof *out);
  int ok = 1, ret;

  arg_buffer (args, out, 2, 0, (int64_t) (total * 4));
  ret = gpurt_launch (rec_3d, args, 1, n0, n1, n2);
  note_launch ("3d", ret, total);
  for (k = 0; k < n2; k++)
    for (j = 0; j < n1; j++)
      for (i = 0; i < n0; i++)
	{
	  int32_t v = (int32_t) (i + 10 * j + 100 * k);

	  if (!ret)
	    out[(k * n1 + j) * n0 + i] = v;
	  ok &= out[(k * n1 + j) * n0 + i] == v;
	}
  check (ok, "3d %" PRIu64 "x%" PRIu64 "x%" PRIu64 ": wrong result", n0, n1,
	 n2);
  free (out);
}

/* ---------------------------------------------------------------------
   (c) Three pointers into one allocation A of 2N + 4 ints: out = A + N
   written over [0, N), src = A read over [0, N), back = A + N read over
   [-N, 0): all three ranges overlap or touch and share one buffer.  */

static void
run_overlap (uint64_t n)
{
  int32_t *a = malloc ((2 * n + 4) * sizeof *a);
  int32_t *ref = malloc ((2 * n + 4) * sizeof *ref);
  uint64_t args[12], i;
  int ret;

  for (i = 0; i < 2 * n + 4; i++)
    a[i] = rng_int () % 1000;
  memcpy (ref, a, (2 * n + 4) * sizeof *a);
  for (i = 0; i < n; i++)
    ref[n + i] = ref[i] * 2 + ref[n - 1 - i];
  arg_buffer (args + 0, a + n, 2, 0, (int64_t) (n * 4));
  arg_buffer (args + 4, a, 1, 0, (int64_t) (n * 4));
  arg_buffer (args + 8, a + n, 1, -(int64_t) (n * 4), 0);
  ret = gpurt_launch (rec_overlap, args, 3, n, 1, 1);
  note_launch ("overlap", ret, n);
  if (!ret)
    for (i = 0; i < n; i++)
      a[n + i] = a[i] * 2 + a[n - 1 - i];
  check (memcmp (a, ref, (2 * n + 4) * sizeof *a) == 0,
	 "overlap n=%" PRIu64 ": wrong result", n);
  free (a);
  free (ref);
}

/* ---------------------------------------------------------------------
   (d) y[2i] = x[i]^2: the odd elements of y, inside the written range,
   and the elements after it must keep their host values.  */

static void
run_stepped (uint64_t n)
{
  int32_t *x = malloc ((n + 1) * sizeof *x);
  int32_t *y = malloc ((2 * n + 2) * sizeof *y);
  int32_t *ref = malloc ((2 * n + 2) * sizeof *ref);
  uint64_t args[8], i;
  int ret;

  for (i = 0; i < n; i++)
    x[i] = rng_int () % 30000;
  for (i = 0; i < 2 * n + 2; i++)
    y[i] = rng_int ();
  memcpy (ref, y, (2 * n + 2) * sizeof *y);
  for (i = 0; i < n; i++)
    ref[2 * i] = x[i] * x[i];
  arg_buffer (args + 0, y, 2, 0, n == 0 ? 0 : (int64_t) ((2 * n - 1) * 4));
  arg_buffer (args + 4, x, 1, 0, (int64_t) (n * 4));
  ret = gpurt_launch (rec_stepped, args, 2, n, 1, 1);
  note_launch ("stepped", ret, n);
  if (!ret)
    for (i = 0; i < n; i++)
      y[2 * i] = x[i] * x[i];
  check (memcmp (y, ref, (2 * n + 2) * sizeof *y) == 0,
	 "stepped n=%" PRIu64 ": wrong result", n);
  free (x);
  free (y);
  free (ref);
}

/* ---------------------------------------------------------------------
   (e) A kernel that does not compile: the region runs on the host.
   Returns the number of launches that ran on the device (must be 0).  */

static int
run_bad (uint64_t n)
{
  int32_t *y = malloc ((n + 1) * sizeof *y);
  int32_t *ref = malloc ((n + 1) * sizeof *ref);
  uint64_t args[4], i;
  int ret;

  for (i = 0; i < n; i++)
    y[i] = ref[i] = rng_int ();
  arg_buffer (args, y, 3, 0, (int64_t) (n * 4));
  ret = gpurt_launch (rec_bad, args, 1, n, 1, 1);
  note_launch ("bad", ret, n);
  check (n == 0 || ret == 0, "bad n=%" PRIu64 ": a broken kernel ran", n);
  check (memcmp (y, ref, n * 4) == 0, "bad: host data changed");
  if (!ret)
    for (i = 0; i < n; i++)
      y[i] += 1;
  for (i = 0; i < n; i++)
    ref[i] += 1;
  check (memcmp (y, ref, n * 4) == 0, "bad n=%" PRIu64 ": wrong result", n);
  free (y);
  free (ref);
  return n != 0 && ret;
}

/* ---------------------------------------------------------------------
   Scalars of 1, 2, 8 and 4 bytes, and an empty range (dummy buffer).  */

static void
run_scalars (uint64_t n, int flag)
{
  int32_t *out = malloc ((n + 1) * sizeof *out);
  int32_t *in = malloc ((n + 1) * sizeof *in);
  int32_t *extra = malloc ((n + 1) * sizeof *extra);
  int32_t *ref = malloc ((n + 1) * sizeof *ref);
  signed char c = -3;
  short s = -1234;
  int64_t l = INT64_C (0x12345678) << 32 | 0xdeadbeef;
  uint64_t args[28], i;
  int ret;

  for (i = 0; i < n; i++)
    {
      in[i] = rng_int () % 100000;
      extra[i] = rng_int () % 100000;
      out[i] = 0;
      ref[i] = in[i] + c + s + (int32_t) (l >> 32) + (flag ? extra[i] : 0);
    }
  arg_buffer (args + 0, out, 2, 0, (int64_t) (n * 4));
  arg_buffer (args + 4, in, 1, 0, (int64_t) (n * 4));
  arg_buffer (args + 8, extra, 1, 0, flag ? (int64_t) (n * 4) : 0);
  arg_scalar (args + 12, &c, 1);
  /* Sign-extended like a promoted char: only the low byte counts.  */
  args[13] = (uint64_t) (int64_t) c;
  arg_scalar (args + 16, &s, 2);
  arg_scalar (args + 20, &l, 8);
  arg_scalar (args + 24, &flag, 4);
  ret = gpurt_launch (rec_scalars, args, 7, n, 1, 1);
  note_launch ("scalars", ret, n);
  if (!ret)
    for (i = 0; i < n; i++)
      out[i] = in[i] + c + s + (int32_t) (l >> 32) + (flag ? extra[i] : 0);
  check (memcmp (out, ref, n * 4) == 0, "scalars n=%" PRIu64 " flag=%d:"
	 " wrong result", n, flag);
  free (out);
  free (in);
  free (extra);
  free (ref);
}

/* A double kernel (record fp64 1).  */

static void
run_fp64 (uint64_t n)
{
  double *out = malloc ((n + 1) * sizeof *out);
  double *x = malloc ((n + 1) * sizeof *x);
  double *ref = malloc ((n + 1) * sizeof *ref);
  double d = (double) rng_float () / 3.0;
  uint64_t args[12], i;
  int ret;

  for (i = 0; i < n; i++)
    {
      x[i] = (double) rng_float () / 7.0;
      ref[i] = x[i] * d + 0.5;
    }
  arg_buffer (args + 0, out, 2, 0, (int64_t) (n * 8));
  arg_buffer (args + 4, x, 1, 0, (int64_t) (n * 8));
  arg_scalar (args + 8, &d, 8);
  ret = gpurt_launch (rec_fp64, args, 3, n, 1, 1);
  note_launch ("fp64", ret, n);
  if (!ret)
    for (i = 0; i < n; i++)
      out[i] = x[i] * d + 0.5;
  check (memcmp (out, ref, n * 8) == 0, "fp64 n=%" PRIu64 ": wrong result",
	 n);
  free (out);
  free (x);
  free (ref);
}

/* y[i] += 1, z[i] *= 3 on two separate arrays, both read-written.  */

static void
run_two_rw (uint64_t n)
{
  int32_t *y = malloc ((n + 1) * sizeof *y);
  int32_t *z = malloc ((n + 1) * sizeof *z);
  int32_t *yref = malloc ((n + 1) * sizeof *yref);
  int32_t *zref = malloc ((n + 1) * sizeof *zref);
  uint64_t args[8], i;
  int ret;

  for (i = 0; i < n; i++)
    {
      y[i] = rng_int () % 100000;
      z[i] = rng_int () % 100000;
      yref[i] = y[i] + 1;
      zref[i] = z[i] * 3;
    }
  arg_buffer (args + 0, y, 3, 0, (int64_t) (n * 4));
  arg_buffer (args + 4, z, 3, 0, (int64_t) (n * 4));
  ret = gpurt_launch (rec_two_rw, args, 2, n, 1, 1);
  note_launch ("two_rw", ret, n);
  if (!ret)
    for (i = 0; i < n; i++)
      {
	y[i] = y[i] + 1;
	z[i] = z[i] * 3;
      }
  check (memcmp (y, yref, n * 4) == 0 && memcmp (z, zref, n * 4) == 0,
	 "two_rw n=%" PRIu64 ": wrong result", n);
  free (y);
  free (z);
  free (yref);
  free (zref);
}

/* ---------------------------------------------------------------------
   Regions whose launch fails after buffers were made (child mode
   "launch-errors", under GPURT_FALLBACK=silent): the host data must be
   untouched when gpurt_launch returns 0.  */

static int
run_failing (const char *record, unsigned nargs, const char *label)
{
  const uint64_t n = 1000;
  int32_t y[1000], ref[1000];
  uint64_t args[8], i;
  int32_t s = 5;
  int ret;

  for (i = 0; i < n; i++)
    y[i] = ref[i] = (int32_t) i;
  arg_buffer (args, y, 3, 0, (int64_t) sizeof y);
  arg_scalar (args + 4, &s, 4);
  ret = gpurt_launch (record, args, nargs, n, 1, 1);
  if (ret != 0 || gpurt_last_region_ran_on_device () != 0)
    {
      fprintf (stderr, "%s: expected a fallback, got %d\n", label, ret);
      return 1;
    }
  if (memcmp (y, ref, sizeof y) != 0)
    {
      fprintf (stderr, "%s: host data changed by a failed launch\n", label);
      return 1;
    }
  return 0;
}

/* ---------------------------------------------------------------------
   Concurrent launches from 4 threads, on a region none of them has
   launched yet (so its build races too).  */

#define NTHREADS 4
static pthread_barrier_t launch_barrier;

static void *
launch_thread (void *arg)
{
  unsigned t = (unsigned) (uintptr_t) arg, iter;

  rng_state = 0x9e3779b97f4a7c15u * (t + 1) ^ rng ();
  check (gpurt_last_region_ran_on_device () == 0,
	 "thread %u: flag set before any launch", t);
  pthread_barrier_wait (&launch_barrier);
  for (iter = 0; iter < 20; iter++)
    {
      run_saxpy (rec_saxpy_thr, sizes[(t + iter) % NSIZES], "saxpy-thread");
      if (iter % 5 == t)
	run_2d (sizes[iter % NSIZES], 3);
    }
  return NULL;
}

/* ---------------------------------------------------------------------
   gpurt_host_run.  */

struct host_job
{
  uint64_t n;
  atomic_uchar *seen;		/* how often each index ran */
  atomic_uint_least64_t sum;
  int nested;			/* call gpurt_host_run from the chunk */
};

static void
nested_chunk (void *data, uint64_t lo, uint64_t hi)
{
  atomic_uint_least64_t *sum = data;

  atomic_fetch_add (sum, hi - lo);
}

static void
host_chunk (void *data, uint64_t lo, uint64_t hi)
{
  struct host_job *job = data;
  uint64_t i, sum = 0;

  if (lo > hi || hi > job->n)
    {
      check (0, "host_run chunk [%" PRIu64 ", %" PRIu64 ") outside [0, %"
	     PRIu64 ")", lo, hi, job->n);
      return;
    }
  for (i = lo; i < hi; i++)
    {
      atomic_fetch_add (&job->seen[i], 1);
      sum += i;
    }
  atomic_fetch_add (&job->sum, sum);
  if (job->nested)
    {
      atomic_uint_least64_t inner = 0;

      check (gpurt_host_run (nested_chunk, &inner, 10) == 1
	     && atomic_load (&inner) == 10, "nested gpurt_host_run");
    }
}

/* Run one host job over N indices; NESTED as in struct host_job.  */

static void
run_host_job (uint64_t n, int nested)
{
  struct host_job job;
  uint64_t i;
  int chunks, ok = 1;

  job.n = n;
  job.seen = calloc (n + 1, sizeof *job.seen);
  atomic_init (&job.sum, 0);
  job.nested = nested;
  chunks = gpurt_host_run (host_chunk, &job, n);
  for (i = 0; i < n; i++)
    ok &= atomic_load (&job.seen[i]) == 1;
  check (ok && atomic_load (&job.sum) == (n == 0 ? 0 : n * (n - 1) / 2),
	 "gpurt_host_run n=%" PRIu64 ": indices not covered exactly once", n);
  check (n == 0 ? chunks == 0 : chunks >= 1 && (uint64_t) chunks <= n,
	 "gpurt_host_run n=%" PRIu64 " returned %d", n, chunks);
  free (job.seen);
}

static void *
host_thread (void *arg)
{
  unsigned t = (unsigned) (uintptr_t) arg, iter;

  for (iter = 0; iter < 50; iter++)
    run_host_job (sizes[(t + iter) % NSIZES] + iter, iter % 7 == 0);
  return NULL;
}

/* ---------------------------------------------------------------------
   White-box checks, only when this file is compiled together with the
   libgpurt sources and -DGPURT_SELFTEST_INTERNALS (the OpenCL function
   table is hidden in the shared library).  Every OpenCL object a launch
   makes is counted, and failures are injected into chosen OpenCL calls
   to check that each error path releases everything, leaves host memory
   as it was and lets the host loop produce the right result.  */

#ifdef GPURT_SELFTEST_INTERNALS
#include "gpurt-internal.h"

static struct gpurt_cl_funcs real_cl;
static atomic_int live_mems, live_events;
static const char *inject_name;	/* the call to fail, or NULL */
static int inject_countdown;	/* fail its Nth call from now */
static int inject_times = 1;	/* and so many in a row (a retried wait
				   fails only when it fails twice) */

/* Should this call of the OpenCL function NAME fail?  */

static int
inject (const char *name)
{
  if (inject_name == NULL || strcmp (name, inject_name) != 0)
    return 0;
  /* The Nth call fails, and the INJECT_TIMES - 1 after it.  */
  if (--inject_countdown <= 0 && inject_countdown > -inject_times)
    return 1;
  return 0;
}

static cl_mem
wrap_clCreateBuffer (cl_context context, cl_mem_flags flags, size_t size,
		     void *host, cl_int *err)
{
  cl_mem mem;

  if (inject ("clCreateBuffer"))
    {
      *err = CL_MEM_OBJECT_ALLOCATION_FAILURE;
      return NULL;
    }
  mem = real_cl.clCreateBuffer (context, flags, size, host, err);
  if (mem != NULL)
    atomic_fetch_add (&live_mems, 1);
  return mem;
}

/* The pool's small buffers (gpurt-cl.c) are released as any other.
   While a clCreateBuffer failure is armed the pool gives none (a failed
   sub-buffer quietly becomes a buffer of its own), so that the Nth
   buffer of the launches is clCreateBuffer's.  */

static cl_mem
wrap_clCreateSubBuffer (cl_mem parent, cl_mem_flags flags,
			cl_buffer_create_type type, const void *info,
			cl_int *err)
{
  cl_mem mem;

  if (inject_name != NULL && strcmp (inject_name, "clCreateBuffer") == 0)
    {
      *err = CL_OUT_OF_RESOURCES;
      return NULL;
    }
  mem = real_cl.clCreateSubBuffer (parent, flags, type, info, err);

  if (mem != NULL)
    atomic_fetch_add (&live_mems, 1);
  return mem;
}

static cl_int
wrap_clReleaseMemObject (cl_mem mem)
{
  atomic_fetch_sub (&live_mems, 1);
  return real_cl.clReleaseMemObject (mem);
}

static cl_int
wrap_clEnqueueWriteBuffer (cl_command_queue q, cl_mem mem, cl_bool blocking,
			   size_t offset, size_t size, const void *ptr,
			   cl_uint nwait, const cl_event *wait, cl_event *ev)
{
  if (inject ("clEnqueueWriteBuffer"))
    return CL_OUT_OF_RESOURCES;
  return real_cl.clEnqueueWriteBuffer (q, mem, blocking, offset, size, ptr,
				       nwait, wait, ev);
}

static cl_int
wrap_clEnqueueReadBuffer (cl_command_queue q, cl_mem mem, cl_bool blocking,
			  size_t offset, size_t size, void *ptr,
			  cl_uint nwait, const cl_event *wait, cl_event *ev)
{
  if (inject ("clEnqueueReadBuffer"))
    return CL_OUT_OF_RESOURCES;
  return real_cl.clEnqueueReadBuffer (q, mem, blocking, offset, size, ptr,
				      nwait, wait, ev);
}

static cl_int
wrap_clSetKernelArg (cl_kernel kernel, cl_uint index, size_t size,
		     const void *value)
{
  if (inject ("clSetKernelArg"))
    return CL_INVALID_ARG_VALUE;
  return real_cl.clSetKernelArg (kernel, index, size, value);
}

static cl_int
wrap_clEnqueueNDRangeKernel (cl_command_queue q, cl_kernel kernel,
			     cl_uint dims, const size_t *offset,
			     const size_t *global, const size_t *local,
			     cl_uint nwait, const cl_event *wait, cl_event *ev)
{
  cl_int err;

  if (inject ("clEnqueueNDRangeKernel"))
    return CL_OUT_OF_RESOURCES;
  err = real_cl.clEnqueueNDRangeKernel (q, kernel, dims, offset, global,
					local, nwait, wait, ev);
  if (err == CL_SUCCESS && ev != NULL)
    atomic_fetch_add (&live_events, 1);
  return err;
}

static cl_int
wrap_clReleaseEvent (cl_event ev)
{
  atomic_fetch_sub (&live_events, 1);
  return real_cl.clReleaseEvent (ev);
}

static cl_int
wrap_clFinish (cl_command_queue q)
{
  cl_int err = real_cl.clFinish (q);

  if (inject ("clFinish"))
    return CL_OUT_OF_RESOURCES;
  return err;
}

/* Route the OpenCL calls of libgpurt through the wrappers above.  Returns
   0 when no device is in use.  */

static int
install_wrappers (void)
{
  if (gpurt_device_get () == NULL)
    return 0;
  real_cl = gpurt_cl;
  gpurt_cl.clCreateBuffer = wrap_clCreateBuffer;
  gpurt_cl.clReleaseMemObject = wrap_clReleaseMemObject;
  gpurt_cl.clCreateSubBuffer = wrap_clCreateSubBuffer;
  gpurt_cl.clEnqueueWriteBuffer = wrap_clEnqueueWriteBuffer;
  gpurt_cl.clEnqueueReadBuffer = wrap_clEnqueueReadBuffer;
  gpurt_cl.clSetKernelArg = wrap_clSetKernelArg;
  gpurt_cl.clEnqueueNDRangeKernel = wrap_clEnqueueNDRangeKernel;
  gpurt_cl.clReleaseEvent = wrap_clReleaseEvent;
  gpurt_cl.clFinish = wrap_clFinish;
  return 1;
}

/* No buffer or event may outlive its launch.  */

static void
check_no_live_objects (const char *when)
{
  check (atomic_load (&live_mems) == 0 && atomic_load (&live_events) == 0,
	 "%s: %d buffers and %d events not released", when,
	 atomic_load (&live_mems), atomic_load (&live_events));
}

/* The device's map (gpurt-map.c).  Without KEEP: a range gets a mapping
   in the table while a launch uses it; a range overlapping a mapping in
   use gets a private one; the last user releases each.  With KEEP: a
   mapping stays, owned by its thread, with its dirty range; the same
   range is found again on the device; a larger one absorbs it (device
   bytes where it was, host bytes elsewhere); gpurt_map_sync copies the
   dirty range back into host memory and empties the table.  */

static void
run_map_table (void)
{
  struct gpurt_device *dev = gpurt_device_get ();
  struct gpurt_lane *lane;
  struct gpurt_region r;
  struct gpurt_mapping *a, *b, *c, *d;
  static unsigned char host[4096];
  uint64_t base = (uint64_t) (uintptr_t) host, bytes = 0;
  char why[GPURT_WHY_LEN] = "";
  int i, bad;

  if (dev == NULL || (lane = gpurt_lane_get (dev, why)) == NULL)
    return;
  memset (&r, 0, sizeof r);
  r.name = (char *) "map-table";
  check (gpurt_map_count (dev, NULL) == 0, "map: not empty before the test");
  a = gpurt_map_enter (dev, lane, &r, base, base + 1024, GPU_ARG_READ, 0,
		       why);
  b = gpurt_map_enter (dev, lane, &r, base + 2048, base + 4096,
		       GPU_ARG_WRITTEN, 0, why);
  /* Inside A, and across A's end, while A is in use.  */
  c = gpurt_map_enter (dev, lane, &r, base + 16, base + 512, GPU_ARG_READ, 0,
		       why);
  d = gpurt_map_enter (dev, lane, &r, base + 512, base + 1536, GPU_ARG_READ,
		       0, why);
  check (a != NULL && b != NULL && c != NULL && d != NULL,
	 "map: enter failed: %s", why);
  if (a == NULL || b == NULL || c == NULL || d == NULL)
    return;
  check (gpurt_map_count (dev, &bytes) == 2 && bytes == 1024 + 2048,
	 "map: %u mappings of %" PRIu64 " bytes, expected 2 of 3072",
	 gpurt_map_count (dev, NULL), bytes);
  check (!a->private_copy && !b->private_copy && c->private_copy
	 && d->private_copy && c->mem != a->mem,
	 "map: overlapping ranges in use must get private copies");
  gpurt_map_leave (dev, lane, c, 0, 0, 0);
  gpurt_map_leave (dev, lane, a, 0, 0, 0);
  check (gpurt_map_count (dev, NULL) == 1, "map: A not released");
  /* A range where A was, now free, enters the table.  */
  a = gpurt_map_enter (dev, lane, &r, base + 256, base + 1024, GPU_ARG_READ,
		       0, why);
  check (a != NULL && !a->private_copy && gpurt_map_count (dev, NULL) == 2,
	 "map: a free range must enter the table");
  gpurt_map_leave (dev, lane, a, 0, 0, 0);
  gpurt_map_leave (dev, lane, d, 0, 0, 0);
  gpurt_map_leave (dev, lane, b, 0, 0, 0);
  check (gpurt_map_count (dev, &bytes) == 0 && bytes == 0,
	 "map: %" PRIu64 " bytes left after every user left", bytes);

  /* KEEP: the device copy of [0, 512) holds pattern 1 (dirty), the host
     then gets pattern 2.  */
  for (i = 0; i < 4096; i++)
    host[i] = (unsigned char) (i * 7 + 1);
  a = gpurt_map_enter (dev, lane, &r, base, base + 512, GPU_ARG_READ
		       | GPU_ARG_WRITTEN, 1, why);
  check (a != NULL && !a->dev_valid, "map: keep: a fresh mapping: %s", why);
  if (a == NULL)
    return;
  check (gpurt_map_copy_in (a, &r, lane->queue, base, base + 512, 0, why)
	 && gpurt_cl_finish (lane->queue, why, "test"), "map: copy in: %s",
	 why);
  gpurt_map_leave (dev, lane, a, 1, base, base + 512);
  check (gpurt_map_count (dev, NULL) == 1, "map: keep: the mapping stays");
  for (i = 0; i < 4096; i++)
    host[i] = (unsigned char) (i * 13 + 5);
  /* The same range again: the kept copy, already valid.  */
  b = gpurt_map_enter (dev, lane, &r, base + 64, base + 512, GPU_ARG_READ, 1,
		       why);
  check (b == a && b->dev_valid, "map: keep: the kept copy is reused");
  if (b != NULL)
    gpurt_map_leave (dev, lane, b, 1, 0, 0);
  /* A larger range absorbs it: device bytes below 512, host bytes above;
     the sync then brings the device's into host memory.  */
  c = gpurt_map_enter (dev, lane, &r, base + 256, base + 1024, GPU_ARG_READ,
		       1, why);
  check (c != NULL && c->dev_valid && c->start == base && c->end == base + 1024
	 && gpurt_map_count (dev, NULL) == 1,
	 "map: keep: a larger range must absorb the kept copy: %s", why);
  if (c == NULL)
    return;
  gpurt_map_leave (dev, lane, c, 1, 0, 0);
  /* Only the dirty range [0, 512) comes back.  */
  for (i = 512; i < 1024; i++)
    host[i] = 0;
  gpurt_map_sync (dev, lane);
  bad = -1;
  for (i = 0; i < 1024 && bad < 0; i++)
    if (host[i] != (i < 512 ? (unsigned char) (i * 7 + 1) : 0))
      bad = i;
  check (bad < 0, "map: sync: host byte %d is %u", bad,
	 bad >= 0 ? host[bad] : 0);
  {
    unsigned left = gpurt_map_count (dev, &bytes);
    check (left == 0 && bytes == 0,
	   "map: sync must empty the table (%u mappings, %" PRIu64
	   " bytes left)", left, bytes);
  }
}

/* Child mode "inject" (GPURT_FALLBACK=silent): fail each OpenCL call of a
   launch in turn.  The run_* functions check the final results, which
   are wrong if a failed launch changed host memory before the host loop
   ran.  */

static void
run_injections (void)
{
  static const struct
  {
    const char *name;
    int nth;
  } cases[] = {
    { "clCreateBuffer", 1 }, { "clCreateBuffer", 2 },
    { "clEnqueueWriteBuffer", 1 }, { "clEnqueueWriteBuffer", 2 },
    { "clSetKernelArg", 1 }, { "clSetKernelArg", 4 },
    { "clEnqueueNDRangeKernel", 1 },
    { "clFinish", 1 }, { "clFinish", 2 },
    { "clEnqueueReadBuffer", 1 }, { "clEnqueueReadBuffer", 2 },
  };
  unsigned c;

  if (!install_wrappers ())
    return;
  for (c = 0; c < sizeof cases / sizeof cases[0]; c++)
    {
      int before = atomic_load (&host_runs);

      inject_times = strcmp (cases[c].name, "clFinish") == 0 ? 2 : 1;
      /* Two written buffers (staged read-back), then one (direct).  */
      inject_name = cases[c].name;
      inject_countdown = cases[c].nth;
      run_two_rw (1000);
      inject_name = cases[c].name;
      inject_countdown = cases[c].nth;
      run_saxpy (rec_saxpy, 1000, "saxpy");
      inject_name = cases[c].name;
      inject_countdown = cases[c].nth;
      run_overlap (1000);
      inject_name = cases[c].name;
      inject_countdown = cases[c].nth;
      run_keep_chain (1000);
      inject_name = cases[c].name;
      inject_countdown = cases[c].nth + 3;
      run_keep_chain (1000);
      inject_name = NULL;
      check (atomic_load (&host_runs) > before, "injected %s #%d: no"
	     " fallback happened", cases[c].name, cases[c].nth);
      check_no_live_objects (cases[c].name);
    }
  inject_times = 1;
  /* And everything works again afterwards.  */
  run_two_rw (1000);
  run_saxpy (rec_saxpy, 1000, "saxpy");
  check (gpurt_last_region_ran_on_device () == 1, "device unusable after"
	 " injected failures");
  check_no_live_objects ("after injections");
}

/* Child mode "features" (GPURT_FALLBACK=warn, GPURT_VERBOSE=1): pretend
   the device has no fp64 and no correctly rounded divide and sqrt.  The
   parent reads what libgpurt said about it.  */

static void
run_features (void)
{
  struct gpurt_device *dev = gpurt_device_get ();
  int before = atomic_load (&host_runs);

  if (dev == NULL)
    return;
  dev->fp64 = 0;
  dev->single_fp_config &= ~(cl_device_fp_config)
			    CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;
  run_fp64 (1000);
  check (atomic_load (&host_runs) == before + 1,
	 "an fp64 region ran on a device without fp64");
  run_saxpy (rec_saxpy, 1000, "saxpy");
  check (gpurt_last_region_ran_on_device () == 1,
	 "saxpy did not run without -cl-fp32-correctly-rounded-divide-sqrt");
}
#endif /* GPURT_SELFTEST_INTERNALS */

/* ---------------------------------------------------------------------
   Child processes.  */

/* Run this program as "SELF --child MODE" with GPURT_FALLBACK=FALLBACK,
   GPURT_VERBOSE and GPURT_PROFILE unset, plus EXTRA ("NAME=VALUE" or
   NULL) in its environment.  Its stderr goes into ERR (SIZE bytes).
   Returns the wait status.  */

static int
run_child (const char *mode, const char *fallback, const char *extra,
	   char *err, size_t size)
{
  char fallback_var[64];
  char **env;
  size_t n = 0, i, used = 0;
  int fds[2], status = 0;
  pid_t pid;
  char *argv[4];

  while (environ[n] != NULL)
    n++;
  env = calloc (n + 3, sizeof *env);
  n = 0;
  for (i = 0; environ[i] != NULL; i++)
    if (strncmp (environ[i], "GPURT_FALLBACK=", 15) != 0
	&& strncmp (environ[i], "GPURT_VERBOSE=", 14) != 0
	&& strncmp (environ[i], "GPURT_PROFILE=", 14) != 0)
      env[n++] = environ[i];
  snprintf (fallback_var, sizeof fallback_var, "GPURT_FALLBACK=%s", fallback);
  env[n++] = fallback_var;
  if (extra != NULL)
    env[n++] = (char *) extra;
  env[n] = NULL;
  argv[0] = (char *) self_path;
  argv[1] = (char *) "--child";
  argv[2] = (char *) mode;
  argv[3] = NULL;

  err[0] = '\0';
  if (pipe (fds) != 0)
    {
      free (env);
      return -1;
    }
  fflush (NULL);
  pid = fork ();
  if (pid == 0)
    {
      dup2 (fds[1], 2);
      close (fds[0]);
      close (fds[1]);
      execve (self_path, argv, env);
      _exit (127);
    }
  close (fds[1]);
  for (;;)
    {
      ssize_t got = read (fds[0], err + used, size - 1 - used);

      if (got > 0)
	used += (size_t) got;
      else if (got == 0 || errno != EINTR || used == size - 1)
	break;
      if (used == size - 1)
	{
	  char sink[256];

	  while (read (fds[0], sink, sizeof sink) > 0)
	    ;
	  break;
	}
    }
  err[used] = '\0';
  close (fds[0]);
  free (env);
  if (pid < 0 || waitpid (pid, &status, 0) != pid)
    return -1;
  return status;
}

/* Number of lines of S that libgpurt printed (they start with "gpurt:";
   the OpenCL implementation may print lines of its own, such as PoCL's
   "1 error generated.").  */

static int
count_gpurt_lines (const char *s)
{
  int n = 0;

  while (*s != '\0')
    {
      n += strncmp (s, "gpurt:", 6) == 0;
      s = strchr (s, '\n');
      if (s == NULL)
	break;
      s++;
    }
  return n;
}

/* Body of "--child MODE".  Returns the exit status.  */

static int
child_main (const char *mode)
{
  int i, errors = 0;

  if (strcmp (mode, "bad") == 0)
    {
      for (i = 0; i < 3; i++)
	errors += run_bad (1000);
      return errors != 0 || atomic_load (&failed) != 0;
    }
  if (strcmp (mode, "launch-errors") == 0)
    {
      errors += run_failing (rec_argsize, 2, "argsize");
      errors += run_failing (rec_argsize, 2, "argsize again");
      errors += run_failing (rec_argcount, 1, "argcount");
      errors += run_failing (rec_version2, 1, "version2");
      errors += run_failing (rec_saxpy, 1, "nargs mismatch");
      /* Bit 31 of NARGS: the compiler says the ranges do not hold.  */
      errors += run_failing (rec_3d, 1 | 0x80000000u, "ranges invalid");
      return errors != 0;
    }
#ifdef GPURT_SELFTEST_INTERNALS
  if (strcmp (mode, "inject") == 0)
    {
      run_injections ();
      return atomic_load (&failed) != 0;
    }
  if (strcmp (mode, "features") == 0)
    {
      run_features ();
      return atomic_load (&failed) != 0;
    }
#endif
  if (strcmp (mode, "probe") == 0)
    {
      gpurt_launch (rec_saxpy, NULL, 3, 0, 1, 1);
      return gpurt_last_region_ran_on_device () ? 0 : 3;
    }
  if (strcmp (mode, "profile") == 0)
    {
      for (i = 0; i < 3; i++)
	run_saxpy (rec_saxpy, 100, "saxpy");
      run_saxpy (rec_saxpy, 0, "saxpy");
      return atomic_load (&failed) != 0;
    }
  fprintf (stderr, "unknown child mode %s\n", mode);
  return 2;
}

/* Nonsense in each GPURT_* variable: the child runs as usual, on the
   device, with one line naming the variable.  */

static void
test_bad_environment (void)
{
  static const char *const bad[] = {
    "GPURT_VERBOSE=lots", "GPURT_VERBOSE=-1", "GPURT_PROFILE=yes",
    "GPURT_HOST_THREADS=-3", "GPURT_HOST_THREADS=0", "GPURT_VERIFY=yes",
    "GPURT_VERIFY_RTOL=abc", "GPURT_VERIFY_RTOL=-1", "GPURT_VERIFY_INJECT=x",
    "GPURT_REDUCE_GROUPS=0", "GPURT_REDUCE_GROUPS=12x",
    "GPURT_REDUCE_FINAL=gpu", "GPURT_HEAP_BYTES=12Q",
    "GPURT_BATCH_BYTES=-1", "GPURT_DEVICE_MEM_LIMIT=0",
    "GPURT_DEVICE_MEM_LIMIT=99999999999G", "GPURT_DEVCE=gpu",
    "GPURT_ASYNC=yes", "GPURT_INIT=soon", "GPURT_PINNED=2"
  };
  static char err[65536];
  char name[64];
  int status;

  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      size_t len = strcspn (bad[i], "=");

      snprintf (name, sizeof name, "%.*s", (int) len, bad[i]);
      status = run_child ("profile", "abort", bad[i], err, sizeof err);
      check (WIFEXITED (status) && WEXITSTATUS (status) == 0
	     && count_gpurt_lines (err) == 1 && strstr (err, name) != NULL,
	     "%s: want a normal run and one line naming %s, got status %#x,"
	     " stderr:\n%s", bad[i], name, status, err);
    }
  status = run_child ("profile", "sometimes", NULL, err, sizeof err);
  check (WIFEXITED (status) && WEXITSTATUS (status) == 0
	 && count_gpurt_lines (err) == 1
	 && strstr (err, "GPURT_FALLBACK=sometimes") != NULL,
	 "GPURT_FALLBACK=sometimes: want one line naming it, got status %#x,"
	 " stderr:\n%s", status, err);
}

/* Fallback policies, checked in children.  */

static void
test_policies (void)
{
  static char err[65536];
  char profile_var[128], path[96];
  int status;
  FILE *f;

  test_bad_environment ();

  status = run_child ("bad", "silent", NULL, err, sizeof err);
  check (WIFEXITED (status) && WEXITSTATUS (status) == 0
	 && count_gpurt_lines (err) == 0,
	 "GPURT_FALLBACK=silent with a broken kernel: status %#x, stderr:\n%s",
	 status, err);

  status = run_child ("bad", "warn", NULL, err, sizeof err);
  check (WIFEXITED (status) && WEXITSTATUS (status) == 0
	 && count_gpurt_lines (err) == 1
	 && strstr (err, "clBuildProgram failed (-11,"
		    " CL_BUILD_PROGRAM_FAILURE) for kernel gpu_bad_6_a7")
	 != NULL,
	 "GPURT_FALLBACK=warn: want one line naming clBuildProgram, got"
	 " status %#x, stderr:\n%s", status, err);

  status = run_child ("bad", "abort", NULL, err, sizeof err);
  check (WIFSIGNALED (status) && WTERMSIG (status) == SIGABRT
	 && strstr (err, "clBuildProgram failed") != NULL
	 && strstr (err, "build log of kernel gpu_bad_6_a7") != NULL,
	 "GPURT_FALLBACK=abort: want SIGABRT with the build log, got status"
	 " %#x, stderr:\n%s", status, err);

  status = run_child ("launch-errors", "silent", NULL, err, sizeof err);
  check (WIFEXITED (status) && WEXITSTATUS (status) == 0
	 && count_gpurt_lines (err) == 0,
	 "failing launches under GPURT_FALLBACK=silent: status %#x,"
	 " stderr:\n%s", status, err);

  status = run_child ("launch-errors", "warn", "GPURT_VERBOSE=1", err,
		      sizeof err);
  check (WIFEXITED (status) && WEXITSTATUS (status) == 0
	 && strstr (err, "clSetKernelArg failed") != NULL
	 && strstr (err, "clEnqueueNDRangeKernel failed") != NULL
	 && strstr (err, "record version '5' is not 1, 2, 3 or 4") != NULL
	 && strstr (err, "region gpu_cube_3_d4 (selftest.c:400) runs on the"
		    " host: the index arithmetic may wrap") != NULL,
	 "failing launches under GPURT_VERBOSE=1: status %#x, stderr:\n%s",
	 status, err);

#ifdef GPURT_SELFTEST_INTERNALS
  /* Launches that wait for their kernels (GPURT_ASYNC=0): a failure in
     an asynchronous KEEP chain is fatal by design, and these injections
     check the recoveries of the waiting ones.  */
  status = run_child ("inject", "silent", "GPURT_ASYNC=0", err, sizeof err);
  check (WIFEXITED (status) && WEXITSTATUS (status) == 0
	 && count_gpurt_lines (err) == 0,
	 "injected OpenCL failures: status %#x, stderr:\n%s", status, err);
  status = run_child ("inject", "silent", "GPURT_PROFILE=1", err,
		      sizeof err);
  check (WIFEXITED (status) && WEXITSTATUS (status) == 0,
	 "injected OpenCL failures with profiling: status %#x, stderr:\n%s",
	 status, err);
  status = run_child ("features", "warn", "GPURT_VERBOSE=1", err,
		      sizeof err);
  check (WIFEXITED (status) && WEXITSTATUS (status) == 0
	 && strstr (err, "region gpu_fp64_8_c9 (selftest.c:900) runs on the"
		    " host: the kernel uses double and device") != NULL
	 && strstr (err, "dropping -cl-fp32-correctly-rounded-divide-sqrt")
	    != NULL
	 && strstr (err, "built kernel gpu_saxpy_0_a1 (selftest.c:100) in")
	    != NULL
	 && strstr (err, "options '-w',") != NULL,
	 "device without fp64 and correctly rounded sqrt: status %#x,"
	 " stderr:\n%s", status, err);
#endif

  snprintf (path, sizeof path, "/tmp/gpurt-selftest-%ld.json",
	    (long) getpid ());
  snprintf (profile_var, sizeof profile_var, "GPURT_PROFILE=json:%s", path);
  status = run_child ("profile", "abort", profile_var, err, sizeof err);
  f = fopen (path, "r");
  if (f != NULL)
    {
      size_t got = fread (err, 1, sizeof err - 1, f);

      err[got] = '\0';
      fclose (f);
      remove (path);
    }
  else
    err[0] = '\0';
  check (WIFEXITED (status) && WEXITSTATUS (status) == 0
	 && strstr (err, "\"name\": \"gpu_saxpy_0_a1\", \"loc\":"
		    " \"selftest.c:100\", \"launches\": 4, \"device_runs\": 3,"
		    " \"host_runs\": 0") != NULL
	 && strstr (err, "\"bytes_h2d\": 2400, \"bytes_d2h\": 1200") != NULL
	 && strstr (err, "\"name\": \"gpu_bad_6_a7\"") != NULL,
	 "GPURT_PROFILE=json: status %#x, file:\n%s", status, err);
}

/* Is the OpenCL loader mapped into this process?  */

static int
opencl_loaded (void)
{
  char line[512];
  int found = 0;
  FILE *f = fopen ("/proc/self/maps", "r");

  if (f == NULL)
    return 0;
  while (fgets (line, sizeof line, f) != NULL)
    if (strstr (line, "libOpenCL") != NULL)
      found = 1;
  fclose (f);
  return found;
}

#ifdef GPURT_SELFTEST_INTERNALS
/* The host pool's copies (gpurt-stage.c), large enough for its
   non-temporal stores (GPURT_STAGE_NT) and with them off: unaligned
   starts and odd sizes, one copy and several in one call, every byte
   compared, nothing written outside the destinations.  */

static void
run_host_copies (void)
{
  size_t big = ((size_t) 9 << 20) + 77, total = 2 * big + 4096;
  unsigned char *src = malloc (total), *dst = malloc (total);
  int nt, bad = 0;
  size_t i;

  if (src == NULL || dst == NULL)
    {
      check (0, "host copies: out of memory");
      goto out;
    }
  for (i = 0; i < total; i++)
    src[i] = (unsigned char) (i * 131 + (i >> 13));
  for (nt = 0; nt < 2; nt++)
    {
      struct gpurt_host_copy c[3] = {
	{ dst + 3, src + 5, big },
	{ dst + big + 9, src + big + 17, 1000 },
	{ dst + big + 1100, src + big + 1100, big - 3 },
      };
      int saved = gpurt_env.stage_nt;

      gpurt_env.stage_nt = nt;
      memset (dst, 0xa5, total);
      gpurt_host_memcpy (dst + 1, src + 2, big);
      bad |= memcmp (dst + 1, src + 2, big) != 0 || dst[0] != 0xa5
	     || dst[big + 1] != 0xa5;
      memset (dst, 0xa5, total);
      gpurt_host_memcpy_many (c, 3);
      for (i = 0; i < 3; i++)
	bad |= memcmp (c[i].dst, c[i].src, c[i].size) != 0;
      bad |= dst[2] != 0xa5 || dst[big + 3] != 0xa5 || dst[big + 8] != 0xa5
	     || dst[big + 1009] != 0xa5 || dst[2 * big - 3 + 1100] != 0xa5;
      gpurt_env.stage_nt = saved;
      check (!bad, "host copies (GPURT_STAGE_NT=%d): bytes differ", nt);
    }
out:
  free (src);
  free (dst);
}
#endif

int
main (int argc, char **argv)
{
  const char *device = getenv ("GPURT_DEVICE");
  const char *fallback = getenv ("GPURT_FALLBACK");
  const char *seed = getenv ("GPURT_SELFTEST_SEED");
  pthread_t threads[NTHREADS];
  int on_device;
  unsigned t, s;

  /* Every kernel is built from source here (the checks read the "built
     kernel" messages), and the user's program cache is left alone: the
     cache has its own tests (testsuite/gpuoffload.cache).  */
  setenv ("GPURT_CACHE_DIR", "off", 1);

  /* Children are this program again; execve does not search PATH.  */
  self_path = strchr (argv[0], '/') != NULL ? argv[0] : "/proc/self/exe";
  device_is_host = device != NULL && strcmp (device, "host") == 0;
  policy_abort = fallback != NULL && strcmp (fallback, "abort") == 0;
  rng_state = seed != NULL ? strtoull (seed, NULL, 0)
			   : (uint64_t) time (NULL) * 2654435761u + 1;
  if (rng_state == 0)
    rng_state = 1;

  if (argc == 3 && strcmp (argv[1], "--child") == 0)
    return child_main (argv[2]);

  printf ("selftest: seed %" PRIu64 ", GPURT_DEVICE=%s, GPURT_FALLBACK=%s\n",
	  rng_state, device ? device : "(unset)",
	  fallback ? fallback : "(unset)");

  /* The policies are checked in children, before this process opens the
     device: a GPU in exclusive-process mode takes one process at a time.
     A child says whether there is a device to check them on.  */
  if (!device_is_host)
    {
      static char err[4096];
      int status = run_child ("probe", "silent", NULL, err, sizeof err);

      if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
	test_policies ();
    }

  /* Whether a device is in use: an empty launch says so.  */
  check (gpurt_launch (rec_saxpy, NULL, 3, 0, 1, 1) == 1,
	 "empty launch did not return 1");
  on_device = gpurt_last_region_ran_on_device ();
  printf ("selftest: regions %s\n", on_device ? "run on an OpenCL device"
	  : "run on the host");

  for (s = 0; s < NSIZES; s++)
    {
      uint64_t n = sizes[s];

      run_saxpy (rec_saxpy, n, "saxpy");
      run_keep (n);
      run_keep_chain (n);
      run_2d (n, 5);
      run_2d (5, n);
      run_overlap (n);
      run_stepped (n);
      run_scalars (n, 0);
      run_scalars (n, 1);
      run_fp64 (n);
      run_two_rw (n);
      if (!policy_abort)
	check (run_bad (n) == 0, "bad kernel ran on the device");
    }
  run_2d (1, 1);
  run_2d (64, 64);
  run_3d (7, 5, 3);
  run_3d (1, 1, 1);
  run_3d (33, 9, 5);
  run_3d (0, 4, 4);
  run_3d (300, 2, 1);

  /* Concurrent launches.  */
  pthread_barrier_init (&launch_barrier, NULL, NTHREADS);
  for (t = 0; t < NTHREADS; t++)
    pthread_create (&threads[t], NULL, launch_thread, (void *) (uintptr_t) t);
  for (t = 0; t < NTHREADS; t++)
    pthread_join (threads[t], NULL);
  pthread_barrier_destroy (&launch_barrier);

  /* gpurt_host_run, alone and from 4 threads at once.  */
  for (s = 0; s < NSIZES; s++)
    run_host_job (sizes[s], 0);
  run_host_job (2, 0);
  run_host_job (3, 1);
  for (t = 0; t < NTHREADS; t++)
    pthread_create (&threads[t], NULL, host_thread, (void *) (uintptr_t) t);
  for (t = 0; t < NTHREADS; t++)
    pthread_join (threads[t], NULL);

  if (device_is_host)
    check (!opencl_loaded (), "GPURT_DEVICE=host loaded libOpenCL");
#ifdef GPURT_SELFTEST_INTERNALS
  run_host_copies ();
  /* Count the objects of a second round of launches.  */
  if (on_device && install_wrappers ())
    {
      for (s = 0; s < NSIZES; s++)
	{
	  run_saxpy (rec_saxpy, sizes[s], "saxpy");
	  run_keep (sizes[s]);
	  run_scalars (sizes[s], 0);
	  run_two_rw (sizes[s]);
	  run_overlap (sizes[s]);
	}
      check_no_live_objects ("after launches");
      check (gpurt_map_count (gpurt_device_get (), NULL) == 0,
	     "map: mappings left after the launches");
      run_map_table ();
      check_no_live_objects ("after the map's test");
    }
#endif

  printf ("selftest: %d launches on the device, %d on the host\n",
	  atomic_load (&device_runs), atomic_load (&host_runs));
  printf ("selftest: %d passed, %d failed\n", atomic_load (&passed),
	  atomic_load (&failed));
  return atomic_load (&failed) != 0;
}
