/* gpu-tile.cc -- the gpu_tile pass: local-memory tiling of the serial
   loop inside a marked nest (issue 16, first step).

   In a 1-D or 2-D marked nest whose innermost marked loop holds one
   serial loop (matmul's k, matvec's j), a load whose address does not
   change with one parallel dimension D is made by every work-item of a
   group along D: TornadoVM's tiling (Papadimitriou et al., VEE'21)
   loads a tile of it into __local memory once per group, each work-item
   one element, and the serial loop reads the tile.  The decision is
   made on the host nest from data references and scalar evolution (the
   analysis: tile_analyze, which fills a struct tile_plan); the
   transform (tile_clone, tile_lower) makes another device clone of the
   nest -- a kernel variant, gpu-region.h -- and lowers it:

   - the serial loop is strip-mined (strip_mine): a loop over its tiles
     of TS iterations (the same in every work-item: its trip count is
     the same for the whole group) runs before each tile a barrier, the
     tile loads, a barrier (the first barrier keeps the previous tile
     until everyone has read it), then the serial loop over the tile
     only; full tiles run a copy of it whose trip count is the constant
     TS, which the device compiler can unroll, the last tile one with
     the remaining iterations (loop_version on the tile's size);
   - the promoted loads read the tile;
   - the kernel has the group shape TS x TS (TS for 1-D): a work-item
     outside the index space runs the last iteration of each dimension
     (so its loads stay inside the data and it reaches every barrier)
     and its stores outside the serial loop are skipped
     (__gpu_in_range).

   In a 2-D nest a register-blocked variant comes first (block_dim,
   see the comment before row_deps): each work-item computes B x B
   outputs, a value of a tile that does not change with the row serves
   the B rows, one that does not change with the column the B columns.
   With B >= 8 its tiles are TILE_DEEP_K iterations of the serial loop
   deep (a multiple of the group extent TS: each work-item loads
   TILE_DEEP_K / TS elements of each tile), when they fit
   TILE_DEEP_MAX_BYTES; the variant is then NAME_tileTSrBxBkDEPTH.  Its
   full, aligned tiles are loaded with 4-lane vector loads (see the
   comment before vector_way).

   Loads of a tile are clamped to the last iteration of the serial loop,
   so trip counts no tile divides read nothing outside the data; the
   serial loop still runs over its own iterations only (no padding, the
   order of the operations is the host's).  The runtime runs the variant
   when the device can, else the plain kernel (docs/ABI.md section 6).

   Not transformed, with a missed remark naming the access: a promoted
   input the region also writes through the same pointer, an index that
   is not affine in the marked indices, a serial loop whose trip count
   changes with the parallel indices (a data-dependent bound) or that is
   not run by every iteration of the nest (a barrier under divergent
   control flow), stores or calls in the serial loop.  An input that may
   alias an output through another pointer is promoted, and the variant
   asks the runtime to run it only when the two are distinct device
   buffers (they are then distinct memory).

   In a 1-D nest, a load of the serial loop that walks a row (matvec's
   a[i * n + j]) gets a row-staged variant before the tiled one: see the
   comment before row_load.

   A 2-D nest without a serial loop whose stores walk dimension 1 (a
   transpose) gets instead a staged-transpose variant: see the comment
   before addr_evolution.  Any other 2-D or 3-D nest without a serial
   loop whose loads read a neighbourhood of an input (a stencil) gets
   halo tiles: see the comment before HALO_SPAN.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"

/* Default tile sizes: iterations of the serial loop per tile, and the
   group's extent along each parallel dimension.  */
#define TILE_DEFAULT_2D 16
#define TILE_DEFAULT_1D 128

/* Most accesses promoted in one region.  */
#define TILE_MAX_REFS 4

/* Default outputs per work-item of the register-blocked variant (rows
   along dimension 1): 8x8, with a 16x16 group 128x128 outputs, the
   fastest shape of bench/ocl/sgemm_sweep.c on an H100.  */
#define TILE_DEFAULT_BLOCK 8

/* Iterations of the serial loop per tile of a register-blocked variant
   of 8 or more outputs per work-item (each work-item then loads several
   elements of each tile): deeper slices halve the barriers per
   iteration, which the sweep measured at 33 TFLOP/s against 29 with 16
   (H100, n = 4096).  Not used when the tiles would need more than
   TILE_DEEP_MAX_BYTES of local memory.  */
#define TILE_DEEP_K 32
#define TILE_DEEP_MAX_BYTES 49152

/* Default group extent of a staged transpose (a warp's 32 consecutive
   elements in each row of its tile).  */
#define TILE_DEFAULT_TRANSPOSE 32

/* Rows of its tile each work-item of a staged transpose moves: a group
   of TS x TS / 4 work-items, the shape of the hand-written kernel of
   bench/ocl/transpose.c.  */
#define TILE_TRANSPOSE_ROWS 4

/* Unroll factor of the loop over a full tile of a register-blocked
   variant (tile_unroll): the sweep's kernel (bench/ocl/sgemm_sweep.c)
   unrolls it with #pragma unroll, which our printed loops cannot carry;
   the hand-written bench/ocl/matmul.c, the same shape without the pragma
   (and with other index arithmetic), took 5.81 ms against the sweep's
   4.78 at n = 4096 on an H100.  Unrolled 8 times our variant took 5.14
   ms there, rolled 4.72 and unrolled 32 times (the whole 32-deep slice)
   4.19, as the sweep's best kernel (bench/results/2026-11-25-h100-
   session5.md).  */
#define TILE_UNROLL 32

/* The row-staged variant of a 1-D nest (see the comment before
   row_load): rows, and work-items, per group, and the elements of the
   serial loop's iterations each work-item holds in registers for the
   next tile, over all the staged rows (a tile is TILE_ROW_REGS / the
   4-byte words of one iteration of the staged rows deep, a multiple of
   the group).  Each work-item
   loads that many elements of each tile, all independent: the loads in
   flight that one work-item per row lacks.  On an H100 (bench/tile.sh,
   matvec 16384, bench/results/2026-11-25-h100-session7.md) groups of 32
   rows with tiles of 128 took 0.435 ms, 64 rows and 128 0.431, 64 and 64
   (the shape before) 0.528, 32 and 256 (256 registers) 1.002: 32 rows
   make twice the groups of 64 for small matrices, and the registers
   stay at 128 per work-item whatever the rows staged and their type.  A tile
   of one row is 32 x 129 floats, 16.5 KiB.  */
#define TILE_ROW_GROUP 32
#define TILE_ROW_REGS 128

/* A promoted load.  */
struct tile_ref
{
  gimple *stmt;			/* The load (host nest, then the clone).  */
  int cap;			/* Its buffer parameter.  */
  int dim;			/* The parallel dimension it does not
				   change with.  */
  /* Its address at iteration M of the serial loop:
     BASE + OFFSET + INIT + M * STEP (host names, then the clone's).  */
  tree base, offset, init, step;
  tree tile;			/* The __local array (transform).  */
  tree step1;			/* Staged transpose and halo tiles: the
				   address step per iteration of dimension
				   1 (STEP: of dimension 0), else NULL.  */
  tree step2;			/* Halo tiles in a 3-D nest: of dimension
				   2, else NULL.  */
  /* Halo tiles: the array's tile (a number per array) and the load's
     offset in elements along dimensions 0, 1 and 2 from BASE, the
     address of the array's first load at the work-item's iteration.  */
  int array;
  int off[3];
  tree so;			/* 2-D: the address step per iteration of
				   the other parallel dimension (sizetype),
				   for the vector tile loads; NULL when
				   scalar evolution does not know it.  */
  unsigned origin;		/* A copy made by block_dim: the index in
				   the plan of the load it copies ...  */
  int copy;			/* ... and its number (1 .. B - 1; 0 for
				   the loads of the nest).  */
  bool row;			/* A row-staged load (1-D): its address is
				   BASE + INIT + G0 * STEP1 + M * STEP at
				   iteration G0 of the marked loop.  */
  const char *name;		/* The array or pointer, for remarks.  */
};

/* What the analysis of one region decides, carried to the transform.  */
struct tile_plan
{
  struct gpu_region *r;
  class loop *serial;		/* The serial loop (host, then clone).  */
  tree count;			/* Its trip count, uint64.  */
  int ts;			/* Group extent along each dimension.  */
  int tsk;			/* Iterations of SERIAL per tile: TS, or a
				   multiple of it (deep tiles).  */
  auto_vec<tile_ref> refs;
  auto_vec<gimple *> stores;	/* Stores of the nest outside SERIAL.  */
  /* For each of STORES, the condition (NULL: none) under which its row
     is inside the index space besides __gpu_in_range (blocking).  */
  auto_vec<tree> store_in;
  auto_vec<int> distinct;	/* Pairs of parameters (gpu_variant).  */
  /* 1-D: the loads to stage by rows, and the pairs of parameters they
     need distinct (tile_row_plan puts them in REFS and DISTINCT).  */
  auto_vec<tile_ref> rowrefs;
  auto_vec<int> rowdistinct;
  bool rows;			/* The row-staged variant.  */
  /* Register blocking: iterations of each dimension per work-item (0 or
     1: one), and the first index and trip count of each dimension
     (clone names).  */
  int block[2];
  tree lo[2], n[2];
  int variant;			/* Its variant of R (transform).  */
  bool transpose;		/* A staged transpose (no serial loop).  */
  bool halo;			/* Halo tiles of a stencil (no serial
				   loop; the group is TS x TS1).  */
  int ts1;
  class loop *unroll;		/* The copy of SERIAL that runs a full
				   tile, to unroll (tile_unroll), or
				   NULL.  */
};

/* Say that the access (or loop) at LOC of region R is not tiled, WHY:
   a missed remark and a FAILED line.  */

static void
tile_missed (struct gpu_region *r, location_t loc, const char *what,
	     const char *why)
{
  char buf[512];
  snprintf (buf, sizeof buf, "%s: %s not promoted to local memory: %s",
	    r->kernel_name, what, why);
  gpu_dump_reason ("FAILED", loc, buf);
  if (dump_enabled_p ())
    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
		     dump_user_location_t::from_location_t (loc),
		     "%s not promoted to local memory: %s\n", what, why);
}

/* A name for the access REF in remarks: the array or pointer it goes
   through.  */

static const char *
ref_name (tree ref)
{
  tree ptr;
  tree base = gpu_ref_base (ref, &ptr);
  if (base && DECL_P (base))
    return gpu_value_name (base);
  if (ptr)
    return gpu_value_name (gpu_pointer_origin (ptr));
  return "<access>";
}

/* Walker: collect the SSA names of *TP in the vec DATA.  */

static tree
collect_names_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TREE_CODE (*tp) == SSA_NAME)
    ((vec<tree> *) data)->safe_push (*tp);
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Set bit D of *DEPS when EXPR, a value invariant in the serial loop,
   changes with marked dimension D of R.  Returns false when EXPR is not
   an affine function of the marked indices (scalar evolution cannot
   describe it).  */

static bool
expr_deps (struct gpu_region *r, tree expr, unsigned *deps)
{
  auto_vec<tree> names;
  tree e = expr;
  walk_tree_without_duplicates (&e, collect_names_r, &names);
  class loop *l0 = r->dims[0].loop;
  for (unsigned i = 0; i < names.length (); i++)
    {
      tree name = names[i];
      basic_block bb = gimple_bb (SSA_NAME_DEF_STMT (name));
      if (SSA_NAME_IS_DEFAULT_DEF (name) || !bb
	  || !flow_bb_inside_loop_p (r->outer, bb))
	continue;
      tree chrec = analyze_scalar_evolution (l0, name);
      chrec = instantiate_scev (loop_preheader_edge (r->outer), l0, chrec);
      if (chrec_contains_undetermined (chrec))
	return false;
      for (int d = 0; d < r->ndim; d++)
	{
	  tree part = evolution_part_in_loop_num (chrec,
						  r->dims[d].loop->num);
	  if (part)
	    {
	      if (tree_contains_chrecs (part, NULL))
		return false;
	      *deps |= 1u << d;
	    }
	}
      if (!evolution_function_is_affine_multivariate_p (chrec, l0->num)
	  && tree_contains_chrecs (chrec, NULL))
	return false;
    }
  return true;
}

/* Add the pair of parameters (A, B) that must be distinct buffers to
   DISTINCT unless it is there.  Returns false when it is not there and
   DISTINCT already holds GPU_MAX_DISTINCT pairs.  */

static bool
add_distinct (vec<int> *distinct, int a, int b)
{
  for (unsigned p = 0; p + 1 < distinct->length (); p += 2)
    if ((*distinct)[p] == a && (*distinct)[p + 1] == b)
      return true;
  if (distinct->length () >= 2 * GPU_MAX_DISTINCT)
    return false;
  distinct->safe_push (a);
  distinct->safe_push (b);
  return true;
}

/* Can the input through parameter CAP of PLAN's region (the access WHAT
   at LOC) be read into local memory?  Not when the region writes
   through the same pointer; one that may alias an output through
   another needs distinct buffers at run time (a pair of PLAN's
   DISTINCT).  Returns false with a remark.  */

static bool
alias_ok (struct tile_plan *plan, int cap, location_t loc, const char *what)
{
  struct gpu_region *r = plan->r;
  if (r->caps[cap].flags & GPU_ACC_WRITE)
    {
      tile_missed (r, loc, what, "the region also writes through the same "
		   "pointer (the tile could be stale)");
      return false;
    }
  for (unsigned w = 0; w < r->caps.length (); w++)
    {
      struct gpu_capture *c = &r->caps[w];
      if ((int) w == cap || c->kind != GPU_CAP_BUFFER
	  || !(c->flags & GPU_ACC_WRITE))
	continue;
      tree a = r->caps[cap].value, b = c->value;
      if (a && b && TREE_CODE (a) == SSA_NAME && TREE_CODE (b) == SSA_NAME
	  && POINTER_TYPE_P (TREE_TYPE (a)) && POINTER_TYPE_P (TREE_TYPE (b))
	  && !ptr_derefs_may_alias_p (a, b))
	continue;
      if (!add_distinct (&plan->distinct, cap, w))
	{
	  tile_missed (r, loc, what, "it may alias too many outputs");
	  return false;
	}
    }
  return true;
}

/* Write the value EXPR (invariant in the serial loop) of region R's nest
   as *BASE + G0 * ST[0] + G1 * ST[1] (+ G2 * ST[2] in a 3-D nest) for
   iteration G0, G1, G2 of the dimensions (host names, sizetype steps,
   each invariant in the nest).  Returns false when scalar evolution
   cannot.  */

static bool
expr_evolution (struct gpu_region *r, tree expr, tree *base, tree *st)
{
  class loop *l0 = r->dims[0].loop;
  tree chrec = analyze_scalar_evolution (l0, expr);
  chrec = instantiate_scev (loop_preheader_edge (r->outer), l0, chrec);
  if (chrec_contains_undetermined (chrec)
      || !evolution_function_is_affine_multivariate_p (chrec, l0->num))
    return false;
  for (int d = 0; d < r->ndim; d++)
    {
      st[d] = evolution_part_in_loop_num (chrec, r->dims[d].loop->num);
      st[d] = st[d] ? fold_convert (sizetype, st[d]) : size_zero_node;
      if (tree_contains_chrecs (st[d], NULL)
	  || !expr_invariant_in_loop_p (r->outer, st[d]))
	return false;
    }
  *base = initial_condition (chrec);
  return (!tree_contains_chrecs (*base, NULL)
	  && expr_invariant_in_loop_p (r->outer, *base));
}

/* Row-staged variant (matvec's a[i * n + j] in a 1-D nest): a load of
   the serial loop whose address walks consecutive elements along that
   loop and jumps further than an element from one iteration of the
   marked loop to the next is made by neighbouring work-items far apart
   (each 4-byte read pulls a sector of its own).  The variant
   NAME_rowsGkT gives a group of G work-items G consecutive rows, as the
   plain kernel does, strip-mines the serial loop by T (a multiple of
   G), and before each tile the group loads the G x T block of the rows
   into a __local tile of G x (T + 1) elements (the pad keeps a column
   in distinct banks) row by row, neighbouring work-items reading
   neighbouring elements of one row: T independent loads per work-item.
   Then each work-item runs the serial loop over its row of the tile, in
   the host's order (the sum is not reassociated).  The rows past the
   last one and the iterations past the serial loop's last are clamped
   to the last.  Loads that do not change with the row (matvec's x) get
   their tile too, as in the plain tiled variant, which comes after this
   one.  Unless no-row-prefetch, each work-item loads its share of the
   next tiles into registers before it sums the current one, and stores
   them to the tiles between the next two barriers (see the comment
   before row_prefetch_stores).  */

/* Is the load STMT of PLAN (through parameter CAP, its data reference
   DR, which changes with dimension 0 of a 1-D nest; WHAT for remarks)
   one to stage by rows (see above)?  Fills *T and returns true, or
   returns false (with a remark when it is not safe).  */

static bool
row_load (struct tile_plan *plan, gimple *stmt, int cap, data_reference_p dr,
	  const char *what, struct tile_ref *t)
{
  struct gpu_region *r = plan->r;
  tree ref = gimple_assign_rhs1 (stmt);
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (ref));
  tree b, st[3];
  if (r->ndim != 1 || gpu_opts.no_row_stage || !size
      || TREE_CODE (DR_BASE_ADDRESS (dr)) == ADDR_EXPR
      || !POINTER_TYPE_P (TREE_TYPE (DR_BASE_ADDRESS (dr)))
      || !tree_int_cst_equal (DR_STEP (dr), size)
      || !expr_evolution (r, fold_build_pointer_plus (DR_BASE_ADDRESS (dr),
						      DR_OFFSET (dr)),
			  &b, st)
      || (TREE_CODE (st[0]) == INTEGER_CST && tree_int_cst_le (st[0], size)))
    return false;
  location_t loc = gimple_location (stmt);
  if (!dominated_by_p (CDI_DOMINATORS, plan->serial->latch,
		       gimple_bb (stmt)))
    {
      tile_missed (r, loc, what, "it is under a condition in the serial "
		   "loop (not staged by rows)");
      return false;
    }
  /* Its pairs of distinct buffers are the row-staged variant's only.  */
  unsigned nd = plan->distinct.length ();
  bool ok = alias_ok (plan, cap, loc, what);
  for (unsigned p = nd; p < plan->distinct.length (); p++)
    plan->rowdistinct.safe_push (plan->distinct[p]);
  plan->distinct.truncate (nd);
  if (!ok)
    return false;
  memset (t, 0, sizeof *t);
  t->stmt = stmt;
  t->cap = cap;
  t->base = b;
  t->offset = size_zero_node;
  t->init = DR_INIT (dr);
  t->step = DR_STEP (dr);
  t->step1 = st[0];
  t->row = true;
  t->name = ref_name (ref);
  return true;
}

/* A new plan for a variant of the nest of PLAN (made by tile_analyze):
   its region, serial loop, trip count, promoted loads, stores and pairs
   of distinct buffers, tiles of TS work-items by TSK iterations of the
   serial loop, nothing blocked, transposed, haloed or staged by rows
   (the caller sets what its variant changes).  */

static tile_plan *
tile_plan_copy (struct tile_plan *plan, int ts, int tsk)
{
  tile_plan *b = new tile_plan;
  b->r = plan->r;
  b->serial = plan->serial;
  b->count = plan->count;
  b->ts = ts;
  b->tsk = tsk;
  b->refs.safe_splice (plan->refs);
  b->stores.safe_splice (plan->stores);
  b->distinct.safe_splice (plan->distinct);
  b->block[0] = b->block[1] = 0;
  b->lo[0] = b->lo[1] = b->n[0] = b->n[1] = NULL_TREE;
  b->transpose = false;
  b->unroll = NULL;
  b->halo = false;
  b->rows = false;
  return b;
}

/* Is the load STMT (through parameter CAP, in the serial loop of PLAN)
   one to promote?  Fills *T and returns true, or returns false (with a
   remark when it would have been promoted but is not safe); *ROW is
   set when T is a load to stage by rows (see above).  */

static bool
analyze_load (struct tile_plan *plan, gimple *stmt, int cap,
	      struct tile_ref *t, bool *row)
{
  struct gpu_region *r = plan->r;
  class loop *k = plan->serial;
  tree ref = gimple_assign_rhs1 (stmt);
  location_t loc = gimple_location (stmt);
  char what[128];
  snprintf (what, sizeof what, "access to %s", ref_name (ref));

  data_reference_p dr = create_data_ref (loop_preheader_edge (k), k, ref,
					 stmt, true, false);
  bool ok = dr && DR_BASE_ADDRESS (dr) && DR_OFFSET (dr) && DR_INIT (dr)
    && DR_STEP (dr);
  unsigned deps = 0, sdeps = 0;
  if (ok)
    ok = (expr_deps (r, DR_BASE_ADDRESS (dr), &deps)
	  && expr_deps (r, DR_OFFSET (dr), &deps)
	  && expr_deps (r, DR_STEP (dr), &sdeps) && sdeps == 0);
  if (!ok)
    {
      if (dr)
	free_data_ref (dr);
      tile_missed (r, loc, what, "its index is not an affine function of "
		   "the loop indices");
      return false;
    }
  /* Shared by the work-items along exactly one parallel dimension.  */
  unsigned all = (1u << r->ndim) - 1;
  int dim = -1;
  for (int d = 0; d < r->ndim; d++)
    if ((deps | (1u << d)) == all && !(deps & (1u << d)))
      dim = d;
  *row = false;
  if (dim < 0 && deps == 1 && r->ndim == 1)
    {
      *row = row_load (plan, stmt, cap, dr, what, t);
      free_data_ref (dr);
      return *row;
    }
  if (dim < 0 || TREE_CODE (DR_BASE_ADDRESS (dr)) == ADDR_EXPR
      || !POINTER_TYPE_P (TREE_TYPE (DR_BASE_ADDRESS (dr))))
    {
      if (dim >= 0 || deps == 0)
	tile_missed (r, loc, what, dim >= 0 ? "it does not go through a "
		     "pointer" : "every work-item of the group reads the same "
		     "element (not tiled yet)");
      free_data_ref (dr);
      return false;
    }
  /* Every iteration of the serial loop makes it (the tile loads do).  */
  if (!dominated_by_p (CDI_DOMINATORS, k->latch, gimple_bb (stmt)))
    {
      free_data_ref (dr);
      tile_missed (r, loc, what, "it is under a condition in the serial "
		   "loop");
      return false;
    }
  if (!alias_ok (plan, cap, loc, what))
    {
      free_data_ref (dr);
      return false;
    }
  t->stmt = stmt;
  t->cap = cap;
  t->dim = dim;
  t->base = DR_BASE_ADDRESS (dr);
  t->offset = DR_OFFSET (dr);
  t->init = DR_INIT (dr);
  t->step = DR_STEP (dr);
  t->tile = NULL_TREE;
  t->step1 = NULL_TREE;
  t->step2 = NULL_TREE;
  t->origin = 0;
  t->copy = 0;
  t->so = NULL_TREE;
  t->row = false;
  tree b, st[3];
  if (r->ndim == 2
      && expr_evolution (r, fold_build_pointer_plus (t->base, t->offset),
			 &b, st))
    t->so = dim == 0 ? st[1] : st[0];
  t->name = ref_name (ref);
  free_data_ref (dr);
  return true;
}

/* The buffer parameter the load STMT of R reads, or -1.  */

static int
access_cap (struct gpu_region *r, gimple *stmt)
{
  for (unsigned i = 0; i < r->accs.length (); i++)
    if (r->accs[i].stmt == stmt && r->accs[i].ref
	&& (r->accs[i].flags & GPU_ACC_READ))
      return r->accs[i].cap;
  return -1;
}

/* Analyze region R (see the head of the file) into PLAN.  Returns true
   when a variant is to be made.  */

static bool
tile_analyze (struct gpu_region *r, struct tile_plan *plan)
{
  plan->r = r;
  plan->block[0] = plan->block[1] = 0;
  plan->transpose = false;
  plan->unroll = NULL;
  plan->halo = false;
  plan->rows = false;
  if (r->ndim > 2 || r->ninner || !r->reds.is_empty () || r->grid_stride)
    return false;
  class loop *l0 = r->dims[0].loop;
  class loop *k = l0->inner;
  if (!k)
    return false;
  location_t kloc = find_loop_location (k).get_location_t ();
  if (k->next || k->inner)
    {
      tile_missed (r, kloc, "the serial loop", "the innermost marked loop "
		   "holds more than one serial loop, or nested ones");
      return false;
    }
  plan->serial = k;
  /* Every work-item of a group runs the serial loop the same number of
     times, so that all reach its barriers.  */
  if (!dominated_by_p (CDI_DOMINATORS, l0->latch, k->header)
      || (r->ndim == 2
	  && !dominated_by_p (CDI_DOMINATORS, r->dims[1].loop->latch,
			      l0->header)))
      {
	tile_missed (r, kloc, "the serial loop", "it is not run by every "
		     "iteration of the marked loops (its barriers would be "
		     "under divergent control flow)");
	return false;
      }
  edge exit = single_exit (k);
  class tree_niter_desc desc;
  if (!exit || exit->src != k->header
      || !number_of_iterations_exit (k, exit, &desc, false)
      || !integer_onep (desc.assumptions)
      || chrec_contains_undetermined (desc.niter)
      || tree_contains_chrecs (desc.niter, NULL)
      || (desc.may_be_zero && tree_contains_chrecs (desc.may_be_zero, NULL))
      || !expr_invariant_in_loop_p (r->outer, desc.niter)
      || (desc.may_be_zero
	  && !expr_invariant_in_loop_p (r->outer, desc.may_be_zero)))
    {
      tile_missed (r, kloc, "the serial loop", "its trip count is not the "
		   "same for every iteration of the marked loops (a "
		   "data-dependent bound)");
      return false;
    }
  tree u64 = long_long_unsigned_type_node;
  tree count = fold_convert (u64, desc.niter);
  if (desc.may_be_zero && !integer_zerop (desc.may_be_zero))
    count = fold_build3 (COND_EXPR, u64, desc.may_be_zero,
			 build_int_cst (u64, 0), count);
  plan->count = count;
  /* The tiled loop is exited from a loop around it: a value computed by
     its test may only be used inside it.  */
  for (gimple_stmt_iterator gsi = gsi_start_bb (k->header); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      tree def = gimple_get_lhs (gsi_stmt (gsi));
      imm_use_iterator it;
      gimple *use;
      if (def && TREE_CODE (def) == SSA_NAME)
	FOR_EACH_IMM_USE_STMT (use, it, def)
	  if (!is_gimple_debug (use)
	      && !flow_bb_inside_loop_p (k, gimple_bb (use)))
	    {
	      tile_missed (r, kloc, "the serial loop", "a value its test "
			   "computes is used after it");
	      return false;
	    }
    }
  plan->ts = gpu_opts.tile > 0 ? gpu_opts.tile
    : r->ndim == 2 ? TILE_DEFAULT_2D : TILE_DEFAULT_1D;
  plan->tsk = plan->ts;

  /* The statements of the nest.  */
  bool ok = true;
  basic_block *body = get_loop_body (r->outer);
  for (unsigned i = 0; ok && i < r->outer->num_nodes; i++)
    {
      basic_block bb = body[i];
      bool in_k = flow_bb_inside_loop_p (k, bb);
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
	   ok && !gsi_end_p (gsi); gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt) || gimple_clobber_p (stmt))
	    continue;
	  location_t loc = gimple_location (stmt);
	  if (gimple_vdef (stmt))
	    {
	      if (!is_gimple_assign (stmt))
		{
		  tile_missed (r, loc, "the nest", "a call or statement with "
			       "side effects");
		  ok = false;
		}
	      else if (in_k)
		{
		  tile_missed (r, loc, "the nest", "a store in the serial "
			       "loop");
		  ok = false;
		}
	      else
		plan->stores.safe_push (stmt);
	      continue;
	    }
	  if (!in_k || bb->loop_father != k || !gimple_assign_load_p (stmt))
	    continue;
	  int cap = access_cap (r, stmt);
	  struct tile_ref t;
	  bool row;
	  if (cap >= 0
	      && plan->refs.length () + plan->rowrefs.length () < TILE_MAX_REFS
	      && analyze_load (plan, stmt, cap, &t, &row))
	    (row ? plan->rowrefs : plan->refs).safe_push (t);
	}
    }
  free (body);
  return ok && !(plan->refs.is_empty () && plan->rowrefs.is_empty ());
}

/* Append a call of marker M with the constant argument ARG (or none when
   ARG is negative) at *GSI; returns its value.  */

static tree
add_marker (gimple_stmt_iterator *gsi, enum gpu_marker m, int arg)
{
  tree decl = gpu_marker_decl (m, NULL_TREE);
  gcall *call = arg >= 0
    ? gimple_build_call (decl, 1, build_int_cst (integer_type_node, arg))
    : gimple_build_call (decl, 0);
  tree rt = TREE_TYPE (TREE_TYPE (decl));
  tree lhs = NULL_TREE;
  if (!VOID_TYPE_P (rt))
    {
      lhs = make_ssa_name (rt);
      gimple_call_set_lhs (call, lhs);
    }
  gsi_insert_after (gsi, call, GSI_NEW_STMT);
  return lhs;
}

/* Append at *GSI a barrier of a variant: the work-items of a group share
   only __local tiles, so it fences local memory only (a global fence
   costs a memory barrier on some devices), unless no-lean-tile.  */

static void
add_tile_barrier (gimple_stmt_iterator *gsi)
{
  add_marker (gsi, gpu_opts.no_lean_tile ? GPU_MARK_BARRIER
	      : GPU_MARK_LOCAL_BARRIER, -1);
}

/* Append VAL, gimplified, at *GSI; returns its value.  */

static tree
add_value (gimple_stmt_iterator *gsi, tree val)
{
  return force_gimple_operand_gsi (gsi, val, true, NULL_TREE, false,
				   GSI_CONTINUE_LINKING);
}

/* Register blocking (issue 16 item 2): in the variant NAME_tileTSrBxB
   of a 2-D nest each work-item computes B x B outputs: rows G, G + TS,
   ... G + (B - 1) TS of its group's B * TS rows (dimension 1), and the
   same for the columns (dimension 0; neighbouring work-items stay on
   neighbouring columns).  The statements of the nest that depend on the
   row index (the row's loads, matmul's accumulator, its store) are
   copied B - 1 times with the index of each further row, then those
   that depend on the column index, copies included, for each further
   column: unroll-and-jam of the two marked loops into the serial loop.
   A promoted load that does not change with the row (matmul's b) is
   then read from local memory once per iteration of the serial loop for
   the B rows, one that does not change with the column (matmul's a)
   once for the B columns; each copy of a load gets its own tile.  An
   iteration past the index space computes with the last one (its loads
   stay inside the data) and does not store.  The rows and columns are
   independent iterations of marked loops, so the copies compute what
   the plain kernel computes, in the same order for each output.  A
   dimension is not blocked when a condition, a call or a loop header
   other than the serial loop's depends on its index.  */

/* Collect in *DEPS the statements of the loop L1 (the marked loop of
   one dimension, host or clone, index IV1) whose values depend on IV1,
   in dominance order, for SERIAL the serial loop.  Returns NULL, or why
   the loop cannot be jammed.  */

static const char *
row_deps (class loop *l1, tree iv1, class loop *serial,
	  auto_vec<gimple *> *deps)
{
  hash_set<gimple *> seen;
  auto_vec<tree> work;
  work.safe_push (iv1);
  while (!work.is_empty ())
    {
      tree x = work.pop ();
      imm_use_iterator it;
      gimple *use;
      FOR_EACH_IMM_USE_STMT (use, it, x)
	{
	  basic_block bb = gimple_bb (use);
	  if (is_gimple_debug (use) || !bb
	      || !flow_bb_inside_loop_p (l1, bb) || seen.contains (use))
	    continue;
	  if (bb == l1->header && (gimple_code (use) == GIMPLE_COND
				   || gimple_code (use) == GIMPLE_PHI))
	    continue;
	  if (gimple_code (use) == GIMPLE_PHI
	      ? bb->loop_father->header == bb && bb->loop_father != serial
	      : gimple_code (use) != GIMPLE_ASSIGN)
	    {
	      if (dump_file && (dump_flags & TDF_DETAILS))
		{
		  fprintf (dump_file, "row-dependent: ");
		  print_gimple_stmt (dump_file, use, 0, TDF_SLIM);
		}
	      return "a condition, a call or a loop other than the serial "
		"loop depends on its index";
	    }
	  seen.add (use);
	  tree lhs = gimple_get_lhs (use);
	  if (lhs && TREE_CODE (lhs) == SSA_NAME)
	    work.safe_push (lhs);
	}
    }
  basic_block *body = get_loop_body_in_dom_order (l1);
  for (unsigned i = 0; i < l1->num_nodes; i++)
    {
      for (gphi_iterator gi = gsi_start_phis (body[i]); !gsi_end_p (gi);
	   gsi_next (&gi))
	if (seen.contains (gi.phi ()))
	  deps->safe_push (gi.phi ());
      for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	   !gsi_end_p (gsi); gsi_next (&gsi))
	if (seen.contains (gsi_stmt (gsi)))
	  deps->safe_push (gsi_stmt (gsi));
    }
  free (body);
  return NULL;
}

/* Walker: replace the SSA names of *TP that the map DATA has.  */

static tree
map_names_r (tree *tp, int *walk_subtrees, void *data)
{
  hash_map<tree, tree> *map = (hash_map<tree, tree> *) data;
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      tree *to = map->get (*tp);
      if (to)
	*tp = *to;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* A copy of EXPR with the names of MAP replaced.  */

static tree
map_names (hash_map<tree, tree> *map, tree expr)
{
  tree e = unshare_expr (expr);
  walk_tree (&e, map_names_r, map, NULL);
  return e;
}

/* Jam the loop of dimension D of PLAN's variant clone NEST (see above):
   copy the statements that depend on its index for its iterations 1 ..
   PLAN->block[D] - 1 (STRIDE apart) and add the copies' promoted loads
   and stores to PLAN.  Returns false, changing nothing, when that cannot
   be done.  */

static bool
block_dim (struct tile_plan *plan, struct gpu_nest *nest, int d, int stride)
{
  class loop *l1 = nest->loops[d];
  tree iv1 = nest->ivs[d];
  int nb = plan->block[d];
  auto_vec<gimple *> deps;
  free_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_DOMINATORS);
  const char *why = row_deps (l1, iv1, plan->serial, &deps);
  if (why)
    {
      char buf[256];
      snprintf (buf, sizeof buf, "%s: no register blocking in the variant: "
		"%s", plan->r->kernel_name, why);
      gpu_dump_reason ("FAILED", plan->r->loc, buf);
      return false;
    }

  /* At the top of the loop's body: the index G in dimension D, and for
     each further iteration Q, its index (the last one when past the end)
     and whether it is inside the index space.  */
  edge te, fe;
  extract_true_false_edges_from_block (l1->header, &te, &fe);
  basic_block top = split_edge (flow_bb_inside_loop_p (l1, te->dest)
				? te : fe);
  gimple_stmt_iterator g = gsi_last_bb (top);
  tree u64 = long_long_unsigned_type_node;
  tree itype = TREE_TYPE (iv1);
  tree step = fold_convert (itype, plan->r->dims[d].step);
  tree lo = fold_convert (itype, plan->lo[d]);
  tree row = add_value (&g, fold_convert
			(u64, fold_build2 (EXACT_DIV_EXPR, itype,
					   fold_build2 (MINUS_EXPR, itype,
							iv1, lo), step)));
  tree last = add_value (&g, fold_build2 (MINUS_EXPR, u64, plan->n[d],
					  build_one_cst (u64)));
  hash_map<tree, tree> *maps = new hash_map<tree, tree>[nb];
  tree *in = XALLOCAVEC (tree, nb);
  for (int q = 1; q < nb; q++)
    {
      tree gq = fold_build2 (PLUS_EXPR, u64, row,
			     build_int_cst (u64, q * stride));
      tree gc = fold_build2 (MIN_EXPR, u64, gq, last);
      tree iq = add_value (&g, fold_build2
			   (PLUS_EXPR, itype, lo,
			    fold_build2 (MULT_EXPR, itype,
					 fold_convert (itype, gc), step)));
      in[q] = add_value (&g, fold_build2 (LT_EXPR, boolean_type_node,
					  unshare_expr (gq), plan->n[d]));
      maps[q].put (iv1, iq);
      for (unsigned i = 0; i < deps.length (); i++)
	{
	  tree lhs = gimple_get_lhs (deps[i]);
	  if (lhs && TREE_CODE (lhs) == SSA_NAME)
	    maps[q].put (lhs, copy_ssa_name (lhs));
	}
    }

  /* The copies, each after the one before (PHIs beside theirs).  */
  unsigned nrefs = plan->refs.length ();
  for (unsigned i = 0; i < deps.length (); i++)
    {
      gimple *s = deps[i];
      gimple_stmt_iterator gi = gsi_for_stmt (s);
      for (int q = 1; q < nb; q++)
	{
	  tree lhs = gimple_get_lhs (s);
	  gimple *copy;
	  if (gphi *phi = dyn_cast <gphi *> (s))
	    {
	      gphi *np = create_phi_node (*maps[q].get (lhs), gimple_bb (s));
	      edge e;
	      edge_iterator ei;
	      FOR_EACH_EDGE (e, ei, gimple_bb (s)->preds)
		add_phi_arg (np, map_names (&maps[q], PHI_ARG_DEF_FROM_EDGE
					    (phi, e)), e,
			     gimple_phi_arg_location_from_edge (phi, e));
	      continue;
	    }
	  copy = gimple_copy (s);
	  for (unsigned o = 0; o < gimple_num_ops (copy); o++)
	    if (gimple_op (copy, o))
	      gimple_set_op (copy, o, map_names (&maps[q], gimple_op (copy,
								      o)));
	  if (gimple_vdef (s))
	    {
	      gimple_set_vdef (copy, NULL_TREE);
	      gimple_set_vuse (copy, NULL_TREE);
	    }
	  if (lhs && TREE_CODE (lhs) == SSA_NAME)
	    SSA_NAME_DEF_STMT (gimple_get_lhs (copy)) = copy;
	  gsi_insert_after (&gi, copy, GSI_NEW_STMT);
	  update_stmt (copy);
	  for (unsigned t = 0; t < nrefs; t++)
	    if (plan->refs[t].stmt == s)
	      {
		struct tile_ref c = plan->refs[t];
		c.stmt = copy;
		c.origin = t;
		c.copy = q;
		c.base = map_names (&maps[q], c.base);
		c.offset = map_names (&maps[q], c.offset);
		c.init = map_names (&maps[q], c.init);
		c.step = map_names (&maps[q], c.step);
		if (c.so)
		  c.so = map_names (&maps[q], c.so);
		plan->refs.safe_push (c);
	      }
	  if (gimple_vdef (s))
	    {
	      /* Also under the condition of the copy it was made from.  */
	      while (plan->store_in.length () < plan->stores.length ())
		plan->store_in.safe_push (NULL_TREE);
	      tree cond = in[q];
	      for (unsigned t = 0; t < plan->stores.length (); t++)
		if (plan->stores[t] == s && plan->store_in[t])
		  cond = fold_build2 (BIT_AND_EXPR, boolean_type_node,
				      plan->store_in[t], cond);
	      plan->stores.safe_push (copy);
	      plan->store_in.safe_push (cond);
	    }
	}
    }
  delete[] maps;
  return true;
}

/* A copy of PLAN (made by tile_analyze, on the host nest) for the
   register-blocked variant, or NULL with a missed remark when its region
   cannot have one (see the comment before row_deps).  */

static tile_plan *
tile_block_plan (struct tile_plan *plan)
{
  struct gpu_region *r = plan->r;
  int nb = gpu_opts.block ? gpu_opts.block : TILE_DEFAULT_BLOCK;
  if (r->ndim != 2 || nb <= 1)
    return NULL;
  int block[2] = { 0, 0 };
  const char *why = NULL;
  if (r->nvariants + 2 > GPU_MAX_VARIANTS)
    why = "the region has no room for another variant";
  for (int d = 0; !why && d < 2; d++)
    {
      auto_vec<gimple *> deps;
      const char *w = TREE_CODE (r->dims[d].step) != INTEGER_CST
	? "the step of the loop is not a constant"
	: row_deps (r->dims[d].loop, r->dims[d].iv, plan->serial, &deps);
      if (!w)
	block[d] = nb;
      else
	{
	  /* The other dimension may still be blocked.  */
	  char buf[256];
	  snprintf (buf, sizeof buf, "%s: no register blocking along "
		    "dimension %d: %s", r->kernel_name, d, w);
	  gpu_dump_reason ("FAILED", r->loc, buf);
	  if (dump_enabled_p ())
	    dump_printf_loc (MSG_MISSED_OPTIMIZATION,
			     dump_user_location_t::from_location_t (r->loc),
			     "kernel %s: no register blocking along "
			     "dimension %d (%s): %s\n", r->kernel_name, d,
			     d ? "rows" : "columns", w);
	}
    }
  if (why || (!block[0] && !block[1]))
    return NULL;
  /* Deep tiles for large blocks (tile_lower checks their size).  */
  int ts = plan->ts;
  bool deep = (nb >= 8 && !gpu_opts.no_deep_tile && ts < TILE_DEEP_K
	       && TILE_DEEP_K % ts == 0);
  tile_plan *b = tile_plan_copy (plan, ts, deep ? TILE_DEEP_K : ts);
  b->block[0] = block[0];
  b->block[1] = block[1];
  return b;
}

/* A copy of PLAN (made by tile_analyze, on the host nest of a 1-D
   region) for the row-staged variant (see the comment before row_load),
   or NULL when its region has no load to stage by rows or no room for
   the variant.  */

static tile_plan *
tile_row_plan (struct tile_plan *plan)
{
  struct gpu_region *r = plan->r;
  if (plan->rowrefs.is_empty ())
    return NULL;
  if (r->nvariants + 1 > GPU_MAX_VARIANTS)
    {
      gpu_dump_reason ("FAILED", r->loc, "no row-staged variant: the region "
		       "has no room for another variant");
      return NULL;
    }
  int ts = gpu_opts.row_group ? gpu_opts.row_group : TILE_ROW_GROUP;
  /* The 4-byte registers one iteration of the staged rows takes.  */
  int regs = 0;
  for (unsigned k = 0; k < plan->rowrefs.length (); k++)
    {
      tree size = TYPE_SIZE_UNIT (TREE_TYPE (gimple_assign_rhs1
					     (plan->rowrefs[k].stmt)));
      regs += (tree_fits_uhwi_p (size) ? (int) tree_to_uhwi (size) : 8) / 4;
    }
  int depth = (gpu_opts.row_depth ? gpu_opts.row_depth
	       : MAX (TILE_ROW_REGS / MAX (regs, 1), ts));
  tile_plan *b = tile_plan_copy (plan, ts, (depth + ts - 1) / ts * ts);
  b->refs.safe_splice (plan->rowrefs);
  for (unsigned p = 0; p + 1 < plan->rowdistinct.length (); p += 2)
    if (!add_distinct (&b->distinct, plan->rowdistinct[p],
		       plan->rowdistinct[p + 1]))
      {
	gpu_dump_reason ("FAILED", r->loc, "no row-staged variant: its "
			 "inputs may alias too many outputs");
	delete b;
	return NULL;
      }
  b->rows = true;
  return b;
}

/* Make the variant clone of PLAN's region and map PLAN into its names.
   Returns false when that cannot be done.  */

static bool
tile_clone (struct tile_plan *plan)
{
  struct gpu_region *r = plan->r;
  struct gpu_variant *v = &r->variants[r->nvariants];
  memset (v, 0, sizeof *v);
  plan->variant = r->nvariants;
  initialize_original_copy_tables ();
  bool ok = gpu_clone_nest (r, &v->dev);
  class loop *k = ok && plan->serial ? get_loop_copy (plan->serial) : NULL;
  tree count = ok && plan->count ? gpu_clone_expr (r, plan->count)
    : NULL_TREE;
  ok = ok && (plan->transpose || plan->halo || (k && count));
  /* Both dimensions' when either is blocked (tile_vector tests that the
     whole group is inside the index space).  */
  bool both = plan->block[0] > 1 || plan->block[1] > 1 || plan->transpose;
  for (int d = 0; ok && d < (plan->rows ? 1 : 2); d++)
    if (both || plan->rows)
      {
	plan->lo[d] = gpu_clone_expr (r, r->dims[d].lo);
	plan->n[d] = gpu_clone_expr (r, r->dims[d].count);
	ok = plan->lo[d] && plan->n[d];
      }
  for (unsigned i = 0; ok && i < plan->refs.length (); i++)
    {
      struct tile_ref *t = &plan->refs[i];
      t->stmt = gpu_clone_stmt (t->stmt);
      t->base = gpu_clone_expr (r, t->base);
      t->offset = gpu_clone_expr (r, t->offset);
      t->init = gpu_clone_expr (r, t->init);
      t->step = gpu_clone_expr (r, t->step);
      if (t->step1)
	t->step1 = gpu_clone_expr (r, t->step1);
      if (t->step2)
	t->step2 = gpu_clone_expr (r, t->step2);
      if (t->so)
	t->so = gpu_clone_expr (r, t->so);
      ok = t->stmt && t->base && t->offset && t->init && t->step
	&& (!plan->transpose || t->step1)
	&& (!plan->halo || (t->step1 && (r->ndim < 3 || t->step2)));
    }
  for (unsigned i = 0; ok && i < plan->stores.length (); i++)
    {
      plan->stores[i] = gpu_clone_stmt (plan->stores[i]);
      ok = plan->stores[i] != NULL;
    }
  free_original_copy_tables ();
  if (v->dev.outer)
    r->nvariants++;
  if (!ok)
    {
      gpu_dump_reason ("FAILED", r->loc, "the nest cannot be copied for "
		       "the tiled variant");
      return false;
    }
  plan->serial = k;
  plan->count = count ? gpu_region_keep (count) : NULL_TREE;
  return true;
}

/* Make the statements FIRST .. LAST (in one block, FIRST before LAST)
   of a clone run only when COND (a boolean of names defined before
   FIRST, or NULL: always) holds, and, if IN_RANGE, only in work-items
   inside the index space.  */

static void
guard_stmts (gimple *first, gimple *last, tree cond, bool in_range)
{
  basic_block bb = gimple_bb (first);
  gimple_stmt_iterator gp = gsi_for_stmt (first);
  gsi_prev (&gp);
  edge e1 = gsi_end_p (gp) ? split_block_after_labels (bb)
    : split_block (bb, gsi_stmt (gp));
  edge e2 = split_block (e1->dest, last);
  gimple_stmt_iterator g = gsi_last_bb (e1->src);
  tree in = in_range ? add_marker (&g, GPU_MARK_IN_RANGE, -1)
    : integer_one_node;
  if (cond)
    in = add_value (&g, fold_build2 (BIT_AND_EXPR, integer_type_node, in,
				     fold_convert (integer_type_node,
						   unshare_expr (cond))));
  gcond *c = gimple_build_cond (EQ_EXPR, in, integer_zero_node, NULL_TREE,
				NULL_TREE);
  gsi_insert_after (&g, c, GSI_NEW_STMT);
  e1->flags &= ~EDGE_FALLTHRU;
  e1->flags |= EDGE_FALSE_VALUE;
  e1->probability = profile_probability::likely ();
  edge et = make_edge (e1->src, e2->dest, EDGE_TRUE_VALUE);
  et->probability = profile_probability::unlikely ();
}

/* Make the store STMT of the clone happen only in work-items inside the
   index space, and when ALSO (a boolean, or NULL) holds.  */

static void
guard_in_range (gimple *stmt, tree also)
{
  guard_stmts (stmt, stmt, also, true);
}

/* Strip-mine the serial loop K of a variant clone: put around it a loop
   over its tiles (header OH, tile loads in OB, latch OL) and make K
   itself run over one tile.  CNT is K's trip count, TS the tile size.
   Returns the new outer loop; sets *T to its tile start (the iteration
   number of K at which the tile begins), *OB to the block that loads
   the tile (it runs before every tile), *M to K's iteration number in
   the tile and *N_IN to the number of iterations of this tile,
   MIN (TS, CNT - *T), which is also K's trip count now.  */

static class loop *
strip_mine (class loop *k, tree cnt, int ts, tree *t, basic_block *ob,
	    tree *m, tree *n_in)
{
  tree u64 = long_long_unsigned_type_node;
  edge te, fe;
  extract_true_false_edges_from_block (k->header, &te, &fe);
  edge stay = flow_bb_inside_loop_p (k, te->dest) ? te : fe;
  edge ex = stay == te ? fe : te;
  edge pe = loop_preheader_edge (k);

  /* P -> OH -> OB -> H for the entry, H -> OL -> E for the exit.  */
  basic_block ol = split_edge (ex);
  basic_block oh = split_edge (pe);
  *ob = split_edge (single_succ_edge (oh));
  edge enter = single_succ_edge (*ob);
  edge out = single_succ_edge (ol);
  basic_block e = out->dest;

  /* The values K carries: one copy after the inner loop (OL, loop-closed
     form, so that K can be copied later) and one in the outer header.  */
  auto_vec<gphi *> hphis, lphis, ophis;
  for (gphi_iterator gi = gsi_start_phis (k->header); !gsi_end_p (gi);
       gsi_next (&gi))
    {
      gphi *phi = gi.phi ();
      tree x = gimple_phi_result (phi);
      gphi *lphi = create_phi_node (copy_ssa_name (x), ol);
      add_phi_arg (lphi, x, single_pred_edge (ol), UNKNOWN_LOCATION);
      hphis.safe_push (phi);
      lphis.safe_push (lphi);
    }

  /* The outer exit OH -> E takes over E's arguments from OL -> E, with
     K's values replaced by the outer header's; OL goes back to OH.  */
  edge oexit = make_edge (oh, e, EDGE_FALSE_VALUE);
  oexit->probability = profile_probability::unlikely ();
  edge otile = single_succ_edge (oh);
  otile->flags &= ~EDGE_FALLTHRU;
  otile->flags |= EDGE_TRUE_VALUE;
  otile->probability = profile_probability::likely ();
  for (unsigned i = 0; i < hphis.length (); i++)
    ophis.safe_push (create_phi_node (copy_ssa_name
				      (gimple_phi_result (hphis[i])), oh));
  for (gphi_iterator gi = gsi_start_phis (e); !gsi_end_p (gi); gsi_next (&gi))
    {
      gphi *phi = gi.phi ();
      tree val = PHI_ARG_DEF_FROM_EDGE (phi, out);
      for (unsigned i = 0; i < hphis.length (); i++)
	if (val == gimple_phi_result (hphis[i]))
	  val = gimple_phi_result (ophis[i]);
      add_phi_arg (phi, val, oexit, gimple_phi_arg_location_from_edge
		   (phi, out));
    }
  redirect_edge_succ (out, oh);

  for (unsigned i = 0; i < hphis.length (); i++)
    {
      gphi *phi = hphis[i];
      tree x = gimple_phi_result (phi);
      tree xo = gimple_phi_result (ophis[i]);
      use_operand_p init = PHI_ARG_DEF_PTR_FROM_EDGE (phi, enter);
      add_phi_arg (ophis[i], USE_FROM_PTR (init), pe, UNKNOWN_LOCATION);
      add_phi_arg (ophis[i], gimple_phi_result (lphis[i]), out,
		   UNKNOWN_LOCATION);
      SET_USE (init, xo);
      /* Uses after the nest (not in loop-closed form) see the value at
	 the outer exit.  */
      imm_use_iterator it;
      gimple *use;
      FOR_EACH_IMM_USE_STMT (use, it, x)
	if (use != lphis[i] && !flow_bb_inside_loop_p (k, gimple_bb (use)))
	  {
	    use_operand_p u;
	    FOR_EACH_IMM_USE_ON_STMT (u, it)
	      SET_USE (u, xo);
	    update_stmt (use);
	  }
    }

  /* The tile start: 0, TS, 2 TS... while below CNT.  */
  *t = make_ssa_name (u64);
  tree t1 = make_ssa_name (u64);
  tree tsz = build_int_cst (u64, ts);
  gphi *tphi = create_phi_node (*t, oh);
  add_phi_arg (tphi, build_zero_cst (u64), pe, UNKNOWN_LOCATION);
  add_phi_arg (tphi, t1, out, UNKNOWN_LOCATION);
  gimple_stmt_iterator g = gsi_after_labels (ol);
  gsi_insert_before (&g, gimple_build_assign (t1, PLUS_EXPR, *t, tsz),
		     GSI_SAME_STMT);
  g = gsi_last_bb (oh);
  gsi_insert_after (&g, gimple_build_cond (LT_EXPR, *t, cnt, NULL_TREE,
					   NULL_TREE), GSI_NEW_STMT);
  g = gsi_last_bb (*ob);
  *n_in = add_value (&g, fold_build2 (MIN_EXPR, u64, tsz,
				      fold_build2 (MINUS_EXPR, u64, cnt, *t)));

  /* K runs M = 0 .. N_IN - 1: its own test is the same as M < N_IN
     (CNT is its exact trip count), and M's is the one a device compiler
     can count.  */
  *m = make_ssa_name (u64);
  tree m1 = make_ssa_name (u64);
  gphi *mphi = create_phi_node (*m, k->header);
  add_phi_arg (mphi, build_zero_cst (u64), enter, UNKNOWN_LOCATION);
  add_phi_arg (mphi, m1, loop_latch_edge (k), UNKNOWN_LOCATION);
  g = gsi_last_bb (loop_latch_edge (k)->src);
  gimple *inc = gimple_build_assign (m1, PLUS_EXPR, *m, build_one_cst (u64));
  if (!gsi_end_p (g) && stmt_ends_bb_p (gsi_stmt (g)))
    gsi_insert_before (&g, inc, GSI_SAME_STMT);
  else
    gsi_insert_after (&g, inc, GSI_NEW_STMT);
  gcond *c = as_a <gcond *> (last_stmt (k->header));
  gimple_cond_set_condition (c, LT_EXPR, *m, *n_in);
  update_stmt (c);
  stay->flags = (stay->flags & ~EDGE_FALSE_VALUE) | EDGE_TRUE_VALUE;
  ex->flags = (ex->flags & ~EDGE_TRUE_VALUE) | EDGE_FALSE_VALUE;

  /* add_loop finds the loop's blocks through dominance.  */
  calculate_dominance_info (CDI_DOMINATORS);
  class loop *o = alloc_loop ();
  o->header = oh;
  o->latch = ol;
  add_loop (o, loop_outer (k));
  return o;
}

/* Append to PP the names of the arrays PLAN promotes (a row's copy of a
   promoted load has the name of the first).  */

static void
ref_names (struct tile_plan *plan, pretty_printer *pp)
{
  for (unsigned i = 0; i < plan->refs.length (); i++)
    {
      bool again = false;
      for (unsigned j = 0; j < i; j++)
	again |= !strcmp (plan->refs[j].name, plan->refs[i].name);
      if (!again)
	pp_printf (pp, "%s%s", i ? ", " : "", plan->refs[i].name);
    }
}

/* Say what the variant of PLAN (its WHAT filled) does: the dump's
   SUCCESS line and the optimized remark.  */

static void
tile_report (struct tile_plan *plan)
{
  struct gpu_region *r = plan->r;
  struct gpu_variant *v = &r->variants[plan->variant];
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (r->loc);
      fprintf (dump_file, "SUCCESS: %s:%d: %s: variant %s%s: %s%s\n",
	       xl.file, xl.line, r->kernel_name, r->kernel_name, v->suffix,
	       v->what, v->ndistinct ? " (run when the promoted inputs and "
	       "the outputs are distinct buffers)" : "");
    }
  if (dump_enabled_p ())
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS,
		     dump_user_location_t::from_location_t (r->loc),
		     "kernel %s: variant %s%s with %s; the plain kernel "
		     "when the device cannot run it%s\n", r->kernel_name,
		     r->kernel_name, v->suffix, v->what,
		     v->ndistinct ? " or a promoted input shares a buffer "
		     "with an output" : "");
}

/* The layout of a tile of a load that does not change with dimension
   DIM, in a variant of an NDIM-D nest with group extent TS and tiles TSK
   iterations of the serial loop deep: element (OWN, M) is at OWN * *S_O
   + M * *S_D; returns the number of elements.  In a 2-D nest the tile of
   a load that does not change with the column (matmul's a) is OWN-major
   (a half-warp writes consecutive M, then each reads one OWN), unless
   it is deep: then it is M-major with rows of TS + 1 elements, so that
   neither those writes nor those reads of one warp meet in a bank.  */

static unsigned
tile_layout (int ndim, int dim, int ts, int tsk, unsigned *s_o,
	     unsigned *s_d)
{
  if (ndim != 2)
    {
      *s_o = 0;
      *s_d = 1;
      return tsk;
    }
  if (dim == 1)
    {
      *s_o = 1;
      *s_d = ts;
      return ts * tsk;
    }
  if (tsk == ts)
    {
      *s_o = tsk;
      *s_d = 1;
      return ts * tsk;
    }
  *s_o = 1;
  *s_d = ts + 1;
  return (ts + 1) * tsk;
}

/* Vector tile loads (issue 16, the SGEMM target): in a register-blocked
   2-D variant the loads of a tile can be 4-lane vector loads instead of
   one element per copy of a promoted load and work-item.  Each copy's
   tile of TS x TSK elements is then TS * TSK / 4 vectors of neighbouring
   elements -- along the serial loop when the load walks it (matmul's a),
   along its own dimension when it walks that (matmul's b) -- taken by
   the work-items of one part of the group in order (neighbouring
   work-items, neighbouring vectors), the copies spread over the parts
   (each part loads its vector of its own copy of a run of copies, with
   one load for the run: see tile_vector; the loads go out together);
   offsets from the tile's first element are 32-bit.  The kernel checks
   what makes them valid: once, the tile's first element aligned to the
   vector, the step between its rows a multiple of the vector's size and
   small enough for 32-bit offsets; for each tile, that it is full and
   that every row and column of the group is inside the index space (no
   clamped iteration).  Otherwise the scalar loads run.  The tiles get
   the same elements either way: the results do not change.  */

/* The offset in bytes of T's address at iteration 0 of the serial loop
   from its base (OFFSET + INIT; sizetype, unshared: gimplifying it must
   not change the trees of the plan, which are read again).  */

static tree
ref_off0 (struct tile_ref *t)
{
  return fold_build2 (PLUS_EXPR, sizetype,
		      fold_convert (sizetype, unshare_expr (t->offset)),
		      fold_convert (sizetype, unshare_expr (t->init)));
}

/* Which way the vector loads of the tile of T go: 1 along the serial
   loop, 2 along its own dimension, 0 neither.  */

static int
vector_way (struct tile_ref *t)
{
  tree elt = TREE_TYPE (gimple_assign_rhs1 (t->stmt));
  tree size = TYPE_SIZE_UNIT (elt);
  if (!t->so || !(INTEGRAL_TYPE_P (elt) || SCALAR_FLOAT_TYPE_P (elt))
      || !tree_fits_uhwi_p (size)
      || (tree_to_uhwi (size) != 4 && tree_to_uhwi (size) != 8))
    return 0;
  if (tree_int_cst_equal (t->step, size))
    return 1;
  return tree_int_cst_equal (t->so, size) ? 2 : 0;
}

/* Add the vector tile loads (see above) of PLAN's variant, tiles TSK
   iterations deep, beside its scalar ones, which run from after the
   barrier BAR to LAST in the block loading each tile; LID are the local
   indices, PG appends before the loop over tiles, T0 is the tile's first
   iteration and N_IN its number of iterations.  Returns false (changing
   nothing) when they cannot be made.  */

static bool
tile_vector (struct tile_plan *plan, int tsk, tree *lid,
	     gimple_stmt_iterator *pg, gimple *bar, gimple *last, tree t0,
	     tree n_in)
{
  struct gpu_region *r = plan->r;
  int ts = plan->ts;
  unsigned nrefs = plan->refs.length ();
  unsigned nq = ts * tsk / 4, ng = ts * ts;
  const char *why = NULL;
  if (!gpu_opts.vector_tile)
    return false;
  if (ts % 4 || tsk % 4 || ts > 64 || tsk > 64 || nq > ng || ng % nq)
    why = "the tile does not divide into vectors over the group";
  int *way = XALLOCAVEC (int, nrefs);
  for (unsigned i = 0; !why && i < nrefs; i++)
    if (!(way[i] = vector_way (&plan->refs[i])))
      why = "a promoted load walks neither the serial loop nor its own "
	"dimension, or its element is not of 4 or 8 bytes";
  if (why)
    {
      char buf[512];
      snprintf (buf, sizeof buf, "%s: no vector tile loads: %s",
		r->kernel_name, why);
      gpu_dump_reason ("FAILED", r->loc, buf);
      if (dump_enabled_p ())
	dump_printf_loc (MSG_MISSED_OPTIMIZATION,
			 dump_user_location_t::from_location_t (r->loc),
			 "kernel %s: no vector tile loads: %s\n",
			 r->kernel_name, why);
      return false;
    }

  /* Before the loop over tiles: the group inside the index space, each
     tile's first element, the checks that hold for every tile.  */
  tree u32 = unsigned_type_node, u64 = long_long_unsigned_type_node;
  tree ok = boolean_true_node;
  for (int d = 0; d < 2; d++)
    {
      tree grp = add_marker (pg, GPU_MARK_GROUP_ID, d);
      tree span = build_int_cst (u64, MAX (plan->block[d], 1) * ts);
      tree end = fold_build2 (MULT_EXPR, u64, fold_build2
			      (PLUS_EXPR, u64, grp, build_one_cst (u64)),
			      span);
      ok = fold_build2 (BIT_AND_EXPR, boolean_type_node, ok, fold_build2
			(LE_EXPR, boolean_type_node, end,
			 fold_convert (u64, unshare_expr (plan->n[d]))));
    }
  tree *a0 = XALLOCAVEC (tree, nrefs);
  tree limit = size_int (HOST_WIDE_INT_1 << 26);
  for (unsigned i = 0; i < nrefs; i++)
    {
      struct tile_ref *t = &plan->refs[i];
      tree elt = TREE_TYPE (gimple_assign_rhs1 (t->stmt));
      tree so = fold_convert (sizetype, unshare_expr (t->so));
      tree step = fold_convert (sizetype, unshare_expr (t->step));
      tree off = fold_build2 (MINUS_EXPR, sizetype, ref_off0 (t), fold_build2
			 (MULT_EXPR, sizetype,
			  fold_convert (sizetype, lid[1 - t->dim]), so));
      a0[i] = add_value (pg, fold_build_pointer_plus (unshare_expr (t->base),
						      off));
      tree mask = size_int (4 * tree_to_uhwi (TYPE_SIZE_UNIT (elt)) - 1);
      tree stride = way[i] == 1 ? so : step;
      tree c[4] = {
	fold_build2 (EQ_EXPR, boolean_type_node, fold_build2
		     (BIT_AND_EXPR, sizetype, fold_convert (sizetype, a0[i]),
		      mask), size_zero_node),
	fold_build2 (EQ_EXPR, boolean_type_node, fold_build2
		     (BIT_AND_EXPR, sizetype, unshare_expr (stride), mask),
		     size_zero_node),
	fold_build2 (LT_EXPR, boolean_type_node, unshare_expr (so), limit),
	fold_build2 (LT_EXPR, boolean_type_node, unshare_expr (step), limit) };
      for (int k = 0; k < 4; k++)
	ok = fold_build2 (BIT_AND_EXPR, boolean_type_node, ok, c[k]);
    }
  tree inv = add_value (pg, ok);
  tree tid = add_value (pg, fold_build2
			(PLUS_EXPR, u32, fold_convert (u32, lid[0]),
			 fold_build2 (MULT_EXPR, u32,
				      fold_convert (u32, lid[1]),
				      build_int_cst (u32, ts))));

  /* For each tile: full, or the scalar loads.  */
  gimple_stmt_iterator cg = gsi_for_stmt (bar);
  tree full = add_value (&cg, fold_build2
			 (BIT_AND_EXPR, boolean_type_node, inv, fold_build2
			  (EQ_EXPR, boolean_type_node, n_in,
			   build_int_cst (TREE_TYPE (n_in), tsk))));
  gimple_stmt_iterator sg = gsi_for_stmt (gsi_stmt (cg));
  gsi_next (&sg);
  gimple *sfirst = gsi_stmt (sg);

  /* The vector loads, after the scalar ones.  The group is NG / NQ
     parts of NQ work-items; the copies of one promoted load go in runs
     of up to that many consecutive copy numbers Q0 .. Q0 + G - 1, and
     part P of the group loads vector E of copy Q0 + MIN (P, G - 1) of
     its run: copy Q's tile is the first one's moved by Q rows of the
     group (Q * TS * SO bytes; every row and column of the group is
     inside the index space when the vector loads run), so a run costs
     each work-item one load, all of them in one block, issued
     together; then part J stores it into the tile of copy Q0 + J.  */
  tree part = add_value (pg, fold_build2 (TRUNC_DIV_EXPR, u32, tid,
					  build_int_cst (u32, nq)));
  tree e = add_value (pg, fold_build2 (TRUNC_MOD_EXPR, u32, tid,
				       build_int_cst (u32, nq)));
  unsigned nparts = ng / nq;
  gimple_stmt_iterator vg = gsi_for_stmt (last);
  auto_vec<unsigned> runs;	/* The first ref of each run.  */
  auto_vec<unsigned> run_len;
  auto_vec<tree> vals, ls, cs;
  unsigned *member = XALLOCAVEC (unsigned, nrefs);
  for (unsigned o = 0; o < nrefs; o++)
    {
      if (plan->refs[o].copy)
	continue;
      /* The loads of O's family by copy number.  */
      unsigned nb = 0;
      for (unsigned i = 0; i < nrefs; i++)
	if (i == o || (plan->refs[i].copy && plan->refs[i].origin == o))
	  member[plan->refs[i].copy] = i, nb++;
      for (unsigned q0 = 0; q0 < nb; q0 += nparts)
	{
	  unsigned g = MIN (nparts, nb - q0);
	  struct tile_ref *t = &plan->refs[o];
	  tree elt = TYPE_MAIN_VARIANT (TREE_TYPE (gimple_assign_rhs1
						   (t->stmt)));
	  /* Element (L, C) of the tile and its offset in bytes.  */
	  tree per = build_int_cst (u32, way[o] == 1 ? tsk / 4 : ts / 4);
	  tree four = build_int_cst (u32, 4);
	  tree q = add_value (&vg, fold_build2 (TRUNC_DIV_EXPR, u32, e, per));
	  tree rm = add_value (&vg, fold_build2
			       (MULT_EXPR, u32, fold_build2
				(TRUNC_MOD_EXPR, u32, e, per), four));
	  tree l = way[o] == 1 ? q : rm, c = way[o] == 1 ? rm : q;
	  tree so = fold_convert (sizetype, unshare_expr (t->so));
	  tree so32 = fold_convert (u32, so);
	  tree step32 = fold_convert (u32, fold_convert
				      (sizetype, unshare_expr (t->step)));
	  tree goff = fold_build2 (PLUS_EXPR, u32,
				   fold_build2 (MULT_EXPR, u32, l, so32),
				   fold_build2 (MULT_EXPR, u32, c, step32));
	  tree cq = fold_build2 (PLUS_EXPR, u32, build_int_cst (u32, q0),
				 fold_build2 (MIN_EXPR, u32, part,
					      build_int_cst (u32, g - 1)));
	  tree shift = fold_build2 (MULT_EXPR, sizetype,
				    fold_convert (sizetype, cq),
				    fold_build2 (MULT_EXPR, sizetype,
						 size_int (ts), so));
	  tree p = fold_build_pointer_plus
	    (a0[o], fold_build2 (MULT_EXPR, sizetype,
				 fold_convert (sizetype, t0),
				 fold_convert (sizetype,
					       unshare_expr (t->step))));
	  p = add_value (&vg, p);
	  p = add_value (&vg, fold_build_pointer_plus
			 (p, fold_build2 (PLUS_EXPR, sizetype,
					  fold_convert (sizetype, goff),
					  shift)));
	  tree vt = build_vector_type (elt, 4);
	  tree aptr = reference_alias_ptr_type (gimple_assign_rhs1 (t->stmt));
	  tree v = make_ssa_name (vt);
	  gsi_insert_after (&vg, gimple_build_assign
			    (v, build2 (MEM_REF, vt, p,
					build_int_cst (aptr, 0))),
			    GSI_NEW_STMT);
	  for (unsigned jj = 0; jj < g; jj++)
	    {
	      runs.safe_push (member[q0 + jj]);
	      run_len.safe_push (jj);
	      vals.safe_push (v);
	      ls.safe_push (l);
	      cs.safe_push (c);
	    }
	}
    }
  gimple_stmt_iterator fg0 = gsi_for_stmt (last);
  gsi_next (&fg0);
  gimple *vfirst = gsi_stmt (fg0);
  /* The stores: part J of each run's copy Q0 + J.  */
  auto_vec<gimple *> firsts, lasts;
  auto_vec<tree> conds;
  for (unsigned x = 0; x < runs.length (); x++)
    {
      unsigned i = runs[x];
      struct tile_ref *t = &plan->refs[i];
      gimple *prev = gsi_stmt (vg);
      tree elt = TYPE_MAIN_VARIANT (TREE_TYPE (gimple_assign_rhs1
					       (t->stmt)));
      unsigned s_o, s_d;
      tile_layout (r->ndim, t->dim, ts, tsk, &s_o, &s_d);
      tree so_t = build_int_cst (u32, s_o), sd_t = build_int_cst (u32, s_d);
      for (int j = 0; j < 4; j++)
	{
	  tree xv = make_ssa_name (elt);
	  gsi_insert_after (&vg, gimple_build_assign
			    (xv, build3 (BIT_FIELD_REF, elt, vals[x],
					 TYPE_SIZE (elt),
					 bitsize_int (j * tree_to_uhwi
						      (TYPE_SIZE (elt))))),
			    GSI_NEW_STMT);
	  tree jj = build_int_cst (u32, j);
	  tree li = way[i] == 1 ? ls[x] : fold_build2 (PLUS_EXPR, u32, ls[x],
						       jj);
	  tree ci = way[i] == 1 ? fold_build2 (PLUS_EXPR, u32, cs[x], jj)
	    : cs[x];
	  tree idx = add_value (&vg, fold_build2
				(PLUS_EXPR, u32,
				 fold_build2 (MULT_EXPR, u32, li, so_t),
				 fold_build2 (MULT_EXPR, u32, ci, sd_t)));
	  gsi_insert_after (&vg, gimple_build_assign
			    (build4 (ARRAY_REF, elt, t->tile, idx, NULL_TREE,
				     NULL_TREE), xv), GSI_NEW_STMT);
	}
      gimple_stmt_iterator fg = gsi_for_stmt (prev);
      gsi_next (&fg);
      firsts.safe_push (gsi_stmt (fg));
      lasts.safe_push (gsi_stmt (vg));
      conds.safe_push (fold_build2 (EQ_EXPR, boolean_type_node, part,
				    build_int_cst (u32, run_len[x])));
    }

  /* The scalar loads when the tile is not full, the vector loads when
     it is, each copy's stores in its part of the group.  */
  guard_stmts (sfirst, last, fold_build2 (EQ_EXPR, boolean_type_node,
					  full, boolean_false_node), false);
  guard_stmts (vfirst, lasts[lasts.length () - 1], full, false);
  for (unsigned x = 0; x < firsts.length (); x++)
    guard_stmts (firsts[x], lasts[x], conds[x], false);
  free_dominance_info (CDI_DOMINATORS);
  return true;
}

/* Append at *GSI a load of the element of T's type at the address ADDR
   (MEM_REF offset ALIAS, whose type gives the alias set); returns its
   value.  */

static tree
add_tile_load (gimple_stmt_iterator *gsi, struct tile_ref *t, tree addr,
	       tree alias)
{
  tree elt = TREE_TYPE (gimple_assign_rhs1 (t->stmt));
  tree val = make_ssa_name (elt);
  gsi_insert_after (gsi, gimple_build_assign
		    (val, build2 (MEM_REF, elt, addr, alias)), GSI_NEW_STMT);
  return val;
}

/* Append at *GSI the store of VAL to the element IDX (an expression) of
   T's tile.  */

static void
add_tile_store (gimple_stmt_iterator *gsi, struct tile_ref *t, tree idx,
		tree val)
{
  idx = add_value (gsi, idx);
  gsi_insert_after (gsi, gimple_build_assign
		    (build4 (ARRAY_REF, TREE_TYPE (val), t->tile, idx,
			     NULL_TREE, NULL_TREE), val), GSI_NEW_STMT);
}

/* Append at *GSI a load of the element of T's type at BASE (T's base
   or a pointer moved from it) plus OFF (MEM_REF offset ALIAS, whose type
   gives the alias set) and its store to the element IDX (an expression)
   of T's tile.  */

static void
add_tile_copy (gimple_stmt_iterator *gsi, struct tile_ref *t, tree base,
	       tree off, tree alias, tree idx)
{
  tree addr = add_value (gsi, fold_build_pointer_plus
			 (unshare_expr (base), off));
  add_tile_store (gsi, t, idx, add_tile_load (gsi, t, addr, alias));
}

/* The base pointers of the lean loads (see below) of PLAN's promoted
   loads, appended at PG (before the loop over tiles) for the local
   indices LID: each load's address at the work-item's own element of
   the first tile.  */

static tree *
tile_bases (struct tile_plan *plan, tree *lid, gimple_stmt_iterator *pg)
{
  tree *a0 = XNEWVEC (tree, plan->refs.length ());
  for (unsigned i = 0; i < plan->refs.length (); i++)
    {
      struct tile_ref *t = &plan->refs[i];
      tree step = fold_convert (sizetype, unshare_expr (t->step));
      tree off = fold_build2 (PLUS_EXPR, sizetype, ref_off0 (t), fold_build2
			 (MULT_EXPR, sizetype,
			  fold_convert (sizetype, lid[t->dim]), step));
      a0[i] = add_value (pg, fold_build_pointer_plus (unshare_expr (t->base),
						      off));
    }
  return a0;
}

/* Lean loads of full tiles (the SGEMM target of issue 16): a tile all
   of whose TSK iterations of the serial loop exist needs no clamp to the
   last one, so each promoted load gets a base pointer before the loop
   over tiles -- its address at the work-item's own element of the first
   tile -- and each tile moves it once by T0 iterations; its copies then
   read at constant multiples of the step from there (the address no
   longer recomputed from the indices per element, and the device
   compiler can strength-reduce it over the tiles).  Appends them at
   *LGI, after the clamped loads, which now run only for the last,
   partial tile (from the same base pointers); LID are the local
   indices, A0 the base pointers (tile_bases), T0 the tile's first
   iteration, N_IN its number of iterations, BAR the barrier before the
   loads.  Sets *FIRST to the first lean statement and returns the
   condition (a name) that the tile is full.  The tiles get the same
   elements either way.  */

static tree
tile_lean_loads (struct tile_plan *plan, int tsk, tree *lid, tree *a0,
		 gimple_stmt_iterator *lgi, gimple *bar, tree t0, tree n_in,
		 gimple **first)
{
  struct gpu_region *r = plan->r;
  tree u32 = unsigned_type_node, u64 = long_long_unsigned_type_node;
  gimple_stmt_iterator bg = gsi_for_stmt (bar);
  tree full = add_value (&bg, fold_build2 (EQ_EXPR, boolean_type_node, n_in,
					   build_int_cst (TREE_TYPE (n_in),
							  tsk)));
  gimple *prev = gsi_stmt (*lgi);
  for (unsigned i = 0; i < plan->refs.length (); i++)
    {
      struct tile_ref *t = &plan->refs[i];
      unsigned so, sd;
      tile_layout (r->ndim, t->dim, plan->ts, tsk, &so, &sd);
      tree step = fold_convert (sizetype, unshare_expr (t->step));
      tree p = add_value (lgi, fold_build_pointer_plus
			  (a0[i], fold_build2 (MULT_EXPR, sizetype,
					    fold_convert (sizetype, t0),
					    unshare_expr (step))));
      tree own = r->ndim == 2
	? fold_build2 (MULT_EXPR, u32, fold_convert (u32, lid[1 - t->dim]),
		       build_int_cst (u32, so))
	: build_zero_cst (u32);
      tree aptr = reference_alias_ptr_type (gimple_assign_rhs1 (t->stmt));
      for (int c = 0; c < tsk; c += plan->ts)
	{
	  tree mc = fold_build2 (PLUS_EXPR, u64, lid[t->dim],
				 build_int_cst (u64, c));
	  tree idx = fold_build2 (PLUS_EXPR, u32, unshare_expr (own),
				  fold_build2 (MULT_EXPR, u32,
					       fold_convert (u32, mc),
					       build_int_cst (u32, sd)));
	  add_tile_copy (lgi, t, p, fold_build2 (MULT_EXPR, sizetype,
						 size_int (c),
						 unshare_expr (step)),
			 build_int_cst (aptr, 0), idx);
	}
    }
  gimple_stmt_iterator fg = gsi_for_stmt (prev);
  gsi_next (&fg);
  *first = gsi_stmt (fg);
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (r->loc);
      fprintf (dump_file, "SUCCESS: %s:%d: %s: full tiles loaded from %u "
	       "base pointers without clamps\n", xl.file, xl.line,
	       r->kernel_name, plan->refs.length ());
    }
  return full;
}

/* Append at *GSI the loads of column CC of the row-staged tile of T
   (see the comment before row_load) in PLAN's variant, for the
   work-item of local index LID in the group whose first row is START0
   (LAST0: the last row), in the tile starting at iteration T0 of the
   serial loop (LAST: its last), and push their values on VALS.  A row
   of T is RSTEP bytes from the previous one: element (C, LID + CC) of
   the tile, for C = 0 .. TS - 1, is the element of row START0 + C at
   iteration T0 + LID + CC, each clamped to the last; the address of row
   C is the one of row C - 1 moved by a row while row C exists (no
   multiplication per row).  A load that does not change with the row
   (RSTEP NULL) has the one element LID + CC.  */

static void
row_chunk_loads (struct tile_plan *plan, struct tile_ref *t, tree rstep,
		 tree lid, tree start0, tree last0, tree t0, tree last,
		 int cc, gimple_stmt_iterator *gsi, vec<tree> *vals)
{
  tree u64 = long_long_unsigned_type_node;
  tree aptr = reference_alias_ptr_type (gimple_assign_rhs1 (t->stmt));
  tree alias = build_int_cst (aptr, 0);
  tree mc = fold_build2 (PLUS_EXPR, u64, lid, build_int_cst (u64, cc));
  tree it = fold_build2 (MIN_EXPR, u64, fold_build2 (PLUS_EXPR, u64,
						      unshare_expr (t0), mc),
			 unshare_expr (last));
  tree off = fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, it),
			  fold_convert (sizetype, unshare_expr (t->step)));
  if (!rstep)
    {
      off = fold_build2 (PLUS_EXPR, sizetype, ref_off0 (t), off);
      tree addr = add_value (gsi, fold_build_pointer_plus
			     (unshare_expr (t->base), off));
      vals->safe_push (add_tile_load (gsi, t, addr, alias));
      return;
    }
  tree g0 = fold_build2 (MIN_EXPR, u64, start0, last0);
  off = fold_build2 (PLUS_EXPR, sizetype,
		     fold_build2 (MULT_EXPR, sizetype,
				  fold_convert (sizetype, g0), rstep),
		     fold_build2 (PLUS_EXPR, sizetype,
				  fold_convert (sizetype,
						unshare_expr (t->init)), off));
  tree addr = add_value (gsi, fold_build_pointer_plus
			 (unshare_expr (t->base), off));
  for (int c = 0; c < plan->ts; c++)
    {
      if (c)
	{
	  /* A row further while START0 + C <= LAST0: the step masked by
	     the comparison, negated to all ones or zero.  */
	  tree in = fold_build2 (LE_EXPR, boolean_type_node,
				 fold_build2 (PLUS_EXPR, u64, start0,
					      build_int_cst (u64, c)),
				 last0);
	  tree mask = fold_build1 (NEGATE_EXPR, sizetype,
				   fold_convert (sizetype, in));
	  addr = add_value (gsi, fold_build_pointer_plus
			    (addr, fold_build2 (BIT_AND_EXPR, sizetype,
						mask, rstep)));
	}
      vals->safe_push (add_tile_load (gsi, t, addr, alias));
    }
}

/* Append at *GSI the stores to T's tile of the values VALS[*POS ...]
   that row_chunk_loads pushed for column CC of it (ROW: a row-staged
   load, TS values; else one) in PLAN's variant, for the work-item of
   local index LID; moves *POS past them.  */

static void
row_chunk_stores (struct tile_plan *plan, struct tile_ref *t, tree lid,
		  int cc, gimple_stmt_iterator *gsi, vec<tree> *vals,
		  unsigned *pos)
{
  tree u32 = unsigned_type_node;
  int rows = t->row ? plan->ts : 1;
  for (int c = 0; c < rows; c++)
    add_tile_store (gsi, t, fold_build2
		    (PLUS_EXPR, u32,
		     build_int_cst (u32, c * (plan->tsk + 1) + cc),
		     fold_convert (u32, lid)), (*vals)[(*pos)++]);
}

/* The step between two rows of the row-staged load T, appended at
   *GSI, or NULL for a load that does not change with the row.  */

static tree
row_step (struct tile_ref *t, gimple_stmt_iterator *gsi)
{
  return t->row ? add_value (gsi, fold_convert (sizetype,
						unshare_expr (t->step1)))
    : NULL_TREE;
}

/* Append at *LGI the loads of the row-staged tile of T (see the comment
   before row_load) in PLAN's variant, for the work-item of local index
   LID in the group whose first row is START0 (LAST0: the last row), in
   the tile starting at iteration T0 of the serial loop (LAST: its
   last), and their stores to the tile: the loads of a column CC go
   first, then their stores (the loads are in flight together).  */

static void
row_tile_loads (struct tile_plan *plan, struct tile_ref *t, tree lid,
		tree start0, tree last0, tree t0, tree last,
		gimple_stmt_iterator *lgi)
{
  tree rstep = row_step (t, lgi);
  auto_vec<tree> vals (plan->ts);
  for (int cc = 0; cc < plan->tsk; cc += plan->ts)
    {
      unsigned pos = 0;
      vals.truncate (0);
      row_chunk_loads (plan, t, rstep, lid, start0, last0, t0, last, cc,
		       lgi, &vals);
      row_chunk_stores (plan, t, lid, cc, lgi, &vals, &pos);
    }
}

/* Append at *GSI the loads of every tile of PLAN's row-staged variant
   for the tile starting at iteration T0 of the serial loop (LAST: its
   last), for the work-item of local index LID in the group whose first
   row is START0 (LAST0: the last row); push their values on VALS, in
   the order row_prefetch_stores stores them.  */

static void
row_prefetch_loads (struct tile_plan *plan, tree lid, tree start0,
		    tree last0, tree t0, tree last, gimple_stmt_iterator *gsi,
		    vec<tree> *vals)
{
  for (unsigned i = 0; i < plan->refs.length (); i++)
    {
      struct tile_ref *t = &plan->refs[i];
      tree rstep = row_step (t, gsi);
      for (int cc = 0; cc < plan->tsk; cc += plan->ts)
	row_chunk_loads (plan, t, rstep, lid, start0, last0, t0, last, cc,
			 gsi, vals);
    }
}

/* Register prefetch of PLAN's row-staged variant (no-row-prefetch turns
   it off): each work-item keeps its share of the next tiles in
   registers, loaded before the current tiles are summed, so that the
   group's loads are in flight while it computes (with one group per row
   block a group that sums otherwise leaves its SM without loads).  At
   PG (before the loop over tiles, whose trip count is CNT) the loads of
   the first tiles, run only when CNT is not zero (their clamped
   addresses need a last iteration); at *LGI (between the two barriers
   of the block that loads the tiles) the stores of the values the
   previous iteration loaded, which the loop's header carries in phis
   (returned in *PHIS) for row_prefetch_next.  LID, START0 and LAST0 as
   for row_tile_loads, LAST the serial loop's last iteration.  */

static void
row_prefetch_stores (struct tile_plan *plan, tree lid, tree start0,
		     tree last0, tree last, tree cnt, gimple_stmt_iterator *pg,
		     gimple_stmt_iterator *lgi, vec<gphi *> *phis)
{
  tree u64 = long_long_unsigned_type_node;
  gimple *before = gsi_stmt (*pg);
  auto_vec<tree> vals;
  row_prefetch_loads (plan, lid, start0, last0, build_zero_cst (u64), last,
		      pg, &vals);
  gimple_stmt_iterator g = gsi_for_stmt (before);
  gsi_next (&g);
  gimple *last_load = gsi_stmt (*pg);
  guard_stmts (gsi_stmt (g), last_load,
	       fold_build2 (NE_EXPR, boolean_type_node, cnt,
			    build_zero_cst (u64)), false);
  free_dominance_info (CDI_DOMINATORS);
  /* The loads' block LB goes to J, which the guard's other edge reaches
     too, and J to the loop over tiles.  */
  basic_block lb = gimple_bb (last_load);
  edge in = single_succ_edge (lb);
  basic_block j = in->dest;
  class loop *o = single_succ (j)->loop_father;
  for (unsigned i = 0; i < vals.length (); i++)
    {
      tree x = vals[i];
      gphi *jphi = create_phi_node (copy_ssa_name (x), j);
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, j->preds)
	add_phi_arg (jphi, e == in ? x : build_zero_cst (TREE_TYPE (x)), e,
		     UNKNOWN_LOCATION);
      gphi *ophi = create_phi_node (copy_ssa_name (x), o->header);
      add_phi_arg (ophi, gimple_phi_result (jphi), loop_preheader_edge (o),
		   UNKNOWN_LOCATION);
      phis->safe_push (ophi);
      vals[i] = gimple_phi_result (ophi);
    }
  unsigned pos = 0;
  for (unsigned i = 0; i < plan->refs.length (); i++)
    for (int cc = 0; cc < plan->tsk; cc += plan->ts)
      row_chunk_stores (plan, &plan->refs[i], lid, cc, lgi, &vals, &pos);
}

/* Append at *LGI (after the second barrier of the block that loads the
   tiles of PLAN's row-staged variant) the loads of the tiles after the
   one that starts at iteration T0 (LAST: the serial loop's last; beyond
   it they are clamped), and give their values to PHIS (made by
   row_prefetch_stores) on the back edge of the loop over tiles.  LID,
   START0 and LAST0 as for row_tile_loads.  */

static void
row_prefetch_next (struct tile_plan *plan, tree lid, tree start0,
		   tree last0, tree t0, tree last, gimple_stmt_iterator *lgi,
		   vec<gphi *> *phis)
{
  tree u64 = long_long_unsigned_type_node;
  auto_vec<tree> vals;
  tree t1 = fold_build2 (PLUS_EXPR, u64, t0, build_int_cst (u64, plan->tsk));
  row_prefetch_loads (plan, lid, start0, last0, t1, last, lgi, &vals);
  class loop *o = gimple_bb ((*phis)[0])->loop_father;
  for (unsigned i = 0; i < vals.length (); i++)
    add_phi_arg ((*phis)[i], vals[i], loop_latch_edge (o), UNKNOWN_LOCATION);
}

/* Lower the variant clone of PLAN (see the head of the file).  */

static void
tile_lower (struct tile_plan *plan)
{
  struct gpu_region *r = plan->r;
  struct gpu_variant *v = &r->variants[plan->variant];
  class loop *k = plan->serial;
  int ts = plan->ts;
  tree u64 = long_long_unsigned_type_node;

  /* Register blocking: the rows, then the columns jammed into the nest
     first.  */
  for (int d = 1; d >= 0; d--)
    if (plan->block[d] > 1 && !block_dim (plan, &v->dev, d, ts))
      plan->block[d] = 0;
  bool blocked = plan->block[0] > 1 || plan->block[1] > 1;

  /* Deep tiles (TSK iterations of K, a multiple of TS) only when they
     fit the local memory budget; each work-item loads TSK / TS elements
     of each tile.  */
  int tsk = plan->tsk;
  if (tsk != ts)
    {
      unsigned deep = 0, s_o, s_d;
      for (unsigned i = 0; i < plan->refs.length (); i++)
	deep += tile_layout (r->ndim, plan->refs[i].dim, ts, tsk, &s_o, &s_d)
	  * tree_to_uhwi (TYPE_SIZE_UNIT (TREE_TYPE (gimple_assign_rhs1
						     (plan->refs[i].stmt))));
      if (!plan->rows
	  && (!blocked || r->ndim != 2 || deep > TILE_DEEP_MAX_BYTES))
	tsk = ts;
    }
  plan->tsk = tsk;

  /* Before the loop: its trip count, the work-item's place in the
     group, the tiles.  */
  gimple_stmt_iterator pg = gsi_last_bb (loop_preheader_edge (k)->src);
  tree cnt = add_value (&pg, unshare_expr (plan->count));
  tree lid[2] = { NULL_TREE, NULL_TREE };
  for (int d = 0; d < r->ndim; d++)
    lid[d] = add_marker (&pg, GPU_MARK_LOCAL_ID, d);
  tree lid_ident = get_identifier ("gpu local");
  unsigned bytes = 0;
  for (unsigned i = 0; i < plan->refs.length (); i++)
    {
      struct tile_ref *t = &plan->refs[i];
      tree elt = TREE_TYPE (gimple_assign_rhs1 (t->stmt));
      unsigned s_o, s_d;
      unsigned n = t->row ? ts * (tsk + 1)
	: tile_layout (r->ndim, t->dim, ts, tsk, &s_o, &s_d);
      t->tile = create_tmp_var (build_array_type_nelts (elt, n), "gpu_tile");
      DECL_ATTRIBUTES (t->tile) = tree_cons (lid_ident, NULL_TREE,
					     DECL_ATTRIBUTES (t->tile));
      bytes += n * tree_to_uhwi (TYPE_SIZE_UNIT (elt));
    }

  /* A loop over the tiles around K, which runs over one tile.  */
  tree t0, m, n_in;
  basic_block load;
  strip_mine (k, cnt, tsk, &t0, &load, &m, &n_in);

  /* Before each tile, between two barriers (the first keeps the
     previous tile until everyone has read it), the tile loads; at the
     top of K's body, the place in the tile.  */
  edge te, fe;
  extract_true_false_edges_from_block (k->header, &te, &fe);
  basic_block top = split_edge (te);
  gimple_stmt_iterator tg = gsi_last_bb (top);
  gimple_stmt_iterator lgi = gsi_last_bb (load);
  add_tile_barrier (&lgi);
  gimple *bar = gsi_stmt (lgi);
  tree last = fold_build2 (MINUS_EXPR, u64, cnt, build_one_cst (u64));
  bitmap dead = BITMAP_ALLOC (NULL);
  tree u32 = unsigned_type_node;
  tree ridx[2] = { NULL_TREE, NULL_TREE };
  /* The row-staged variant's tile loads are all clamped.  */
  bool lean = !gpu_opts.no_lean_tile && !plan->rows;
  tree *a0 = lean ? tile_bases (plan, lid, &pg) : NULL;
  tree rrow = NULL_TREE, start0 = NULL_TREE, last0 = NULL_TREE;
  bool prefetch = plan->rows && !gpu_opts.no_row_prefetch;
  if (plan->rows)
    {
      start0 = add_value (&pg, fold_build2 (MULT_EXPR, u64,
					    add_marker (&pg, GPU_MARK_GROUP_ID,
							0),
					    build_int_cst (u64, ts)));
      last0 = add_value (&pg, fold_build2 (MINUS_EXPR, u64,
					   fold_convert (u64, plan->n[0]),
					   build_one_cst (u64)));
    }
  for (unsigned i = 0; i < plan->refs.length (); i++)
    {
      struct tile_ref *t = &plan->refs[i];
      if (t->row)
	{
	  if (!prefetch)
	    row_tile_loads (plan, t, lid[0], start0, last0, t0, last, &lgi);
	  /* The serial loop reads its row, iteration M of the tile.  */
	  if (!rrow)
	    rrow = add_value (&tg, fold_build2
			      (PLUS_EXPR, u32,
			       fold_build2 (MULT_EXPR, u32,
					    fold_convert (u32, lid[0]),
					    build_int_cst (u32, tsk + 1)),
			       fold_convert (u32, m)));
	  tree old = gimple_assign_rhs1 (t->stmt);
	  if (TREE_CODE (old) == MEM_REF
	      && TREE_CODE (TREE_OPERAND (old, 0)) == SSA_NAME)
	    bitmap_set_bit (dead, SSA_NAME_VERSION (TREE_OPERAND (old, 0)));
	  gimple_assign_set_rhs1 (t->stmt, build4 (ARRAY_REF, TREE_TYPE (old),
						   t->tile, rrow, NULL_TREE,
						   NULL_TREE));
	  update_stmt (t->stmt);
	  continue;
	}
      int o = 1 - t->dim;
      /* Element (OWN, M) of the tile is at OWN * S_O + M * S_D: 32-bit
	 index arithmetic (a tile has far fewer elements).  */
      unsigned so, sd;
      tile_layout (r->ndim, t->dim, ts, tsk, &so, &sd);
      tree s_d = build_int_cst (u32, sd);
      tree s_o = build_int_cst (u32, so);
      tree own = r->ndim == 2
	? fold_build2 (MULT_EXPR, u32, fold_convert (u32, lid[o]), s_o)
	: build_zero_cst (u32);
      tree elt = TREE_TYPE (gimple_assign_rhs1 (t->stmt));
      tree aptr = reference_alias_ptr_type (gimple_assign_rhs1 (t->stmt));
      tree off0 = ref_off0 (t);
      /* Its loads: iterations T0 + LID_D + C for C = 0, TS, ... below
	 TSK, or the last one (prefetched: see row_prefetch_stores).  */
      for (int c = 0; !prefetch && c < tsk; c += ts)
	{
	  tree mc = fold_build2 (PLUS_EXPR, u64, lid[t->dim],
				 build_int_cst (u64, c));
	  tree it = fold_build2 (MIN_EXPR, u64,
				 fold_build2 (PLUS_EXPR, u64, t0, mc),
				 unshare_expr (last));
	  /* From the lean loads' base pointer when there is one (the
	     work-item keeps fewer addresses).  */
	  if (a0)
	    it = fold_build2 (MINUS_EXPR, u64, it, lid[t->dim]);
	  tree off = fold_build2 (MULT_EXPR, sizetype,
				  fold_convert (sizetype, it),
				  fold_convert (sizetype,
						unshare_expr (t->step)));
	  if (!a0)
	    off = fold_build2 (PLUS_EXPR, sizetype, unshare_expr (off0), off);
	  add_tile_copy (&lgi, t, a0 ? a0[i] : t->base, off,
			 build_int_cst (aptr, 0),
			 fold_build2 (PLUS_EXPR, u32, unshare_expr (own),
				      fold_build2 (MULT_EXPR, u32,
						   fold_convert (u32, mc),
						   s_d)));
	}
      /* K reads element (OWN, M), the same one in each tile of the
	 dimension; the global address it read before is removed below
	 when nothing else uses it.  */
      if (!ridx[t->dim])
	ridx[t->dim] = add_value (&tg, fold_build2
				  (PLUS_EXPR, u32, unshare_expr (own),
				   fold_build2 (MULT_EXPR, u32,
						fold_convert (u32, m), s_d)));
      tree old = gimple_assign_rhs1 (t->stmt);
      if (TREE_CODE (old) == MEM_REF
	  && TREE_CODE (TREE_OPERAND (old, 0)) == SSA_NAME)
	bitmap_set_bit (dead, SSA_NAME_VERSION (TREE_OPERAND (old, 0)));
      gimple_assign_set_rhs1 (t->stmt, build4 (ARRAY_REF, elt, t->tile,
					       ridx[t->dim], NULL_TREE,
					       NULL_TREE));
      update_stmt (t->stmt);
    }
  gimple *slast = gsi_stmt (lgi), *cfirst = gsi_stmt (gsi_for_stmt (bar));
  gimple *ffirst = NULL;
  tree full = NULL_TREE;
  if (lean)
    {
      gimple_stmt_iterator cg = gsi_for_stmt (bar);
      gsi_next (&cg);
      cfirst = gsi_stmt (cg);
      full = tile_lean_loads (plan, tsk, lid, a0, &lgi, bar, t0, n_in,
			      &ffirst);
      XDELETEVEC (a0);
    }
  auto_vec<gphi *> ahead;
  if (prefetch)
    row_prefetch_stores (plan, lid[0], start0, last0, last, cnt, &pg, &lgi,
			 &ahead);
  gimple *flast = gsi_stmt (lgi);
  add_tile_barrier (&lgi);
  if (prefetch)
    row_prefetch_next (plan, lid[0], start0, last0, t0, last, &lgi, &ahead);
  if (plan->rows)
    {
      char buf[256];
      snprintf (buf, sizeof buf, "%s: %s", r->kernel_name, prefetch
		? "row-staged tiles prefetched: each work-item loads its "
		"share of the next tiles into registers before the sum"
		: "row-staged tiles not prefetched: no-row-prefetch");
      gpu_dump_reason (prefetch ? "SUCCESS" : "FAILED", r->loc, buf);
    }
  bool vec = (blocked && r->ndim == 2
	      && tile_vector (plan, tsk, lid, &pg, bar, flast, t0, n_in));
  /* The clamped loads for a partial tile, the lean ones for a full one
     (inside the scalar loads tile_vector may have put under its own
     condition: those statements are still one block).  */
  if (full)
    {
      guard_stmts (cfirst, slast, fold_build2 (EQ_EXPR, boolean_type_node,
					       full, boolean_false_node),
		   false);
      guard_stmts (ffirst, flast, full, false);
      free_dominance_info (CDI_DOMINATORS);
    }
  simple_dce_from_worklist (dead);
  BITMAP_FREE (dead);

  /* Every tile but the last is full: it runs a copy of K whose trip
     count is the constant TS (one a device compiler unrolls), the last
     one K with N_IN iterations.  */
  tree tsz = build_int_cst (u64, tsk);
  calculate_dominance_info (CDI_DOMINATORS);
  initialize_original_copy_tables ();
  class loop *rest = loop_version (k, build2 (EQ_EXPR, boolean_type_node,
					     n_in, tsz), NULL,
				   profile_probability::likely (),
				   profile_probability::unlikely (),
				   profile_probability::likely (),
				   profile_probability::unlikely (), true);
  free_original_copy_tables ();
  if (rest)
    {
      gcond *c = as_a <gcond *> (last_stmt (k->header));
      gimple_cond_set_rhs (c, tsz);
      update_stmt (c);
      if ((blocked || plan->rows) && gpu_opts.tile_unroll != 1)
	plan->unroll = k;
    }
  expanded_location kl = expand_location (find_loop_location (k)
					  .get_location_t ());
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (r->loc);
      fprintf (dump_file, "%s: %s:%d: %s: the serial loop at line %d "
	       "strip-mined: a loop over tiles of %d iterations; %s\n",
	       rest ? "SUCCESS" : "FAILED", xl.file, xl.line, r->kernel_name,
	       kl.line, tsk, rest ? "full tiles run a copy of it with the "
	       "constant trip count, the last tile the rest" : "no copy "
	       "for full tiles (every tile runs its own trip count)");
    }

  for (unsigned i = 0; i < plan->stores.length (); i++)
    guard_in_range (plan->stores[i], i < plan->store_in.length ()
		    ? plan->store_in[i] : NULL_TREE);
  free_dominance_info (CDI_DOMINATORS);

  v->dev.group[0] = ts;
  v->dev.group[1] = r->ndim == 2 ? ts : 1;
  v->dev.group[2] = 1;
  v->local_bytes = bytes;
  if (blocked)
    {
      v->dev.block[0] = MAX (plan->block[0], 1);
      v->dev.block[1] = MAX (plan->block[1], 1);
      if (tsk != ts)
	snprintf (v->suffix, sizeof v->suffix, "_tile%dr%dx%dk%d", ts,
		  v->dev.block[1], v->dev.block[0], tsk);
      else
	snprintf (v->suffix, sizeof v->suffix, "_tile%dr%dx%d", ts,
		  v->dev.block[1], v->dev.block[0]);
    }
  else if (plan->rows)
    snprintf (v->suffix, sizeof v->suffix, "_rows%dk%d", ts, tsk);
  else
    snprintf (v->suffix, sizeof v->suffix, "_tile%d", ts);
  v->ndistinct = plan->distinct.length () / 2;
  for (unsigned p = 0; p < plan->distinct.length (); p++)
    v->distinct[p] = plan->distinct[p];

  /* What was done: the remark, the record's opt line, the dump.  */
  pretty_printer arrays;
  ref_names (plan, &arrays);
  char blocking[64] = "";
  if (blocked)
    snprintf (blocking, sizeof blocking, ", register blocks of %dx%d "
	      "outputs per work-item", v->dev.block[1], v->dev.block[0]);
  if (plan->rows)
    snprintf (v->what, sizeof v->what, "rows: %s in local memory, rows "
	      "staged in tiles of %dx%d, tiles of %d iterations of the serial "
	      "loop at line %d, work-group %d, %u bytes%s",
	      pp_formatted_text (&arrays), ts, tsk + 1, tsk, kl.line, ts,
	      bytes, prefetch ? ", the next tiles loaded into registers "
	      "while the group sums" : "");
  else
    snprintf (v->what, sizeof v->what, "tile: %s in local memory, tiles of "
	      "%d iterations of the serial loop at line %d, work-group %dx%d%s, "
	      "%u bytes%s", pp_formatted_text (&arrays), tsk, kl.line,
	      v->dev.group[0], v->dev.group[1], blocking, bytes,
	      vec ? ", 4-lane vector loads of full aligned tiles" : "");
  tile_report (plan);
}

/* Unroll the loop over a full tile of PLAN's variant (PLAN->unroll, a
   constant trip count of TSK iterations) TILE_UNROLL times (or
   tile-unroll=N times, at most TSK): the device
   compiler then sees straight-line runs of the inner product in which
   the tile reads have constant offsets and can be scheduled ahead of the
   multiplications, as #pragma unroll gives a hand-written kernel.  Run
   after the variant is lowered and in SSA form again.  Says in the dump
   whether it was done.  */

static void
tile_unroll (struct tile_plan *plan)
{
  class loop *k = plan->unroll;
  struct gpu_region *r = plan->r;
  /* The loop's body ends in its latch: give it an empty one.  */
  if (k->latch && single_succ_p (k->latch) && !empty_block_p (k->latch))
    split_edge (loop_latch_edge (k));
  edge ex = single_dom_exit (k);
  class tree_niter_desc desc;
  const char *why = NULL;
  int factor = MIN (gpu_opts.tile_unroll ? gpu_opts.tile_unroll
		    : TILE_UNROLL, plan->tsk);
  if (plan->tsk % factor)
    why = "the tile's depth is no multiple of the unroll factor";
  else if (!ex || !k->latch || !single_succ_p (k->latch)
	   || !empty_block_p (k->latch) || !can_duplicate_loop_p (k))
    why = "the loop is not in a shape to copy";
  else if (!number_of_iterations_exit (k, ex, &desc, false)
	   || desc.cmp == ERROR_MARK || !integer_zerop (desc.may_be_zero)
	   || !tree_fits_uhwi_p (desc.niter)
	   || tree_to_uhwi (desc.niter) < (unsigned) factor)
    why = "its trip count is not known";
  if (dump_file && (dump_flags & TDF_DETAILS))
    {
      expanded_location xl = expand_location (r->loc);
      if (why)
	fprintf (dump_file, "FAILED: %s:%d: %s: the loop over a full tile "
		 "not unrolled: %s\n", xl.file, xl.line, r->kernel_name, why);
      else
	fprintf (dump_file, "SUCCESS: %s:%d: %s: the loop over a full tile "
		 "unrolled %d times\n", xl.file, xl.line, r->kernel_name,
		 factor);
    }
  if (why)
    return;
  initialize_original_copy_tables ();
  tree_unroll_loop (k, factor, &desc);
  free_original_copy_tables ();
}

/* Staged transpose (issue 16 item 1): in a 2-D nest without a serial
   loop whose stores walk dimension 1 (out[j * n + i] = ... with j the
   index of dimension 0), neighbouring work-items store far apart.  The
   variant NAME_trTS exchanges the local indices of the two dimensions
   in a square TS x TS group (gpu_nest's SWAP), so the stores walk
   neighbouring work-items, and stages each load that walks dimension 0
   (which the exchange would make far apart in turn) through a __local
   tile of TS x (TS + 1) elements (the pad keeps a column of the tile in
   distinct banks): every work-item first loads the element of its own,
   unexchanged, iteration -- neighbouring work-items, neighbouring
   addresses -- then, after a barrier, reads the one of its exchanged
   iteration from the tile.  A group runs the same iterations either
   way, and a work-item outside the index space loads the last one of
   each dimension (it reaches the barrier) and does not store.  */

/* Write the address of the access REF (a MEM_REF through an SSA
   pointer) of region R's nest as *BASE + G0 * ST[0] + G1 * ST[1] (+ G2 *
   ST[2] in a 3-D nest) for iteration G0, G1, G2 of the dimensions (host
   names, sizetype steps, each invariant in the nest).  Returns false
   when scalar evolution cannot.  */

static bool
addr_evolution (struct gpu_region *r, tree ref, tree *base, tree *st)
{
  return (TREE_CODE (ref) == MEM_REF
	  && TREE_CODE (TREE_OPERAND (ref, 0)) == SSA_NAME
	  && expr_evolution (r, TREE_OPERAND (ref, 0), base, st)
	  && POINTER_TYPE_P (TREE_TYPE (*base)));
}

/* Does the access REF walk consecutive elements along the iterations of
   dimension D and not along the other one (steps S0, S1)?  */

static bool
walks_dim (tree ref, tree s0, tree s1, int d)
{
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (ref));
  tree own = d ? s1 : s0, other = d ? s0 : s1;
  return (size && tree_int_cst_equal (own, size)
	  && !(TREE_CODE (other) == INTEGER_CST
	       && tree_int_cst_le (other, size)));
}

/* Write the address of the load STMT of region R as addr_evolution
   does, and "access to NAME" in WHAT (WHAT_SIZE bytes).  Returns false,
   with a missed remark, when scalar evolution cannot.  */

static bool
load_evolution (struct gpu_region *r, gimple *stmt, char *what,
		size_t what_size, tree *base, tree *st)
{
  tree ref = gimple_assign_rhs1 (stmt);
  snprintf (what, what_size, "access to %s", ref_name (ref));
  if (addr_evolution (r, ref, base, st))
    return true;
  tile_missed (r, gimple_location (stmt), what, "its index is not an "
	       "affine function of the loop indices");
  return false;
}

/* Collect in PLAN's STORES the stores of region R's nest, and in *LOADS
   the loads of its buffers in the innermost marked loop (only those
   every iteration makes when EVERY).  Returns false when a statement
   that writes memory is not a store in the innermost marked loop, or
   (DIM1) is a store that does not walk dimension 1.  */

static bool
nest_accesses (struct gpu_region *r, struct tile_plan *plan, bool dim1,
	       bool every, vec<gimple *> *loads)
{
  class loop *l0 = r->dims[0].loop;
  bool ok = true;
  basic_block *body = get_loop_body (r->outer);
  for (unsigned i = 0; ok && i < r->outer->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]);
	 ok && !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	tree base, st[3];
	if (is_gimple_debug (stmt) || gimple_clobber_p (stmt))
	  continue;
	if (gimple_vdef (stmt))
	  {
	    ok = (is_gimple_assign (stmt) && body[i]->loop_father == l0
		  && (!dim1
		      || (addr_evolution (r, gimple_assign_lhs (stmt), &base,
					  st)
			  && walks_dim (gimple_assign_lhs (stmt), st[0],
					st[1], 1))));
	    plan->stores.safe_push (stmt);
	  }
	else if (gimple_assign_load_p (stmt) && body[i]->loop_father == l0
		 && access_cap (r, stmt) >= 0
		 && (!every
		     || dominated_by_p (CDI_DOMINATORS, l0->latch, body[i])))
	  loads->safe_push (stmt);
      }
  free (body);
  return ok;
}

/* Start PLAN for a variant of region R without a serial loop: a staged
   TRANSPOSE or HALO tiles.  */

static void
plan_start (struct tile_plan *plan, struct gpu_region *r, bool transpose,
	    bool halo)
{
  plan->r = r;
  plan->transpose = transpose;
  plan->unroll = NULL;
  plan->halo = halo;
  plan->rows = false;
  plan->serial = NULL;
  plan->count = NULL_TREE;
  plan->block[0] = plan->block[1] = 0;
}

/* Analyze region R for a staged transpose (see above) into PLAN.
   Returns true when a variant is to be made.  */

static bool
transpose_analyze (struct gpu_region *r, struct tile_plan *plan)
{
  plan_start (plan, r, true, false);
  if (r->ndim != 2 || r->ninner || !r->reds.is_empty () || r->grid_stride)
    return false;
  class loop *l0 = r->dims[0].loop, *l1 = r->dims[1].loop;
  if (l0->inner || l1->inner != l0 || l0->next)
    return false;
  /* The stores: all in the innermost marked loop, all walking
     dimension 1.  */
  auto_vec<gimple *> loads;
  if (!nest_accesses (r, plan, true, false, &loads)
      || plan->stores.is_empty ())
    return false;
  location_t sloc = gimple_location (plan->stores[0]);
  if (!dominated_by_p (CDI_DOMINATORS, l1->latch, l0->header))
    {
      tile_missed (r, sloc, "the nest", "its inner marked loop is not run "
		   "by every iteration of the outer one (a barrier would be "
		   "under divergent control flow)");
      return false;
    }
  /* The loads that walk dimension 0: staged.  */
  for (unsigned i = 0; i < loads.length (); i++)
    {
      gimple *stmt = loads[i];
      tree ref = gimple_assign_rhs1 (stmt), base, st[2];
      location_t loc = gimple_location (stmt);
      char what[128];
      if (!load_evolution (r, stmt, what, sizeof what, &base, st))
	return false;
      if (!walks_dim (ref, st[0], st[1], 0))
	continue;
      if (!dominated_by_p (CDI_DOMINATORS, l0->latch, gimple_bb (stmt)))
	{
	  tile_missed (r, loc, what, "it is under a condition in the "
		       "nest (its barrier would be under divergent control "
		       "flow)");
	  return false;
	}
      if (!alias_ok (plan, access_cap (r, stmt), loc, what))
	return false;
      if (plan->refs.length () >= TILE_MAX_REFS)
	{
	  tile_missed (r, loc, what, "too many accesses to stage");
	  return false;
	}
      struct tile_ref t;
      memset (&t, 0, sizeof t);
      t.stmt = stmt;
      t.cap = access_cap (r, stmt);
      t.dim = 0;
      t.base = base;
      t.offset = size_zero_node;
      t.init = size_zero_node;
      t.step = st[0];
      t.step1 = st[1];
      t.name = ref_name (ref);
      plan->refs.safe_push (t);
    }
  if (plan->refs.is_empty ())
    return false;
  plan->ts = gpu_opts.tile > 0 ? gpu_opts.tile : TILE_DEFAULT_TRANSPOSE;
  plan->tsk = plan->ts;
  return true;
}

/* Split the block of the first of PLAN's first N promoted loads (in
   dominance order, then in the order of a block; each dominates the
   latch of the innermost marked loop) before that load; returns an
   iterator at the end of the first part, where the tile loads go.  Needs
   dominance information.  */

static gimple_stmt_iterator
split_before_first (struct tile_plan *plan, unsigned n)
{
  gimple *first = plan->refs[0].stmt;
  for (unsigned i = 1; i < n; i++)
    {
      gimple *stmt = plan->refs[i].stmt;
      bool before = false;
      if (gimple_bb (stmt) != gimple_bb (first))
	before = dominated_by_p (CDI_DOMINATORS, gimple_bb (first),
				 gimple_bb (stmt));
      else
	for (gimple_stmt_iterator gsi = gsi_for_stmt (stmt);
	     !before && !gsi_end_p (gsi); gsi_next (&gsi))
	  before = gsi_stmt (gsi) == first;
      if (before)
	first = stmt;
    }
  basic_block bb = gimple_bb (first);
  gimple_stmt_iterator gp = gsi_for_stmt (first);
  gsi_prev (&gp);
  edge e = gsi_end_p (gp) ? split_block_after_labels (bb)
    : split_block (bb, gsi_stmt (gp));
  return gsi_last_bb (e->src);
}

/* Lower the staged-transpose variant clone of PLAN (see above).  */

static void
transpose_lower (struct tile_plan *plan)
{
  struct gpu_region *r = plan->r;
  struct gpu_variant *v = &r->variants[plan->variant];
  int ts = plan->ts;
  tree u64 = long_long_unsigned_type_node;

  /* Each work-item moves ROWS rows of the tile, EXT apart: the nest's
     statements that depend on dimension 0 (exchanged: the tile's rows)
     copied for each further one.  */
  unsigned n0 = plan->refs.length ();
  int rows = 1;
  if (gpu_opts.block != 1 && ts % TILE_TRANSPOSE_ROWS == 0)
    {
      plan->block[0] = TILE_TRANSPOSE_ROWS;
      if (block_dim (plan, &v->dev, 0, ts / TILE_TRANSPOSE_ROWS))
	rows = TILE_TRANSPOSE_ROWS;
      plan->block[0] = 0;
      free_dominance_info (CDI_DOMINATORS);
      calculate_dominance_info (CDI_DOMINATORS);
    }
  int ext = ts / rows;

  /* The tile loads go before the first staged load, in the block of
     each (the loop body dominates its latch, so every work-item gets
     there once; the copies block_dim made come after the loads they
     copy, so only the nest's own loads are looked at).  */
  gimple_stmt_iterator g = split_before_first (plan, n0);

  /* The group's first iteration of each dimension and the last one.  */
  tree lid[2], start[2], last[2];
  for (int d = 0; d < 2; d++)
    {
      lid[d] = add_marker (&g, GPU_MARK_LOCAL_ID, d);
      tree grp = add_marker (&g, GPU_MARK_GROUP_ID, d);
      start[d] = add_value (&g, fold_build2 (MULT_EXPR, u64, grp,
					     build_int_cst (u64, ts)));
      last[d] = add_value (&g, fold_build2 (MINUS_EXPR, u64,
					    fold_convert (u64, plan->n[d]),
					    build_one_cst (u64)));
    }
  tree row = build_int_cst (u64, ts + 1);
  tree lid_ident = get_identifier ("gpu local");
  unsigned bytes = 0;
  for (unsigned i = 0; i < n0; i++)
    {
      struct tile_ref *t = &plan->refs[i];
      tree ref = gimple_assign_rhs1 (t->stmt);
      tree elt = TREE_TYPE (ref);
      unsigned n = ts * (ts + 1);
      t->tile = create_tmp_var (build_array_type_nelts (elt, n), "gpu_tile");
      DECL_ATTRIBUTES (t->tile) = tree_cons (lid_ident, NULL_TREE,
					     DECL_ATTRIBUTES (t->tile));
      bytes += n * tree_to_uhwi (TYPE_SIZE_UNIT (elt));
      /* The work-item's unexchanged iterations (L0, L1 + Q EXT) of the
	 group, or the last ones: their elements into the tile at
	 (L1 + Q EXT, L0).  */
      for (int q = 0; q < rows; q++)
	{
	  tree l1 = fold_build2 (PLUS_EXPR, u64, lid[1],
				 build_int_cst (u64, q * ext));
	  tree it0 = fold_build2 (MIN_EXPR, u64, fold_build2
				  (PLUS_EXPR, u64, start[0], lid[0]),
				  last[0]);
	  tree it1 = fold_build2 (MIN_EXPR, u64, fold_build2
				  (PLUS_EXPR, u64, start[1], l1), last[1]);
	  tree off = fold_build2
	    (PLUS_EXPR, sizetype,
	     fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, it0),
			  unshare_expr (t->step)),
	     fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, it1),
			  unshare_expr (t->step1)));
	  add_tile_copy (&g, t, t->base, off, TREE_OPERAND (ref, 1),
			 fold_build2 (PLUS_EXPR, u64,
				      fold_build2 (MULT_EXPR, u64,
						   unshare_expr (l1), row),
				      lid[0]));
	}
    }
  add_tile_barrier (&g);
  /* The exchanged iteration of each copy Q reads (L0, L1 + Q EXT).  */
  for (unsigned i = 0; i < plan->refs.length (); i++)
    {
      struct tile_ref *t = &plan->refs[i];
      int q = i < n0 ? 0 : t->copy;
      tree tile = plan->refs[i < n0 ? i : t->origin].tile;
      tree ridx = add_value (&g, fold_build2
			     (PLUS_EXPR, u64,
			      fold_build2 (MULT_EXPR, u64, lid[0], row),
			      fold_build2 (PLUS_EXPR, u64, lid[1],
					   build_int_cst (u64, q * ext))));
      gimple_assign_set_rhs1 (t->stmt, build4 (ARRAY_REF,
					       TREE_TYPE (gimple_assign_rhs1
							  (t->stmt)),
					       tile, ridx, NULL_TREE,
					       NULL_TREE));
      update_stmt (t->stmt);
    }
  for (unsigned i = 0; i < plan->stores.length (); i++)
    guard_in_range (plan->stores[i], i < plan->store_in.length ()
		    ? plan->store_in[i] : NULL_TREE);

  /* A group of TS x EXT work-items covers TS x TS iterations: in the
     runtime's terms each work-item takes ROWS iterations of dimension 1
     (the copies are of dimension 0, whose local index is exchanged).  */
  v->dev.group[0] = ts;
  v->dev.group[1] = ext;
  v->dev.group[2] = 1;
  v->dev.block[0] = 1;
  v->dev.block[1] = rows;
  v->dev.block[2] = 1;
  v->dev.swap = true;
  v->local_bytes = bytes;
  if (rows > 1)
    snprintf (v->suffix, sizeof v->suffix, "_tr%dx%d", ts, ext);
  else
    snprintf (v->suffix, sizeof v->suffix, "_tr%d", ts);
  v->ndistinct = plan->distinct.length () / 2;
  for (unsigned p = 0; p < plan->distinct.length (); p++)
    v->distinct[p] = plan->distinct[p];
  pretty_printer arrays;
  ref_names (plan, &arrays);
  char per[48] = "one element";
  if (rows > 1)
    snprintf (per, sizeof per, "%d elements", rows);
  snprintf (v->what, sizeof v->what, "transpose: %s staged through local "
	    "memory in tiles of %dx%d (the stores walk dimension 1), "
	    "work-group %dx%d, %s per work-item, %u bytes",
	    pp_formatted_text (&arrays), ts, ts + 1, ts, ext, per, bytes);
  tile_report (plan);
}

/* Halo tiles (issue 16 item 1, stencils): in a 2-D or 3-D nest without
   a serial loop, the loads of an input array at constant offsets of at
   most HALO_SPAN elements from each other along dimensions 0 and 1 (a
   neighbourhood a[i+di][j+dj], one plane of it in a 3-D nest) read each
   element several times, from neighbouring work-items.  The variant
   NAME_haloBXxBY has the group shape BX x BY (x 1): its work-items first
   load together the block of the array their loads read, BX x BY plus
   the halo, into a __local tile, each a few elements, then after one
   barrier read their neighbourhood from the tile.  An element is loaded
   only when the host loop reads it (some load's offset puts it at an
   iteration of the index space), so no load reads outside the data;
   the arithmetic is the host's, only where its operands come from
   changes.  A work-item outside the index space loads too and reaches
   the barrier, then reads the neighbourhood of the last iteration (all
   loaded) and does not store.  In a 3-D nest the plane with the most
   loads is tiled; the others stay global loads (one work-item each).

   Not promoted, with a missed remark naming the access: an array the
   region also writes through the same pointer, a load whose offset from
   the array's others is not a constant of at most HALO_SPAN elements
   along each dimension, or whose index is not affine, an array read at
   fewer than HALO_MIN_OFFSETS offsets.  Loads under a
   condition in the nest stay global (the block would hold elements the
   host might not read).  An input that may alias an output through
   another pointer needs distinct buffers at run time, as above.  */

/* Largest distance along a dimension between two loads of one tile.  */
#define HALO_SPAN 4

/* Default group shape of the halo variant: 32 x 8 (a warp's loads of a
   row of the block fill whole 128-byte lines).  */
#define HALO_DEFAULT_X 32
#define HALO_DEFAULT_Y 8

/* Fewest distinct offsets of an array's loads for a halo tile: with
   two, each element serves two work-items, which the cache does as well
   without the barrier (fdtd-2d's ex[i][j] - ex[i][j-1]).  */
#define HALO_MIN_OFFSETS 3

/* Most loads a halo variant reads from its tiles, and most tiles.  */
#define HALO_MAX_REFS 32
#define HALO_MAX_ARRAYS 4

/* The offsets of a stencil's loads are differences of address
   expressions such as a + ((i + 1) * n + j) * n * 8 - (a + (i * n + j)
   * n * 8) (the row and plane strides products of loop invariants),
   which tree-affine cannot compare.  A struct halo_poly is such an
   expression expanded into a sum of products of leaves (SSA names of
   definitions it does not look into, and other invariants) with
   coefficients modulo 2^64: two expressions are equal when their
   expansions are.  A conversion from a narrower type is looked through
   only when overflow is undefined in it (the host's computation does
   not wrap there) or its operand is a leaf.  */

#define HALO_POLY_TERMS 32
#define HALO_POLY_DEGREE 4
#define HALO_POLY_DEPTH 12

struct halo_term
{
  unsigned HOST_WIDE_INT coef;
  int degree;
  tree leaf[HALO_POLY_DEGREE];
};

struct halo_poly
{
  int n;
  struct halo_term t[HALO_POLY_TERMS];
};

/* Are the products of leaves of A and B the same?  */

static bool
halo_same_leaves (const struct halo_term *a, const struct halo_term *b)
{
  if (a->degree != b->degree)
    return false;
  bool used[HALO_POLY_DEGREE] = { false, false, false, false };
  for (int i = 0; i < a->degree; i++)
    {
      int j;
      for (j = 0; j < b->degree; j++)
	if (!used[j] && operand_equal_p (a->leaf[i], b->leaf[j], 0))
	  break;
      if (j == b->degree)
	return false;
      used[j] = true;
    }
  return true;
}

/* Add SCALE times the term T to P.  Returns false when P is full.  */

static bool
halo_poly_add_term (struct halo_poly *p, const struct halo_term *t,
		    unsigned HOST_WIDE_INT scale)
{
  unsigned HOST_WIDE_INT c = t->coef * scale;
  for (int i = 0; i < p->n; i++)
    if (halo_same_leaves (&p->t[i], t))
      {
	p->t[i].coef += c;
	return true;
      }
  if (p->n == HALO_POLY_TERMS)
    return false;
  p->t[p->n] = *t;
  p->t[p->n++].coef = c;
  return true;
}

/* P += SCALE * Q.  */

static bool
halo_poly_add (struct halo_poly *p, const struct halo_poly *q,
	       unsigned HOST_WIDE_INT scale)
{
  for (int i = 0; i < q->n; i++)
    if (!halo_poly_add_term (p, &q->t[i], scale))
      return false;
  return true;
}

/* Is P the constant *C (every other coefficient zero)?  */

static bool
halo_poly_constant_p (const struct halo_poly *p, HOST_WIDE_INT *c)
{
  *c = 0;
  for (int i = 0; i < p->n; i++)
    if (p->t[i].degree == 0)
      *c = (HOST_WIDE_INT) p->t[i].coef;
    else if (p->t[i].coef)
      return false;
  return true;
}

/* Expand the integer or pointer expression E into *P, looking through
   DEPTH more definitions.  Returns false when it cannot.  */

static bool
halo_poly_of (tree e, struct halo_poly *p, int depth)
{
  p->n = 0;
  tree type = TREE_TYPE (e);
  if (!type || (!INTEGRAL_TYPE_P (type) && !POINTER_TYPE_P (type))
      || TYPE_PRECISION (type) > HOST_BITS_PER_WIDE_INT)
    return false;
  struct halo_term leaf;
  memset (&leaf, 0, sizeof leaf);
  leaf.coef = 1;
  enum tree_code code = TREE_CODE (e);
  tree op0 = NULL_TREE, op1 = NULL_TREE;
  if (code == INTEGER_CST)
    {
      leaf.coef = TREE_INT_CST_LOW (e);
      return halo_poly_add_term (p, &leaf, 1);
    }
  if (code == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (e);
      if (depth > 0 && is_gimple_assign (def)
	  && (get_gimple_rhs_class (gimple_assign_rhs_code (def))
	      == GIMPLE_BINARY_RHS
	      || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def))
	      || gimple_assign_rhs_code (def) == NEGATE_EXPR))
	{
	  code = gimple_assign_rhs_code (def);
	  op0 = gimple_assign_rhs1 (def);
	  op1 = gimple_assign_rhs2 (def);
	}
    }
  else if (BINARY_CLASS_P (e) || UNARY_CLASS_P (e)
	   || CONVERT_EXPR_CODE_P (code))
    {
      op0 = TREE_OPERAND (e, 0);
      op1 = BINARY_CLASS_P (e) ? TREE_OPERAND (e, 1) : NULL_TREE;
    }
  struct halo_poly a, b;
  /* Narrower types' arithmetic must not wrap.  */
  if (TYPE_PRECISION (type) < HOST_BITS_PER_WIDE_INT
      && !TYPE_OVERFLOW_UNDEFINED (type) && !CONVERT_EXPR_CODE_P (code))
    op0 = NULL_TREE;
  switch (op0 ? code : ERROR_MARK)
    {
    case PLUS_EXPR:
    case POINTER_PLUS_EXPR:
    case MINUS_EXPR:
      return (halo_poly_of (op0, p, depth - 1)
	      && halo_poly_of (op1, &a, depth - 1)
	      && halo_poly_add (p, &a, code == MINUS_EXPR
				? HOST_WIDE_INT_M1U : 1));
    case NEGATE_EXPR:
      return (halo_poly_of (op0, &a, depth - 1)
	      && halo_poly_add (p, &a, HOST_WIDE_INT_M1U));
    case MULT_EXPR:
      if (!halo_poly_of (op0, &a, depth - 1)
	  || !halo_poly_of (op1, &b, depth - 1))
	return false;
      for (int i = 0; i < a.n; i++)
	for (int j = 0; j < b.n; j++)
	  {
	    if (a.t[i].degree + b.t[j].degree > HALO_POLY_DEGREE)
	      return false;
	    struct halo_term t = a.t[i];
	    t.coef *= b.t[j].coef;
	    for (int k = 0; k < b.t[j].degree; k++)
	      t.leaf[t.degree++] = b.t[j].leaf[k];
	    if (!halo_poly_add_term (p, &t, 1))
	      return false;
	  }
      return true;
    CASE_CONVERT:
      {
	tree from = TREE_TYPE (op0);
	if ((INTEGRAL_TYPE_P (from) || POINTER_TYPE_P (from))
	    && (TYPE_PRECISION (from) == TYPE_PRECISION (type)
		|| (TYPE_PRECISION (from) < TYPE_PRECISION (type)
		    && TYPE_PRECISION (type) == HOST_BITS_PER_WIDE_INT
		    && (TYPE_OVERFLOW_UNDEFINED (from)
			|| TREE_CODE (op0) != SSA_NAME
			|| !is_gimple_assign (SSA_NAME_DEF_STMT (op0))))))
	  {
	    /* Same width (modulo 2^64 nothing changes when both are 64
	       bits wide; narrower ones are leaves below), or widening a
	       value computed without wrapping.  */
	    if (TYPE_PRECISION (from) == TYPE_PRECISION (type)
		&& TYPE_PRECISION (type) != HOST_BITS_PER_WIDE_INT)
	      break;
	    return halo_poly_of (op0, p, depth - 1);
	  }
	break;
      }
    default:
      break;
    }
  /* A leaf: the name itself, or another invariant.  */
  if (TREE_CODE (e) != SSA_NAME && !is_gimple_min_invariant (e))
    return false;
  if (TYPE_PRECISION (type) != HOST_BITS_PER_WIDE_INT
      && !(TYPE_OVERFLOW_UNDEFINED (type) || TREE_CODE (e) == SSA_NAME))
    return false;
  leaf.degree = 1;
  leaf.leaf[0] = e;
  return halo_poly_add_term (p, &leaf, 1);
}

/* The load REF, whose address is BASE + G . ST in region R (addr_evolution),
   against the first load LEAD of its array (the same steps): write in
   OFF its offset from LEAD in elements along each dimension.  Returns
   false when that is not one constant triple of at most HALO_SPAN
   elements along each dimension.  */

static bool
halo_offset (struct gpu_region *r, struct tile_ref *lead, tree ref,
	     tree base, tree *st, int *off)
{
  tree lref = gimple_assign_rhs1 (lead->stmt);
  if (!types_compatible_p (TREE_TYPE (ref), TREE_TYPE (lref)))
    return false;
  tree lst[3] = { lead->step, lead->step1, lead->step2 };
  struct halo_poly a, s[3], diff, t;
  HOST_WIDE_INT c;
  for (int d = 0; d < r->ndim; d++)
    if (!halo_poly_of (st[d], &a, HALO_POLY_DEPTH)
	|| !halo_poly_of (lst[d], &s[d], HALO_POLY_DEPTH)
	|| !halo_poly_add (&a, &s[d], HOST_WIDE_INT_M1U)
	|| !halo_poly_constant_p (&a, &c) || c)
      return false;
  /* BASE - LEAD's base, with the constant offsets of the two MEM_REFs.  */
  if (!halo_poly_of (base, &diff, HALO_POLY_DEPTH)
      || !halo_poly_of (lead->base, &a, HALO_POLY_DEPTH)
      || !halo_poly_add (&diff, &a, HOST_WIDE_INT_M1U))
    return false;
  HOST_WIDE_INT moff = (mem_ref_offset (ref).force_shwi ().to_constant ()
			- mem_ref_offset (lref).force_shwi ().to_constant ());
  HOST_WIDE_INT esz = tree_to_shwi (TYPE_SIZE_UNIT (TREE_TYPE (ref)));
  int span2 = r->ndim == 3 ? HALO_SPAN : 0, found = 0;
  for (int d2 = -span2; d2 <= span2; d2++)
    for (int d1 = -HALO_SPAN; d1 <= HALO_SPAN; d1++)
      {
	t = diff;
	if (halo_poly_add (&t, &s[1], -(unsigned HOST_WIDE_INT) d1)
	    && (!d2 || halo_poly_add (&t, &s[2], -(unsigned HOST_WIDE_INT) d2))
	    && halo_poly_constant_p (&t, &c) && (c += moff) % esz == 0
	    && c / esz >= -HALO_SPAN && c / esz <= HALO_SPAN)
	  {
	    off[0] = c / esz;
	    off[1] = d1;
	    off[2] = d2;
	    found++;
	  }
      }
  return found == 1;
}

/* Analyze region R for halo tiles (see above) into PLAN.  Returns true
   when a variant is to be made.  */

static bool
halo_analyze (struct gpu_region *r, struct tile_plan *plan)
{
  plan_start (plan, r, false, true);
  if (!gpu_opts.halo_tile || r->ndim < 2 || r->ninner
      || !r->reds.is_empty () || r->grid_stride)
    return false;
  class loop *l0 = r->dims[0].loop;
  if (l0->inner)
    return false;
  for (int d = 1; d < r->ndim; d++)
    if (r->dims[d].loop->inner != r->dims[d - 1].loop
	|| r->dims[d - 1].loop->next)
      return false;
  /* The stores, all in the innermost marked loop, and the loads there
     that every iteration makes.  */
  auto_vec<gimple *> loads;
  if (!nest_accesses (r, plan, false, true, &loads)
      || plan->stores.is_empty () || loads.length () < 2)
    return false;
  for (int d = 1; d < r->ndim; d++)
    if (!dominated_by_p (CDI_DOMINATORS, r->dims[d].loop->latch,
			 r->dims[d - 1].loop->header))
      {
	tile_missed (r, gimple_location (plan->stores[0]), "the stencil",
		     "an inner marked loop is not run by every iteration "
		     "of the outer ones (a barrier would be under divergent "
		     "control flow)");
	return false;
      }
  /* Each load walking dimension 0 joins the first load of its array
     whose offset from it is constant, else starts an array.  */
  auto_vec<tile_ref> cand;
  auto_vec<unsigned> leads;
  int narrays = 0;
  for (unsigned i = 0; i < loads.length (); i++)
    {
      gimple *stmt = loads[i];
      tree ref = gimple_assign_rhs1 (stmt), base, st[3];
      location_t loc = gimple_location (stmt);
      char what[128];
      if (!load_evolution (r, stmt, what, sizeof what, &base, st))
	continue;
      tree size = TYPE_SIZE_UNIT (TREE_TYPE (ref));
      if (!size || !tree_fits_shwi_p (size)
	  || !tree_int_cst_equal (st[0], size) || integer_zerop (st[1]))
	continue;
      struct tile_ref t;
      memset (&t, 0, sizeof t);
      t.stmt = stmt;
      t.cap = access_cap (r, stmt);
      t.base = base;
      t.offset = size_zero_node;
      t.init = size_zero_node;
      t.step = st[0];
      t.step1 = st[1];
      t.step2 = r->ndim == 3 ? st[2] : NULL_TREE;
      t.name = ref_name (ref);
      t.array = -1;
      bool same_cap = false;
      for (unsigned j = 0; t.array < 0 && j < leads.length (); j++)
	if (cand[leads[j]].cap == t.cap)
	  {
	    same_cap = true;
	    if (halo_offset (r, &cand[leads[j]], ref, base, st, t.off))
	      t.array = cand[leads[j]].array;
	  }
      if (t.array < 0 && same_cap)
	{
	  char why[160];
	  snprintf (why, sizeof why, "its offset from the array's other "
		    "loads is not a constant of at most %d elements along "
		    "each dimension", HALO_SPAN);
	  tile_missed (r, loc, what, why);
	  continue;
	}
      if (t.array < 0)
	{
	  t.array = narrays++;
	  leads.safe_push (cand.length ());
	}
      cand.safe_push (t);
    }
  /* Each array: the plane with the most loads (3-D), at least
     HALO_MIN_OFFSETS distinct offsets in it, not written by the
     region.  */
  int nt = 0;
  for (int a = 0; a < narrays; a++)
    {
      int best = 0, most = 0;
      for (int p = -HALO_SPAN; p <= HALO_SPAN; p++)
	{
	  int n = 0;
	  for (unsigned j = 0; j < cand.length (); j++)
	    n += cand[j].array == a && cand[j].off[2] == p;
	  if (n > most)
	    best = p, most = n;
	}
      unsigned first = 0, distinct = 0;
      for (unsigned j = 0; j < cand.length (); j++)
	if (cand[j].array == a && cand[j].off[2] == best)
	  {
	    bool again = false;
	    for (unsigned k = 0; k < j; k++)
	      again |= (cand[k].array == a && cand[k].off[2] == best
			&& cand[k].off[0] == cand[j].off[0]
			&& cand[k].off[1] == cand[j].off[1]);
	    if (!distinct)
	      first = j;
	    distinct += !again;
	  }
      if (distinct < 2 || nt >= HALO_MAX_ARRAYS)
	continue;
      char what[128];
      snprintf (what, sizeof what, "access to %s", cand[first].name);
      if (distinct < HALO_MIN_OFFSETS)
	{
	  char why[128];
	  snprintf (why, sizeof why, "its loads read %u neighbours (a halo "
		    "tile needs %d)", distinct, HALO_MIN_OFFSETS);
	  tile_missed (r, gimple_location (cand[first].stmt), what, why);
	  continue;
	}
      if (!alias_ok (plan, cand[first].cap,
		     gimple_location (cand[first].stmt), what))
	continue;
      for (unsigned j = 0; j < cand.length (); j++)
	if (cand[j].array == a && cand[j].off[2] == best
	    && plan->refs.length () < HALO_MAX_REFS)
	  {
	    /* Its offsets are from the array's first load: so is its
	       base (the first load may be in another plane).  */
	    struct tile_ref t = cand[j];
	    t.array = nt;
	    t.base = cand[leads[a]].base;
	    plan->refs.safe_push (t);
	  }
      nt++;
    }
  if (plan->refs.is_empty ())
    return false;
  plan->ts = gpu_opts.tile > 0 ? gpu_opts.tile : HALO_DEFAULT_X;
  plan->ts1 = MAX (1, HALO_DEFAULT_X * HALO_DEFAULT_Y / plan->ts);
  plan->tsk = plan->ts;
  return true;
}

/* At *G, the end of its block, add a block run only when COND (a
   boolean value) holds, and move *G to its end.  Returns the block where
   the two ways meet.  */

static basic_block
add_guarded_block (gimple_stmt_iterator *g, tree cond)
{
  gcond *c = gimple_build_cond (NE_EXPR, cond, boolean_false_node,
				NULL_TREE, NULL_TREE);
  gsi_insert_after (g, c, GSI_NEW_STMT);
  basic_block src = gsi_bb (*g);
  edge e = split_block (src, c);
  basic_block join = e->dest;
  e->flags &= ~EDGE_FALLTHRU;
  e->flags |= EDGE_TRUE_VALUE;
  e->probability = profile_probability::likely ();
  basic_block then = split_edge (e);
  edge f = make_edge (src, join, EDGE_FALSE_VALUE);
  f->probability = profile_probability::unlikely ();
  *g = gsi_last_bb (then);
  return join;
}

/* The smallest and largest offsets in *MN and *MX of the loads of tile A
   of PLAN along dimensions 0 and 1; returns the first of them, or NULL
   when A has none.  */

static struct tile_ref *
halo_extent (struct tile_plan *plan, int a, int *mn, int *mx)
{
  struct tile_ref *lead = NULL;
  for (unsigned i = 0; i < plan->refs.length (); i++)
    {
      struct tile_ref *t = &plan->refs[i];
      if (t->array != a)
	continue;
      for (int d = 0; d < 2; d++)
	{
	  mn[d] = lead ? MIN (mn[d], t->off[d]) : t->off[d];
	  mx[d] = lead ? MAX (mx[d], t->off[d]) : t->off[d];
	}
      if (!lead)
	lead = t;
    }
  return lead;
}

/* The boolean "the host loop reads the element at iteration GX, GY of
   tile A's first load": some load of A, at its offset, reads it from an
   iteration inside the index space (N: its trip counts).  The offsets
   are gathered into rectangles (runs of neighbouring offsets in a row,
   rows with the same run one above the other: one for a 9-point
   stencil, three for a 5-point one); the loads of a rectangle of offsets
   X0..X1 x Y0..Y1 read the elements X0 .. N0 - 1 + X1 by Y0 .. N1 - 1 +
   Y1.  */

static tree
halo_read_p (struct tile_plan *plan, int a, tree gx, tree gy, tree *n)
{
  const int w = 2 * HALO_SPAN + 1;
  bool read[2 * HALO_SPAN + 1][2 * HALO_SPAN + 1];
  int rect[(2 * HALO_SPAN + 1) * (2 * HALO_SPAN + 1)][4], nr = 0;
  int mn[2], mx[2];
  memset (read, 0, sizeof read);
  halo_extent (plan, a, mn, mx);
  for (unsigned i = 0; i < plan->refs.length (); i++)
    if (plan->refs[i].array == a)
      read[plan->refs[i].off[1] - mn[1]][plan->refs[i].off[0] - mn[0]]
	= true;
  for (int y = 0; y < w; y++)
    for (int x = 0; x < w; x++)
      {
	if (!read[y][x] || (x > 0 && read[y][x - 1]))
	  continue;
	int x1 = x, r;
	while (x1 + 1 < w && read[y][x1 + 1])
	  x1++;
	for (r = 0; r < nr; r++)
	  if (rect[r][0] == x && rect[r][1] == x1 && rect[r][3] == y - 1)
	    break;
	if (r == nr)
	  {
	    rect[nr][0] = x;
	    rect[nr][1] = x1;
	    rect[nr++][2] = y;
	  }
	rect[r][3] = y;
      }
  tree u64 = long_long_unsigned_type_node;
  tree g[2] = { gx, gy };
  tree any = boolean_false_node;
  for (int r = 0; r < nr; r++)
    {
      tree in = boolean_true_node;
      for (int d = 0; d < 2; d++)
	{
	  int lo = rect[r][2 * d] + mn[d], hi = rect[r][2 * d + 1] + mn[d];
	  tree t = fold_build2 (PLUS_EXPR, u64, g[d], build_int_cst (u64, -lo));
	  tree lim = fold_build2 (PLUS_EXPR, u64, n[d],
				  build_int_cst (u64, hi - lo));
	  in = fold_build2 (BIT_AND_EXPR, boolean_type_node, in,
			    fold_build2 (LT_EXPR, boolean_type_node, t, lim));
	}
      any = fold_build2 (BIT_IOR_EXPR, boolean_type_node, any, in);
    }
  return any;
}

/* Lower the halo variant clone of PLAN (see above).  */

static void
halo_lower (struct tile_plan *plan)
{
  struct gpu_region *r = plan->r;
  struct gpu_variant *v = &r->variants[plan->variant];
  int b[2] = { plan->ts, plan->ts1 }, nw = b[0] * b[1];
  tree u64 = long_long_unsigned_type_node;
  gimple_stmt_iterator g = split_before_first (plan, plan->refs.length ());
  free_dominance_info (CDI_DOMINATORS);

  /* The group's first iteration ORG of dimensions 0 and 1, and the
     work-item's own, or the last, at E from it.  */
  tree lid[2], org[2], e[2], n[2];
  for (int d = 0; d < 2; d++)
    {
      lid[d] = add_value (&g, fold_convert
			  (u64, add_marker (&g, GPU_MARK_LOCAL_ID, d)));
      tree grp = fold_convert (u64, add_marker (&g, GPU_MARK_GROUP_ID, d));
      org[d] = add_value (&g, fold_build2 (MULT_EXPR, u64, grp,
					   build_int_cst (u64, b[d])));
      n[d] = fold_convert (u64, add_marker (&g, GPU_MARK_COUNT, d));
      tree it = fold_build2 (MIN_EXPR, u64,
			     fold_build2 (PLUS_EXPR, u64, org[d], lid[d]),
			     fold_build2 (MINUS_EXPR, u64, n[d],
					  build_one_cst (u64)));
      e[d] = add_value (&g, fold_build2 (MINUS_EXPR, u64, it, org[d]));
    }
  /* A 3-D nest's group is one iteration of dimension 2 deep.  */
  tree it2 = r->ndim == 3
    ? fold_convert (u64, add_marker (&g, GPU_MARK_GROUP_ID, 2)) : NULL_TREE;
  tree lin = add_value (&g, fold_build2 (PLUS_EXPR, u64,
					 fold_build2 (MULT_EXPR, u64, lid[1],
						      build_int_cst (u64,
								     b[0])),
					 lid[0]));
  tree lid_ident = get_identifier ("gpu local");
  unsigned bytes = 0;
  pretty_printer arrays;
  int mn[2], mx[2];
  struct tile_ref *lead;
  for (int a = 0; (lead = halo_extent (plan, a, mn, mx)); a++)
    {
      tree lref = gimple_assign_rhs1 (lead->stmt);
      tree elt = TREE_TYPE (lref);
      int w = b[0] + mx[0] - mn[0], h = b[1] + mx[1] - mn[1];
      lead->tile = create_tmp_var (build_array_type_nelts (elt, w * h),
				   "gpu_tile");
      DECL_ATTRIBUTES (lead->tile)
	= tree_cons (lid_ident, NULL_TREE, DECL_ATTRIBUTES (lead->tile));
      bytes += w * h * tree_to_uhwi (TYPE_SIZE_UNIT (elt));
      pp_printf (&arrays, "%s%s (offsets %d..%d x %d..%d: a %dx%d block)",
		 a ? ", " : "", lead->name, mn[0], mx[0], mn[1], mx[1], w, h);
      /* The first load's address at iteration 0 and its steps, as
	 values (the loads below are conditional).  */
      tree base = add_value (&g, unshare_expr (lead->base));
      tree step0 = add_value (&g, unshare_expr (lead->step));
      tree step1 = add_value (&g, unshare_expr (lead->step1));
      tree step2 = it2 ? add_value (&g, unshare_expr (lead->step2)) : NULL;
      /* Element C of the tile, C = LIN + P * NW, is the element of
	 iteration ORG + (C % W, C / W) + MN of the first load.  */
      for (int p = 0; p * nw < w * h; p++)
	{
	  tree c = add_value (&g, fold_build2 (PLUS_EXPR, u64, lin,
					       build_int_cst (u64, p * nw)));
	  tree wc = build_int_cst (u64, w);
	  tree gx = add_value
	    (&g, fold_build2 (PLUS_EXPR, u64,
			      fold_build2 (PLUS_EXPR, u64, org[0],
					   fold_build2 (TRUNC_MOD_EXPR, u64,
							c, wc)),
			      build_int_cst (u64, mn[0])));
	  tree gy = add_value
	    (&g, fold_build2 (PLUS_EXPR, u64,
			      fold_build2 (PLUS_EXPR, u64, org[1],
					   fold_build2 (TRUNC_DIV_EXPR, u64,
							c, wc)),
			      build_int_cst (u64, mn[1])));
	  tree cond = halo_read_p (plan, a, gx, gy, n);
	  if ((p + 1) * nw > w * h)
	    cond = fold_build2 (BIT_AND_EXPR, boolean_type_node, cond,
				fold_build2 (LT_EXPR, boolean_type_node, c,
					     build_int_cst (u64, w * h)));
	  basic_block join = add_guarded_block (&g, add_value (&g, cond));
	  tree off = fold_build2 (PLUS_EXPR, sizetype,
				  fold_build2 (MULT_EXPR, sizetype,
					       fold_convert (sizetype, gx),
					       step0),
				  fold_build2 (MULT_EXPR, sizetype,
					       fold_convert (sizetype, gy),
					       step1));
	  if (it2)
	    off = fold_build2 (PLUS_EXPR, sizetype, off,
			       fold_build2 (MULT_EXPR, sizetype,
					    fold_convert
					    (sizetype,
					     fold_build2 (PLUS_EXPR, u64, it2,
							  build_int_cst
							  (u64,
							   lead->off[2]))),
					    step2));
	  tree addr = add_value (&g, fold_build_pointer_plus (base, off));
	  tree val = make_ssa_name (elt);
	  gsi_insert_after (&g, gimple_build_assign
			    (val, build2 (MEM_REF, elt, addr,
					  TREE_OPERAND (lref, 1))),
			    GSI_NEW_STMT);
	  gsi_insert_after (&g, gimple_build_assign
			    (build4 (ARRAY_REF, elt, lead->tile, c, NULL_TREE,
				     NULL_TREE), val), GSI_NEW_STMT);
	  g = gsi_last_bb (split_block_after_labels (join)->src);
	}
    }
  add_tile_barrier (&g);
  /* Each load reads the tile at its offset from the work-item's
     iteration.  */
  for (int a = 0; (lead = halo_extent (plan, a, mn, mx)); a++)
    for (unsigned i = 0; i < plan->refs.length (); i++)
      {
	struct tile_ref *t = &plan->refs[i];
	if (t->array != a)
	  continue;
	int w = b[0] + mx[0] - mn[0];
	tree x = fold_build2 (PLUS_EXPR, u64, e[0],
			      build_int_cst (u64, t->off[0] - mn[0]));
	tree y = fold_build2 (PLUS_EXPR, u64, e[1],
			      build_int_cst (u64, t->off[1] - mn[1]));
	tree idx = add_value (&g, fold_build2
			      (PLUS_EXPR, u64,
			       fold_build2 (MULT_EXPR, u64, y,
					    build_int_cst (u64, w)), x));
	tree elt = TREE_TYPE (gimple_assign_rhs1 (t->stmt));
	gimple_assign_set_rhs1 (t->stmt, build4 (ARRAY_REF, elt, lead->tile,
						 idx, NULL_TREE, NULL_TREE));
	update_stmt (t->stmt);
      }
  for (unsigned i = 0; i < plan->stores.length (); i++)
    guard_in_range (plan->stores[i], NULL_TREE);

  v->dev.group[0] = b[0];
  v->dev.group[1] = b[1];
  v->dev.group[2] = 1;
  v->dev.swap = false;
  v->local_bytes = bytes;
  snprintf (v->suffix, sizeof v->suffix, "_halo%dx%d", b[0], b[1]);
  v->ndistinct = plan->distinct.length () / 2;
  for (unsigned p = 0; p < plan->distinct.length (); p++)
    v->distinct[p] = plan->distinct[p];
  snprintf (v->what, sizeof v->what, "halo tiles: %s in local memory, "
	    "work-group %dx%d%s, %u bytes", pp_formatted_text (&arrays),
	    b[0], b[1], r->ndim == 3 ? "x1" : "", bytes);
  tile_report (plan);
}

namespace {

const pass_data pass_data_gpu_tile =
{
  GIMPLE_PASS,			/* type */
  "gpu_tile",			/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_tile : public gimple_opt_pass
{
public:
  pass_gpu_tile (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_tile, ctxt)
  {}

  /* Only functions in which gpu_find made regions, unless tiling or
     local memory is switched off.  */
  virtual bool gate (function *fun)
  {
    return !gpu_opts.no_tile && !gpu_opts.no_local_mem
      && gpu_has_regions (fun);
  }

  virtual unsigned int execute (function *);
};

/* Analyze every region of FUN, make the variant clones of those to tile,
   then lower them.  */

unsigned int
pass_gpu_tile::execute (function *fun)
{
  vec<gpu_region *> *regions = gpu_regions (fun);
  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  calculate_dominance_info (CDI_DOMINATORS);
  scev_initialize ();
  auto_delete_vec<tile_plan> plans;
  for (unsigned i = 0; i < regions->length (); i++)
    {
      struct gpu_region *r = (*regions)[i];
      /* A speculated region's work-items may stop early: no variant
	 whose work-items meet at barriers (and a variant, a copy of the
	 host's nest, would not have the deopts).  */
      if (r->fail || !r->dev.outer || r->nvariants >= GPU_MAX_VARIANTS
	  || r->nspec)
	continue;
      tile_plan *plan = new tile_plan;
      if (!tile_analyze (r, plan))
	{
	  delete plan;
	  plan = new tile_plan;
	  if (transpose_analyze (r, plan))
	    plans.safe_push (plan);
	  else
	    {
	      delete plan;
	      plan = new tile_plan;
	      if (halo_analyze (r, plan))
		plans.safe_push (plan);
	      else
		delete plan;
	    }
	  continue;
	}
      /* The register-blocked variant first, when there is room for
	 both.  */
      tile_plan *b = tile_block_plan (plan);
      if (b)
	plans.safe_push (b);
      /* The row-staged variant first too; the plain tiled one after it
	 when it promotes anything and there is room.  */
      int room = GPU_MAX_VARIANTS - r->nvariants;
      b = tile_row_plan (plan);
      if (b)
	{
	  plans.safe_push (b);
	  room--;
	}
      if (!plan->refs.is_empty () && room > 0)
	plans.safe_push (plan);
      else
	delete plan;
    }
  scev_finalize ();
  /* The clones, then their names after the nests, then the lowering.  */
  auto_vec<tile_plan *> made;
  for (unsigned i = 0; i < plans.length (); i++)
    if (tile_clone (plans[i]))
      made.safe_push (plans[i]);
  if (!plans.is_empty ())
    update_ssa (TODO_update_ssa);
  /* The lowering adds edges and loops: exits are no longer recorded.  */
  free_dominance_info (CDI_DOMINATORS);
  release_recorded_exits (fun);
  for (unsigned i = 0; i < made.length (); i++)
    if (made[i]->transpose)
      {
	calculate_dominance_info (CDI_DOMINATORS);
	transpose_lower (made[i]);
      }
    else if (made[i]->halo)
      {
	calculate_dominance_info (CDI_DOMINATORS);
	halo_lower (made[i]);
      }
    else
      tile_lower (made[i]);
  free_dominance_info (CDI_DOMINATORS);
  if (!plans.is_empty ())
    {
      mark_virtual_operands_for_renaming (fun);
      update_ssa (TODO_update_ssa);
    }
  bool unroll = false;
  for (unsigned i = 0; i < made.length (); i++)
    unroll |= made[i]->unroll != NULL;
  if (unroll)
    {
      calculate_dominance_info (CDI_DOMINATORS);
      record_loop_exits ();
      scev_initialize ();
      for (unsigned i = 0; i < made.length (); i++)
	if (made[i]->unroll)
	  tile_unroll (made[i]);
      scev_finalize ();
      release_recorded_exits (fun);
      free_dominance_info (CDI_DOMINATORS);
    }
  loop_optimizer_finalize ();
  return 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_tile (gcc::context *ctxt)
{
  return new pass_gpu_tile (ctxt);
}
