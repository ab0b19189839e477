package localstore

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	bolt "go.etcd.io/bbolt"

	"github.com/clinicplatform/intake/internal/datarights"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
)

var (
	_ datarights.Leads         = (*Store)(nil)
	_ datarights.Verifications = (*Store)(nil)
	_ datarights.Keys          = (*Store)(nil)
	_ datarights.Counters      = (*Store)(nil)
	_ datarights.Evidence      = (*Store)(nil)
)

// LeadIDsByEmail reads every lead: the local store is one person's
// development data, small enough that an index would cost more than it
// saves. Addresses match as lead.EmailKey normalises them.
func (s *Store) LeadIDsByEmail(ctx context.Context, email string) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	want := lead.EmailKey(email)
	ids, err := idsWhere(s.db, leadsBucket, "lead", func(l leadValue) (string, bool) {
		return l.ID, lead.EmailKey(l.Email) == want
	})
	if err != nil {
		return nil, fmt.Errorf("find leads by e-mail: %w", err)
	}
	return ids, nil
}

// idsWhere decodes every value in bucket as a T (what names it in errors)
// and lists the ids match picks: the local store's stand-in for the
// indexes the DynamoDB tables are queried through.
func idsWhere[T any](db *bolt.DB, bucket []byte, what string, match func(T) (id string, ok bool)) ([]string, error) {
	var ids []string
	err := db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucket).ForEach(func(k, v []byte) error {
			var value T
			if err := json.Unmarshal(v, &value); err != nil {
				return fmt.Errorf("decode %s %s: %w", what, k, err)
			}
			if id, ok := match(value); ok {
				ids = append(ids, id)
			}
			return nil
		})
	})
	return ids, err
}

// DeleteLead removes the lead with id, if there is one.
func (s *Store) DeleteLead(ctx context.Context, id string) error {
	return s.deleteKey(ctx, leadsBucket, id)
}

// DeleteVerification removes the record with id, if there is one.
func (s *Store) DeleteVerification(ctx context.Context, id string) error {
	return s.deleteKey(ctx, verificationsBucket, id)
}

// DeleteKey removes the idempotency entry of key, if there is one.
func (s *Store) DeleteKey(ctx context.Context, key string) error {
	return s.deleteKey(ctx, idempotencyBucket, key)
}

func (s *Store) deleteKey(ctx context.Context, bucket []byte, key string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if key == "" {
		return errors.New("delete: empty key")
	}
	if err := s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucket).Delete([]byte(key)) }); err != nil {
		return fmt.Errorf("delete from %s: %w", bucket, err)
	}
	return nil
}

// VerificationsOf lists the records whose userId is leadID, oldest first.
func (s *Store) VerificationsOf(ctx context.Context, leadID string) ([]evidence.Record, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	ids, err := idsWhere(s.db, verificationsBucket, "verification record", func(r recordValue) (string, bool) {
		return r.ID, r.UserID == leadID
	})
	if err != nil {
		return nil, fmt.Errorf("list verifications: %w", err)
	}
	records := make([]evidence.Record, 0, len(ids))
	for _, id := range ids {
		r, err := s.Verification(ctx, id)
		if err != nil {
			return nil, err
		}
		records = append(records, r)
	}
	slices.SortFunc(records, func(a, b evidence.Record) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), strings.Compare(a.ID, b.ID))
	})
	return records, nil
}

// DeleteCounters removes every quota counter of leadID.
func (s *Store) DeleteCounters(ctx context.Context, leadID string) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if leadID == "" {
		return 0, errors.New("delete counters: empty lead id")
	}
	prefix := []byte(leadID + "/")
	n := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
		c := tx.Bucket(quotaBucket).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Seek(prefix) {
			if err := c.Delete(); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("delete counters: %w", err)
	}
	return n, nil
}

// PurgeEvidence removes the staged files under prefix: a folder when it
// ends in "/", else one key. Sidecars go with their files and are not
// counted; a file counts as one version.
func (s *Store) PurgeEvidence(ctx context.Context, prefix string) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if dir, ok := strings.CutSuffix(prefix, "/"); ok {
		if err := checkKey(dir); err != nil {
			return 0, fmt.Errorf("purge: %w", err)
		}
		n := 0
		err := fs.WalkDir(s.evidence.FS(), dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && !strings.HasSuffix(p, metaSuffix) && !strings.HasPrefix(d.Name(), ".") {
				n++
			}
			return nil
		})
		if errors.Is(err, fs.ErrNotExist) {
			return 0, nil
		}
		if err != nil {
			return 0, fmt.Errorf("purge %s: %w", prefix, err)
		}
		if err := s.evidence.RemoveAll(dir); err != nil {
			return 0, fmt.Errorf("purge %s: %w", prefix, err)
		}
		return n, nil
	}
	if err := checkKey(prefix); err != nil {
		return 0, fmt.Errorf("purge: %w", err)
	}
	n := 0
	switch err := s.evidence.Remove(prefix); {
	case err == nil:
		n = 1
	case !errors.Is(err, fs.ErrNotExist):
		return 0, fmt.Errorf("purge %s: %w", prefix, err)
	}
	if err := s.evidence.Remove(prefix + metaSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return n, fmt.Errorf("purge %s: metadata: %w", prefix, err)
	}
	return n, nil
}

// Compact rewrites dir's database file with only its live data and puts it
// in place of the old one. bbolt keeps deleted values in freed pages until
// they are reused; after an erasure the copy holds none of them. The store
// in dir must be closed (Compact takes the file's lock like Open).
func Compact(dir string) error {
	path := filepath.Join(dir, "intake.db")
	src, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: lockTimeout, ReadOnly: true})
	if err != nil {
		return fmt.Errorf("compact %s: %w", path, lockedError(path, err))
	}
	tmp := path + ".compact"
	os.Remove(tmp)
	dst, err := bolt.Open(tmp, 0o600, &bolt.Options{Timeout: lockTimeout})
	if err != nil {
		src.Close()
		return fmt.Errorf("compact %s: %w", path, err)
	}
	err = bolt.Compact(dst, src, 0)
	if err == nil {
		err = dst.Sync()
	}
	err = errors.Join(err, dst.Close(), src.Close())
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("compact %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("compact %s: %w", path, err)
	}
	return nil
}
