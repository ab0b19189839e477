# The two commands that matter: `make run` and `make test` (see README.md).
SHELL := /bin/bash
GO    ?= go

.PHONY: run test unit lint eval fuzz sample erase export heldout

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

## erase: EMAIL=<address> or LEAD_ID=<uuid>: remove a patient's data from DATA_DIR, or with STACK=uk|us
##        from a deployed stack; prints a receipt of counts (docs/security.md, "Data rights")
erase:
	@$(GO) run ./cmd/datarights erase

## export: EMAIL=<address> or LEAD_ID=<uuid> [OUT=file]: a patient's records as JSON (right of access)
export:
	@$(GO) run ./cmd/datarights export

include Makefile.build
include Makefile.bench

## heldout: verify-evidence on documents made outside internal/testing/corpus (needs chromium, ImageMagick, exiftool)
heldout:
	./scripts/heldout.sh
