#!/bin/bash
# bench/reduce.sh -- what the last work-group's combine of a GPU_REDUCE
# (docs/ABI.md section 4: one kernel and one small read per launch)
# buys, side by side in one GPU run: each program's gpuoffload build run
# as is ("ours"), with GPURT_REDUCE_FINAL=host ("ours-host": the partials
# read back and combined on the host, as before) and =kernel
# ("ours-fin": the NAME_fin kernel), the build with
# -fplugin-arg-gpuoffload-no-reduce-last ("ours-nolast": the kernel
# without the combine, as before), and 16-thread OpenMP ("omp"), two
# rounds, runs alternated.  kmeans_iter runs 16 small reductions an
# iteration whose results the host needs at once; reduce_add one large
# one.  Then one GPURT_PROFILE=1 run of kmeans_iter per way, whose
# "wait" column is the time from the kernel's launch to the results in
# host memory.
#
#   bash bench/reduce.sh build          here, after `make': into gpu-pack/reduce
#   bash bench/reduce.sh check          here: each variant once, small sizes
#   bash bench/reduce.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
#
# Writes OUTDIR/reduce.txt: "ROUND RESULT,prog,variant,n,first_ms,
# e2e_ms,..." lines (bench/harness/bench.h), OUTDIR/reduce-profile.txt,
# and OUTDIR/reduce-test.txt: run/reduce-last.c's outcome on the GPU
# ("reduce-last: ok"), which "run" runs first.
# SPECS="prog:n ..." overrides the sizes.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/reduce
. "$top/bench/variants.sh"
progs="kmeans_iter reduce_add"
specs=${SPECS:-"kmeans_iter:4194304 reduce_add:67108864"}

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    variants_build_off $p ours-nolast -fplugin-arg-gpuoffload-no-reduce-last
  done
  # The run test of the combine, linked with libgpurt.a: on the GPU it
  # checks the count of work-groups and the fences there.
  t=$top/testsuite/gpuoffload.run
  gcc ${ours/-DBENCH_KERNEL_TIMER/} -I"$t" "$t/reduce-last.c" \
    "$top/.libs/libgpurt.a" -lOpenCL -lpthread -lm \
    -o "$PACK/reduce-last.test" || exit 1
  echo "built into $PACK"
  exit 0
fi

# The binary and environment of variant $2 of program $1.
reduce_pick () {
  case $2 in
    ours-host) bin=$PACK/$1.ours env="$env GPURT_REDUCE_FINAL=host" ;;
    ours-fin) bin=$PACK/$1.ours env="$env GPURT_REDUCE_FINAL=kernel" ;;
  esac
}

reduce_variants () {
  variants_rounds "$1" "$2" "ours ours-host ours-fin ours-nolast omp" \
    reduce_pick
}

variants_check_or_run "${1:-run}" "${2:-${OUT:-/tmp}}" reduce reduce_variants \
  "kmeans_iter:65536 reduce_add:1000003" "$specs"
[ "${1:-run}" = check ] && exit 0
out=${2:-${OUT:-/tmp}}
echo "== testsuite/gpuoffload.run/reduce-last.c on the GPU" | tee "$out/reduce-test.txt"
env GPURT_DEVICE=gpu GPURT_FALLBACK=abort timeout 300 "$PACK/reduce-last.test" \
  2>&1 | tail -20 | tee -a "$out/reduce-test.txt"
for e in last host kernel; do
  echo "== kmeans_iter GPURT_REDUCE_FINAL=$e GPURT_PROFILE=1"
  env GPURT_REDUCE_FINAL=$e GPURT_PROFILE=1 GPURT_DEVICE=gpu \
    GPURT_FALLBACK=abort timeout 150 "$PACK/kmeans_iter.ours" 4194304 3 300 2>&1 \
    | grep -E '^RESULT|gpu_kmeans_iter|region'
done | tee "$out/reduce-profile.txt"
