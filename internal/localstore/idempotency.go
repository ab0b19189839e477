package localstore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/idempotency"
	"github.com/clinicplatform/intake/internal/lead"
)

var _ idempotency.Store = (*Store)(nil)

// entryValue is an idempotency entry as stored under its key, with the
// attribute names of the DynamoDB table.
type entryValue struct {
	Key         string `json:"key"`
	RequestHash string `json:"requestHash"`
	LeadID      string `json:"leadId"`
	ExpiresAt   int64  `json:"expiresAt"` // epoch seconds
}

func (v entryValue) entry() idempotency.Entry {
	return idempotency.Entry{
		Key:         v.Key,
		RequestHash: v.RequestHash,
		LeadID:      v.LeadID,
		ExpiresAt:   time.Unix(v.ExpiresAt, 0).UTC(),
	}
}

// Lookup reads the entry for key; a missing or expired one is
// derrors.ErrNotFound.
func (s *Store) Lookup(ctx context.Context, key string) (idempotency.Entry, error) {
	if err := ctx.Err(); err != nil {
		return idempotency.Entry{}, fmt.Errorf("get idempotency entry: %w", err)
	}
	var v entryValue
	if err := getJSON(s.db, idempotencyBucket, key, &v); err != nil {
		return idempotency.Entry{}, fmt.Errorf("get idempotency entry: %w", err)
	}
	e := v.entry()
	if e.Expired(s.now()) {
		return idempotency.Entry{}, fmt.Errorf("get idempotency entry: expired: %w", derrors.ErrNotFound)
	}
	return e, nil
}

// PutIfAbsent writes e unless another unexpired entry holds its key
// (derrors.ErrConflict); an expired entry is replaced.
func (s *Store) PutIfAbsent(ctx context.Context, e idempotency.Entry) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("put idempotency entry: %w", err)
	}
	if e.Key == "" {
		return errors.New("put idempotency entry: empty key")
	}
	value, err := lead.EncodeExact(entryValue{
		Key:         e.Key,
		RequestHash: e.RequestHash,
		LeadID:      e.LeadID,
		ExpiresAt:   e.ExpiresAt.Unix(),
	})
	if err != nil {
		return fmt.Errorf("put idempotency entry: %w", err)
	}
	now := s.now()
	err = s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(idempotencyBucket)
		if old := b.Get([]byte(e.Key)); old != nil {
			if bytes.Equal(old, value) {
				return nil // a retry
			}
			var v entryValue
			if err := json.Unmarshal(old, &v); err != nil {
				return fmt.Errorf("decode stored entry: %w", err)
			}
			if !v.entry().Expired(now) {
				return fmt.Errorf("already exists: %w", derrors.ErrConflict)
			}
		}
		return b.Put([]byte(e.Key), value)
	})
	if err != nil {
		return fmt.Errorf("put idempotency entry: %w", err)
	}
	return nil
}
