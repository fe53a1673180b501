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
# to end).  ROUNDS rounds (7 by default, 2 for check), the variants
# alternated inside each round (each round starts one variant later, so
# no variant always runs first or right after the same one); every
# variant's output is checked against serial C by the harness before its
# time counts.  At the end, per size: each variant's median end-to-end
# and kernel time over the rounds, and the median over the rounds of the
# ratios ours-checked/ours and ours-warned/ours of the same round (what
# the 5% goal is judged on: noise between rounds cancels out).
#
#   bash bench/speculate.sh build          here, after `make'
#   bash bench/speculate.sh check          here: every variant at small
#                                          sizes on the default device (PoCL)
#   bash bench/speculate.sh run [OUTDIR]   on the GPU machine (gpu-pack carried);
#                                          SPECS="N ..." runs only those sizes,
#                                          ROUNDS=K that many rounds;
#                                          the summary also goes to
#                                          OUTDIR/speculate-summary.txt
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

mode=${1:-run}
if [ "$mode" = check ]; then rounds=${ROUNDS:-2}; else rounds=${ROUNDS:-7}; fi
variants=(ours ours-checked ours-checked-no-speculate ours-warned
          ours-warned-no-speculate omp omp-checked omp-warned)

# speculate_variants SIZES RUN: call RUN BIN N ENV... for every variant at
# every size in SIZES, ROUNDS rounds, round R starting at variant R - 1;
# each RESULT line is prefixed with its round.
speculate_variants () {
  local n round k v env nv=${#variants[@]}
  for n in $1; do
    for round in $(seq "$rounds"); do
      for k in $(seq 0 $((nv - 1))); do
        v=${variants[$(((k + round - 1) % nv))]}
        env="BENCH_VARIANT=$v GPURT_FALLBACK=abort"
        case $v in *-no-speculate) env="BENCH_VARIANT=$v GPURT_FALLBACK=silent" ;; esac
        [ -x "$PACK/$v" ] || continue
        # shellcheck disable=SC2086
        echo "$round $($2 "$PACK/$v" "$n" $env)"
      done
    done
  done
}

# speculate_summary: from the lines of speculate_variants on stdin, per
# size, the median over the rounds of each variant's end-to-end and
# kernel times, and of the per-round ratios to ours.
speculate_summary () {
  awk '
    function median(list,   a, m, i, j, t) {
      m = split(list, a, " ")
      for (i = 2; i <= m; i++)
        for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
          t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
        }
      if (m == 0) return "-"
      return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
    }
    function add(key, val) { list[key] = list[key] " " val }
    $2 ~ /^RESULT,/ {
      split($2, f, ",")
      if (f[9] !~ /^ok/) next
      r = $1; v = f[3]; n = f[4]
      if (!(n in seen)) { seen[n] = 1; sizes[++ns] = n }
      if (!((n, v) in vseen)) { vseen[n, v] = 1; vars[n] = vars[n] " " v }
      e2e[n, v, r] = f[6]; ker[n, v, r] = f[7]; rs[n, r] = 1
      add(n SUBSEP v SUBSEP "e", f[6])
      if (f[7] != "") add(n SUBSEP v SUBSEP "k", f[7])
    }
    END {
      for (i = 1; i <= ns; i++) {
        n = sizes[i]
        printf "n=%s: median over the rounds (end-to-end ms / kernel ms)\n", n
        m = split(vars[n], vv, " ")
        for (j = 1; j <= m; j++)
          printf "  %-28s %10s / %s\n", vv[j], median(list[n, vv[j], "e"]),
                 median(list[n, vv[j], "k"])
        split("ours-checked ours-warned", cmp, " ")
        for (c = 1; c <= 2; c++) {
          re = ""; rk = ""; nr = 0
          for (key in rs) {
            split(key, kk, SUBSEP)
            if (kk[1] != n) continue
            r = kk[2]
            if ((n, "ours", r) in e2e && (n, cmp[c], r) in e2e \
                && e2e[n, "ours", r] > 0) {
              re = re " " e2e[n, cmp[c], r] / e2e[n, "ours", r]; nr++
              if (ker[n, "ours", r] != "" && ker[n, cmp[c], r] != "" \
                  && ker[n, "ours", r] > 0)
                rk = rk " " ker[n, cmp[c], r] / ker[n, "ours", r]
            }
          }
          printf "  %s/ours, median of %d per-round ratios: end-to-end %s, kernel %s\n",
                 cmp[c], nr, median(re), median(rk)
        }
      }
    }'
}

out=${2:-${OUT:-/tmp}}
log=$(mktemp)
variants_check_or_run "$mode" "$out" speculate speculate_variants \
  "1000 65537" "$specs" | tee "$log"
if [ "$mode" = check ]; then
  speculate_summary <"$log"
else
  speculate_summary <"$log" | tee "$out/speculate-summary.txt"
fi
rm -f "$log"
