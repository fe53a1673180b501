/* guard.h -- memory bordered by inaccessible pages, for the run tests
   that check that an offloaded region copies nothing outside the user's
   objects (to the device or back): check_guarded gives NBYTES that start
   right after a PROT_NONE page or end right before one, so a range that
   reaches one byte outside the object faults on the copy.  */
#ifndef GUARD_H
#define GUARD_H

#include "check.h"
#include <sys/mman.h>

/* A mapping made by check_guarded, for check_unguard.  */
struct check_guard
{
  void *map;
  size_t len;
};

/* NBYTES of read-write memory with an inaccessible page before and after
   the pages holding them: they start right after the first when AT_END is
   0, and end right before the second when it is 1.  *G records the
   mapping.  */
CHECK_UNUSED static void *
check_guarded (size_t nbytes, int at_end, struct check_guard *g)
{
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  size_t pages = (nbytes + page - 1) / page + 2;
  char *p = mmap (NULL, pages * page, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    check_fail_at (__FILE__, __LINE__, "mmap failed");
  if (mprotect (p, page, PROT_NONE) != 0
      || mprotect (p + (pages - 1) * page, page, PROT_NONE) != 0)
    check_fail_at (__FILE__, __LINE__, "mprotect failed");
  g->map = p;
  g->len = pages * page;
  return at_end ? p + (pages - 1) * page - nbytes : p + page;
}

/* Unmap the memory of G.  */
CHECK_UNUSED static void
check_unguard (struct check_guard *g)
{
  munmap (g->map, g->len);
}

#endif /* GUARD_H */
