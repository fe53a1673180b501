#!/bin/bash
# bench/pinned.sh -- what pinned staging of large copies (GPURT_PINNED,
# libgpurt/gpurt-stage.c) buys end to end, side by side in one GPU run:
# each program's gpuoffload build run as is ("ours") and with
# GPURT_PINNED=0 ("ours-pageable"), and 16-thread OpenMP ("omp"), two
# rounds, runs alternated.
#
#   bash bench/pinned.sh build          here, after `make': into gpu-pack/pinned
#   bash bench/pinned.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
#
# Prints and writes OUTDIR/pinned.txt: "ROUND RESULT,prog,variant,n,
# first_ms,e2e_ms,..." lines (bench/harness/bench.h).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/pinned
. "$top/bench/variants.sh"
progs="saxpy matvec bwfilter kmeans pagerank reduce_add"
specs="saxpy:16777216 saxpy:67108864 matvec:8192 matvec:16384 bwfilter:4096 kmeans:4194304 pagerank:4194304 reduce_add:67108864"

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
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
    for v in ours ours-pageable omp; do
      b=$v e=GPURT_PINNED=auto
      [ $v = ours-pageable ] && { b=ours; e=GPURT_PINNED=0; }
      line=$(variants_run "$PACK/$p.$b" "$n" "$out/pinned-err.txt" $e \
	BENCH_VARIANT=$v GPURT_FALLBACK=abort)
      echo "$round $line"
    done
  done
done | tee "$out/pinned.txt"
