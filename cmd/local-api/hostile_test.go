package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

// TestHostileUploads: every hostile class of issue 10 through the whole
// local stack (Go PDF reader, pdftoppm and tesseract where installed) is
// answered with a 200 or a 4xx within 10 s, as one WARN line when a budget
// tripped and no ERROR, and the server still verifies a real label after.
func TestHostileUploads(t *testing.T) {
	if testing.Short() {
		t.Skip("generates about 150 MB of hostile documents")
	}
	var cfg config.LocalAPI
	err := config.Load(func(k string) string { return map[string]string{"MARKET": "uk"}[k] }, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	store, err := localstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	h, err := newHandler(cfg, log, store, docread.NewWithTesseract(t.Context()), nil)
	if err != nil {
		t.Fatal(err)
	}
	userID := createLead(t, h)
	for _, doc := range hostile.All() {
		t.Run(doc.Class, func(t *testing.T) {
			logs.Reset()
			body, ct := uploadForm(t, userID, doc.Body)
			start := time.Now()
			rec := serve(h, http.MethodPost, "/external/v1/prescriptions/verify-evidence", ct, body, nil)
			took := time.Since(start)
			t.Logf("%s (%d bytes): %d in %v", doc.Class, len(doc.Body), rec.Code, took)
			if rec.Code >= 500 {
				t.Errorf("status %d: %s", rec.Code, rec.Body)
			}
			if took > 10*time.Second {
				t.Errorf("answered in %v, want under 10 s", took)
			}
			warned, budget := false, ""
			sc := bufio.NewScanner(&logs)
			for sc.Scan() {
				var entry map[string]any
				if err := json.Unmarshal(sc.Bytes(), &entry); err != nil {
					t.Fatalf("log line is not JSON: %s", sc.Text())
				}
				if entry["level"] == "ERROR" {
					t.Errorf("ERROR line: %s", sc.Text())
				}
				if entry["msg"] == "document over budget" {
					warned = true
					budget, _ = entry["budget"].(string)
				}
			}
			if doc.Class == "many-pages" {
				// Over the page cap: refused before anything reads it.
				if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "more than 5 pages") {
					t.Errorf("many pages: %d %s, want 400 naming the page cap", rec.Code, rec.Body)
				}
				return
			}
			if !warned {
				t.Errorf("no WARN line names the budget that tripped; log:\n%s", logs.String())
			}
			// An image over its pixels or its decoder's memory asks for the
			// photo in another form; anything else is unreadable.
			note := "could not be read"
			if strings.HasPrefix(budget, "image.") || strings.HasPrefix(budget, "heif.") {
				note = "larger than this service reads"
			}
			if rec.Code == http.StatusOK && !strings.Contains(rec.Body.String(), note) {
				t.Errorf("200 without the note %q (budget %s): %s", note, budget, rec.Body)
			}
		})
	}
	body, ct := uploadForm(t, userID, labelPDF(t))
	if rec := serve(h, http.MethodPost, "/external/v1/prescriptions/verify-evidence", ct, body, nil); rec.Code != http.StatusOK ||
		!strings.Contains(rec.Body.String(), `"medicationName":{"value":"valid"`) {
		t.Errorf("a real label after the attack: %d %s", rec.Code, rec.Body)
	}
}
