package main

import (
	"bytes"
	"context"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRefusesAMissingFolder(t *testing.T) {
	err := run(t.Context(), []string{"-objects", filepath.Join(t.TempDir(), "none")}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("run = %v, want a refusal of the folder", err)
	}
}

// TestServes: the command answers Textract's calls on the address it
// prints, and stops when its context ends.
func TestServes(t *testing.T) {
	for _, tool := range []string{"tesseract", "pdfinfo", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	out := &lockedBuffer{}
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-objects", t.TempDir()}, out) }()
	url := regexp.MustCompile(`AWS_ENDPOINT_URL_TEXTRACT=(\S+)\)`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := url.FindStringSubmatch(out.String()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		t.Fatalf("no address printed: %q", out.String())
	}
	resp, err := http.Post(base, "application/x-amz-json-1.1", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("an unsigned call: %d, want 400", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("run: %v", err)
	}
}

// lockedBuffer is a buffer written by the command and read by the test.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
