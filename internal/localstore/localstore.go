// Package localstore is the embedded storage of the local API (`make run`):
// leads, verification records and idempotency entries in a bbolt database
// file, staged evidence as files. No AWS, no Docker. Like the cloud stores,
// it never overwrites anything.
package localstore

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// Bucket names in the database file.
var (
	leadsBucket         = []byte("leads")
	verificationsBucket = []byte("verifications")
	idempotencyBucket   = []byte("idempotency")
	quotaBucket         = []byte("quota")
)

// lockTimeout bounds the wait for the database's file lock, so a second
// process on the same folder fails with a clear error instead of hanging.
const lockTimeout = time.Second

// Store holds everything the local API keeps under one folder:
// <dir>/intake.db and <dir>/evidence/<key>.
type Store struct {
	// Now is the clock that decides idempotency expiry; nil means time.Now.
	Now func() time.Time

	db       *bolt.DB
	evidence *os.Root
}

// Open opens (creating when needed, mode 0700) the store in dir.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(filepath.Join(dir, "evidence"), 0o700); err != nil {
		return nil, fmt.Errorf("open local store: %w", err)
	}
	path := filepath.Join(dir, "intake.db")
	// The store holds health data: an existing folder (make sample may have
	// made it first) or database made with looser modes is tightened too.
	for _, p := range []string{dir, filepath.Join(dir, "evidence"), path} {
		if err := private(p); err != nil {
			return nil, fmt.Errorf("open local store: %w", err)
		}
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: lockTimeout})
	if err != nil {
		return nil, fmt.Errorf("open local store %s: %w", path, lockedError(path, err))
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, name := range [][]byte{leadsBucket, verificationsBucket, idempotencyBucket, quotaBucket} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return fmt.Errorf("create bucket %s: %w", name, err)
			}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open local store %s: %w", path, err)
	}
	root, err := os.OpenRoot(filepath.Join(dir, "evidence"))
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open local store: %w", err)
	}
	return &Store{db: db, evidence: root}, nil
}

// private takes group and other permissions off path when it exists. A
// shared folder with the sticky bit (DATA_DIR=/tmp) is left as it is: its
// files are ours to guard, not the folder.
func private(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case fi.Mode()&fs.ModeSticky != 0 || fi.Mode().Perm()&0o077 == 0:
		return nil
	}
	return os.Chmod(path, fi.Mode().Perm()&0o700)
}

// ErrLocked: another process (the local API, or an erasure) has the
// database open.
var ErrLocked = errors.New("the file is locked; is another local API running on this folder? stop it first")

// lockedError says what a lock timeout means (ErrLocked).
func lockedError(path string, err error) error {
	if errors.Is(err, bolterrors.ErrTimeout) {
		return fmt.Errorf("%w: %w", ErrLocked, err)
	}
	return err
}

// Close releases the database file and its lock.
func (s *Store) Close() error {
	return errors.Join(s.db.Close(), s.evidence.Close())
}

func (s *Store) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}
