#!/bin/bash
# bench/multi.sh -- what splitting one region over several devices costs
# and buys (issue 20, item 2), side by side in one GPU run: matmul (a and
# c cut by rows, b copied whole to every device), saxpy (streaming) and
# jacobi2d (a time loop of two stencils with a halo of one row).
# Variants, all the same build:
#   ours        GPURT_DEVICES unset: one device, data kept between regions
#   ours-split2 GPURT_DEVICES=0,0: one GPU as two logical devices (two
#               contexts, two host threads), each keeping its slices
#               between split launches, only a stencil's halo rows moving
#               (GPURT_MULTI_RESIDENT, default): the overhead of the split
#   ours-split2-copy
#               the same with GPURT_MULTI_RESIDENT=0: every split launch
#               copies its slices in and back (two queues of one context)
#   ours-all    GPURT_DEVICES=all: every GPU of the host's first GPU's
#               platform (one GPU: the same as ours, but for the check)
#   omp         16 OpenMP threads, for reference
# Two rounds, runs alternated; every variant's output is checked against
# serial C by the harness before its time counts.  GPURT_VERBOSE=1 lists
# the logical devices and every region not split, with the reason, in the
# err file.
#
#   bash bench/multi.sh build          here, after `make'
#   bash bench/multi.sh check          here: every variant once at small
#                                      sizes on the default device (PoCL)
#   bash bench/multi.sh run [OUTDIR]   on the GPU machine (gpu-pack carried);
#                                      SPECS="PROG:N ..." runs only those
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/multi
. "$top/bench/variants.sh"
progs="matmul saxpy jacobi2d"
specs=${SPECS:-"matmul:2048 matmul:4096 saxpy:16777216 saxpy:67108864 jacobi2d:2048 jacobi2d:4096"}

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    gcc $omp progs/$p.c -lm -o "$PACK/$p.omp" || exit 1
  done
  echo "built into $PACK"
  exit 0
fi

# The binary and environment of variant $2 of program $1: every ours
# variant is the one ours binary under another GPURT_DEVICES.
multi_pick () {
  env="$env GPURT_VERBOSE=1"
  case $2 in
    ours) ;;
    ours-split2) bin=$PACK/$1.ours env="$env GPURT_DEVICES=0,0" ;;
    ours-split2-copy)
      bin=$PACK/$1.ours env="$env GPURT_DEVICES=0,0 GPURT_MULTI_RESIDENT=0" ;;
    ours-all) bin=$PACK/$1.ours env="$env GPURT_DEVICES=all" ;;
    omp) env="BENCH_VARIANT=omp" ;;
  esac
}

# multi_variants SPECS RUN: call RUN BIN N ENV... for every variant of
# every program size in SPECS, two rounds.
multi_variants () {
  variants_rounds "$1" "$2" "ours ours-split2 ours-split2-copy ours-all omp" \
    multi_pick
}

variants_check_or_run "${1:-run}" "${2:-${OUT:-/tmp}}" multi multi_variants \
  "matmul:97 matmul:300 saxpy:100003 jacobi2d:130" "$specs"
