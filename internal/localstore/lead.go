package localstore

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

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

// Put writes l unless another lead has its id (derrors.ErrConflict). Data
// is stored compact (lead.EncodeExact compacts a json.RawMessage and
// refuses one that is not JSON).
func (s *Store) Put(ctx context.Context, l lead.Lead) error {
	v := leadValue{ID: l.ID, Email: l.Email, CreatedAt: isotime.Format(l.CreatedAt), Data: l.Data, IdempotencyKey: l.IdempotencyKey}
	return s.putValue(ctx, leadsBucket, "lead", l.ID, v)
}

// Get reads the lead with id; a missing one is derrors.ErrNotFound.
func (s *Store) Get(ctx context.Context, id string) (lead.Lead, error) {
	var v leadValue
	createdAt, err := s.getValue(ctx, leadsBucket, "lead", id, &v, &v.CreatedAt)
	if err != nil {
		return lead.Lead{}, err
	}
	return lead.Lead{ID: v.ID, Email: v.Email, Data: v.Data, CreatedAt: createdAt, IdempotencyKey: v.IdempotencyKey}, nil
}

// putValue stores v, encoded by lead.EncodeExact, under id in bucket unless
// the bucket holds another value there (putNew); what names the item
// ("lead") in errors, which never show its contents.
func (s *Store) putValue(ctx context.Context, bucket []byte, what, id string, v any) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("put %s %s: %w", what, id, err)
	}
	if id == "" {
		return fmt.Errorf("put %s: empty id", what)
	}
	value, err := lead.EncodeExact(v)
	if err != nil {
		return fmt.Errorf("put %s %s: %w", what, id, err)
	}
	return putNew(s.db, bucket, id, value, what+" "+id)
}

// getValue decodes the value under id in bucket into v and parses the
// creation time v's decoding left in createdAt; a missing id is
// derrors.ErrNotFound.
func (s *Store) getValue(ctx context.Context, bucket []byte, what, id string, v any, createdAt *string) (time.Time, error) {
	if err := ctx.Err(); err != nil {
		return time.Time{}, fmt.Errorf("get %s %s: %w", what, id, err)
	}
	if err := getJSON(s.db, bucket, id, v); err != nil {
		return time.Time{}, fmt.Errorf("get %s %s: %w", what, id, err)
	}
	t, err := isotime.Parse(*createdAt)
	if err != nil {
		return time.Time{}, fmt.Errorf("decode %s %s: createdAt: %w", what, id, err)
	}
	return t, nil
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
