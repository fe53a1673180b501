/* gpurt-describe.c -- gpurt_describe_devices: what OpenCL offers and
   which device libgpurt would use, for `gpuoffload-info' with no file.

   It lists every platform and device with the properties that matter to
   libgpurt, then runs the very matching code the runtime uses
   (gpurt_list_devices and gpurt_match_device in gpurt-device.c) under the
   current GPURT_DEVICE, so the answer cannot drift from what a program
   does.  It also says where the program cache is.  It never creates a
   context.  Exported for the tool only; not part of gpuoffload.h.  */

#include "gpurt-internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Print the string property PARAM of the platform (PLATFORM nonzero,
   object P) or device (object D) after LABEL.  */

static void
gpurt_describe_string (FILE *out, const char *label, int platform,
		       cl_platform_id p, cl_device_id d, cl_uint param)
{
  char why[GPURT_WHY_LEN] = "";
  char *s = gpurt_cl_info_string (platform, p, d, param, why);

  if (s != NULL)
    fprintf (out, "%s%s\n", label, s);
  else
    fprintf (out, "%s? (%s)\n", label, why);
  free (s);
}

/* A fixed-size property PARAM of device D into *VALUE (SIZE bytes);
   returns 1 on success.  */

static int
gpurt_describe_value (cl_device_id d, cl_uint param, void *value,
		      size_t size)
{
  return gpurt_cl_device_value (d, param, value, size);
}

/* The details of candidate C.  */

static void
gpurt_describe_device (FILE *out, const struct gpurt_candidate *c)
{
  cl_uint units = 0, clock = 0;
  cl_ulong global = 0, alloc = 0, local = 0;
  cl_device_fp_config fp64 = 0;
  size_t wg = 0;

  fprintf (out, "  device %u:%u  %s  (%s)%s\n", c->platform_index,
	   c->device_index, c->name, gpurt_type_name (c->type),
	   c->usable ? "" : "  [not usable: unavailable or no compiler]");
  gpurt_describe_string (out, "      version:        ", 0, NULL, c->id,
			 CL_DEVICE_VERSION);
  gpurt_describe_string (out, "      driver:         ", 0, NULL, c->id,
			 CL_DRIVER_VERSION);
  if (gpurt_describe_value (c->id, CL_DEVICE_MAX_COMPUTE_UNITS, &units,
			    sizeof units)
      && gpurt_describe_value (c->id, CL_DEVICE_MAX_CLOCK_FREQUENCY, &clock,
			       sizeof clock))
    fprintf (out, "      compute units:  %u at %u MHz\n", units, clock);
  if (gpurt_describe_value (c->id, CL_DEVICE_GLOBAL_MEM_SIZE, &global,
			    sizeof global)
      && gpurt_describe_value (c->id, CL_DEVICE_MAX_MEM_ALLOC_SIZE, &alloc,
			       sizeof alloc)
      && gpurt_describe_value (c->id, CL_DEVICE_LOCAL_MEM_SIZE, &local,
			       sizeof local))
    fprintf (out, "      memory:         %" PRIu64 " MiB global, %" PRIu64
	     " MiB largest buffer, %" PRIu64 " KiB local\n",
	     (uint64_t) global >> 20, (uint64_t) alloc >> 20,
	     (uint64_t) local >> 10);
  if (gpurt_describe_value (c->id, CL_DEVICE_MAX_WORK_GROUP_SIZE, &wg,
			    sizeof wg))
    fprintf (out, "      work-group:     up to %zu work-items\n", wg);
  /* Devices without fp64 may refuse the query: that means no fp64.  */
  gpurt_describe_value (c->id, CL_DEVICE_DOUBLE_FP_CONFIG, &fp64,
			sizeof fp64);
  fprintf (out, "      double:         %s\n",
	   fp64 != 0 ? "yes (regions using double can run here)"
		     : "no (regions using double run on the host)");
}

int
gpurt_describe_devices (FILE *out)
{
  struct gpurt_candidate *cands = NULL, *c = NULL;
  unsigned n = 0, i;
  const char *because = "";
  const char *cache;
  char why[GPURT_WHY_LEN] = "";
  cl_platform_id last = NULL;
  int found = 0;

  gpurt_init ();
  if (gpurt_env.device == GPURT_DEV_HOST)
    {
      gpurt_set_why (why, "GPURT_DEVICE=host");
      goto ERROR;
    }
  if (!gpurt_load_opencl (why))
    goto ERROR;
  if (!gpurt_list_devices (&cands, &n, why))
    goto ERROR;
  if (n == 0)
    fprintf (out, "No OpenCL platform with a device.\n");
  for (i = 0; i < n; i++)
    {
      if (i == 0 || cands[i].platform != last)
	{
	  fprintf (out, "%splatform %u\n", i == 0 ? "" : "\n",
		   cands[i].platform_index);
	  gpurt_describe_string (out, "  name:    ", 1, cands[i].platform,
				 NULL, CL_PLATFORM_NAME);
	  gpurt_describe_string (out, "  vendor:  ", 1, cands[i].platform,
				 NULL, CL_PLATFORM_VENDOR);
	  gpurt_describe_string (out, "  version: ", 1, cands[i].platform,
				 NULL, CL_PLATFORM_VERSION);
	  last = cands[i].platform;
	}
      gpurt_describe_device (out, &cands[i]);
    }
  c = gpurt_match_device (cands, n, &because, why);
  if (c != NULL)
    found = 1;

 ERROR:
  fprintf (out, "\n");
  if (found)
    fprintf (out, "libgpurt would use device %u:%u '%s' (GPURT_DEVICE=%s:"
	     " %s)\n", c->platform_index, c->device_index, c->name,
	     gpurt_env.device_string, because);
  else if (strncmp (why, "GPURT_DEVICE=", 13) == 0)
    fprintf (out, "libgpurt would run marked loops on the host (%s)\n",
	     why);
  else
    fprintf (out, "libgpurt would run marked loops on the host"
	     " (GPURT_DEVICE=%s: %s)\n", gpurt_env.device_string, why);
  cache = gpurt_cache_dir ();
  fprintf (out, "program cache: %s\n",
	   cache != NULL ? cache : "off (GPURT_CACHE_DIR=off)");
  free (cands);
  return found ? 0 : 1;
}
