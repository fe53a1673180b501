#!/bin/bash
# bench/resident.sh -- what keeping data on the device buys, measured side
# by side in one GPU run: each program's gpuoffload build with gpu_hostsync
# ("ours", launches that keep their data return once queued), the same run
# with GPURT_ASYNC=0 ("ours-sync": every launch waits), the build with
# -fplugin-arg-gpuoffload-no-transfer-elim ("noelim") and 16-thread OpenMP
# ("omp"), two rounds each, runs alternated.  kmeans and pagerank do one
# iteration a call (every call uploads the inputs again); kmeans_iter and
# pagerank_iter do 20 a call, as real code does.  The time-step programs
# (jacobi2d, heat3d, fdtd2d, kmeans_iter, pagerank_iter) also run as GCC's
# nvptx offload: "nvptx" with the map clauses of each loop (every loop
# copies its arrays both ways),
# and "nvptx-data" with a hand-written `target data' around the time loop
# (OMP_DATA in bench/harness/bench.h), as an OpenMP programmer would keep
# the arrays on the GPU.  A variant that did not build is left out.
#
#   bash bench/resident.sh build          here, after `make': into gpu-pack/bench
#   bash bench/resident.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
#
# Prints and writes OUTDIR/bench.txt: "ROUND RESULT,prog,variant,n,first_ms,
# e2e_ms,..." lines (bench/harness/bench.h).  bench/results/2026-11-24-h100-
# resident.md is a run of it without the async variant.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/bench
. "$top/bench/variants.sh"
progs="jacobi2d heat3d fdtd2d nbody kmeans kmeans_iter pagerank pagerank_iter saxpy"
steps="jacobi2d heat3d fdtd2d kmeans_iter pagerank_iter nbody"
specs=${SPECS:-"jacobi2d:1024 jacobi2d:2048 heat3d:128 heat3d:256 fdtd2d:1024 fdtd2d:2048 nbody:16384 nbody:65536 kmeans:4194304 kmeans_iter:4194304 pagerank:1048576 pagerank:4194304 pagerank_iter:4194304 saxpy:16777216"}

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    gcc $ours -fplugin-arg-gpuoffload-no-transfer-elim progs/$p.c $libs -o "$PACK/$p.noelim" || exit 1
    gcc $omp progs/$p.c -lm -o "$PACK/$p.omp" || exit 1
  done
  # GCC's nvptx offload links only with CUDA's ptxas off the PATH.
  nvptx="-std=gnu11 -O3 -Iharness -I$top/include -DBENCH_NVPTX -fopenmp -foffload=nvptx-none -fcf-protection=none"
  for p in $steps; do
    PATH=/usr/bin:/bin gcc $nvptx "-foffload-options=-lm -latomic" progs/$p.c -lm -o "$PACK/$p.nvptx" \
      && PATH=/usr/bin:/bin gcc $nvptx -DBENCH_TARGET_DATA "-foffload-options=-lm -latomic" progs/$p.c -lm \
	   -o "$PACK/$p.nvptx-data" \
      || echo "resident.sh: no nvptx build of $p (apt-get install gcc-12-offload-nvptx)"
  done
  f=$(gcc -print-file-name=libgomp-plugin-nvptx.so.1)
  [ -f "$f" ] && cp -L "$f" "$PACK/lib/"
  echo "built into $PACK"
  exit 0
fi

out=${2:-${OUT:-/tmp}}
mkdir -p "$out"
variants_run_env
for spec in $specs; do
  p=${spec%:*} n=${spec#*:}
  for round in 1 2; do
    for v in ours ours-sync noelim omp nvptx nvptx-data; do
      b=$v e=GPURT_ASYNC=1
      [ $v = ours-sync ] && { b=ours; e=GPURT_ASYNC=0; }
      [ -x "$PACK/$p.$b" ] || continue
      case $v in nvptx*) e="$e OMP_TARGET_OFFLOAD=MANDATORY" ;; esac
      line=$(variants_run "$PACK/$p.$b" "$n" "$out/bench-err.txt" $e \
	BENCH_VARIANT=$v GPURT_FALLBACK=abort)
      echo "$round $line"
    done
  done
done | tee "$out/bench.txt"
