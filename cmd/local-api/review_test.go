//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/testing/browser"
)

// TestReviewPage: the local API serves a verification's review page at
// /review/{X-Verification-Id} (its start-up line says so), self-contained
// and under a strict Content-Security-Policy, and 404 for any other id;
// none of the page reaches the log.
func TestReviewPage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser end-to-end test skipped in -short mode")
	}
	apiPort := freePort(t)
	apiURL := "http://127.0.0.1:" + apiPort
	apiLog, _ := startLocalAPI(t, map[string]string{"PORT": apiPort, "DATA_DIR": t.TempDir(), "MARKET": "uk"}, apiURL)
	if want := `"review":"` + apiURL + `/review/{X-Verification-Id}"`; !strings.Contains(apiLog.String(), want) {
		t.Errorf("the start-up line does not say where review pages are (%s):\n%s", want, apiLog)
	}

	resp, err := http.Post(apiURL+"/external/v1/leads", "application/json",
		strings.NewReader(`{"email":"jordan.avery@example.com","data":{"forename":"Jordan","surname":"Avery"}}`))
	if err != nil {
		t.Fatal(err)
	}
	var created struct{ ID string }
	err = json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	if err != nil || created.ID == "" {
		t.Fatalf("create lead: %d, %v", resp.StatusCode, err)
	}
	body, contentType := uploadForm(t, created.ID, labelPDF(t))
	resp, err = http.Post(apiURL+"/external/v1/prescriptions/verify-evidence", contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var verified struct {
		Data map[string]struct{ Value string }
	}
	json.NewDecoder(resp.Body).Decode(&verified)
	resp.Body.Close()
	id := resp.Header.Get("X-Verification-Id")
	if resp.StatusCode != http.StatusOK || id == "" {
		t.Fatalf("verify-evidence: %d, X-Verification-Id %q", resp.StatusCode, id)
	}

	resp, err = http.Get(apiURL + "/review/" + id)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("GET /review/%s: %d %s", id, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.HasPrefix(csp, "default-src 'none'; img-src data:;") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("Content-Security-Policy %q", csp)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q, want no-store: the page holds health data", cc)
	}
	for _, want := range []string{"Jordan Avery", `data-verdict-of="patientName"`, `data-verdict-of="pharmacyName"`,
		`<image href="data:image/jpeg;base64,`, "Riverside Pharmacy"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the review page lacks %q", want)
		}
	}
	for _, other := range []string{uuid.NewString(), "not-a-uuid", strings.ToUpper(id)} {
		resp, err := http.Get(apiURL + "/review/" + other)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET /review/%s: %d, want 404", other, resp.StatusCode)
		}
	}
	shown := browser.ReviewBoxes(t, apiURL+"/review/"+id)
	if len(shown) != 1 {
		t.Fatalf("%d pages shown, want the label's one", len(shown))
	}
	// Each field found on the label is boxed on it, once.
	boxed := map[string]bool{}
	for _, b := range shown[0].Boxes {
		if boxed[b.Field] {
			t.Errorf("%s boxed twice", b.Field)
		}
		boxed[b.Field] = true
	}
	for field, r := range verified.Data {
		if found := r.Value != "not_found"; found != boxed[field] {
			t.Errorf("%s is %s; boxed: %v", field, r.Value, boxed[field])
		}
	}
	if len(verified.Data) != 5 {
		t.Errorf("the answer rates %d fields, want 5", len(verified.Data))
	}
	for _, leaked := range []string{"Jordan", "Riverside", "Wegovy"} {
		if strings.Contains(apiLog.String(), leaked) {
			t.Errorf("the log carries %q", leaked)
		}
	}
}

// TestReviewPageIsForThisMachineOnly: the local API may listen on other
// addresses (HOST), but review pages hold health data.
func TestReviewPageIsForThisMachineOnly(t *testing.T) {
	h := withReview(http.NotFoundHandler(), nil, slog.New(slog.DiscardHandler))
	req := httptest.NewRequest(http.MethodGet, "/review/"+uuid.NewString(), nil)
	req.RemoteAddr = "192.0.2.7:50123"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Errorf("a request from another machine: %d, want 403", rec.Code)
	}
}
