#!/bin/bash
# bench/speculate.sh -- what speculation costs (issue 18): Black-Scholes
# with an input check that stops the program (blackscholes_checked.c: a
# branch to fprintf + abort that the valid inputs never take) against the
# same kernel without the check (blackscholes.c), side by side in one GPU
# run.  Variants:
#   ours                  blackscholes.c (no check)
#   ours-checked          blackscholes_checked.c, speculated (gpu_speculate:
#                         the kernel records a deopt instead of aborting;
#                         the runtime reads the deopt buffer after it)
#   ours-checked-no-speculate  the same built with
#                         -fplugin-arg-gpuoffload-no-speculate: a host loop
#   ours-warned           blackscholes_warned.c, speculated: the check
#                         prints a warning and prices the option 0 (a call
#                         that returns, on a path never taken)
#   ours-warned-no-speculate  the same with no-speculate: a host loop
#   omp, omp-checked, omp-warned  16 OpenMP threads, without and with the
#                         checks
# The goal: ours-checked and ours-warned within 5% of ours (kernel and end
# to end).  Two
# rounds, runs alternated; every variant's output is checked against
# serial C by the harness before its time counts.
#
#   bash bench/speculate.sh build          here, after `make'
#   bash bench/speculate.sh check          here: every variant once at small
#                                          sizes on the default device (PoCL)
#   bash bench/speculate.sh run [OUTDIR]   on the GPU machine (gpu-pack carried);
#                                          SPECS="N ..." runs only those sizes
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/speculate
. "$top/bench/variants.sh"
specs=${SPECS:-"1048576 16777216 67108864"}

if [ "${1:-run}" = build ]; then
  variants_build_start
  gcc $ours progs/blackscholes.c $libs -o "$PACK/ours" || exit 1
  gcc $ours progs/blackscholes_checked.c $libs -o "$PACK/ours-checked" || exit 1
  # Without speculation the checked loop is a host loop (a remark): built
  # without werror, it measures that host loop.
  gcc ${ours/-fplugin-arg-gpuoffload-werror/} -fplugin-arg-gpuoffload-no-speculate \
    progs/blackscholes_checked.c $libs -o "$PACK/ours-checked-no-speculate" \
    2>/dev/null || exit 1
  gcc $ours progs/blackscholes_warned.c $libs -o "$PACK/ours-warned" || exit 1
  gcc ${ours/-fplugin-arg-gpuoffload-werror/} -fplugin-arg-gpuoffload-no-speculate \
    progs/blackscholes_warned.c $libs -o "$PACK/ours-warned-no-speculate" \
    2>/dev/null || exit 1
  gcc $omp progs/blackscholes.c -lm -o "$PACK/omp" || exit 1
  gcc $omp progs/blackscholes_checked.c -lm -o "$PACK/omp-checked" || exit 1
  gcc $omp progs/blackscholes_warned.c -lm -o "$PACK/omp-warned" || exit 1
  echo "built into $PACK"
  exit 0
fi

# speculate_variants SIZES RUN: call RUN BIN N ENV... for every variant at
# every size in SIZES, two rounds.
speculate_variants () {
  local n round v env
  for n in $1; do
    for round in 1 2; do
      for v in ours ours-checked ours-checked-no-speculate ours-warned \
               ours-warned-no-speculate omp omp-checked omp-warned; do
        env="BENCH_VARIANT=$v GPURT_FALLBACK=abort"
        case $v in *-no-speculate) env="BENCH_VARIANT=$v GPURT_FALLBACK=silent" ;; esac
        [ -x "$PACK/$v" ] || continue
        # shellcheck disable=SC2086
        echo "$round $($2 "$PACK/$v" "$n" $env)"
      done
    done
  done
}

variants_check_or_run "${1:-run}" "${2:-${OUT:-/tmp}}" speculate speculate_variants \
  "1000 65537" "$specs"
