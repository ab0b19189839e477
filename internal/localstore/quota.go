package localstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/clinicplatform/intake/internal/quota"
)

var _ quota.Counter = (*Store)(nil)

// counterValue is a quota counter as stored under "<subject>/<window>".
type counterValue struct {
	Count     int   `json:"count"`
	ExpiresAt int64 `json:"expiresAt"` // epoch seconds
}

func counterKey(subject, window string) []byte { return []byte(subject + "/" + window) }

func decodeCounter(b []byte) (counterValue, error) {
	var v counterValue
	if b != nil {
		if err := json.Unmarshal(b, &v); err != nil {
			return v, fmt.Errorf("decode counter: %w", err)
		}
	}
	return v, nil
}

// Take adds n to subject's count in window unless that would pass limit
// (false). bbolt runs one write transaction at a time, so the check and
// the increment are atomic.
func (s *Store) Take(ctx context.Context, subject, window string, n, limit int, expiresAt time.Time) (int, bool, error) {
	if err := ctx.Err(); err != nil {
		return 0, false, fmt.Errorf("take quota: %w", err)
	}
	used, taken := 0, false
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(quotaBucket)
		key := counterKey(subject, window)
		v, err := decodeCounter(b.Get(key))
		if err != nil {
			return err
		}
		if v.Count+n > limit {
			return nil
		}
		v.Count += n
		v.ExpiresAt = expiresAt.Unix()
		value, err := json.Marshal(v)
		if err != nil {
			return err
		}
		used, taken = v.Count, true
		return b.Put(key, value)
	})
	if err != nil {
		return 0, false, fmt.Errorf("take quota: %w", err)
	}
	return used, taken, nil
}

// Used is subject's count in window.
func (s *Store) Used(ctx context.Context, subject, window string) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("read quota: %w", err)
	}
	var v counterValue
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		v, err = decodeCounter(tx.Bucket(quotaBucket).Get(counterKey(subject, window)))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("read quota: %w", err)
	}
	return v.Count, nil
}
