/* struct-memcpy.c: copies GCC turns into loads and stores of one wide
   value: a 16-byte struct copied by memcpy (a load and a store of a
   128-bit integer, which OpenCL C does not have: 16 bytes on the
   device), from an element, to a private struct and back, from a
   char buffer at an odd offset; memset of 16 bytes to zero; a struct
   assignment; and a 48-byte memcpy into a private array (an array
   assignment, which OpenCL C cannot write: byte by byte).  Offloaded
   (the run uses werror) and exact, every size, against serial C.  */
#include "check.h"

struct p4 { float x, y, z, w; };
struct mixed { int a; short b; char c[10]; };

static void
copy16 (long n, const struct p4 *in, struct p4 *out, const char *bytes,
	struct mixed *mo, const struct mixed *mi, char *rows)
{
  for (long i GPU_PARALLEL = 0; i < n; i++)
    {
      struct p4 t;
      memcpy (&t, &in[n - 1 - i], sizeof t);
      t.x += 1.0f;
      memcpy (&out[i], &t, sizeof t);
      struct mixed u;
      memcpy (&u, bytes + 16 * i + 3, sizeof u);
      u.c[i % 10] = (char) i;
      if (i % 3 == 0)
	memset (&mo[i], 0, sizeof mo[i]);
      else if (i % 3 == 1)
	mo[i] = mi[i];
      else
	memcpy (&mo[i], &u, sizeof u);
      char row[48];
      memcpy (row, rows + 48 * (n - 1 - i), sizeof row);
      row[i % 48] ^= 1;
      memcpy (rows + 48 * n + 48 * i, row, sizeof row);
    }
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      struct p4 *in = check_alloc ((n + 1) * sizeof *in);
      struct p4 *out = check_alloc ((n + 1) * sizeof *out);
      struct p4 *wout = check_alloc ((n + 1) * sizeof *out);
      char *bytes = check_alloc (16 * n + 32);
      struct mixed *mi = check_alloc ((n + 1) * sizeof *mi);
      struct mixed *mo = check_alloc ((n + 1) * sizeof *mo);
      struct mixed *wmo = check_alloc ((n + 1) * sizeof *mo);
      char *rows = check_alloc (96 * n + 48);
      char *wrows = check_alloc (96 * n + 48);
      check_fill_float (&in[0].x, 4 * (n + 1), -100, 100);
      check_fill_bytes (out, (n + 1) * sizeof *out);
      memcpy (wout, out, (n + 1) * sizeof *out);
      check_fill_bytes (bytes, 16 * n + 32);
      check_fill_bytes (mi, (n + 1) * sizeof *mi);
      check_fill_bytes (mo, (n + 1) * sizeof *mo);
      memcpy (wmo, mo, (n + 1) * sizeof *mo);
      check_fill_bytes (rows, 96 * n + 48);
      memcpy (wrows, rows, 96 * n + 48);
      for (long i = 0; i < n; i++)
	{
	  struct p4 t = in[n - 1 - i];
	  t.x += 1.0f;
	  wout[i] = t;
	  struct mixed u;
	  memcpy (&u, bytes + 16 * i + 3, sizeof u);
	  u.c[i % 10] = (char) i;
	  if (i % 3 == 0)
	    memset (&wmo[i], 0, sizeof wmo[i]);
	  else if (i % 3 == 1)
	    wmo[i] = mi[i];
	  else
	    wmo[i] = u;
	  char row[48];
	  memcpy (row, wrows + 48 * (n - 1 - i), sizeof row);
	  row[i % 48] ^= 1;
	  memcpy (wrows + 48 * n + 48 * i, row, sizeof row);
	}
      copy16 (n, in, out, bytes, mo, mi, rows);
      CHECK_RAN_ON_DEVICE (n);
      CHECK_SAME (out, wout, n + 1, "struct p4, n=%ld", n);
      CHECK_SAME (mo, wmo, n + 1, "struct mixed, n=%ld", n);
      CHECK_SAME (rows, wrows, 96 * n + 48, "rows, n=%ld", n);
      free (in), free (out), free (wout), free (bytes), free (mi);
      free (mo), free (wmo), free (rows), free (wrows);
    }
  return 0;
}
