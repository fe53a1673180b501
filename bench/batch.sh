#!/bin/bash
# bench/batch.sh -- what batches of the outermost index buy (issue 19):
# streaming programs end to end, side by side in one GPU run.  "ours":
# the gpuoffload build as is (a region with 64 MiB or more of streamed
# data runs in batches pipelined over three queues through pinned
# staging); "ours-nopipe": GPURT_BATCH=0 (the whole region copied in,
# computed, copied out); "ours-batch": batches of at most BATCH_BYTES
# (GPURT_BATCH_BYTES, default 32M: what a device smaller than the data
# would see), pipelined whatever the region's KEEP flag (the bench's
# regions have it: their results may stay on the device, so "ours" does
# not pipeline them; see README, batches); "ours-nokeep": built with
# -fplugin-arg-gpuoffload-no-transfer-elim, so no region keeps its
# results and the runtime's own choice pipelines them (64 MiB or more);
# "ours-nokeep-nopipe": the same under GPURT_BATCH=0; "ours-nofill": built
# with -fplugin-arg-gpuoffload-no-fill (outputs the region stores whole
# are copied in first, as before docs/ABI.md section 10); "ours-small":
# GPURT_DEVICE_MEM_LIMIT=SMALL_LIMIT (default 256M): a device smaller than
# the data (give specs of twice that or more: saxpy 2^26 moves 768 MiB,
# blackscholes 2^25 640 MiB), run in batches, against the host ("omp")
# that a region which cannot be batched falls back to; "omp": 16-thread
# OpenMP.  Two rounds each, runs
# alternated; the pinned host<->device bandwidth of the same run
# (harness/h2dbw.c) comes first.  GPURT_FALLBACK=abort: a run that could
# not use the device stops rather than timing the host.
#
#   bash bench/batch.sh build          here, after `make': into gpu-pack/bench
#   bash bench/batch.sh check          here: each variant once, small sizes
#   bash bench/batch.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
#
# Prints and writes OUTDIR/bench.txt: "ROUND RESULT,prog,variant,n,first_ms,
# e2e_ms,..." lines (bench/harness/bench.h), each followed by
# "ROUND GBPS,prog,variant,n,GB/s" (the program's bytes over e2e_ms).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/bench
. "$top/bench/variants.sh"
progs="saxpy blackscholes hilbert bwfilter montecarlo"
specs=${SPECS:-"saxpy:16777216 saxpy:33554432 saxpy:67108864 saxpy:134217728 blackscholes:16777216 blackscholes:33554432 blackscholes:67108864 blackscholes:134217728"}
batch=${BATCH_BYTES:-32M}
small=${SMALL_LIMIT:-256M}

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    gcc $ours -fplugin-arg-gpuoffload-no-transfer-elim progs/$p.c $libs \
      -o "$PACK/$p.ours-nokeep" || exit 1
    gcc $ours -fplugin-arg-gpuoffload-no-fill progs/$p.c $libs \
      -o "$PACK/$p.ours-nofill" || exit 1
    gcc $omp progs/$p.c -lm -o "$PACK/$p.omp" || exit 1
  done
  gcc -O2 -fopenmp harness/h2dbw.c -lOpenCL -o "$PACK/h2dbw" || exit 1
  echo "built into $PACK"
  exit 0
fi

# The environment of variant $1 (printed one word a line).
batch_env () {
  case $1 in
    ours-nopipe|ours-nokeep-nopipe) echo GPURT_BATCH=0 ;;
    ours-batch) echo GPURT_BATCH_BYTES=$batch ;;
    ours-small) echo GPURT_DEVICE_MEM_LIMIT=$small ;;
    *) echo GPURT_VERBOSE=0 ;;
  esac
}

# The binary of variant $1.
batch_bin () {
  case $1 in
    omp) echo omp ;;
    ours-nokeep*) echo ours-nokeep ;;
    ours-nofill) echo ours-nofill ;;
    *) echo ours ;;
  esac
}

# RESULT line $1 -> its GBPS line (field 10: bytes, 6: e2e_ms).
batch_gbps () {
  echo "$1" | awk -F, '$6 > 0 { printf "GBPS,%s,%s,%s,%.2f\n", $2, $3, $4, $10 / ($6 * 1e6) }'
}

if [ "$1" = check ]; then
  # Small sizes here (PoCL): each variant runs and checks its result;
  # the pipeline's threshold is lowered so that it runs too.
  for p in saxpy blackscholes; do
    for v in ours ours-nopipe ours-batch ours-nokeep ours-nokeep-nopipe ours-nofill ours-small omp; do
      b=$(batch_bin $v)
      e=$(batch_env $v)
      [ $v = ours ] && e=GPURT_BATCH_BYTES=1M
      [ $v = ours-small ] && e=GPURT_DEVICE_MEM_LIMIT=4M
      line=$(variants_check "$PACK/$p.$b" 1048576 $e GPURT_PINNED=1 \
	BENCH_VARIANT=$v GPURT_FALLBACK=abort)
      echo "$line"
      batch_gbps "$line"
    done
  done
  exit 0
fi

out=${2:-${OUT:-/tmp}}
mkdir -p "$out"
variants_run_env
{
  "$PACK/h2dbw" 2>>"$out/bench-err.txt"
  for spec in $specs; do
    p=${spec%:*} n=${spec#*:}
    for round in 1 2; do
      for v in ours ours-nopipe ours-batch ours-nokeep ours-nokeep-nopipe ours-nofill ours-small omp; do
	b=$(batch_bin $v)
	[ -x "$PACK/$p.$b" ] || continue
	line=$(variants_run "$PACK/$p.$b" "$n" "$out/bench-err.txt" \
	  $(batch_env $v) BENCH_VARIANT=$v GPURT_FALLBACK=abort)
	echo "$round $line"
	echo "$round $(batch_gbps "$line")"
      done
    done
  done
} | tee "$out/bench.txt"
