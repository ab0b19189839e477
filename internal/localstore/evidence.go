package localstore

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

var _ evidence.Stager = (*Store)(nil)

// metaSuffix names the sidecar that holds a staged file's metadata:
// <key>.meta.json beside <key>.
const metaSuffix = ".meta.json"

// evidenceMeta is the content of a sidecar.
type evidenceMeta struct {
	SHA256    string `json:"sha256"`
	MediaType string `json:"mediaType"`
	Size      int64  `json:"size"`
}

// checkKey accepts slash-separated relative keys such as
// "evidence/2026/11/21/<uuid>.pdf". Names starting with a dot are refused:
// that covers "." and "..", and keeps keys clear of the temporary files.
// The os.Root the files live under refuses any escape on top of this.
func checkKey(key string) error {
	if !fs.ValidPath(key) || key == "." {
		return fmt.Errorf("unsafe evidence key %q", key)
	}
	if strings.HasSuffix(key, metaSuffix) || strings.ContainsAny(key, "\\:\x00") {
		return fmt.Errorf("unsafe evidence key %q", key)
	}
	for elem := range strings.SplitSeq(key, "/") {
		if strings.HasPrefix(elem, ".") {
			return fmt.Errorf("unsafe evidence key %q", key)
		}
	}
	return nil
}

// Stage writes up under key in the evidence folder, with a sidecar holding
// its digest and media type. A key that holds the same upload already is
// done (a retry); one that holds another fails with derrors.ErrConflict.
// Files are 0600 and appear whole or not at all.
func (s *Store) Stage(ctx context.Context, key string, up evidence.Upload) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("stage %s: %w", key, err)
	}
	if err := checkKey(key); err != nil {
		return fmt.Errorf("stage: %w", err)
	}
	sum := sha256.Sum256(up.Body)
	if hex.EncodeToString(sum[:]) != up.SHA256 {
		return fmt.Errorf("stage %s: body does not match its sha256", key)
	}
	meta, err := json.Marshal(evidenceMeta{SHA256: up.SHA256, MediaType: up.MediaType, Size: int64(len(up.Body))})
	if err != nil {
		return fmt.Errorf("stage %s: %w", key, err)
	}
	dir := path.Dir(key)
	if err := s.evidence.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("stage %s: %w", key, err)
	}
	body, err := s.writeTemp(dir, up.Body)
	if err != nil {
		return fmt.Errorf("stage %s: %w", key, err)
	}
	defer s.evidence.Remove(body)
	sidecar, err := s.writeTemp(dir, meta)
	if err != nil {
		return fmt.Errorf("stage %s: %w", key, err)
	}
	defer s.evidence.Remove(sidecar)

	// A hard link, unlike a rename, fails when the key exists: the key is
	// claimed atomically and never overwritten.
	if err := s.evidence.Link(body, key); err != nil {
		if errors.Is(err, fs.ErrExist) {
			if s.alreadyStaged(ctx, key, up) {
				return nil
			}
			return fmt.Errorf("stage %s: file exists: %w", key, derrors.ErrConflict)
		}
		return fmt.Errorf("stage %s: %w", key, err)
	}
	if err := s.evidence.Rename(sidecar, key+metaSuffix); err != nil {
		return fmt.Errorf("stage %s: metadata: %w", key, err)
	}
	return nil
}

// alreadyStaged reports whether key holds exactly up: a retry of a Stage
// that landed meets its own file.
func (s *Store) alreadyStaged(ctx context.Context, key string, up evidence.Upload) bool {
	got, err := s.Staged(ctx, key)
	return err == nil && got.SHA256 == up.SHA256 && got.MediaType == up.MediaType &&
		bytes.Equal(got.Body, up.Body)
}

// writeTemp writes data to a new hidden file in dir, synced to disk, and
// returns its name.
func (s *Store) writeTemp(dir string, data []byte) (string, error) {
	name := path.Join(dir, ".stage-"+rand.Text())
	f, err := s.evidence.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		s.evidence.Remove(name)
		return "", err
	}
	return name, nil
}

// Staged reads back the upload staged under key; a missing one is
// derrors.ErrNotFound.
func (s *Store) Staged(ctx context.Context, key string) (evidence.Upload, error) {
	if err := ctx.Err(); err != nil {
		return evidence.Upload{}, fmt.Errorf("read staged %s: %w", key, err)
	}
	if err := checkKey(key); err != nil {
		return evidence.Upload{}, fmt.Errorf("read staged: %w", err)
	}
	body, err := s.evidence.ReadFile(key)
	if errors.Is(err, fs.ErrNotExist) {
		return evidence.Upload{}, fmt.Errorf("read staged %s: %w", key, derrors.ErrNotFound)
	}
	if err != nil {
		return evidence.Upload{}, fmt.Errorf("read staged %s: %w", key, err)
	}
	raw, err := s.evidence.ReadFile(key + metaSuffix)
	if err != nil {
		return evidence.Upload{}, fmt.Errorf("read staged %s: metadata: %w", key, err)
	}
	var meta evidenceMeta
	if err := json.Unmarshal(raw, &meta); err != nil {
		return evidence.Upload{}, fmt.Errorf("read staged %s: metadata: %w", key, err)
	}
	return evidence.Upload{Body: body, MediaType: meta.MediaType, SHA256: meta.SHA256}, nil
}
