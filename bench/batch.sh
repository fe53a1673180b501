#!/bin/bash
# bench/batch.sh -- what batches of the outermost index cost (issue 19,
# items 1-2: sequential batches, no overlap of copies and kernels yet),
# measured side by side in one GPU run: each streaming program's
# gpuoffload build run whole ("ours"), the same run cut into batches of at
# most BATCH_BYTES bytes (GPURT_BATCH_BYTES, "ours-batch", default 64M:
# what a device smaller than the data would see) and 16-thread OpenMP
# ("omp"), two rounds each, runs alternated.  GPURT_FALLBACK=abort: a run
# that could not batch stops rather than timing the host.
#
#   bash bench/batch.sh build          here, after `make': into gpu-pack/bench
#   bash bench/batch.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
#
# Prints and writes OUTDIR/bench.txt: "ROUND RESULT,prog,variant,n,first_ms,
# e2e_ms,..." lines (bench/harness/bench.h).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/bench
. "$top/bench/variants.sh"
progs="saxpy hilbert bwfilter blackscholes montecarlo"
specs=${SPECS:-"saxpy:67108864 saxpy:268435456 hilbert:4096 bwfilter:8192 blackscholes:67108864 montecarlo:67108864"}
batch=${BATCH_BYTES:-64M}

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
    for v in ours ours-batch omp; do
      b=$v e=GPURT_VERBOSE=0
      [ $v = ours-batch ] && { b=ours; e=GPURT_BATCH_BYTES=$batch; }
      [ -x "$PACK/$p.$b" ] || continue
      line=$(variants_run "$PACK/$p.$b" "$n" "$out/bench-err.txt" $e \
	BENCH_VARIANT=$v GPURT_FALLBACK=abort)
      echo "$round $line"
    done
  done
done | tee "$out/bench.txt"
