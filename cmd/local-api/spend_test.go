package main

import (
	"bytes"
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/pdftext"
)

// countingReader is a fake OCR reader that counts its calls.
type countingReader struct {
	mu    sync.Mutex
	calls int
}

func (r *countingReader) Read(context.Context, evidence.Document) (evidence.Text, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	return evidence.Text{Source: "tesseract", Lines: []evidence.Line{{Text: "Wegovy 2.4 mg", Confidence: 0.9}}}, nil
}

// countingPDF counts calls to the PDF text layer reader in front of pdftext.
type countingPDF struct {
	countingReader
	pdf pdftext.Reader
}

func (r *countingPDF) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	r.countingReader.Read(ctx, doc)
	return r.pdf.Read(ctx, doc)
}

func localHandler(t *testing.T, env map[string]string) (http.Handler, string, *countingPDF, *countingReader, *localstore.Store) {
	t.Helper()
	env["MARKET"] = "uk"
	var cfg config.LocalAPI
	if err := config.Load(func(k string) string { return env[k] }, &cfg); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	store, err := localstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	pdf, ocr := &countingPDF{}, &countingReader{}
	h, err := newHandler(cfg, slog.New(slog.DiscardHandler), store, docread.Reader{PDF: pdf, OCR: ocr}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h, dir, pdf, ocr, store
}

// TestNoLeadUploadsLeaveNoTrace (issue 19's first bar): 20 uploads for
// random UUIDs through the local API are each answered 200 with the
// no-lead note, no reader is called, and nothing of them is in DATA_DIR.
func TestNoLeadUploadsLeaveNoTrace(t *testing.T) {
	h, dir, pdf, ocr, store := localHandler(t, map[string]string{})
	var ids []string
	for range 20 {
		id := uuid.NewString()
		ids = append(ids, id)
		body, ct := uploadForm(t, id, labelPDF(t))
		rec := serve(h, http.MethodPost, "/external/v1/prescriptions/verify-evidence", ct, body, nil)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "No lead has this user id") || rec.Header().Get("X-Verification-Id") != "" {
			t.Fatalf("upload for %s: %d %s (X-Verification-Id %q)", id, rec.Code, rec.Body, rec.Header().Get("X-Verification-Id"))
		}
	}
	if pdf.calls+ocr.calls != 0 {
		t.Errorf("readers called %d times for ids no lead has, want 0", pdf.calls+ocr.calls)
	}
	store.Close()
	files := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, id := range ids {
			for _, form := range []string{id, strings.ToUpper(id), strings.ReplaceAll(id, "-", "")} {
				if bytes.Contains(b, []byte(form)) {
					t.Errorf("%s holds %s", path, form)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatal("DATA_DIR is empty: the grep proved nothing")
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "evidence")); len(entries) != 0 {
		t.Errorf("evidence/ holds %d entries, want none", len(entries))
	}
}

// TestDailyPageAllowanceOnTheLocalAPI: the local API's OCR reads take their
// pages from the same daily allowance as Textract's, in the embedded
// store; past it the answer is 503 with Retry-After and OCR is not called.
// A PDF with a text layer needs no OCR, and no page of the allowance.
func TestDailyPageAllowanceOnTheLocalAPI(t *testing.T) {
	h, _, _, ocr, _ := localHandler(t, map[string]string{"TEXT_READER_PAGES_PER_DAY": "2"})
	lead := createLead(t, h)
	photo := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x00\x00\x00\x00\x3a\x98\xa0\xbd\x00\x00\x00\x0cIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82")
	for i := range 2 {
		body, ct := uploadForm(t, lead, photo)
		if rec := serve(h, http.MethodPost, "/external/v1/prescriptions/verify-evidence", ct, body, nil); rec.Code != http.StatusOK {
			t.Fatalf("photo %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	body, ct := uploadForm(t, lead, photo)
	rec := serve(h, http.MethodPost, "/external/v1/prescriptions/verify-evidence", ct, body, nil)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "allowance of pages read for today (2)") {
		t.Fatalf("past the allowance: %d %s, want 503", rec.Code, rec.Body)
	}
	if secs, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || secs < 1 || secs > 86400 {
		t.Errorf("Retry-After = %q", rec.Header().Get("Retry-After"))
	}
	if ocr.calls != 2 {
		t.Errorf("OCR called %d times, want 2", ocr.calls)
	}
}
