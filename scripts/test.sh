#!/usr/bin/env bash
# Runs every test. The DynamoDB and S3 adapters are tested over the wire
# against a local AWS emulator: when TEST_AWS_ENDPOINT is unset and
# moto_server is installed, this starts one on a free port for the run.
# Under CI=true the emulator, tesseract and cfn-lint are mandatory.
set -euo pipefail
cd "$(dirname "$0")/.."

need() {
  if [[ "${CI:-}" == "true" ]]; then echo "test.sh: $1 is required under CI" >&2; exit 1; fi
  echo "test.sh: $1 is not installed: $2" >&2
}

moto_pid=""
cleanup() { [[ -n "$moto_pid" ]] && kill "$moto_pid" 2>/dev/null || true; }
trap cleanup EXIT

if [[ -z "${TEST_AWS_ENDPOINT:-}" ]]; then
  if command -v moto_server >/dev/null 2>&1; then
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    moto_server -H 127.0.0.1 -p "$port" >/tmp/moto_server.$port.log 2>&1 &
    moto_pid=$!
    for _ in $(seq 1 100); do
      curl -fs "http://127.0.0.1:$port/moto-api/" >/dev/null 2>&1 && break
      sleep 0.1
    done
    export TEST_AWS_ENDPOINT="http://127.0.0.1:$port"
    echo "test.sh: moto_server on $TEST_AWS_ENDPOINT"
  else
    need moto_server "the DynamoDB/S3 wire tests will skip (start moto_server -p 5000 or DynamoDB Local and set TEST_AWS_ENDPOINT)"
  fi
fi
command -v tesseract >/dev/null 2>&1 || need tesseract "OCR tests will skip (apt-get install tesseract-ocr)"

if command -v cfn-lint >/dev/null 2>&1; then
  cfn-lint template.yaml && echo "test.sh: cfn-lint template.yaml: clean"
else
  need cfn-lint "the template is not linted (pip install cfn-lint)"
fi

go vet ./...

# -v so the closing line can count tests; on success only package lines are
# shown, on failure the whole log.
log=$(mktemp)
status=0
go test -count=1 -v ./... >"$log" 2>&1 || status=$?
if ((status)); then cat "$log"; else grep -E '^(ok|FAIL|\?) ' "$log" || true; fi
passed=$(grep -cE '^\s*--- PASS' "$log" || true)
failed=$(grep -cE '^\s*--- FAIL' "$log" || true)
skipped=$(grep -cE '^\s*--- SKIP' "$log" || true)
rm -f "$log"
echo "tests: $passed passed, $failed failed, $skipped skipped"
exit "$status"
