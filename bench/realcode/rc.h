/* rc.h -- what the bench/realcode programs share: a fixed-seed random
   stream (so that every build of a program sees the same input), a clock,
   and the result file.  The programs are plain OpenMP C; check.sh makes
   their marked versions by replacing each pragma with GPU_PARALLEL
   (mark.awk) and compares the results of every build with the serial one.

   Results: when RC_OUT names a file, rc_out_* append the program's output
   arrays to it as doubles (exact for float and int), for rccmp.c to
   compare; rc_time prints the time of the computed part on stdout.  */
#ifndef RC_H
#define RC_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t rc_state = 0x2545f4914f6cdd1dull;

/* The next 64 random bits (splitmix64).  */
static inline uint64_t
rc_rand (void)
{
  uint64_t z = (rc_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Uniform in [0, 1), 24 bits.  */
static inline float
rc_randf (void)
{
  return (float) (rc_rand () >> 40) * (1.0f / 16777216.0f);
}

static inline double
rc_now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* malloc that exits when memory runs out.  */
static inline void *
rc_alloc (size_t bytes)
{
  void *p = malloc (bytes ? bytes : 1);
  if (p == NULL)
    {
      fprintf (stderr, "out of memory (%zu bytes)\n", bytes);
      exit (2);
    }
  return p;
}

/* Append COUNT values, each made a double by GET (P, K), to $RC_OUT.  */
#define RC_OUT_LOOP(p, count, get)					\
  do {									\
    const char *rc_name_ = getenv ("RC_OUT");				\
    FILE *rc_f_ = rc_name_ != NULL ? fopen (rc_name_, "ab") : NULL;	\
    if (rc_f_ == NULL)							\
      break;								\
    for (size_t rc_k_ = 0; rc_k_ < (size_t) (count); rc_k_++)		\
      {									\
	double rc_v_ = (get);						\
	fwrite (&rc_v_, sizeof rc_v_, 1, rc_f_);			\
      }									\
    fclose (rc_f_);							\
  } while (0)
static inline void rc_out_f (const float *p, size_t n) { RC_OUT_LOOP (p, n, p[rc_k_]); }
static inline void rc_out_d (const double *p, size_t n) { RC_OUT_LOOP (p, n, p[rc_k_]); }
static inline void rc_out_i (const int *p, size_t n) { RC_OUT_LOOP (p, n, p[rc_k_]); }

/* The time line check.sh and run.sh read: NAME, size N, MS.  */
static inline void
rc_time (const char *name, long n, double ms)
{
  printf ("TIME %s %ld %.3f\n", name, n, ms);
}

#endif /* RC_H */
