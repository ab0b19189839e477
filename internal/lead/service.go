package lead

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/idempotency"
)

// IdempotencyKeyTTL is how long an Idempotency-Key is remembered.
const IdempotencyKeyTTL = 24 * time.Hour

// Service creates leads: it validates a create-lead body, draws the lead's
// random id, stores the lead without ever overwriting one, and makes a retry
// safe. A request with an Idempotency-Key claims the key first (for the id it
// drew) and then stores the lead; a retry with the same body, by meaning
// (idempotency.HashRequest), gets that lead, another body a conflict.
// An SDK retry of a put that landed but lost its answer is the store's to
// answer (lead.Store: an identical retry succeeds), not the service's.
//
// Why not one DynamoDB TransactWriteItems (lead and key in one transaction):
// it would remove the one recovery path left (a claim whose lead was never
// stored, completed by the retry), but it moves the flow into storage: every
// lead store, localstore and the test fakes would need a new atomic
// lead-and-key write, transactions cost twice the write units, and their
// guarantees (conditions across two tables) cannot be checked on the
// emulator the tests use (moto does not serialise conditional writes).
type Service struct {
	leads Storage
	keys  idempotency.Store
	now   func() time.Time
	newID func() string
}

// Storage keeps leads and reads them back: a retry whose first request
// stored its lead is answered with the stored one.
type Storage interface {
	Store
	Finder
}

// NewService returns a Service over its stores, drawing the time from now
// and lead ids from newID (time.Now and uuid.NewString in production). Every
// argument is required: a service that ignored Idempotency-Key, or could not
// read back a retry's lead, would answer retries differently.
func NewService(leads Storage, keys idempotency.Store, now func() time.Time, newID func() string) (*Service, error) {
	switch {
	case leads == nil:
		return nil, errors.New("lead service: no lead storage")
	case keys == nil:
		return nil, errors.New("lead service: no idempotency key store")
	case now == nil || newID == nil:
		return nil, errors.New("lead service: no clock or no id source")
	}
	return &Service{leads: leads, keys: keys, now: now, newID: newID}, nil
}

// CreateRequest is one create-lead request: its body as received and its
// Idempotency-Key ("" when it sent none).
type CreateRequest struct {
	Body           []byte
	IdempotencyKey string
}

// Created is the lead a request is answered with. Replayed is true when a
// retry with an Idempotency-Key was answered with the lead its first request
// created.
type Created struct {
	Lead     Lead
	Replayed bool
}

// Create answers one create-lead request. Its errors are derrors kinds:
// *derrors.Validation for a bad body or key, ErrConflict for a key reused
// with another body, ErrUnavailable (or the store's own
// kind) when storage fails.
func (s *Service) Create(ctx context.Context, req CreateRequest) (Created, error) {
	if req.IdempotencyKey != "" {
		return s.createWithKey(ctx, req)
	}
	now := s.now().UTC()
	p, err := ParsePayload(req.Body, now)
	if err != nil {
		return Created{}, err
	}
	l := Lead{ID: s.newID(), Email: p.Email, Data: p.Data, CreatedAt: now}
	err = s.leads.Put(ctx, l)
	switch {
	case errors.Is(err, derrors.ErrConflict):
		// An identical retry is no conflict (lead.Store), so the random id
		// is another lead's: a server fault, which the client's retry,
		// drawing a new id, gets past.
		return Created{}, fmt.Errorf("lead id %s is taken by another lead: %w", l.ID, derrors.ErrUnavailable)
	case err != nil:
		return Created{}, fmt.Errorf("store lead %s: %w", l.ID, err)
	}
	return Created{Lead: l}, nil
}

// createWithKey: the first request with a key claims it for a new random
// lead id, then stores the lead. The id is never derived from the key.
func (s *Service) createWithKey(ctx context.Context, req CreateRequest) (Created, error) {
	key := req.IdempotencyKey
	if !validIdempotencyKey(key) {
		return Created{}, derrors.Invalid("Idempotency-Key must be 1 to 255 visible ASCII characters")
	}
	hash := idempotency.HashRequest(req.Body)
	entry, err := s.keys.Lookup(ctx, key)
	switch {
	case err == nil:
		return s.answerClaimed(ctx, entry, hash, req.Body)
	case !errors.Is(err, derrors.ErrNotFound):
		return Created{}, fmt.Errorf("look up idempotency key: %w", derrors.Unexpected(err))
	}
	now := s.now().UTC()
	p, err := ParsePayload(req.Body, now)
	if err != nil {
		return Created{}, err
	}
	claim := idempotency.Entry{Key: key, RequestHash: hash, LeadID: s.newID(), ExpiresAt: now.Add(IdempotencyKeyTTL)}
	err = s.keys.PutIfAbsent(ctx, claim)
	switch {
	case errors.Is(err, derrors.ErrConflict):
		// A concurrent request with this key claimed it first.
		entry, err := s.keys.Lookup(ctx, key)
		if err != nil {
			return Created{}, fmt.Errorf("look up idempotency key after a lost claim: %w", derrors.Unexpected(err))
		}
		return s.answerClaimed(ctx, entry, hash, req.Body)
	case err != nil:
		return Created{}, fmt.Errorf("claim idempotency key: %w", derrors.Unexpected(err))
	}
	return s.storeClaimed(ctx, Lead{ID: claim.LeadID, Email: p.Email, Data: p.Data, CreatedAt: now, IdempotencyKey: key})
}

// answerClaimed answers a request whose key is claimed already: with the
// claimed lead when the bodies agree. A lead the claim names but that is not
// stored (its request failed, or is still running) is stored now, under the
// claimed id, so the key still creates exactly one lead.
func (s *Service) answerClaimed(ctx context.Context, entry idempotency.Entry, hash string, body []byte) (Created, error) {
	if err := idempotency.Check(entry, hash); err != nil {
		return Created{}, err
	}
	got, err := s.leads.Get(ctx, entry.LeadID)
	if err == nil {
		return Created{Lead: got, Replayed: true}, nil
	}
	if !errors.Is(err, derrors.ErrNotFound) {
		return Created{}, fmt.Errorf("read claimed lead %s: %w", entry.LeadID, derrors.Unexpected(err))
	}
	now := s.now().UTC()
	p, err := ParsePayload(body, now)
	if err != nil {
		return Created{}, err
	}
	return s.storeClaimed(ctx, Lead{ID: entry.LeadID, Email: p.Email, Data: p.Data, CreatedAt: now, IdempotencyKey: entry.Key})
}

// storeClaimed stores l under the id its key claimed. A conflict means
// another request with the same key and body stored it first (at another
// moment, so not identical): the stored lead is the answer.
func (s *Service) storeClaimed(ctx context.Context, l Lead) (Created, error) {
	err := s.leads.Put(ctx, l)
	switch {
	case errors.Is(err, derrors.ErrConflict):
		got, err := s.leads.Get(ctx, l.ID)
		if err != nil {
			return Created{}, fmt.Errorf("read claimed lead %s: %w", l.ID, derrors.Unexpected(err))
		}
		return Created{Lead: got}, nil
	case err != nil:
		return Created{}, fmt.Errorf("store lead %s: %w", l.ID, err)
	}
	return Created{Lead: l}, nil
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
