/* lavamd.c -- particle potentials and forces within a cut-off (molecular
   dynamics, in the style of the Rodinia benchmark lavaMD; our own code):
   space is cut into B x B x B boxes of NPB particles; each particle
   interacts with those of its own box and of the (up to 26) neighbouring
   ones.  The boxes are an array of structs holding their neighbours'
   numbers and the offsets of their particles in the heap arrays; the
   interaction constant is a global set before the loop.

   usage: lavamd B   (B^3 boxes)  */
#include <math.h>
#include "rc.h"

#define NPB 100			/* particles per box */

typedef struct { float v, x, y, z; } fvec4;
typedef struct { int number; long offset; } nei_str;
typedef struct
{
  int x, y, z, number;
  long offset;
  int nn;
  nei_str nei[26];
} box_str;

struct dim
{
  int boxes1d;
  long number_boxes, space_elem;
};

float alpha = 0.5f;

static inline float
dot (fvec4 a, fvec4 b)
{
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* Potential and force on every particle of RV (charges QV) into FV.  */
static void
kernel_cpu (const struct dim *d, const box_str *box, const fvec4 *rv,
	    const float *qv, fvec4 *fv)
{
#pragma omp parallel for
  for (long l = 0; l < d->number_boxes; l++)
    {
      float a2 = 2.0f * alpha * alpha;
      long first_i = box[l].offset;
      const fvec4 *rA = &rv[first_i];
      fvec4 *fA = &fv[first_i];
      for (int k = 0; k < 1 + box[l].nn; k++)
	{
	  long pointer = k == 0 ? l : box[l].nei[k - 1].number;
	  long first_j = box[pointer].offset;
	  const fvec4 *rB = &rv[first_j];
	  const float *qB = &qv[first_j];
	  for (int i = 0; i < NPB; i++)
	    for (int j = 0; j < NPB; j++)
	      {
		float r2 = rA[i].v + rB[j].v - dot (rA[i], rB[j]);
		float u2 = a2 * r2;
		float vij = expf (-u2);
		float fs = 2.0f * vij;
		float fxij = fs * (rA[i].x - rB[j].x);
		float fyij = fs * (rA[i].y - rB[j].y);
		float fzij = fs * (rA[i].z - rB[j].z);
		fA[i].v += qB[j] * vij;
		fA[i].x += qB[j] * fxij;
		fA[i].y += qB[j] * fyij;
		fA[i].z += qB[j] * fzij;
	      }
	}
    }
}

int
main (int argc, char **argv)
{
  struct dim d;
  d.boxes1d = argc > 1 ? atoi (argv[1]) : 6;
  d.number_boxes = (long) d.boxes1d * d.boxes1d * d.boxes1d;
  d.space_elem = d.number_boxes * NPB;
  box_str *box = rc_alloc (d.number_boxes * sizeof (box_str));
  fvec4 *rv = rc_alloc (d.space_elem * sizeof (fvec4));
  float *qv = rc_alloc (d.space_elem * sizeof (float));
  fvec4 *fv = rc_alloc (d.space_elem * sizeof (fvec4));

  long nh = 0;
  for (int i = 0; i < d.boxes1d; i++)
    for (int j = 0; j < d.boxes1d; j++)
      for (int k = 0; k < d.boxes1d; k++, nh++)
	{
	  box[nh].x = k, box[nh].y = j, box[nh].z = i;
	  box[nh].number = nh;
	  box[nh].offset = nh * NPB;
	  box[nh].nn = 0;
	  for (int l = -1; l <= 1; l++)
	    for (int m = -1; m <= 1; m++)
	      for (int o = -1; o <= 1; o++)
		{
		  int zi = i + l, yj = j + m, xk = k + o;
		  if ((l | m | o) == 0 || zi < 0 || yj < 0 || xk < 0
		      || zi >= d.boxes1d || yj >= d.boxes1d || xk >= d.boxes1d)
		    continue;
		  nei_str *nb = &box[nh].nei[box[nh].nn++];
		  nb->number = (zi * d.boxes1d + yj) * d.boxes1d + xk;
		  nb->offset = nb->number * NPB;
		}
	}
  for (long i = 0; i < d.space_elem; i++)
    {
      rv[i].v = (rc_rand () % 10 + 1) / 10.0f;
      rv[i].x = (rc_rand () % 10 + 1) / 10.0f;
      rv[i].y = (rc_rand () % 10 + 1) / 10.0f;
      rv[i].z = (rc_rand () % 10 + 1) / 10.0f;
      qv[i] = (rc_rand () % 10 + 1) / 10.0f;
      fv[i].v = fv[i].x = fv[i].y = fv[i].z = 0.0f;
    }

  double t0 = rc_now_ms ();
  kernel_cpu (&d, box, rv, qv, fv);
  rc_time ("lavamd", d.boxes1d, rc_now_ms () - t0);
  rc_out_f (&fv[0].v, d.space_elem * 4);
  return 0;
}
