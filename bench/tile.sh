#!/bin/bash
# bench/tile.sh -- what gpu_tile buys (issue 16), side by side in one GPU
# run: matmul (a and b in __local tiles, the k loop strip-mined in
# slices of 32, 8x8 outputs per work-item; "ours-no-register-block" one
# each, "ours-no-deep-tile" slices of 16, "ours-block4" 4x4 outputs and
# slices of 16, the shape before the sgemm sweep, "ours-vector-tile"
# the tiles loaded with float4 instead of one element per load,
# "ours-no-lean-tile" every tile load clamped and addressed from the
# indices, "ours-no-tile-unroll" the loop over a full tile rolled,
# "ours-unroll32" unrolled whole instead of 8 times, "ours-vector-unroll32"
# that with the float4 loads) and
# matvec (the rows of a staged through a 32x129 __local tile that the
# group loads coalesced, tiles of 128 iterations of j: gpu_tile's variant
# _rows32k128, each work-item loading its share of the next tile into
# registers while the group sums the current one; "ours-no-row-prefetch"
# the tile loaded between the barriers instead; "ours-no-row-stage" x in
# a __local tile only, _tile128;
# "ours-rowsGkT" G rows per group and tiles of T, the row-group and
# row-depth sweep), transpose (the load staged through a
# 32x33 __local tile, the local indices exchanged so the stores are
# coalesced, 32x8 work-items moving 4 elements each: gpu_tile's variant
# _tr32x8; "ours-no-register-block" one element each, _tr32), the 2-D
# 5-point and 3-D 7-point stencils jacobi2d and heat3d (100 steps; the
# input's 32x8 block plus its halo in a __local tile: gpu_tile's variant
# _halo32x8; "ours-no-halo-tile" the untiled kernel; "ours-no-index32"
# without the kernel whose offsets are 32-bit, _i32), against plain
# hand-written kernels; "ours-shape" ours in the hand-written kernels'
# work-groups, 32x8 and 32x4x2 (GPURT_LOCAL_SHAPE; 3-D's is ours'
# default now), "ours-old-shape" ours in the groups it took before,
# 16x16 and 8x8x4, "ocl-int" the hand-written kernels with 32-bit
# indices, "ocl-ours-shape" in 16x16 and 8x8x4), each as "ours", "ours-no-tile",
# "ours-no-local-mem" and the hand-written OpenCL ("ocl"), and matvec as
# "ours-assoc" (-fassociative-math: a work-group per row, its sum in
# local memory, as the hand-written kernel); cuBLAS SGEMM
# (built there with nvcc) and the device copy bandwidth (OpenCL and CUDA)
# for the ceilings, and bench/ocl/sgemm_sweep.c's shapes (hand-written
# SGEMM kernels) when a matmul is run.  Kernel times from OpenCL events
# (ours, ocl) and CUDA events (cuBLAS).  One round (about 4 minutes on
# an H100).
#
#   bash bench/tile.sh build          here, after `make'
#   bash bench/tile.sh run [OUTDIR]   on the GPU machine (gpu-pack carried)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PACK=$top/gpu-pack/tile
. "$top/bench/variants.sh"
progs="matmul matvec transpose jacobi2d heat3d"
specs=${SPECS:-"matmul:4096 matmul:8192 matvec:16384 transpose:16384 jacobi2d:4096 heat3d:256"}
switches="no-tile no-local-mem"
# The row-staged variant's shapes (GkT: G rows per group, tiles of T
# iterations) besides the default 32k128; at most 48 KiB of tile.
row_shapes="32k32 32k64 64k64 16k128 64k128"
assoc="-fassociative-math -fno-signed-zeros -fno-trapping-math"

if [ "${1:-run}" = build ]; then
  variants_build_start
  for p in $progs; do
    gcc $ours progs/$p.c $libs -o "$PACK/$p.ours" || exit 1
    for s in $switches; do
      gcc $ours -fplugin-arg-gpuoffload-$s progs/$p.c $libs \
	-o "$PACK/$p.ours-$s" || exit 1
    done
    # matmul without its register-blocked variant (the plain tiled one
    # runs): what blocking buys; transpose with one element per
    # work-item (_tr32).
    [ $p = matmul -o $p = transpose ] && \
      { gcc $ours -fplugin-arg-gpuoffload-no-register-block \
      progs/$p.c $libs -o "$PACK/$p.ours-no-register-block" || exit 1; }
    # ... with slices of k 16 deep instead of 32, and with 4x4 outputs
    # per work-item (64x64 per group).
    [ $p = matmul ] && { gcc $ours -fplugin-arg-gpuoffload-no-deep-tile \
      progs/$p.c $libs -o "$PACK/$p.ours-no-deep-tile" || exit 1; }
    [ $p = matmul ] && { gcc $ours -fplugin-arg-gpuoffload-block=4 \
      progs/$p.c $libs -o "$PACK/$p.ours-block4" || exit 1; }
    [ $p = matmul ] && { gcc $ours -fplugin-arg-gpuoffload-vector-tile \
      progs/$p.c $libs -o "$PACK/$p.ours-vector-tile" || exit 1; }
    # ... with every tile load clamped and addressed from the indices
    # and barriers fencing global memory (the kernel before the lean
    # loads), and with the loop over a full tile not unrolled.
    [ $p = matmul ] && { gcc $ours -fplugin-arg-gpuoffload-no-lean-tile \
      progs/$p.c $libs -o "$PACK/$p.ours-no-lean-tile" || exit 1; }
    [ $p = matmul ] && { gcc $ours -fplugin-arg-gpuoffload-no-tile-unroll \
      progs/$p.c $libs -o "$PACK/$p.ours-no-tile-unroll" || exit 1; }
    # ... and with it unrolled whole (32 times), and with the vector
    # tile loads as well.
    [ $p = matmul ] && { gcc $ours -fplugin-arg-gpuoffload-tile-unroll=32 \
      progs/$p.c $libs -o "$PACK/$p.ours-unroll32" || exit 1; }
    [ $p = matmul ] && { gcc $ours -fplugin-arg-gpuoffload-tile-unroll=32 \
      -fplugin-arg-gpuoffload-vector-tile progs/$p.c $libs \
      -o "$PACK/$p.ours-vector-unroll32" || exit 1; }
    # matvec without its row-staged variant (x in a tile only), and the
    # row-staged variant's other shapes: G rows per group, tiles of T.
    [ $p = matvec ] && { gcc $ours -fplugin-arg-gpuoffload-no-row-stage \
      progs/$p.c $libs -o "$PACK/$p.ours-no-row-stage" || exit 1; }
    # ... with it, but each tile loaded between its barriers, not into
    # registers while the group sums the previous one.
    [ $p = matvec ] && { gcc $ours -fplugin-arg-gpuoffload-no-row-prefetch \
      progs/$p.c $libs -o "$PACK/$p.ours-no-row-prefetch" || exit 1; }
    [ $p = matvec ] && for gt in $row_shapes; do
      gcc $ours -fplugin-arg-gpuoffload-row-group=${gt%k*} \
	-fplugin-arg-gpuoffload-row-depth=${gt#*k} progs/$p.c $libs \
	-o "$PACK/$p.ours-rows$gt" || exit 1
    done
    # matvec's float sum over a row becomes a work-group per row with a
    # local-memory sum when its order may change (gpu_twolevel_auto_reduce).
    [ $p = matvec ] && { gcc $ours $assoc progs/$p.c $libs \
      -o "$PACK/$p.ours-assoc" || exit 1; }
    # the stencils with their halo variant (off by default): what it buys.
    # ... and the hand-written stencils with 32-bit indices (ocl-int)
    # and in gpuoffload's work-groups (ocl-ours-shape): what each would
    # buy ours.
    case $p in jacobi2d|heat3d)
      gcc $ours -fplugin-arg-gpuoffload-halo-tile progs/$p.c $libs \
	-o "$PACK/$p.ours-halo-tile" || exit 1
      # ... without its kernel with 32-bit offsets (_i32): what it buys.
      gcc $ours -fplugin-arg-gpuoffload-no-index32 progs/$p.c $libs \
	-o "$PACK/$p.ours-no-index32" || exit 1
      for d in INDEX32:int OURS_SHAPE:ours-shape; do
	gcc -std=gnu11 -O3 -Iharness -I"$top/include" -DBENCH_KERNEL_TIMER \
	  -DBENCH_${d%:*} ocl/$p.c harness/oclh.c -lOpenCL -lm \
	  -o "$PACK/$p.ocl-${d#*:}" || exit 1
      done ;;
    esac
    gcc -std=gnu11 -O3 -Iharness -I"$top/include" -DBENCH_KERNEL_TIMER ocl/$p.c harness/oclh.c \
      -lOpenCL -lm -o "$PACK/$p.ocl" || exit 1
  done
  gcc -O2 harness/copybw.c -lOpenCL -o "$PACK/copybw" || exit 1
  # The SGEMM shape sweep's hand-written kernels, for the same run.
  gcc -std=gnu11 -O2 -Iharness -I"$top/include" -DBENCH_KERNEL_TIMER \
    ocl/sgemm_sweep.c harness/oclh.c -lOpenCL -lm -o "$PACK/sgemm_sweep" \
    || exit 1
  mkdir -p "$PACK/cuda" && cp cuda/sgemm_cublas.cu "$PACK/cuda/" || exit 1
  echo "built into $PACK"
  exit 0
fi

out=${2:-${OUT:-/tmp}}
mkdir -p "$out"
variants_run_env
err=$out/tile-err.txt
{
  "$PACK/copybw" 2>>"$err"
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  if [ -x "$NVCC" ] && { $NVCC -O3 -arch=native -o /tmp/sgemm_cublas \
	"$PACK/cuda/sgemm_cublas.cu" -lcublas 2>>"$err" \
      || $NVCC -O3 -o /tmp/sgemm_cublas "$PACK/cuda/sgemm_cublas.cu" \
	-lcublas 2>>"$err"; }; then
    timeout 60 /tmp/sgemm_cublas copy 2>>"$err"
    timeout 120 /tmp/sgemm_cublas 4096 8192 2>>"$err"
  else
    echo "cublas unavailable: no nvcc"
  fi
  # SWEEP=0 leaves out the sweep (about 30 s on an H100).
  case " $specs " in *" matmul:"*)
    [ "${SWEEP:-1}" = 1 ] && timeout 300 "$PACK/sgemm_sweep" 4096 8192 \
      2>>"$err" ;;
  esac
  for spec in $specs; do
    p=${spec%:*} n=${spec#*:}
    vs="ours ours-no-tile ours-no-local-mem ocl"
    [ $p = matvec ] && vs="$vs ours-assoc ours-no-row-stage ours-no-row-prefetch"
    [ $p = matvec ] && for gt in $row_shapes; do vs="$vs ours-rows$gt"; done
    [ $p = transpose ] && vs="$vs ours-no-register-block"
    [ $p = matmul ] && vs="$vs ours-no-register-block ours-no-deep-tile ours-block4 ours-vector-tile ours-no-lean-tile ours-no-tile-unroll ours-unroll32 ours-vector-unroll32"
    case $p in jacobi2d|heat3d)
      vs="$vs ours-no-index32 ours-halo-tile ours-shape ours-old-shape ocl-int ocl-ours-shape" ;;
    esac
    for v in $vs; do
      # ours-shape: ours in the hand-written kernels' work-groups.
      bin=$PACK/$p.$v shape=
      [ $v = ours-shape ] && bin=$PACK/$p.ours shape=32x8,32x4x2
      [ $v = ours-old-shape ] && bin=$PACK/$p.ours shape=16x16,8x8x4
      line=$(variants_run "$bin" "$n" "$err" BENCH_VARIANT=$v \
	${shape:+GPURT_LOCAL_SHAPE=$shape} \
	GPURT_FALLBACK=abort GPURT_VERBOSE=1 \
	GPURT_PROFILE=json:/tmp/gpurt-profile.json)
      echo "${line:-$p,$v,$n,FAIL (see tile-err.txt)}"
    done
  done
} | tee "$out/tile.txt"
