/* structs.c: arrays of struct { float x, y, z; int id; } read and written in a marked loop (whole-struct copies and field updates), plus a struct passed by pointer for parameters.  */
#include "check.h"

struct particle
{
  float x, y, z;
  int id;
};

struct params
{
  float dt;
  float gx, gy, gz;
  int flip;
};

#define BODY								\
  {									\
    struct particle q = in[i];						\
    q.x += v[i].x * pr->dt + pr->gx;					\
    q.y += v[i].y * pr->dt + pr->gy;					\
    q.z += v[i].z * pr->dt + pr->gz;					\
    q.id = pr->flip ? -q.id : q.id + 1;					\
    out[i] = q;								\
    v[i].id = q.id * 2;		/* one field of an input struct */	\
  }

static void
kern (int n, const struct params *pr, const struct particle *in,
      struct particle *v, struct particle *out)
{
  for (int i GPU_PARALLEL = 0; i < n; i++)
    BODY
}

static void
ref (int n, const struct params *pr, const struct particle *in,
     struct particle *v, struct particle *out)
{
  for (int i = 0; i < n; i++)
    BODY
}

static void
compare (const struct particle *got, const struct particle *want, long n,
	 const char *what)
{
  for (long i = 0; i < n; i++)
    CHECK (check_close (got[i].x, want[i].x, 1e-5, 1e-5)
	   && check_close (got[i].y, want[i].y, 1e-5, 1e-5)
	   && check_close (got[i].z, want[i].z, 1e-5, 1e-5)
	   && got[i].id == want[i].id,
	   "%s: element %ld of %ld is {%g %g %g %d}, expected {%g %g %g %d}",
	   what, i, n, (double) got[i].x, (double) got[i].y,
	   (double) got[i].z, got[i].id, (double) want[i].x,
	   (double) want[i].y, (double) want[i].z, want[i].id);
}

int
main (void)
{
  check_init ();
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      long n = check_sizes[s];
      size_t bytes = n * sizeof (struct particle);
      struct particle *in = check_alloc (bytes), *v = check_alloc (bytes);
      struct particle *out = check_alloc (bytes), *vw, *outw;
      struct params pr = { check_uniformf (0.01f, 0.1f), 0.5f, -9.8f, 0.0f,
			   (int) (check_u64 () & 1) };
      for (long i = 0; i < n; i++)
	{
	  in[i].x = check_uniformf (-10, 10);
	  in[i].y = check_uniformf (-10, 10);
	  in[i].z = check_uniformf (-10, 10);
	  in[i].id = (int) i;
	  v[i].x = check_uniformf (-1, 1);
	  v[i].y = check_uniformf (-1, 1);
	  v[i].z = check_uniformf (-1, 1);
	  v[i].id = -1;
	}
      memset (out, 0, bytes);
      vw = check_dup (v, bytes);
      outw = check_dup (out, bytes);
      ref ((int) n, &pr, in, vw, outw);
      kern ((int) n, &pr, in, v, out);
      CHECK_RAN_ON_DEVICE (n);
      compare (out, outw, n, "struct out");
      compare (v, vw, n, "struct v");
      free (in); free (v); free (out); free (vw); free (outw);
    }
  return 0;
}
