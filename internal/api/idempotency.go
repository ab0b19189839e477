package api

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"time"

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

// IdempotencyStore remembers create-lead keys and the lead each one names.
type IdempotencyStore = idempotency.Store

// errKeyInFlight: the key's entry names a lead that is not there (yet) and
// cannot be read back to tell.
var errKeyInFlight = &derrors.Client{Kind: derrors.ErrConflict,
	Message: idempotencyHeader + " is in use by a request still in progress; retry shortly"}

// createLeadIdempotent answers a create-lead request that carries an
// Idempotency-Key: the first request with a key claims it for a new random
// lead id, then stores the lead; a retry with the same body (by meaning, see
// idempotency.HashRequest) gets that lead, another body a 409. The id is
// drawn at random, never derived from the key.
func (s *server) createLeadIdempotent(w http.ResponseWriter, r *http.Request, body []byte) {
	key := r.Header.Get(idempotencyHeader)
	if !validIdempotencyKey(key) {
		s.writeError(w, r, derrors.Invalid(idempotencyHeader+" must be 1 to 255 visible ASCII characters"), messageList)
		return
	}
	hash := idempotency.HashRequest(body)
	entry, err := s.deps.Idempotency.Lookup(r.Context(), key)
	switch {
	case err == nil:
		s.answerClaimed(w, r, entry, hash, body)
		return
	case !errors.Is(err, derrors.ErrNotFound):
		s.writeError(w, r, fmt.Errorf("look up idempotency key: %w", unexpected(err)), messageList)
		return
	}
	now := s.now().UTC()
	p, err := lead.ParsePayload(body, now)
	if err != nil {
		s.writeError(w, r, err, messageList)
		return
	}
	claim := idempotency.Entry{Key: key, RequestHash: hash, LeadID: s.newID(), ExpiresAt: now.Add(IdempotencyTTL)}
	err = s.deps.Idempotency.PutIfAbsent(r.Context(), claim)
	switch {
	case errors.Is(err, derrors.ErrConflict):
		// A concurrent request with this key claimed it first.
		entry, err := s.deps.Idempotency.Lookup(r.Context(), key)
		if err != nil {
			s.writeError(w, r, fmt.Errorf("look up idempotency key after a lost claim: %w", unexpected(err)), messageList)
			return
		}
		s.answerClaimed(w, r, entry, hash, body)
		return
	case err != nil:
		s.writeError(w, r, fmt.Errorf("claim idempotency key: %w", unexpected(err)), messageList)
		return
	}
	resp, err := s.storeClaimedLead(r, lead.Lead{ID: claim.LeadID, Email: p.Email, Data: p.Data, CreatedAt: now, IdempotencyKey: key})
	if err != nil {
		s.writeError(w, r, err, messageList)
		return
	}
	s.deps.Metrics.LeadCreated(false)
	writeJSONBytes(w, http.StatusOK, resp)
}

// answerClaimed answers a request whose key is claimed already: with the
// claimed lead when the bodies agree. A lead the claim names but that is not
// stored (its request failed, or is still running) is stored now, under the
// claimed id, so the key still creates exactly one lead.
func (s *server) answerClaimed(w http.ResponseWriter, r *http.Request, entry idempotency.Entry, hash string, body []byte) {
	if err := idempotency.Check(entry, hash); err != nil {
		s.writeError(w, r, err, messageList)
		return
	}
	if s.deps.LeadLookup == nil {
		s.writeError(w, r, errKeyInFlight, messageList)
		return
	}
	got, err := s.deps.LeadLookup.Get(r.Context(), entry.LeadID)
	if err == nil {
		resp, err := leadBody(got)
		if err != nil {
			s.writeError(w, r, err, messageList)
			return
		}
		s.deps.Metrics.LeadCreated(true)
		w.Header().Set("Idempotent-Replayed", "true")
		writeJSONBytes(w, http.StatusOK, resp)
		return
	}
	if !errors.Is(err, derrors.ErrNotFound) {
		s.writeError(w, r, fmt.Errorf("read claimed lead %s: %w", entry.LeadID, unexpected(err)), messageList)
		return
	}
	now := s.now().UTC()
	p, err := lead.ParsePayload(body, now)
	if err != nil {
		s.writeError(w, r, err, messageList)
		return
	}
	resp, err := s.storeClaimedLead(r, lead.Lead{ID: entry.LeadID, Email: p.Email, Data: p.Data, CreatedAt: now, IdempotencyKey: entry.Key})
	if err != nil {
		s.writeError(w, r, err, messageList)
		return
	}
	s.deps.Metrics.LeadCreated(false)
	writeJSONBytes(w, http.StatusOK, resp)
}

// storeClaimedLead stores l under the id its key claimed. A conflict means
// another request with the same key and body stored it first (or an SDK
// retry met its own attempt): the stored lead is the answer.
func (s *server) storeClaimedLead(r *http.Request, l lead.Lead) ([]byte, error) {
	err := s.deps.Leads.Put(r.Context(), l)
	switch {
	case errors.Is(err, derrors.ErrConflict):
		if s.deps.LeadLookup == nil {
			return nil, errKeyInFlight
		}
		got, err := s.deps.LeadLookup.Get(r.Context(), l.ID)
		if err != nil {
			return nil, fmt.Errorf("read claimed lead %s: %w", l.ID, unexpected(err))
		}
		return leadBody(got)
	case err != nil:
		return nil, fmt.Errorf("store lead %s: %w", l.ID, err)
	}
	return leadBody(l)
}

// recoverLead answers for a lead (sent without a key) whose random id was
// taken when it was put: the same e-mail and data are that lead, stored by
// an SDK retry's earlier attempt that lost its answer (the stored createdAt
// is kept, so the answer is the first one's).
func (s *server) recoverLead(r *http.Request, want lead.Lead) ([]byte, error) {
	if s.deps.LeadLookup == nil {
		return nil, fmt.Errorf("lead id %s is taken: %w", want.ID, derrors.ErrUnavailable)
	}
	got, err := s.deps.LeadLookup.Get(r.Context(), want.ID)
	if err != nil {
		return nil, fmt.Errorf("recover lead %s: %w", want.ID, unexpected(err))
	}
	if got.Email != want.Email || !bytes.Equal(got.Data, want.Data) {
		return nil, fmt.Errorf("lead id %s is taken by another lead: %w", want.ID, derrors.ErrUnavailable)
	}
	return leadBody(got)
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
