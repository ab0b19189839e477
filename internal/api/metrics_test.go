package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/metrics"
)

// counted is a hand-written fake of api.Metrics: each event as a line.
type counted struct {
	mu     sync.Mutex
	events []string
}

func (c *counted) add(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.events = append(c.events, fmt.Sprintf(format, args...))
}

func (c *counted) Request(function string, status int, elapsed time.Duration) {
	if elapsed < 0 {
		c.add("negative latency")
	}
	c.add("request %s %d", function, status)
}
func (c *counted) LeadCreated(replayed bool) { c.add("lead replayed=%t", replayed) }
func (c *counted) Verified(out evidence.Outcome) {
	c.add("verified %s success=%t source=%s unreadable=%s", out.ID, out.Result.Success, out.TextSource, evidence.UnreadableReason(out.Unreadable))
}
func (c *counted) DocumentRefused(reason string) { c.add("refused %s", reason) }
func (c *counted) UnknownLead()                  { c.add("unknown lead") }
func (c *counted) RetryLater(reason string)      { c.add("retry later %s", reason) }

// TestMetricsCountWhatHappened: each route reports its request, and the
// events that happened in it, once.
func TestMetricsCountWhatHappened(t *testing.T) {
	gif := "GIF89a\x01\x00\x01\x00"
	tests := []struct {
		name string
		send func(t *testing.T, h http.Handler)
		want []string
	}{
		{"lead created", func(t *testing.T, h http.Handler) {
			serveRaw(h, "POST", api.PathLeads, "application/json", `{"email":"ada@example.com"}`, nil)
		}, []string{"lead replayed=false", "request create-lead 200"}},
		{"lead invalid", func(t *testing.T, h http.Handler) {
			serveRaw(h, "POST", api.PathLeads, "application/json", `{"email":"ada"}`, nil)
		}, []string{"request create-lead 400"}},
		{"lead with a key, then its replay", func(t *testing.T, h http.Handler) {
			for range 2 {
				serveRaw(h, "POST", api.PathLeads, "application/json", `{"email":"ada@example.com"}`, map[string]string{"Idempotency-Key": "k-1"})
			}
		}, []string{"lead replayed=false", "request create-lead 200", "lead replayed=true", "request create-lead 200"}},
		{"verification", func(t *testing.T, h http.Handler) {
			body, ct := form(t, validParts(pdfHead)...)
			serveRaw(h, "POST", api.PathVerifyEvidence, ct, string(body), nil)
		}, []string{"verified 9b2f4c1e-0d7a-4e5b-8c3f-1a2b3c4d5e6f success=true source=pdf-text unreadable=", "request verify-evidence 200"}},
		{"file too large", func(t *testing.T, h http.Handler) {
			body, ct := form(t, validParts(pdfHead+strings.Repeat("x", 70<<10))...)
			serveRaw(h, "POST", api.PathVerifyEvidence, ct, string(body), nil)
		}, []string{"refused too_large", "request verify-evidence 413"}},
		{"type not accepted", func(t *testing.T, h http.Handler) {
			body, ct := form(t, validParts(gif)...)
			serveRaw(h, "POST", api.PathVerifyEvidence, ct, string(body), nil)
		}, []string{"refused unsupported_type", "request verify-evidence 400"}},
		{"no lead", func(t *testing.T, h http.Handler) {
			body, ct := form(t, validParts(pdfHead)...)
			serveRaw(h, "POST", api.PathVerifyEvidence, ct, string(body), nil)
		}, []string{"unknown lead", "request verify-evidence 200"}},
		{"too many pages", func(t *testing.T, h http.Handler) {
			body, ct := form(t, validParts(pdfHead)...)
			serveRaw(h, "POST", api.PathVerifyEvidence, ct, string(body), nil)
		}, []string{"refused too_many_pages", "request verify-evidence 400"}},
		{"pages spent", func(t *testing.T, h http.Handler) {
			body, ct := form(t, validParts(pdfHead)...)
			serveRaw(h, "POST", api.PathVerifyEvidence, ct, string(body), nil)
		}, []string{"retry later daily_text_reader_pages", "request verify-evidence 503"}},
		{"bad user id is not a refused document", func(t *testing.T, h http.Handler) {
			body, ct := form(t, [2]string{"userId", "nope"}, [2]string{"medicationName", "Wegovy"}, [2]string{"medicationDosage", "1 mg"}, [2]string{"file", pdfHead})
			serveRaw(h, "POST", api.PathVerifyEvidence, ct, string(body), nil)
		}, []string{"request verify-evidence 400"}},
		{"protocols", func(t *testing.T, h http.Handler) {
			serveRaw(h, "GET", api.PathProtocols, "", "", nil)
		}, []string{"request get-protocols 200"}},
		{"preflights are not counted", func(t *testing.T, h http.Handler) {
			for _, origin := range []string{"https://app.example.com", "https://evil.example.net"} {
				for _, path := range []string{api.PathLeads, api.PathVerifyEvidence, api.PathProtocols} {
					serveRaw(h, "OPTIONS", path, "", "", map[string]string{"Origin": origin, "Access-Control-Request-Method": "POST"})
				}
			}
		}, nil},
		{"an OPTIONS that is no preflight is", func(t *testing.T, h http.Handler) {
			serveRaw(h, "OPTIONS", api.PathLeads, "", "", map[string]string{"Origin": "https://app.example.com"})
		}, []string{"request create-lead 405"}},
		{"a refused cross-origin post is", func(t *testing.T, h http.Handler) {
			serveRaw(h, "POST", api.PathLeads, "application/json", `{"email":"ada@example.com"}`, map[string]string{"Origin": "https://evil.example.net"})
		}, []string{"request create-lead 403"}},
		{"unknown paths are not counted", func(t *testing.T, h http.Handler) {
			serveRaw(h, "GET", "/external/v1/leads/ada@example.com", "", "", nil)
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &counted{}
			f := newFixture(t, func(d *api.Deps) { d.Metrics = m })
			f.verifier.VerifyFn = func(evidence.Request) (evidence.Outcome, error) {
				switch tt.name {
				case "no lead":
					return evidence.Outcome{NoLead: true, Result: evidence.NoLeadResult()}, nil
				case "too many pages":
					return evidence.Outcome{}, evidence.TooManyPages(5)
				case "pages spent":
					return evidence.Outcome{}, &derrors.Later{Reason: "daily_text_reader_pages", Message: "spent", RetryAfter: time.Hour}
				}
				return evidence.Outcome{ID: "9b2f4c1e-0d7a-4e5b-8c3f-1a2b3c4d5e6f", Result: allValid, TextSource: "pdf-text"}, nil
			}
			tt.send(t, f.handler)
			if diff := cmp.Diff(tt.want, m.events); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMetricsFunctionNames: the Function dimension the API reports is the
// one the template's alarms and dashboard read.
func TestMetricsFunctionNames(t *testing.T) {
	m := &counted{}
	h := newFixture(t, func(d *api.Deps) { d.Metrics = m }).handler
	serveRaw(h, "POST", api.PathLeads, "application/json", `{"email":"ada@example.com"}`, nil)
	serveRaw(h, "GET", api.PathProtocols, "", "", nil)
	body, ct := form(t, validParts(pdfHead)...)
	serveRaw(h, "POST", api.PathVerifyEvidence, ct, string(body), nil)
	var got []string
	for _, e := range m.events {
		if f, ok := strings.CutPrefix(e, "request "); ok {
			got = append(got, strings.Fields(f)[0])
		}
	}
	want := []string{metrics.FunctionCreateLead, metrics.FunctionGetProtocols, metrics.FunctionVerifyEvidence}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("functions (-want +got):\n%s", diff)
	}
}

func serveRaw(h http.Handler, method, path, contentType, body string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestErrorLinesNameNoLead: a dependency's error that quotes the userId
// (an S3 key, in any case) is logged with the lead's log reference in its
// place; the 500 line never carries the id itself.
func TestErrorLinesNameNoLead(t *testing.T) {
	f := newFixture(t, func(d *api.Deps) {})
	f.verifier.VerifyFn = func(req evidence.Request) (evidence.Outcome, error) {
		return evidence.Outcome{}, fmt.Errorf("stage evidence/%s/2026/11/21/x.pdf (%s): %w",
			req.UserID, strings.ToUpper(req.UserID), derrors.ErrUnavailable)
	}
	body, ct := form(t, validParts(pdfHead)...)
	if rec := serveRaw(f.handler, "POST", api.PathVerifyEvidence, ct, string(body), nil); rec.Code != 500 {
		t.Fatalf("status %d, want 500", rec.Code)
	}
	log := f.log.String()
	if strings.Contains(strings.ToLower(log), strings.ToLower(userID)) {
		t.Errorf("the log carries the lead id:\n%s", log)
	}
	if !strings.Contains(log, "evidence/"+lead.LogRef(userID)+"/2026") || strings.Count(log, lead.LogRef(userID)) != 2 {
		t.Errorf("the log does not name the lead by its reference %s:\n%s", lead.LogRef(userID), log)
	}
}
