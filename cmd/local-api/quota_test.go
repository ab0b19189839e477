package main

import (
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/testing/hostile"
)

// TestQuotaOnTheLocalAPI: over HTTP, the request after the day's allowance
// for one userId gets 429 in the error envelope with Retry-After, and
// another userId is not affected.
func TestQuotaOnTheLocalAPI(t *testing.T) {
	port := freePort(t)
	base := "http://127.0.0.1:" + port
	startLocalAPI(t, map[string]string{"PORT": port, "DATA_DIR": filepath.Join(t.TempDir(), "data"),
		"VERIFICATIONS_PER_LEAD_PER_DAY": "2", "LOG_LEVEL": "error"}, base)
	pdf := labelPDF(t)
	post := func(userID string) *http.Response {
		t.Helper()
		body, ct := uploadForm(t, userID, pdf)
		resp, err := http.Post(base+"/external/v1/prescriptions/verify-evidence", ct, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	newLead := func() string {
		t.Helper()
		resp, err := http.Post(base+"/external/v1/leads", "application/json",
			strings.NewReader(`{"email":"jordan.avery@example.com","data":{"forename":"Jordan","surname":"Avery"}}`))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var created struct{ ID string }
		if err := json.NewDecoder(resp.Body).Decode(&created); err != nil || created.ID == "" {
			t.Fatalf("create lead: %d, %v", resp.StatusCode, err)
		}
		return created.ID
	}
	user, other := newLead(), newLead()
	// Files refused before reading use none of the day's verifications:
	// 25 of them (a type not accepted, over the page cap) leave the lead's
	// next real uploads answered 200.
	refused := [][]byte{[]byte("a note typed into the file field, not a document"), hostile.ManyPages(6)}
	for i := range 25 {
		body, ct := uploadForm(t, user, refused[i%2])
		resp, err := http.Post(base+"/external/v1/prescriptions/verify-evidence", ct, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("refused upload %d: %d, want 400", i+1, resp.StatusCode)
		}
	}
	for i := range 2 {
		if resp := post(user); resp.StatusCode != http.StatusOK {
			t.Fatalf("verification %d: %d", i+1, resp.StatusCode)
		}
	}
	resp := post(user)
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("third verification: %d %s, want 429", resp.StatusCode, raw)
	}
	var env struct {
		Status int `json:"status"`
		Error  struct {
			Message    string `json:"message"`
			Error      string `json:"error"`
			StatusCode int    `json:"statusCode"`
		} `json:"error"`
		Timestamp string `json:"timestamp"`
		Path      string `json:"path"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		t.Fatalf("429 body %s: %v", raw, err)
	}
	if env.Status != 429 || env.Error.StatusCode != 429 || env.Error.Error != "Too Many Requests" ||
		env.Path != "/external/v1/prescriptions/verify-evidence" || !strings.Contains(env.Error.Message, "at most 2 verifications") {
		t.Errorf("429 envelope = %s", raw)
	}
	if _, err := time.Parse("2006-01-02T15:04:05.000Z", env.Timestamp); err != nil {
		t.Errorf("timestamp %q: %v", env.Timestamp, err)
	}
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || secs < 1 || secs > 86400 {
		t.Errorf("Retry-After = %q, want seconds to the next UTC day", resp.Header.Get("Retry-After"))
	}
	if resp := post(other); resp.StatusCode != http.StatusOK {
		t.Errorf("another userId: %d, want 200", resp.StatusCode)
	}
}
