#!/usr/bin/env bash
# Prints the GOARCH of the Lambda functions of a SAM template (default
# template.yaml): the template's Architectures (arm64 -> arm64, x86_64 ->
# amd64), in flow ([arm64]) or block (- arm64) form, wherever they are set.
# Fails unless every Architectures in the template names the same one.
set -euo pipefail
template="${1:-template.yaml}"
archs=$(awk '
  /^[[:space:]]*#/ { next }
  /^[[:space:]]*Architectures:/ {
    v = $0; sub(/^[^:]*:[[:space:]]*/, "", v); sub(/[[:space:]]*#.*$/, "", v)
    if (v ~ /^\[/) { gsub(/[][[:space:]"\047]/, "", v); n = split(v, a, ","); for (i = 1; i <= n; i++) print a[i]; list = 0 }
    else { list = 1 }
    next
  }
  list && /^[[:space:]]*-/ { v = $0; sub(/^[[:space:]]*-[[:space:]]*/, "", v); sub(/[[:space:]]*#.*$/, "", v); gsub(/["\047]/, "", v); print v; next }
  { list = 0 }
' "$template" | sort -u)
case "$archs" in
  arm64) echo arm64 ;;
  x86_64) echo amd64 ;;
  "") echo "lambda-goarch: $template sets no Architectures" >&2; exit 1 ;;
  *) echo "lambda-goarch: $template must give every function one architecture, arm64 or x86_64; it gives: $(echo $archs)" >&2; exit 1 ;;
esac
