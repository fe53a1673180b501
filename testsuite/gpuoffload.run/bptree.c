/* bptree.c: a B+-tree search ported from OpenMP as a user would (Rodinia's b+tree findK and findRangeK): one work-item per query walks down the levels of an array of node structs (int keys and child indices, a _Bool, a count), updating currKnode[q] and offset[q] per level under the guard "the child index is inside the node array", then scans its leaf; the records are reached through indices read from the nodes, bounded with GPU_EXTENT (the counts come first: C scope).  Several orders (node widths) and tree sizes, queries that hit, miss, fall below every key or above; compared with the serial loop exactly, and run several times in one process so that a result that changes from run to run fails.  */
#include "check.h"
#include <limits.h>

#define MAXORDER 256

typedef struct record
{
  int value;
} record;

typedef struct knode
{
  int location;
  int indices[MAXORDER + 1];
  int keys[MAXORDER + 1];
  _Bool is_leaf;
  int num_keys;
} knode;

/* Rodinia's findK, with the OpenMP pragma replaced by the marker.  */
static void
find_k (long height, int order, long knodes_elem,
	const knode *knodes GPU_EXTENT (knodes_elem), long nrecords,
	const record *records GPU_EXTENT (nrecords), long *currKnode, long *offset, const int *keys,
	record *ans, int count)
{
  for (int bid GPU_PARALLEL = 0; bid < count; bid++)
    {
      for (int i = 0; i < height; i++)
	{
	  for (int thid = 0; thid < order; thid++)
	    if (knodes[currKnode[bid]].keys[thid] <= keys[bid]
		&& knodes[currKnode[bid]].keys[thid + 1] > keys[bid])
	      {
		if (knodes[offset[bid]].indices[thid] < knodes_elem)
		  offset[bid] = knodes[offset[bid]].indices[thid];
	      }
	  currKnode[bid] = offset[bid];
	}
      for (int thid = 0; thid < order; thid++)
	if (knodes[currKnode[bid]].keys[thid] == keys[bid])
	  {
	    int r = knodes[currKnode[bid]].indices[thid];
	    if (r >= 0 && r < nrecords)
	      ans[bid].value = records[r].value;
	  }
    }
}

/* The same, serial: the reference.  */
static void
find_k_serial (long height, int order, const knode *knodes, long knodes_elem,
	       const record *records, long nrecords, long *currKnode,
	       long *offset, const int *keys, record *ans, int count)
{
  for (int bid = 0; bid < count; bid++)
    {
      for (int i = 0; i < height; i++)
	{
	  for (int thid = 0; thid < order; thid++)
	    if (knodes[currKnode[bid]].keys[thid] <= keys[bid]
		&& knodes[currKnode[bid]].keys[thid + 1] > keys[bid])
	      {
		if (knodes[offset[bid]].indices[thid] < knodes_elem)
		  offset[bid] = knodes[offset[bid]].indices[thid];
	      }
	  currKnode[bid] = offset[bid];
	}
      for (int thid = 0; thid < order; thid++)
	if (knodes[currKnode[bid]].keys[thid] == keys[bid])
	  {
	    int r = knodes[currKnode[bid]].indices[thid];
	    if (r >= 0 && r < nrecords)
	      ans[bid].value = records[r].value;
	  }
    }
}

/* Rodinia's findRangeK: the leaves holding START and END of each range,
   and the number of keys between.  */
static void
find_range_k (long height, int order, long knodes_elem,
	      const knode *knodes GPU_EXTENT (knodes_elem), long *currKnode, long *offset, long *lastKnode,
	      long *offset_2, const int *start, const int *end, int *recstart,
	      int *reclength, int count)
{
  for (int bid GPU_PARALLEL = 0; bid < count; bid++)
    {
      for (int i = 0; i < height; i++)
	{
	  for (int thid = 0; thid < order; thid++)
	    {
	      if (knodes[currKnode[bid]].keys[thid] <= start[bid]
		  && knodes[currKnode[bid]].keys[thid + 1] > start[bid]
		  && knodes[currKnode[bid]].indices[thid] < knodes_elem)
		offset[bid] = knodes[currKnode[bid]].indices[thid];
	      if (knodes[lastKnode[bid]].keys[thid] <= end[bid]
		  && knodes[lastKnode[bid]].keys[thid + 1] > end[bid]
		  && knodes[lastKnode[bid]].indices[thid] < knodes_elem)
		offset_2[bid] = knodes[lastKnode[bid]].indices[thid];
	    }
	  currKnode[bid] = offset[bid];
	  lastKnode[bid] = offset_2[bid];
	}
      for (int thid = 0; thid < order; thid++)
	if (knodes[currKnode[bid]].keys[thid] == start[bid])
	  recstart[bid] = knodes[currKnode[bid]].indices[thid];
      for (int thid = 0; thid < order; thid++)
	if (knodes[lastKnode[bid]].keys[thid] == end[bid])
	  reclength[bid] = knodes[lastKnode[bid]].indices[thid] - recstart[bid] + 1;
    }
}

static void
find_range_k_serial (long height, int order, const knode *knodes,
		     long knodes_elem, long *currKnode, long *offset,
		     long *lastKnode, long *offset_2, const int *start,
		     const int *end, int *recstart, int *reclength, int count)
{
  for (int bid = 0; bid < count; bid++)
    {
      for (int i = 0; i < height; i++)
	{
	  for (int thid = 0; thid < order; thid++)
	    {
	      if (knodes[currKnode[bid]].keys[thid] <= start[bid]
		  && knodes[currKnode[bid]].keys[thid + 1] > start[bid]
		  && knodes[currKnode[bid]].indices[thid] < knodes_elem)
		offset[bid] = knodes[currKnode[bid]].indices[thid];
	      if (knodes[lastKnode[bid]].keys[thid] <= end[bid]
		  && knodes[lastKnode[bid]].keys[thid + 1] > end[bid]
		  && knodes[lastKnode[bid]].indices[thid] < knodes_elem)
		offset_2[bid] = knodes[lastKnode[bid]].indices[thid];
	    }
	  currKnode[bid] = offset[bid];
	  lastKnode[bid] = offset_2[bid];
	}
      for (int thid = 0; thid < order; thid++)
	if (knodes[currKnode[bid]].keys[thid] == start[bid])
	  recstart[bid] = knodes[currKnode[bid]].indices[thid];
      for (int thid = 0; thid < order; thid++)
	if (knodes[lastKnode[bid]].keys[thid] == end[bid])
	  reclength[bid] = knodes[lastKnode[bid]].indices[thid] - recstart[bid] + 1;
    }
}

/* A tree over NREC sorted distinct keys KEY (record r has key KEY[r]):
   leaves of up to ORDER keys, internal levels of up to ORDER children,
   root at node 0, levels stored top down.  Returns the node count and
   sets *HEIGHT to the number of internal levels.  Unused key slots hold
   INT_MAX; unused index slots a value past the node array (the search's
   guard keeps it out) or -1.  */
static long
build_tree (knode *nodes, long maxnodes, const int *key, long nrec, int order,
	    long *height)
{
  /* Level sizes, bottom up.  */
  long sizes[64], nlev = 0, n = (nrec + order - 1) / order;
  if (n < 1)
    n = 1;
  sizes[nlev++] = n;
  while (n > 1)
    {
      n = (n + order - 1) / order;
      sizes[nlev++] = n;
    }
  long total = 0, first[64];
  for (long l = nlev - 1; l >= 0; l--)	/* top down */
    {
      first[l] = total;
      total += sizes[l];
    }
  CHECK (total <= maxnodes, "tree too large");
  for (long i = 0; i < total; i++)
    {
      nodes[i].location = (int) i;
      nodes[i].num_keys = 0;
      nodes[i].is_leaf = 0;
      for (int t = 0; t <= MAXORDER; t++)
	{
	  nodes[i].keys[t] = INT_MAX;
	  nodes[i].indices[t] = (int) (total + 5 + t);
	}
    }
  /* Leaves.  */
  for (long r = 0; r < nrec; r++)
    {
      knode *lf = &nodes[first[0] + r / order];
      lf->keys[r % order] = key[r];
      lf->indices[r % order] = (int) r;
      lf->num_keys++;
      lf->is_leaf = 1;
    }
  /* Internal levels: child c of level l - 1 goes to node c / order.  */
  for (long l = 1; l < nlev; l++)
    for (long c = 0; c < sizes[l - 1]; c++)
      {
	knode *in = &nodes[first[l] + c / order];
	const knode *ch = &nodes[first[l - 1] + c];
	in->keys[c % order] = ch->keys[0];
	in->indices[c % order] = (int) (first[l - 1] + c);
	in->num_keys++;
      }
  *height = nlev - 1;
  return total;
}

static void
test (long nrec, int order, int count, int repeat)
{
  long maxnodes = nrec / order + nrec / ((long) order * order) + 64;
  knode *nodes = check_alloc (maxnodes * sizeof *nodes);
  int *key = check_alloc ((nrec + 1) * sizeof *key);
  record *records = check_alloc ((nrec + 1) * sizeof *records);
  long height;

  /* Distinct sorted keys with gaps, so that queries can miss.  */
  int k = (int) check_range (-1000, 1000);
  for (long r = 0; r < nrec; r++)
    {
      k += (int) check_range (1, 3);
      key[r] = k;
      records[r].value = (int) check_range (INT_MIN / 2, INT_MAX / 2);
    }
  long nnodes = build_tree (nodes, maxnodes, key, nrec, order, &height);

  int *q = check_alloc ((count + 1) * sizeof *q);
  int *qe = check_alloc ((count + 1) * sizeof *qe);
  for (int i = 0; i < count; i++)
    {
      long kind = check_range (0, 9);
      if (nrec == 0 || kind == 0)
	q[i] = (int) check_range (-3000, k + 3000);	/* anything */
      else if (kind == 1)
	q[i] = key[0] - (int) check_range (1, 100);	/* below all */
      else
	q[i] = key[check_range (0, nrec - 1)] + (kind == 2);	/* hit or miss */
      qe[i] = q[i] + (int) check_range (0, 50);
    }

  long *cur = check_alloc ((count + 1) * sizeof *cur);
  long *off = check_alloc ((count + 1) * sizeof *off);
  long *cur2 = check_alloc ((count + 1) * sizeof *cur2);
  long *off2 = check_alloc ((count + 1) * sizeof *off2);
  record *ans = check_alloc ((count + 1) * sizeof *ans);
  record *want = check_alloc ((count + 1) * sizeof *want);
  int *rs = check_alloc ((count + 1) * sizeof *rs);
  int *rl = check_alloc ((count + 1) * sizeof *rl);
  int *wrs = check_alloc ((count + 1) * sizeof *wrs);
  int *wrl = check_alloc ((count + 1) * sizeof *wrl);
  long *wcur = check_alloc ((count + 1) * sizeof *wcur);
  long *woff = check_alloc ((count + 1) * sizeof *woff);

  for (int i = 0; i < count; i++)
    {
      wcur[i] = woff[i] = 0;
      want[i].value = -7;
    }
  find_k_serial (height, order, nodes, nnodes, records, nrec, wcur, woff, q,
		 want, count);
  for (int rep = 0; rep < repeat; rep++)
    {
      for (int i = 0; i < count; i++)
	{
	  cur[i] = off[i] = 0;
	  ans[i].value = -7;
	}
      find_k (height, order, nnodes, nodes, nrec, records, cur, off, q, ans,
	      count);
      CHECK_RAN_ON_DEVICE (count);
      CHECK_SAME (ans, want, count, "findK answers (%ld records, order %d, run %d)",
		  nrec, order, rep);
      CHECK_SAME (cur, wcur, count, "findK leaves (%ld records, order %d, run %d)",
		  nrec, order, rep);
    }

  for (int i = 0; i < count; i++)
    {
      wcur[i] = woff[i] = 0;
      cur2[i] = off2[i] = 0;
      wrs[i] = wrl[i] = -7;
    }
  find_range_k_serial (height, order, nodes, nnodes, wcur, woff, cur2, off2,
		       q, qe, wrs, wrl, count);
  for (int rep = 0; rep < repeat; rep++)
    {
      for (int i = 0; i < count; i++)
	{
	  cur[i] = off[i] = cur2[i] = off2[i] = 0;
	  rs[i] = rl[i] = -7;
	}
      find_range_k (height, order, nnodes, nodes, cur, off, cur2, off2, q, qe,
		    rs, rl, count);
      CHECK_RAN_ON_DEVICE (count);
      CHECK_SAME (rs, wrs, count, "findRangeK starts (%ld records, order %d, run %d)",
		  nrec, order, rep);
      CHECK_SAME (rl, wrl, count, "findRangeK lengths (%ld records, order %d, run %d)",
		  nrec, order, rep);
    }
  free (nodes); free (key); free (records); free (q); free (qe);
  free (cur); free (off); free (cur2); free (off2); free (ans); free (want);
  free (rs); free (rl); free (wrs); free (wrl); free (wcur); free (woff);
}

int
main (void)
{
  check_init ();
  test (0, 4, 5, 1);
  test (1, 4, 0, 1);
  test (1, 4, 7, 1);
  test (100, 4, 97, 2);
  test (1000, 8, 1000, 2);
  test (65537, 32, 4099, 3);
  test (100000, 256, 10000, 3);
  test (1000000, 256, 65537, 3);
  return 0;
}
