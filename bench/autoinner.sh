#!/bin/bash
# bench/autoinner.sh -- what the automatic inner level buys (issue 14
# item 4, gpu_twolevel_auto_inner): lud_rows, LU decomposition as a ported
# OpenMP program marks it (the row loop only, a serial column loop in
# each row), whose column loop becomes the inner level.  Variants:
#   ours                  the runtime's choice of kernel (GPURT_TWO_LEVEL=auto)
#   ours-group            GPURT_TWO_LEVEL=group: a work-group per row
#   ours-flat             GPURT_TWO_LEVEL=flat: a work-item per row
#   ours-no-auto-inner    built with -fplugin-arg-gpuoffload-no-auto-inner
#                         (the column loop serial in each work-item)
#   omp                   16 OpenMP threads on the row loop
#   nvptx                 GCC's OpenMP offload, teams over rows, each
#                         column loop a parallel for of the team
# Two rounds, runs alternated; every variant's output is checked against
# serial C by the harness before its time counts.
#
#   bash bench/autoinner.sh build          here, after `make'
#   bash bench/autoinner.sh check          here: every variant once at
#                                          small sizes on PoCL
#   bash bench/autoinner.sh run [OUTDIR]   on the GPU machine (gpu-pack
#                                          carried); SPECS="PROG:N ..."
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/autoinner
. "$top/bench/variants.sh"
progs="lud_rows"
specs=${SPECS:-"lud_rows:1024 lud_rows:2048"}

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    gcc $ours -fplugin-arg-gpuoffload-no-auto-inner progs/$p.c $libs \
      -o "$PACK/$p.ours-no-auto-inner" || exit 1
    gcc $omp progs/$p.c -lm -o "$PACK/$p.omp" || exit 1
    variants_build_nvptx $p
  done
  echo "built into $PACK"
  exit 0
fi

# autoinner_variants SPECS RUN: call RUN BIN N ENV... for every variant
# of every program size in SPECS, two rounds.
autoinner_variants () {
  local spec p n round v bin env
  for spec in $1; do
    p=${spec%:*} n=${spec#*:}
    for round in 1 2; do
      for v in ours ours-group ours-flat ours-no-auto-inner omp nvptx; do
        bin=$PACK/$p.$v env="BENCH_VARIANT=$v GPURT_FALLBACK=abort"
        case $v in
          ours-group) bin=$PACK/$p.ours env="$env GPURT_TWO_LEVEL=group" ;;
          ours-flat) bin=$PACK/$p.ours env="$env GPURT_TWO_LEVEL=flat" ;;
        esac
        [ -x "$bin" ] || continue
        # shellcheck disable=SC2086
        echo "$round $($2 "$bin" "$n" $env)"
      done
    done
  done
}

variants_check_or_run "${1:-run}" "${2:-${OUT:-/tmp}}" autoinner autoinner_variants \
  "lud_rows:1 lud_rows:97 lud_rows:300" "$specs"
