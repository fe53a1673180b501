#!/bin/sh
# tools/gpu-check.sh -- proof on a real GPU (foundation issue item 11).
#
# The GPU machine has no GCC plugin headers, so the work is split:
#   tools/gpu-check.sh build   (here, after `make`): compiles every run test
#       and the demo with the in-tree plugin into gpu-pack/ together with
#       libgpurt.so.  Every marked loop must be offloaded: the tests are
#       built with -fplugin-arg-gpuoffload-werror.
#   tools/gpu-check.sh run     (on the GPU machine, gpu-pack/ carried there):
#       points the OpenCL ICD loader at NVIDIA's library, runs every test
#       with GPURT_DEVICE=gpu GPURT_FALLBACK=abort and again with
#       GPURT_DEVICE=host (the passes side by side, GPU_CHECK_STREAMS), then times the
#       demo on the GPU and on the host.
#       Prints "N passed, N failed"; each test's log is in GPU_CHECK_LOGS
#       (default /tmp/gpu-check).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pack=$top/gpu-pack
mode=${1:-run}

if [ "$mode" = build ]; then
  plugin=$top/.libs/gpuoffload.so
  lib=$top/.libs
  [ -f "$plugin" ] || { echo "build the tree first (make)"; exit 1; }
  rm -rf "$pack"; mkdir -p "$pack/lib" "$pack/bin"
  cp -L "$lib"/libgpurt.so* "$pack/lib/" 2>/dev/null
  fails=0
  T=$top/testsuite/gpuoffload.run
  for f in "$T"/*.c; do
    b=$(basename "$f" .c)
    # The test's own flags, as run.exp gives them ({ dg-additional-options }).
    extra=$(sed -n 's/.*{ *dg-additional-options *"\([^"]*\)" *}.*/\1/p' "$f")
    # A test whose loops stay on the host on purpose (its source says so,
    # as run.exp reads it) is built without werror.
    werror=-fplugin-arg-gpuoffload-werror
    grep -q "host loops on purpose" "$f" && werror=
    if ! gcc -O2 -fplugin="$plugin" $werror $extra \
	-I"$top/include" -I"$T" "$f" -L"$lib" -lgpurt -Wl,-rpath,'$ORIGIN/../lib' \
	-lm -lpthread -o "$pack/bin/$b" 2>"$pack/$b.cerr"; then
      echo "BUILD FAIL: $b"; head -3 "$pack/$b.cerr"; fails=$((fails+1))
    fi
  done
  gcc -O2 -fplugin="$plugin" -I"$top/include" "$top/demo/demo.c" -L"$lib" \
      -lgpurt -Wl,-rpath,'$ORIGIN/lib' -lm -o "$pack/demo"
  rm -f "$pack"/*.cerr
  echo "built $(ls "$pack/bin" | wc -l) tests into gpu-pack ($fails failed to build)"
  exit 0
fi

# run mode, on the GPU machine.
mkdir -p /tmp/icd
echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd
# Each test's log, and each stream's list, go to GPU_CHECK_LOGS (default
# /tmp/gpu-check): not to the device tool's $OUT, which returns only a few
# files (a script that archives its results there lost them to ~240 logs).
out=${GPU_CHECK_LOGS:-/tmp/gpu-check}
mkdir -p "$out"
# The device runs and the host runs go side by side: the host pass in
# one stream (it uses the machine's cores), the device pass in
# GPU_CHECK_STREAMS streams (default 2: a test mostly waits for copies
# and kernels, and tests share the GPU well), each stream taking every
# GPU_CHECK_STREAMS-th test.
streams=${GPU_CHECK_STREAMS:-2}
stream () {
  i=0
  for t in "$pack"/bin/*; do
    i=$((i+1))
    [ $((i % $3)) -eq "$2" ] || continue
    b=$(basename "$t")
    if GPURT_DEVICE=$1 GPURT_FALLBACK=abort timeout 120 "$t" >"$out/$b.$1.log" 2>&1; then
      echo "PASS: $b ($1)"
    else
      echo "FAIL: $b ($1)"; tail -3 "$out/$b.$1.log"
    fi
  done > "$out/gpu-check.$1.$2.txt"
}
k=0
while [ $k -lt "$streams" ]; do stream gpu $k "$streams" & k=$((k+1)); done
stream host 0 1 &
wait
cat "$out"/gpu-check.gpu.*.txt "$out"/gpu-check.host.0.txt
passed=$(cat "$out"/gpu-check.*.txt | grep -c '^PASS: ')
failed=$(cat "$out"/gpu-check.*.txt | grep -c '^FAIL: ')
echo "== demo on the GPU"
GPURT_DEVICE=gpu GPURT_FALLBACK=abort GPURT_VERBOSE=1 GPURT_PROFILE=1 "$pack/demo" 2>&1 | tail -30
echo "== demo on the host fallback"
GPURT_DEVICE=host "$pack/demo" 2>&1 | tail -12
echo "$passed passed, $failed failed"
