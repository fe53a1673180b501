#!/bin/sh
# report.sh -- turn a results.csv of run-suite.sh into the Markdown report
# (headline ratios, SGEMM TFLOP/s, reduction GB/s against the copy
# bandwidth, every measurement) and PNG plots of speedup over serial C
# against size (gnuplot, when installed).
# usage: report.sh RESULTS.CSV [OUT.md [PLOTDIR]]
# Ratios are "ours vs X" = time of X / time of ours: above 1, gpuoffload is
# faster.  Kernel ratios compare kernel-only medians (OpenCL events);
# end-to-end ratios compare wall-clock medians of the whole marked region.
set -u
csv=${1:?usage: report.sh RESULTS.CSV [OUT.md [PLOTDIR]]}
md=${2:-/dev/stdout}
plots=${3:-}

awk -F, -v plots="$plots" '
function fmt(x) { return x == "" ? "" : (x >= 100 ? sprintf("%.0f", x) : x >= 1 ? sprintf("%.2f", x) : sprintf("%.3g", x)) }
function ratio(a, b) { return (a == "" || b == "" || a <= 0) ? "n/a" : sprintf("%.2f", b / a) }
/^# gpu:/ { gpu = substr($0, 8); next }
/^# gpuoffload from/ { built = substr($0, 3); next }
/^# suite took/ { took = $0; next }
/^#/ || /^prog,/ { next }
/^COPYBW/ { copy[$2] = $4; next }
/^RESULT/ { sub(/^RESULT,/, ""); $0 = $0 }
{
  p = $1; v = $2; n = $3
  if (!(p in seen)) { seen[p] = 1; progs[++np] = p }
  if (!((p, v) in vseen)) { vseen[p, v] = 1; vars[p, ++nv[p]] = v }
  if ($8 !~ /^ok/) { status[p, v] = status[p, v] (n == "" ? "" : "n=" n ": ") $8 "; "; if (n == "") next }
  if (n != "" && !((p, n) in sseen)) { sseen[p, n] = 1; sizes[p, ++ns[p]] = n }
  if ($8 !~ /^ok/) next
  first[p, v, n] = $4; e2e[p, v, n] = $5; ker[p, v, n] = $6; chk[p, v, n] = $8
  bytes[p, n] = $9; flops[p, n] = $10
}
END {
  print "# gpuoffload benchmark results"
  print ""
  print "GPU: " gpu "  "
  print "gpuoffload: " built "  "
  print "Device-to-device copy bandwidth (bytes read + written): OpenCL " copy["opencl"] " GB/s, CUDA " copy["cuda"] " GB/s.  "
  print took
  print ""
  print "Ratios are **ours vs X = time(X) / time(ours)**: above 1 gpuoffload is faster, below 1 slower."
  print "Kernel = median kernel-only time (OpenCL profiling events; not available for OpenMP and nvptx)."
  print "End to end = median wall time of the marked region with its transfers. First = first call in a fresh process, including the OpenCL build (caches off)."
  print "Every time counted passed the check against serial C; `ok-sampled` means a sample of entries (or bodies) was recomputed serially because the size is too large for a full serial reference."
  print ""
  print "## Headline (largest size where both ran)"
  print ""
  print "| program | size | ours kernel ms | vs hand-written OpenCL (kernel) | vs GCC nvptx offload (end to end) | vs 16-core OpenMP (end to end) | vs serial (end to end) |"
  print "|---|---|---|---|---|---|---|"
  for (i = 1; i <= np; i++) {
    p = progs[i]; best = ""
    for (j = ns[p]; j >= 1; j--) if ((p, "ours", sizes[p, j]) in e2e) { best = sizes[p, j]; break }
    if (best == "") { st = status[p, "ours"]; sub(/; $/, "", st); print "| " p " | | ours " st " | | | | |"; continue }
    line = "| " p " | " best " | " fmt(ker[p, "ours", best])
    split("ocl nvptx omp serial", xs, " ")
    for (k = 1; k <= 4; k++) {
      x = xs[k]; r = "n/a"; at = ""
      for (j = ns[p]; j >= 1; j--) {
        n = sizes[p, j]
        if (((p, "ours", n) in e2e) && ((p, x, n) in e2e)) {
          r = x == "ocl" ? ratio(ker[p, "ours", n], ker[p, x, n]) : ratio(e2e[p, "ours", n], e2e[p, x, n])
          at = n == best ? "" : " (n=" n ")"; break
        }
      }
      line = line " | " r at
    }
    print line " |"
  }
  print ""
  print "## SGEMM (matmul) in TFLOP/s, kernel only"
  print ""
  print "| n | ours | hand-written OpenCL | cuBLAS | ours / cuBLAS |"
  print "|---|---|---|---|---|"
  for (j = 1; j <= ns["matmul"]; j++) {
    n = sizes["matmul", j]; f = flops["matmul", n]
    o = (("matmul", "ours", n) in ker) && ker["matmul", "ours", n] > 0 ? f / ker["matmul", "ours", n] / 1e9 : ""
    c = (("matmul", "ocl", n) in ker) && ker["matmul", "ocl", n] > 0 ? f / ker["matmul", "ocl", n] / 1e9 : ""
    b = (("matmul", "cublas", n) in ker) && ker["matmul", "cublas", n] > 0 ? f / ker["matmul", "cublas", n] / 1e9 : ""
    printf "| %s | %s | %s | %s | %s |\n", n, fmt(o), fmt(c), fmt(b), (o != "" && b != "") ? sprintf("%.3f", o / b) : "n/a"
  }
  print ""
  print "## Reductions in GB/s (input bytes / kernel time; OpenMP, nvptx: / end-to-end time, which includes their transfers)"
  print ""
  print "Copy bandwidth measured in the same run: OpenCL " copy["opencl"] " GB/s (read + write)."
  print ""
  print "| program | n | ours | ours-no-local-mem | hand-written OpenCL | % of copy bw (ours) | % of copy bw (OpenCL) | OpenMP e2e | nvptx e2e |"
  print "|---|---|---|---|---|---|---|---|---|"
  for (i = 1; i <= np; i++) {
    p = progs[i]; if (p !~ /^reduce_/) continue
    for (j = 1; j <= ns[p]; j++) {
      n = sizes[p, j]; b = bytes[p, n]
      o = ker[p, "ours", n] > 0 ? b / ker[p, "ours", n] / 1e6 : ""
      l = ker[p, "ours-no-local-mem", n] > 0 ? b / ker[p, "ours-no-local-mem", n] / 1e6 : ""
      c = ker[p, "ocl", n] > 0 ? b / ker[p, "ocl", n] / 1e6 : ""
      m = e2e[p, "omp", n] > 0 ? b / e2e[p, "omp", n] / 1e6 : ""
      g = e2e[p, "nvptx", n] > 0 ? b / e2e[p, "nvptx", n] / 1e6 : ""
      printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", p, n, fmt(o), fmt(l), fmt(c),
        (o != "" && copy["opencl"] > 0) ? sprintf("%.0f%%", 100 * o / copy["opencl"]) : "",
        (c != "" && copy["opencl"] > 0) ? sprintf("%.0f%%", 100 * c / copy["opencl"]) : "", fmt(m), fmt(g)
    }
  }
  print ""
  print "## Every measurement (ms; medians)"
  for (i = 1; i <= np; i++) {
    p = progs[i]
    print ""
    print "### " p
    print ""
    print "| n | variant | first | end to end | kernel | check |"
    print "|---|---|---|---|---|---|"
    for (j = 1; j <= ns[p]; j++) {
      n = sizes[p, j]
      for (k = 1; k <= nv[p]; k++) {
        v = vars[p, k]
        if ((p, v, n) in e2e)
          printf "| %s | %s | %s | %s | %s | %s |\n", n, v, fmt(first[p, v, n]), fmt(e2e[p, v, n]), fmt(ker[p, v, n]), chk[p, v, n]
      }
    }
    na = ""
    for (k = 1; k <= nv[p]; k++) { v = vars[p, k]; if ((p, v) in status) na = na "\n- " v ": " status[p, v] }
    if (na != "") print "\nNot measured:" na
    if (plots != "") {
      dat = plots "/" p ".dat"
      printf "n" > dat
      for (k = 1; k <= nv[p]; k++) printf " %s", vars[p, k] > dat
      printf "\n" > dat
      for (j = 1; j <= ns[p]; j++) {
        n = sizes[p, j]; printf "%s", n > dat
        for (k = 1; k <= nv[p]; k++) {
          v = vars[p, k]
          printf " %s", (((p, "serial", n) in e2e) && ((p, v, n) in e2e) && e2e[p, v, n] > 0) ? e2e[p, "serial", n] / e2e[p, v, n] : "?" > dat
        }
        printf "\n" > dat
      }
      close(dat)
    }
  }
}' "$csv" >"$md"

# Plots: speedup of each variant over serial C (end to end) against size.
if [ -n "$plots" ] && command -v gnuplot >/dev/null 2>&1; then
  for dat in "$plots"/*.dat; do
    p=$(basename "$dat" .dat)
    ncol=$(head -1 "$dat" | wc -w)
    gnuplot <<GP 2>/dev/null
set terminal pngcairo size 800,500 noenhanced
set output "$plots/$p.png"
set title "$p: end-to-end speedup over serial C (-O3)"
set logscale xy
set xlabel "size n"
set ylabel "speedup (serial time / variant time)"
set key outside right
set datafile missing "?"
set grid
plot for [c=3:$ncol] "$dat" using 1:c with linespoints title columnhead(c)
GP
    rm -f "$dat"
  done
fi
