#!/bin/bash
# bench/polybench.sh -- PolyBench's bicg, atax, gesummv, mvt and gemver
# (bench/progs, in double) at PolyBench's LARGE and EXTRALARGE sizes, side
# by side in one GPU run, against issue 15's third target: each at least
# as fast as 16-thread OpenMP, or within 1.25x of the bound set by its
# data crossing the bus once (one pass over it is all the work):
#   bound = bytes that must cross (prog_bytes: inputs in, outputs out)
#           / pinned host-to-device bandwidth (harness/h2dbw.c, same run)
#           + our kernel time (the harness's kernel column).
# Variants:
#   ours        the plugin, all optimizations, row reductions written as
#               serial inner loops (one work-item per row)
#   ours-2l     the same source built with -DBENCH_ROW_GROUPS: the row
#               reductions marked too (GPU_REDUCE, a work-group per row)
#   ours-k, ours-2l-k   the same binaries under GPURT_PROFILE, one round:
#               their kernel time for the bound (the profile costs end to
#               end time, so the e2e columns come from the runs without)
#   ours-nrs-k  ours built with -fplugin-arg-gpuoffload-no-row-stage
#               (gpu_tile's row-staged variant off: x in a __local tile
#               only), under GPURT_PROFILE, one round: its kernel time
#               ("k-norow") beside ours' ("kernel"), what the row-staged
#               variant buys
#   omp         16 OpenMP threads on the same marked loops
#   nvptx       GCC's OpenMP offload, `omp target data' keeping A on the
#               device across a program's loops (-DBENCH_TARGET_DATA)
# Every variant's output is checked against serial C by the harness
# before its time counts (a failed check shows as FAIL in the table).
#
#   bash bench/polybench.sh build          here, after `make'
#   bash bench/polybench.sh check          here: every variant once at
#                                          small sizes on the default device
#   bash bench/polybench.sh run [OUTDIR]   on the GPU machine (gpu-pack
#                                          carried); SPECS="PROG:N ..." runs
#                                          only those, ROUNDS (default 2),
#                                          BUDGET_S (default 220: no run
#                                          starts after it)
# Writes OUTDIR/polybench.txt (the RESULT lines and the bandwidth) and
# OUTDIR/polybench-table.txt (the comparison).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/polybench
. "$top/bench/variants.sh"
progs="bicg atax gesummv mvt gemver"
specs=${SPECS:-"bicg:2100x1900 bicg:2200x1800 atax:1900x2100 atax:1800x2200 gesummv:1300 gesummv:2800 mvt:2000 mvt:4000 gemver:2000 gemver:4000"}
rounds=${ROUNDS:-2}

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    gcc $ours -DBENCH_ROW_GROUPS progs/$p.c $libs -o "$PACK/$p.ours-2l" \
      || exit 1
    gcc $ours -fplugin-arg-gpuoffload-no-row-stage progs/$p.c $libs \
      -o "$PACK/$p.ours-nrs" || exit 1
    gcc $omp progs/$p.c -lm -o "$PACK/$p.omp" || exit 1
    variants_build_nvptx $p
  done
  gcc -O2 -fopenmp harness/h2dbw.c -lOpenCL -o "$PACK/h2dbw" || exit 1
  echo "built into $PACK"
  exit 0
fi

# polybench_variants SPECS ROUNDS RUN: call RUN BIN N ENV... for every
# variant of every program size in SPECS, round after round (the
# GPURT_PROFILE variants in the first round only); once BUDGET_S seconds
# (default 220) have passed, starts no more runs, so that one GPU call
# stays within its limit with whatever rounds were complete.
polybench_variants () {
  local spec p n round v bin env
  for round in $(seq 1 "$2"); do
    for spec in $1; do
      p=${spec%:*} n=${spec#*:}
      for v in ours ours-2l ours-k ours-2l-k ours-nrs-k omp nvptx; do
	if [ "$SECONDS" -ge "${BUDGET_S:-220}" ]; then
	  echo "polybench.sh: time budget spent, round $round stopped" >&2
	  return
	fi
	bin=$PACK/$p.$v env="BENCH_VARIANT=$v GPURT_FALLBACK=abort"
	case $v in
	  *-k) [ "$round" = 1 ] || continue
	       bin=$PACK/$p.${v%-k}
	       env="$env GPURT_PROFILE=json:/tmp/gpurt-profile.json" ;;
	esac
	[ -x "$bin" ] || continue
	# shellcheck disable=SC2086
	echo "$round $($3 "$bin" "$n" $env)"
      done
    done
  done
}

# polybench_table: from "ROUND RESULT,..." lines and a "write-pinned X
# GB/s" line on stdin, one line per program size: the bound and each
# variant's best end-to-end time over the rounds.
polybench_table () {
  awk -F, '
    /^write-pinned/ { split ($0, f, " +"); bw = f[2] }
    / RESULT,/ {
      k = $2 " " $4; v = $3
      if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
      bytes[k] = $10
      if ($9 !~ /^ok/) { bad[k, v] = 1; next }
      if (!((k, v) in e2e) || $6 + 0 < e2e[k, v]) e2e[k, v] = $6 + 0
      if ($7 != "") ker[k, v] = $7
    }
    function t(k, v) { return (k, v) in bad ? "FAIL" \
			 : (k, v) in e2e ? sprintf ("%.3f", e2e[k, v]) : "-" }
    function bound(k, v) {
      if (bw == "" || !((k, v) in ker)) return ""
      return bytes[k] / (bw * 1e9) * 1e3 + ker[k, v]
    }
    function verdict(k, v, b) {
      if (!((k, v) in e2e)) return "-"
      if ((k, "omp") in e2e && e2e[k, v] <= e2e[k, "omp"]) return "yes(omp)"
      if (b != "" && e2e[k, v] <= 1.25 * b) return "yes(bound)"
      return "no"
    }
    END {
      printf "pinned host-to-device bandwidth: %s GB/s\n", bw == "" ? "?" : bw
      printf "times in ms (best of the rounds\x27 medians); bound = MB / bandwidth + kernel\n"
      printf "%-8s %-10s %7s %7s | %7s %7s %8s %6s %6s %-10s | %7s %7s %8s %6s %6s %-10s | %8s %8s | %8s\n",
	"prog", "size", "MB", "xfer", "kernel", "bound", "ours", "/bnd", "/omp", "target",
	"k-2l", "bnd-2l", "ours-2l", "/bnd", "/omp", "target", "omp", "nvptx", "k-norow"
      for (i = 1; i <= nk; i++)
	{
	  k = order[i]; split (k, kk, " ")
	  x = bw == "" ? "" : bytes[k] / (bw * 1e9) * 1e3
	  line = sprintf ("%-8s %-10s %7.1f %7s", kk[1], kk[2], bytes[k] / 1e6,
			  x == "" ? "?" : sprintf ("%.3f", x))
	  for (j = 1; j <= 2; j++)
	    {
	      v = j == 1 ? "ours" : "ours-2l"
	      b = bound(k, v "-k")
	      kv = (k, v "-k") in ker ? sprintf ("%.3f", ker[k, v "-k"]) : "-"
	      rb = b != "" && (k, v) in e2e ? sprintf ("%.2f", e2e[k, v] / b) : "-"
	      ro = (k, v) in e2e && (k, "omp") in e2e && e2e[k, "omp"] > 0 \
		   ? sprintf ("%.2f", e2e[k, v] / e2e[k, "omp"]) : "-"
	      line = line sprintf (" | %7s %7s %8s %6s %6s %-10s", kv,
				   b == "" ? "-" : sprintf ("%.3f", b),
				   t(k, v), rb, ro, verdict(k, v, b))
	    }
	  print line sprintf (" | %8s %8s | %8s", t(k, "omp"), t(k, "nvptx"),
			      (k, "ours-nrs-k") in ker \
			      ? sprintf ("%.3f", ker[k, "ours-nrs-k"]) : "-")
	}
    }'
}

if [ "${1:-run}" = check ]; then
  check_one () {
    local bin=$1 n=$2
    shift 2
    env "$@" OMP_NUM_THREADS=2 timeout 300 "$bin" "$n" 1 0 2>&1 \
      | grep -E '^RESULT|abort|fail'
  }
  polybench_variants "bicg:97x131 bicg:300x257 atax:131x97 atax:257x300 gesummv:97 gesummv:300 mvt:97 mvt:300 gemver:97 gemver:300" 1 check_one \
    | tee /tmp/polybench-check.txt
  polybench_table </tmp/polybench-check.txt
  exit 0
fi

out=${2:-${OUT:-/tmp}}
mkdir -p "$out"
variants_run_env
gpu_one () {
  variants_run "$1" "$2" "$out/polybench-err.txt" "${@:3}"
}
{
  "$PACK/h2dbw" 2>>"$out/polybench-err.txt"
  polybench_variants "$specs" "$rounds" gpu_one
} | tee "$out/polybench.txt"
polybench_table <"$out/polybench.txt" | tee "$out/polybench-table.txt"
