/* gpurt-objects.c -- which object a host pointer points into: the heap
   blocks of the program (libgpurt wraps malloc and its relatives and
   keeps every live block) and the variables of the loaded objects (from
   their ELF symbol tables).

   The compiler bounds most accesses of a region from the code; where it
   cannot (an array indexed through another array, a pointer whose size
   lives in a struct) and the user wrote no GPU_EXTENT, it marks the
   argument GPU_ARG_OBJECT, and each launch bounds it by the object its
   pointer points into (gpurt_object_bounds): that whole object is what
   the kernel may reach, and nothing outside it is ever copied.  A pointer
   into no object known here (the stack, memory of another allocator or
   of mmap) sends the launch to the host.

   The wrappers forward to glibc's own entry points (__libc_malloc and
   friends), so glibc's allocator does the work.  Small blocks (most of a
   program's allocations) go into a hash table of block starts split into
   stripes, each behind a spin lock; a pointer into the middle of one is
   found by probing the 16-byte-aligned starts below it.  Larger blocks
   go into an ordered tree (glibc's tsearch) behind one mutex.  The
   tables' own memory comes from glibc's allocator directly (a
   thread-local flag keeps the tree's node allocations out of it).  The
   variables are read from each loaded object's .symtab (or .dynsym when
   stripped) the first time a pointer is not in the heap, with <elf.h>
   alone: libelf would be one more library every program needs.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <search.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gpurt-internal.h"

#define GPURT_EXPORT __attribute__ ((visibility ("default")))

/* glibc's allocator, under the names it exports for wrappers.  */
extern void *__libc_malloc (size_t);
extern void __libc_free (void *);
extern void *__libc_calloc (size_t, size_t);
extern void *__libc_realloc (void *, size_t);
extern void *__libc_memalign (size_t, size_t);
extern void *__libc_valloc (size_t);
extern void *__libc_pvalloc (size_t);

/* Blocks of at least this many bytes go into the tree; smaller ones into
   the hash table.  A multiple of 16: glibc's blocks start 16-aligned.  */
#define GPURT_SMALL_MAX 4096

/* A live heap block [START, END).  */
struct gpurt_block
{
  uintptr_t start, end;
};

/* The large live blocks, ordered by address (glibc's tsearch tree), and
   the lock over it.  */
static void *blocks;
static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;
/* Blocks added to and removed from the tree so far, under BLOCKS_LOCK.  */
static atomic_ulong blocks_added, blocks_removed;

/* Count one more change in COUNTER, under the lock that serialises its
   changes (so no atomic read-modify-write in malloc).  */

static inline void
heap_count (atomic_ulong *counter)
{
  atomic_store_explicit (counter, atomic_load_explicit (counter,
							memory_order_relaxed)
			 + 1, memory_order_relaxed);
}

/* Set while this thread works on the tables: their own allocations go
   straight to glibc.  initial-exec: no TLS lookup (which could allocate)
   inside malloc.  */
static __thread int in_tree __attribute__ ((tls_model ("initial-exec")));

/* Order of blocks A and B; two blocks that overlap compare equal, which
   is how a lookup with a one-byte block finds the block around it (live
   blocks never overlap each other).  */

static int
block_cmp (const void *a, const void *b)
{
  const struct gpurt_block *x = a, *y = b;
  if (x->end <= y->start)
    return -1;
  if (y->end <= x->start)
    return 1;
  return 0;
}

/* One stripe of the small blocks' hash table: open addressing over
   SLOTS (CAP of them, a power of two); START 0 is a free slot, 1 a
   deleted one.  */
struct gpurt_slot
{
  uintptr_t start, size;
};

struct gpurt_stripe
{
  atomic_flag lock;
  size_t cap, used, deleted;
  struct gpurt_slot *slots;
  /* Blocks added and removed so far (changed under LOCK; see
     heap_changes).  */
  atomic_ulong added, removed;
} __attribute__ ((aligned (64)));

#define GPURT_STRIPES 64
static struct gpurt_stripe stripes[GPURT_STRIPES];

/* The hash of the block start P; its top 6 bits choose the stripe.  */

static inline uint64_t
small_hash (uintptr_t p)
{
  return (uint64_t) (p >> 4) * 0x9e3779b97f4a7c15ull;
}

static inline struct gpurt_stripe *
small_stripe (uint64_t h)
{
  return &stripes[h >> 58];
}

static void
stripe_lock (struct gpurt_stripe *st)
{
  while (atomic_flag_test_and_set_explicit (&st->lock, memory_order_acquire))
    sched_yield ();
}

static void
stripe_unlock (struct gpurt_stripe *st)
{
  atomic_flag_clear_explicit (&st->lock, memory_order_release);
}

/* The slot of block START in stripe ST (locked), or NULL; H is START's
   hash.  */

static struct gpurt_slot *
stripe_find (struct gpurt_stripe *st, uintptr_t start, uint64_t h)
{
  if (st->cap == 0)
    return NULL;
  for (size_t i = h & (st->cap - 1), n = 0; n < st->cap;
       i = (i + 1) & (st->cap - 1), n++)
    {
      if (st->slots[i].start == start)
	return &st->slots[i];
      if (st->slots[i].start == 0)
	return NULL;
    }
  return NULL;
}

/* Make room for one more entry in stripe ST (locked): rebuild its slots
   at twice the size, or at the same size when deleted entries fill it.
   Returns 0 when out of memory.  */

static int
stripe_grow (struct gpurt_stripe *st)
{
  if ((st->used + st->deleted + 1) * 4 <= st->cap * 3)
    return 1;
  size_t cap = st->cap == 0 ? 64
	       : (st->used + 1) * 2 <= st->cap ? st->cap : st->cap * 2;
  struct gpurt_slot *slots = __libc_calloc (cap, sizeof *slots);
  if (slots == NULL)
    return 0;
  for (size_t i = 0; i < st->cap; i++)
    if (st->slots[i].start > 1)
      {
	size_t j = small_hash (st->slots[i].start) & (cap - 1);
	while (slots[j].start != 0)
	  j = (j + 1) & (cap - 1);
	slots[j] = st->slots[i];
      }
  __libc_free (st->slots);
  st->slots = slots;
  st->cap = cap;
  st->deleted = 0;
  return 1;
}

/* Record the block P of N bytes (P may be NULL: nothing).  */

static void
block_add (void *p, size_t n)
{
  if (p == NULL || in_tree)
    return;
  in_tree = 1;
  if (n < GPURT_SMALL_MAX)
    {
      uintptr_t start = (uintptr_t) p;
      uint64_t h = small_hash (start);
      struct gpurt_stripe *st = small_stripe (h);
      stripe_lock (st);
      struct gpurt_slot *slot = stripe_find (st, start, h);
      if (slot == NULL && stripe_grow (st))
	{
	  size_t i = h & (st->cap - 1);
	  while (st->slots[i].start > 1)
	    i = (i + 1) & (st->cap - 1);
	  if (st->slots[i].start == 1)
	    st->deleted--;
	  slot = &st->slots[i];
	  slot->start = start;
	  st->used++;
	}
      if (slot != NULL)
	slot->size = n ? n : 1;
      heap_count (&st->added);
      stripe_unlock (st);
      in_tree = 0;
      return;
    }
  struct gpurt_block *b = __libc_malloc (sizeof *b);
  if (b != NULL)
    {
      b->start = (uintptr_t) p;
      b->end = (uintptr_t) p + n;
      pthread_mutex_lock (&blocks_lock);
      void **node = tsearch (b, &blocks, block_cmp);
      /* A stale entry in the way (a block freed behind our back, which
	 glibc's interposition rules should not allow): drop it.  */
      while (node != NULL && *node != b)
	{
	  struct gpurt_block *old = *node;
	  tdelete (old, &blocks, block_cmp);
	  __libc_free (old);
	  heap_count (&blocks_removed);
	  node = tsearch (b, &blocks, block_cmp);
	}
      if (node == NULL)		/* No memory for a node.  */
	__libc_free (b);
      heap_count (&blocks_added);
      pthread_mutex_unlock (&blocks_lock);
    }
  in_tree = 0;
}

/* Forget the block that starts at P.  Returns its size, 0 when it was
   not known.  */

static size_t
block_remove (void *p)
{
  if (p == NULL || in_tree)
    return 0;
  uintptr_t start = (uintptr_t) p;
  uint64_t h = small_hash (start);
  struct gpurt_stripe *st = small_stripe (h);
  size_t n = 0;
  stripe_lock (st);
  struct gpurt_slot *slot = stripe_find (st, start, h);
  if (slot != NULL)
    {
      n = slot->size;
      slot->start = 1;
      st->used--;
      st->deleted++;
      heap_count (&st->removed);
    }
  stripe_unlock (st);
  if (n)
    return n;

  struct gpurt_block key = { start, start + 1 };
  struct gpurt_block *b = NULL;
  in_tree = 1;
  pthread_mutex_lock (&blocks_lock);
  void **node = tfind (&key, &blocks, block_cmp);
  if (node != NULL && (*(struct gpurt_block **) node)->start == start)
    {
      b = *node;
      n = b->end - b->start;
      tdelete (b, &blocks, block_cmp);
      heap_count (&blocks_removed);
    }
  pthread_mutex_unlock (&blocks_lock);
  __libc_free (b);
  in_tree = 0;
  return n;
}

/* fork () with another thread inside the tree: the child must not
   inherit a held lock.  */

static void
blocks_prepare (void)
{
  pthread_mutex_lock (&blocks_lock);
  for (int i = 0; i < GPURT_STRIPES; i++)
    stripe_lock (&stripes[i]);
}

static void
blocks_release (void)
{
  for (int i = 0; i < GPURT_STRIPES; i++)
    stripe_unlock (&stripes[i]);
  pthread_mutex_unlock (&blocks_lock);
}

__attribute__ ((constructor)) static void
blocks_init (void)
{
  pthread_atfork (blocks_prepare, blocks_release, blocks_release);
}

GPURT_EXPORT void *
malloc (size_t n)
{
  void *p = __libc_malloc (n);
  block_add (p, n);
  return p;
}

GPURT_EXPORT void
free (void *p)
{
  block_remove (p);
  __libc_free (p);
}

GPURT_EXPORT void *
calloc (size_t n, size_t m)
{
  void *p = __libc_calloc (n, m);
  block_add (p, n * m);		/* calloc checked N * M.  */
  return p;
}

GPURT_EXPORT void *
realloc (void *old, size_t n)
{
  if (old == NULL)
    return malloc (n);
  if (n == 0)
    {
      free (old);
      return NULL;
    }
  /* Forget OLD first: glibc may return the same address.  On failure
     OLD lives on, so it is recorded again.  */
  size_t oldn = block_remove (old);
  void *p = __libc_realloc (old, n);
  if (p != NULL)
    block_add (p, n);
  else if (oldn)
    block_add (old, oldn);
  return p;
}

GPURT_EXPORT void *
reallocarray (void *old, size_t n, size_t m)
{
  size_t bytes;
  if (__builtin_mul_overflow (n, m, &bytes))
    {
      errno = ENOMEM;
      return NULL;
    }
  return realloc (old, bytes);
}

GPURT_EXPORT void *
memalign (size_t align, size_t n)
{
  void *p = __libc_memalign (align, n);
  block_add (p, n);
  return p;
}

GPURT_EXPORT void *
aligned_alloc (size_t align, size_t n)
{
  return memalign (align, n);
}

GPURT_EXPORT int
posix_memalign (void **res, size_t align, size_t n)
{
  if (align % sizeof (void *) != 0 || (align & (align - 1)) != 0
      || align == 0)
    return EINVAL;
  void *p = memalign (align, n);
  if (p == NULL)
    return ENOMEM;
  *res = p;
  return 0;
}

GPURT_EXPORT void *
valloc (size_t n)
{
  void *p = __libc_valloc (n);
  block_add (p, n);
  return p;
}

GPURT_EXPORT void *
pvalloc (size_t n)
{
  void *p = __libc_pvalloc (n);
  block_add (p, n);
  return p;
}

/* The data symbols (variables) of the loaded objects, from their full
   symbol tables (.symtab: the executable exports none of its globals
   in .dynsym), sorted by address; rebuilt when objects are loaded.  */
static struct gpurt_block *globals;
static size_t nglobals;
static unsigned long long globals_adds = ~0ull;
static pthread_mutex_t globals_lock = PTHREAD_MUTEX_INITIALIZER;

/* Append to GLOBALS (capacity *CAP) the variables of the ELF file PATH
   loaded at BASE: its .symtab, or its .dynsym when stripped.  */

static void
globals_read_file (const char *path, uintptr_t base, size_t *cap)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  void *map = MAP_FAILED;

  if (fd < 0)
    return;
  if (fstat (fd, &st) != 0 || (size_t) st.st_size < sizeof (ElfW(Ehdr)))
    goto ERROR;
  map = mmap (NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (map == MAP_FAILED)
    goto ERROR;
  const unsigned char *f = map;
  const ElfW(Ehdr) *eh = map;
  size_t size = st.st_size;
  if (memcmp (eh->e_ident, ELFMAG, SELFMAG) != 0
      || eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_shoff == 0
      || eh->e_shentsize != sizeof (ElfW(Shdr))
      || eh->e_shoff + (size_t) eh->e_shnum * sizeof (ElfW(Shdr)) > size)
    goto ERROR;
  const ElfW(Shdr) *sh = (const ElfW(Shdr) *) (f + eh->e_shoff);
  const ElfW(Shdr) *tab = NULL;
  for (unsigned i = 0; i < eh->e_shnum; i++)
    if (sh[i].sh_type == SHT_SYMTAB
	|| (sh[i].sh_type == SHT_DYNSYM && tab == NULL))
      tab = &sh[i];
  if (tab == NULL || tab->sh_entsize != sizeof (ElfW(Sym))
      || tab->sh_offset + tab->sh_size > size)
    goto ERROR;
  const ElfW(Sym) *sym = (const ElfW(Sym) *) (f + tab->sh_offset);
  for (size_t i = 0; i < tab->sh_size / sizeof (ElfW(Sym)); i++)
    {
      if (ELF64_ST_TYPE (sym[i].st_info) != STT_OBJECT
	  || sym[i].st_size == 0 || sym[i].st_shndx == SHN_UNDEF
	  || sym[i].st_shndx >= SHN_LORESERVE)
	continue;
      if (nglobals == *cap)
	{
	  size_t ncap = *cap ? 2 * *cap : 256;
	  struct gpurt_block *g = __libc_realloc (globals,
						  ncap * sizeof *g);
	  if (g == NULL)
	    goto ERROR;
	  globals = g;
	  *cap = ncap;
	}
      globals[nglobals].start = base + sym[i].st_value;
      globals[nglobals].end = base + sym[i].st_value + sym[i].st_size;
      nglobals++;
    }
ERROR:
  if (map != MAP_FAILED)
    munmap (map, size);
  close (fd);
}

/* dl_iterate_phdr callback: read the symbols of the object INFO.  */

static int
globals_read_object (struct dl_phdr_info *info, size_t size, void *cap)
{
  (void) size;
  const char *path = info->dlpi_name;
  if (path == NULL || path[0] == '\0')
    path = "/proc/self/exe";	/* The executable.  */
  if (path[0] != '/' || strstr (path, "linux-vdso") != NULL)
    return 0;
  globals_read_file (path, (uintptr_t) info->dlpi_addr, cap);
  return 0;
}

/* dl_iterate_phdr callback: the count of objects loaded so far.  */

static int
globals_adds_of (struct dl_phdr_info *info, size_t size, void *adds)
{
  (void) size;
  *(unsigned long long *) adds = info->dlpi_adds;
  return 1;
}

static int
globals_order (const void *a, const void *b)
{
  const struct gpurt_block *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* The variable of a loaded object that holds address P: 1 with its
   bounds in *START and *END, or 0.  */

static int
global_bounds (uintptr_t p, uintptr_t *start, uintptr_t *end)
{
  unsigned long long adds = 0;
  int found = 0;

  in_tree = 1;
  pthread_mutex_lock (&globals_lock);
  dl_iterate_phdr (globals_adds_of, &adds);
  if (adds != globals_adds)
    {
      size_t cap = 0;
      __libc_free (globals);
      globals = NULL;
      nglobals = 0;
      dl_iterate_phdr (globals_read_object, &cap);
      qsort (globals, nglobals, sizeof *globals, globals_order);
      globals_adds = adds;
    }
  /* The last variable that starts at or below P.  */
  size_t lo = 0, hi = nglobals;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (globals[mid].start <= p)
	lo = mid + 1;
      else
	hi = mid;
    }
  /* Symbols may alias or nest (a variable and an alias of it): look
     back over those that start at the same place or contain P.  */
  for (size_t i = lo; i-- > 0 && !found;)
    if (p >= globals[i].start && p < globals[i].end)
      {
	*start = globals[i].start;
	*end = globals[i].end;
	found = 1;
      }
    else if (lo - i > 16)
      break;
  pthread_mutex_unlock (&globals_lock);
  in_tree = 0;
  return found;
}

/* AddressSanitizer's own allocator replaces the program's malloc (and
   ours with it) when a program is built with -fsanitize=address; its
   description of an address then bounds the heap block instead (weak:
   null in every other program).  */
extern const char *__asan_locate_address (void *addr, char *name,
					  size_t name_size,
					  void **region_address,
					  size_t *region_size)
  __attribute__ ((weak));

/* The live heap block the host pointer P points into: sets *START and
   *END (one past) and returns 1, or returns 0 when there is none.  */

static int
heap_bounds_lookup (const void *p, uintptr_t *start, uintptr_t *end)
{
  struct gpurt_block key = { (uintptr_t) p, (uintptr_t) p + 1 };
  int found = 0;

  in_tree = 1;
  pthread_mutex_lock (&blocks_lock);
  void **node = tfind (&key, &blocks, block_cmp);
  if (node != NULL)
    {
      struct gpurt_block *b = *node;
      *start = b->start;
      *end = b->end;
      found = 1;
    }
  pthread_mutex_unlock (&blocks_lock);
  in_tree = 0;
  if (found)
    return 1;

  /* A small block starts less than GPURT_SMALL_MAX bytes below P, on a
     16-byte boundary.  */
  uintptr_t q = (uintptr_t) p;
  for (uintptr_t s = q & ~(uintptr_t) 15;
       s + GPURT_SMALL_MAX > q && s > 1; s -= 16)
    {
      uint64_t h = small_hash (s);
      struct gpurt_stripe *st = small_stripe (h);
      stripe_lock (st);
      struct gpurt_slot *slot = stripe_find (st, s, h);
      uintptr_t size = slot != NULL ? slot->size : 0;
      stripe_unlock (st);
      if (slot != NULL)
	{
	  if (q >= s + size)
	    break;		/* P is past the end of the block below it.  */
	  *start = s;
	  *end = s + size;
	  return 1;
	}
    }

  if (__asan_locate_address != NULL)
    {
      void *region = NULL;
      size_t size = 0;
      const char *kind = __asan_locate_address ((void *) p, NULL, 0,
						&region, &size);
      if (kind != NULL && strcmp (kind, "heap") == 0 && region != NULL
	  && (uintptr_t) p >= (uintptr_t) region
	  && (uintptr_t) p < (uintptr_t) region + size)
	{
	  *start = (uintptr_t) region;
	  *end = (uintptr_t) region + size;
	  return 1;
	}
    }
  return 0;
}

/* The number of blocks removed from the heap so far when REMOVED, else
   the number added: a block found stays the same while no block is
   removed, a pointer in no block stays outside while none is added.
   Each count only grows, so an unchanged sum means no change at all.  */

static uint64_t
heap_changes (int removed)
{
  uint64_t sum = atomic_load_explicit (removed ? &blocks_removed
				       : &blocks_added,
				       memory_order_relaxed);
  for (int i = 0; i < GPURT_STRIPES; i++)
    sum += atomic_load_explicit (removed ? &stripes[i].removed
				 : &stripes[i].added, memory_order_relaxed);
  return sum;
}

/* A heap lookup the calling thread made, and the count of changes
   (heap_changes) under which it holds.  */
struct heap_memo
{
  uintptr_t p, start, end;
  uint64_t changes;
  int found, valid;
};

#define GPURT_HEAP_MEMOS 16
static _Thread_local struct heap_memo heap_memos[GPURT_HEAP_MEMOS];

/* The live heap block the host pointer P points into: sets *START and
   *END (one past) and returns 1, or returns 0 when there is none.
   A launch asks about the same pointers again and again: the answer is
   remembered per thread and given again while the heap has not changed
   in a way that could change it (a block found: none removed, so a block
   freed and its address reused is looked up anew; none found: none
   added).  AddressSanitizer's allocator does not tell us of its
   changes: nothing is remembered under it.  */

int
gpurt_heap_bounds (const void *p, uintptr_t *start, uintptr_t *end)
{
  uintptr_t q = (uintptr_t) p;
  struct heap_memo *m;
  uint64_t removed, added;

  if (__asan_locate_address != NULL)
    return heap_bounds_lookup (p, start, end);
  m = &heap_memos[((q >> 4) ^ (q >> 12)) % GPURT_HEAP_MEMOS];
  if (m->valid && m->p == q && m->changes == heap_changes (m->found))
    {
      *start = m->start;
      *end = m->end;
      return m->found;
    }
  /* Counted before the lookup: a change during it is a change after.  */
  removed = heap_changes (1);
  added = heap_changes (0);
  m->found = heap_bounds_lookup (p, &m->start, &m->end);
  m->p = q;
  m->changes = m->found ? removed : added;
  m->valid = 1;
  *start = m->start;
  *end = m->end;
  return m->found;
}

/* The object the host pointer P points into: a live heap block, or a
   global that a loaded object's dynamic symbol table names with its
   size.  Sets *START and *END (one past) and returns 1, or returns 0
   when there is none.  */

int
gpurt_object_bounds (const void *p, uintptr_t *start, uintptr_t *end)
{
  if (gpurt_heap_bounds (p, start, end))
    return 1;
  if (global_bounds ((uintptr_t) p, start, end))
    return 1;

  Dl_info info;
  const ElfW(Sym) *sym = NULL;
  if (dladdr1 (p, &info, (void **) &sym, RTLD_DL_SYMENT) != 0
      && sym != NULL && info.dli_saddr != NULL && sym->st_size > 0
      && ELF64_ST_TYPE (sym->st_info) == STT_OBJECT)
    {
      uintptr_t s = (uintptr_t) info.dli_saddr;
      if ((uintptr_t) p >= s && (uintptr_t) p < s + sym->st_size)
	{
	  *start = s;
	  *end = s + sym->st_size;
	  return 1;
	}
    }
  return 0;
}

/* The run-time guard of a blocked pivot loop (gpu-pivot.cc, docs/ABI.md):
   1 when P0 points into an object this file knows and each of the N - 1
   pointers after it into a known object that does not overlap it; 0 when
   any is unknown (the stack, another allocator) or shares P0's object.  */

int
gpurt_disjoint (unsigned n, const void *p0, ...)
{
  uintptr_t s0, e0, s, e;
  va_list ap;
  int ok = gpurt_object_bounds (p0, &s0, &e0);

  va_start (ap, p0);
  for (unsigned k = 1; ok && k < n; k++)
    {
      const void *p = va_arg (ap, const void *);
      ok = gpurt_object_bounds (p, &s, &e) && (e <= s0 || s >= e0);
    }
  va_end (ap);
  return ok;
}
