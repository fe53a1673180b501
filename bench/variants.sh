# bench/variants.sh -- sourced by bench/resident.sh, pinned.sh and
# twolevel.sh: what their side-by-side runs share.  The sourcing script
# sets PACK (its folder in gpu-pack) before calling these.
#
#   variants_build_start        make PACK, carry libgomp, set $ours, $libs
#                               and $omp (compile commands, in bench/)
#   variants_build_off PROG SUFFIX FLAG...
#                               PACK/PROG.ours, PACK/PROG.SUFFIX (ours with
#                               FLAG..., an optimisation turned off) and
#                               PACK/PROG.omp; exits on a failed build
#   variants_build_nvptx PROG   PACK/PROG.nvptx: GCC's nvptx offload with
#                               `omp target data' (-DBENCH_TARGET_DATA),
#                               its messages in PACK/PROG.nvptx.err
#   variants_run_env            on the GPU machine: ICD loader, library
#                               path, 16 OpenMP threads, caches off
#   variants_run BIN N ERR ENV... one run of BIN at size N (5 repetitions,
#                               300 ms), ENV... in its environment, its
#                               stderr appended to ERR; prints its RESULT
#   variants_rounds SPECS RUN VARIANTS PICK
#                               a LIST for variants_check_or_run: for each
#                               PROG:N in SPECS, two rounds of each variant
#                               V in VARIANTS, whose binary and environment
#                               (bin, env: PACK/PROG.V and BENCH_VARIANT=V
#                               GPURT_FALLBACK=abort unless PICK PROG V
#                               changes them) go to RUN BIN N ENV...
#   variants_check_or_run MODE OUTDIR NAME LIST CHECK_SPECS SPECS
#                               the end of a script whose LIST SPECS RUN
#                               calls RUN BIN N ENV... for each variant:
#                               MODE "check" runs CHECK_SPECS here once
#                               each; otherwise, on the GPU machine, SPECS
#                               into OUTDIR/NAME.txt (stderr NAME-err.txt)

variants_build_start () {
  mkdir -p "$PACK/lib"
  cp -L "$(gcc -print-file-name=libgomp.so.1)" "$PACK/lib/" || exit 1
  cd "$top/bench" || exit 1
  ours="-std=gnu11 -O3 -Iharness -I$top/include -fplugin=$top/.libs/gpuoffload.so -fplugin-arg-gpuoffload-werror -DBENCH_KERNEL_TIMER"
  libs="harness/gpurt-peek.c -I$top/libgpurt -I$top $top/.libs/libgpurt.a -lOpenCL -lpthread -lm"
  omp="-std=gnu11 -O3 -fopenmp -Iharness -I$top/include"
}

variants_build_off () {
  local p=$1 suffix=$2
  shift 2
  gcc $ours "progs/$p.c" $libs -o "$PACK/$p.ours" || exit 1
  gcc $ours "$@" "progs/$p.c" $libs -o "$PACK/$p.$suffix" || exit 1
  gcc $omp "progs/$p.c" -lm -o "$PACK/$p.omp" || exit 1
}

variants_build_nvptx () {
  local f
  f=$(gcc -print-file-name=libgomp-plugin-nvptx.so.1)
  [ -f "$f" ] && cp -L "$f" "$PACK/lib/"
  # GCC's nvptx offload links only with CUDA's ptxas off the PATH.
  PATH=/usr/bin:/bin gcc -std=gnu11 -O3 -Iharness -I"$top/include" \
    -DBENCH_NVPTX -DBENCH_TARGET_DATA -fopenmp -foffload=nvptx-none \
    "-foffload-options=-lm -latomic" -fcf-protection=none "progs/$1.c" -lm \
    -o "$PACK/$1.nvptx" 2>"$PACK/$1.nvptx.err" || echo "$1: no nvptx variant"
}

variants_run_env () {
  mkdir -p /tmp/icd
  echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd LD_LIBRARY_PATH=$PACK/lib OMP_NUM_THREADS=16
  export CUDA_CACHE_DISABLE=1 GPURT_CACHE_DIR=off
}

variants_run () {
  local bin=$1 n=$2 err=$3
  shift 3
  env "$@" GPURT_DEVICE=gpu timeout 150 "$bin" "$n" 5 300 2>>"$err" \
    | grep '^RESULT'
}

# One run at small size on the local device, for "check".
variants_check () {
  local bin=$1 n=$2
  shift 2
  env "$@" OMP_NUM_THREADS=2 timeout 300 "$bin" "$n" 1 0 2>&1 | grep -E '^RESULT|abort|fail'
}

variants_gpu_one () {
  variants_run "$1" "$2" "$variants_err" "${@:3}"
}

variants_rounds () {
  local spec p n round v bin env
  for spec in $1; do
    p=${spec%:*} n=${spec#*:}
    for round in 1 2; do
      for v in $3; do
        bin=$PACK/$p.$v env="BENCH_VARIANT=$v GPURT_FALLBACK=abort"
        "$4" "$p" "$v"
        [ -x "$bin" ] || continue
        # shellcheck disable=SC2086
        echo "$round $($2 "$bin" "$n" $env)"
      done
    done
  done
}

variants_check_or_run () {
  local mode=$1 out=$2 name=$3 list=$4
  if [ "$mode" = check ]; then
    "$list" "$5" variants_check
    return
  fi
  mkdir -p "$out"
  variants_run_env
  variants_err=$out/$name-err.txt
  "$list" "$6" variants_gpu_one | tee "$out/$name.txt"
}
