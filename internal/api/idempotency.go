package api

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/lead"
)

const (
	// idempotencyHeader names the create-lead retry key.
	idempotencyHeader = "Idempotency-Key"
	// IdempotencyTTL is how long a key is remembered.
	IdempotencyTTL = 24 * time.Hour
)

// IdempotencyStore remembers create-lead responses by key.
type IdempotencyStore = idempotency.Store

// leadIDNamespace derives a lead's id from its Idempotency-Key, so two
// concurrent requests with one key race on the leads table's conditional
// put and can never both create a lead.
var leadIDNamespace = uuid.MustParse("6f1c7a52-3f0e-4d59-9a0a-6a3f2b1f8e21")

// createLeadIdempotent answers a create-lead request that carries an
// Idempotency-Key: the first request with a key creates the lead, a retry
// with the same body gets the same response, another body a 409.
func (s *server) createLeadIdempotent(w http.ResponseWriter, r *http.Request, body []byte) {
	key := r.Header.Get(idempotencyHeader)
	if !validIdempotencyKey(key) {
		s.writeError(w, r, derrors.Invalid(idempotencyHeader+" must be 1 to 255 visible ASCII characters"), messageList)
		return
	}
	hash := idempotency.HashRequest(body)
	if s.replay(w, r, key, hash) {
		return
	}
	now := s.now().UTC()
	p, err := lead.ParsePayload(body, now)
	if err != nil {
		s.writeError(w, r, err, messageList)
		return
	}
	l := lead.Lead{ID: uuid.NewSHA1(leadIDNamespace, []byte(key)).String(), Email: p.Email, Data: p.Data, CreatedAt: now}
	resp, err := s.storeLead(r, l)
	if err != nil {
		s.writeError(w, r, err, messageList)
		return
	}
	entry := idempotency.Entry{Key: key, RequestHash: hash, LeadID: l.ID, Response: resp, ExpiresAt: now.Add(IdempotencyTTL)}
	if err := s.deps.Idempotency.PutIfAbsent(r.Context(), entry); err != nil {
		// The lead is stored, so the client gets its 200; only replay is lost.
		s.log.WarnContext(r.Context(), "idempotency entry not stored",
			slog.String("request_id", requestIDFrom(r.Context())), slog.String("error", err.Error()))
	}
	s.deps.Metrics.LeadCreated(false)
	writeJSONBytes(w, http.StatusOK, resp)
}

// recoverLead answers for a lead whose id was taken when it was put: the
// same e-mail and data are that lead, stored by an earlier attempt that lost
// its answer (the stored createdAt is kept, so the answer is the first one's);
// anything else is an Idempotency-Key reused for another request. Without
// LeadLookup it cannot tell, and says so.
func (s *server) recoverLead(r *http.Request, want lead.Lead) ([]byte, error) {
	keyed := s.deps.Idempotency != nil && r.Header.Get(idempotencyHeader) != ""
	if s.deps.LeadLookup == nil {
		if !keyed {
			return nil, fmt.Errorf("lead id %s is taken: %w", want.ID, derrors.ErrUnavailable)
		}
		return nil, &derrors.Client{Kind: derrors.ErrConflict,
			Message: idempotencyHeader + " is in use by a request still in progress, or has expired; retry shortly or use a new key"}
	}
	got, err := s.deps.LeadLookup.Get(r.Context(), want.ID)
	if err != nil {
		return nil, fmt.Errorf("recover lead %s: %w", want.ID, unexpected(err))
	}
	if got.Email != want.Email || !bytes.Equal(got.Data, want.Data) {
		if !keyed {
			return nil, fmt.Errorf("lead id %s is taken by another lead: %w", want.ID, derrors.ErrUnavailable)
		}
		return nil, &derrors.Client{Kind: derrors.ErrConflict,
			Message: idempotencyHeader + " was already used with a different request body"}
	}
	return leadBody(got)
}

// replay answers from a stored entry for key, if there is one.
func (s *server) replay(w http.ResponseWriter, r *http.Request, key, hash string) bool {
	entry, err := s.deps.Idempotency.Lookup(r.Context(), key)
	switch {
	case errors.Is(err, derrors.ErrNotFound):
		return false
	case err != nil:
		s.writeError(w, r, fmt.Errorf("look up idempotency key: %w", unexpected(err)), messageList)
		return true
	}
	if err := idempotency.Check(entry, hash); err != nil {
		s.writeError(w, r, err, messageList)
		return true
	}
	s.deps.Metrics.LeadCreated(true)
	w.Header().Set("Idempotent-Replayed", "true")
	writeJSONBytes(w, http.StatusOK, entry.Response)
	return true
}

func validIdempotencyKey(k string) bool {
	if len(k) == 0 || len(k) > 255 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x21 || k[i] > 0x7e {
			return false
		}
	}
	return true
}
