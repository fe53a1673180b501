#!/bin/bash
# bench/realcode/check.sh -- the target of issue 13: real OpenMP programs
# ported by replacing each `#pragma omp parallel for' with GPU_PARALLEL
# and nothing else (mark.awk does exactly that).  For each program here:
# build the marked version with -fopt-info-loop, report how many marked
# loops were offloaded and the remark of each one that was not; run it on
# the OpenCL device with GPURT_FALLBACK=abort and compare its results
# with the serial build's, all under -ffp-contract=off: exact, or within
# a relative tolerance (the second field of SPECS) for programs calling
# <math.h> functions, which may differ from glibc's by a few units in the
# last place on the device (lavamd's float sums of expf: 5e-7 on PoCL,
# 7e-5 on an NVIDIA H100, whose expf differs more from glibc's).
#
#   bash bench/realcode/check.sh [small|medium] [PROG...]   here (PoCL)
#       prints "PROG: K of N marked loops offloaded", the remarks, and
#       "PASS PROG" / "FAIL PROG (why)"; exit status 1 if any FAIL.
#       small: the sizes the test suite uses (gpuoffload.realcode).
#   bash bench/realcode/check.sh build          here, after `make': the
#       serial, 16-thread OpenMP and marked builds into gpu-pack/realcode
#   bash bench/realcode/check.sh run [OUTDIR]   on the GPU machine: times
#       of each (TIME lines) and the comparison with serial, at bench sizes
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
progs_all="hotspot lud lavamd particlefilter nn bptree pathfinder"
# PROG:RTOL:small args:medium args:bench args
specs="hotspot:0:17 3:200 20:2048 100
lud:0:13:300:2048
lavamd:1e-4:2:4:10
particlefilter:1e-9:97 4:5000 10:1000000 10
nn:0:101:100000:10000000
bptree:0:1000 97:100000 10000:4000000 1000000
pathfinder:0:1001 13:100000 100:1000000 200"
spec () { echo "$specs" | grep "^$1:" | cut -d: -f"$2"; }

mode=${1:-medium}
case $mode in small|medium|build|run) shift ;; *) mode=medium ;; esac
# run [OUTDIR] [PROG...]
if [ "$mode" = run ]; then
  out=${1:-${OUT:-/tmp}}
  [ $# -gt 0 ] && shift
fi
progs=${*:-$progs_all}

ours="-std=gnu11 -O2 -ffp-contract=off -I$here -I$top/include -fplugin=$top/.libs/gpuoffload.so"
libs="$top/.libs/libgpurt.a -lOpenCL -lpthread -lm -ldl"
serial="-std=gnu11 -O2 -ffp-contract=off -I$here -I$top/include"

# Build PROG's serial, OpenMP and marked versions into DIR; the
# compiler's remarks into DIR/PROG.remarks.
build_one () {
  local p=$1 dir=$2
  awk -f "$here/mark.awk" "$here/$p.c" > "$dir/$p-marked.c" || return 1
  gcc $serial "$here/$p.c" -lm -o "$dir/$p.serial" || return 1
  gcc $serial -fopenmp "$here/$p.c" -lm -o "$dir/$p.omp" || return 1
  gcc $ours -fopt-info-loop-optimized -fopt-info-loop-missed \
    "$dir/$p-marked.c" $libs -o "$dir/$p.ours" 2> "$dir/$p.remarks" || {
    cat "$dir/$p.remarks"; return 1; }
}

if [ "$mode" = build ]; then
  pack=$top/gpu-pack/realcode
  mkdir -p "$pack/lib"
  cp -L "$(gcc -print-file-name=libgomp.so.1)" "$pack/lib/" || exit 1
  gcc -O2 "$here/rccmp.c" -lm -o "$pack/rccmp" || exit 1
  for p in $progs; do build_one $p "$pack" || exit 1; done
  echo "built into $pack"
  exit 0
fi

if [ "$mode" = run ]; then
  pack=$top/gpu-pack/realcode
  mkdir -p "$out" /tmp/icd
  echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd LD_LIBRARY_PATH=$pack/lib OMP_NUM_THREADS=16
  export CUDA_CACHE_DISABLE=1
  for p in $progs; do
    args=$(spec $p 5) rtol=$(spec $p 2)
    for v in serial omp ours ours; do
      rm -f "$out/$p.$v.out"
      RC_OUT=$out/$p.$v.out GPURT_DEVICE=gpu GPURT_FALLBACK=abort \
	GPURT_CACHE_DIR=$out/cache timeout 300 "$pack/$p.$v" $args \
	2>>"$out/realcode-err.txt" | sed "s/^TIME/TIME $v/"
    done
    "$pack/rccmp" "$out/$p.serial.out" "$out/$p.ours.out" $rtol | sed "s/^/$p ours: /"
    "$pack/rccmp" "$out/$p.serial.out" "$out/$p.omp.out" $rtol | sed "s/^/$p omp: /"
  done 2>&1 | tee "$out/realcode.txt"
  exit 0
fi

col=3
[ "$mode" = medium ] && col=4
dir=$(mktemp -d /tmp/realcode.XXXXXX)
gcc -O2 "$here/rccmp.c" -lm -o "$dir/rccmp" || exit 1
status=0
for p in $progs; do
  args=$(spec $p $col) rtol=$(spec $p 2)
  if ! build_one $p "$dir"; then
    echo "FAIL $p (build)"; status=1; continue
  fi
  marked=$(grep -c 'GPU_PARALLEL' "$dir/$p-marked.c")
  done_=$(grep -c 'optimized: loop offloaded' "$dir/$p.remarks")
  echo "$p: $done_ of $marked marked loops offloaded"
  grep 'loop not offloaded' "$dir/$p.remarks" | sed "s|^$dir/||; s/^/  /"
  RC_OUT=$dir/$p.serial.out "$dir/$p.serial" $args > /dev/null || {
    echo "FAIL $p (serial run)"; status=1; continue; }
  if ! RC_OUT=$dir/$p.ours.out GPURT_FALLBACK=abort "$dir/$p.ours" $args \
       > /dev/null 2> "$dir/$p.err"; then
    echo "FAIL $p (device run: $(head -c 300 "$dir/$p.err"))"; status=1; continue
  fi
  if ! cmpout=$("$dir/rccmp" "$dir/$p.serial.out" "$dir/$p.ours.out" $rtol); then
    echo "FAIL $p ($cmpout)"; status=1; continue
  fi
  if [ "$done_" != "$marked" ]; then
    echo "FAIL $p (not every marked loop offloaded; results $cmpout)"; status=1
  else
    echo "PASS $p ($cmpout)"
  fi
done
rm -rf "$dir"
exit $status
