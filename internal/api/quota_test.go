package api_test

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/quota"
)

// quotaFake is a hand-written fake of api.VerificationQuota.
type quotaFake struct {
	TakeFn func(leadID string) error
	got    []string
}

func (q *quotaFake) Check(_ context.Context, leadID string) error {
	q.got = append(q.got, leadID)
	return q.TakeFn(leadID)
}

func TestVerificationQuota(t *testing.T) {
	exceeded := &quota.Exceeded{Limit: 20, RetryAfter: 50155 * time.Second}
	tests := []struct {
		name    string
		parts   [][2]string
		takeErr error
		// wantTaken: the quota was asked for this userId (lower-cased).
		wantTaken []string
		wantCalls int // verifier calls
	}{
		{name: "evidence over quota", parts: validParts(pdfHead), takeErr: exceeded,
			wantTaken: []string{userID}},
		// The file is over the limit: a 429 (not a 413) shows it was never read.
		{name: "evidence over quota before a large file", takeErr: exceeded,
			parts:     [][2]string{{"userId", strings.ToUpper(userID)}, {"file", pdfHead + strings.Repeat("x", 70<<10)}},
			wantTaken: []string{userID}},
		{name: "evidence quota store down", parts: validParts(pdfHead),
			takeErr: fmt.Errorf("update counter: %w", derrors.ErrUnavailable), wantTaken: []string{userID}},
		{name: "evidence under quota", parts: validParts(pdfHead), wantTaken: []string{userID}, wantCalls: 1},
		{name: "evidence bad uuid is not counted", takeErr: exceeded,
			parts: [][2]string{{"userId", "123"}, {"medicationName", "Wegovy"}, {"medicationDosage", "2.4 mg"}, {"file", pdfHead}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := &quotaFake{TakeFn: func(string) error { return tt.takeErr }}
			rq := evidenceRequest(t, tt.name, tt.parts...)
			rq.tweak = func(d *api.Deps) { d.VerificationQuota = q }
			got, f := rq.serve(t)
			if tt.name == "evidence over quota" {
				checkGolden(t, tt.name, got)
			}
			if len(q.got) != len(tt.wantTaken) || (len(q.got) > 0 && q.got[0] != tt.wantTaken[0]) {
				t.Errorf("quota taken for %q, want %q", q.got, tt.wantTaken)
			}
			if len(f.verifier.got) != tt.wantCalls {
				t.Errorf("verifier called %d times, want %d", len(f.verifier.got), tt.wantCalls)
			}
			if len(tt.wantTaken) > 0 && errors.Is(tt.takeErr, derrors.ErrTooManyRequests) && !strings.HasPrefix(got, "HTTP 429") {
				t.Errorf("answer is not a 429:\n%s", got)
			}
		})
	}
}

func TestVerificationQuotaRetryAfter(t *testing.T) {
	q := &quotaFake{TakeFn: func(string) error { return &quota.Exceeded{Limit: 3, RetryAfter: 7 * time.Second} }}
	f := newFixture(t, func(d *api.Deps) { d.VerificationQuota = q })
	body, ct := form(t, validParts(pdfHead)...)
	req := httptest.NewRequest("POST", api.PathVerifyEvidence, strings.NewReader(string(body)))
	req.Header.Set("Content-Type", ct)
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	if rec.Code != 429 || rec.Header().Get("Retry-After") != "7" {
		t.Errorf("status %d, Retry-After %q; want 429 and 7", rec.Code, rec.Header().Get("Retry-After"))
	}
}
