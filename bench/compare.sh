#!/bin/bash
# compare.sh -- the gpuoffload variant ("ours") of every benchmark from two
# builds side by side in one run on the GPU machine, for changes that must
# not change speed (a refactoring, a new pass that is off by default).
#
# usage: compare.sh PACK_A PACK_B [OUTDIR]
# PACK_A and PACK_B are `make -C bench pack` folders (build one from another
# tree with BENCH_TOP=DIR BENCH_BUILD=DIR sh bench/build.sh).  For each
# program and size, A and B run alternately (which goes first alternates
# too), ROUNDS times each (each run already reports the median of its
# repetitions), and the best of each is kept; every run is in the log.  Output checks count as in run-suite.sh: a failed check is written
# as such, with no time.  Writes OUTDIR/compare.csv:
#   prog,n,a_e2e_ms,b_e2e_ms,a_kernel_ms,b_kernel_ms,b_over_a_e2e,b_over_a_kernel
set -u
a=$(cd "$1" && pwd)
b=$(cd "$2" && pwd)
outd=${3:-${OUT:-/tmp/bench-compare}}
rounds=${ROUNDS:-2}
deadline=${BENCH_DEADLINE:-420}
mkdir -p "$outd"
csv=$outd/compare.csv
log=$outd/compare-log.txt
: >"$log"
start=$(date +%s)

if command -v nvidia-smi >/dev/null 2>&1; then
  mkdir -p /tmp/icd
  echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd
fi
export CUDA_CACHE_DISABLE=1 GPURT_CACHE_DIR=off
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
echo "# A=$a B=$b gpu=$gpu rounds=$rounds" >"$csv"
echo "prog,n,a_e2e_ms,b_e2e_ms,a_kernel_ms,b_kernel_ms,b_over_a_e2e,b_over_a_kernel" >>"$csv"

# PROG and the sizes to compare (the middle and large sizes of run-suite.sh);
# BENCH_PROGS="p1 p2 ..." limits the run to those programs.
table="
reduce_add   16777216,67108864
reduce_mul   16777216,67108864
reduce_min   16777216,67108864
transpose    4096,16384
matmul       1024,4096
matvec       4096,16384
saxpy        16777216,67108864
hilbert      4096,16384
bwfilter     4096,16384
blackscholes 16777216,67108864
blackscholes_checked 16777216,67108864
montecarlo   1048576,16777216
kmeans       4194304,16777216
nbody        16384,65536
pagerank     1048576,4194304
jacobi2d     1024,2048
"

# One run of PACK's PROG at size N: "e2e kernel" in ms, or "FAIL why".
run1 () {
  local pack=$1 prog=$2 n=$3 line res
  line=$(LD_LIBRARY_PATH=$pack/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
    BENCH_VARIANT=ours GPURT_DEVICE=gpu GPURT_FALLBACK=abort \
    GPURT_PROFILE=json:/tmp/gpurt-profile.json \
    timeout 90 "$pack/bin/$prog.ours" "$n" 5 100 2>>"$log")
  res=$(echo "$line" | grep '^RESULT,' | tail -1)
  [ -n "$res" ] || { echo "FAIL exit"; return; }
  # RESULT,prog,variant,n,first_ms,e2e_ms,kernel_ms,reps,check,...
  echo "$res" | awk -F, '{ if ($9 !~ /^ok/) print "FAIL", $9; else print $6, $7 }'
}

# The smaller of two numbers, either of which may be empty.
min2 () { awk -v x="$1" -v y="$2" 'BEGIN { if (x == "") print y; else if (y == "" || x + 0 < y + 0) print x; else print y }'; }

echo "$table" | while read -r prog sizes; do
  [ -n "$prog" ] || continue
  case " ${BENCH_PROGS:-$prog} " in *" $prog "*) ;; *) continue ;; esac
  [ -x "$a/bin/$prog.ours" ] && [ -x "$b/bin/$prog.ours" ] || continue
  for n in $(echo "$sizes" | tr , ' '); do
    if [ $(( $(date +%s) - start )) -ge "$deadline" ]; then
      echo "$prog,$n,,,,,skipped: deadline," >>"$csv"; continue
    fi
    ae= be= ak= bk= fail=
    for r in $(seq "$rounds"); do
      # Alternate which side goes first.
      order="a b"; [ $((r % 2)) -eq 0 ] && order="b a"
      for side in $order; do
	pack=$a; [ $side = b ] && pack=$b
	set -- $(run1 "$pack" "$prog" "$n")
	echo "$prog $n round $r $side: $*" >>"$log"
	if [ "$1" = FAIL ]; then fail="$side: $*"; continue; fi
	if [ $side = a ]; then ae=$(min2 "$ae" "$1"); ak=$(min2 "$ak" "$2")
	else be=$(min2 "$be" "$1"); bk=$(min2 "$bk" "$2"); fi
      done
    done
    if [ -n "$fail" ]; then
      echo "$prog,$n,$ae,$be,$ak,$bk,$(echo "$fail" | tr , ';')," >>"$csv"
      continue
    fi
    awk -v p="$prog" -v n="$n" -v ae="$ae" -v be="$be" -v ak="$ak" -v bk="$bk" 'BEGIN {
      re = ae > 0 ? sprintf ("%.3f", be / ae) : "";
      rk = ak > 0 ? sprintf ("%.3f", bk / ak) : "";
      printf "%s,%s,%s,%s,%s,%s,%s,%s\n", p, n, ae, be, ak, bk, re, rk }' >>"$csv"
    echo "$prog $n done ($(( $(date +%s) - start )) s)" >>"$log"
  done
done
echo "# took $(( $(date +%s) - start )) s" >>"$csv"
