/* pivot-fwd.h: forward substitution L x = b by columns (L stored by
   columns), the pivot loop of pivot-group.c and pivot-block.c: the
   division on the pivot, then the update of the rows from the step's +
   START; AFTER is a statement at the end of each step.  */

#define FWD_BODY(P, START, AFTER)					\
  for (long j = 0; j < n; j++)						\
    {									\
      x[j] /= l[j * n + j];						\
      for (long i P = j + START; i < n; i++)				\
	x[i] -= l[j * n + i] * x[j];					\
      AFTER;								\
    }

/* The function NAME running FWD_BODY (P, START, AFTER); the parameters
   after X, if any, follow AFTER.  */
#define FWD_FUNCTION(NAME, P, START, AFTER, ...)			\
  static void								\
  NAME (long n, const double *l, double *x __VA_ARGS__)			\
  {									\
    FWD_BODY (P, START, AFTER)						\
  }

FWD_FUNCTION (fwd, GPU_PARALLEL, 1, (void) 0)
FWD_FUNCTION (fwd_ref, , 1, (void) 0)
