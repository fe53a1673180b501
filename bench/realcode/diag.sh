#!/bin/bash
# bench/realcode/diag.sh -- where the time of hotspot and lud goes on the
# GPU.  check.sh's TIME line of each program is one call, measured from
# just after its set-up (tens of milliseconds after main starts) to its
# result: on the GPU it holds the device's start-up (context, the
# programs' load, which NVIDIA's PTX compiler redoes in every process
# under check.sh's CUDA_CACHE_DISABLE=1), the copies in and back, and the
# kernels.  On PoCL the kernels look right (hotspot: one launch a step,
# 2048 work-groups of 256, data kept on the device; lud: one launch a
# step, N-K-1 work-groups of 256, data kept), so this script separates,
# on the GPU, what a call costs once from what each step costs:
#
#   - each program as check.sh runs it (program cache cold, then warm),
#   - the same with GPURT_PROFILE=1 GPURT_VERBOSE=2 (kernel time, the
#     first launch's host time split into ready / copy / wait, the later
#     launches' mean, each launch's global and local size),
#   - hotspot with 1 step instead of 100 and lud at N = 128: the fixed
#     cost of a call,
#   - NVIDIA's own JIT cache on (CUDA_CACHE_PATH in OUTDIR, twice),
#   - hotspot with GPURT_TWO_LEVEL=flat (one work-item per row),
#   - the 16-thread OpenMP build at the same sizes.
#
# What to look at: the TIME of the 1-step (N = 128) run against the full
# one is the fixed cost of a call; the profile's first-launch "ready" is
# the start-up the first region waited for (context and program loads),
# "kernel ms" all kernels' device time.  Every `ours' program of
# bench/results/2026-11-25-h100-twolevel.txt took 1.1-2.5 s for its first
# call in a fresh process (first_ms, both program caches off;
# matvec_rowreduce 4096: 2.3 s, then 2.4-4.4 ms a call), and the autoinner
# bench's lud_rows, lud's algorithm, takes 25-30 ms a call at 2048 once
# started: if "ready" and the 1-step TIME hold most of hotspot's
# and lud's 2 s, the start-up is what loses to OpenMP, not the kernels.
#
#   bash bench/realcode/check.sh build      here (gpu-pack/realcode)
#   bash bench/realcode/diag.sh [OUTDIR]    on the GPU machine; OUTDIR
#       defaults to $OUT; writes OUTDIR/realcode-diag/ (one .err per run)
#       and prints the summary, also in OUTDIR/realcode-diag/diag.txt;
#       here: GPURT_DEVICE=auto DIAG_N=200 bash bench/realcode/diag.sh /tmp
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
pack=$top/gpu-pack/realcode
out=${1:-${OUT:-/tmp}}/realcode-diag
[ -x "$pack/hotspot.ours" ] && [ -x "$pack/lud.ours" ] || {
  echo "diag.sh: run 'bash bench/realcode/check.sh build' first" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
export LD_LIBRARY_PATH=$pack/lib OMP_NUM_THREADS=16 GPURT_FALLBACK=abort
# The NVIDIA driver's OpenCL, unless GPURT_DEVICE says otherwise.
if [ -z "${GPURT_DEVICE:-}" ]; then
  mkdir -p /tmp/icd
  echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd GPURT_DEVICE=gpu
fi
# The sizes (DIAG_N=200 tries the script on PoCL).
n=${DIAG_N:-2048}
prof="GPURT_PROFILE=1 GPURT_VERBOSE=2"
nojit="CUDA_CACHE_DISABLE=1 GPURT_CACHE_DIR=$out/cache"
jit="CUDA_CACHE_PATH=$out/nvcache GPURT_CACHE_DIR=$out/cache"

# run NAME BIN ARGS ENV...: BIN with ARGS (one word list) under ENV, its
# TIME line labelled NAME, its stderr in OUTDIR/NAME.err.
run () {
  local name=$1 bin=$2 args=$3
  shift 3
  env -u CUDA_CACHE_DISABLE "$@" timeout 300 "$pack/$bin" $args \
    2>"$out/$name.err" | sed "s/^TIME/TIME $name/"
}

# summary NAME: the profile of run NAME: its regions' launches, kernel
# time and bytes, the first and later launches' host time, and how many
# launches had each global/local size.
summary () {
  local e=$out/$1.err
  echo "== $1"
  grep -E "^gpurt: (loaded|built) " "$e"
  grep -E "^gpurt: launch .*(two-level|one-level|kernel \()" "$e" | sort | uniq -c | head -3
  grep -E "^gpurt: launch .*global" "$e" \
    | sed 's/.*global \([0-9x]*\), local \([0-9x]*\).*/global \1 local \2/' \
    | awk '{ n++; if (n <= 2 || n % 512 == 0) print "  launch " n ": " $0 } END { print "  launches: " n }'
  sed -n '/^gpurt profile:/,$p' "$e"
}

{
  nvidia-smi --query-gpu=name,persistence_mode,clocks.sm,clocks.max.sm,pstate --format=csv 2>&1
  run omp-hotspot hotspot.omp "$n 100"
  run omp-hotspot-1 hotspot.omp "$n 1"
  run omp-lud lud.omp "$n"
  # As check.sh runs them: the program cache cold, then warm.
  run hotspot-cold hotspot.ours "$n 100" $nojit
  run hotspot-warm hotspot.ours "$n 100" $nojit
  run hotspot-prof hotspot.ours "$n 100" $nojit $prof
  run hotspot-1step hotspot.ours "$n 1" $nojit $prof
  run hotspot-jit1 hotspot.ours "$n 100" $jit
  run hotspot-jit2 hotspot.ours "$n 100" $jit
  run hotspot-jit-prof hotspot.ours "$n 100" $jit $prof
  run hotspot-jit-1step hotspot.ours "$n 1" $jit $prof
  run hotspot-flat hotspot.ours "$n 100" $jit $prof GPURT_TWO_LEVEL=flat
  run lud-cold lud.ours "$n" $nojit
  run lud-warm lud.ours "$n" $nojit
  run lud-prof lud.ours "$n" $nojit $prof
  run lud-128 lud.ours "128" $nojit $prof
  run lud-jit1 lud.ours "$n" $jit
  run lud-jit2 lud.ours "$n" $jit
  run lud-jit-prof lud.ours "$n" $jit $prof
  run lud-jit-128 lud.ours "128" $jit $prof
  for r in hotspot-prof hotspot-1step hotspot-jit-prof hotspot-jit-1step \
	   hotspot-flat lud-prof lud-128 lud-jit-prof lud-jit-128; do
    summary $r
  done
} 2>&1 | tee "$out/diag.txt"
