#!/bin/bash
# bench/resident.sh -- what keeping data on the device buys, measured side
# by side in one GPU run: each program's gpuoffload build with gpu_hostsync
# ("ours", launches that keep their data return once queued), the same run
# with GPURT_ASYNC=0 ("ours-sync": every launch waits), the build with
# -fplugin-arg-gpuoffload-no-transfer-elim ("noelim") and 16-thread OpenMP
# ("omp"), two rounds each, runs alternated.
#
#   bash bench/resident.sh build          here, after `make': into gpu-pack/bench
#   bash bench/resident.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
#
# Prints and writes OUTDIR/bench.txt: "ROUND RESULT,prog,variant,n,first_ms,
# e2e_ms,..." lines (bench/harness/bench.h).  bench/results/2026-11-24-h100-
# resident.md is a run of it without the async variant.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/bench
. "$top/bench/variants.sh"
progs="jacobi2d nbody kmeans pagerank saxpy"
specs="jacobi2d:1024 jacobi2d:2048 nbody:16384 nbody:65536 kmeans:4194304 pagerank:1048576 pagerank:4194304 saxpy:16777216"

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    gcc $ours -fplugin-arg-gpuoffload-no-transfer-elim progs/$p.c $libs -o "$PACK/$p.noelim" || exit 1
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
    for v in ours ours-sync noelim omp; do
      b=$v e=GPURT_ASYNC=1
      [ $v = ours-sync ] && { b=ours; e=GPURT_ASYNC=0; }
      line=$(variants_run "$PACK/$p.$b" "$n" "$out/bench-err.txt" $e \
	BENCH_VARIANT=$v GPURT_FALLBACK=abort)
      echo "$round $line"
    done
  done
done | tee "$out/bench.txt"
