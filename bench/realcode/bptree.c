/* bptree.c -- a batch of key look-ups in a B+ tree (in the style of the
   Rodinia benchmark b+tree, its findK; our own code): the tree is an
   array of nodes in breadth-first order, each holding its keys and the
   numbers of its children (or, in a leaf, of its records); one query per
   iteration walks from the root to a leaf.  The nodes, the records and
   their counts are globals, as in the original.

   usage: bptree NRECORDS [NQUERIES]  */
#include <limits.h>
#include <stdbool.h>
#include "rc.h"

#define ORDER 32

typedef struct { int value; } record;
typedef struct knode
{
  int location;
  int indices[ORDER + 1];
  int keys[ORDER + 1];
  bool is_leaf;
  int num_keys;
} knode;

knode *knodes;
long knodes_elem;
record *records;
long records_elem;
int tree_height;

/* Build a tree over the records, whose keys are KEY[0..records_elem)
   (increasing): leaves of ORDER - 1 keys, inner nodes of up to ORDER
   children, laid out root first.  */
static void
build_tree (const int *key)
{
  long level_size[32], nlevels = 0, total = 0;
  long n = (records_elem + ORDER - 2) / (ORDER - 1);
  for (;;)
    {
      level_size[nlevels++] = n;
      total += n;
      if (n == 1)
	break;
      n = (n + ORDER - 1) / ORDER;
    }
  knodes_elem = total;
  tree_height = nlevels - 1;
  knodes = rc_alloc (total * sizeof (knode));
  /* The first node of each level, root first.  */
  long first[32], off = 0;
  for (long l = nlevels - 1; l >= 0; l--)
    first[l] = off, off += level_size[l];
  for (long l = 0; l < nlevels; l++)
    for (long j = 0; j < level_size[l]; j++)
      {
	knode *kn = &knodes[first[l] + j];
	kn->location = first[l] + j;
	kn->is_leaf = l == 0;
	long per = l == 0 ? ORDER - 1 : ORDER;
	long below = l == 0 ? records_elem : level_size[l - 1];
	kn->num_keys = 0;
	for (int t = 0; t <= ORDER; t++)
	  {
	    long c = j * per + t;
	    if (t < per && c < below)
	      {
		/* The smallest key under child C.  */
		long r = c;
		for (long d = l; d > 0; d--)
		  r *= d == 1 ? ORDER - 1 : ORDER;
		kn->keys[t] = key[r];
		kn->indices[t] = l == 0 ? (int) c : (int) (first[l - 1] + c);
		kn->num_keys++;
	      }
	    else
	      {
		kn->keys[t] = l == 0 ? -1 : INT_MAX;
		kn->indices[t] = l == 0 ? 0 : (int) knodes_elem;
	      }
	  }
	if (l > 0 && j == 0)
	  kn->keys[0] = INT_MIN;
      }
}

/* Look up KEYS[0..COUNT) from the root into ANS; CURR_KNODE and OFFSET
   are each query's current node.  */
static void
find_k (long height, long *curr_knode, long *offset, const int *keys,
	record *ans, int count)
{
#pragma omp parallel for
  for (int bid = 0; bid < count; bid++)
    {
      for (int i = 0; i < height; i++)
	{
	  for (int thid = 0; thid < ORDER; thid++)
	    if (knodes[curr_knode[bid]].keys[thid] <= keys[bid]
		&& knodes[curr_knode[bid]].keys[thid + 1] > keys[bid]
		&& knodes[offset[bid]].indices[thid] < knodes_elem)
	      offset[bid] = knodes[offset[bid]].indices[thid];
	  curr_knode[bid] = offset[bid];
	}
      for (int thid = 0; thid < ORDER; thid++)
	if (knodes[curr_knode[bid]].keys[thid] == keys[bid])
	  ans[bid].value = records[knodes[curr_knode[bid]].indices[thid]].value;
    }
}

int
main (int argc, char **argv)
{
  records_elem = argc > 1 ? atol (argv[1]) : 1000000;
  int count = argc > 2 ? atoi (argv[2]) : 100000;
  int *key = rc_alloc (records_elem * sizeof (int));
  records = rc_alloc (records_elem * sizeof (record));
  for (long i = 0, k = 0; i < records_elem; i++)
    {
      k += 1 + rc_rand () % 3;
      key[i] = (int) k;
      records[i].value = (int) (rc_rand () % 1000000);
    }
  build_tree (key);
  int *keys = rc_alloc (count * sizeof (int));
  record *ans = rc_alloc (count * sizeof (record));
  long *curr_knode = rc_alloc (count * sizeof (long));
  long *offset = rc_alloc (count * sizeof (long));
  for (int i = 0; i < count; i++)
    {
      keys[i] = (int) (rc_rand () % (3 * records_elem + 2));
      ans[i].value = -1;
      curr_knode[i] = offset[i] = 0;
    }

  double t0 = rc_now_ms ();
  find_k (tree_height, curr_knode, offset, keys, ans, count);
  rc_time ("bptree", records_elem, rc_now_ms () - t0);
  rc_out_i (&ans[0].value, count);
  /* The serial build checks the tree itself: every key found, with its
     record.  */
#ifndef _OPENMP
  if (getenv ("RC_SELFCHECK"))
    for (int i = 0; i < count; i++)
      {
	long lo = 0, hi = records_elem;
	while (lo < hi)
	  {
	    long mid = (lo + hi) / 2;
	    if (key[mid] < keys[i]) lo = mid + 1; else hi = mid;
	  }
	int want = lo < records_elem && key[lo] == keys[i] ? records[lo].value : -1;
	if (ans[i].value != want)
	  {
	    fprintf (stderr, "bptree: query %d (key %d): %d, want %d\n", i,
		     keys[i], ans[i].value, want);
	    return 1;
	  }
      }
#endif
  return 0;
}
