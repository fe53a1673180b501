#!/bin/bash
# bench/twolevel.sh -- what two levels of parallelism buy (issue 14), side
# by side in one GPU run: matvec_rowreduce (a GPU_REDUCE per row over an
# inner marked loop) and gemm_ikj (the i-k-j product), each as "ours",
# "ours-no-two-level" (inner marked loops serial in each work-item) and
# 16-thread OpenMP ("omp"); matvec (one row per work-item, no inner level)
# and matmul (the i-j-k product marked 2-D) for reference.  Two rounds,
# runs alternated.
#
#   bash bench/twolevel.sh build          here, after `make'
#   bash bench/twolevel.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/twolevel
. "$top/bench/variants.sh"
progs="matvec_rowreduce gemm_ikj matvec matmul"
specs="matvec_rowreduce:4096 matvec_rowreduce:16384 matvec:16384 gemm_ikj:1024 gemm_ikj:2048 matmul:2048"

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    # Without two levels a reduction per row is a host loop (a remark):
    # built without werror, it measures that host loop.
    gcc ${ours/-fplugin-arg-gpuoffload-werror/} -fplugin-arg-gpuoffload-no-two-level \
      progs/$p.c $libs -o "$PACK/$p.ours-no-two-level" 2>/dev/null || exit 1
    gcc $omp progs/$p.c -lm -o "$PACK/$p.omp" || exit 1
  done
  echo "built into $PACK"
  exit 0
fi

out=${2:-${OUT:-/tmp}}
mkdir -p "$out"
variants_run_env
for spec in $specs; do
  p=${spec%:*} n=${spec#*:}
  for round in 1 2; do
    for v in ours ours-no-two-level omp; do
      f=abort
      [ $v = ours-no-two-level ] && f=silent
      line=$(variants_run "$PACK/$p.$v" "$n" "$out/twolevel-err.txt" \
	BENCH_VARIANT=$v GPURT_FALLBACK=$f)
      echo "$round $line"
    done
  done
done | tee "$out/twolevel.txt"
