#!/bin/bash
# run-suite.sh -- run the whole benchmark suite on the GPU machine, from the
# prebuilt files of `make -C bench` carried there (this script sits in that
# folder).  usage: run-suite.sh [quick|full] [OUTDIR]
#
# Each (program, variant, size) runs in a fresh process: first call (with
# the OpenCL build: caches off), warm-up, then the median of repeated runs
# (bench/harness/bench.h).  The output of every variant is checked against
# serial C before its time is written.  gpuoffload variants run with
# GPURT_DEVICE=${BENCH_GPURT_DEVICE:-gpu} GPURT_FALLBACK=abort GPURT_PROFILE (kernel time from its
# OpenCL events).  cuBLAS is built here with nvcc.  A global deadline keeps
# a full run under 10 minutes: what does not fit is written as skipped.
# Writes OUTDIR/results.csv and OUTDIR/log.txt; report.sh makes the table
# and plots from results.csv.
set -u
mode=${1:-full}
here=$(cd "$(dirname "$0")" && pwd)
outd=${2:-${OUT:-/tmp/bench-out}}
mkdir -p "$outd"
csv=$outd/results.csv
log=$outd/log.txt
: >"$log"
start=$(date +%s)
case $mode in
  quick) deadline=150; budget=100; maxreps=5 ;;
  *) deadline=${BENCH_DEADLINE:-540}; budget=400; maxreps=10 ;;
esac

if command -v nvidia-smi >/dev/null 2>&1; then
  # The ICD loader there does not list NVIDIA's OpenCL by itself.
  mkdir -p /tmp/icd
  echo libnvidia-opencl.so.1 >/tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd
fi
export LD_LIBRARY_PATH=$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export CUDA_CACHE_DISABLE=1 GPURT_CACHE_DIR=off
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)} OMP_PROC_BIND=true

gpu=$(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null | head -1)
echo "# mode=$mode date=$(date -u +%Y-%m-%dT%H:%MZ) gpu=$gpu cores=$(nproc)" | tee -a "$log"
echo "prog,variant,n,first_ms,e2e_ms,kernel_ms,reps,check,bytes,flops" >"$csv"
echo "# gpu: $gpu; host cores: $(nproc); mode: $mode" >>"$csv"
grep '^#' "$here/status.txt" >>"$csv"

# PROG: sizes (full), sizes (quick), largest size for serial, for OpenMP,
# for GCC's nvptx offload.  Serial, OpenMP and nvptx stop where one run
# would take seconds (nvptx matmul: 65 ms at 1024 on an H200, so about 33 s
# a run at 8192); above those sizes the GPU outputs are still checked
# (on a sample of entries where the program says so).
table="
reduce_add   1048576,16777216,67108864,268435456   1048576,16777216  268435456 268435456 999999999999
reduce_mul   1048576,16777216,67108864,268435456   1048576,16777216  268435456 268435456 999999999999
reduce_min   1048576,16777216,67108864,268435456   1048576,16777216  268435456 268435456 999999999999
transpose    1024,4096,16384                       1024,4096         8192      16384     999999999999
matmul       256,1024,2048,4096,8192               256,1024          1024      2048      4096
matvec       1024,4096,16384                       1024,4096         16384     16384     999999999999
matvec_rowreduce 1024,4096,16384                   1024,4096         16384     16384     999999999999
gemm_ikj     256,1024,2048,4096                    256,1024          1024      2048      4096
saxpy        1048576,16777216,67108864,268435456   1048576,16777216  268435456 268435456 999999999999
hilbert      1024,4096,16384                       1024,4096         16384     16384     999999999999
bwfilter     1024,4096,16384                       1024,4096         16384     16384     999999999999
blackscholes 1048576,16777216,67108864             1048576,16777216  16777216  67108864  999999999999
blackscholes_checked 1048576,16777216,67108864     1048576,16777216  16777216  67108864  999999999999
montecarlo   65536,1048576,16777216                65536,1048576     1048576   16777216  999999999999
kmeans       1048576,4194304,16777216              1048576,4194304   16777216  16777216  999999999999
nbody        4096,16384,65536,131072               4096,16384        16384     65536     999999999999
pagerank     262144,1048576,4194304                262144,1048576    4194304   4194304   999999999999
jacobi2d     256,1024,2048                         256,1024          1024      2048      1024
"
variants="serial omp ours ours-no-local-mem ours-no-tile ours-no-private ours-no-transfer-elim ours-no-batch ours-no-speculate ours-no-two-level ocl nvptx"

status_of () { # PROG VARIANT -> the build status line's rest
  awk -v p="$1" -v v="$2" '$1 == p && $2 == v { $1 = ""; $2 = ""; sub (/^  /, ""); print; exit }' "$here/status.txt"
}

# Ceilings first: device-to-device copy bandwidth (OpenCL, CUDA).
"$here/bin/copybw" >>"$csv" 2>>"$log" || echo "copybw failed" >>"$log"

# cuBLAS SGEMM, built here with nvcc.
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  if $NVCC -O3 -arch=native -o /tmp/sgemm_cublas "$here/cuda/sgemm_cublas.cu" -lcublas >>"$log" 2>&1 \
     || $NVCC -O3 -o /tmp/sgemm_cublas "$here/cuda/sgemm_cublas.cu" -lcublas >>"$log" 2>&1; then
    timeout 60 /tmp/sgemm_cublas copy >>"$csv" 2>>"$log"
    msizes=$(echo "$table" | awk -v q="$mode" '$1 == "matmul" { print (q == "quick" ? $3 : $2) }' | tr , ' ')
    timeout 120 /tmp/sgemm_cublas $msizes >>"$csv" 2>>"$log" || echo "matmul,cublas,,,,,0,FAIL: sgemm_cublas exited $?,," >>"$csv"
  else
    echo "matmul,cublas,,,,,0,unavailable: nvcc failed (see log),," >>"$csv"
  fi
else
  echo "matmul,cublas,,,,,0,unavailable: no nvcc on the GPU machine,," >>"$csv"
fi

echo "$table" | while read -r prog full quick smax omax nmax; do
  [ -n "$prog" ] || continue
  sizes=$([ "$mode" = quick ] && echo "$quick" || echo "$full")
  for v in $variants; do
    st=$(status_of "$prog" "$v")
    case $st in
      ok) ;;
      same|"") continue ;;
      *) echo "$prog,$v,,,,,0,$(echo "$st" | tr , ';'),," >>"$csv"; continue ;;
    esac
    for n in $(echo "$sizes" | tr , ' '); do
      case $v in
	serial) [ "$n" -le "$smax" ] || continue ;;
	omp) [ "$n" -le "$omax" ] || continue ;;
	nvptx) [ "$n" -le "$nmax" ] || continue ;;
      esac
      if [ $(( $(date +%s) - start )) -ge "$deadline" ]; then
	echo "$prog,$v,$n,,,,0,skipped: suite deadline,," >>"$csv"; continue
      fi
      env=""
      case $v in
	nvptx) env="OMP_TARGET_OFFLOAD=MANDATORY" ;;
	ours*) env="GPURT_DEVICE=${BENCH_GPURT_DEVICE:-gpu} GPURT_FALLBACK=abort GPURT_PROFILE=json:/tmp/gpurt-profile.json" ;;
      esac
      t0=$(date +%s.%N)
      line=$(env BENCH_VARIANT="$v" $env timeout 90 "$here/bin/$prog.$v" "$n" "$maxreps" "$budget" 2>>"$log")
      rc=$?
      t1=$(date +%s.%N)
      res=$(echo "$line" | grep '^RESULT,' | tail -1)
      if [ -n "$res" ]; then
	echo "${res#RESULT,}" >>"$csv"
      else
	echo "$prog,$v,$n,,,,0,FAIL: exit $rc,," >>"$csv"
      fi
      printf '%-13s %-22s %10s rc=%-3s %6.1fs %s\n' "$prog" "$v" "$n" "$rc" \
	"$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" "$(echo "$res" | cut -d, -f5-9)" >>"$log"
    done
  done
done
echo "# suite took $(( $(date +%s) - start )) s" | tee -a "$log" "$csv"
