/* gpu-clone.cc -- the gpu_clone pass: the device clone of each region,
   and the lowering every kernel of that form needs.

   The kernel is printed from a copy of the region's loop nest, not from
   the host's loop: the device passes transform the copy as the device
   needs it, the host code stays what the user wrote, and each pass's
   dump shows the clone as it will be printed.  The copy is made in the
   same function with loop versioning, behind a guard that is always
   false, so it uses the very SSA names and variables from before the
   region that gpu_find made the kernel's parameters; gpu_emit prints it
   and then removes it (gpu_clone_remove), before gpu_outline moves the
   host's loop into its own function.

   The lowering done here is that of reductions.  The kernel of a region
   with GPU_REDUCE accumulators runs iterations in a grid-stride loop, so
   each accumulator becomes a private variable of the work-item: its
   header PHIs in the clone become loads of the variable, the value along
   each marked loop's back edge a store to it; the marked loops' exit
   tests become true (the grid-stride loop keeps each work-item inside
   the index space); and the number of copies of the body in the loop is
   chosen from the body's size.  The printer then prints the clone like
   any other.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "gpu-region.h"

/* The copy of BB's PHI at the same position as PHI, in the copy of BB.  */

static tree
copy_phi_result (basic_block bb, tree res)
{
  basic_block cbb = get_bb_copy (bb);
  gphi_iterator o = gsi_start_phis (bb), c = gsi_start_phis (cbb);
  for (; !gsi_end_p (o) && !gsi_end_p (c); gsi_next (&o), gsi_next (&c))
    if (gimple_phi_result (o.phi ()) == res)
      return gimple_phi_result (c.phi ());
  return NULL_TREE;
}

/* The copy of the SSA name NAME defined in region R's nest (the value
   at the same position of the copied block), or NAME itself when it is
   defined before the nest; NULL if not found.  */

static tree
copy_name (struct gpu_region *r, tree name)
{
  gimple *def = SSA_NAME_DEF_STMT (name);
  basic_block bb = gimple_bb (def);
  if (SSA_NAME_IS_DEFAULT_DEF (name) || !bb
      || !flow_bb_inside_loop_p (r->outer, bb))
    return name;
  if (gimple_code (def) == GIMPLE_PHI)
    return copy_phi_result (bb, name);
  basic_block cbb = get_bb_copy (bb);
  gimple_stmt_iterator o = gsi_start_bb (bb), c = gsi_start_bb (cbb);
  for (; !gsi_end_p (o) && !gsi_end_p (c); gsi_next (&o), gsi_next (&c))
    if (gsi_stmt (o) == def)
      {
	tree d = SINGLE_SSA_TREE_OPERAND (def, SSA_OP_DEF);
	tree cd = SINGLE_SSA_TREE_OPERAND (gsi_stmt (c), SSA_OP_DEF);
	return d == name ? cd : NULL_TREE;
      }
  return NULL_TREE;
}

/* Walker: replace the SSA names of the nest by their copies (DATA is the
   region); a name without a copy makes the walk fail.  */

static tree
copy_names_r (tree *tp, int *walk_subtrees, void *data)
{
  struct gpu_region *r = (struct gpu_region *) data;
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      tree c = copy_name (r, *tp);
      if (!c)
	return *tp;
      *tp = c;
      *walk_subtrees = 0;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* The trip count *COUNT and step *STEP of the inner loop L of R with
   index IV, from the niter analysis of the original loop, in the names
   of the clone.  */

static bool
copy_inner_count (struct gpu_region *r, class loop *l, tree iv, tree *count,
		  tree *step)
{
  edge exit = single_exit (l);
  affine_iv aiv;
  class tree_niter_desc desc;
  if (!exit || !simple_iv (l, l, iv, &aiv, true)
      || !number_of_iterations_exit (l, exit, &desc, false)
      || !integer_onep (desc.assumptions))
    return false;
  tree u64 = long_long_unsigned_type_node;
  tree c = fold_convert (u64, desc.niter);
  if (desc.may_be_zero && !integer_zerop (desc.may_be_zero))
    c = fold_build3 (COND_EXPR, u64, desc.may_be_zero,
		     build_int_cst (u64, 0), c);
  c = unshare_expr (c);
  tree s = unshare_expr (aiv.step);
  if (walk_tree (&c, copy_names_r, r, NULL)
      || walk_tree (&s, copy_names_r, r, NULL))
    return false;
  *count = gpu_region_keep (c);
  *step = gpu_region_keep (s);
  return true;
}

/* Make the device clone of region R.  Returns false (R fails) when the
   nest cannot be copied.  */

bool
gpu_clone_nest (struct gpu_region *r, struct gpu_nest *nest)
{
  class loop *L = r->outer;
  basic_block guard;
  class loop *copy = loop_version (L, boolean_true_node, &guard,
				   profile_probability::always (),
				   profile_probability::never (),
				   profile_probability::always (),
				   profile_probability::never (), true);
  if (!copy)
    return false;
  memset (nest, 0, sizeof *nest);
  nest->outer = copy;
  nest->guard = guard;
  for (int k = 0; k < r->ndim; k++)
    {
      class loop *l = r->dims[k].loop;
      nest->loops[k] = l == L ? copy : get_loop_copy (l);
      nest->ivs[k] = copy_phi_result (l->header, r->dims[k].iv);
      if (!nest->loops[k] || !nest->ivs[k])
	return false;
    }
  return true;
}

/* See gpu-region.h.  */

tree
gpu_clone_expr (struct gpu_region *r, tree expr)
{
  tree c = unshare_expr (expr);
  if (walk_tree (&c, copy_names_r, r, NULL))
    return NULL_TREE;
  return c;
}

/* See gpu-region.h.  */

gimple *
gpu_clone_stmt (gimple *stmt)
{
  basic_block cbb = get_bb_copy (gimple_bb (stmt));
  gimple_stmt_iterator o = gsi_start_bb (gimple_bb (stmt));
  gimple_stmt_iterator c = gsi_start_bb (cbb);
  for (; !gsi_end_p (o) && !gsi_end_p (c); gsi_next (&o), gsi_next (&c))
    if (gsi_stmt (o) == stmt)
      return gsi_stmt (c);
  return NULL;
}

/* Make the device clone of region R.  Returns false (R fails) when the
   nest cannot be copied.  */

static bool
make_clone (struct gpu_region *r)
{
  if (!gpu_clone_nest (r, &r->dev))
    {
      gpu_region_fail (r, r->loc, "the loop nest cannot be copied for the "
		       "device");
      return false;
    }
  for (unsigned j = 0; j < r->reds.length (); j++)
    for (int k = 0; k < r->ndim; k++)
      r->reds[j].dev_phis[k]
	= copy_phi_result (r->dims[k].loop->header, r->reds[j].phis[k]);
  /* The inner level (gpu_twolevel transforms it).  */
  for (int k = 0; k < r->ninner; k++)
    {
      class loop *l = r->inner[k].loop;
      r->inner[k].dev = get_loop_copy (l);
      struct gpu_inner *in = &r->inner[k];
      in->dev_iv = copy_phi_result (l->header, in->iv);
      bool ok = (in->dev && in->dev_iv
		 && copy_inner_count (r, l, in->iv, &in->dev_count,
				      &in->dev_step));
      if (ok && in->loop2)
	{
	  in->dev2 = get_loop_copy (in->loop2);
	  in->dev_iv2 = copy_phi_result (in->loop2->header, in->iv2);
	  tree parts[3] = { unshare_expr (in->base2), unshare_expr (in->step2),
			    unshare_expr (in->count2) };
	  for (int i = 0; i < 3; i++)
	    if (walk_tree (&parts[i], copy_names_r, r, NULL))
	      ok = false;
	  in->dev_base2 = gpu_region_keep (parts[0]);
	  in->dev_step2 = gpu_region_keep (parts[1]);
	  in->dev_count2 = gpu_region_keep (parts[2]);
	  ok = ok && in->dev2 && in->dev_iv2;
	}
      if (!ok)
	{
	  gpu_region_fail (r, r->loc, "the inner loops cannot be copied for "
			   "the device");
	  return false;
	}
    }
  for (unsigned j = 0; j < r->ireds.length (); j++)
    {
      class loop *l = r->inner[r->ireds[j].inner].loop;
      r->ireds[j].dev_phis[0] = copy_phi_result (l->header,
						 r->ireds[j].phis[0]);
      if (!r->ireds[j].dev_phis[0])
	{
	  gpu_region_fail (r, r->loc, "the inner reductions cannot be copied "
			   "for the device");
	  return false;
	}
    }
  return true;
}

/* After update_ssa: the values of R's nest used after it now reach their
   uses through PHIs where the host's nest and its clone meet (R's exits).
   Make each such PHI's result a key of the parameter that the value its
   host argument gives is in every other region of REGIONS, and remember
   it in R->dev.joins (gpu_clone_remove takes the keys away again).  */

static void
alias_join_names (vec<gpu_region *> *regions, struct gpu_region *r)
{
  auto_vec<edge> exits = get_loop_exit_edges (r->outer);
  for (unsigned i = 0; i < exits.length (); i++)
    for (gphi_iterator pi = gsi_start_phis (exits[i]->dest); !gsi_end_p (pi);
	 gsi_next (&pi))
      {
	gphi *phi = pi.phi ();
	tree res = gimple_phi_result (phi);
	tree val = PHI_ARG_DEF_FROM_EDGE (phi, exits[i]);
	if (virtual_operand_p (res) || TREE_CODE (val) != SSA_NAME)
	  continue;
	for (unsigned j = 0; j < regions->length (); j++)
	  {
	    struct gpu_region *o = (*regions)[j];
	    int *cap = o != r && o->params ? o->params->get (val) : NULL;
	    if (!cap || o->params->get (res))
	      continue;
	    o->params->put (res, *cap);
	    r->dev.joins.safe_push (res);
	  }
      }
}

/* Turn the reductions of R's clone into private accumulators, and its
   marked loops' tests into true (see the head of the file).  */

static void
lower_reductions (struct gpu_region *r)
{
  for (unsigned j = 0; j < r->reds.length (); j++)
    {
      struct gpu_reduction *red = &r->reds[j];
      char name[16];
      snprintf (name, sizeof name, "gpu_a%u", j);
      tree acc = create_tmp_var (red->type, name);
      TREE_ADDRESSABLE (acc) = 1;
      red->acc = acc;
      /* The clone's accumulator starts at the value before the region
	 (the kernel starts it at the identity).  */
      gimple_stmt_iterator pg
	= gsi_last_bb (loop_preheader_edge (r->dev.outer)->src);
      gsi_insert_after (&pg, gimple_build_assign (acc, red->init),
			GSI_NEW_STMT);
      for (int k = r->ndim - 1; k >= 0; k--)
	{
	  class loop *l = r->dev.loops[k];
	  gphi *phi = as_a<gphi *> (SSA_NAME_DEF_STMT (red->dev_phis[k]));
	  tree res = gimple_phi_result (phi);
	  /* Along the back edge, the value goes to the accumulator.  */
	  tree next = PHI_ARG_DEF_FROM_EDGE (phi, loop_latch_edge (l));
	  gimple_stmt_iterator lg = gsi_last_bb (l->latch);
	  gimple *st = gimple_build_assign (acc, next);
	  if (!gsi_end_p (lg) && stmt_ends_bb_p (gsi_stmt (lg)))
	    gsi_insert_before (&lg, st, GSI_SAME_STMT);
	  else
	    gsi_insert_after (&lg, st, GSI_NEW_STMT);
	  /* At the top of an iteration, it is the accumulator's value.  */
	  tree val = make_ssa_name (red->type);
	  gimple_stmt_iterator hg = gsi_after_labels (l->header);
	  gsi_insert_before (&hg, gimple_build_assign (val, acc),
			     GSI_SAME_STMT);
	  replace_uses_by (res, val);
	  gphi_iterator pi = gsi_for_phi (phi);
	  remove_phi_node (&pi, true);
	  red->dev_phis[k] = NULL_TREE;
	}
    }

  /* The grid-stride loop keeps each work-item's indices inside the index
     space: the marked loops' tests hold.  */
  for (int k = 0; k < r->ndim; k++)
    {
      class loop *l = r->dev.loops[k];
      gcond *cond = safe_dyn_cast<gcond *> (last_stmt (l->header));
      if (!cond)
	continue;
      edge te, fe;
      extract_true_false_edges_from_block (l->header, &te, &fe);
      if (flow_bb_inside_loop_p (l, te->dest))
	gimple_cond_make_true (cond);
      else
	gimple_cond_make_false (cond);
      update_stmt (cond);
    }

  /* Copies of the body in the grid-stride loop: several loads in flight
     per work-item, which the bandwidth of a GPU needs, as long as the
     body is small.  */
  unsigned nstmts = 0;
  basic_block *body = get_loop_body (r->dev.loops[0]);
  for (unsigned i = 0; i < r->dev.loops[0]->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (body[i]); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      if (!is_gimple_debug (gsi_stmt (gsi)))
	nstmts++;
  free (body);
  r->unroll = gpu_opts.no_local_mem ? 1 : nstmts < 120 ? 8
    : nstmts < 480 ? 4 : 1;
  r->grid_stride = true;
}

/* See gpu-region.h.  */

/* Remove the clone NEST from its function.  */

static void
remove_nest (struct gpu_nest *nest)
{
  if (!nest->outer)
    return;
  basic_block guard = nest->guard;
  gcond *cond = as_a<gcond *> (last_stmt (guard));
  edge te, fe;
  extract_true_false_edges_from_block (guard, &te, &fe);
  /* The blocks after the region lose the clone's edges.  */
  auto_vec<basic_block> after;
  auto_vec<edge> exits = get_loop_exit_edges (nest->outer);
  for (unsigned i = 0; i < exits.length (); i++)
    after.safe_push (exits[i]->dest);
  cancel_loop_tree (nest->outer);
  remove_edge_and_dominated_blocks (fe);
  gimple_stmt_iterator gsi = gsi_for_stmt (cond);
  gsi_remove (&gsi, true);
  te->flags &= ~(EDGE_TRUE_VALUE | EDGE_FALSE_VALUE);
  te->flags |= EDGE_FALLTHRU;
  for (unsigned i = 0; i < after.length (); i++)
    for (gphi_iterator pi = gsi_start_phis (after[i]); !gsi_end_p (pi);)
      {
	gphi *phi = pi.phi ();
	if (gimple_phi_num_args (phi) == 1
	    && !virtual_operand_p (gimple_phi_result (phi)))
	  {
	    replace_uses_by (gimple_phi_result (phi),
			     gimple_phi_arg_def (phi, 0));
	    remove_phi_node (&pi, true);
	  }
	else
	  gsi_next (&pi);
      }
  /* The group shape, the blocking and the exchange of local indices
     stay for the record.  */
  int group[3], block[3];
  memcpy (group, nest->group, sizeof group);
  memcpy (block, nest->block, sizeof block);
  bool swap = nest->swap;
  nest->joins.release ();
  memset (nest, 0, sizeof *nest);
  memcpy (nest->group, group, sizeof group);
  memcpy (nest->block, block, sizeof block);
  nest->swap = swap;
}

/* See gpu-region.h.  */

void
gpu_clone_remove (struct gpu_region *r)
{
  /* The PHIs where the two copies of the nest join go with the clone:
     their results are no longer parameters of the later regions.  */
  vec<gpu_region *> *regions = gpu_regions (r->fun);
  for (unsigned i = 0; i < r->dev.joins.length (); i++)
    for (unsigned j = 0; j < regions->length (); j++)
      {
	struct gpu_region *o = (*regions)[j];
	int *cap = o->params ? o->params->get (r->dev.joins[i]) : NULL;
	if (cap && o->caps[*cap].value != r->dev.joins[i])
	  o->params->remove (r->dev.joins[i]);
      }
  r->dev.joins.release ();
  /* (What the variants need stays for the record.)  */
  for (int v = 0; v < r->nvariants; v++)
    remove_nest (&r->variants[v].dev);
  remove_nest (&r->dev);
  for (unsigned j = 0; j < r->reds.length (); j++)
    r->reds[j].acc = NULL_TREE;
  for (int k = 0; k < r->ninner; k++)
    {
      r->inner[k].dev = r->inner[k].dev2 = NULL;
      r->inner[k].dev_iv = r->inner[k].dev_iv2 = NULL_TREE;
    }
}

namespace {

const pass_data pass_data_gpu_clone =
{
  GIMPLE_PASS,			/* type */
  "gpu_clone",			/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  ( PROP_cfg | PROP_ssa ),	/* properties_required */
  0,				/* properties_provided */
  0,				/* properties_destroyed */
  0,				/* todo_flags_start */
  0,				/* todo_flags_finish */
};

class pass_gpu_clone : public gimple_opt_pass
{
public:
  pass_gpu_clone (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_gpu_clone, ctxt)
  {}

  /* Only functions in which gpu_find made regions.  */
  virtual bool gate (function *fun)
  {
    return gpu_has_regions (fun);
  }

  virtual unsigned int execute (function *);
};

/* Make the device clone of every region of FUN still to be offloaded,
   and lower what its kernel's form needs.  */

unsigned int
pass_gpu_clone::execute (function *fun)
{
  vec<gpu_region *> *regions = gpu_regions (fun);
  loop_optimizer_init (LOOPS_NORMAL | LOOPS_HAVE_RECORDED_EXITS);
  calculate_dominance_info (CDI_DOMINATORS);
  bool any = false;
  scev_initialize ();
  initialize_original_copy_tables ();
  for (unsigned i = 0; i < regions->length (); i++)
    {
      struct gpu_region *r = (*regions)[i];
      if (r->fail)
	continue;
      if (!make_clone (r))
	{
	  gpu_region_report_missed (r);
	  continue;
	}
      any = true;
    }
  free_original_copy_tables ();
  scev_finalize ();
  if (!any)
    {
      loop_optimizer_finalize ();
      return 0;
    }
  /* The clone's names, and those after the nest that now merge values
     of both copies.  */
  update_ssa (TODO_update_ssa);
  for (unsigned i = 0; i < regions->length (); i++)
    {
      struct gpu_region *r = (*regions)[i];
      if (r->fail || !r->dev.outer)
	continue;
      alias_join_names (regions, r);
      if (!r->reds.is_empty ())
	lower_reductions (r);
      if (dump_file && (dump_flags & TDF_DETAILS))
	{
	  expanded_location xl = expand_location (r->loc);
	  fprintf (dump_file, "SUCCESS: %s:%d: device clone of %s is loop %d"
		   "%s", xl.file, xl.line, r->kernel_name, r->dev.outer->num,
		   r->grid_stride ? ", grid-stride" : "");
	  if (r->grid_stride)
	    fprintf (dump_file, ", %d copies of the body", r->unroll);
	  fprintf (dump_file, "\n");
	}
    }
  mark_virtual_operands_for_renaming (fun);
  update_ssa (TODO_update_ssa_only_virtuals);
  loop_optimizer_finalize ();
  return 0;
}

} // anon namespace

gimple_opt_pass *
make_pass_gpu_clone (gcc::context *ctxt)
{
  return new pass_gpu_clone (ctxt);
}
