/* gpurt-region.c -- caching of parsed region records.

   A region record (docs/ABI.md section 1) is static, NUL-terminated text
   that generated code passes to gpurt_launch and gpurt_register; it is
   parsed by gpurt-record.c, the parser gpuoffload-info uses too.  Since it
   is static data, its address identifies it: the parse is cached in a
   hash table keyed by the pointer, so each record is read once per
   process.  A launch finds its region without a lock (entries are only
   ever added, at the head of a bucket, fully made before they are
   published); only adding one takes the lock.  The table also keeps the regions in registration order for
   the GPURT_PROFILE report.  Regions are never freed: they live as long
   as the program's static data.  */

#include "gpurt-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GPURT_REGION_BUCKETS 256

static pthread_mutex_t gpurt_registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gpurt_region *_Atomic gpurt_buckets[GPURT_REGION_BUCKETS];
static struct gpurt_region *gpurt_region_list;
static struct gpurt_region **gpurt_region_tail = &gpurt_region_list;

/* In the child of fork: the registry lock and a region's build lock may
   have been held by a thread that did not come along (the start-up
   thread loads programs under them).  */

void
gpurt_region_atfork_child (void)
{
  struct gpurt_region *r;

  pthread_mutex_init (&gpurt_registry_lock, NULL);
  for (r = gpurt_region_list; r != NULL; r = r->list_next)
    pthread_mutex_init (&r->build_lock, NULL);
}

/* Parse the record RECORD into R (allocated and zeroed by the caller)
   with gpurt_record_parse, moving its fields into R.  Problems are stored
   in R->error; R's strings are always set so that messages can name the
   region.  */

static void
gpurt_region_parse (struct gpurt_region *r, const char *record)
{
  struct gpurt_record rec;
  unsigned k;

  gpurt_record_parse (&rec, record, (size_t) -1);
  if (rec.error[0] != '\0')
    {
      r->error = strdup (rec.error);
      if (r->error == NULL)
	r->error = (char *) "out of memory reading the record";
    }
  r->name = rec.name;
  r->loc = rec.loc;
  r->options = rec.options;
  r->ndim = rec.ndim;
  r->fp64 = rec.fp64;
  r->fp = rec.fp;
  r->nargs = rec.nargs;
  r->args = rec.args;
  r->reduce_wg = rec.reduce_wg;
  r->reduce_global = rec.reduce_global;
  r->reduce_last = rec.reduce_last;
  r->group_wg = rec.group_wg;
  r->flat_name = rec.flat_name;
  r->index32_name = rec.index32_name;
  r->flat_coalesced = rec.flat_coalesced;
  r->nvariants = rec.nvariants;
  memcpy (r->variants, rec.variants, sizeof r->variants);
  r->batch = rec.batch;
  r->ndeopts = rec.ndeopts;
  memcpy (r->deopts, rec.deopts, sizeof r->deopts);
  r->heap = rec.heap;
  r->escape = rec.escape;
  r->source = rec.source;
  r->source_len = rec.source_len;
  /* The "opt" lines are informational: the runtime does not keep them.  */
  for (k = 0; k < rec.nopts; k++)
    free (rec.opts[k]);
  free (rec.opts);
}

/* The bucket of the record at RECORD.  */

static unsigned
gpurt_region_hash (const char *record)
{
  uint64_t x = (uint64_t) (uintptr_t) record;

  x ^= x >> 17;
  x *= UINT64_C (0x9e3779b97f4a7c15);
  return (unsigned) (x >> 56) % GPURT_REGION_BUCKETS;
}

/* The region of RECORD in BUCKET, or NULL.  */

static struct gpurt_region *
gpurt_region_find (unsigned bucket, const char *record)
{
  struct gpurt_region *r;

  for (r = atomic_load_explicit (&gpurt_buckets[bucket],
				 memory_order_acquire);
       r != NULL; r = r->hash_next)
    if (r->record == record)
      return r;
  return NULL;
}

/* The region of the record RECORD, parsed on first use.  Returns NULL
   only when out of memory.  */

struct gpurt_region *
gpurt_region_get (const char *record)
{
  unsigned bucket = gpurt_region_hash (record);
  struct gpurt_region *r = gpurt_region_find (bucket, record);

  if (r != NULL)
    return r;
  pthread_mutex_lock (&gpurt_registry_lock);
  r = gpurt_region_find (bucket, record);
  if (r != NULL)
    goto DONE;

  r = calloc (1, sizeof *r);
  if (r == NULL)
    goto DONE;
  r->record = record;
  if (pthread_mutex_init (&r->build_lock, NULL) != 0)
    {
      free (r);
      r = NULL;
      goto DONE;
    }
  if (record == NULL)
    {
      r->name = strdup ("?");
      r->loc = strdup ("?");
      r->error = (char *) "no region record (NULL)";
    }
  else
    gpurt_region_parse (r, record);
  if (gpurt_env.verbose >= 3 && r->error != NULL)
    gpurt_message ("region %s (%s): %s", r->name ? r->name : "?",
		   r->loc ? r->loc : "?", r->error);

  r->hash_next = atomic_load (&gpurt_buckets[bucket]);
  atomic_store_explicit (&gpurt_buckets[bucket], r, memory_order_release);
  *gpurt_region_tail = r;
  gpurt_region_tail = &r->list_next;

 DONE:
  pthread_mutex_unlock (&gpurt_registry_lock);
  return r;
}

/* Call FN (REGION, DATA) for every region, in registration order.  */

void
gpurt_region_foreach (void (*fn) (struct gpurt_region *, void *), void *data)
{
  struct gpurt_region *r;

  pthread_mutex_lock (&gpurt_registry_lock);
  for (r = gpurt_region_list; r != NULL; r = r->list_next)
    fn (r, data);
  pthread_mutex_unlock (&gpurt_registry_lock);
}

/* The first registered region, or NULL; with gpurt_region_next, walks
   the regions in registration order while others are being added.  */

struct gpurt_region *
gpurt_region_first (void)
{
  struct gpurt_region *r;

  pthread_mutex_lock (&gpurt_registry_lock);
  r = gpurt_region_list;
  pthread_mutex_unlock (&gpurt_registry_lock);
  return r;
}

/* The region registered after R, or NULL.  */

struct gpurt_region *
gpurt_region_next (struct gpurt_region *r)
{
  struct gpurt_region *next;

  pthread_mutex_lock (&gpurt_registry_lock);
  next = r->list_next;
  pthread_mutex_unlock (&gpurt_registry_lock);
  return next;
}
