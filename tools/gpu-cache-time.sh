#!/bin/sh
# tools/gpu-cache-time.sh -- first-call time with a cold and a warm
# program cache on a real GPU (issue 5, item 4), split like gpu-check.sh:
#   tools/gpu-cache-time.sh build DIR   (here, after `make'): builds
#       tools/cache-firstcall.c with the in-tree plugin into DIR/bin, with
#       libgpurt.so and libelf in DIR/lib (rpath $ORIGIN/../lib), and a
#       gpuoffload-info linked the same way.
#   DIR/run.sh                          (on the GPU machine): points the
#       ICD loader at NVIDIA's OpenCL, prints gpuoffload-info, then runs
#       the program REPEAT times each with an empty and with a filled
#       cache, first with NVIDIA's own JIT cache off (CUDA_CACHE_DISABLE=1:
#       what our cache alone saves), then with it on.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
[ "${1:-}" = build ] && [ -n "${2:-}" ] || { echo "usage: $0 build DIR"; exit 1; }
pack=$2
rm -rf "$pack"; mkdir -p "$pack/bin" "$pack/lib"
cp -L "$top"/.libs/libgpurt.so.0 "$pack/lib/"
cp -L /usr/lib/x86_64-linux-gnu/libelf.so.1 "$pack/lib/"
rpath='-Wl,-rpath,$ORIGIN/../lib'
gcc -O2 -fplugin="$top/.libs/gpuoffload.so" -I"$top/include" \
    "$top/tools/cache-firstcall.c" -L"$top/.libs" -lgpurt "$rpath" \
    -o "$pack/bin/cache-firstcall"
gcc -std=c11 -O2 -I"$top" "$top/tools/gpuoffload-info.c" "$top/.libs/libgpurt.a" \
    -lelf -ldl -pthread "$rpath" -o "$pack/bin/gpuoffload-info"
cat > "$pack/run.sh" <<'RUN'
#!/bin/sh
# run.sh -- written by tools/gpu-cache-time.sh; run on the GPU machine.
cd "$(dirname "$0")"
mkdir -p /tmp/icd
echo libnvidia-opencl.so.1 > /tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=${OCL_ICD_VENDORS:-/tmp/icd} GPURT_DEVICE=${GPURT_DEVICE:-gpu} GPURT_FALLBACK=abort
REPEAT=${REPEAT:-3}
./bin/gpuoffload-info
./bin/gpuoffload-info bin/cache-firstcall | head -8
for nv in 1 0; do
  echo "== CUDA_CACHE_DISABLE=$nv (NVIDIA's own JIT cache $( [ $nv = 1 ] && echo off || echo on))"
  for r in $(seq "$REPEAT"); do
    rm -rf /tmp/gpc /tmp/nvc
    for state in cold warm; do
      printf '%s: ' "$state"
      CUDA_CACHE_DISABLE=$nv CUDA_CACHE_PATH=/tmp/nvc GPURT_CACHE_DIR=/tmp/gpc \
        ./bin/cache-firstcall
    done
  done
done
echo "== cache off, for reference"
GPURT_CACHE_DIR=off CUDA_CACHE_DISABLE=1 GPURT_PROFILE=1 ./bin/cache-firstcall
echo "== warm run, profile"
GPURT_CACHE_DIR=/tmp/gpc CUDA_CACHE_DISABLE=1 GPURT_PROFILE=1 GPURT_VERBOSE=1 ./bin/cache-firstcall
ls -l /tmp/gpc
RUN
chmod +x "$pack/run.sh"
echo "built into $pack: run $pack/run.sh on the GPU machine"
