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

/* See gpurt-internal.h.  */

void
gpurt_env_read (void)
{
  const char *s;
  unsigned v;

  gpurt_parse_device (getenv ("GPURT_DEVICE"));

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

  s = getenv ("GPURT_VERIFY");
  gpurt_env.verify = s != NULL && *s != '\0' && strcmp (s, "0") != 0;
  gpurt_env.verify_rtol = 1e-5;
  s = getenv ("GPURT_VERIFY_RTOL");
  if (s != NULL && *s != '\0')
    {
      char *end;
      double d = strtod (s, &end);
      if (*end == '\0' && d >= 0)
	gpurt_env.verify_rtol = d;
      else
	gpurt_message ("GPURT_VERIFY_RTOL=%s is not a number >= 0; using"
		       " 1e-5", s);
    }
  gpurt_env.verify_inject = -1;
  s = getenv ("GPURT_VERIFY_INJECT");
  if (s != NULL && *s != '\0' && gpurt_parse_unsigned (s, &v))
    gpurt_env.verify_inject = (long) v;


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
      if (*end == '\0' && g > 0)
	gpurt_env.reduce_groups = (size_t) g;
    }
  s = getenv ("GPURT_REDUCE_FINAL");
  gpurt_env.reduce_final_kernel = s != NULL && strcmp (s, "kernel") == 0;
  gpurt_env.reduce_stats = getenv ("GPURT_REDUCE_STATS") != NULL;
}
