#!/bin/bash
# bench/twolevel.sh -- what two levels of parallelism buy (issue 14), side
# by side in one GPU run: matvec_rowreduce (a GPU_REDUCE per row over an
# inner marked loop) and gemm_ikj (the i-k-j product), each as "ours",
# "ours-no-two-level" (inner marked loops serial in each work-item) and
# 16-thread OpenMP ("omp"); matvec (one row per work-item, no inner level)
# and matmul (the i-j-k product marked 2-D) for reference.  Two rounds,
# runs alternated.
#
#   bash bench/twolevel.sh build          here, after `make'
#   bash bench/twolevel.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pack=$top/gpu-pack/twolevel
progs="matvec_rowreduce gemm_ikj matvec matmul"
specs="matvec_rowreduce:4096 matvec_rowreduce:16384 matvec:16384 gemm_ikj:1024 gemm_ikj:2048 matmul:2048"

if [ "${1:-run}" = build ]; then
  mkdir -p "$pack/lib"
  cp -L "$(gcc -print-file-name=libgomp.so.1)" "$pack/lib/"
  cd "$top/bench"
  ours="-std=gnu11 -O3 -Iharness -I$top/include -fplugin=$top/.libs/gpuoffload.so -fplugin-arg-gpuoffload-werror -DBENCH_KERNEL_TIMER"
  libs="harness/gpurt-peek.c -I$top/libgpurt -I$top $top/.libs/libgpurt.a -lOpenCL -lpthread -lm"
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$pack/$p.ours" || exit 1
    # Without two levels a reduction per row is a host loop (a remark):
    # built without werror, it measures that host loop.
    gcc ${ours/-fplugin-arg-gpuoffload-werror/} -fplugin-arg-gpuoffload-no-two-level \
      progs/$p.c $libs -o "$pack/$p.ours-no-two-level" 2>/dev/null || exit 1
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
    for v in ours ours-no-two-level omp; do
      f=abort
      [ $v = ours-no-two-level ] && f=silent
      line=$(env BENCH_VARIANT=$v GPURT_DEVICE=gpu GPURT_FALLBACK=$f \
	timeout 100 "$pack/$p.$v" "$n" 5 300 2>>"$out/twolevel-err.txt" | grep '^RESULT')
      echo "$round $line"
    done
  done
done | tee "$out/twolevel.txt"
