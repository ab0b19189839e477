# The two commands that matter: `make run` and `make test` (see README.md).
SHELL := /bin/bash
GO    ?= go
# The HEIC/AVIF decoders (github.com/gen2brain/heic, /avif) without the tag
# look for a system libheif through purego; with it they always run their
# WebAssembly build, as the Lambda helper does (internal/heifwasm).
export GOFLAGS := $(strip $(GOFLAGS) -tags=nodynamic)

.PHONY: help run test unit lint tools eval fuzz sample erase export review heldout

# Go tools, pinned, installed from the Go module proxy into bin/tools (make tools; .ci/run).
STATICCHECK_VERSION := v0.7.0
GOTESTSUM_VERSION   := v1.13.0
STATICCHECK := bin/tools/staticcheck@$(STATICCHECK_VERSION)/staticcheck
GOTESTSUM   := bin/tools/gotestsum@$(GOTESTSUM_VERSION)/gotestsum
export GOTESTSUM

# $(call run_cmd,name,args): build cmd/<name> into bin/ and run it, so a
# failure ends with the command's own message, not go run's "exit status 1".
run_cmd = $(GO) build -o bin/$(1) ./cmd/$(1) && exec bin/$(1) $(2)

## run: the whole API on http://127.0.0.1:3000 (PORT, HOST), embedded storage in .local (DATA_DIR)
run:
	@$(call run_cmd,local-api)

## help: these targets and what each does
help:
	@awk '/^## [a-z-]+:/ { sub(/^## /, "  "); print; next } /^##  / { sub(/^##/, "  "); print }' $(MAKEFILE_LIST)

## test: every test; starts moto_server for the AWS wire tests when it is installed
test: $(GOTESTSUM)
	./scripts/test.sh

## unit: every Go test without the emulator or linters: the DynamoDB/S3 wire tests skip;
##       OCR and browser tests still run where tesseract and chromium are installed
unit:
	$(GO) test ./...

## lint: gofmt, go vet, staticcheck and cfn-lint on the template
lint: $(STATICCHECK)
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...
	$(STATICCHECK) ./...
	cfn-lint template.yaml

## tools: the pinned Go tools make test and make lint use (staticcheck, gotestsum), into bin/tools
tools: $(STATICCHECK) $(GOTESTSUM)

$(STATICCHECK):
	GOBIN=$(CURDIR)/$(@D) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

$(GOTESTSUM):
	GOBIN=$(CURDIR)/$(@D) $(GO) install gotest.tools/gotestsum@$(GOTESTSUM_VERSION)

## fuzz: every fuzz target for FUZZTIME each (default 10s)
fuzz:
	./scripts/fuzz.sh

## sample: a freshly dated sample pharmacy label for trying verify-evidence by hand
sample:
	@$(call run_cmd,make-sample,-out .local/sample-label.pdf)

## eval: accuracy of verify-evidence on the generated corpus, through the real handler, with the local reader and the production one (Textract stand-in)
eval:
	@$(call run_cmd,eval)

## erase: EMAIL=<address> or LEAD_ID=<uuid>: remove a patient's data from DATA_DIR, or with STACK=uk|us
##        from a deployed stack; prints a receipt of counts (docs/security.md, "Data rights")
erase:
	@$(call run_cmd,datarights,erase)

## export: EMAIL=<address> or LEAD_ID=<uuid> [OUT=file]: a patient's records as JSON (right of access)
export:
	@$(call run_cmd,datarights,export)

## review: ID=<verification id> or LEAD_ID=<uuid> [STACK=uk|us] [OUT=folder]: each verification as one
##         self-contained HTML page, fields boxed on the document; health data, 0600 files in a 0700
##         folder, default DATA_DIR/review (docs/security.md, "Reviewing a verification")
review:
	@$(call run_cmd,review)

include Makefile.build
include Makefile.bench

## heldout: verify-evidence on documents made outside internal/testing/corpus (needs chromium, ImageMagick, exiftool);
##          SET=first|round5|round6|round7|unseen|unseen4|unseen5|unseen6|unseen7|unseen8|unseen9|unseen10|unseen11|unseen12|unseen13|unseen14|unseen15|unseen16|unseen17|unseen18|unseen19|unseen20|unseen21|unseen22|unseen23|unseen24|unseen25|unseen26|unseen27|unseen28|unseen29|unseen30|unseen31|unseen32|unseen33|unseen34|unseen35|unseen36|unseen37|unseen38|unseen39|unseen40|unseen41|unseen42|unseen43|unseen44|unseen45|unseen46|unseen47|unseen48|unseen49|unseen50|unseen51|unseen52|unseen53|unseen54|unseen55|unseen56|unseen57|unseen58|unseen59|unseen60|unseen61|unseen62|unseen63|unseen64|unseen65|unseen66|unseen67|unseen68|unseen69|unseen70|unseen71|unseen72|unseen73|unseen74|unseen75|unseen76|unseen77|unseen78|unseen79|unseen80|unseen81|unseen82|unseen83|unseen84|unseen85|unseen86|unseen87|unseen88|unseen89|unseen90|unseen91|unseen92|unseen93|unseen94|unseen95|unseen96|unseen97|unseen98|unseen99|unseen100|unseen101|unseen102|unseen103|unseen104|unseen105|unseen106|unseen107|unseen108|unseen109|unseen110|unseen111|unseen112|unseen113|unseen114|unseen115|unseen116|unseen117|unseen118|unseen119|unseen120|unseen121|unseen122|unseen123|unseen124|unseen125|unseen126|unseen127|unseen128|unseen129|unseen130|unseen131|unseen132|unseen133|unseen134|unseen135|unseen136|unseen137|unseen138|unseen139|unseen140|unseen141|unseen142|unseen143|unseen144|unseen145|unseen146|unseen147|unseen148|unseen149|unseen150|unseen151|unseen152|unseen153|unseen154|unseen155|unseen156|unseen157|unseen158|unseen159|unseen160|unseen161|unseen162|unseen163|unseen164|unseen165|unseen166|unseen167|unseen168|unseen169|unseen170|unseen171|unseen172|unseen173|unseen174|unseen175|unseen176|unseen181|unseen178|unseen182|unseen189|unseen180|unseen179|unseen177|unseen184|unseen187|unseen186|unseen183|unseen185|unseen190|unseen188|visible|all, COND=<regex>, SEED=n, SHOW=1, READER=textract (the production reader: docs/textract.md) (testdata/heldout/README.md)
heldout:
	./scripts/heldout.sh
