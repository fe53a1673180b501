/* local-rank.c: under MPI or Slurm, libgpurt picks device R mod K for local rank R among the K devices of the automatic choice's type (issue 20, item 1).  Children of this program run a marked loop with OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID or SLURM_LOCALID set to 0, 1, 2 or 5 and GPURT_DEVICE unset, under GPURT_VERBOSE=1: the line saying which device names the rank, its launcher and "device R mod K of K", the regions run on the device, the results are right; GPURT_DEVICE set to that device wins over the rank (no "local rank" in the line); a rank that is not a number is reported and ignored.  Under GPURT_DEVICE=host (the host execution) the children stay on the host and never mention a rank.  */
#include "check.h"

CHECK_CHILDREN_USE_DEVICE

static void
scale (long n, unsigned k, const unsigned *restrict x, unsigned *restrict y)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    y[i] = k * x[i] + (unsigned) i;
}

/* The child's work: scale over the standard sizes, exact.  */
static int
work (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      unsigned *x = check_alloc (n * sizeof *x);
      unsigned *y = check_alloc (n * sizeof *y);
      check_fill_bytes (x, n * sizeof *x);
      unsigned k = (unsigned) check_u64 ();
      scale (n, k, x, y);
      CHECK_RAN_ON_DEVICE (n);
      for (long i = 0; i < n; i++)
	CHECK (y[i] == k * x[i] + (unsigned) i, "scale n=%ld: y[%ld]", n, i);
      free (x);
      free (y);
    }
  return 0;
}

static char err[16384];

/* Run a child with the rank variable VAR=RANK, GPURT_VERBOSE=1 and
   GPURT_DEVICE set to DEVICE (NULL: unset); it must succeed.  */
static void
child (const char *var, int rank, const char *device)
{
  static char rankvar[64], devvar[64];
  snprintf (rankvar, sizeof rankvar, "%s=%d", var, rank);
  snprintf (devvar, sizeof devvar, "GPURT_DEVICE=%s", device ? device : "");
  const char *envs[] = { rankvar, "GPURT_VERBOSE=1",
			 device ? devvar : "GPURT_DEVICE", NULL };
  int st = check_child_stderr ("local-rank", "--work", envs, err, sizeof err);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0,
	 "%s GPURT_DEVICE=%s: status %#x, stderr:\n%s", rankvar,
	 device ? device : "(unset)", st, err);
}

int
main (int argc, char **argv)
{
  static const char *const vars[][2] = {
    { "OMPI_COMM_WORLD_LOCAL_RANK", "Open MPI" },
    { "MPI_LOCALRANKID", "MPICH" },
    { "SLURM_LOCALID", "Slurm" }
  };
  static const int ranks[] = { 0, 1, 2, 5 };
  const char *d = getenv ("GPURT_DEVICE");
  int on_host = d && strcmp (d, "host") == 0;

  if (argc > 1 && strcmp (argv[1], "--work") == 0)
    return work ();

  if (on_host)
    {
      /* GPURT_DEVICE=host wins: no OpenCL, no rank.  */
      child (vars[0][0], 1, "host");
      CHECK (strstr (err, "local rank") == NULL, "host: %s", err);
      return work ();
    }

  char device[32] = "";
  for (unsigned v = 0; v < 3; v++)
    for (unsigned r = 0; r < sizeof ranks / sizeof ranks[0]; r++)
      {
	child (vars[v][0], ranks[r], NULL);
	/* "using OpenCL device P:D '...' (...) for GPURT_DEVICE=auto:
	   local rank R of WHO: device I of K TYPE devices".  */
	const char *line = strstr (err, "using OpenCL device ");
	CHECK (line != NULL, "%s=%d: no device line:\n%s", vars[v][0],
	       ranks[r], err);
	unsigned p, dd;
	CHECK (sscanf (line, "using OpenCL device %u:%u", &p, &dd) == 2,
	       "device line: %s", line);
	const char *because = strstr (line, "local rank ");
	CHECK (because != NULL, "%s=%d: no rank in: %s", vars[v][0],
	       ranks[r], line);
	int rank;
	unsigned pick, k;
	char who[32];
	CHECK (sscanf (because, "local rank %d of %31[^:]: device %u of %u",
		       &rank, who, &pick, &k) == 4,
	       "rank line: %s", because);
	CHECK (rank == ranks[r] && strcmp (who, vars[v][1]) == 0,
	       "%s=%d: line says rank %d of %s", vars[v][0], ranks[r], rank,
	       who);
	CHECK (k >= 1 && pick == (unsigned) ranks[r] % k,
	       "rank %d: device %u of %u", rank, pick, k);
	if (ranks[r] == 1)
	  snprintf (device, sizeof device, "%u:%u", p, dd);
      }

  /* GPURT_DEVICE wins over the rank.  */
  child (vars[0][0], 1, device);
  const char *line = strstr (err, "using OpenCL device ");
  CHECK (line != NULL && strncmp (line + 20, device, strlen (device)) == 0
	 && strstr (line, "local rank") == NULL,
	 "GPURT_DEVICE=%s with a rank:\n%s", device, err);

  /* A rank that is not a number: said, ignored.  */
  const char *bad[] = { "SLURM_LOCALID=x1", "GPURT_VERBOSE=1",
			"GPURT_DEVICE", NULL };
  int st = check_child_stderr ("local-rank", "--work", bad, err, sizeof err);
  CHECK (WIFEXITED (st) && WEXITSTATUS (st) == 0
	 && strstr (err, "SLURM_LOCALID=x1 is not a rank") != NULL
	 && strstr (err, "local rank") == NULL,
	 "SLURM_LOCALID=x1: status %#x, stderr:\n%s", st, err);

  return work ();
}
