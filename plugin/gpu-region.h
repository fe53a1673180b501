/* gpu-region.h -- the one representation of an offloaded loop nest, below
   every gpu_* pass and the OpenCL printer.

   gpu_find creates a region for each outermost GPU_PARALLEL loop of a
   function and fills in its shape (the marked loops, their trip counts),
   its parameters (what the kernel takes from the host, with how it is
   mapped and the byte range it reaches), its memory references and the
   blocks its body allocates (PRIVS, which gpu_private places in private
   memory in the device clones); gpu_reduce adds the GPU_REDUCE
   accumulators; gpu_emit prints the kernel
   into SOURCE; gpu_outline builds the host fallback, the record and the
   one gpurt_run call.  A pass that finds the region cannot be offloaded
   records why (gpu_region_fail) and the later passes leave it alone.

   The regions of the function being compiled live in one table from
   gpu_find to gpu_outline (the passes run one after the other on a
   function); the trees they hold are kept alive for the garbage collector
   by gpu_region_keep.  */

#ifndef GPUOFFLOAD_GPU_REGION_H
#define GPUOFFLOAD_GPU_REGION_H

/* Reduction operators (enum gpu_red_op), types, identities and
   combines: gpuoffload-abi.def.  */
#include "gpuoffload-abi.h"

/* Work-group size of reduction kernels (reqd_work_group_size).  */
#define GPU_RED_WG 256

/* Largest work-group of a two-level kernel (the "group" record line):
   the size of its __local reduction arrays; the runtime launches a power
   of two no larger.  */
#define GPU_GROUP_WG_MAX 256

/* Largest work-group of the two-level kernel of a pivot loop run in one
   work-group (gpu-pivot.cc): the whole device's work is that one
   group's, so it takes as many work-items as a compute unit runs.  */
#define GPU_PIVOT_WG_MAX 1024

/* The one-level variant of a two-level kernel NAME is NAME followed by
   this (the "flat" record line).  */
#define GPU_FLAT_SUFFIX "_flat"
/* The plain kernel with 32-bit buffer offsets (gpu_emit).  */
#define GPU_INDEX32_SUFFIX "_i32"
/* Most inner GPU_PARALLEL loops one two-level region shares out.  */
#define GPU_MAX_INNER 8

/* Does some SSA name of FUN belong to a GPU_PARALLEL variable
   (gpu-find.cc)?  */
bool gpu_function_marked_p (function *fun);

/* The marked index of LOOP: a header PHI result whose variable carries
   GPU_PARALLEL, or NULL (gpu-find.cc).  */
tree gpu_marked_iv (class loop *loop);

/* Push onto *OUT the marked loops inside LOOP that no other marked loop
   inside it encloses (gpu-find.cc).  */
void gpu_collect_marked (class loop *loop, vec<class loop *> *out);

/* The ABI's code of the reduction element type TYPE (GPU_RED_TYPE_* of
   gpuoffload-abi.def), GPU_RED_TYPE_NONE if unsupported.  */
int gpu_type_code (tree type);

/* How the runtime maps a kernel parameter.  */
enum gpu_cap_kind
{
  GPU_CAP_BUFFER,	/* Host memory reached through a pointer or an
			   object: copied to a device buffer (READ/WRITE
			   below say which way).  */
  GPU_CAP_SCALAR,	/* A scalar passed by value.  */
  GPU_CAP_REDUCE	/* A GPU_REDUCE accumulator: the kernel writes its
			   per-work-group partial results.  */
};

/* Access flags of a buffer parameter.  */
#define GPU_ACC_READ 1
#define GPU_ACC_WRITE 2

/* A parameter of the kernel: a value the region takes from the host.  */
struct gpu_capture
{
  /* An SSA name defined before the region, a VAR_DECL/PARM_DECL in host
     memory, or (for index-space values) a GENERIC expression.  */
  tree value;
  enum gpu_cap_kind kind;
  unsigned flags;		/* GPU_ACC_* for buffers.  */
  tree type;			/* Scalar type, or the pointer type.  */
  /* Byte range [LO, HI) reached from the pointer (buffers), GENERIC
     valid before the region, NULL until bounded.  */
  tree lo, hi;
  /* The range one iteration K (counted from 0) of the outermost marked
     loop reaches: [LO0 + K * STRIDE, HI0 + K * STRIDE), when every
     access moves by the same STRIDE bytes with K (0 when it does not
     move); NULL when some access does not (indirect, GPU_EXTENT, an
     object).  Iterations [A, B) then reach the union of those of A and
     B - 1: batching cuts the index space with it.  */
  tree lo0, hi0, stride;
  /* Every byte of [LO, HI) is stored by the region and none is read: a
     one-dimensional region's only accesses through the buffer are stores
     of STRIDE bytes at one offset from the iteration's start, made in
     every iteration (outside any condition or inner loop).  The device
     copy need not be filled from the host first ("fill" lines).  When
     not, FILL_WHY says why (NULL: the buffer is not written).  */
  bool fills;
  const char *fill_why;
  bool unbounded;		/* Some access could not be bounded.  */
  /* A global object a function called from the region uses: every such
     buffer is passed on to every called function, as hidden parameters
     after its own (gpu-params.cc, the printer).  */
  bool callee_global;
  location_t unbounded_loc;	/* Where.  */
  /* UNBOUNDED and no GPU_EXTENT: the runtime bounds the accesses by the
     object the pointer points into (GPU_ARG_OBJECT); LO and HI are 0.  */
  bool object_bound;
  /* A const file-scope table the kernel source holds as the __constant
     array gpu_tN, its initializer printed there (gpu-params.cc
     const_tables): the decl.  The capture stays in the argument list,
     as the unused int 0, so that the record's numbers do not move.  */
  tree table;
};

/* Most bytes of const tables one region's kernel source holds (the
   source grows with each: larger ones stay buffers).  */
#define GPU_TABLE_MAX_BYTES 16384

/* A block the region's body allocates with malloc or calloc, and what
   gpu_private does with it (gpu-private.cc): analysed on the host nest
   by gpu_find, which offloads the region only when every such block
   can be private memory (there is no device heap yet).  */
struct gpu_private_alloc
{
  gimple *call;			/* The call in the host nest.  */
  unsigned bytes;		/* Its size (a constant).  */
  bool placed;			/* Private memory on the device.  */
  location_t why_loc;		/* Where the reason not to is.  */
  char why[256];		/* The reason, when not PLACED.  */
};

/* A memory reference of the region through a buffer parameter.  */
struct gpu_access
{
  gimple *stmt;
  tree ref;			/* The reference, NULL for a call argument.  */
  int cap;			/* Index into the parameters.  */
  unsigned flags;		/* GPU_ACC_*.  */
};

/* One marked loop of the nest; dimension 0 is the innermost.  */
struct gpu_dim
{
  class loop *loop;
  tree iv;			/* The index: the header PHI's result.  */
  tree lo, step;		/* Index = LO + k * STEP (GENERIC at the
				   region's preheader).  */
  tree count;			/* Trip count, GENERIC of type uint64.  */
  int lo_cap, step_cap;		/* Their parameter indices.  */
};

/* A GPU_REDUCE accumulator of the region (gpu_reduce).  */
struct gpu_reduction
{
  tree var;			/* The GPU_REDUCE variable.  */
  tree type;			/* Its type.  */
  tree phis[3];			/* Header PHI results, per dimension.  */
  tree init;			/* Value before the region.  */
  enum gpu_red_op op;
  int cap;			/* Parameter index (GPU_CAP_REDUCE).  */
  const char *tname;		/* OpenCL type name (set by the printer).  */
  location_t loc;		/* Where the variable is declared.  */
  tree slot;			/* Host result slot (set by gpu_outline).  */
  tree dev_phis[3];		/* PHIS in the device clone (gpu_clone).  */
  tree acc;			/* The clone's private accumulator.  */
  int inner;			/* Per outer iteration (R->IREDS): the
				   index of its inner loop in R->INNER.  */
};

/* An inner GPU_PARALLEL loop of a two-level region (gpu_find): a marked
   loop inside the innermost loop of the outer marked nest that is not
   part of the nest (under a serial loop, beside other statements or
   other marked loops).  The work-group that runs one iteration of the
   outer nest shares its iterations out among its work-items
   (gpu_twolevel).  */
struct gpu_inner
{
  class loop *loop;
  tree iv;			/* The index: the header PHI's result.  */
  class loop *dev;		/* Its copy in the device clone (gpu_clone).  */
  tree dev_iv;
  /* Its trip count (uint64) and index step in the clone's names, valid
     at the copy's preheader (gpu_clone: niter analysis of the copy
     itself would see the always-false guard of the clone).  */
  tree dev_count, dev_step;
  /* A marked loop nested perfectly in LOOP, with a count that does not
     change with LOOP's index: the inner level is 2-D, its iterations
     flattened (LOOP2's index fastest); NULL for a 1-D inner level.  */
  class loop *loop2;
  tree iv2;
  tree base2, step2, count2;	/* LOOP2's start, step and trip count
				   (uint64), valid before LOOP (gpu_find).  */
  class loop *dev2;
  tree dev_iv2, dev_base2, dev_count2, dev_step2;  /* In the clone.  */
  /* The loop was made the inner level (gpu_twolevel_auto_inner) on
     condition that the references dependence analysis could not compare
     touch disjoint bytes: the kernel checks that per group and runs the
     loop in one work-item when they may meet (gpu_twolevel).  */
  bool alias_check;
};

/* The device clone of a region's nest (gpu_clone): a copy of the marked
   loops in the same function behind GUARD, whose test is always true
   (the copy is never run); gpu_emit prints it and removes it.  */
struct gpu_nest
{
  class loop *outer;		/* Copy of the outermost marked loop.  */
  basic_block guard;		/* The block testing which copy runs.  */
  class loop *loops[3];		/* Copies of the marked loops.  */
  tree ivs[3];			/* Their indices.  */
  /* The PHI results update_ssa made where both copies leave the nest,
     for values of the nest used after it (a GPU_REDUCE accumulator read
     by a later region): while the clone exists, the later regions'
     code, device clones included, uses these names instead of the
     values they took as parameters, so each is also a key of their
     PARAMS (gpu_clone), removed with the clone.  */
  vec<tree> joins;
  /* The exact work-group shape the kernel is written for (0: any, the
     runtime chooses).  A kernel with a shape keeps every work-item of a
     group to its barriers: one outside the index space runs the last
     iteration of each dimension instead of returning, and stores only
     when __gpu_in_range says so (gpu_tile).  */
  int group[3];
  /* With a group shape: iterations of each dimension one work-item runs
     (0 or 1: one; gpu_tile's register blocking): work-item L of group G
     runs G * BLOCK * GROUP + L, then GROUP further each time.  */
  int block[3];
  /* With a square group shape: the work-item's local indices along
     dimensions 0 and 1 are exchanged (work-item L0, L1 of group G0, G1
     runs iteration G0 * GROUP + L1, G1 * GROUP + L0; gpu_tile's staged
     transpose, whose stores walk dimension 1).  */
  bool swap;
};

/* Most kernel variants of one region besides its plain kernel, and most
   pairs of parameters one variant needs in distinct device buffers.  */
#define GPU_MAX_VARIANTS 2
#define GPU_MAX_DISTINCT 8

/* A kernel variant of a region (gpu_tile): another device clone of its
   nest, transformed further, and what the device must offer to run it.
   The runtime runs the first variant it can, else the plain kernel
   (docs/ABI.md section 6).  */
struct gpu_variant
{
  struct gpu_nest dev;		/* Its clone (gpu_emit prints and removes
				   it).  */
  char suffix[32];		/* Its kernel is the region's name plus
				   SUFFIX.  */
  unsigned local_bytes;		/* __local memory it declares.  */
  /* Pairs of buffer parameters that must not be one device buffer (a
     promoted input and an output the compiler cannot tell apart).  */
  int ndistinct;
  int distinct[2 * GPU_MAX_DISTINCT];
  char what[256];		/* What it does, for the record's "opt".  */
};

struct gpu_region
{
  function *fun;
  class loop *outer;		/* Outermost marked loop.  */
  int num;			/* Number of the region in its unit.  */
  int ndim;
  struct gpu_dim dims[3];
  location_t loc;
  char kernel_name[128];
  vec<gpu_capture> caps;	/* Parameters, in kernel order.  */
  vec<gpu_access> accs;		/* References through buffers.  */
  bool fp64;			/* The kernel uses double.  */
  /* Condition (GENERIC, valid before the region) under which the access
     ranges hold; NULL when they always do.  */
  tree valid;
  /* The trip counts hold only under VALID (an index that may wrap around
     before its test ends the loop), so the host path must be the serial
     loop itself, not an outlined function that runs the counted
     iterations (gpu_outline).  */
  bool serial_host;
  /* GPU_REDUCE accumulators updated in the region (gpu_reduce).  */
  vec<gpu_reduction> reds;
  /* Two levels of parallelism: the inner marked loops (gpu_find) and the
     GPU_REDUCE accumulators each one reduces per outer iteration
     (gpu_reduce; PHIS[0] is the inner loop's header PHI, INIT its value
     on entry).  NINNER is 0 for a one-level region.  */
  int ninner;
  /* Largest work-group of the two-level kernel ("group" record line, the
     size of its __local arrays): GPU_GROUP_WG_MAX, or GPU_PIVOT_WG_MAX
     for a pivot loop's region (the power of two from the block's steps
     up, when the loop is blocked).  */
  int group_wg;
  struct gpu_inner inner[GPU_MAX_INNER];
  vec<gpu_reduction> ireds;
  /* References of the inner loops whose neighbouring work-items touch
     neighbouring elements with two levels and with one (gpu_twolevel).  */
  int coal_group, coal_flat;
  /* The device clone (gpu_clone), and its kernel's form: one iteration
     per work-item, or a GRID_STRIDE loop over iterations with UNROLL
     copies of the body.  */
  struct gpu_nest dev;
  bool grid_stride;
  int unroll;
  /* Further kernels of the region, tried before the plain one.  */
  int nvariants;
  struct gpu_variant variants[GPU_MAX_VARIANTS];
  /* The SSA names of the plain clone printed as uint in its kernel
     NAME_i32, whose buffer offsets are 32-bit (gpu_emit); NULL: no such
     kernel.  */
  hash_set<tree> *index32;
  bool index32_kernel;		/* NAME_i32 was printed.  */
  /* The malloc and calloc calls of its body (gpu_find).  */
  vec<gpu_private_alloc> privs;
  /* Parameter index of each captured value (gpu_find).  */
  hash_map<tree, int> *params;
  /* Decls the function uses outside the region: shared with the host,
     so in global memory on the device.  */
  hash_set<tree> *shared;
  /* The kernel's OpenCL C text (gpu_emit), xmalloc'd.  */
  char *source;
  /* First reason the region cannot be offloaded; the passes after the
     one that set it skip the region.  */
  const char *fail;
  location_t fail_loc;
  char fail_buf[512];
  /* While a function called from the region is looked at: the call in
     the region's body that leads there (directly or not) and the function
     it calls.  A failure inside is reported at that call and names the
     function (gpu_stmt_loc, gpu_region_fail).  */
  gimple *callee_call;
  tree callee_fn;
  /* Set by gpu_stmt_loc when it moved a location to CALLEE_CALL.  */
  tree fail_in;
  /* Speculation (gpu_speculate): the paths out of the nest that end the
     program (abort, exit, a failed assert, a noreturn function), which
     the kernel does not take: it sets word SITE of the region's deopt
     buffer instead, and the runtime runs the region on the host.  Each
     site is the call that ends the program there, in the order of the
     buffer's words (the record's "deopt" lines).  A site may be in a
     function of the unit the nest calls, down the call chain: SPEC_IN
     names that function (NULL_TREE for a site of the nest), and
     SPEC_CHECKS holds the calls of the device clone and of those
     functions after which the work-item tests whether a callee
     deoptimized (NULL when no site is in a callee; the printer then
     passes nothing down the call chain).  */
  int nspec;
  gimple *spec_calls[GPU_MAX_DEOPT_SITES];
  tree spec_in[GPU_MAX_DEOPT_SITES];
  hash_set<gimple *> *spec_checks;
  /* Device heap (gpu_alloc): the body or a function it calls allocates
     with malloc, calloc or realloc a block gpu_private does not place;
     the kernel takes the heap buffer (docs/ABI.md section 8, the
     record's "heap" line).  HEAP_CALLS holds the calls of the device
     clones and of the functions they call that the printer turns into
     the heap's allocator (free: nothing), HEAP_CHECKS the calls after
     which the work-item tests whether the heap ran out (the allocations
     and the calls of functions that can reach one).  */
  bool heap;
  hash_set<gimple *> *heap_calls;
  hash_set<gimple *> *heap_checks;
  /* Per-iteration retry (gpu_alloc): no path of an iteration stores to
     memory outside the work-item's own data before it can run out of
     heap, so the runtime keeps the iterations that completed and runs
     again only those that ran out (the record's "heap 2").  */
  bool heap_iter;
  /* Objects that outlive the region (gpu_alloc, issue 17 item 5): the
     stores of the device clones that write the start of a heap block
     into an element of the array of pointers buffer ESCAPE_CAP - 1
     points to (0: none).  The printer writes the block's offset in the
     heap and marks the element; the runtime copies each block marked
     into a host malloc block (the record's "escape" line).  */
  int escape_cap;
  hash_set<gimple *> *escape_stores;
};

/* The regions of FUN (created by gpu_find, in source order).  A table
   left from another function is released first.  */
vec<gpu_region *> *gpu_regions (function *fun);

/* Does FUN have regions in the table?  (The gate of the passes after
   gpu_find; it changes nothing.)  */
bool gpu_has_regions (function *fun);

/* The end of a pass that rewrote device clones of FUN's regions inside
   loop_optimizer_init: when CHANGED, rename FUN's virtual operands;
   then release the loop structures.  */
void gpu_clone_pass_finish (function *fun, bool changed);

/* A new region of FUN, added to its table.  */
struct gpu_region *gpu_region_new (function *fun);

/* Release the table (after the last pass has seen the function).  */
void gpu_regions_release (void);

/* Keep the tree T alive until the table is released; returns T.  Every
   GENERIC tree a region holds that the IL does not reference goes
   through here.  */
tree gpu_region_keep (tree t);

/* GC roots of the region table, for PLUGIN_REGISTER_GGC_ROOTS.  */
const struct ggc_root_tab *gpu_region_ggc_roots (void);

/* Record FMT... as the reason region R is not offloaded, at LOC (the
   first reason wins).  */
void gpu_region_fail (struct gpu_region *r, location_t loc,
		      const char *fmt, ...);

/* Format FMT (a diagnostic format: %qD, %qs...) with the arguments *AP
   into BUF of SIZE bytes, as gpu_region_fail does.  */
void gpu_vformat (char *buf, size_t size, const char *fmt, va_list *ap);

/* Print "WHAT: FILE:LINE: TEXT" in the current pass's dump when it has
   TDF_DETAILS (WHAT is SUCCESS or FAILED: the strings tests scan).  */
void gpu_dump_reason (const char *what, location_t loc, const char *text);

/* Report in the current pass's dump and as a missed-optimization remark
   that region R is not offloaded (an error under werror).  */
void gpu_region_report_missed (struct gpu_region *r);

/* Mark VAR, a temporary of the launch (the argument words, the host
   fallback's data, a reduction's result slot), as memory no region
   reaches: gpu_hostsync needs no sync before host code that uses it.  */
void gpu_mark_launch_temp (tree var);

/* Was VAR marked by gpu_mark_launch_temp?  */
bool gpu_launch_temp_p (tree var);

/* Where the value PTR comes from in this function, through copies,
   conversions and pointer arithmetic: an ADDR_EXPR, or the SSA name (or
   other operand) at which that chain stops.  */
tree gpu_pointer_origin (tree ptr);

/* The variable or parameter whose address PTR is computed from in this
   function (gpu_pointer_origin), or NULL_TREE.  */
tree gpu_pointer_base (tree ptr);

/* The user-level name of VALUE (an SSA name or decl) or "<temporary>".  */
const char *gpu_value_name (tree value);

/* Address spaces of OpenCL C 1.2 that kernels use.  */
enum gpu_as
{
  GPU_AS_NONE = 0,		/* Not yet known.  */
  GPU_AS_PRIVATE,
  GPU_AS_GLOBAL
};

/* What a pointer value points into: its address space and, in global
   memory, the buffer parameter it is rooted at (-1 if none or unknown).  */
struct gpu_ptr
{
  enum gpu_as as;
  int cap;
};

/* The context in which gpu-memory.cc answers where memory lives: the
   body of region R itself (KERNEL, made of BLOCKS), or a function it
   calls (FNDECL, specialised for the address spaces SIG gives its pointer
   parameters, 'p' private or 'g' global).  */
struct gpu_memctx
{
  struct gpu_region *r;
  function *fun;
  tree fndecl;
  bool kernel;
  hash_set<basic_block> *blocks;
  const char *sig;
  /* Kernel: create the parameters of values from outside the region
     (gpu_find) rather than only look them up (the printer).  */
  bool create;
  hash_map<tree, gpu_ptr> *ptrs;	/* Pointer values seen.  */
};

/* Set up *M for the body of R (KERNEL) or of the callee FNDECL; BLOCKS
   is then filled by the caller.  */
void gpu_memctx_init (struct gpu_memctx *m, struct gpu_region *r,
		      function *fun, tree fndecl, bool kernel);
void gpu_memctx_fini (struct gpu_memctx *m);

/* Where a failure at STMT is reported: its location; for a statement
   of a function the region calls, the call in the region that leads
   there (R->callee_call); where unknown, the region's.  */
location_t gpu_stmt_loc (struct gpu_region *r, gimple *stmt);

/* The function called by CALL, when the device runs its body (a
   function of this translation unit, not a builtin), else NULL_TREE
   (gpu-params.cc).  */
tree gpu_device_callee (gcall *call);

/* Can a call to FNDECL, a function with no body here or a builtin, run
   on the device (the printer has a version of it)?  */
bool gpu_device_call_p (tree fndecl);

/* The OpenCL built-in of the <math.h> function FNDECL (sin, sinf, ...),
   or NULL.  */
const char *gpu_math_builtin_name (tree fndecl);

/* The device library function the printer uses for the call to the
   builtin FNDECL (memcpy, memmove, memset, memcmp, strlen), or NULL.  */
const char *gpu_device_lib_name (tree fndecl);

/* The parameter of region R for VALUE with KIND: created when CREATE,
   else looked up (and R fails if there is none).  Returns its index, or
   -1.  */
int gpu_region_param (struct gpu_region *r, tree value,
		      enum gpu_cap_kind kind, bool create, gimple *stmt);

/* The root object of the memory reference REF: a decl, or NULL with the
   pointer of its MEM_REF in *BASE_PTR.  */
tree gpu_ref_base (tree ref, tree *base_ptr);

/* Is DECL an object private to the body M describes?  */
bool gpu_decl_private_p (struct gpu_memctx *m, tree decl);

/* Where the object DECL, used by STMT, lives.  */
struct gpu_ptr gpu_decl_info (struct gpu_memctx *m, gimple *stmt, tree decl);

/* Where the pointer value PTR, used by STMT, points.  */
struct gpu_ptr gpu_ptr_info (struct gpu_memctx *m, gimple *stmt, tree ptr);

/* Remove the device clone of R from its function (gpu_emit, once the
   kernel is printed), and those of its variants.  */
void gpu_clone_remove (struct gpu_region *r);

/* Copy R's host nest into NEST: another clone behind an always-false
   guard, its marked loops and indices filled in.  The caller has called
   initialize_original_copy_tables; until it frees them, gpu_clone_expr
   and gpu_clone_stmt map the host nest's names and statements to the
   copy.  Returns false when the nest cannot be copied.  */
bool gpu_clone_nest (struct gpu_region *r, struct gpu_nest *nest);

/* A copy of EXPR (GENERIC over names valid in R's host nest) in the
   names of the copy gpu_clone_nest made last, or NULL_TREE.  */
tree gpu_clone_expr (struct gpu_region *r, tree expr);

/* The copy of the statement STMT of R's host nest in that copy, or
   NULL.  */
gimple *gpu_clone_stmt (gimple *stmt);

/* Is NAME a header PHI result of a reduction of R?  Returns its index
   or -1.  */
int gpu_reduce_phi_index (struct gpu_region *r, tree name);

/* Marker calls the device passes put into a clone and the printer prints
   as OpenCL built-ins (gpu_twolevel).  */
enum gpu_marker
{
  GPU_MARK_NONE = 0,
  GPU_MARK_LOCAL_ID,		/* ulong __gpu_local_id (int D) */
  GPU_MARK_LOCAL_SIZE,		/* ulong __gpu_local_size (int D) */
  GPU_MARK_BARRIER,		/* void __gpu_barrier (void): local and
				   global memory fence */
  GPU_MARK_GROUP_REDUCE,	/* T __gpu_group_reduce (T V, T INIT, int OP):
				   INIT OP (V of every work-item of the
				   group), the same in all of them */
  GPU_MARK_BARRIER_IF_SAME,	/* void __gpu_barrier_if_same (int A, int B,
				   ...): a barrier when the buffer
				   parameters A and B (or the next pair...)
				   are one device buffer */
  GPU_MARK_IN_RANGE,		/* int __gpu_in_range (void): is the
				   work-item inside the index space (a kernel
				   with a group shape, gpu_nest)? */
  GPU_MARK_DEOPT,		/* void __gpu_deopt (int SITE): the work-item
				   reached speculated site SITE: record its
				   iteration in the region's deopt buffer
				   (gpu_speculate) */
  GPU_MARK_GROUP_ID,		/* ulong __gpu_group_id (int D) */
  GPU_MARK_COUNT,		/* ulong __gpu_count (int D): the trip count
				   of marked dimension D (the kernel's
				   argument gpu_nD) */
  GPU_MARK_LOCAL_BARRIER	/* void __gpu_local_barrier (void): a
				   barrier with a local memory fence only
				   (gpu_tile's tiles: the work-items share
				   nothing else) */
};

/* The function of marker M; TYPE is the value type of
   GPU_MARK_GROUP_REDUCE (unused by the others).  */
tree gpu_marker_decl (enum gpu_marker m, tree type);

/* The marker STMT calls, or GPU_MARK_NONE.  */
enum gpu_marker gpu_marker_of (gimple *stmt);

/* If the exit E of a marked loop leads (through forwarder blocks) only
   to a call that does not return -- abort, exit, a C++ throw -- or is an
   exception edge, the statement that ends the program's path there, or
   the source of E for an exception edge; else NULL (gpu-find.cc).  */
gimple *gpu_dead_end_exit (edge e);

/* Is BB, a block of region R's nest (host or clone) whose innermost
   marked loop is INNER, one gpu_speculate makes a deopt: directly in
   INNER, not taken by every iteration (it does not dominate INNER's
   latch), with a call that returns but has no device version (printf,
   fprintf, a function of another file, a function of the unit every run
   of which reaches such a call)?  Returns the first such call,
   or NULL; always NULL when speculation is off (gpu-speculate.cc; a
   region with inner marked loops is not speculated: gpu_speculate then
   fails it).  */
/* The blocks of FUN, a function of the unit that a region calls, that
   gpu_speculate makes deopts in its device version, into SITES (each
   block's first call with no device version: printf, fprintf, abort,
   __assert_fail, a function of another file, a function of the unit
   every run of which reaches such a call): those with such a call
   that not every run of FUN reaches (they do not post-dominate its
   entry).  None when speculation is off (gpu-speculate.cc).  */
void gpu_speculate_callee_sites (function *fun, auto_vec<gcall *> *sites);

/* Is BB the block of one of SITES (gpu_speculate_callee_sites)?  */
bool gpu_speculate_site_block_p (vec<gcall *> *sites, basic_block bb);

gcall *gpu_speculate_block_call (struct gpu_region *r, class loop *inner,
				 basic_block bb);

/* Is INNER (a marked loop inside the innermost loop L of region R's outer
   nest, not inside another marked loop there) in a form its work-group
   can share out?  Returns NULL, or why not (gpu-twolevel.cc).  */
const char *gpu_twolevel_check_inner (struct gpu_region *r, class loop *inner,
				      tree iv);

/* Can the code of R's innermost outer loop outside its inner loops run
   once per work-group?  Returns NULL, or why not (with *LOC).  */
const char *gpu_twolevel_check_serial (struct gpu_region *r, location_t *loc);

/* A serial loop gpu_twolevel_auto_reduce or gpu_twolevel_auto_inner
   marked: its names with the variables they had, the sum (NULL for
   gpu_twolevel_auto_inner), the loop's location and the rule that allows
   the new order of the additions.  */
struct gpu_auto_marks
{
  auto_vec<tree> names;
  auto_vec<tree> vars;
  tree acc;
  location_t loc;
  const char *rule;
  bool alias_check;		/* Only under a run-time alias check.  */
};

/* Mark the one serial loop inside the innermost loop of 1-D region R as
   an inner GPU_PARALLEL loop and its sum as a GPU_REDUCE accumulator when
   that changes nothing but the order of the additions and that order is
   free (see gpu-twolevel.cc); the renamed names go into *MARKS.  Returns
   whether it did.  */
bool gpu_twolevel_auto_reduce (struct gpu_region *r,
			       struct gpu_auto_marks *marks);

/* Mark the one serial loop inside the innermost loop of 1-D region R as
   an inner GPU_PARALLEL loop when GCC's data-dependence analysis proves
   its iterations independent and it carries nothing but its index (see
   gpu-twolevel.cc); the renamed names go into *MARKS.  Returns whether
   it did.  */
bool gpu_twolevel_auto_inner (struct gpu_region *r,
			      struct gpu_auto_marks *marks);

/* After find_inner: say that the loop MARKS describes is R's inner
   level, or give its names their variables back when it is not.  */
void gpu_twolevel_auto_finish (struct gpu_region *r,
			       struct gpu_auto_marks *marks);

/* Does the reference REF of STMT, through a pointer, move by one element
   (either way) from one iteration of OUTER, a loop containing STMT, to
   the next, the indices of the loops inside OUTER held?  */
bool gpu_unit_step_in_p (class loop *outer, tree ref, gimple *stmt);

/* Private memory (gpu-private.cc).  Fill R->PRIVS from R's host nest:
   for each malloc and calloc of its body, whether its block can be a
   private array of the work-item, or why not.  */
void gpu_private_analyze (struct gpu_region *r);

/* Is CALL, a statement of R's body, a malloc or calloc whose block
   gpu_private places in private memory, or the free of such a block?
   An allocation that cannot be placed fails R with the reason.  */
bool gpu_private_call_p (struct gpu_region *r, gimple *call);

/* Why the block of the malloc or calloc CALL of R's body is not private
   memory, or NULL when gpu_private did not look at it.  */
const char *gpu_private_why_not (struct gpu_region *r, gimple *call);

/* The cap of a gpu_ptr into the device heap: global memory of no
   kernel parameter (gpu-memory.cc).  */
#define GPU_CAP_HEAP (-3)

/* Device heap (gpu-memory.cc).  When STMT is a call to malloc, calloc,
   realloc or free that the device heap serves (unless no-alloc), which
   one; else END_BUILTINS.  */
enum built_in_function gpu_heap_call_kind (gimple *stmt);
#endif /* GPUOFFLOAD_GPU_REGION_H */
