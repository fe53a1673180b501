#!/bin/sh
# build.sh -- build every variant of every benchmark program (make -C bench).
#
# Run after the top-level `make`.  Output in bench/build/: bin/PROG.VARIANT,
# lib/ (Debian's libgomp and its nvptx plugin, for the GPU machine),
# status.txt ("PROG VARIANT ok" or "PROG VARIANT unavailable: WHY"), and
# copies of the scripts and CUDA sources the GPU machine needs.  A variant
# that does not compile is recorded as unavailable, not a build failure: so
# the suite works while compiler features (GPU_REDUCE) are still landing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
# BENCH_TOP=DIR builds the gpuoffload variants with another built tree
# (e.g. a branch whose compiler features have not reached this one yet).
[ -n "${BENCH_TOP:-}" ] && top=$(cd "$BENCH_TOP" && pwd)
out=${BENCH_BUILD:-$here/build}
plugin=$top/.libs/gpuoffload.so
CC=${CC:-gcc}
CFLAGS="-std=gnu11 -O3 -I$here/harness -I$top/include"

# The optimization switches of SPEC section 3, one variant each
# ("ours-no-local-mem", ...).  A switch variant whose binary is identical
# to the all-optimizations one is recorded as "same" and not run: the
# switches appear in the results as soon as the compiler implements them.
SWITCHES="no-local-mem no-tile no-private no-transfer-elim no-batch no-speculate no-two-level"

[ -f "$plugin" ] || { echo "build.sh: build the tree first (make): no $plugin"; exit 1; }
[ -f "$top/.libs/libgpurt.a" ] || { echo "build.sh: no $top/.libs/libgpurt.a"; exit 1; }
rm -rf "$out"; mkdir -p "$out/bin" "$out/lib" "$out/err"
status=$out/status.txt
echo "# gpuoffload from $top ($(git -C "$top" describe --always --dirty 2>/dev/null || echo unknown), branch $(git -C "$top" rev-parse --abbrev-ref HEAD 2>/dev/null))" >"$status"

# note PROG VARIANT RC ERRFILE: record the outcome of one build.
note () {
  if [ "$3" = 0 ]; then
    echo "$1 $2 ok" >>"$status"
  else
    why=$(grep -m1 -E 'error|sorry|undefined' "$4" | sed 's/^[^:]*: *//; s/^[0-9]*:[0-9]*: *//' | cut -c1-160)
    [ -n "$why" ] || why=$(head -1 "$4" | cut -c1-160)
    echo "$1 $2 unavailable: $why" >>"$status"
    echo "  $1 $2: unavailable: $why"
  fi
}

ours_flags="-fplugin=$plugin -fplugin-arg-gpuoffload-werror -DBENCH_KERNEL_TIMER"
ours_libs="$here/harness/gpurt-peek.c -I$top/libgpurt -I$top $top/.libs/libgpurt.a -lOpenCL -lpthread"
for src in "$here"/progs/*.c; do
  p=$(basename "$src" .c)
  echo "== $p"
  b=$out/bin/$p; e=$out/err/$p
  $CC $CFLAGS "$src" -lm -o "$b.serial" 2>"$e.serial"; note "$p" serial $? "$e.serial"
  $CC $CFLAGS -fopenmp "$src" -lm -o "$b.omp" 2>"$e.omp"; note "$p" omp $? "$e.omp"
  $CC $CFLAGS $ours_flags "$src" $ours_libs -lm -o "$b.ours" 2>"$e.ours"; rc=$?
  note "$p" ours $rc "$e.ours"
  for s in $SWITCHES; do
    if [ $rc != 0 ]; then
      echo "$p ours-$s unavailable: as ours" >>"$status"; continue
    fi
    $CC $CFLAGS $ours_flags -fplugin-arg-gpuoffload-$s "$src" $ours_libs -lm \
	-o "$b.ours-$s" 2>"$e.ours-$s"; src_rc=$?
    if [ $src_rc = 0 ] && cmp -s "$b.ours" "$b.ours-$s"; then
      echo "$p ours-$s same" >>"$status"; rm -f "$b.ours-$s"
    else
      note "$p" "ours-$s" $src_rc "$e.ours-$s"
    fi
  done
  if [ -f "$here/ocl/$p.c" ]; then
    $CC $CFLAGS -DBENCH_KERNEL_TIMER "$here/ocl/$p.c" "$here/harness/oclh.c" \
	-lOpenCL -lm -o "$b.ocl" 2>"$e.ocl"; note "$p" ocl $? "$e.ocl"
  else
    echo "$p ocl unavailable: no hand-written version" >>"$status"
  fi
  # GCC's nvptx offload links only with CUDA's ptxas off the PATH.
  PATH=/usr/bin:/bin $CC $CFLAGS -DBENCH_NVPTX -fopenmp -foffload=nvptx-none \
      "-foffload-options=-lm -latomic" -fcf-protection=none "$src" -lm -Wl,-rpath,'$ORIGIN/../lib' \
      -o "$b.nvptx" 2>"$e.nvptx"; rc=$?
  grep -q -E 'error|sorry' "$e.nvptx" && rc=1
  note "$p" nvptx $rc "$e.nvptx"
done

$CC -O2 "$here/harness/copybw.c" -lOpenCL -o "$out/bin/copybw" || echo "build.sh: copybw failed"

# Debian's libgomp and its nvptx plugin travel with the binaries.
for l in libgomp.so.1 libgomp-plugin-nvptx.so.1; do
  f=$($CC -print-file-name=$l)
  [ -f "$f" ] && cp -L "$f" "$out/lib/" || echo "build.sh: no $l (apt-get install gcc-12-offload-nvptx)"
done
cp "$here"/run-suite.sh "$here"/report.sh "$out/"
mkdir -p "$out/cuda"; cp "$here"/cuda/*.cu "$out/cuda/" 2>/dev/null
echo "built: $(grep -c ' ok$' "$status") ok, $(grep -c ' same$' "$status") same as ours, $(grep -c unavailable "$status") unavailable (see $status)"
