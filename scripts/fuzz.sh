#!/usr/bin/env bash
# Runs every go test -fuzz target in the module for FUZZTIME each (default
# 10s). Seed corpora live in each package's testdata/fuzz; new failing
# inputs are written there by go test.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-10s}"
total=0
for pkg in $(go list ./...); do
  for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
    echo "== $pkg $target ($fuzztime)"
    if ! out=$(go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" -parallel 2 "$pkg" 2>&1); then
      # Go 1.26's coordinator can report a bare "context deadline exceeded"
      # as -fuzztime ends (golang/go#75804, fixed in 1.27). A real finding
      # always writes a failing input; anything else still fails the run.
      if grep -q 'Failing input written to' <<<"$out" || ! grep -q 'context deadline exceeded' <<<"$out" ||
         grep -qE 'panic:|--- FAIL: .*\n\s+\S+_test.go' <<<"$out"; then
        echo "$out"; exit 1
      fi
      echo "(fuzz: -fuzztime boundary flake of golang/go#75804 ignored: no failing input was written)"
    fi
    echo "$out" | grep -E '^fuzz: elapsed' | tail -1
    total=$((total + 1))
  done
done
echo "fuzz: $total targets, no failures"
