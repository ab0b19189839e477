//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	intake "github.com/clinicplatform/intake"
	"github.com/clinicplatform/intake/internal/testing/browser"
)

// TestReferenceServesDocument: /openapi.yaml is the committed document and
// /docs the page with the vendored Swagger UI, licence included.
func TestReferenceServesDocument(t *testing.T) {
	apiPort := freePort(t)
	apiURL := "http://127.0.0.1:" + apiPort
	startLocalAPI(t, map[string]string{"PORT": apiPort, "DATA_DIR": t.TempDir()}, apiURL)

	committed, err := os.ReadFile(filepath.Join("..", "..", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path, contentType string
		want              func([]byte) bool
	}{
		{pathOpenAPI, "application/yaml; charset=utf-8", func(b []byte) bool { return bytes.Equal(b, committed) }},
		{pathDocs, "text/html; charset=utf-8", func(b []byte) bool {
			return bytes.Contains(b, []byte(`src="/docs/swagger-ui/swagger-ui-bundle.js"`))
		}},
		{pathDocs + "/", "text/html; charset=utf-8", func(b []byte) bool { return bytes.Contains(b, []byte(`id="swagger-ui"`)) }},
		{pathDocs + "/init.js", "text/javascript; charset=utf-8", func(b []byte) bool { return bytes.Contains(b, []byte(`"/openapi.yaml"`)) }},
		{pathDocs + "/swagger-ui/swagger-ui-bundle.js", "text/javascript; charset=utf-8", func(b []byte) bool { return bytes.Contains(b, []byte("SwaggerUIBundle")) }},
		{pathDocs + "/swagger-ui/LICENSE", "", func(b []byte) bool { return bytes.Contains(b, []byte("Apache License")) }},
	} {
		t.Run(tt.path, func(t *testing.T) {
			resp, err := http.Get(apiURL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusOK || !tt.want(body) {
				t.Fatalf("GET %s: %d, %d bytes not as expected", tt.path, resp.StatusCode, len(body))
			}
			if ct := resp.Header.Get("Content-Type"); tt.contentType != "" && ct != tt.contentType {
				t.Errorf("Content-Type = %q, want %q", ct, tt.contentType)
			}
		})
	}
	if !bytes.Equal(intake.OpenAPI, committed) {
		t.Error("the embedded document differs from openapi.yaml")
	}
	// The API still answers what is not the reference, in its envelope.
	resp, err := http.Get(apiURL + "/external/v1/nothing")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || resp.Header.Get("Content-Type") != "application/json; charset=utf-8" {
		t.Errorf("unknown path: %d %s, want the API's 404 envelope", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

// TestReferenceReplacesTheExampleKey: init.js swaps the Idempotency-Key
// example openapi.yaml gives (which Swagger UI pre-fills) for a key of each
// execution's own; that only works while the two agree.
func TestReferenceReplacesTheExampleKey(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct{ Name, Example string }
		}
	}
	if err := yaml.Unmarshal(mustReadFile(t, filepath.Join("..", "..", "openapi.yaml")), &doc); err != nil {
		t.Fatal(err)
	}
	example := ""
	for _, p := range doc.Paths["/external/v1/leads"]["post"].Parameters {
		if p.Name == "Idempotency-Key" {
			example = p.Example
		}
	}
	js := string(mustReadFile(t, filepath.Join("reference", "init.js")))
	if example == "" || !strings.Contains(js, `const exampleIdempotencyKey = "`+example+`";`) {
		t.Errorf("init.js does not replace openapi.yaml's example Idempotency-Key %q", example)
	}
}

// TestSwaggerUIVendored: the vendored copy carries its licence, notice and
// version, and the version is the one the README names.
func TestSwaggerUIVendored(t *testing.T) {
	dir := filepath.Join("reference", "swagger-ui")
	for _, f := range []string{"LICENSE", "NOTICE", "swagger-ui-bundle.js.LICENSE.txt"} {
		if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: the vendored Swagger UI must keep it (%v)", f, err)
		}
	}
	var pkg struct{ Name, Version, License string }
	if err := json.Unmarshal(mustReadFile(t, filepath.Join(dir, "package.json")), &pkg); err != nil {
		t.Fatal(err)
	}
	if pkg.Name != "swagger-ui-dist" || pkg.License != "Apache-2.0" || pkg.Version == "" {
		t.Fatalf("package.json: %+v", pkg)
	}
	readme := mustReadFile(t, filepath.Join("..", "..", "README.md"))
	if !bytes.Contains(readme, []byte("swagger-ui-dist "+pkg.Version)) {
		t.Errorf("README.md does not name the vendored version, swagger-ui-dist %s", pkg.Version)
	}
}

// TestLambdaFunctionsLeaveOutReference: no Lambda function depends on the
// package that embeds openapi.yaml, or on anything embedding Swagger UI.
func TestLambdaFunctionsLeaveOutReference(t *testing.T) {
	if testing.Short() {
		t.Skip("go list skipped in -short mode")
	}
	out, err := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,EmbedFiles", "../../functions/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	here, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	packages := 0
	for dec.More() {
		var p struct {
			ImportPath, Dir string
			EmbedFiles      []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		packages++
		if p.ImportPath == "github.com/clinicplatform/intake" || p.Dir == here {
			t.Errorf("a Lambda function depends on %s, which holds the reference page or its document", p.ImportPath)
		}
		for _, f := range p.EmbedFiles {
			if strings.Contains(f, "swagger") || strings.HasSuffix(f, "openapi.yaml") {
				t.Errorf("%s embeds %s: the reference page belongs to the local API only", p.ImportPath, f)
			}
		}
	}
	if packages < 20 {
		t.Fatalf("go list found only %d packages under ../../functions/...", packages)
	}
}

// TestE2EReferencePage drives the reference page in headless Chromium: it
// lists the three operations, and "Try it out" on each, with the document's
// examples (and a label PDF as the file), reaches the local API and shows its
// 200, with no request leaving the local API's origin.
func TestE2EReferencePage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser end-to-end test skipped in -short mode")
	}
	apiPort := freePort(t)
	apiURL := "http://127.0.0.1:" + apiPort
	apiLog, _ := startLocalAPI(t, map[string]string{"PORT": apiPort, "DATA_DIR": t.TempDir(), "MARKET": "us"}, apiURL)

	ctx, requested := browser.New(t)
	getProtocols := "#operations-Protocols-getWeightlossProtocols"
	createLead := "#operations-Leads-createLead"
	from := apiLog.Len()
	err := chromedp.Do(ctx,
		chromedp.Navigate(apiURL+pathDocs),
		chromedp.WaitVisible(chromedp.CSS(getProtocols)),
	)
	if err != nil {
		t.Fatalf("load %s%s: %v", apiURL, pathDocs, err)
	}
	operations, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll(".opblock-summary")).map(s =>
		s.querySelector(".opblock-summary-method").textContent + " " + s.querySelector(".opblock-summary-path").dataset.path)`))
	if err != nil {
		t.Fatalf("list operations: %v", err)
	}
	want := []string{
		"POST /external/v1/leads",
		"POST /external/v1/prescriptions/verify-evidence",
		"GET /external/v1/protocols/weightloss",
	}
	if diff := cmp.Diff(want, operations); diff != "" {
		t.Errorf("operations the page lists (-want +got):\n%s", diff)
	}

	// Each execution that would send the example Idempotency-Key sends a
	// key of its own, so two visitors (or two bodies) never share one.
	keys, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[1, 2].map(() =>
		ui.getConfigs().requestInterceptor({headers: {"Idempotency-Key": exampleIdempotencyKey}}).headers["Idempotency-Key"])`))
	if err != nil || len(keys) != 2 || keys[0] == keys[1] || strings.Contains(strings.Join(keys, ""), "6c1f2b8e") {
		t.Errorf("the page's keys for two executions: %q, %v; want two fresh keys", keys, err)
	}

	// The form of verify-evidence comes filled with the document's examples
	// but the file, which the test chooses as a person would.
	label := filepath.Join(t.TempDir(), "label.pdf")
	if err := os.WriteFile(label, dispensingLabelPDF(t, "Rosalind Pemberton", time.Now().AddDate(0, 0, -3)), 0o600); err != nil {
		t.Fatal(err)
	}
	verifyEvidence := "#operations-Prescriptions-verifyPrescriptionEvidence"
	for _, tt := range []struct {
		op   string
		fill chromedp.Action[chromedp.Void]
	}{
		{op: getProtocols},
		{op: createLead},
		{op: verifyEvidence, fill: chromedp.SetUploadFiles(chromedp.CSS(verifyEvidence+` input[type="file"]`), []string{label})},
	} {
		t.Run(tt.op, func(t *testing.T) {
			status := tryOperation(t, ctx, tt.op, tt.fill)
			if status != "200" {
				t.Errorf("Try it out on %s: response code %q, want 200", tt.op, status)
			}
		})
	}

	logged := apiLog.requests(t, from)
	for _, r := range []string{"GET /external/v1/protocols/weightloss 200", "POST /external/v1/leads 200",
		"POST /external/v1/prescriptions/verify-evidence 200"} {
		if !slices.Contains(logged, r) {
			t.Errorf("the local API did not log %q; logged %q", r, logged)
		}
	}
	for _, u := range requested() {
		if parsed, err := url.Parse(u); err != nil || parsed.Scheme != "data" && parsed.Host != "127.0.0.1:"+apiPort {
			t.Errorf("the page requested %s, outside the local API", u)
		}
	}
}

// tryOperation opens the operation block sel, presses "Try it out", runs
// fill (when not nil) and presses "Execute", and returns the response code
// the page shows.
func tryOperation(t *testing.T, ctx context.Context, sel string, fill chromedp.Action[chromedp.Void]) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.Click(chromedp.CSS(sel + " .opblock-summary-control")),
		chromedp.WaitVisible(chromedp.CSS(sel + " .try-out__btn")),
		chromedp.Click(chromedp.CSS(sel + " .try-out__btn")),
		chromedp.WaitVisible(chromedp.CSS(sel + " .btn.execute")),
	}
	if fill != nil {
		steps = append(steps, fill)
	}
	steps = append(steps,
		chromedp.Click(chromedp.CSS(sel+" .btn.execute")),
		chromedp.WaitVisible(chromedp.CSS(sel+" .live-responses-table tbody .response-col_status")),
	)
	err := chromedp.Do(ctx, steps...)
	var status string
	if err == nil {
		status, err = chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel+" .live-responses-table tbody .response-col_status")))
	}
	if err != nil {
		dom, _ := chromedp.Run(ctx, chromedp.OuterHTML(chromedp.CSS(sel)))
		t.Fatalf("try %s: %v\n%s", sel, err, tail(dom, 3000))
	}
	return strings.TrimSpace(status)
}

func mustReadFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestOwnOrigins(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want []string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 3000}, []string{"http://127.0.0.1:3000", "http://localhost:3000"}},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 3000}, []string{"http://[::1]:3000", "http://127.0.0.1:3000", "http://localhost:3000"}},
		{&net.TCPAddr{IP: net.IPv4(192, 0, 2, 7), Port: 8080}, []string{"http://192.0.2.7:8080"}},
		{&net.UnixAddr{Name: "/tmp/sock", Net: "unix"}, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ownOrigins(tt.addr)); diff != "" {
			t.Errorf("ownOrigins(%v) (-want +got):\n%s", tt.addr, diff)
		}
	}
}
