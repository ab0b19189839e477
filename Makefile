# The two commands that matter: `make run` and `make test` (see README.md).
SHELL := /bin/bash
GO    ?= go

.PHONY: run test unit lint eval fuzz sample

## run: the whole API on http://127.0.0.1:$${PORT:-3000}, embedded storage in $${DATA_DIR:-.local}
run:
	$(GO) run ./cmd/local-api

## test: every test; starts moto_server for the AWS wire tests when it is installed
test:
	./scripts/test.sh

## unit: the Go tests only, no emulator and no linters
unit:
	$(GO) test ./...

## lint: gofmt, go vet and cfn-lint on the template
lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...
	cfn-lint template.yaml

## fuzz: every fuzz target for FUZZTIME each (default 10s)
fuzz:
	./scripts/fuzz.sh

## sample: a freshly dated sample pharmacy label for trying verify-evidence by hand
sample:
	$(GO) run ./cmd/make-sample -out .local/sample-label.pdf

## eval: accuracy of verify-evidence on the generated corpus, through the real handler
eval:
	$(GO) run ./cmd/eval

include Makefile.build
include Makefile.bench
