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

# gotestsum (make tools: pinned, in bin/tools) prints a line per package as
# it finishes and, at the end, every skipped test with its reason and every
# failure's output. Run outside make without it, plain go test does.
echo "test.sh: go test ./... (a line per package as it finishes; a few minutes)"
# Not exec: the EXIT trap stops moto_server.
if [[ -x "${GOTESTSUM:-}" ]]; then
  "$GOTESTSUM" --format pkgname --format-hide-empty-pkg -- -count=1 ./...
else
  echo "test.sh: gotestsum is not installed (make tools): no list of skipped tests at the end" >&2
  go test -count=1 ./...
fi
