package localstore_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

func open(t *testing.T, dir string) *localstore.Store {
	t.Helper()
	s, err := localstore.Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// leadView shows Data as text, so a diff shows bytes.
func leadView(l lead.Lead) map[string]string {
	return map[string]string{
		"id":        l.ID,
		"email":     l.Email,
		"data":      string(l.Data),
		"createdAt": l.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
}

func TestLeadsSurviveRestart(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	leads := []lead.Lead{
		{
			ID:        "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01",
			Email:     "ada.testperson@example.com",
			Data:      json.RawMessage(storetest.IntakeJSON),
			CreatedAt: time.Date(2026, 11, 21, 10, 4, 5, 123e6, time.UTC),
		},
		{
			ID:        "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a02",
			Email:     "bo.testperson@example.com",
			CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		},
	}
	s, err := localstore.Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	for _, l := range leads {
		if err := s.Put(t.Context(), l); err != nil {
			t.Fatalf("Put %s: %v", l.ID, err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	s = open(t, dir)
	for _, want := range leads {
		t.Run(want.ID, func(t *testing.T) {
			got, err := s.Get(t.Context(), want.ID)
			if err != nil {
				t.Fatalf("Get: %v", err)
			}
			if diff := cmp.Diff(leadView(want), leadView(got)); diff != "" {
				t.Errorf("Get after reopening (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOpenCreatesPrivateFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "data")
	open(t, dir)
	for name, want := range map[string]os.FileMode{
		dir:                             os.ModeDir | 0o700,
		filepath.Join(dir, "intake.db"): 0o600,
		filepath.Join(dir, "evidence"):  os.ModeDir | 0o700,
	} {
		info, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		// The umask may only take permissions away.
		if got := info.Mode(); got&^want != 0 || got.IsDir() != want.IsDir() {
			t.Errorf("%s: mode %v, want at most %v", name, got, want)
		}
	}
}

func TestOpenLockedFailsClearly(t *testing.T) {
	dir := t.TempDir()
	open(t, dir)
	// bbolt's lock is per open file, so a second Open in this process
	// meets it just as a second process would.
	second, err := localstore.Open(dir)
	if err == nil {
		second.Close()
		t.Fatal("second Open of a folder in use: no error")
	}
	if !errors.Is(err, bolterrors.ErrTimeout) {
		t.Errorf("second Open: err = %v, want one wrapping bbolt's ErrTimeout", err)
	}
}

// TestStageFiles: what Stage leaves on disk (storetest.RunStager checks
// what reads back).
func TestStageFiles(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	const key = "evidence/2026/11/21/3e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6a.pdf"
	up := storetest.Upload("%PDF-1.7\ninvented prescription\n%%EOF\n", "application/pdf")
	if err := s.Stage(t.Context(), key, up); err != nil {
		t.Fatalf("Stage: %v", err)
	}

	file := filepath.Join(dir, "evidence", filepath.FromSlash(key))
	body, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != string(up.Body) {
		t.Errorf("staged file = %q, want %q", body, up.Body)
	}
	if info, err := os.Stat(file); err != nil || info.Mode().Perm()&^0o600 != 0 {
		t.Errorf("staged file mode = %v (%v), want at most 0600", info.Mode(), err)
	}
	var meta map[string]any
	raw, err := os.ReadFile(file + ".meta.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &meta); err != nil {
		t.Fatal(err)
	}
	wantMeta := map[string]any{"sha256": up.SHA256, "mediaType": "application/pdf", "size": float64(len(up.Body))}
	if diff := cmp.Diff(wantMeta, meta); diff != "" {
		t.Errorf("sidecar (-want +got):\n%s", diff)
	}
	// Nothing but the file and its sidecar: no temporary files left.
	entries, err := os.ReadDir(filepath.Dir(file))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	wantNames := []string{filepath.Base(file), filepath.Base(file) + ".meta.json"}
	if diff := cmp.Diff(wantNames, names); diff != "" {
		t.Errorf("files in the key's folder (-want +got):\n%s", diff)
	}
}

func TestStageRefusesUnsafeKeys(t *testing.T) {
	dir := t.TempDir()
	s := open(t, filepath.Join(dir, "data"))
	up := storetest.Upload("x", "image/jpeg")
	for _, key := range []string{
		"",
		".",
		"..",
		"../escape.pdf",
		"evidence/../../escape.pdf",
		"/etc/escape.pdf",
		"evidence//double.pdf",
		"evidence/trailing/",
		"evidence/./dot.pdf",
		"evidence/.hidden.pdf",
		`evidence\back.pdf`,
		"evidence/x.pdf.meta.json",
		"evidence/nul\x00.pdf",
	} {
		t.Run(key, func(t *testing.T) {
			err := s.Stage(context.Background(), key, up)
			if err == nil {
				t.Fatalf("Stage(%q): no error", key)
			}
			if errors.Is(err, derrors.ErrConflict) {
				t.Errorf("Stage(%q): err = %v, want a refusal, not a conflict", key, err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "escape.pdf")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file escaped the evidence folder: %v", err)
	}
}

func TestStageRefusesWrongDigest(t *testing.T) {
	s := open(t, t.TempDir())
	up := storetest.Upload("the body", "application/pdf")
	up.Body = []byte("another body")
	if err := s.Stage(t.Context(), "evidence/k.pdf", up); err == nil {
		t.Fatal("Stage with a digest of another body: no error")
	}
	if _, err := s.Staged(t.Context(), "evidence/k.pdf"); !errors.Is(err, derrors.ErrNotFound) {
		t.Errorf("Staged after the refused Stage: err = %v, want derrors.ErrNotFound", err)
	}
}

func TestStageRefusesSymlinkEscape(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside")
	if err := os.Mkdir(outside, 0o700); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data")
	s := open(t, data)
	if err := os.Symlink(outside, filepath.Join(data, "evidence", "link")); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if err := s.Stage(t.Context(), "link/escape.pdf", storetest.Upload("x", "application/pdf")); err == nil {
		t.Error("Stage through a symlink out of the evidence folder: no error")
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("files written outside the evidence folder: %v", entries)
	}
}

// TestOpenMakesTheStorePrivate: the folder, its evidence folder and the
// database are the owner's alone, also when they existed with looser modes
// (make sample creates .local before the local API first runs).
func TestOpenMakesTheStorePrivate(t *testing.T) {
	for _, existing := range []bool{false, true} {
		dir := filepath.Join(t.TempDir(), "data")
		if existing {
			if err := os.MkdirAll(filepath.Join(dir, "evidence"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "intake.db"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
			for _, p := range []string{dir, filepath.Join(dir, "evidence")} {
				if err := os.Chmod(p, 0o755); err != nil { // past the umask
					t.Fatal(err)
				}
			}
			if err := os.Chmod(filepath.Join(dir, "intake.db"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		open(t, dir)
		for p, want := range map[string]os.FileMode{dir: 0o700, filepath.Join(dir, "evidence"): 0o700, filepath.Join(dir, "intake.db"): 0o600} {
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode().Perm(); got != want {
				t.Errorf("existing=%v: %s has mode %o, want %o", existing, p, got, want)
			}
		}
	}
}
