/* lock-perf.c -- do two host threads have kernels in flight on one device
   at once?  A marked loop whose kernel runs for about TARGET ms (a busy
   arithmetic loop per work-item, calibrated on the device) is timed in one
   thread, then in two threads started together, each running it once:
   with launches that do not hold a device-wide lock, the two take about
   as long as one (ratio near 1), not twice as long (ratio near 2).  The
   results are checked against the host.  Built with the plugin:
     gcc -O2 -fplugin=.libs/gpuoffload.so -Iinclude tools/lock-perf/lock-perf.c \
         -L.libs -lgpurt -lpthread -lm -o lock-perf
   usage: lock-perf [TARGET_MS [N]]  (defaults 50 and 65536)  */

#include <gpuoffload.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Integer arithmetic, so the device's result is the host's exactly.  */
static void
busy (int n, int iters, unsigned *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    {
      unsigned x = (unsigned) i, y = 1u;
      for (int k = 0; k < iters; k++)
	{
	  y = y * 1103515245u + x;
	  x ^= y >> 7;
	}
      out[i] = y;
    }
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

struct job
{
  int n, iters;
  unsigned *out;
  int on_device;
  pthread_barrier_t *start;
};

static void *
run_job (void *p)
{
  struct job *j = p;
  pthread_barrier_wait (j->start);
  busy (j->n, j->iters, j->out);
  j->on_device = gpurt_last_region_ran_on_device ();
  return NULL;
}

/* Wall time of NT threads each running busy (N, ITERS) once, together.  */
static double
together (int nt, int n, int iters, unsigned **outs, int *all_device)
{
  pthread_t t[2];
  struct job j[2];
  pthread_barrier_t start;
  pthread_barrier_init (&start, NULL, nt + 1);
  for (int i = 0; i < nt; i++)
    {
      j[i] = (struct job) { n, iters, outs[i], 0, &start };
      pthread_create (&t[i], NULL, run_job, &j[i]);
    }
  pthread_barrier_wait (&start);
  double t0 = now_ms ();
  for (int i = 0; i < nt; i++)
    pthread_join (t[i], NULL);
  double t1 = now_ms ();
  pthread_barrier_destroy (&start);
  *all_device = 1;
  for (int i = 0; i < nt; i++)
    *all_device &= j[i].on_device;
  return t1 - t0;
}

int
main (int argc, char **argv)
{
  double target = argc > 1 ? atof (argv[1]) : 50.0;
  int n = argc > 2 ? atoi (argv[2]) : 65536;
  unsigned *outs[2] = { malloc (n * sizeof (unsigned)),
			malloc (n * sizeof (unsigned)) };
  int dev;

  /* Warm up each thread's queue and kernel, then calibrate ITERS.  */
  int iters = 1000;
  together (2, n, iters, outs, &dev);
  double t = together (1, n, iters, outs, &dev);
  while (t < target / 4 && iters < (1 << 28))
    {
      iters *= 4;
      t = together (1, n, iters, outs, &dev);
    }
  iters = (int) (iters * (target / t));
  if (iters < 1)
    iters = 1;

  /* Best of 5 for one thread and for two.  */
  double one = 1e30, two = 1e30;
  int dev1 = 1, dev2 = 1;
  for (int r = 0; r < 5; r++)
    {
      double a = together (1, n, iters, outs, &dev);
      dev1 &= dev;
      double b = together (2, n, iters, outs, &dev);
      dev2 &= dev;
      one = a < one ? a : one;
      two = b < two ? b : two;
    }

  /* Check a sample against the host.  */
  int bad = 0;
  for (int i = 0; i < n; i += n / 16 + 1)
    {
      unsigned x = (unsigned) i, y = 1u;
      for (int k = 0; k < iters; k++)
	{
	  y = y * 1103515245u + x;
	  x ^= y >> 7;
	}
      for (int k = 0; k < 2; k++)
	bad += outs[k][i] != y;
    }
  printf ("lock-perf: n=%d iters=%d on_device=%d/%d one thread %.2f ms, "
	  "two threads together %.2f ms, ratio %.2f, check %s\n", n, iters,
	  dev1, dev2, one, two, two / one, bad ? "FAILED" : "ok");
  return bad != 0;
}
