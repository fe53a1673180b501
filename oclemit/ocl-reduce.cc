/* ocl-reduce.cc -- the OpenCL C text of GPU_REDUCE kernels.

   A reduction kernel starts each work-item at the operator's identity,
   runs the body over a grid-stride range of the flattened index space,
   combines the work-group in __local memory with two barriers and stores
   one partial result per work-group.  By default the last work-group to
   finish (a counter in the gpu_rlast buffer) combines all groups'
   partials and stores the results there, so that a launch is one kernel
   and one small read; libgpurt can still combine the partials itself (on
   the host or with the NAME_fin kernel printed here too).  With
   -fplugin-arg-gpuoffload-no-local-mem the combine is a tree in global
   memory.  The operators' identities and combines are those of
   gpuoffload-abi.def.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"
#include "ocl-reduce.h"
#include "gpu-reduce.h"
/* --------------------------------------------------------- kernel text */

/* The OpenCL unsigned type of the same width as RED's.  */

static const char *
unsigned_name (struct gpu_reduction *red)
{
  switch (gpu_red_type_size (gpu_type_code (red->type)))
    {
    case 1: return gpu_red_type_cl_name (GPU_RED_TYPE_U8);
    case 2: return gpu_red_type_cl_name (GPU_RED_TYPE_U16);
    case 4: return gpu_red_type_cl_name (GPU_RED_TYPE_U32);
    default: return gpu_red_type_cl_name (GPU_RED_TYPE_U64);
    }
}

/* The identity of RED's operator (gpuoffload-abi.def), as OpenCL C
   text.  */

static void
print_identity (struct gpu_reduction *red, pretty_printer *pp)
{
  const char *v = gpu_red_type_cl_identity (gpu_type_code (red->type),
					    gpu_red_op_identity (red->op));
  gcc_assert (v);
  pp_printf (pp, "(%s)(%s)", red->tname, v);
}

/* Print the combination of the values A and B of RED.  */

static void
print_combine (struct gpu_reduction *red, pretty_printer *pp, const char *a,
	       const char *b)
{
  const char *t = red->tname;
  bool flt = gpu_red_type_is_float (gpu_type_code (red->type));
  const char *u = unsigned_name (red);
  switch (red->op)
    {
    case GPU_RED_ADD:
      if (flt)
	pp_printf (pp, "(%s) + (%s)", a, b);
      else
	pp_printf (pp, "(%s)((%s)(%s) + (%s)(%s))", t, u, a, u, b);
      break;
    case GPU_RED_MUL:
      if (flt)
	pp_printf (pp, "(%s) * (%s)", a, b);
      else
	pp_printf (pp, "(%s)((%s)(%s) * (%s)(%s))", t, u, a, u, b);
      break;
    case GPU_RED_AND:
      pp_printf (pp, "(%s)((%s) & (%s))", t, a, b);
      break;
    case GPU_RED_OR:
      pp_printf (pp, "(%s)((%s) | (%s))", t, a, b);
      break;
    case GPU_RED_XOR:
      pp_printf (pp, "(%s)((%s) ^ (%s))", t, a, b);
      break;
    case GPU_RED_LAND:
      pp_printf (pp, "(%s)((%s) != 0 && (%s) != 0)", t, a, b);
      break;
    case GPU_RED_LOR:
      pp_printf (pp, "(%s)((%s) != 0 || (%s) != 0)", t, a, b);
      break;
    case GPU_RED_MIN:
      pp_printf (pp, "((%s) < (%s) ? (%s) : (%s))", b, a, b, a);
      break;
    case GPU_RED_MAX:
      pp_printf (pp, "((%s) > (%s) ? (%s) : (%s))", b, a, b, a);
      break;
    case GPU_RED_FMIN:
      pp_printf (pp, "fmin(%s, %s)", a, b);
      break;
    case GPU_RED_FMAX:
      pp_printf (pp, "fmax(%s, %s)", a, b);
      break;
    default:
      gcc_unreachable ();
    }
}

/* Print "DST = A OP B;" for reduction J.  */

static void
print_step (struct gpu_region *r, unsigned j, pretty_printer *pp,
	    const char *indent, const char *dst, const char *a, const char *b)
{
  pp_printf (pp, "%s%s = ", indent, dst);
  print_combine (&r->reds[j], pp, a, b);
  pp_string (pp, ";\n");
}

/* Is reduction J of R in the selection SEL (all of them when SEL is
   NULL)?  */

static bool
selected_p (const bool *sel, unsigned j)
{
  return sel == NULL || sel[j];
}

/* One round of the work-group combine below: each selected reduction j
   (SEL, all with SEL NULL) of R starts gpu_x<j> at gpu_l<j>[FIRST] and
   combines gpu_l<j>[OTHER] into it for gpu_k from 1 to 15.  */

static void
print_tree_round (struct gpu_region *r, pretty_printer *pp, const bool *sel,
		  const char *first, const char *other)
{
  unsigned n = r->reds.length ();
  for (unsigned j = 0; j < n; j++)
    if (selected_p (sel, j))
      pp_printf (pp, "    %s gpu_x%u = gpu_l%u[%s];\n", r->reds[j].tname, j,
		 j, first);
  pp_string (pp, "    for (uint gpu_k = 1; gpu_k < 16; gpu_k++) {\n");
  for (unsigned j = 0; j < n; j++)
    if (selected_p (sel, j))
      {
	char *x = xasprintf ("gpu_x%u", j);
	char *l = xasprintf ("gpu_l%u[%s]", j, other);
	print_step (r, j, pp, "      ", x, x, l);
	free (x);
	free (l);
      }
  pp_string (pp, "    }\n");
}

/* The work-group combine of the accumulators ACCS[j] in __local memory
   (arrays gpu_l<j>) with two barriers: 16 work-items combine 16 values
   each, then one combines those 16.  The result goes to DST<j>[IDX], or
   with DST NULL to element j of the gpu_rlast buffer.  Only the
   reductions j that SEL selects (all with SEL NULL).  */

static void
print_local_tree (struct gpu_region *r, const char *const *accs,
		  pretty_printer *pp, const char *dst, const char *idx,
		  const bool *sel)
{
  unsigned n = r->reds.length ();
  pp_string (pp, "  {\n  const uint gpu_li = get_local_id(0);\n");
  for (unsigned j = 0; j < n; j++)
    if (selected_p (sel, j))
      pp_printf (pp, "  gpu_l%u[gpu_li] = %s;\n", j, accs[j]);
  pp_string (pp, "  barrier(CLK_LOCAL_MEM_FENCE);\n"
	     "  if (gpu_li < 16) {\n");
  print_tree_round (r, pp, sel, "gpu_li", "gpu_li + 16 * gpu_k");
  for (unsigned j = 0; j < n; j++)
    if (selected_p (sel, j))
      pp_printf (pp, "    gpu_l%u[gpu_li] = gpu_x%u;\n", j, j);
  pp_string (pp, "  }\n  barrier(CLK_LOCAL_MEM_FENCE);\n"
	     "  if (gpu_li == 0) {\n");
  print_tree_round (r, pp, sel, "0", "gpu_k");
  for (unsigned j = 0; j < n; j++)
    if (!selected_p (sel, j))
      continue;
    else if (dst)
      pp_printf (pp, "    %s%d[%s] = gpu_x%u;\n", dst, r->reds[j].cap, idx,
		 j);
    else
      pp_printf (pp, "    *(__global %s *)(gpu_rlast + %u) = gpu_x%u;\n",
		 r->reds[j].tname, j, j);
  pp_string (pp, "  }\n  }\n");
}

/* The last work-group's combine of all groups' partial results of R
   (docs/ABI.md section 4), printed after the work-group combine: work-item
   0 of each group, after its partial is stored, counts the group with
   atomic_inc on the word after the NRED results of gpu_rlast; the group
   that counts last combines the partials in work-group order, as the
   host would, stores the results into gpu_rlast and resets the counter
   for the next launch.  Integer operators are associative and
   commutative in the type's width, so their partials combine in a tree
   (same bits); floating-point ones are folded one after the other by
   work-item 0, the partials staged through __local memory.  The partials
   are read as volatile, since other work-groups wrote them.  A launch
   with gpu_rlast NULL skips all this (the runtime combines).  */

static void
print_last_group (struct gpu_region *r, pretty_printer *pp)
{
  unsigned n = r->reds.length ();
  bool *par = XALLOCAVEC (bool, n);
  bool any_seq = false, any_par = false;
  for (unsigned j = 0; j < n; j++)
    {
      par[j] = !gpu_red_type_is_float (gpu_type_code (r->reds[j].type));
      any_par |= par[j];
      any_seq |= !par[j];
    }
  pp_printf (pp, "  if (gpu_rlast != 0) {\n"
	     "  const uint gpu_ng = get_num_groups(0);\n"
	     "  if (get_local_id(0) == 0) {\n"
	     "    mem_fence(CLK_GLOBAL_MEM_FENCE);\n"
	     "    gpu_last[0] = atomic_inc((__global uint *)(gpu_rlast + %u))"
	     " == gpu_ng - 1;\n"
	     "  }\n"
	     "  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
	     "  if (gpu_last[0]) {\n"
	     "  mem_fence(CLK_GLOBAL_MEM_FENCE);\n", n);
  auto_vec<const char *> accs;
  for (unsigned j = 0; j < n; j++)
    {
      accs.safe_push (xasprintf ("gpu_la%u", j));
      pp_printf (pp, "  volatile __global %s *gpu_p%u = gpu_r%d;\n",
		 r->reds[j].tname, j, r->reds[j].cap);
      pp_printf (pp, "  %s gpu_la%u = ", r->reds[j].tname, j);
      if (par[j])
	print_identity (&r->reds[j], pp);
      else
	pp_printf (pp, "gpu_p%u[0]", j);
      pp_string (pp, ";\n");
    }
  if (any_seq)
    {
      pp_printf (pp, "  for (uint gpu_c = 0; gpu_c < gpu_ng; gpu_c += %d) {\n"
		 "    const uint gpu_li = get_local_id(0);\n"
		 "    if (gpu_c + gpu_li < gpu_ng) {\n", GPU_RED_WG);
      for (unsigned j = 0; j < n; j++)
	if (!par[j])
	  pp_printf (pp, "      gpu_l%u[gpu_li] = gpu_p%u[gpu_c + gpu_li];\n",
		     j, j);
      pp_printf (pp, "    }\n    barrier(CLK_LOCAL_MEM_FENCE);\n"
		 "    if (gpu_li == 0)\n"
		 "      for (uint gpu_k = gpu_c == 0 ? 1 : 0; gpu_k < %d"
		 " && gpu_c + gpu_k < gpu_ng; gpu_k++) {\n", GPU_RED_WG);
      for (unsigned j = 0; j < n; j++)
	if (!par[j])
	  {
	    char *l = xasprintf ("gpu_l%u[gpu_k]", j);
	    print_step (r, j, pp, "        ", accs[j], accs[j], l);
	    free (l);
	  }
      pp_string (pp, "      }\n    barrier(CLK_LOCAL_MEM_FENCE);\n  }\n");
    }
  if (any_par)
    {
      pp_printf (pp, "  for (uint gpu_k = get_local_id(0); gpu_k < gpu_ng; "
		 "gpu_k += %d) {\n", GPU_RED_WG);
      for (unsigned j = 0; j < n; j++)
	if (par[j])
	  {
	    char *p = xasprintf ("gpu_p%u[gpu_k]", j);
	    print_step (r, j, pp, "    ", accs[j], accs[j], p);
	    free (p);
	  }
      pp_string (pp, "  }\n");
      print_local_tree (r, accs.address (), pp, NULL, NULL, par);
    }
  pp_string (pp, "  if (get_local_id(0) == 0) {\n");
  for (unsigned j = 0; j < n; j++)
    if (!par[j])
      pp_printf (pp, "    *(__global %s *)(gpu_rlast + %u) = gpu_la%u;\n",
		 r->reds[j].tname, j, j);
  pp_printf (pp, "    *(__global uint *)(gpu_rlast + %u) = 0;\n"
	     "  }\n  }\n  }\n", n);
  for (unsigned j = 0; j < n; j++)
    free (CONST_CAST (char *, accs[j]));
}

/* See ocl-reduce.h.  */

void
gpu_reduce_kernel_locals (struct gpu_region *r, pretty_printer *pp)
{
  if (gpu_opts.no_local_mem)
    return;
  for (unsigned j = 0; j < r->reds.length (); j++)
    pp_printf (pp, "  __local %s gpu_l%u[%d];\n", r->reds[j].tname, j,
	       GPU_RED_WG);
  if (gpu_reduce_last_p (r))
    pp_string (pp, "  __local uint gpu_last[1];\n");
}

/* See ocl-reduce.h.  */

void
gpu_reduce_kernel_prologue (struct gpu_region *r, const char *const *accs,
			    pretty_printer *pp)
{
  for (unsigned j = 0; j < r->reds.length (); j++)
    {
      pp_printf (pp, "  %s = ", accs[j]);
      print_identity (&r->reds[j], pp);
      pp_string (pp, ";\n");
    }
}

/* See ocl-reduce.h.  */

void
gpu_reduce_kernel_epilogue (struct gpu_region *r, const char *const *accs,
			    pretty_printer *pp)
{
  unsigned n = r->reds.length ();
  pretty_printer *epi = pp;
  if (!gpu_opts.no_local_mem)
    {
      print_local_tree (r, accs, epi, "gpu_r", "get_group_id(0)", NULL);
      if (gpu_reduce_last_p (r))
	print_last_group (r, epi);
      return;
    }
  /* no-local-mem: a tree in global memory, each work-group in its own
     GPU_RED_WG elements of the partials buffer; the group results
     follow all those (ABI.md).  */
  pp_string (epi, "  {\n  const uint gpu_li = get_local_id(0);\n"
	     "  const ulong gpu_wg = get_group_id(0) * 256;\n");
  for (unsigned j = 0; j < n; j++)
    pp_printf (epi, "  gpu_r%d[gpu_wg + gpu_li] = %s;\n",
	       r->reds[j].cap, accs[j]);
  pp_string (epi, "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
	     "  for (uint gpu_k = 128; gpu_k > 0; gpu_k >>= 1) {\n"
	     "    if (gpu_li < gpu_k) {\n");
  for (unsigned j = 0; j < n; j++)
    {
      char *d = xasprintf ("gpu_r%d[gpu_wg + gpu_li]", r->reds[j].cap);
      char *b = xasprintf ("gpu_r%d[gpu_wg + gpu_li + gpu_k]",
			   r->reds[j].cap);
      print_step (r, j, epi, "      ", d, d, b);
      free (d);
      free (b);
    }
  pp_string (epi, "    }\n    barrier(CLK_GLOBAL_MEM_FENCE);\n  }\n"
	     "  if (gpu_li == 0) {\n");
  for (unsigned j = 0; j < n; j++)
    pp_printf (epi, "    gpu_r%d[get_num_groups(0) * 256 + get_group_id(0)]"
	       " = gpu_r%d[gpu_wg];\n", r->reds[j].cap, r->reds[j].cap);
  pp_string (epi, "  }\n  }\n");
}

/* See ocl-reduce.h.  */

void
gpu_reduce_fin_kernel (struct gpu_region *r, pretty_printer *pp)
{
  unsigned n = r->reds.length ();
  char *head = xasprintf ("\n/* final combine of the partial results */\n"
			  "__kernel __attribute__((reqd_work_group_size(%d, "
			  "1, 1)))\nvoid %s_fin(", GPU_RED_WG,
			  r->kernel_name);
  pp_string (pp, head);
  free (head);
  for (unsigned j = 0; j < n; j++)
    pp_printf (pp, "__global %s *gpu_r%d, ", r->reds[j].tname, r->reds[j].cap);
  pp_string (pp, "ulong gpu_ng, ulong gpu_off)\n{\n");
  for (unsigned j = 0; j < n; j++)
    pp_printf (pp, "  __local %s gpu_l%u[%d];\n", r->reds[j].tname, j,
	       GPU_RED_WG);
  for (unsigned j = 0; j < n; j++)
    {
      pp_printf (pp, "  %s gpu_a%u = ", r->reds[j].tname, j);
      print_identity (&r->reds[j], pp);
      pp_string (pp, ";\n");
    }
  pp_printf (pp, "  for (ulong gpu_t = get_local_id(0); gpu_t < gpu_ng; "
	     "gpu_t += %d) {\n", GPU_RED_WG);
  for (unsigned j = 0; j < n; j++)
    {
      char *a = xasprintf ("gpu_a%u", j);
      char *b = xasprintf ("gpu_r%d[gpu_off + gpu_t]", r->reds[j].cap);
      print_step (r, j, pp, "    ", a, a, b);
      free (a);
      free (b);
    }
  pp_string (pp, "  }\n");
  auto_vec<const char *> accs;
  for (unsigned j = 0; j < n; j++)
    accs.safe_push (xasprintf ("gpu_a%u", j));
  print_local_tree (r, accs.address (), pp, "gpu_r", "0", NULL);
  for (unsigned j = 0; j < n; j++)
    free (CONST_CAST (char *, accs[j]));
  pp_string (pp, "}\n");
}

/* See ocl-reduce.h.  */

void
gpu_reduce_print_group (struct gpu_reduction *red, pretty_printer *pp,
			const char *arr, const char *val, const char *init,
			const char *dst)
{
  if (!arr)
    {
      /* A group of one work-item.  */
      pp_printf (pp, "  %s = ", dst);
      print_combine (red, pp, init, val);
      pp_string (pp, ";\n");
      return;
    }
  pp_printf (pp, "  {\n  const uint gpu_li = get_local_id(0);\n"
	     "  %s[gpu_li] = %s;\n"
	     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
	     "  for (uint gpu_s = get_local_size(0) / 2; gpu_s > 0; "
	     "gpu_s >>= 1) {\n"
	     "    if (gpu_li < gpu_s)\n      %s[gpu_li] = ", arr, val, arr);
  char *a = xasprintf ("%s[gpu_li]", arr);
  char *b = xasprintf ("%s[gpu_li + gpu_s]", arr);
  print_combine (red, pp, a, b);
  free (a);
  free (b);
  pp_printf (pp, ";\n    barrier(CLK_LOCAL_MEM_FENCE);\n  }\n  %s = ", dst);
  b = xasprintf ("%s[0]", arr);
  print_combine (red, pp, init, b);
  free (b);
  pp_string (pp, ";\n  barrier(CLK_LOCAL_MEM_FENCE);\n  }\n");
}
