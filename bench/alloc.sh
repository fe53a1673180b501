#!/bin/bash
# bench/alloc.sh -- what the device heap buys (issue 17, gpu_alloc step),
# side by side in one GPU run: hj_alloc (each item mallocs a list of
# data-dependent length, grows it with realloc, reduces and frees it,
# HJ-OpenCL style) and kmeans_alloc built with no-private (its scratch
# then comes from the heap too), as "ours" (device heap), "ours-no-alloc"
# (built with -fplugin-arg-gpuoffload-no-alloc and without werror: the
# serial host loop) and 16-thread OpenMP ("omp"); then the shrinking-heap
# sweep: hj_alloc at 2^20 items (SWEEP_N) with GPURT_HEAP_BYTES halving
# from 512 MiB to 4 MiB (8 steps, HEAPS), as "ours" (variant names
# "heap-<bytes>": the iterations that ran out are run again alone, pass
# after pass, record "heap 2") and as "ours-no-heap-iter" (built with
# -fplugin-arg-gpuoffload-no-heap-iter, names "whole-<bytes>": each run
# that runs out is dropped and retried with twice the heap, at most 4
# times, then the host runs it).  hj_alloc needs about 290 bytes of heap
# an item (300 MiB at 2^20).  Two rounds, runs alternated; kernel times
# from OpenCL events for ours.
#
#   bash bench/alloc.sh build          here, after `make'
#   bash bench/alloc.sh check          here: every variant once at small
#                                      sizes on the local OpenCL device
#   bash bench/alloc.sh run [OUTDIR]   on the GPU machine (gpu-pack
#                                      carried), a few minutes
#
# Prints and writes OUTDIR/alloc.txt: "ROUND RESULT,prog,variant,n,..."
# lines (bench/harness/bench.h); the runtime's messages (GPURT_VERBOSE=1:
# which regions ran where, heap exhaustion) go to OUTDIR/alloc-err.txt.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/alloc
. "$top/bench/variants.sh"
progs="hj_alloc kmeans_alloc"
specs=${SPECS:-"hj_alloc:1048576 hj_alloc:4194304 kmeans_alloc:4194304"}
sweep_n=${SWEEP_N:-1048576}
heaps=${HEAPS:-"536870912 268435456 134217728 67108864 33554432 16777216 8388608 4194304"}
variants="ours ours-no-alloc omp"

case "${1:-run}" in
build)
  variants_build_start
  for p in $progs; do
    flags=
    [ $p = kmeans_alloc ] && flags=-fplugin-arg-gpuoffload-no-private
    gcc $ours $flags progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    gcc ${ours/-fplugin-arg-gpuoffload-werror/} $flags \
      -fplugin-arg-gpuoffload-no-alloc progs/$p.c $libs \
      -o "$PACK/$p.ours-no-alloc" || exit 1
    gcc $ours $flags -fplugin-arg-gpuoffload-no-heap-iter progs/$p.c $libs \
      -o "$PACK/$p.ours-no-heap-iter" || exit 1
    gcc $omp progs/$p.c -lm -o "$PACK/$p.omp" || exit 1
  done
  echo "built into $PACK"
  exit 0
  ;;
check)
  # Small sizes on whatever OpenCL device is here (PoCL on the CPU): the
  # outputs are checked against serial C by each program; a 16 KiB heap
  # makes hj_alloc rerun its iterations that ran out pass after pass (or,
  # whole-16384, retry whole and end on the host); 256 bytes leave every
  # pass without progress.
  status=0
  for p in $progs; do
    for n in 0 1 1000 65537; do
      for v in ours ours-no-alloc omp heap-16384 heap-256 whole-16384; do
	b=$v e=
	case $v in
	  heap-*) b=ours e=GPURT_HEAP_BYTES=${v#heap-} ;;
	  whole-*) b=ours-no-heap-iter e=GPURT_HEAP_BYTES=${v#whole-} ;;
	esac
	[ -x "$PACK/$p.$b" ] || continue
	line=$(env $e BENCH_VARIANT=$v GPURT_FALLBACK=abort \
	  GPURT_CACHE_DIR=off "$PACK/$p.$b" $n 1 10 2>&1 | grep '^RESULT')
	echo "$line"
	case "$line" in *,ok*) ;; *) status=1 ;; esac
      done
    done
  done
  exit $status
  ;;
esac

out=${2:-${OUT:-/tmp}}
mkdir -p "$out"
variants_run_env
err=$out/alloc-err.txt
sweep=
for h in $heaps; do sweep="$sweep heap-$h whole-$h"; done
for spec in $specs sweep:hj_alloc:$sweep_n; do
  vs=$variants
  case $spec in sweep:*) spec=${spec#sweep:} vs=$sweep ;; esac
  p=${spec%:*} n=${spec#*:}
  for round in 1 2; do
    for v in $vs; do
      b=$v e=GPURT_VERBOSE=1
      case $v in
	heap-*) b=ours e="GPURT_VERBOSE=1 GPURT_HEAP_BYTES=${v#heap-}" ;;
	whole-*) b=ours-no-heap-iter
	  e="GPURT_VERBOSE=1 GPURT_HEAP_BYTES=${v#whole-}" ;;
      esac
      [ -x "$PACK/$p.$b" ] || continue
      line=$(variants_run "$PACK/$p.$b" "$n" "$err" $e BENCH_VARIANT=$v \
	GPURT_FALLBACK=abort)
      echo "$round ${line:-$p,$v,$n,FAIL (see alloc-err.txt)}"
    done
  done
done | tee "$out/alloc.txt"
