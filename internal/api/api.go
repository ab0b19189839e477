// Package api is the HTTP transport of the service: routes, request decoding,
// response encoding and the error envelopes of the interface. Handlers are
// plain net/http, so the same code runs in Lambda (through the API Gateway
// proxy adapter), under httptest, and in cmd/local-api.
package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
)

// Default limits.
const (
	DefaultLeadBodyLimit     = 64 << 10
	DefaultEvidenceFileLimit = 4_000_000
)

// EvidenceVerifier runs one verification (evidence.Service in production).
type EvidenceVerifier interface {
	Verify(ctx context.Context, req evidence.Request) (evidence.Outcome, error)
}

// LeadCreator creates a lead from one create-lead request (lead.Service,
// which main.go wires with its stores, in production).
type LeadCreator interface {
	Create(ctx context.Context, req lead.CreateRequest) (lead.Created, error)
}

// VerificationQuota checks, without counting, that a lead has a
// verification left today, or fails with an error wrapping
// derrors.ErrTooManyRequests (*quota.Exceeded): the early refusal. The
// verification is counted by the EvidenceVerifier.
type VerificationQuota interface {
	Check(ctx context.Context, leadID string) error
}

// Deps is what the handlers need. A route whose dependency is nil is not
// served (each Lambda function wires only its own route); it answers 404.
type Deps struct {
	Log *slog.Logger
	// Now (error timestamps) and NewID (request ids) are injected so tests
	// can pin time and ids.
	Now   func() time.Time
	NewID func() string

	// Leads creates leads (create-lead): a lead.Service.
	Leads LeadCreator
	// Protocols is the encoded protocol catalogue (get-protocols), prepared
	// once at init.
	Protocols []byte
	// Evidence verifies uploads (verify-evidence).
	Evidence EvidenceVerifier
	// VerificationQuota refuses a verify-evidence request whose userId has
	// used its day's verifications before the file is read; nil checks
	// nothing (the verifier still counts).
	VerificationQuota VerificationQuota

	// RequestID returns the id of the request as the platform knows it
	// (API Gateway's request id in Lambda); nil or "" falls back to the
	// X-Request-Id header or a new id.
	RequestID func(*http.Request) string

	// Metrics counts what the API did (NoMetrics: nothing).
	Metrics Metrics

	// LeadBodyLimit and EvidenceFileLimit bound a create-lead body and an
	// evidence file (413 above), for the routes served.
	LeadBodyLimit     int64
	EvidenceFileLimit int64
	// CORSAllowedOrigins are the browser origins allowed to call the API;
	// "*" allows any.
	CORSAllowedOrigins []string
}

type server struct {
	log   *slog.Logger
	now   func() time.Time
	newID func() string
	deps  Deps
}

// NewHandler returns the API with every route whose dependency is set. It
// fills in nothing: Log, Now, NewID and Metrics are required (NoMetrics
// counts nothing), and a route served needs its limit; every one missing is
// named at once.
func NewHandler(d Deps) (http.Handler, error) {
	var missing []string
	for _, dep := range []struct {
		name string
		ok   bool
	}{
		{"Log", d.Log != nil},
		{"Now", d.Now != nil},
		{"NewID", d.NewID != nil},
		{"Metrics", d.Metrics != nil},
		{"LeadBodyLimit", d.Leads == nil || d.LeadBodyLimit > 0},
		{"EvidenceFileLimit", d.Evidence == nil || d.EvidenceFileLimit > 0},
	} {
		if !dep.ok {
			missing = append(missing, dep.name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("api: Deps without %s", strings.Join(missing, ", "))
	}
	s := &server{log: d.Log, now: d.Now, newID: d.NewID, deps: d}
	return s.middleware(s.routes()), nil
}
