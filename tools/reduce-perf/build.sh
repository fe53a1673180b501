#!/bin/sh
# tools/reduce-perf/build.sh PACK -- build the GPU_REDUCE performance
# harness and the reduction run tests into the folder PACK (after `make`
# in the tree), to be carried to the GPU machine and run there with
# run.sh (the GPU machine has no GCC plugin headers).
#   PACK/bin/reduce-perf-local    marked reductions, default (local memory)
#   PACK/bin/reduce-perf-global   the same, -fplugin-arg-gpuoffload-no-local-mem
#   PACK/bin/hand                 hand-written OpenCL + copy bandwidth
#   PACK/tests/*                  testsuite/gpuoffload.run/reduce-*.c
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
pack=${1:?usage: build.sh PACK}
plugin=$top/.libs/gpuoffload.so
lib=$top/.libs
[ -f "$plugin" ] || { echo "build the tree first (make)"; exit 1; }
rm -rf "$pack"; mkdir -p "$pack/lib/ocl" "$pack/bin" "$pack/tests"
cp -L "$lib"/libgpurt.so.0 "$pack/lib/"
cp -L /usr/lib/x86_64-linux-gnu/libOpenCL.so.1 "$pack/lib/ocl/" 2>/dev/null || true
cc="gcc -O2 -fplugin=$plugin -fplugin-arg-gpuoffload-werror -I$top/include"
link="-L$lib -lgpurt -Wl,-rpath,\$ORIGIN/../lib -lm -lpthread"
here=$top/tools/reduce-perf
$cc "$here/reduce-perf.c" $link -o "$pack/bin/reduce-perf-local"
$cc -fplugin-arg-gpuoffload-no-local-mem "$here/reduce-perf.c" $link \
    -o "$pack/bin/reduce-perf-global"
gcc -O2 "$here/hand.c" -lOpenCL -lm -o "$pack/bin/hand"
cp "$here/run.sh" "$pack/"
T=$top/testsuite/gpuoffload.run
for f in "$T"/reduce-*.c; do
  $cc -I"$T" "$f" $link -o "$pack/tests/$(basename "$f" .c)"
done
echo "built into $pack"
