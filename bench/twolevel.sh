#!/bin/bash
# bench/twolevel.sh -- what two levels of parallelism buy (issue 14), side
# by side in one GPU run: matvec_rowreduce (a GPU_REDUCE per row over an
# inner marked loop), gemm_ikj (the i-k-j product), trsv (a pivot loop of
# N small regions) and jacobi2d (a time loop); matvec (one row per
# work-item, no inner level) and matmul (the i-j-k product marked 2-D)
# for reference.  Variants:
#   ours                the runtime's choice of kernel (GPURT_TWO_LEVEL=auto)
#   ours-group          GPURT_TWO_LEVEL=group: one work-group per outer
#                       iteration always
#   ours-flat           GPURT_TWO_LEVEL=flat: one work-item per outer
#                       iteration, inner loops serial (the one-level kernel)
#   ours-no-two-level   built with -fplugin-arg-gpuoffload-no-two-level
#   ours-no-pivot-group built with -fplugin-arg-gpuoffload-no-pivot-group
#                       (trsv only: a region launched per pivot step
#                       instead of the whole pivot loop in one work-group)
#   ours-no-pivot-block built with -fplugin-arg-gpuoffload-no-pivot-block
#                       (trsv only: the whole pivot loop in one work-group,
#                       not blocked into triangles in the group and the
#                       rows below them on the whole device)
#   ours-pivot-block-64, ours-pivot-block-256
#                       built with -fplugin-arg-gpuoffload-pivot-block=N
#                       (trsv only: blocks of N steps instead of 128)
#   omp                 16 OpenMP threads on the outer loop
#   ocl                 hand-written OpenCL (bench/ocl/PROG.c), where there
#                       is one
#   nvptx               GCC's OpenMP offload: teams over the outer loop,
#                       each inner loop a parallel for of the team
#                       (bench.h OMP_OUTER/OMP_INNER; data kept on the
#                       device over the pivot and time loops: built with
#                       -DBENCH_TARGET_DATA, bench.h OMP_DATA)
# The ours-group/ours-flat variants run only for the programs with an
# inner level.  Two rounds, runs alternated; every variant's output is
# checked against serial C by the harness before its time counts.
#
#   bash bench/twolevel.sh build          here, after `make'
#   bash bench/twolevel.sh check          here: every variant once at small
#                                         sizes on the default device (PoCL)
#   bash bench/twolevel.sh run [OUTDIR]   on the GPU machine (gpu-pack carried);
#                                         SPECS="PROG:N ..." runs only those
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/twolevel
. "$top/bench/variants.sh"
progs="matvec_rowreduce gemm_ikj trsv jacobi2d matvec matmul"
inner="matvec_rowreduce gemm_ikj"
pivot="trsv"
specs=${SPECS:-"matvec_rowreduce:4096 matvec_rowreduce:16384 matvec:16384 gemm_ikj:1024 gemm_ikj:2048 trsv:4096 trsv:8192 jacobi2d:2048 jacobi2d:4096 matmul:2048"}

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    # Without two levels a reduction per row is a host loop (a remark):
    # built without werror, it measures that host loop.
    gcc ${ours/-fplugin-arg-gpuoffload-werror/} -fplugin-arg-gpuoffload-no-two-level \
      progs/$p.c $libs -o "$PACK/$p.ours-no-two-level" 2>/dev/null || exit 1
    case " $pivot " in *" $p "*)
      gcc $ours -fplugin-arg-gpuoffload-no-pivot-group progs/$p.c $libs \
	-o "$PACK/$p.ours-no-pivot-group" || exit 1
      gcc $ours -fplugin-arg-gpuoffload-no-pivot-block progs/$p.c $libs \
	-o "$PACK/$p.ours-no-pivot-block" || exit 1
      for b in 64 256; do
	gcc $ours -fplugin-arg-gpuoffload-pivot-block=$b progs/$p.c $libs \
	  -o "$PACK/$p.ours-pivot-block-$b" || exit 1
      done ;;
    esac
    gcc $omp progs/$p.c -lm -o "$PACK/$p.omp" || exit 1
    if [ -f ocl/$p.c ]; then
      gcc -std=gnu11 -O3 -Iharness -I$top/include -DBENCH_KERNEL_TIMER \
	ocl/$p.c harness/oclh.c -lOpenCL -lm -o "$PACK/$p.ocl" || exit 1
    fi
    variants_build_nvptx $p
  done
  echo "built into $PACK"
  exit 0
fi

# twolevel_variants SPECS RUN: call RUN BIN N ENV... for every variant of
# every program size in SPECS, two rounds.
twolevel_variants () {
  local spec p n vs round v bin env
  for spec in $1; do
    p=${spec%:*} n=${spec#*:}
    vs="ours ours-no-two-level omp ocl nvptx"
    case " $pivot " in *" $p "*) vs="ours ours-pivot-block-64 ours-pivot-block-256 ours-no-pivot-block ours-no-pivot-group ours-no-two-level omp ocl nvptx" ;; esac
    case " $inner " in *" $p "*) vs="ours ours-group ours-flat ours-no-two-level omp ocl nvptx" ;; esac
    for round in 1 2; do
      for v in $vs; do
        bin=$PACK/$p.$v env="BENCH_VARIANT=$v GPURT_FALLBACK=abort"
        case $v in
  	ours-group) bin=$PACK/$p.ours env="$env GPURT_TWO_LEVEL=group" ;;
  	ours-flat) bin=$PACK/$p.ours env="$env GPURT_TWO_LEVEL=flat" ;;
  	ours-no-two-level) env="BENCH_VARIANT=$v GPURT_FALLBACK=silent" ;;
        esac
        [ -x "$bin" ] || continue
        # shellcheck disable=SC2086
        echo "$round $($2 "$bin" "$n" $env)"
      done
    done
  done
}

variants_check_or_run "${1:-run}" "${2:-${OUT:-/tmp}}" twolevel twolevel_variants \
  "matvec_rowreduce:300 matvec_rowreduce:1000 gemm_ikj:97 gemm_ikj:300 trsv:257 trsv:1000 jacobi2d:130 matvec:1000 matmul:97" "$specs"
