/* nn.c -- the K nearest hurricanes to a point (in the style of the
   Rodinia benchmark nn; our own code): the records are fixed-length text
   lines, as read from the data files, and the parallel loop parses each
   one's latitude and longitude with atof and computes its distance; the
   K smallest are then picked serially.

   usage: nn NRECORDS [K]  */
#include <math.h>
#include <string.h>
#include "rc.h"

#define REC_LENGTH 49		/* one record, with its newline */
#define LAT_COL 28
#define LNG_COL 35

struct database
{
  long nrec;
  char *text;			/* nrec records of REC_LENGTH characters */
};

static void
make_records (struct database *db)
{
  static const char *names[] = { "ALBERTO", "BERYL", "CHRIS", "DEBBY" };
  db->text = rc_alloc (db->nrec * REC_LENGTH + 1);
  for (long i = 0; i < db->nrec; i++)
    {
      char *rec = db->text + i * REC_LENGTH;
      int year = 1950 + rc_rand () % 60, month = 1 + rc_rand () % 12;
      int day = 1 + rc_rand () % 28, hour = rc_rand () % 24;
      float lat = 7.0f + (rc_rand () % 63000) / 1000.0f;
      float lng = (rc_rand () % 358000) / 1000.0f;
      snprintf (rec, REC_LENGTH + 1, "%4d %2d %2d %2d %-14s %6.1f %6.1f %4d %3d\n",
		year, month, day, hour, names[rc_rand () % 4], lat, lng,
		(int) (rc_rand () % 160), (int) (rc_rand () % 900));
    }
}

int
main (int argc, char **argv)
{
  struct database db;
  db.nrec = argc > 1 ? atol (argv[1]) : 100000;
  int k = argc > 2 ? atoi (argv[2]) : 10;
  float target_lat = 30.0f, target_lng = 90.0f;
  make_records (&db);
  float *z = rc_alloc (db.nrec * sizeof (float));

  double t0 = rc_now_ms ();
#pragma omp parallel for
  for (long i = 0; i < db.nrec; i++)
    {
      const char *rec = db.text + i * REC_LENGTH;
      float lat = atof (rec + LAT_COL);
      float lng = atof (rec + LNG_COL);
      z[i] = sqrtf ((lat - target_lat) * (lat - target_lat)
		    + (lng - target_lng) * (lng - target_lng));
    }
  /* The K nearest, by selection.  */
  int *best = rc_alloc (k * sizeof (int));
  for (int j = 0; j < k; j++)
    {
      long m = -1;
      for (long i = 0; i < db.nrec; i++)
	{
	  int taken = 0;
	  for (int b = 0; b < j; b++)
	    taken |= best[b] == i;
	  if (!taken && (m < 0 || z[i] < z[m]))
	    m = i;
	}
      best[j] = (int) m;
    }
  rc_time ("nn", db.nrec, rc_now_ms () - t0);
  rc_out_f (z, db.nrec);
  rc_out_i (best, k < db.nrec ? k : db.nrec);
  return 0;
}
