package localstore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/isotime"
	"github.com/clinicplatform/intake/internal/lead"
)

var (
	_ lead.Store  = (*Store)(nil)
	_ lead.Finder = (*Store)(nil)
)

// leadValue is a lead as stored under its id in the leads bucket.
type leadValue struct {
	ID        string          `json:"id"`
	Email     string          `json:"email"`
	CreatedAt string          `json:"createdAt"`
	Data      json.RawMessage `json:"data,omitempty"`
	// IdempotencyKey: erasure removes the key's entry with the lead.
	IdempotencyKey string `json:"idempotencyKey,omitempty"`
}

// Put writes l unless another lead has its id (derrors.ErrConflict).
func (s *Store) Put(ctx context.Context, l lead.Lead) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("put lead %s: %w", l.ID, err)
	}
	if l.ID == "" {
		return errors.New("put lead: empty id")
	}
	v := leadValue{ID: l.ID, Email: l.Email, CreatedAt: isotime.Format(l.CreatedAt), IdempotencyKey: l.IdempotencyKey}
	if len(l.Data) > 0 {
		var compact bytes.Buffer
		if err := json.Compact(&compact, l.Data); err != nil {
			return fmt.Errorf("put lead %s: data is not JSON: %w", l.ID, err)
		}
		v.Data = compact.Bytes()
	}
	value, err := encodeJSON(v)
	if err != nil {
		return fmt.Errorf("put lead %s: %w", l.ID, err)
	}
	return putNew(s.db, leadsBucket, l.ID, value, "lead "+l.ID)
}

// Get reads the lead with id; a missing one is derrors.ErrNotFound.
func (s *Store) Get(ctx context.Context, id string) (lead.Lead, error) {
	if err := ctx.Err(); err != nil {
		return lead.Lead{}, fmt.Errorf("get lead %s: %w", id, err)
	}
	var v leadValue
	if err := getJSON(s.db, leadsBucket, id, &v); err != nil {
		return lead.Lead{}, fmt.Errorf("get lead %s: %w", id, err)
	}
	createdAt, err := isotime.Parse(v.CreatedAt)
	if err != nil {
		return lead.Lead{}, fmt.Errorf("decode lead %s: createdAt: %w", id, err)
	}
	return lead.Lead{ID: v.ID, Email: v.Email, Data: v.Data, CreatedAt: createdAt, IdempotencyKey: v.IdempotencyKey}, nil
}

// encodeJSON encodes v leaving <, > and & as they are, so the exact bytes
// of an embedded json.RawMessage survive.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// putNew stores value under key unless the key holds another value
// (derrors.ErrConflict); the same value is a retry, and done.
func putNew(db *bolt.DB, bucket []byte, key string, value []byte, what string) error {
	err := db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		if old := b.Get([]byte(key)); old != nil {
			if bytes.Equal(old, value) {
				return nil
			}
			return fmt.Errorf("already exists: %w", derrors.ErrConflict)
		}
		return b.Put([]byte(key), value)
	})
	if err != nil {
		return fmt.Errorf("put %s: %w", what, err)
	}
	return nil
}

// getJSON decodes the value under key into v; a missing key is
// derrors.ErrNotFound.
func getJSON(db *bolt.DB, bucket []byte, key string, v any) error {
	return db.View(func(tx *bolt.Tx) error {
		if key == "" {
			return derrors.ErrNotFound
		}
		value := tx.Bucket(bucket).Get([]byte(key))
		if value == nil {
			return derrors.ErrNotFound
		}
		// value is only valid inside the transaction; Unmarshal copies.
		return json.Unmarshal(value, v)
	})
}
