/* gpurt-profile.c -- the GPURT_PROFILE report, written at exit.

   GPURT_PROFILE=1 prints a table on stderr; GPURT_PROFILE=json:FILE writes
   the same data as JSON to FILE.  One row per region registered or
   launched, in registration order: launches (calls of gpurt_launch,
   empty ones included), how many ran on the device and on the host
   (fallbacks, GPURT_DEVICE=host and deopts), how many of those were
   deopts of a speculated region (its kernel reached a speculated call,
   so the host ran it again), kernel time from OpenCL profiling
   events, bytes copied each way, and the time spent building its
   program and whether it came from the persistent program cache
   (gpurt-cache.c), and the copies that were redundant: bytes the other
   side already had (gpurt-redundant.c), per region, with the totals of
   all regions and the syncs' below the table (at the top in JSON).
   The counters are atomics updated by gpurt.c and gpurt-buffers.c; this
   file only reads them.  The report is registered
   with atexit by gpurt_init.

   A second table splits the host time of the launches that ran on the
   device into parts (enum gpurt_part): the first launch, which may wait
   for the device or its program, apart from the mean of the later ones
   (what a launch costs once everything is ready).  Each launch reads
   the clock at each part's end, only under GPURT_PROFILE.  A third row,
   "idle", is the mean of the later launches that began after no launch
   had run for GPURT_IDLE_NS: what a launch costs after the host worked
   alone a while (the device's and the driver's threads asleep, the
   host's caches cold), whatever the start-up did.  The first launch of
   a program that works before it is such a launch too: its parts above
   the idle row's are first-time work, the rest is idleness.  */

#include "gpurt-internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* The parts' names, in the order of enum gpurt_part.  */
static const char *const gpurt_part_names[GPURT_NPARTS] = {
  "ready", "lookup", "args", "copy", "enqueue", "wait", "release"
};

/* A launch that begins this long after the end of the last one (of any
   region) is an idle one: 50 ms, far above a time step's host work
   between launches, far below the pauses that let a GPU clock down.  */
#define GPURT_IDLE_NS 50000000u

/* When the last launch on the device ended (GPURT_PROFILE only).  */
static atomic_uint_least64_t gpurt_last_end_ns;

/* Start the clock C of a launch (read only under GPURT_PROFILE).  */

void
gpurt_clock_start (struct gpurt_clock *c)
{
  memset (c, 0, sizeof *c);
  c->on = gpurt_env.profile != GPURT_PROFILE_OFF;
  if (c->on)
    c->start = c->last = gpurt_now_ns ();
}

/* See gpurt-internal.h.  */

void
gpurt_clock_add (struct gpurt_region *r, const struct gpurt_clock *c)
{
  uint64_t last_end;
  int first, idle;
  unsigned p;

  if (!c->on)
    return;
  first = atomic_exchange (&r->first_taken, 1) == 0;
  last_end = atomic_exchange (&gpurt_last_end_ns, c->last);
  idle = !first && last_end != 0 && c->start > last_end
	 && c->start - last_end >= GPURT_IDLE_NS;
  for (p = 0; p < GPURT_NPARTS; p++)
    {
      atomic_fetch_add (first ? &r->first_part_ns[p] : &r->later_part_ns[p],
			c->part_ns[p]);
      if (idle)
	atomic_fetch_add (&r->idle_part_ns[p], c->part_ns[p]);
    }
  if (idle)
    atomic_fetch_add (&r->idle_runs, 1);
}

/* The host time of R's launches on the device by part in microseconds,
   row by row (the first launch, the mean of the later ones, the mean of
   the idle ones), into PART, their totals into TOTAL and how many
   launches each row holds into COUNT.  */

static void
gpurt_profile_parts (struct gpurt_region *r, double part[3][GPURT_NPARTS],
		     double total[3], uint64_t count[3])
{
  atomic_uint_least64_t *ns[3] = {
    r->first_part_ns, r->later_part_ns, r->idle_part_ns
  };
  uint64_t runs = atomic_load (&r->device_runs);
  unsigned p, k;

  count[0] = 1;
  count[1] = runs > 1 ? runs - 1 : 0;
  count[2] = atomic_load (&r->idle_runs);
  for (k = 0; k < 3; k++)
    {
      total[k] = 0;
      for (p = 0; p < GPURT_NPARTS; p++)
	{
	  part[k][p] = count[k] != 0 ? (double) atomic_load (&ns[k][p])
				       / 1e3 / (double) count[k] : 0;
	  total[k] += part[k][p];
	}
    }
}

/* Column widths of the text table.  */

struct gpurt_widths
{
  int name;
  int loc;
};

/* Device time of region R's pipelined batches' copies that ran under
   its kernels or other copies: copy plus kernel time, less the host's
   wall time of the pipelines (0 when nothing overlapped).  */

static uint64_t
gpurt_profile_hidden_ns (struct gpurt_region *r)
{
  uint64_t busy = atomic_load (&r->batch_copy_ns)
		  + atomic_load (&r->batch_kernel_ns);
  uint64_t wall = atomic_load (&r->batch_wall_ns);

  return busy > wall ? busy - wall : 0;
}

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
	   " %7" PRIu64 " %12.3f %14" PRIu64 " %14" PRIu64 " %10.1f %6" PRIu64
	   " %14" PRIu64 " %14" PRIu64 " %14" PRIu64 "\n",
	   widths->name, r->name != NULL ? r->name : "?",
	   widths->loc, r->loc != NULL ? r->loc : "?",
	   (uint64_t) atomic_load (&r->launches),
	   (uint64_t) atomic_load (&r->device_runs),
	   (uint64_t) atomic_load (&r->host_runs),
	   (uint64_t) atomic_load (&r->deopt_runs),
	   (double) atomic_load (&r->kernel_ns) / 1e6,
	   (uint64_t) atomic_load (&r->bytes_h2d),
	   (uint64_t) atomic_load (&r->bytes_d2h),
	   (double) atomic_load (&r->build_ns) / 1e6,
	   (uint64_t) atomic_load (&r->cache_hits),
	   (uint64_t) atomic_load (&r->bytes_resident),
	   (uint64_t) atomic_load (&r->redundant_h2d_bytes),
	   (uint64_t) atomic_load (&r->redundant_d2h_bytes));
  /* Batches (docs/ABI.md section 9): a line of their own too.  */
  if (atomic_load (&r->batches) != 0)
    fprintf (stderr, "  %-*s  batches: %" PRIu64 ", %" PRIu64 " of them"
	     " pipelined; their copies %.3f ms on the device, %.3f ms of it"
	     " hidden behind kernels and other copies\n", widths->name,
	     r->name != NULL ? r->name : "?",
	     (uint64_t) atomic_load (&r->batches),
	     (uint64_t) atomic_load (&r->batch_piped),
	     (double) atomic_load (&r->batch_copy_ns) / 1e6,
	     (double) gpurt_profile_hidden_ns (r) / 1e6);
  /* The device heap of a region that allocates (docs/ABI.md section 8):
     a line of its own, the table's columns staying as they are.  */
  if (r->heap)
    fprintf (stderr, "  %-*s  heap: %" PRIu64 " bytes used by the last"
	     " run, %" PRIu64 " allocations, %" PRIu64 " runs out of heap,"
	     " %" PRIu64 " iterations out of heap, %" PRIu64 " passes over"
	     " them on the device, %" PRIu64 " retried or grown on the"
	     " device, %" PRIu64 " finished on the host (%" PRIu64
	     " iterations), %" PRIu64 " blocks copied home\n", widths->name,
	     r->name != NULL ? r->name : "?",
	     (uint64_t) atomic_load (&r->heap_used),
	     (uint64_t) atomic_load (&r->heap_allocs),
	     (uint64_t) atomic_load (&r->heap_failed),
	     (uint64_t) atomic_load (&r->heap_iter_failed),
	     (uint64_t) atomic_load (&r->heap_passes),
	     (uint64_t) atomic_load (&r->heap_retries),
	     (uint64_t) atomic_load (&r->heap_host),
	     (uint64_t) atomic_load (&r->heap_host_iters),
	     (uint64_t) atomic_load (&r->heap_escaped));
}

/* Print the rows of region R in the table of launch parts (first,
   later, idle; a row without launches left out), with the widths W;
   nothing for a region that never ran on the device.  */

static void
gpurt_profile_parts_rows (struct gpurt_region *r, void *w)
{
  const struct gpurt_widths *widths = w;
  static const char *const rows[3] = { "first", "later", "idle" };
  double part[3][GPURT_NPARTS], total[3];
  uint64_t count[3];
  unsigned p, k;

  if (atomic_load (&r->device_runs) == 0)
    return;
  gpurt_profile_parts (r, part, total, count);
  for (k = 0; k < 3; k++)
    {
      if (count[k] == 0)
	continue;
      fprintf (stderr, "  %-*s  %-*s %9s %10.1f", widths->name,
	       r->name != NULL ? r->name : "?", widths->loc,
	       r->loc != NULL ? r->loc : "?", rows[k], total[k]);
      for (p = 0; p < GPURT_NPARTS; p++)
	fprintf (stderr, " %8.1f", part[k][p]);
      fputc ('\n', stderr);
    }
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
	   ", \"bytes_resident\": %" PRIu64
	   ", \"bytes_filled\": %" PRIu64
	   ", \"redundant_h2d\": %" PRIu64
	   ", \"redundant_h2d_bytes\": %" PRIu64
	   ", \"redundant_d2h\": %" PRIu64
	   ", \"redundant_d2h_bytes\": %" PRIu64
	   ", \"flat_runs\": %" PRIu64 ", \"deopts\": %" PRIu64
	   ", \"heap_used\": %" PRIu64 ", \"heap_allocs\": %" PRIu64
	   ", \"heap_failed\": %" PRIu64 ", \"heap_retries\": %" PRIu64
	   ", \"heap_failed_iterations\": %" PRIu64
	   ", \"heap_passes\": %" PRIu64 ", \"heap_host\": %" PRIu64
	   ", \"heap_host_iterations\": %" PRIu64
	   ", \"heap_escaped\": %" PRIu64
	   ", \"batches\": %" PRIu64 ", \"batches_pipelined\": %" PRIu64
	   ", \"batch_copy_ms\": %.6f, \"batch_hidden_ms\": %.6f",
	   (uint64_t) atomic_load (&r->launches),
	   (uint64_t) atomic_load (&r->device_runs),
	   (uint64_t) atomic_load (&r->host_runs),
	   (double) atomic_load (&r->kernel_ns) / 1e6,
	   (uint64_t) atomic_load (&r->bytes_h2d),
	   (uint64_t) atomic_load (&r->bytes_d2h),
	   (double) atomic_load (&r->build_ns) / 1e6,
	   (uint64_t) atomic_load (&r->cache_hits),
	   (uint64_t) atomic_load (&r->bytes_resident),
	   (uint64_t) atomic_load (&r->bytes_filled),
	   (uint64_t) atomic_load (&r->redundant_h2d),
	   (uint64_t) atomic_load (&r->redundant_h2d_bytes),
	   (uint64_t) atomic_load (&r->redundant_d2h),
	   (uint64_t) atomic_load (&r->redundant_d2h_bytes),
	   (uint64_t) atomic_load (&r->flat_runs),
	   (uint64_t) atomic_load (&r->deopt_runs),
	   (uint64_t) atomic_load (&r->heap_used),
	   (uint64_t) atomic_load (&r->heap_allocs),
	   (uint64_t) atomic_load (&r->heap_failed),
	   (uint64_t) atomic_load (&r->heap_retries),
	   (uint64_t) atomic_load (&r->heap_iter_failed),
	   (uint64_t) atomic_load (&r->heap_passes),
	   (uint64_t) atomic_load (&r->heap_host),
	   (uint64_t) atomic_load (&r->heap_host_iters),
	   (uint64_t) atomic_load (&r->heap_escaped),
	   (uint64_t) atomic_load (&r->batches),
	   (uint64_t) atomic_load (&r->batch_piped),
	   (double) atomic_load (&r->batch_copy_ns) / 1e6,
	   (double) gpurt_profile_hidden_ns (r) / 1e6);

  static const char *const keys[3] = {
    "host_first", "host_later", "host_idle"
  };
  double part[3][GPURT_NPARTS], total[3];
  uint64_t count[3];
  unsigned p, k;

  gpurt_profile_parts (r, part, total, count);

  for (k = 0; k < 3; k++)
    {
      fprintf (f, ", \"%s_us\": {\"total\": %.3f", keys[k], total[k]);
      for (p = 0; p < GPURT_NPARTS; p++)
	fprintf (f, ", \"%s\": %.3f", gpurt_part_names[p], part[k][p]);
      fputc ('}', f);
    }
  fprintf (f, ", \"host_later_launches\": %" PRIu64
	   ", \"host_idle_launches\": %" PRIu64 "}", count[1], count[2]);
}

/* Sum of the redundant copies of every region (gpurt-redundant.c).  */

struct gpurt_redundant_total
{
  uint64_t h2d, h2d_bytes, d2h, d2h_bytes;
};

/* Add region R's redundant copies to T (a struct gpurt_redundant_total).  */

static void
gpurt_profile_add_redundant (struct gpurt_region *r, void *t)
{
  struct gpurt_redundant_total *total = t;

  total->h2d += atomic_load (&r->redundant_h2d);
  total->h2d_bytes += atomic_load (&r->redundant_h2d_bytes);
  total->d2h += atomic_load (&r->redundant_d2h);
  total->d2h_bytes += atomic_load (&r->redundant_d2h_bytes);
}

/* The redundant copies of every region and of the syncs, in T.  */

static void
gpurt_profile_redundant (struct gpurt_redundant_total *t)
{
  uint64_t bytes;

  memset (t, 0, sizeof *t);
  gpurt_region_foreach (gpurt_profile_add_redundant, t);
  t->d2h += gpurt_redundant_sync (&bytes);
  t->d2h_bytes += bytes;
}

/* Write the report (atexit handler).  */

void
gpurt_profile_report (void)
{
  struct gpurt_device *dev = gpurt_device_peek ();
  struct gpurt_redundant_total red;
  uint64_t sync_red_bytes, sync_red;

  if (gpurt_env.profile != GPURT_PROFILE_OFF)
    {
      gpurt_profile_redundant (&red);
      sync_red = gpurt_redundant_sync (&sync_red_bytes);
    }

  if (gpurt_env.profile == GPURT_PROFILE_TEXT)
    {
      struct gpurt_widths widths = { 6, 8 };

      gpurt_region_foreach (gpurt_profile_measure, &widths);
      fprintf (stderr, "gpurt profile: device %s%s%s\n",
	       dev != NULL ? "'" : "", dev != NULL ? dev->name : "none (host)",
	       dev != NULL ? "'" : "");
      fprintf (stderr, "  %-*s  %-*s %9s %9s %9s %7s %12s %14s %14s %10s"
	       " %6s %14s %14s %14s\n",
	       widths.name, "region", widths.loc, "location", "launches",
	       "device", "host", "deopts", "kernel ms", "bytes to dev", "bytes to host",
	       "build ms", "cached", "resident", "redundant dev",
	       "redundant host");
      gpurt_region_foreach (gpurt_profile_row, &widths);
      fprintf (stderr, "  resident: bytes already on the device, not copied"
	       " in; results kept on the device and copied back at sync"
	       " points: %" PRIu64 " bytes\n", gpurt_map_sync_bytes ());
      if (dev != NULL && gpurt_map_bytes_seen (dev, 0) != 0)
	fprintf (stderr, "  evicted: kept bytes copied back to stay under"
		 " GPURT_DEVICE_MEM_LIMIT: %" PRIu64 "\n",
		 gpurt_map_bytes_seen (dev, 0));
      gpurt_multi_report (stderr, 0);
      fprintf (stderr, "  redundant: copies of bytes the other side already"
	       " had: %" PRIu64 " copies, %" PRIu64 " bytes to the device;"
	       " %" PRIu64 " copies, %" PRIu64 " bytes to the host (%" PRIu64
	       " bytes of them at sync points)\n", red.h2d, red.h2d_bytes,
	       red.d2h, red.d2h_bytes, sync_red_bytes);
      fprintf (stderr, "gpurt profile: host time of a launch on the device,"
	       " us (first launch; mean of the later ones; mean of the"
	       " later ones after 50 ms without a launch)\n");
      fprintf (stderr, "  %-*s  %-*s %9s %10s", widths.name, "region",
	       widths.loc, "location", "launch", "total");
      for (unsigned p = 0; p < GPURT_NPARTS; p++)
	fprintf (stderr, " %8s", gpurt_part_names[p]);
      fputc ('\n', stderr);
      gpurt_region_foreach (gpurt_profile_parts_rows, &widths);
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
	       dev != NULL ? gpurt_map_bytes_seen (dev, 0) : 0);
      fprintf (json.f, ",\n  \"total_redundant_h2d\": %" PRIu64
	       ",\n  \"total_redundant_h2d_bytes\": %" PRIu64
	       ",\n  \"total_redundant_d2h\": %" PRIu64
	       ",\n  \"total_redundant_d2h_bytes\": %" PRIu64
	       ",\n  \"sync_redundant_d2h\": %" PRIu64
	       ",\n  \"sync_redundant_d2h_bytes\": %" PRIu64,
	       red.h2d, red.h2d_bytes, red.d2h, red.d2h_bytes, sync_red,
	       sync_red_bytes);
      gpurt_multi_report (json.f, 1);
      fprintf (json.f, ",\n  \"regions\": [");
      gpurt_region_foreach (gpurt_profile_json_region, &json);
      fprintf (json.f, "\n  ]\n}\n");
      if (fclose (json.f) != 0)
	gpurt_message ("GPURT_PROFILE: error writing %s",
		       gpurt_env.profile_file);
    }
}
