#!/bin/bash
# bench/pinned.sh -- what pinned staging of large copies (GPURT_PINNED,
# libgpurt/gpurt-stage.c) buys end to end, side by side in one GPU run:
# each program's gpuoffload build run as is ("ours") and with
# GPURT_PINNED=0 ("ours-pageable"), and 16-thread OpenMP ("omp"), two
# rounds, runs alternated.
#
#   bash bench/pinned.sh build          here, after `make': into gpu-pack/pinned
#   bash bench/pinned.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
#
# Prints and writes OUTDIR/pinned.txt: "ROUND RESULT,prog,variant,n,
# first_ms,e2e_ms,..." lines (bench/harness/bench.h).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pack=$top/gpu-pack/pinned
progs="saxpy matvec bwfilter kmeans pagerank reduce_add"
specs="saxpy:16777216 saxpy:67108864 matvec:8192 matvec:16384 bwfilter:4096 kmeans:4194304 pagerank:4194304 reduce_add:67108864"

if [ "${1:-run}" = build ]; then
  mkdir -p "$pack/lib"
  cp -L "$(gcc -print-file-name=libgomp.so.1)" "$pack/lib/"
  cd "$top/bench"
  ours="-std=gnu11 -O3 -Iharness -I$top/include -fplugin=$top/.libs/gpuoffload.so -fplugin-arg-gpuoffload-werror -DBENCH_KERNEL_TIMER"
  libs="harness/gpurt-peek.c -I$top/libgpurt -I$top $top/.libs/libgpurt.a -lOpenCL -lpthread -lm"
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$pack/$p.ours" || exit 1
    gcc -std=gnu11 -O3 -fopenmp -Iharness -I"$top/include" progs/$p.c -lm -o "$pack/$p.omp" || exit 1
  done
  echo "built into $pack"
  exit 0
fi

out=${2:-${OUT:-/tmp}}
mkdir -p "$out" /tmp/icd
echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
export OCL_ICD_VENDORS=/tmp/icd LD_LIBRARY_PATH=$pack/lib OMP_NUM_THREADS=16
export CUDA_CACHE_DISABLE=1 GPURT_CACHE_DIR=off
for spec in $specs; do
  p=${spec%:*} n=${spec#*:}
  for round in 1 2; do
    for v in ours ours-pageable omp; do
      b=$v e=GPURT_PINNED=auto
      [ $v = ours-pageable ] && { b=ours; e=GPURT_PINNED=0; }
      line=$(env $e BENCH_VARIANT=$v GPURT_DEVICE=gpu GPURT_FALLBACK=abort \
	timeout 150 "$pack/$p.$b" "$n" 5 300 2>>"$out/pinned-err.txt" | grep '^RESULT')
      echo "$round $line"
    done
  done
done | tee "$out/pinned.txt"
