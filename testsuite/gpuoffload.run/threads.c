/* threads.c: 4 host threads offload at the same time, each running marked loops (two different kernels) on its own data 25 times, checking every result and gpurt_last_region_ran_on_device per thread.  */
/* { dg-additional-options "-pthread" } */
#include "check.h"
#include <pthread.h>

#define NTHREADS 4
#define ROUNDS 25

static void
scale_add (int n, float a, const float *restrict x, float *restrict y)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    y[i] = a * x[i] + 1.0f;
}

static void
square_int (long n, const int *x, long long *y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = (long long) x[i] * x[i] - i;
}

struct job
{
  int id;
  unsigned long long rng;
  const char *error;
  long error_at;
};

static void *
worker (void *arg)
{
  struct job *job = arg;
  for (int r = 0; r < ROUNDS && !job->error; r++)
    {
      long n = 1 + (long) (check_next (&job->rng) % 20000);
      float a = (float) (check_next (&job->rng) % 100) / 10.0f;
      float *x = check_alloc (n * sizeof (float));
      float *y = check_alloc (n * sizeof (float));
      int *xi = check_alloc (n * sizeof (int));
      long long *yi = check_alloc (n * sizeof (long long));
      for (long i = 0; i < n; i++)
	{
	  x[i] = (float) (check_next (&job->rng) % 2001) - 1000.0f;
	  xi[i] = (int) (check_next (&job->rng) % 200001) - 100000;
	}
      scale_add ((int) n, a, x, y);
      CHECK_RAN_ON_DEVICE (n);
      for (long i = 0; i < n; i++)
	if (!check_close (y[i], a * x[i] + 1.0f, 1e-6, 1e-3))
	  {
	    job->error = "scale_add";
	    job->error_at = i;
	    break;
	  }
      square_int (n, xi, yi);
      CHECK_RAN_ON_DEVICE (n);
      for (long i = 0; i < n; i++)
	if (yi[i] != (long long) xi[i] * xi[i] - i)
	  {
	    job->error = "square_int";
	    job->error_at = i;
	    break;
	  }
      free (x); free (y); free (xi); free (yi);
    }
  return NULL;
}

int
main (void)
{
  pthread_t t[NTHREADS];
  struct job jobs[NTHREADS];
  check_init ();
  for (int k = 0; k < NTHREADS; k++)
    {
      jobs[k].id = k;
      jobs[k].rng = check_u64 ();
      jobs[k].error = NULL;
      jobs[k].error_at = 0;
      CHECK (pthread_create (&t[k], NULL, worker, &jobs[k]) == 0, "pthread_create");
    }
  for (int k = 0; k < NTHREADS; k++)
    pthread_join (t[k], NULL);
  for (int k = 0; k < NTHREADS; k++)
    CHECK (!jobs[k].error, "thread %d: %s wrong at element %ld", k,
	   jobs[k].error, jobs[k].error_at);
  return 0;
}
