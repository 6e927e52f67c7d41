#!/usr/bin/env bash
# Counts the PTX instructions of each kernel (`.entry`) in a PTX file: the statements of its
# body, not counting declarations (.reg, .local, .shared, .param, ...), labels and braces.
# Prints one line per kernel, in file order: NAME COUNT NC, NC the number of its loads through
# the non-coherent (read-only) cache, `ld.global.nc`.
awk '
  /^[ \t]*(\.visible[ \t]+)?\.entry/ && !/;[ \t]*$/ { name = $0; sub(/.*\.entry[ \t]+/, "", name); sub(/[ \t(].*/, "", name); inside = 0; pending = 1; next }
  pending && /^[ \t]*\{/ { inside = 1; pending = 0; depth = 1; count = 0; nc = 0; next }
  inside {
    line = $0
    n_open = gsub(/\{/, "{", line); n_close = gsub(/\}/, "}", line)
    depth += n_open - n_close
    if (depth <= 0) { print name, count, nc; inside = 0; next }
    s = $0; sub(/\/\/.*/, "", s); gsub(/^[ \t]+|[ \t]+$/, "", s)
    if (s == "" || s ~ /^[{}]/ || s ~ /^\$?[A-Za-z_$][A-Za-z0-9_$]*:$/ || s ~ /^\./) next
    if (s ~ /;$/) count++
    if (s ~ /^(@!?%p[0-9]+[ \t]+)?ld\.global\.nc/) nc++
  }
' "$@"
