#!/bin/bash
# bench/private.sh -- what gpu_private buys (issue 17, first step), side
# by side in one GPU run: kmeans_alloc (each point mallocs a scratch of
# its distances to the 32 centroids) as "ours" (the scratch a private
# array of each work-item), "ours-no-private" (built with
# -fplugin-arg-gpuoffload-no-private and without werror: the scratch
# comes from the device heap; bench/alloc.sh has the host loop), 16-thread OpenMP ("omp") and, when GCC's nvptx
# offload is installed, "nvptx" (malloc on the device from libgomp's
# heap).  Two rounds, runs alternated; kernel times from OpenCL events
# for ours.
#
#   bash bench/private.sh build          here, after `make'
#   bash bench/private.sh check          here: every variant once at small
#                                        sizes on the local OpenCL device
#   bash bench/private.sh run [OUTDIR]   on the GPU machine (gpu-pack
#                                        carried), about 2 minutes
#
# Prints and writes OUTDIR/private.txt: "ROUND RESULT,prog,variant,n,
# first_ms,e2e_ms,kernel_ms,..." lines (bench/harness/bench.h); the
# runtime's messages (GPURT_VERBOSE=1: which regions ran where) go to
# OUTDIR/private-err.txt.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/private
. "$top/bench/variants.sh"
progs="kmeans_alloc"
specs=${SPECS:-"kmeans_alloc:1048576 kmeans_alloc:4194304 kmeans_alloc:16777216"}
variants="ours ours-no-private omp nvptx"

case "${1:-run}" in
build)
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    gcc ${ours/-fplugin-arg-gpuoffload-werror/} \
      -fplugin-arg-gpuoffload-no-private progs/$p.c $libs \
      -o "$PACK/$p.ours-no-private" || exit 1
    gcc $omp progs/$p.c -lm -o "$PACK/$p.omp" || exit 1
    # GCC's nvptx offload links only with CUDA's ptxas off the PATH.
    PATH=/usr/bin:/bin gcc -std=gnu11 -O3 -Iharness -I"$top/include" \
      -DBENCH_NVPTX -fopenmp -foffload=nvptx-none -fcf-protection=none \
      "-foffload-options=-lm -latomic" progs/$p.c -lm -o "$PACK/$p.nvptx" \
      2>/dev/null \
      || echo "private.sh: no nvptx build of $p (apt-get install gcc-12-offload-nvptx)"
  done
  f=$(gcc -print-file-name=libgomp-plugin-nvptx.so.1)
  [ -f "$f" ] && cp -L "$f" "$PACK/lib/"
  echo "built into $PACK"
  exit 0
  ;;
check)
  # Small sizes on whatever OpenCL device is here (PoCL on the CPU):
  # the outputs are checked against serial C by each program.
  status=0
  for p in $progs; do
    for n in 0 1 1000 65537; do
      for v in ours ours-no-private omp; do
	[ -x "$PACK/$p.$v" ] || continue
	line=$(env BENCH_VARIANT=$v GPURT_FALLBACK=abort GPURT_CACHE_DIR=off \
	  "$PACK/$p.$v" $n 1 10 2>&1 | grep '^RESULT')
	echo "$line"
	case "$line" in *,ok*) ;; *) status=1 ;; esac
      done
    done
  done
  exit $status
  ;;
esac

out=${2:-${OUT:-/tmp}}
mkdir -p "$out"
variants_run_env
err=$out/private-err.txt
for spec in $specs; do
  p=${spec%:*} n=${spec#*:}
  for round in 1 2; do
    for v in $variants; do
      [ -x "$PACK/$p.$v" ] || continue
      e=
      case $v in nvptx) e=OMP_TARGET_OFFLOAD=MANDATORY ;; esac
      line=$(variants_run "$PACK/$p.$v" "$n" "$err" $e BENCH_VARIANT=$v \
	GPURT_FALLBACK=abort GPURT_VERBOSE=1)
      echo "$round ${line:-$p,$v,$n,FAIL (see private-err.txt)}"
    done
  done
done | tee "$out/private.txt"
