/* gpurt-profile.c -- the GPURT_PROFILE report, written at exit.

   GPURT_PROFILE=1 prints a table on stderr; GPURT_PROFILE=json:FILE writes
   the same data as JSON to FILE.  One row per region registered or
   launched, in registration order: launches (calls of gpurt_launch,
   empty ones included), how many ran on the device and on the host
   (fallbacks and GPURT_DEVICE=host), kernel time from OpenCL profiling
   events, bytes copied each way, and the time spent building its
   program and whether it came from the persistent program cache
   (gpurt-cache.c).  The counters are atomics updated by gpurt.c and
   gpurt-buffers.c; this file only reads them.  The report is registered
   with atexit by gpurt_init.  */

#include "gpurt-internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Column widths of the text table.  */

struct gpurt_widths
{
  int name;
  int loc;
};

/* Widen W (a struct gpurt_widths) for region R.  */

static void
gpurt_profile_measure (struct gpurt_region *r, void *w)
{
  struct gpurt_widths *widths = w;
  int len;

  len = (int) strlen (r->name != NULL ? r->name : "?");
  if (len > widths->name)
    widths->name = len;
  len = (int) strlen (r->loc != NULL ? r->loc : "?");
  if (len > widths->loc)
    widths->loc = len;
}

/* Print the table row of region R, with the widths W.  */

static void
gpurt_profile_row (struct gpurt_region *r, void *w)
{
  const struct gpurt_widths *widths = w;

  fprintf (stderr, "  %-*s  %-*s %9" PRIu64 " %9" PRIu64 " %9" PRIu64
	   " %12.3f %14" PRIu64 " %14" PRIu64 " %10.1f %6" PRIu64
	   " %14" PRIu64 "\n",
	   widths->name, r->name != NULL ? r->name : "?",
	   widths->loc, r->loc != NULL ? r->loc : "?",
	   (uint64_t) atomic_load (&r->launches),
	   (uint64_t) atomic_load (&r->device_runs),
	   (uint64_t) atomic_load (&r->host_runs),
	   (double) atomic_load (&r->kernel_ns) / 1e6,
	   (uint64_t) atomic_load (&r->bytes_h2d),
	   (uint64_t) atomic_load (&r->bytes_d2h),
	   (double) atomic_load (&r->build_ns) / 1e6,
	   (uint64_t) atomic_load (&r->cache_hits),
	   (uint64_t) atomic_load (&r->bytes_resident));
}

/* Write S to F as a JSON string.  */

static void
gpurt_json_string (FILE *f, const char *s)
{
  fputc ('"', f);
  for (; s != NULL && *s != '\0'; s++)
    {
      unsigned char c = (unsigned char) *s;

      if (c == '"' || c == '\\')
	fprintf (f, "\\%c", c);
      else if (c < 0x20)
	fprintf (f, "\\u%04x", c);
      else
	fputc (c, f);
    }
  fputc ('"', f);
}

/* State of the JSON writer.  */

struct gpurt_json
{
  FILE *f;
  int first;
};

/* Write region R as one element of the "regions" array of J.  */

static void
gpurt_profile_json_region (struct gpurt_region *r, void *j)
{
  struct gpurt_json *json = j;
  FILE *f = json->f;

  fprintf (f, "%s\n    {\"name\": ", json->first ? "" : ",");
  json->first = 0;
  gpurt_json_string (f, r->name);
  fprintf (f, ", \"loc\": ");
  gpurt_json_string (f, r->loc);
  fprintf (f, ", \"launches\": %" PRIu64 ", \"device_runs\": %" PRIu64
	   ", \"host_runs\": %" PRIu64 ", \"kernel_ms\": %.6f"
	   ", \"bytes_h2d\": %" PRIu64 ", \"bytes_d2h\": %" PRIu64
	   ", \"build_ms\": %.3f, \"cache_hits\": %" PRIu64
	   ", \"bytes_resident\": %" PRIu64 ", \"flat_runs\": %" PRIu64 "}",
	   (uint64_t) atomic_load (&r->launches),
	   (uint64_t) atomic_load (&r->device_runs),
	   (uint64_t) atomic_load (&r->host_runs),
	   (double) atomic_load (&r->kernel_ns) / 1e6,
	   (uint64_t) atomic_load (&r->bytes_h2d),
	   (uint64_t) atomic_load (&r->bytes_d2h),
	   (double) atomic_load (&r->build_ns) / 1e6,
	   (uint64_t) atomic_load (&r->cache_hits),
	   (uint64_t) atomic_load (&r->bytes_resident),
	   (uint64_t) atomic_load (&r->flat_runs));
}

/* Write the report (atexit handler).  */

void
gpurt_profile_report (void)
{
  struct gpurt_device *dev = gpurt_device_peek ();

  if (gpurt_env.profile == GPURT_PROFILE_TEXT)
    {
      struct gpurt_widths widths = { 6, 8 };

      gpurt_region_foreach (gpurt_profile_measure, &widths);
      fprintf (stderr, "gpurt profile: device %s%s%s\n",
	       dev != NULL ? "'" : "", dev != NULL ? dev->name : "none (host)",
	       dev != NULL ? "'" : "");
      fprintf (stderr, "  %-*s  %-*s %9s %9s %9s %12s %14s %14s %10s %6s"
	       " %14s\n",
	       widths.name, "region", widths.loc, "location", "launches",
	       "device", "host", "kernel ms", "bytes to dev", "bytes to host",
	       "build ms", "cached", "resident");
      gpurt_region_foreach (gpurt_profile_row, &widths);
      fprintf (stderr, "  resident: bytes already on the device, not copied"
	       " in; results kept on the device and copied back at sync"
	       " points: %" PRIu64 " bytes\n", gpurt_map_sync_bytes ());
      if (dev != NULL && gpurt_map_evicted_bytes (dev) != 0)
	fprintf (stderr, "  evicted: kept bytes copied back to stay under"
		 " GPURT_DEVICE_MEM_LIMIT: %" PRIu64 "\n",
		 gpurt_map_evicted_bytes (dev));
    }
  else if (gpurt_env.profile == GPURT_PROFILE_JSON)
    {
      struct gpurt_json json;

      json.f = fopen (gpurt_env.profile_file, "w");
      json.first = 1;
      if (json.f == NULL)
	{
	  gpurt_message ("GPURT_PROFILE: cannot write %s",
			 gpurt_env.profile_file);
	  return;
	}
      fprintf (json.f, "{\n  \"device\": ");
      if (dev != NULL)
	gpurt_json_string (json.f, dev->name);
      else
	fprintf (json.f, "null");
      fprintf (json.f, ",\n  \"sync_bytes_d2h\": %" PRIu64,
	       gpurt_map_sync_bytes ());
      fprintf (json.f, ",\n  \"evicted_bytes\": %" PRIu64,
	       dev != NULL ? gpurt_map_evicted_bytes (dev) : 0);
      fprintf (json.f, ",\n  \"regions\": [");
      gpurt_region_foreach (gpurt_profile_json_region, &json);
      fprintf (json.f, "\n  ]\n}\n");
      if (fclose (json.f) != 0)
	gpurt_message ("GPURT_PROFILE: error writing %s",
		       gpurt_env.profile_file);
    }
}
