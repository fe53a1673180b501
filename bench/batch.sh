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
# that a region which cannot be batched falls back to; "ours-ramp":
# GPURT_BATCH_RAMP=1 (a pipeline's first and last batches smaller than
# the others; off by default); "ours-nont": GPURT_STAGE_NT=0 (the host
# pool's staging copies by memcpy, not non-temporal stores);
# "ours-nomerge": GPURT_STAGE_MERGE=0 (a batch's host
# copies through the staging area in one call of the thread pool per
# slice, not one for all); "ours-nopin": GPURT_PINNED=0 (pipelined, the driver's
# copies straight from and to the user's pageable arrays);
# "ours-nopipe-nopin": GPURT_BATCH=0 GPURT_PINNED=0 (one copy in, the
# kernel, one copy out, all from pageable memory: the sequential
# baseline of TornadoVM's batches); "omp": 16-thread OpenMP.  VARIANTS
# chooses among them (default: all but ours-batch and ours-nokeep-nopipe;
# ours-nofill shows what 2-D fill buys hilbert and bwfilter), SKIP names PROG.VARIANT pairs not to run (default
# montecarlo.omp), ROUNDS how many rounds (default 2), runs alternated; the
# pinned host<->device bandwidth of the same run (harness/h2dbw.c) comes
# first.  GPURT_FALLBACK=abort: a run that could not use the device stops
# rather than timing the host.
#
#   bash bench/batch.sh build          here, after `make': into gpu-pack/bench
#   bash bench/batch.sh check          here: each variant once, small sizes
#                                      (CHECK_SPECS: others)
#   bash bench/batch.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
#
# Prints and writes OUTDIR/bench.txt: "ROUND RESULT,prog,variant,n,first_ms,
# e2e_ms,..." lines (bench/harness/bench.h), each followed by
# "ROUND GBPS,prog,variant,n,GB/s" (the program's bytes over e2e_ms) and
# "ROUND PINNED,prog,variant,n,ideal_ms,e2e_ms,percent": ideal_ms is the
# program's bytes over the pinned bandwidth (the mean of h2dbw's
# write-pinned and read-pinned), percent = 100 * ideal_ms / e2e_ms (the
# issue's target: 80); at the end "SUMMARY,prog,n,variant,e2e_ms,percent,
# x-nopipe,x-nopipe-nopin" per variant: its best round, and how many
# times faster it ran than the best rounds of ours-nopipe and
# ours-nopipe-nopin.  A line "staging bound" gives h2dbw's memcpy-par
# (the host pool's copy rate, which bounds a staged copy) as a
# percentage of the pinned rate, and (unless PROFILE=0) OUTDIR/profile.txt
# holds one GPURT_PROFILE=1 run of "ours" per spec (its "batches:" lines
# printed at the end).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/bench
. "$top/bench/variants.sh"
# PROGS (built) and SPECS (run) may name others: the row-by-row
# matrix-vector regions, say (PROGS="matvec gesummv" SPECS="matvec:16384
# gesummv:8192"), which run in batches of rows under ours-small.
progs=${PROGS:-"saxpy blackscholes hilbert bwfilter montecarlo"}
# Each moves 512 MiB or more.
specs=${SPECS:-"saxpy:67108864 blackscholes:33554432 hilbert:12288 bwfilter:8192 montecarlo:134217728"}
variants=${VARIANTS:-"ours ours-nont ours-ramp ours-nomerge ours-nofill ours-nopin ours-nopipe ours-nopipe-nopin ours-nokeep ours-small omp"}
rounds=${ROUNDS:-2}
# PROG.VARIANT pairs not run: OpenMP's montecarlo 2^27 (256 samples per
# item) takes seconds per call on 16 threads.
skip=${SKIP:-"montecarlo.omp"}
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
  # What the device makes of global work offsets past 2^31 and 2^32.
  gcc -O2 harness/offset-probe.c -lOpenCL -o "$PACK/offset-probe" || exit 1
  echo "built into $PACK"
  exit 0
fi

# The environment of variant $1 (printed one word a line).
batch_env () {
  case $1 in
    ours-nopipe|ours-nokeep-nopipe) echo GPURT_BATCH=0 ;;
    ours-nopipe-nopin) echo GPURT_BATCH=0; echo GPURT_PINNED=0 ;;
    ours-nopin) echo GPURT_PINNED=0 ;;
    ours-ramp) echo GPURT_BATCH_RAMP=1 ;;
    ours-nomerge) echo GPURT_STAGE_MERGE=0 ;;
    ours-nont) echo GPURT_STAGE_NT=0 ;;
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

# RESULT line $1, pinned GB/s $2 -> its PINNED line.
batch_pinned () {
  echo "$1" | awk -F, -v bw="$2" '$6 > 0 && bw > 0 {
    ideal = $10 / (bw * 1e6)
    printf "PINNED,%s,%s,%s,%.3f,%.3f,%.1f\n", $2, $3, $4, ideal, $6, 100 * ideal / $6 }'
}

# h2dbw's output on stdin -> the mean of its write-pinned and read-pinned
# GB/s (empty when either is missing).
batch_pinned_bw () {
  awk '$1 == "write-pinned" { w = $2 } $1 == "read-pinned" { r = $2 }
       END { if (w > 0 && r > 0) printf "%.2f\n", (w + r) / 2 }'
}

# bench.txt on stdin -> the SUMMARY lines: each variant's best round.
batch_summary () {
  awk -F, '$1 ~ /PINNED$/ {
      key = $2 "," $4; v = $3
      if (!((key, v) in best) || $7 > best[key, v]) { best[key, v] = $7; e2e[key, v] = $6 }
      if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
      if (!((key, v) in vseen)) { vseen[key, v] = 1; vs[key] = vs[key] " " v }
    }
    END {
      for (i = 1; i <= nk; i++) {
	key = keys[i]; n = split (vs[key], list, " ")
	for (j = 1; j <= n; j++) {
	  v = list[j]
	  x1 = (key, "ours-nopipe") in e2e ? sprintf ("%.2f", e2e[key, "ours-nopipe"] / e2e[key, v]) : "-"
	  x2 = (key, "ours-nopipe-nopin") in e2e ? sprintf ("%.2f", e2e[key, "ours-nopipe-nopin"] / e2e[key, v]) : "-"
	  printf "SUMMARY,%s,%s,%.3f,%.1f,%s,%s\n", key, v, e2e[key, v], best[key, v], x1, x2
	}
      }
    }'
}

if [ "$1" = check ]; then
  # Small sizes here (PoCL), none a multiple of the batch: each variant
  # runs and checks its result; the pipeline's threshold is lowered so
  # that it runs too, through pinned staging (GPURT_PINNED=1) unless the
  # variant turns it off.  Then h2dbw and the summary, as on the GPU.
  pinned=$("$PACK/h2dbw" | tee /dev/stderr | batch_pinned_bw)
  for spec in ${CHECK_SPECS:-saxpy:1000003 blackscholes:1000003 hilbert:1001 \
	      bwfilter:1001 montecarlo:300007}; do
    p=${spec%:*} n=${spec#*:}
    for v in $variants; do
      b=$(batch_bin $v)
      e=$(batch_env $v)
      case $v in
	ours|ours-ramp|ours-nomerge|ours-nopin)
	  e="$e GPURT_BATCH_BYTES=1M" ;;
	ours-small) e=GPURT_DEVICE_MEM_LIMIT=4M ;;
      esac
      line=$(variants_check "$PACK/$p.$b" $n GPURT_PINNED=1 $e \
	BENCH_VARIANT=$v GPURT_FALLBACK=abort)
      echo "1 $line"
      echo "1 $(batch_gbps "$line")"
      echo "1 $(batch_pinned "$line" "$pinned")"
    done
  done | tee /tmp/batch-check.txt
  batch_summary </tmp/batch-check.txt
  exit 0
fi

out=${2:-${OUT:-/tmp}}
mkdir -p "$out"
variants_run_env
pinned=$("$PACK/h2dbw" 2>>"$out/bench-err.txt" | tee "$out/h2dbw.txt" \
	 | batch_pinned_bw)
{
  cat "$out/h2dbw.txt"
  echo "pinned (mean of write and read) $pinned GB/s"
  # Staged copies cost a host memcpy of every byte moved: the pool's
  # memcpy rate bounds what staging can reach.
  awk -v bw="$pinned" '$1 == "memcpy-par" && bw > 0 {
    printf "staging bound: memcpy-par %.2f GB/s = %.1f%% of pinned\n", $2, 100 * $2 / bw }' \
    "$out/h2dbw.txt"
  for spec in $specs; do
    p=${spec%:*} n=${spec#*:}
    for round in $(seq "$rounds"); do
      for v in $variants; do
	b=$(batch_bin $v)
	[ -x "$PACK/$p.$b" ] || continue
	case " $skip " in *" $p.$v "*) continue ;; esac
	line=$(variants_run "$PACK/$p.$b" "$n" "$out/bench-err.txt" \
	  $(batch_env $v) BENCH_VARIANT=$v GPURT_FALLBACK=abort)
	echo "$round $line"
	echo "$round $(batch_gbps "$line")"
	echo "$round $(batch_pinned "$line" "$pinned")"
      done
    done
  done
} | tee "$out/bench.txt"
batch_summary <"$out/bench.txt" | tee -a "$out/bench.txt"
# Unless PROFILE=0, "ours" once more per spec under GPURT_PROFILE=1: its
# batches, bytes each way, and the copy time hidden behind kernels and
# other copies, into OUTDIR/profile.txt (not timed with the rest).
if [ "${PROFILE:-1}" != 0 ]; then
  for spec in $specs; do
    p=${spec%:*} n=${spec#*:}
    echo "=== $p $n" >>"$out/profile.txt"
    variants_run "$PACK/$p.ours" "$n" "$out/profile.txt" GPURT_PROFILE=1 \
      BENCH_VARIANT=ours-profile GPURT_FALLBACK=abort >>"$out/profile.txt"
  done
  grep -E '^===|batches:' "$out/profile.txt"
fi
