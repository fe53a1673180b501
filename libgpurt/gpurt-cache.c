/* gpurt-cache.c -- the persistent cache of built program binaries
   (SPEC section 5, GPURT_CACHE_DIR).

   Building a kernel from OpenCL C source costs from tens of milliseconds
   (PoCL) to seconds (some GPU drivers) on the first launch of every
   process.  So once a program is built, its binary (CL_PROGRAM_BINARIES)
   is written to a cache directory, and later processes load it with
   clCreateProgramWithBinary instead.

   Where: GPURT_CACHE_DIR=DIR, else $XDG_CACHE_HOME/gpuoffload, else
   $HOME/.cache/gpuoffload; GPURT_CACHE_DIR=off disables the cache.

   An entry is one file, DIR/<32 hex digits>.bin, named by a 128-bit hash
   of its "identity": the cache and record format versions, the kernel
   name, the build options, the device's name, vendor and version, the
   driver version, the platform's name and version, and the whole source.
   The file holds a header (magic, version, lengths, a checksum of the
   rest), the identity itself and the binary.  On load everything is
   checked, the identity compared byte for byte (so a hash collision or an
   entry copied from another device or driver is only a miss); anything
   wrong and the entry is ignored, the program is built from source and
   the entry rewritten.  Entries are written to a temporary file in the
   same directory and renamed into place, so a concurrent reader sees
   either no entry or a complete one, and concurrent writers of the same
   entry just replace each other's identical work.  The cache never makes
   a region fail: every cache error means "build from source".  Nothing
   is ever evicted: delete the directory to reclaim the space.  */

#include "gpurt-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* Bump when the file layout or the identity text changes, or what the
   runtime passes a kernel (2: gpu_f after the trip counts).  */
#define GPURT_CACHE_VERSION 2u
/* The region record format the identity is built from (docs/ABI.md).  */
#define GPURT_RECORD_VERSION 1u
/* Larger entries are not believed (a corrupt header).  */
#define GPURT_CACHE_MAX_BYTES ((uint64_t) 1 << 30)

static const char gpurt_cache_magic[16] = "gpuoffload-bin\n";

/* The fixed-size start of an entry file, in host byte order (an entry
   from a machine of another byte order fails the magic or the identity
   check).  */
struct gpurt_cache_header
{
  char magic[16];
  uint32_t version;
  uint32_t header_size;
  uint64_t ident_len;
  uint64_t binary_len;
  uint64_t checksum;		/* of identity and binary */
};

static pthread_once_t gpurt_cache_once = PTHREAD_ONCE_INIT;
static char *gpurt_cache_path;	/* NULL: cache off */

/* 64-bit FNV-1a of N bytes at P, continuing from H.  */

static uint64_t
gpurt_fnv1a (uint64_t h, const void *p, size_t n)
{
  const unsigned char *b = p;
  size_t i;

  for (i = 0; i < n; i++)
    {
      h ^= b[i];
      h *= UINT64_C (0x100000001b3);
    }
  return h;
}

/* Read GPURT_CACHE_DIR and the XDG variables once.  */

static void
gpurt_cache_init_1 (void)
{
  const char *dir, *base = NULL, *suffix = "/gpuoffload";
  size_t len;

  gpurt_init ();
  dir = gpurt_env.cache_dir;
  if (dir != NULL && *dir != '\0')
    {
      if (strcasecmp (dir, "off") == 0)
	goto ERROR;
      base = dir;
      suffix = "";
    }
  else if ((base = gpurt_env.xdg_cache_home) != NULL && base[0] == '/')
    ;				/* the XDG spec ignores relative paths */
  else if ((base = gpurt_env.home) != NULL && base[0] != '\0')
    suffix = "/.cache/gpuoffload";
  else
    {
      if (gpurt_env.verbose >= 1)
	gpurt_message ("program cache off: neither GPURT_CACHE_DIR,"
		       " XDG_CACHE_HOME nor HOME is set");
      goto ERROR;
    }
  len = strlen (base) + strlen (suffix) + 1;
  gpurt_cache_path = malloc (len);
  if (gpurt_cache_path == NULL)
    goto ERROR;
  snprintf (gpurt_cache_path, len, "%s%s", base, suffix);
  if (gpurt_env.verbose >= 2)
    gpurt_message ("program cache in %s", gpurt_cache_path);

 ERROR:
  return;
}

const char *
gpurt_cache_dir (void)
{
  pthread_once (&gpurt_cache_once, gpurt_cache_init_1);
  return gpurt_cache_path;
}

/* Create DIR and its missing parents (mode 0700, as XDG asks for).
   Returns 1 when DIR exists afterwards.  */

static int
gpurt_mkdir_p (const char *dir)
{
  char *copy = malloc (strlen (dir) + 1);
  char *p;
  struct stat st;
  int ok = 0;

  if (copy == NULL)
    goto ERROR;
  strcpy (copy, dir);
  for (p = copy + 1; *p != '\0'; p++)
    if (*p == '/')
      {
	*p = '\0';
	if (mkdir (copy, 0700) != 0 && errno != EEXIST)
	  goto ERROR;
	*p = '/';
      }
  if (mkdir (copy, 0700) != 0 && errno != EEXIST)
    goto ERROR;
  ok = stat (dir, &st) == 0 && S_ISDIR (st.st_mode);

 ERROR:
  free (copy);
  return ok;
}


/* Fill KEY for region R built for DEV with OPTIONS.  Returns 1 on
   success, 0 (nothing allocated) when out of memory.  */

int
gpurt_cache_key_make (struct gpurt_cache_key *key,
		      const struct gpurt_region *r,
		      const struct gpurt_device *dev, const char *options)
{
  int len;
  uint64_t h1, h2;

  memset (key, 0, sizeof *key);
  len = snprintf (NULL, 0,
		  "gpuoffload program cache %u, region record %u\n"
		  "kernel %s\noptions %s\ndevice %s\n%ssource %zu\n",
		  GPURT_CACHE_VERSION, GPURT_RECORD_VERSION, r->name, options,
		  dev->name, dev->identity, r->source_len);
  if (len < 0)
    return 0;
  key->ident_len = (size_t) len + r->source_len;
  key->ident = malloc (key->ident_len + 1);
  if (key->ident == NULL)
    return 0;
  snprintf (key->ident, (size_t) len + 1,
	    "gpuoffload program cache %u, region record %u\n"
	    "kernel %s\noptions %s\ndevice %s\n%ssource %zu\n",
	    GPURT_CACHE_VERSION, GPURT_RECORD_VERSION, r->name, options,
	    dev->name, dev->identity, r->source_len);
  memcpy (key->ident + len, r->source, r->source_len);
  key->ident[key->ident_len] = '\0';

  /* Two FNV-1a hashes from different starting points make the 128-bit
     file name; a collision only costs a rebuild (identities differ).  */
  h1 = gpurt_fnv1a (UINT64_C (0xcbf29ce484222325), key->ident,
		    key->ident_len);
  h2 = gpurt_fnv1a (UINT64_C (0x84222325cbf29ce4) ^ key->ident_len,
		    key->ident, key->ident_len);
  h2 = gpurt_fnv1a (h2, &h1, sizeof h1);
  snprintf (key->hex, sizeof key->hex, "%016llx%016llx",
	    (unsigned long long) h1, (unsigned long long) h2);
  return 1;
}

void
gpurt_cache_key_free (struct gpurt_cache_key *key)
{
  free (key->ident);
  memset (key, 0, sizeof *key);
}

/* The entry file of KEY (malloc'ed), or NULL.  */

static char *
gpurt_cache_file (const struct gpurt_cache_key *key)
{
  const char *dir = gpurt_cache_dir ();
  size_t len;
  char *path;

  if (dir == NULL)
    return NULL;
  len = strlen (dir) + sizeof key->hex + 8;
  path = malloc (len);
  if (path != NULL)
    snprintf (path, len, "%s/%s.bin", dir, key->hex);
  return path;
}

/* Read the whole file PATH into a malloc'ed buffer *DATA of *SIZE
   bytes.  Returns 1 on success, 0 (ENOENT: no entry) otherwise.  */

static int
gpurt_read_file (const char *path, unsigned char **data, size_t *size)
{
  struct stat st;
  unsigned char *buf = NULL;
  size_t done = 0;
  int fd, ok = 0;

  *data = NULL;
  *size = 0;
  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode)
      || (uint64_t) st.st_size > GPURT_CACHE_MAX_BYTES)
    goto ERROR;
  buf = malloc ((size_t) st.st_size + 1);
  if (buf == NULL)
    goto ERROR;
  while (done < (size_t) st.st_size)
    {
      ssize_t n = read (fd, buf + done, (size_t) st.st_size - done);

      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	goto ERROR;
      done += (size_t) n;
    }
  *data = buf;
  *size = done;
  buf = NULL;
  ok = 1;

 ERROR:
  free (buf);
  close (fd);
  return ok;
}

/* The program binary of KEY's entry for the kernel NAME into *BINARY
   (malloc'd) and *LEN.  Returns 1, or 0 when there is no entry or it is
   corrupt or foreign (the caller builds from source and stores a new
   one).  The cache keeps bytes: the backend turns them into a program
   (and says so when the driver refuses them).  */

int
gpurt_cache_load (const struct gpurt_cache_key *key, const char *name,
		  unsigned char **binary, size_t *len)
{
  char *path = gpurt_cache_file (key);
  unsigned char *data = NULL;
  size_t size = 0;
  struct gpurt_cache_header h;
  const char *bad = NULL;

  *binary = NULL;
  *len = 0;
  if (path == NULL || !gpurt_read_file (path, &data, &size))
    {
      if (path != NULL && gpurt_env.verbose >= 2)
	gpurt_message ("kernel %s: not in the program cache (%s)", name,
		       path);
      goto ERROR;
    }
  if (size < sizeof h)
    {
      bad = "shorter than its header";
      goto ERROR;
    }
  memcpy (&h, data, sizeof h);
  if (memcmp (h.magic, gpurt_cache_magic, sizeof h.magic) != 0)
    bad = "not a gpuoffload cache entry";
  else if (h.version != GPURT_CACHE_VERSION || h.header_size != sizeof h)
    bad = "another cache format version";
  else if (h.ident_len > size || h.binary_len > size
	   || sizeof h + h.ident_len + h.binary_len != size)
    bad = "truncated or wrong lengths";
  else if (gpurt_fnv1a (UINT64_C (0xcbf29ce484222325), data + sizeof h,
			size - sizeof h) != h.checksum)
    bad = "checksum mismatch";
  else if (h.ident_len != key->ident_len
	   || memcmp (data + sizeof h, key->ident, key->ident_len) != 0)
    bad = "made for another source, options, device or driver";
  else if (h.binary_len == 0)
    bad = "empty binary";
  if (bad != NULL)
    goto ERROR;

  /* The binary is the tail of the entry: move it to the front.  */
  *len = (size_t) h.binary_len;
  memmove (data, data + sizeof h + h.ident_len, *len);
  *binary = data;
  if (gpurt_env.verbose >= 2)
    gpurt_message ("kernel %s: found in the program cache (%s)", name,
		   path);
  free (path);
  return 1;

 ERROR:
  if (bad != NULL && gpurt_env.verbose >= 1)
    gpurt_message ("kernel %s: ignoring program cache entry %s (%s);"
		   " building from source", name, path, bad);
  free (data);
  free (path);
  return 0;
}

/* Write all N bytes at P to FD; 1 on success.  */

static int
gpurt_write_all (int fd, const void *p, size_t n)
{
  const unsigned char *b = p;

  while (n > 0)
    {
      ssize_t w = write (fd, b, n);

      if (w < 0 && errno == EINTR)
	continue;
      if (w <= 0)
	return 0;
      b += w;
      n -= (size_t) w;
    }
  return 1;
}

/* Store the program binary BINARY (LEN bytes) of the kernel NAME as KEY's
   entry: written to a temporary file, then renamed into place.  Failures
   are reported under GPURT_VERBOSE and otherwise ignored.  */

void
gpurt_cache_store (const struct gpurt_cache_key *key, const char *name,
		   const unsigned char *binary, size_t binary_len)
{
  const char *dir = gpurt_cache_dir ();
  char *path = gpurt_cache_file (key), *tmp = NULL;
  size_t len;
  struct gpurt_cache_header h;
  const char *what = NULL;
  int fd = -1, sys_err = 0;

  if (path == NULL)
    goto ERROR;
  if (binary_len == 0 || binary_len > GPURT_CACHE_MAX_BYTES)
    {
      what = "the driver's program binary (empty or too large)";
      goto ERROR;
    }

  memset (&h, 0, sizeof h);
  memcpy (h.magic, gpurt_cache_magic, sizeof h.magic);
  h.version = GPURT_CACHE_VERSION;
  h.header_size = sizeof h;
  h.ident_len = key->ident_len;
  h.binary_len = binary_len;
  h.checksum = gpurt_fnv1a (gpurt_fnv1a (UINT64_C (0xcbf29ce484222325),
					 key->ident, key->ident_len),
			    binary, binary_len);

  if (!gpurt_mkdir_p (dir))
    {
      sys_err = errno;
      what = "creating the cache directory";
      goto ERROR;
    }
  len = strlen (path) + 16;
  tmp = malloc (len);
  if (tmp == NULL)
    {
      what = "memory for the file name";
      goto ERROR;
    }
  snprintf (tmp, len, "%s.XXXXXX", path);
  fd = mkstemp (tmp);
  if (fd < 0)
    {
      sys_err = errno;
      what = "creating a temporary file";
      free (tmp);
      tmp = NULL;
      goto ERROR;
    }
  if (!gpurt_write_all (fd, &h, sizeof h)
      || !gpurt_write_all (fd, key->ident, key->ident_len)
      || !gpurt_write_all (fd, binary, binary_len))
    {
      sys_err = errno;
      what = "writing the temporary file";
      goto ERROR;
    }
  if (close (fd) != 0)
    {
      fd = -1;
      sys_err = errno;
      what = "closing the temporary file";
      goto ERROR;
    }
  fd = -1;
  if (rename (tmp, path) != 0)
    {
      sys_err = errno;
      what = "renaming the temporary file into place";
      goto ERROR;
    }
  free (tmp);
  tmp = NULL;
  if (gpurt_env.verbose >= 2)
    gpurt_message ("kernel %s: stored in the program cache (%s, %zu bytes)",
		   name, path, binary_len);

 ERROR:
  if (what != NULL && gpurt_env.verbose >= 1)
    gpurt_message ("kernel %s: not cached in %s: %s%s%s", name,
		   dir != NULL ? dir : "?", what, sys_err ? ": " : "",
		   sys_err ? strerror (sys_err) : "");
  if (fd >= 0)
    close (fd);
  if (tmp != NULL)
    unlink (tmp);
  free (tmp);
  free (path);
}
