#!/bin/bash
# bench/resident.sh -- what keeping data on the device buys, measured side
# by side in one GPU run: each program's gpuoffload build with gpu_hostsync
# ("ours", launches that keep their data return once queued), the same run
# with GPURT_ASYNC=0 ("ours-sync": every launch waits), the build with
# -fplugin-arg-gpuoffload-no-transfer-elim ("noelim") and 16-thread OpenMP
# ("omp"), two rounds each, runs alternated.
#
#   bash bench/resident.sh build          here, after `make': into gpu-pack/bench
#   bash bench/resident.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
#
# Prints and writes OUTDIR/bench.txt: "ROUND RESULT,prog,variant,n,first_ms,
# e2e_ms,..." lines (bench/harness/bench.h).  bench/results/2026-11-24-h100-
# resident.md is a run of it without the async variant.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pack=$top/gpu-pack/bench
progs="jacobi2d nbody kmeans pagerank saxpy"
specs="jacobi2d:1024 jacobi2d:2048 nbody:16384 nbody:65536 kmeans:4194304 pagerank:1048576 pagerank:4194304 saxpy:16777216"

if [ "${1:-run}" = build ]; then
  mkdir -p "$pack/lib"
  cp -L "$(gcc -print-file-name=libgomp.so.1)" "$pack/lib/"
  cd "$top/bench"
  ours="-std=gnu11 -O3 -Iharness -I$top/include -fplugin=$top/.libs/gpuoffload.so -fplugin-arg-gpuoffload-werror -DBENCH_KERNEL_TIMER"
  libs="harness/gpurt-peek.c -I$top/libgpurt -I$top $top/.libs/libgpurt.a -lOpenCL -lpthread -lm"
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$pack/$p.ours" || exit 1
    gcc $ours -fplugin-arg-gpuoffload-no-transfer-elim progs/$p.c $libs -o "$pack/$p.noelim" || exit 1
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
    for v in ours ours-sync noelim omp; do
      b=$v e=GPURT_ASYNC=1
      [ $v = ours-sync ] && { b=ours; e=GPURT_ASYNC=0; }
      line=$(env $e BENCH_VARIANT=$v GPURT_DEVICE=gpu GPURT_FALLBACK=abort \
	timeout 150 "$pack/$p.$b" "$n" 5 300 2>>"$out/bench-err.txt" | grep '^RESULT')
      echo "$round $line"
    done
  done
done | tee "$out/bench.txt"
