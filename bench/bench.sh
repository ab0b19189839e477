#!/usr/bin/env bash
# The figures of docs/performance.md, each as a row | figure | value | command |
# (`make bench` runs every step; `bench/bench.sh STEP...` runs some):
#
#   sizes     each bootstrap as Makefile.build builds it, against hello-world
#             built the same way for the template's architecture
#   go        the Go benchmarks (handlers, init, OCR preparation, metrics)
#             and the tests behind the budgets
#   cold      each function's real bootstrap: cold start, warm invocations
#   evidence  verify-evidence on the sample label's PDF and photos, with
#             each reader, and tesseract alone on the same images
#   hard      the local reader on issue 18's hard photos (low light with
#             glare, 12 MP, crumpled, a screen, 600 px), each in turns with
#             tesseract alone on the same file: ratios against the budgets
#   hostile   verify-evidence on every class of internal/testing/hostile
#   load      the local API against a bare net/http server, bombardier
#
# Needs Go, zip and jq; the local reader's rows also tesseract and
# /usr/bin/time (Debian: tesseract-ocr, time). Nothing leaves the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bin/bench
mkdir -p "$out"
# Lambda sets no AWS_CA_BUNDLE; where a machine does, every SDK config load
# parses that bundle (~3 ms), which is not what a cold start costs.
unset AWS_CA_BUNDLE AWS_PROFILE AWS_CONFIG_FILE AWS_SHARED_CREDENTIALS_FILE

row() { printf '| %s | %s | `%s` |\n' "$1" "$2" "$3"; }

# The same flags as Makefile.build's lambda_go_build.
build() { # GOARCH package output
	GOOS=linux GOARCH=$1 CGO_ENABLED=0 go build -tags lambda.norpc -trimpath -ldflags "-s -w" -o "$3" "$2"
}

declare -A pkg=([GetProtocolsFunction]=get-protocols [CreateLeadFunction]=create-lead [VerifyEvidenceFunction]=verify-evidence)
# bench/lambdarun runs a bootstrap built here (bin/bench/host/<LogicalId>),
# with the function's environment as template.yaml sets it.
lambdarun() { bin/bench/lambdarun "$@"; }

host_builds() {
	local arch
	arch=$(go env GOARCH)
	build "$arch" ./bench/hello "$out/host/hello/bootstrap"
	for f in "${!pkg[@]}"; do build "$arch" "./functions/${pkg[$f]}" "$out/host/$f/bootstrap"; done
	go build -o bin/bench/lambdarun ./bench/lambdarun
}

step_sizes() {
	local arch hello hz bytes z
	arch=$(bash scripts/lambda-goarch.sh)
	make -s build-lambdas >/dev/null
	build "$arch" ./bench/hello "$out/$arch/hello/bootstrap"
	zsize() { rm -f "$out/size.zip"; zip -qj "$out/size.zip" "$1"; stat -c %s "$out/size.zip"; }
	hello=$(stat -c %s "$out/$arch/hello/bootstrap") hz=$(zsize "$out/$arch/hello/bootstrap")
	for f in GetProtocolsFunction CreateLeadFunction VerifyEvidenceFunction; do
		bytes=$(stat -c %s ".aws-sam-local/$f/bootstrap") z=$(zsize ".aws-sam-local/$f/bootstrap")
		row "$f bootstrap, linux/$arch (zip), against hello-world" \
			"$(awk -v b="$bytes" -v z="$z" -v h="$hello" -v hz="$hz" 'BEGIN { printf "%.1f MB (zip %.1f MB): %.2fx hello %.1f MB (zip %.2fx)", b/1e6, z/1e6, b/h, h/1e6, z/hz }')" \
			"bench/bench.sh sizes"
	done
	# The helper packaged beside verify-evidence's bootstrap, started only
	# for an HEIC or AVIF upload (docs/performance.md, "Image decoders").
	local helper=.aws-sam-local/VerifyEvidenceFunction/heif-decode
	bytes=$(stat -c %s "$helper") z=$(zsize "$helper")
	rm -f "$out/size.zip"; zip -qj "$out/size.zip" .aws-sam-local/VerifyEvidenceFunction/bootstrap "$helper"
	row "VerifyEvidenceFunction heif-decode helper, linux/$arch (zip); the function's package with it" \
		"$(awk -v b="$bytes" -v z="$z" -v p="$(stat -c %s "$out/size.zip")" 'BEGIN { printf "%.1f MB (zip %.1f MB); package zip %.1f MB", b/1e6, z/1e6, p/1e6 }')" \
		"bench/bench.sh sizes"
}

step_go() {
	local cmd="go test -run 'TestCatalogueIsPreparedAtInit|TestInitMakesNoNetworkCall' -bench . -benchmem -count 3 -benchtime 0.5s ./functions/... ./internal/tesseract/ ./internal/metrics/"
	eval "$cmd" >"$out/gobench.txt" 2>&1 || { cat "$out/gobench.txt" >&2; return 1; }
	# Each benchmark's median of its runs by time, with the command that
	# runs it alone.
	awk -v module="$(go list -m)" '
		function dur(ns) { return ns < 1e3 ? sprintf("%.0f ns", ns) : ns < 1e6 ? sprintf("%.1f µs", ns / 1e3) : ns < 1e9 ? sprintf("%.1f ms", ns / 1e6) : sprintf("%.2f s", ns / 1e9) }
		/^pkg: / { pkg = "." substr($2, length(module) + 1) }
		/^Benchmark/ && / ns\/op/ {
			name = $1; sub(/-[0-9]+$/, "", name); k = pkg " " name
			if (!(k in n)) order[++keys] = k
			v = dur($3); for (i = 4; i < NF; i++) if ($(i+1) == "B/op" || $(i+1) == "allocs/op") v = v ", " $i " " $(i+1)
			runs[k, ++n[k]] = $3 "\t" v
		}
		END {
			for (j = 1; j <= keys; j++) {
				k = order[j]; m = n[k]
				for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++) if (runs[k, b] + 0 < runs[k, a] + 0) { t = runs[k, a]; runs[k, a] = runs[k, b]; runs[k, b] = t }
				split(runs[k, int((m + 1) / 2)], f, "\t"); split(k, p, " ")
				bench = p[2]; gsub(/\//, "$/^", bench)
				printf "| %s per op, median of %d | %s | `go test %s -run \047^$\047 -bench \047^%s$\047 -benchmem -count 3` |\n", k, m, f[2], p[1], bench
			}
		}' "$out/gobench.txt"
	grep -q '^ok .*get-protocols' "$out/gobench.txt" && row "get-protocols ETag, 304 and Cache-Control from bytes prepared at init" "TestCatalogueIsPreparedAtInit passes" "go test ./functions/get-protocols -run TestCatalogueIsPreparedAtInit"
	grep -q '^ok .*create-lead' "$out/gobench.txt" && grep -q '^ok .*verify-evidence' "$out/gobench.txt" &&
		row "create-lead and verify-evidence init make no AWS call" "TestInitMakesNoNetworkCall passes" "go test ./functions/... -run TestInitMakesNoNetworkCall"
}

step_cold() {
	host_builds
	lambdarun -fn hello -cold 15 -event events/get-protocols.json
	lambdarun -fn GetProtocolsFunction -cold 15 -event events/get-protocols.json
	lambdarun -fn CreateLeadFunction -cold 15 -event events/create-lead.json
	lambdarun -fn VerifyEvidenceFunction -cold 15 -event pdf
}

have_tesseract() {
	command -v tesseract >/dev/null && [ -x /usr/bin/time ] && return
	echo "bench: tesseract or /usr/bin/time missing (Debian: tesseract-ocr, time): skipping the local reader" >&2
	return 1
}

step_evidence() {
	host_builds
	local docs="$out/docs"
	mkdir -p "$docs"
	lambdarun -fn VerifyEvidenceFunction -docs pdf,photo,photo-4mb -runs 10
	have_tesseract || return 0
	lambdarun -fn VerifyEvidenceFunction -env TEXT_READER=local -runs 3 -save "$docs" \
		-docs pdf,png,photo,photo-4mb,photo-rot90,photo-rot180,photo-rot270,photo-exif6
	# tesseract as internal/tesseract runs it, on the upright images: median of 3.
	for img in png.png photo.jpg photo-4mb.jpg; do
		local cmd="OMP_THREAD_LIMIT=1 /usr/bin/time -f '%e %U %S %M' tesseract $docs/$img stdout -l eng --psm 3 tsv"
		for _ in 1 2 3; do eval "$cmd" 2>&1 >/dev/null | tail -1; done |
			awk '{ print $2 + $3, $1, $4 }' | sort -n | sed -n 2p |
			awk -v img="$img" -v cmd="$cmd" '{ printf "| tesseract alone on %s: CPU / wall / RSS (median of 3) | %.2f s / %.2f s / %.1f MB | `%s` |\n", img, $1, $2, $3 * 1024 / 1e6, cmd }'
	done
}

step_hard() {
	host_builds
	have_tesseract || return 0
	lambdarun -fn VerifyEvidenceFunction -env TEXT_READER=local -docs hard -runs 2
}

step_hostile() {
	host_builds
	lambdarun -fn VerifyEvidenceFunction -docs hostile -runs 1
	have_tesseract || return 0
	lambdarun -fn VerifyEvidenceFunction -docs hostile -runs 1 -env TEXT_READER=local
}

step_load() {
	local arch tmp port bare ours pid
	arch=$(go env GOARCH)
	build "$arch" ./cmd/local-api "$out/host/local-api"
	build "$arch" ./bench/bareserver "$out/host/bareserver"
	GOBIN=$PWD/$out go install github.com/codesenberg/bombardier@v1.2.6
	tmp=$(mktemp -d)
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	HOST=127.0.0.1 PORT=$port DATA_DIR=$tmp/data MARKET=uk "$out/host/local-api" >/dev/null 2>&1 &
	ours=$!
	bare=$((port + 1))
	trap 'kill $ours ${pid:-} 2>/dev/null; rm -rf "$tmp"' RETURN
	local path=/external/v1/protocols/weightloss body
	for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port$path" >/dev/null && break; sleep 0.1; done
	body=$(jq -r .body events/create-lead.json)
	curl -sf -H 'Content-Type: application/json' -d "$body" "http://127.0.0.1:$port/external/v1/leads" >"$tmp/lead.json"
	"$out/host/bareserver" -addr "127.0.0.1:$bare" -market uk -post-response "$tmp/lead.json" &
	pid=$!
	for _ in $(seq 50); do curl -sf "http://127.0.0.1:$bare$path" >/dev/null && break; sleep 0.1; done
	cmp -s <(curl -s "http://127.0.0.1:$port$path") <(curl -s "http://127.0.0.1:$bare$path") ||
		echo "bench: the two servers send different catalogues" >&2
	# 4 keep-alive connections, 2 s, the servers in turns, 5 rounds: the
	# round with the median rate of each; server CPU (10 ms ticks) per request.
	cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
	for route in "GET protocols" "POST leads"; do
		local args=("http://127.0.0.1:PORT$path")
		[ "$route" = "POST leads" ] && args=(-m POST -H 'Content-Type: application/json' -b "$body" "http://127.0.0.1:PORT/external/v1/leads")
		for round in 1 2 3 4 5; do
			for server in "$port local-api $ours" "$bare bare $pid"; do
				set -- $server
				local c0 j c1
				c0=$(cpu "$3")
				j=$("$out/bombardier" -c 4 -d 2s -l -p r -o j "${args[@]/PORT/$1}")
				c1=$(cpu "$3")
				jq -r --arg s "$2" --argjson cpu $((c1 - c0)) \
					'[$s, .result.rps.mean, .result.latency.percentiles["50"], .result.latency.percentiles["99"], ($cpu * 10000 / (.result.req2xx + 1))] | @tsv' <<<"$j"
			done
		done | sort -k1,1 -k2,2n | awk -F'\t' -v route="$route" '
			{ n[$1]++; if (n[$1] == 3) { rps[$1] = $2; v[$1] = sprintf("%.0f req/s (p50 %d µs, p99 %d µs, server CPU %d µs/req)", $2, $3, $4, $5) } }
			END { printf "| local API %s against a bare net/http server: bombardier -c 4 -d 2s, 5 rounds in turns, the median | %s; bare %s: %.0f%% | `bench/bench.sh load` |\n", route, v["local-api"], v["bare"], 100 * rps["local-api"] / rps["bare"] }'
	done
}

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(sizes go cold evidence hard hostile load)
echo "Figures of docs/performance.md: $(nproc) CPUs, $(go env GOVERSION), load average $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u +%FT%TZ)"
echo
echo "| Figure | Value | Command |"
echo "|---|---|---|"
for s in "${steps[@]}"; do "step_$s"; done
echo
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
