#!/bin/bash
# bench/launch/launch.sh -- start-up and launch cost side by side in one
# GPU run (issue 15): launch.c built as ours (default start-up thread,
# and again with GPURT_INIT=lazy, and with GPURT_POOL=0: no pool of small
# buffers), hand-written OpenCL (ocl; ocl-bg: its set-up and a warm-up
# launch on a thread of its own during the host work, as ours; ocl-bg-
# touch: the same and one OpenCL call by the main thread before the host
# work, see launch.c) and GCC's nvptx offload (nvptx).
#
#   bash bench/launch/launch.sh build          here, after `make'
#   bash bench/launch/launch.sh run [OUTDIR]   on the GPU machine
#                                              (gpu-pack carried)
# Prints and writes OUTDIR/launch.txt: "ROUND RESULT,variant,what,value,
# unit" lines, two rounds, variants alternated (first-over-paused: the
# first region over a later launch made after the same host work, what
# an idle device and driver cost any launch); then OUTDIR/launch-
# profile.txt: ours once more under GPURT_PROFILE (every launch then
# waits for its kernel), whose second table splits a launch's host time
# into its parts (ready, lookup, args, copy, enqueue, wait, release), the
# first launch apart from the later ones' mean and from the idle row (the
# later launch after the same host work: what is left of the first one
# above it is start-up cost), with GPURT_VERBOSE=1 (what the start-up
# thread prepared), and again under GPURT_POOL=0.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
pack=$top/gpu-pack/launch
src=$top/bench/launch/launch.c

if [ "${1:-run}" = build ]; then
  mkdir -p "$pack/lib"
  for l in libgomp.so.1 libgomp-plugin-nvptx.so.1; do
    cp -L "$(gcc -print-file-name=$l)" "$pack/lib/" || exit 1
  done
  gcc -O2 -I"$top/include" -fplugin="$top/.libs/gpuoffload.so" \
    -fplugin-arg-gpuoffload-werror "$src" -L"$top/.libs" -lgpurt \
    -Wl,-rpath,'$ORIGIN/lib' -o "$pack/launch.ours" || exit 1
  cp -L "$top"/.libs/libgpurt.so.0 "$pack/lib/"
  gcc -O2 -DBENCH_OCL -I"$top/include" "$src" -lOpenCL -o "$pack/launch.ocl" || exit 1
  PATH=/usr/bin:/bin gcc -O2 -DBENCH_NVPTX -I"$top/include" -fopenmp -foffload=nvptx-none \
    -fcf-protection=none "$src" -Wl,-rpath,'$ORIGIN/lib' \
    -o "$pack/launch.nvptx" || exit 1
  echo "built into $pack"
  exit 0
fi

out=${2:-${OUT:-/tmp}}
mkdir -p "$out" /tmp/icd
echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd LD_LIBRARY_PATH=$pack/lib
# The program cache warm for ours (the first run fills it): the start-up
# cost measured is the context and the cached program's load.
export GPURT_CACHE_DIR=/tmp/gpurt-launch-cache
GPURT_DEVICE=gpu "$pack/launch.ours" 0 100 >/dev/null 2>&1
for round in 1 2; do
  for v in ours ours-lazy ours-nopool ocl ocl-bg ocl-bg-touch nvptx; do
    b=$v e=GPURT_INIT=eager
    [ $v = ours-lazy ] && { b=ours; e=GPURT_INIT=lazy; }
    [ $v = ours-nopool ] && { b=ours; e=GPURT_POOL=0; }
    [ $v = ocl-bg ] && { b=ocl; e=LAUNCH_OCL_BG=1; }
    [ $v = ocl-bg-touch ] && { b=ocl; e=LAUNCH_OCL_BG=touch; }
    env $e GPURT_DEVICE=gpu GPURT_FALLBACK=abort timeout 120 \
      "$pack/launch.$b" 1.0 20000 2>>"$out/launch-err.txt" \
      | sed "s/^RESULT,[a-z]*,/RESULT,$v,/; s/^/$round /"
  done
done | tee "$out/launch.txt"
echo "first region / median later launch (issue 15 target: <= 1.2x):"
grep ',first-over-later,' "$out/launch.txt" | sed 's/^/  /'
echo "first region / a later launch after the same host work (idle device):"
grep ',first-over-paused,' "$out/launch.txt" | sed 's/^/  /'
GPURT_VERBOSE=1 GPURT_PROFILE=1 GPURT_DEVICE=gpu GPURT_FALLBACK=abort timeout 120 \
  "$pack/launch.ours" 1.0 20000 >"$out/launch-profile.txt" 2>&1
echo "--- GPURT_POOL=0" >>"$out/launch-profile.txt"
GPURT_POOL=0 GPURT_PROFILE=1 GPURT_DEVICE=gpu GPURT_FALLBACK=abort \
  timeout 120 "$pack/launch.ours" 1.0 20000 >>"$out/launch-profile.txt" 2>&1
cat "$out/launch-profile.txt"
