#!/bin/sh
# tools/reduce-perf/run.sh PACK [REPS] -- on the GPU machine: run the
# reduction tests (device and host), then time, for 2^24 and 2^26 floats:
# the device-to-device copy and the hand-written OpenCL reductions (hand),
# the marked reductions with local memory and with no-local-mem (kernel
# time from GPURT_PROFILE, the first launch subtracted by running 1 and
# REPS+1 launches), and the final combine on the host against the NAME_fin
# kernel.  Everything goes to stdout and to $OUT/perf-raw.txt; table.py
# makes the table.
set -u
pack=$(cd "${1:?usage: run.sh PACK [REPS]}" && pwd)
reps=${2:-20}
out=${OUT:-/tmp}
raw=$out/perf-raw.txt
: > "$raw"
dev=${DEV:-gpu}		# DEV=cpu tries it out where there is no GPU
tmp=$(mktemp -d)
if [ "$dev" = gpu ]; then
  mkdir -p /tmp/icd
  echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd
fi
ldconfig -p | grep -q 'libOpenCL.so.1 ' || export LD_LIBRARY_PATH=$pack/lib/ocl
export GPURT_FALLBACK=abort GPURT_CACHE_DIR=off

pass=0; fail=0
for t in "$pack"/tests/*; do
  for d in $dev host; do
    if GPURT_DEVICE=$d timeout 300 "$t" > "$tmp/t.log" 2>&1; then
      pass=$((pass+1)); echo "PASS: $(basename "$t") ($d)"
    else
      fail=$((fail+1)); echo "FAIL: $(basename "$t") ($d)"; tail -5 "$tmp/t.log"
    fi
  done
done
echo "tests: $pass passed, $fail failed" | tee -a "$raw"

export GPURT_DEVICE=$dev
for e in ${SIZES:-24 26}; do
  n=$((1 << e))
  echo "== size 2^$e" | tee -a "$raw"
  "$pack/bin/hand" "$n" "$reps" | sed "s/^/e$e /" | tee -a "$raw"
  for v in local global; do
    for r in 1 $((reps + 1)); do
      GPURT_PROFILE=json:"$tmp/p.json" "$pack/bin/reduce-perf-$v" "$n" "$r" \
	| sed "s/^/e$e $v $r /" | tee -a "$raw"
      { tr -d '\n' < "$tmp/p.json"; echo; } | sed 's/},/}\n/g' \
	| sed -n 's/.*"name": "\([^"]*\)".*"launches": \([0-9]*\).*"kernel_ms": \([0-9.]*\).*/\1 \2 \3/p' \
	| sed "s/^/e$e prof $v $r /" | tee -a "$raw"
    done
  done
  # Work-groups per launch (default 8 per compute unit), for tuning.
  for g in ${GROUPS_TRY:-}; do
    for r in 1 $((reps + 1)); do
      GPURT_REDUCE_GROUPS=$g GPURT_PROFILE=json:"$tmp/p.json" \
	"$pack/bin/reduce-perf-local" "$n" "$r" > /dev/null
      { tr -d '\n' < "$tmp/p.json"; echo; } | sed 's/},/}\n/g' \
	| sed -n 's/.*"name": "\([^"]*\)".*"launches": \([0-9]*\).*"kernel_ms": \([0-9.]*\).*/\1 \2 \3/p' \
	| sed "s/^/e$e prof g$g $r /" | tee -a "$raw"
    done
  done
  for f in host kernel; do
    GPURT_REDUCE_FINAL=$f GPURT_REDUCE_STATS=1 \
      "$pack/bin/reduce-perf-local" "$n" "$reps" 2>&1 | grep "final" \
      | sed "s/^/e$e final $f /" | tee -a "$raw"
  done
done
rm -rf "$tmp"
