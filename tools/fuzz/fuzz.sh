#!/bin/sh
# fuzz.sh -- differential tester of gpuoffload on random programs.
#
# For each seed, tools/fuzz/gen.py writes a UB-free C program with marked
# loop nests; it is built twice at the same -O level (seed-dependent: -O0 to
# -O3),
#   serial   without -fplugin: the markers expand to nothing
#   plugin   with -fplugin=gpuoffload -fopt-info-loop-optimized-missed
# and run three times, compared by their printed checksums:
#   serial run, plugin run with GPURT_FALLBACK=abort (on the OpenCL device),
#   plugin run with GPURT_DEVICE=host (the host path).
# One line per seed: "seed S -OX: PASS (R/M regions offloaded)" or
# "seed S -OX: FAIL <kind>: <detail>", kinds
#   compile-error  the plugin rejected a valid program (a bug)
#   ice            internal compiler error
#   device-abort   GPURT_FALLBACK=abort aborted (a run-time fallback; the
#                  message is kept)
#   crash, hang    a plugin build's run failed or ran past the time limit
#   wrong-device, wrong-host  output differs from the serial build
#   generator      the serial build itself failed (a bug in gen.py)
# A marked loop the plugin declines (a "loop not offloaded" remark) is not a
# failure; the counts say how many were.
#
# gen.py leaves out the forms of known bugs (its KNOWN list, reproducers in
# findings/); --all puts them back.
#
# Usage: tools/fuzz/fuzz.sh [--seeds A-B|A,B,...] [--jobs N] [--all] [--keep DIR]
#                           [--keep-all] [--cc CC] [--plugin SO]
#                           [--libdir DIR] [--include DIR] [--timeout SEC]
# Defaults: seeds 1-20, jobs 1, the in-tree build the script sits in
# (../../.libs), files of failing seeds kept in a fresh directory under
# ${TMPDIR:-/tmp}.  Exit status 0 when every seed passed, 1 otherwise.
# Examples:
#   tools/fuzz/fuzz.sh --seeds 1000-1999 --jobs 2
#   tools/fuzz/fuzz.sh --seeds 17 --keep /tmp/f17 --keep-all

set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

seeds=1-20
jobs=1
keep=
keep_all=0
genall=
cc=${CC:-gcc}
plugin=$top/.libs/gpuoffload.so
libdir=$top/.libs
include=$top/include
tlimit=120
one=

while [ $# -gt 0 ]; do
    case $1 in
	--seeds) seeds=$2; shift ;;
	--jobs) jobs=$2; shift ;;
	--keep) keep=$2; shift ;;
	--keep-all) keep_all=1 ;;
	--all) genall=--all ;;
	--cc) cc=$2; shift ;;
	--plugin) plugin=$2; shift ;;
	--libdir) libdir=$2; shift ;;
	--include) include=$2; shift ;;
	--timeout) tlimit=$2; shift ;;
	--one) one=$2; shift ;;		# internal: one seed, result on stdout
	-h|--help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "fuzz.sh: unknown argument $1 (--help)" >&2; exit 2 ;;
    esac
    shift
done

# ---- one seed: build, run, compare; prints one result line -------------
run_one() {
    s=$1
    d=$keep/$s
    rm -rf "$d"
    mkdir -p "$d"
    case $((s % 5)) in
	0|1) opt=-O2 ;; 2) opt=-O1 ;; 3) opt=-O3 ;; *) opt=-O0 ;;
    esac
    res() {
	echo "seed $s $opt: $*" | tee "$d/result"
	case $* in
	    PASS*) [ "$keep_all" = 1 ] || rm -rf "$d" ;;
	esac
    }
    if ! python3 "$here/gen.py" $genall "$s" > "$d/prog.c" 2> "$d/gen.err"; then
	res "FAIL generator: gen.py failed: $(tail -1 "$d/gen.err")"
	return
    fi
    markers=$(grep -c 'i0 GPU_PARALLEL' "$d/prog.c")
    if ! timeout "$tlimit" $cc $opt -w -I"$include" "$d/prog.c" -lm \
	 -o "$d/serial" > "$d/serial.cc" 2>&1; then
	res "FAIL generator: the serial build failed: $(grep -m1 error "$d/serial.cc")"
	return
    fi
    timeout "$tlimit" $cc $opt -w -fplugin="$plugin" \
	-fopt-info-loop-optimized-missed -I"$include" "$d/prog.c" \
	-L"$libdir" -Wl,-rpath,"$libdir" -lgpurt -lm -o "$d/plugin" \
	> "$d/plugin.cc" 2>&1
    rc=$?
    if grep -q 'internal compiler error' "$d/plugin.cc"; then
	res "FAIL ice: $(grep -m1 'internal compiler error' "$d/plugin.cc")"
	return
    fi
    if [ $rc -ne 0 ]; then
	[ $rc -eq 124 ] && { res "FAIL hang: the plugin build timed out"; return; }
	res "FAIL compile-error: $(grep -m1 'error' "$d/plugin.cc")"
	return
    fi
    offl=$(grep -c 'loop offloaded' "$d/plugin.cc")
    # the reasons of the loops not offloaded, for the counts
    grep -o 'loop not offloaded: .*' "$d/plugin.cc" > "$d/missed" || :
    if ! timeout "$tlimit" "$d/serial" > "$d/serial.out" 2> "$d/serial.err"; then
	res "FAIL generator: the serial program failed"
	return
    fi
    GPURT_FALLBACK=abort GPURT_CACHE_DIR=off timeout "$tlimit" \
	"$d/plugin" > "$d/device.out" 2> "$d/device.err"
    rc=$?
    if [ $rc -ne 0 ]; then
	if grep -q 'GPURT_FALLBACK=abort' "$d/device.err"; then
	    res "FAIL device-abort: $(grep -m1 'GPURT_FALLBACK=abort' "$d/device.err")"
	elif [ $rc -eq 124 ]; then
	    res "FAIL hang: the device run timed out"
	else
	    res "FAIL crash: the device run exited with $rc: $(head -c 300 "$d/device.err")"
	fi
	return
    fi
    GPURT_DEVICE=host GPURT_CACHE_DIR=off timeout "$tlimit" \
	"$d/plugin" > "$d/host.out" 2> "$d/host.err"
    rc=$?
    if [ $rc -ne 0 ]; then
	[ $rc -eq 124 ] && { res "FAIL hang: the host run timed out"; return; }
	res "FAIL crash: the host run exited with $rc: $(head -c 300 "$d/host.err")"
	return
    fi
    for m in device host; do
	if ! cmp -s "$d/serial.out" "$d/$m.out"; then
	    first=$(diff "$d/serial.out" "$d/$m.out" | grep -m1 '^>')
	    res "FAIL wrong-$m: first difference $first (serial: $(diff "$d/serial.out" "$d/$m.out" | grep -m1 '^<'))"
	    return
	fi
    done
    res "PASS ($offl/$markers regions offloaded)"
}

if [ -n "$one" ]; then
    run_one "$one"
    exit 0
fi

# ---- the seed list ------------------------------------------------------
list=
for part in $(echo "$seeds" | tr ',' ' '); do
    case $part in
	*-*) list="$list $(seq "${part%-*}" "${part#*-}")" ;;
	*) list="$list $part" ;;
    esac
done

if [ -z "$keep" ]; then
    keep=$(mktemp -d "${TMPDIR:-/tmp}/gpuoffload-fuzz.XXXXXX")
fi
mkdir -p "$keep"
keep=$(cd "$keep" && pwd)
export keep

for f in "$plugin" "$libdir/libgpurt.so" "$include/gpuoffload.h"; do
    [ -e "$f" ] || { echo "fuzz.sh: $f is missing: build first (make)" >&2; exit 2; }
done

# Each seed in a child (--one), JOBS at a time.
echo $list | tr ' ' '\n' | xargs -P "$jobs" -I{} "$0" --one {} \
    --keep "$keep" $( [ "$keep_all" = 1 ] && echo --keep-all ) $genall \
    --cc "$cc" --plugin "$plugin" --libdir "$libdir" --include "$include" \
    --timeout "$tlimit" > "$keep/results"
cat "$keep/results"

total=$(grep -c '^seed' "$keep/results")
pass=$(grep -c ': PASS' "$keep/results")
offl=$(sed -n 's/.*PASS (\([0-9]*\)\/\([0-9]*\).*/\1 \2/p' "$keep/results" |
       awk '{ o += $1; m += $2 } END { printf "%d of %d", o, m }')
echo "fuzz: $total programs, $pass passed, $((total - pass)) failed;" \
     "regions offloaded in passing programs: $offl"
for k in compile-error ice device-abort crash hang wrong-device wrong-host generator; do
    n=$(grep -c "FAIL $k:" "$keep/results")
    [ "$n" -gt 0 ] && echo "  $k: $n"
done
echo "fuzz: files of failing seeds in $keep"
[ "$pass" -eq "$total" ]
