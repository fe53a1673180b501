# bench/variants.sh -- sourced by bench/resident.sh, pinned.sh and
# twolevel.sh: what their side-by-side runs share.  The sourcing script
# sets PACK (its folder in gpu-pack) before calling these.
#
#   variants_build_start        make PACK, carry libgomp, set $ours, $libs
#                               and $omp (compile commands, in bench/)
#   variants_build_nvptx PROG   PACK/PROG.nvptx: GCC's nvptx offload with
#                               `omp target data' (-DBENCH_TARGET_DATA),
#                               its messages in PACK/PROG.nvptx.err
#   variants_run_env            on the GPU machine: ICD loader, library
#                               path, 16 OpenMP threads, caches off
#   variants_run BIN N ERR ENV... one run of BIN at size N (5 repetitions,
#                               300 ms), ENV... in its environment, its
#                               stderr appended to ERR; prints its RESULT

variants_build_start () {
  mkdir -p "$PACK/lib"
  cp -L "$(gcc -print-file-name=libgomp.so.1)" "$PACK/lib/" || exit 1
  cd "$top/bench" || exit 1
  ours="-std=gnu11 -O3 -Iharness -I$top/include -fplugin=$top/.libs/gpuoffload.so -fplugin-arg-gpuoffload-werror -DBENCH_KERNEL_TIMER"
  libs="harness/gpurt-peek.c -I$top/libgpurt -I$top $top/.libs/libgpurt.a -lOpenCL -lpthread -lm"
  omp="-std=gnu11 -O3 -fopenmp -Iharness -I$top/include"
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
