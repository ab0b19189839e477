package api

import (
	"errors"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// Metrics receives what the API did, for dashboards and alarms
// (metrics.EMF in the functions). Reasons are fixed words, never request
// data.
type Metrics interface {
	// Request: one answered request of a function (create-lead,
	// verify-evidence, get-protocols), with its status and time taken.
	Request(function string, status int, elapsed time.Duration)
	// LeadCreated: a lead stored, or (replayed) an Idempotency-Key replay.
	LeadCreated(replayed bool)
	// Verified: a verification answered and recorded.
	Verified(out evidence.Outcome)
	// DocumentRefused: an upload refused before it was read.
	DocumentRefused(reason string)
	// UnknownLead: an upload for a userId no lead has, answered without
	// staging, reading or recording anything.
	UnknownLead()
	// RetryLater: a request answered 503 with Retry-After, by reason
	// ("busy": every OCR slot taken; a derrors.Later's reason otherwise).
	RetryLater(reason string)
}

// Reasons an upload is refused before it is read.
const (
	RefusedTooLarge        = "too_large"
	RefusedUnsupportedType = "unsupported_type"
	RefusedTooManyPages    = "too_many_pages"
)

// NoMetrics counts nothing: for tests and tools that measure otherwise.
type NoMetrics struct{}

func (NoMetrics) Request(string, int, time.Duration) {}
func (NoMetrics) LeadCreated(bool)                   {}
func (NoMetrics) Verified(evidence.Outcome)          {}
func (NoMetrics) DocumentRefused(string)             {}
func (NoMetrics) UnknownLead()                       {}
func (NoMetrics) RetryLater(string)                  {}

// functionOf names the function that serves a route's path ("" for none).
func functionOf(path string) string {
	switch path {
	case PathLeads:
		return "create-lead"
	case PathVerifyEvidence:
		return "verify-evidence"
	case PathProtocols:
		return "get-protocols"
	}
	return ""
}

// refusedReason is why a verify-evidence form error refused the document,
// or "" when the error is about the other parts.
func refusedReason(err error) string {
	switch {
	case errors.Is(err, derrors.ErrTooLarge):
		return RefusedTooLarge
	case errors.Is(err, evidence.ErrTooManyPages):
		return RefusedTooManyPages
	}
	return ""
}
