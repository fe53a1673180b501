# mark.awk -- the marked version of a plain OpenMP C program: each
# `#pragma omp parallel for' line is removed and GPU_PARALLEL put on the
# index of the `for' that follows it; each variable of its reduction
# clause gets GPU_REDUCE at its declaration (the nearest one above the
# pragma); <gpuoffload.h> is included first.  Nothing else changes, so
# that the marked program is what a user gets by replacing the pragmas.
#
#   awk -f mark.awk prog.c > prog-marked.c
{ line[NR] = $0 }
END {
  print "#include <gpuoffload.h>"
  for (i = 1; i <= NR; i++)
    {
      if (line[i] !~ /^[ \t]*#[ \t]*pragma[ \t]+omp[ \t]+parallel[ \t]+for/)
	continue
      clause = line[i]
      drop[i] = 1
      # The loop's index: `for (TYPE NAME =' becomes `for (TYPE NAME GPU_PARALLEL ='.
      if (!sub(/for \(([A-Za-z_][A-Za-z0-9_]* )+[A-Za-z_][A-Za-z0-9_]*/, "& GPU_PARALLEL", line[i + 1]))
	{
	  printf "mark.awk: line %d: no declared loop index after the pragma\n", i > "/dev/stderr"
	  exit 1
	}
      if (match(clause, /reduction *\([^:]*:[^)]*\)/))
	{
	  r = substr(clause, RSTART, RLENGTH)
	  sub(/^[^:]*:/, "", r)
	  sub(/\)$/, "", r)
	  n = split(r, vars, /[ ,]+/)
	  for (v = 1; v <= n; v++)
	    {
	      if (vars[v] == "")
		continue
	      for (j = i - 1; j > 0; j--)
		if (line[j] ~ ("(double|float|int|long|unsigned)[^;(]*[ ,*]" vars[v] "( = |;|,)"))
		  break
	      if (j == 0 || !sub(("[ ,*]" vars[v] "( = |;|,)"), "&", line[j]))
		{
		  printf "mark.awk: line %d: no declaration of %s\n", i, vars[v] > "/dev/stderr"
		  exit 1
		}
	      # Insert after the name: find it again and splice.
	      match(line[j], ("[ ,*]" vars[v] "( = |;|,)"))
	      k = RSTART + 1 + length(vars[v])
	      line[j] = substr(line[j], 1, k - 1) " GPU_REDUCE" substr(line[j], k)
	    }
	}
    }
  for (i = 1; i <= NR; i++)
    if (!drop[i])
      print line[i]
}
