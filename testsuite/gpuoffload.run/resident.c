/* resident.c: data stays on the device between regions (gpu_hostsync and the runtime's map), and the host still sees exactly what the serial program would.  Jacobi time loops with both sweeps in one function, and with each sweep in a function of its own called from the loop; the same with host code between the steps that reads an element, writes an element, prints an element, memcpy's into the array; an array freed and allocated again at the same size; two threads each running a time loop over a shared read-only array.  Compared with serial loops at sizes that fit no work-group.  Everything runs again in a child with GPURT_ASYNC=0 (the default is 1).  On the device, a child run with GPURT_PROFILE checks the bytes moved: both Jacobi loops upload their arrays once and bring them back once, whatever the number of steps.  */
#include "check.h"

/* Its children run regions on the device.  */
CHECK_CHILDREN_USE_DEVICE
#include <pthread.h>
#include <sys/wait.h>

/* T steps of a 3-point average from A into B and back.  */
static void
jacobi (int n, int steps, float *a, float *b)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0f / 3.0f);
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	a[i] = (b[i - 1] + b[i] + b[i + 1]) * (1.0f / 3.0f);
    }
}

/* The same with the sweep in a function of its own, called from the time
   loop (gpu_hostsync's callee summary: the data stays on the device
   across the calls).  */
static void __attribute__ ((noinline))
sweep (int n, const float *from, float *to)
{
  for (int i GPU_PARALLEL = 1; i < n - 1; i++)
    to[i] = (from[i - 1] + from[i] + from[i + 1]) * (1.0f / 3.0f);
}

/* A sweep as the last statement of a function: GCC marks it a tail call,
   and the copy back at the return after it must still happen.  */
static void __attribute__ ((noinline))
last_sweep (int n, const float *from, float *to)
{
  sweep (n, from, to);
}

/* A temporary the regions keep on the device and the function frees:
   its device copy is dropped, the result comes home.  */
static void __attribute__ ((noinline))
pipeline (int n, const float *in, float *out)
{
  float *tmp = check_alloc ((n + 1) * sizeof *tmp);
  for (int i GPU_PARALLEL = 0; i < n; i++)
    tmp[i] = in[i] * 2.0f - 1.0f;
  for (int i GPU_PARALLEL = 0; i < n; i++)
    out[i] = tmp[i] * tmp[i];
  free (tmp);
}

static void fill (float *p, long n);

static void
test_pipeline (int n)
{
  float *in = check_alloc ((n + 1) * sizeof *in);
  float *out = check_alloc ((n + 1) * sizeof *out);
  float *ref = check_alloc ((n + 1) * sizeof *ref);
  float *b = check_alloc ((n + 1) * sizeof *b);
  fill (in, n);
  fill (out, n);
  memcpy (b, out, n * sizeof *b);
  for (int i = 0; i < n; i++)
    {
      float t = in[i] * 2.0f - 1.0f;
      ref[i] = t * t;
    }
  pipeline (n, in, out);
  CHECK_FLOATS (out, ref, n, 1e-6, 1e-6, "pipeline with a freed temporary (n %d)", n);
  for (int i = 1; i < n - 1; i++)
    ref[i] = (in[i - 1] + in[i] + in[i + 1]) * (1.0f / 3.0f);
  ref[0] = b[0];
  if (n > 1)
    ref[n - 1] = b[n - 1];
  last_sweep (n, in, b);
  CHECK_FLOATS (b, ref, n, 1e-6, 1e-6, "sweep as a tail call (n %d)", n);
  free (in); free (out); free (ref); free (b);
}

static void __attribute__ ((noinline))
jacobi_calls (int n, int steps, float *a, float *b)
{
  for (int t = 0; t < steps; t++)
    {
      sweep (n, a, b);
      sweep (n, b, a);
    }
}

static void
jacobi_ref (int n, int steps, float *a, float *b)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 1; i < n - 1; i++)
	b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0f / 3.0f);
      for (int i = 1; i < n - 1; i++)
	a[i] = (b[i - 1] + b[i] + b[i + 1]) * (1.0f / 3.0f);
    }
}

/* Host code between the steps, by KIND: 0 reads an element into TRACE,
   1 writes one, 2 prints one to OUT, 3 memcpy's SRC over the start of A,
   4 all of them.  */
static void
jacobi_host (int kind, int n, int steps, float *a, float *b, float *trace,
	     const float *src, FILE *out)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0f / 3.0f);
      if (kind == 0 || kind == 4)
	trace[t] = b[n / 2];
      if (kind == 1 || kind == 4)
	b[(t * 7) % n] = (float) t;
      if (kind == 2 || kind == 4)
	fprintf (out, "%a\n", (double) b[n - 2]);
      if ((kind == 3 || kind == 4) && n >= 8)
	memcpy (b, src, 8 * sizeof *b);
      for (int i GPU_PARALLEL = 1; i < n - 1; i++)
	a[i] = (b[i - 1] + b[i] + b[i + 1]) * (1.0f / 3.0f);
    }
}

static void
jacobi_host_ref (int kind, int n, int steps, float *a, float *b,
		 float *trace, const float *src, FILE *out)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 1; i < n - 1; i++)
	b[i] = (a[i - 1] + a[i] + a[i + 1]) * (1.0f / 3.0f);
      if (kind == 0 || kind == 4)
	trace[t] = b[n / 2];
      if (kind == 1 || kind == 4)
	b[(t * 7) % n] = (float) t;
      if (kind == 2 || kind == 4)
	fprintf (out, "%a\n", (double) b[n - 2]);
      if ((kind == 3 || kind == 4) && n >= 8)
	memcpy (b, src, 8 * sizeof *b);
      for (int i = 1; i < n - 1; i++)
	a[i] = (b[i - 1] + b[i] + b[i + 1]) * (1.0f / 3.0f);
    }
}

/* Scale P by S in a region, twice (the second sees the first's result
   on the device).  */
static void
scale2 (long n, float *p, float s)
{
  for (int k = 0; k < 2; k++)
    for (long i GPU_PARALLEL = 0; i < n; i++)
      p[i] = p[i] * s + 1.0f;
}

static void
fill (float *p, long n)
{
  check_fill_float (p, n, -10.0f, 10.0f);
}

static void
test_jacobi (int n, int steps, int calls)
{
  float *a = check_alloc (n * sizeof *a), *b = check_alloc (n * sizeof *b);
  float *ra = check_alloc (n * sizeof *a), *rb = check_alloc (n * sizeof *b);
  fill (a, n);
  fill (b, n);
  memcpy (ra, a, n * sizeof *a);
  memcpy (rb, b, n * sizeof *b);
  if (calls)
    jacobi_calls (n, steps, a, b);
  else
    jacobi (n, steps, a, b);
  if (n > 2 && steps > 0)
    CHECK_RAN_ON_DEVICE (n - 2);
  jacobi_ref (n, steps, ra, rb);
  CHECK_FLOATS (a, ra, n, 1e-5, 1e-5, "jacobi%s a (n %d, %d steps)",
		calls ? " (calls)" : "", n, steps);
  CHECK_FLOATS (b, rb, n, 1e-5, 1e-5, "jacobi%s b (n %d, %d steps)",
		calls ? " (calls)" : "", n, steps);
  free (a); free (b); free (ra); free (rb);
}

static void
test_host (int kind, int n, int steps)
{
  float *a = check_alloc (n * sizeof *a), *b = check_alloc (n * sizeof *b);
  float *ra = check_alloc (n * sizeof *a), *rb = check_alloc (n * sizeof *b);
  float *tr = check_alloc ((steps + 1) * sizeof *tr);
  float *rtr = check_alloc ((steps + 1) * sizeof *tr);
  float src[8];
  FILE *out = fopen ("/dev/null", "w");
  CHECK (out != NULL, "cannot open /dev/null");
  fill (a, n);
  fill (b, n);
  fill (src, 8);
  memcpy (ra, a, n * sizeof *a);
  memcpy (rb, b, n * sizeof *b);
  jacobi_host (kind, n, steps, a, b, tr, src, out);
  jacobi_host_ref (kind, n, steps, ra, rb, rtr, src, out);
  CHECK_FLOATS (a, ra, n, 1e-5, 1e-5, "host kind %d: a (n %d)", kind, n);
  CHECK_FLOATS (b, rb, n, 1e-5, 1e-5, "host kind %d: b (n %d)", kind, n);
  if (kind == 0 || kind == 4)
    CHECK_FLOATS (tr, rtr, steps, 1e-5, 1e-5, "host kind %d: trace (n %d)",
		  kind, n);
  fclose (out);
  free (a); free (b); free (ra); free (rb); free (tr); free (rtr);
}

/* Free an array the device may still hold and get the same size again
   (often the same address): the new data must be used.  */
static void
test_realloc (long n)
{
  for (int round = 0; round < 3; round++)
    {
      float *p = check_alloc (n * sizeof *p);
      float *ref = check_alloc (n * sizeof *ref);
      float s = check_uniformf (0.5f, 1.5f);
      fill (p, n);
      for (long i = 0; i < n; i++)
	ref[i] = (p[i] * s + 1.0f) * s + 1.0f;
      scale2 (n, p, s);
      CHECK_FLOATS (p, ref, n, 1e-5, 1e-5, "realloc round %d (n %ld)", round,
		    n);
      free (p);
      free (ref);
    }
}

/* Two threads, each with its own arrays and a shared read-only one.  */
struct job
{
  int n, steps;
  const float *c;
  float *a, *b;
};

static void
shared_steps (int n, int steps, const float *c, float *a, float *b)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i GPU_PARALLEL = 0; i < n; i++)
	b[i] = a[i] * 0.5f + c[i];
      for (int i GPU_PARALLEL = 0; i < n; i++)
	a[i] = b[i] * 0.5f - c[i];
    }
}

static void *
thread_main (void *p)
{
  struct job *j = p;
  shared_steps (j->n, j->steps, j->c, j->a, j->b);
  return NULL;
}

static void
test_threads (int n, int steps)
{
  float *c = check_alloc (n * sizeof *c);
  float *a[2], *b[2], *ra = check_alloc (n * sizeof *ra);
  float *rb = check_alloc (n * sizeof *rb);
  struct job j[2];
  pthread_t th[2];
  fill (c, n);
  for (int k = 0; k < 2; k++)
    {
      a[k] = check_alloc (n * sizeof *a[k]);
      b[k] = check_alloc (n * sizeof *b[k]);
      fill (a[k], n);
      fill (b[k], n);
      j[k] = (struct job) { n, steps, c, a[k], b[k] };
    }
  memcpy (ra, a[1], n * sizeof *ra);
  memcpy (rb, b[1], n * sizeof *rb);
  for (int t = 0; t < steps; t++)
    {
      for (int i = 0; i < n; i++)
	rb[i] = ra[i] * 0.5f + c[i];
      for (int i = 0; i < n; i++)
	ra[i] = rb[i] * 0.5f - c[i];
    }
  float *a0 = check_dup (a[0], n * sizeof *ra), *b0 = check_dup (b[0], n * sizeof *rb);
  for (int t = 0; t < steps; t++)
    {
      for (int i = 0; i < n; i++)
	b0[i] = a0[i] * 0.5f + c[i];
      for (int i = 0; i < n; i++)
	a0[i] = b0[i] * 0.5f - c[i];
    }
  for (int k = 0; k < 2; k++)
    CHECK (pthread_create (&th[k], NULL, thread_main, &j[k]) == 0, "pthread_create");
  for (int k = 0; k < 2; k++)
    pthread_join (th[k], NULL);
  CHECK_FLOATS (a[0], a0, n, 1e-5, 1e-5, "thread 0 a (n %d)", n);
  CHECK_FLOATS (b[0], b0, n, 1e-5, 1e-5, "thread 0 b (n %d)", n);
  CHECK_FLOATS (a[1], ra, n, 1e-5, 1e-5, "thread 1 a (n %d)", n);
  CHECK_FLOATS (b[1], rb, n, 1e-5, 1e-5, "thread 1 b (n %d)", n);
  for (int k = 0; k < 2; k++)
    {
      free (a[k]);
      free (b[k]);
    }
  free (c); free (ra); free (rb); free (a0); free (b0);
}

/* A child runs only the Jacobi loop under GPURT_PROFILE: on a device,
   its arrays go there once and come back once.  Called before this
   process uses the device (a GPU in exclusive-process mode takes one
   process at a time).  */
static void
test_bytes (const char *self)
{
  const char *d = getenv ("GPURT_DEVICE");
#ifndef __OPTIMIZE__
  /* At -O0 every region copies its results back (for the debugger).  */
  return;
#endif
  if (d && strcmp (d, "host") == 0)
    return;
  int n = 4099, steps = 50;
  static char text[1 << 16];
  check_profile_child (self, "--bytes", NULL, text, sizeof text);
  if (check_json_sum (text, "\"device_runs\": ") == 0)
    return;			/* no device: nothing was copied */
  unsigned long long h2d = check_json_sum (text, "\"bytes_h2d\": ");
  unsigned long long d2h = check_json_sum (text, "\"bytes_d2h\": ")
			   + check_json_sum (text, "\"sync_bytes_d2h\": ");
  /* Both Jacobi loops: two arrays each, there and back once.  */
  unsigned long long once = 2 * 2ull * n * sizeof (float);
  /* The pipeline: in, out and the temporary go there (written arrays are
     copied in too), only out comes back (the temporary is freed); the
     tail-called sweep copies two arrays in and one back.  */
  unsigned long long pipe_h2d = 3ull * n * sizeof (float)
				+ 2ull * n * sizeof (float);
  unsigned long long pipe_d2h = 2ull * n * sizeof (float);
  /* Without transfer elimination: 2 * steps times as much.  */
  CHECK (h2d >= once / 2 && h2d <= once + pipe_h2d + 64,
	 "%d steps moved %llu bytes to the device, expected about %llu", steps,
	 h2d, once);
  CHECK (d2h >= once / 2 && d2h <= once + pipe_d2h + 64,
	 "%d steps moved %llu bytes to the host, expected about %llu", steps,
	 d2h, once);
}

/* Everything below again in a child with GPURT_ASYNC=0 (regions that keep
   their data wait for their kernel instead of returning once it is
   queued, the default), before this process opens the device.  */
static void
test_waiting_launches (const char *self)
{
  fflush (NULL);
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork");
  if (pid == 0)
    {
      putenv ((char *) "GPURT_ASYNC=0");
      execl (self, self, "--all", (char *) NULL);
      _exit (127);
    }
  int status;
  CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	 && WEXITSTATUS (status) == 0, "the GPURT_ASYNC=0 run failed (%#x)",
	 status);
}

int
main (int argc, char **argv)
{
  check_init ();
  if (argc > 1 && strcmp (argv[1], "--bytes") == 0)
    {
      test_jacobi (4099, 50, 0);
      test_jacobi (4099, 50, 1);
      test_pipeline (4099);
      return 0;
    }
  if (argc == 1)
    {
      test_bytes (argv[0]);
      test_waiting_launches (argv[0]);
    }
  static const int sizes[] = { 0, 1, 2, 3, 7, 97, 1000, 4099 };
  for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++)
    {
      for (int calls = 0; calls < 2; calls++)
	{
	  test_jacobi (sizes[s], 0, calls);
	  test_jacobi (sizes[s], 1, calls);
	  test_jacobi (sizes[s], 13, calls);
	}
      for (int kind = 0; kind <= 4 && sizes[s] >= 3; kind++)
	test_host (kind, sizes[s], 5);
      test_realloc (sizes[s]);
      test_threads (sizes[s], 7);
      test_pipeline (sizes[s]);
    }
  test_jacobi (65537, 20, 0);
  test_jacobi (65537, 20, 1);
  return 0;
}
