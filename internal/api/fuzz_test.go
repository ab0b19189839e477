package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/clinicplatform/intake/internal/api"
)

// checkEnvelope fails unless the answer is a 2xx/4xx JSON body; no client
// input may cause a 5xx.
func checkEnvelope(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code >= 500 {
		t.Fatalf("status %d for client input: %s", rec.Code, rec.Body)
	}
	if !json.Valid(rec.Body.Bytes()) {
		t.Fatalf("status %d with a body that is not JSON: %q", rec.Code, rec.Body)
	}
}

// FuzzVerifyEvidenceForm feeds arbitrary multipart bodies (and boundaries)
// to verify-evidence.
func FuzzVerifyEvidenceForm(f *testing.F) {
	body, ct := form(f, validParts(pdfHead)...)
	f.Add(body, ct)
	body, ct = form(f, [2]string{"userId", userID}, [2]string{"file", "\x89PNG\r\n\x1a\n"})
	f.Add(body, ct)
	f.Add([]byte("--b\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n%PDF-\r\n--b--\r\n"), "multipart/form-data; boundary=b")
	f.Add([]byte("--b\r\n\r\n--b--"), "multipart/form-data; boundary=b")
	f.Add([]byte{}, "multipart/form-data")
	fx := newFixture(f, func(d *api.Deps) { d.EvidenceFileLimit = 4 << 10 })
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		req := httptest.NewRequest(http.MethodPost, api.PathVerifyEvidence, bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		rec := httptest.NewRecorder()
		fx.handler.ServeHTTP(rec, req)
		checkEnvelope(t, rec)
	})
}

// FuzzCreateLead feeds arbitrary bodies to create-lead: every answer is a
// 200 with a lead or a 4xx envelope.
func FuzzCreateLead(f *testing.F) {
	f.Add([]byte(`{"email":"ada@example.com","data":{"forename":"Ada","height":{"cm":"168"}}}`))
	f.Add([]byte(`{"email":"ada@example.com","data":{"surgeries":[{"value":"x"},null]}}`))
	f.Add([]byte(`{"email":1,"email":"a@b.co"}`))
	f.Add([]byte(`[`))
	fx := newFixture(f, func(d *api.Deps) { d.LeadBodyLimit = 8 << 10 })
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest(http.MethodPost, api.PathLeads, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		fx.handler.ServeHTTP(rec, req)
		checkEnvelope(t, rec)
		if rec.Code == http.StatusOK {
			var l struct{ ID, Email, CreatedAt string }
			if err := json.Unmarshal(rec.Body.Bytes(), &l); err != nil || l.ID == "" || l.Email == "" || l.CreatedAt == "" {
				t.Fatalf("200 without a lead: %s", rec.Body)
			}
		}
	})
}
