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

// counterValue is a quota counter as stored under "<subject>/<day>".
type counterValue struct {
	Count     int   `json:"count"`
	ExpiresAt int64 `json:"expiresAt"` // epoch seconds
}

// Take counts one use of subject's window day unless limit are counted
// (false). bbolt runs one write transaction at a time, so the check and
// the increment are atomic.
func (s *Store) Take(ctx context.Context, subject, day string, limit int, expiresAt time.Time) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("take quota: %w", err)
	}
	taken := false
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(quotaBucket)
		key := []byte(subject + "/" + day)
		var v counterValue
		if old := b.Get(key); old != nil {
			if err := json.Unmarshal(old, &v); err != nil {
				return fmt.Errorf("decode counter: %w", err)
			}
		}
		if v.Count >= limit {
			return nil
		}
		v.Count++
		v.ExpiresAt = expiresAt.Unix()
		value, err := json.Marshal(v)
		if err != nil {
			return err
		}
		taken = true
		return b.Put(key, value)
	})
	if err != nil {
		return false, fmt.Errorf("take quota: %w", err)
	}
	return taken, nil
}
