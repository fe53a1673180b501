/* gpurt-env.c -- the runtime's settings from the environment (SPEC
   section 5), read once, in one place: every other file of libgpurt reads
   struct gpurt_env, none calls getenv.  */

#include "gpurt-internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct gpurt_env gpurt_env;

/* Parse the decimal unsigned number S into *OUT; nonzero on success.  */

static int
gpurt_parse_unsigned (const char *s, unsigned *out)
{
  char *end;
  unsigned long v;

  if (!isdigit ((unsigned char) *s))
    return 0;
  v = strtoul (s, &end, 10);
  if (*end != '\0' || v > 0xffffffffUL)
    return 0;
  *out = (unsigned) v;
  return 1;
}

/* Parse the byte count S (decimal, with an optional K, M or G suffix of
   1024, 1024^2, 1024^3) into *OUT; nonzero on success.  */

static int
gpurt_parse_bytes (const char *s, uint64_t *out)
{
  char *end;
  unsigned long long v;
  unsigned shift = 0;

  if (!isdigit ((unsigned char) *s))
    return 0;
  v = strtoull (s, &end, 10);
  switch (*end)
    {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    default: break;
    }
  if (*end != '\0' || v == 0 || v > (UINT64_MAX >> shift))
    return 0;
  *out = (uint64_t) v << shift;
  return 1;
}

/* The switch NAME (0 or 1) from the environment: DFLT when it is unset
   or empty, or anything else (which is reported).  */

static int
gpurt_env_switch (const char *name, int dflt)
{
  const char *s = getenv (name);

  if (s == NULL || *s == '\0')
    return dflt;
  if (strcmp (s, "0") == 0 || strcmp (s, "1") == 0)
    return *s == '1';
  gpurt_message ("%s=%s is not 0 or 1; using %d", name, s, dflt);
  return dflt;
}

/* The positive number of bytes NAME from the environment: 0 when it is
   unset or empty, or not a number (which is reported); 1 for 0.  */

static uint64_t
gpurt_env_bytes (const char *name)
{
  const char *s = getenv (name);
  char *end;
  unsigned long long g;

  if (s == NULL || *s == '\0')
    return 0;
  g = strtoull (s, &end, 10);
  if (isdigit ((unsigned char) *s) && *end == '\0')
    return g != 0 ? g : 1;
  gpurt_message ("%s=%s is not a number of bytes; ignored", name, s);
  return 0;
}

/* The variables libgpurt reads; any other GPURT_* in the environment is
   reported as a likely typo.  */

static const char *const gpurt_known_vars[] = {
  "GPURT_DEVICE", "GPURT_FALLBACK", "GPURT_VERBOSE", "GPURT_PROFILE",
  "GPURT_HOST_THREADS", "GPURT_VERIFY", "GPURT_VERIFY_RTOL",
  "GPURT_VERIFY_INJECT", "GPURT_CACHE_DIR", "GPURT_REDUCE_GROUPS",
  "GPURT_REDUCE_FINAL", "GPURT_REDUCE_STATS", "GPURT_HEAP_BYTES",
  "GPURT_BATCH_BYTES", "GPURT_DEVICE_MEM_LIMIT", "GPURT_ASYNC",
  "GPURT_INIT", "GPURT_PINNED", "GPURT_GROUP_SIZE", "GPURT_TWO_LEVEL",
  "GPURT_LOCAL_MEM_LIMIT", "GPURT_BATCH", "GPURT_POOL",
  "GPURT_PINNED_CHUNK", "GPURT_DEVICES", "GPURT_BATCH_RAMP",
  "GPURT_MULTI_RESIDENT",
  "GPURT_STAGE_MERGE", "GPURT_LOCAL_SHAPE", "GPURT_STAGE_NT",
  "GPURT_INDEX32_LIMIT"
};

/* Say which GPURT_* variables of the environment libgpurt does not know.  */

static void
gpurt_check_unknown_vars (void)
{
  extern char **environ;

  for (char **e = environ; e != NULL && *e != NULL; e++)
    {
      const char *eq = strchr (*e, '=');
      size_t len = eq != NULL ? (size_t) (eq - *e) : strlen (*e);
      int known = 0;

      if (strncmp (*e, "GPURT_", 6) != 0)
	continue;
      for (size_t i = 0; i < sizeof gpurt_known_vars / sizeof *gpurt_known_vars;
	   i++)
	if (strlen (gpurt_known_vars[i]) == len
	    && strncmp (gpurt_known_vars[i], *e, len) == 0)
	  known = 1;
      if (!known)
	gpurt_message ("%.*s is not a libgpurt variable; ignored", (int) len,
		       *e);
    }
}

/* Read the byte count of variable NAME into *OUT (0 when unset), saying
   so when it is not one.  */

static void
gpurt_read_bytes (const char *name, uint64_t *out)
{
  const char *s = getenv (name);

  *out = 0;
  if (s != NULL && *s != '\0' && !gpurt_parse_bytes (s, out))
    gpurt_message ("%s=%s is not a byte count (N, NK, NM or NG, above 0);"
		   " ignored", name, s);
}

/* Parse GPURT_LOCAL_SHAPE's value S, shapes such as 32x8,32x4x2 (one per
   number of dimensions at most), into gpurt_env.local_shape; nonzero on
   success.  */

static int
gpurt_parse_local_shape (const char *s)
{
  while (*s != '\0')
    {
      size_t shape[3];
      unsigned ndim = 0, d;

      for (;;)
	{
	  unsigned v;
	  size_t len = strcspn (s, "x,");
	  char word[16];

	  if (len == 0 || len >= sizeof word || ndim == 3)
	    return 0;
	  memcpy (word, s, len);
	  word[len] = '\0';
	  if (!gpurt_parse_unsigned (word, &v) || v == 0 || v > 4096)
	    return 0;
	  shape[ndim++] = v;
	  s += len;
	  if (*s != 'x')
	    break;
	  s++;
	}
      if (gpurt_env.local_shape[ndim - 1][0] != 0)
	return 0;
      for (d = 0; d < 3; d++)
	gpurt_env.local_shape[ndim - 1][d] = d < ndim ? shape[d] : 1;
      if (*s == ',')
	s++;
    }
  return 1;
}

/* Parse GPURT_DEVICE's value S.  */

static void
gpurt_parse_device (const char *s)
{
  const char *colon;

  gpurt_env.device = GPURT_DEV_AUTO;
  gpurt_env.device_string = "auto";
  if (s == NULL || *s == '\0')
    return;
  gpurt_env.device_string = s;
  if (strcasecmp (s, "auto") == 0)
    gpurt_env.device = GPURT_DEV_AUTO;
  else if (strcasecmp (s, "gpu") == 0)
    gpurt_env.device = GPURT_DEV_GPU;
  else if (strcasecmp (s, "cpu") == 0)
    gpurt_env.device = GPURT_DEV_CPU;
  else if (strcasecmp (s, "host") == 0)
    gpurt_env.device = GPURT_DEV_HOST;
  else
    {
      colon = strchr (s, ':');
      if (colon != NULL && colon != s && strchr (colon + 1, ':') == NULL)
	{
	  char platform[32];
	  size_t len = (size_t) (colon - s);

	  if (len < sizeof platform)
	    {
	      memcpy (platform, s, len);
	      platform[len] = '\0';
	      if (gpurt_parse_unsigned (platform, &gpurt_env.platform_index)
		  && gpurt_parse_unsigned (colon + 1,
					   &gpurt_env.device_index))
		{
		  gpurt_env.device = GPURT_DEV_INDEX;
		  return;
		}
	    }
	}
      gpurt_env.device = GPURT_DEV_NAME;
    }
}

/* Parse GPURT_DEVICES's value S: "all", or a comma-separated list of
   devices, each "P:D" (as GPURT_DEVICE names one) or "N" (the N-th
   usable device of the chosen device's type, gpurt_multi_find); the
   same device twice is two logical devices on it.  */

static void
gpurt_parse_devices (const char *s)
{
  gpurt_env.ndevices = 0;
  gpurt_env.devices_all = 0;
  if (s == NULL || *s == '\0')
    return;
  if (strcasecmp (s, "all") == 0)
    {
      gpurt_env.devices_all = 1;
      return;
    }
  while (*s != '\0')
    {
      char item[32];
      size_t len = strcspn (s, ",");
      struct gpurt_device_ref *ref = &gpurt_env.devices[gpurt_env.ndevices];
      char *colon;

      if (len == 0 || len >= sizeof item
	  || gpurt_env.ndevices == GPURT_MAX_DEVICES)
	goto BAD;
      memcpy (item, s, len);
      item[len] = '\0';
      colon = strchr (item, ':');
      ref->flat = colon == NULL;
      if (colon != NULL)
	*colon = '\0';
      if (!gpurt_parse_unsigned (item, &ref->platform_index)
	  || (colon != NULL
	      && !gpurt_parse_unsigned (colon + 1, &ref->device_index)))
	goto BAD;
      gpurt_env.ndevices++;
      s += len;
      if (*s == ',')
	s++;
    }
  return;

 BAD:
  gpurt_message ("GPURT_DEVICES=%s is neither \"all\" nor a list of at most %d"
		 " devices P:D or N; ignored", getenv ("GPURT_DEVICES"),
		 GPURT_MAX_DEVICES);
  gpurt_env.ndevices = 0;
}

/* The process's rank among the ranks of its host, from the variables
   that MPI launchers and Slurm set, into gpurt_env.local_rank (-1 when
   none is set).  Read only when GPURT_DEVICE is unset: the user's choice
   of device wins over the rank's.  No MPI library is needed for this.  */

static void
gpurt_read_local_rank (void)
{
  static const char *const vars[][2] = {
    { "OMPI_COMM_WORLD_LOCAL_RANK", "Open MPI" },
    { "MPI_LOCALRANKID", "MPICH" },
    { "SLURM_LOCALID", "Slurm" }
  };
  const char *s = getenv ("GPURT_DEVICE");
  unsigned i, v;

  gpurt_env.local_rank = -1;
  gpurt_env.local_rank_from = NULL;
  if (s != NULL && *s != '\0')
    return;
  for (i = 0; i < sizeof vars / sizeof vars[0]; i++)
    {
      s = getenv (vars[i][0]);
      if (s == NULL || *s == '\0')
	continue;
      if (gpurt_parse_unsigned (s, &v) && v <= 0x7fffffff)
	{
	  gpurt_env.local_rank = (int) v;
	  gpurt_env.local_rank_from = vars[i][1];
	  return;
	}
      gpurt_message ("%s=%s is not a rank; ignored", vars[i][0], s);
    }
}

/* See gpurt-internal.h.  */

void
gpurt_env_read (void)
{
  const char *s;
  unsigned v;

  gpurt_parse_device (getenv ("GPURT_DEVICE"));
  gpurt_parse_devices (getenv ("GPURT_DEVICES"));
  gpurt_read_local_rank ();

  gpurt_env.fallback = GPURT_FALLBACK_WARN;
  s = getenv ("GPURT_FALLBACK");
  if (s != NULL && *s != '\0')
    {
      if (strcasecmp (s, "warn") == 0)
	gpurt_env.fallback = GPURT_FALLBACK_WARN;
      else if (strcasecmp (s, "silent") == 0)
	gpurt_env.fallback = GPURT_FALLBACK_SILENT;
      else if (strcasecmp (s, "abort") == 0)
	gpurt_env.fallback = GPURT_FALLBACK_ABORT;
      else
	gpurt_message ("GPURT_FALLBACK=%s is not warn, silent or abort;"
		       " using warn", s);
    }

  gpurt_env.verbose = 0;
  s = getenv ("GPURT_VERBOSE");
  if (s != NULL && *s != '\0')
    {
      if (gpurt_parse_unsigned (s, &v))
	gpurt_env.verbose = v > 3 ? 3 : (int) v;
      else
	gpurt_message ("GPURT_VERBOSE=%s is not a number 0..3; ignored", s);
    }

  gpurt_env.profile = GPURT_PROFILE_OFF;
  s = getenv ("GPURT_PROFILE");
  if (s != NULL && *s != '\0' && strcmp (s, "0") != 0)
    {
      if (strcmp (s, "1") == 0)
	gpurt_env.profile = GPURT_PROFILE_TEXT;
      else if (strncmp (s, "json:", 5) == 0 && s[5] != '\0')
	{
	  gpurt_env.profile = GPURT_PROFILE_JSON;
	  gpurt_env.profile_file = s + 5;
	}
      else
	gpurt_message ("GPURT_PROFILE=%s is not 1 or json:FILE; ignored", s);
    }

  gpurt_env.host_threads = 0;
  s = getenv ("GPURT_HOST_THREADS");
  if (s != NULL && *s != '\0')
    {
      if (gpurt_parse_unsigned (s, &v) && v > 0)
	gpurt_env.host_threads = v;
      else
	gpurt_message ("GPURT_HOST_THREADS=%s is not a positive number;"
		       " using the number of cores", s);
    }

  gpurt_env.verify = gpurt_env_switch ("GPURT_VERIFY", 0);
  gpurt_env.verify_rtol = -1;
  s = getenv ("GPURT_VERIFY_RTOL");
  if (s != NULL && *s != '\0')
    {
      char *end;
      double d = strtod (s, &end);
      if (end != s && *end == '\0' && d >= 0 && d <= 1e300)
	gpurt_env.verify_rtol = d;
      else
	gpurt_message ("GPURT_VERIFY_RTOL=%s is not a number >= 0; using"
		       " the default", s);
    }
  gpurt_env.verify_inject = -1;
  gpurt_env.verify_inject_ulps = 0;
  s = getenv ("GPURT_VERIFY_INJECT");
  if (s != NULL && *s != '\0')
    {
      const char *plus = strchr (s, '+');
      char index[32];
      unsigned ulps = 0;
      if (plus != NULL && (size_t) (plus - s) < sizeof index
	  && gpurt_parse_unsigned (plus + 1, &ulps) && ulps > 0
	  && ulps < (1U << 20))
	{
	  memcpy (index, s, (size_t) (plus - s));
	  index[plus - s] = '\0';
	  s = index;
	}
      else
	ulps = 0;
      if ((plus == NULL || ulps != 0) && gpurt_parse_unsigned (s, &v))
	{
	  gpurt_env.verify_inject = (long) v;
	  gpurt_env.verify_inject_ulps = (long) ulps;
	}
      else
	gpurt_message ("GPURT_VERIFY_INJECT=%s is not an element index;"
		       " ignored", s);
    }

  /* The program cache's folder (gpurt-cache.c decides from these).  */
  gpurt_env.cache_dir = getenv ("GPURT_CACHE_DIR");
  gpurt_env.xdg_cache_home = getenv ("XDG_CACHE_HOME");
  gpurt_env.home = getenv ("HOME");

  /* Reductions (gpurt-reduce.c): tuning and measuring knobs.  */
  gpurt_env.reduce_groups = 0;
  s = getenv ("GPURT_REDUCE_GROUPS");
  if (s != NULL && *s != '\0')
    {
      char *end;
      unsigned long long g = strtoull (s, &end, 10);
      if (isdigit ((unsigned char) *s) && *end == '\0' && g > 0
	  && g <= (1ull << 31))
	gpurt_env.reduce_groups = (size_t) g;
      else
	gpurt_message ("GPURT_REDUCE_GROUPS=%s is not a number of"
		       " work-groups (1 to 2^31); choosing", s);
    }
  /* Two-level kernels (docs/ABI.md section 5): the work-group size, to
     measure and to test other sizes than the runtime's choice.  */
  gpurt_env.group_size = 0;
  s = getenv ("GPURT_GROUP_SIZE");
  if (s != NULL && *s != '\0')
    {
      char *end;
      unsigned long long g = strtoull (s, &end, 10);
      if (isdigit ((unsigned char) *s) && *end == '\0' && g > 0
	  && g <= 4096 && (g & (g - 1)) == 0)
	gpurt_env.group_size = (size_t) g;
      else
	gpurt_message ("GPURT_GROUP_SIZE=%s is not a power of two from 1 to"
		       " 4096; choosing", s);
    }
  /* Plain kernels: the work-group to start from, per number of
     dimensions (gpurt_choose_local_size), to measure other shapes.  */
  memset (gpurt_env.local_shape, 0, sizeof gpurt_env.local_shape);
  s = getenv ("GPURT_LOCAL_SHAPE");
  if (s != NULL && *s != '\0' && !gpurt_parse_local_shape (s))
    {
      memset (gpurt_env.local_shape, 0, sizeof gpurt_env.local_shape);
      gpurt_message ("GPURT_LOCAL_SHAPE=%s is not a list of work-group"
		     " shapes such as 32x8,32x4x2 (each size 1 to 4096);"
		     " choosing", s);
    }
  /* Kernel variants (docs/ABI.md section 6): pretend the device has
     less local memory, to test the fall back to the plain kernel.  */
  gpurt_env.local_mem_limit = gpurt_env_bytes ("GPURT_LOCAL_MEM_LIMIT");
  /* The kernels with 32-bit offsets (docs/ABI.md section 6): pretend
     fewer bytes fit them, to test the fall back to the plain kernel.  */
  gpurt_env.index32_limit = gpurt_env_bytes ("GPURT_INDEX32_LIMIT");
  /* The last work-group combines the partials when the kernel can
     (record "reduce WG local last"), else the host.  */
  gpurt_env.reduce_final = GPURT_REDUCE_FINAL_LAST;
  s = getenv ("GPURT_REDUCE_FINAL");
  if (s != NULL && *s != '\0')
    {
      if (strcmp (s, "kernel") == 0)
	gpurt_env.reduce_final = GPURT_REDUCE_FINAL_KERNEL;
      else if (strcmp (s, "host") == 0)
	gpurt_env.reduce_final = GPURT_REDUCE_FINAL_HOST;
      else if (strcmp (s, "last") != 0)
	gpurt_message ("GPURT_REDUCE_FINAL=%s is not last, host or kernel;"
		       " using last", s);
    }
  gpurt_env.reduce_stats = getenv ("GPURT_REDUCE_STATS") != NULL;

  /* GPURT_ASYNC (default 1): launches that keep their results on the
     device return once enqueued; the next sync point waits.  0 makes
     every launch wait for its kernel.  On by default since it passed the
     GPU check on an H100 and made a 2-D Jacobi 1.5x faster there
     (bench/results/2026-11-24-h100-async.md).  */
  gpurt_env.async = gpurt_env_switch ("GPURT_ASYNC", 1);

  /* GPURT_INIT=eager (default): a thread started with the program
     opens the device and loads the registered kernels before the first
     region needs them (gpurt-startup.c); lazy: the first region does.  */
  gpurt_env.init_lazy = 0;
  s = getenv ("GPURT_INIT");
  if (s != NULL && *s != '\0')
    {
      if (strcmp (s, "lazy") == 0)
	gpurt_env.init_lazy = 1;
      else if (strcmp (s, "eager") != 0)
	gpurt_message ("GPURT_INIT=%s is not eager or lazy; using eager", s);
    }

  /* GPURT_POOL (default 1): small device buffers are sub-buffers of one
     buffer made at start-up (gpurt-cl.c); 0: each is a buffer of its
     own, as before.  */
  gpurt_env.pool = gpurt_env_switch ("GPURT_POOL", 1);

  /* GPURT_TWO_LEVEL: which kernel of a two-level region runs (docs/ABI.md
     section 5): chosen per launch (auto), or always the work-groups'
     (group) or the one-level one (flat), to measure and test each.  */
  gpurt_env.two_level = GPURT_TWO_LEVEL_AUTO;
  s = getenv ("GPURT_TWO_LEVEL");
  if (s != NULL && *s != '\0')
    {
      if (strcmp (s, "group") == 0)
	gpurt_env.two_level = GPURT_TWO_LEVEL_GROUP;
      else if (strcmp (s, "flat") == 0)
	gpurt_env.two_level = GPURT_TWO_LEVEL_FLAT;
      else if (strcmp (s, "auto") != 0)
	gpurt_message ("GPURT_TWO_LEVEL=%s is not auto, group or flat; using"
		       " auto", s);
    }

  /* GPURT_PINNED: large copies through pinned memory (gpurt-stage.c);
     by default on devices that are not the CPU.  */
  gpurt_env.pinned = -1;
  s = getenv ("GPURT_PINNED");
  if (s != NULL && *s != '\0')
    {
      if (strcmp (s, "0") == 0 || strcmp (s, "1") == 0)
	gpurt_env.pinned = *s - '0';
      else if (strcmp (s, "auto") != 0)
	gpurt_message ("GPURT_PINNED=%s is not 0, 1 or auto; using auto", s);
    }
  /* GPURT_PINNED_CHUNK: the bytes of one staging slot (tests make it
     small to stage small copies).  */
  gpurt_read_bytes ("GPURT_PINNED_CHUNK", &gpurt_env.pinned_chunk);

  /* For the device heap (read now so that a bad value is reported;
     nothing uses it yet), batches and a pretend-smaller device.  */
  gpurt_read_bytes ("GPURT_HEAP_BYTES", &gpurt_env.heap_bytes);
  gpurt_read_bytes ("GPURT_BATCH_BYTES", &gpurt_env.batch_bytes);
  gpurt_read_bytes ("GPURT_DEVICE_MEM_LIMIT", &gpurt_env.device_mem_limit);
  /* GPURT_BATCH (default 1): large batchable regions run in batches
     pipelined over several queues; 0 runs batches one after the other,
     and only for data that do not fit (for comparisons).  */
  gpurt_env.batch = gpurt_env_switch ("GPURT_BATCH", 1);
  /* GPURT_BATCH_RAMP (default 0; the ramp was slower on an H100): a
     pipeline's first batches grow and its last ones shrink, so that
     less of it runs unhidden.  */
  gpurt_env.batch_ramp = gpurt_env_switch ("GPURT_BATCH_RAMP", 0);
  /* GPURT_MULTI_RESIDENT (default 1): the slices of a split region stay
     on their logical devices for the next split region with the same
     cut (gpurt-multi.c); 0: every split launch copies its slices in and
     back.  */
  gpurt_env.multi_resident = gpurt_env_switch ("GPURT_MULTI_RESIDENT", 1);
  /* GPURT_STAGE_MERGE (default 1): a pipeline copies a batch's slices
     out of and the next one's into a staging area in one call of the host
     thread pool, not one call per slice.  */
  gpurt_env.stage_merge = gpurt_env_switch ("GPURT_STAGE_MERGE", 1);
  /* GPURT_STAGE_NT (default 1): the host pool's copies of 8 MiB or more
     store with non-temporal stores where the CPU has them.  */
  gpurt_env.stage_nt = gpurt_env_switch ("GPURT_STAGE_NT", 1);

  gpurt_check_unknown_vars ();
}
