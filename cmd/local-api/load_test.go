package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/config"
	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

// TestVerdictsDoNotDependOnLoad (issue 18): a verdict depends on the
// document, the request, the lead and the day, never on how busy the
// machine is. Hard photos (internal/testing/corpus's HardConditions) are
// verified one at a time through the local API's handler, as make run
// wires it; then all of them at once, twice over, with tesseract made slow
// (a wrapper on PATH that sleeps before each run, so a reading holds its
// slot far longer) and each request given a deadline from a ladder, tight
// to generous, as busy clients and a loaded machine give them. Every
// answer must be byte for byte the body the photo got alone, or a 503 with
// Retry-After: a reading cut short is never judged. It asserts bodies,
// not times.
func TestVerdictsDoNotDependOnLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("reads photos with tesseract")
	}
	tesseract, err := exec.LookPath("tesseract")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("tesseract is required in CI: %v", err)
		}
		t.Skip("tesseract is not installed (Debian: apt-get install tesseract-ocr tesseract-ocr-eng)")
	}
	now := time.Now().UTC()
	cases, err := corpus.Generate(18, now, "us", corpus.Options{
		Layouts:    []string{corpus.LayoutUSLabel, corpus.LayoutOnlineOrder},
		Conditions: []string{corpus.ConditionSmall600, corpus.ConditionLowLight},
	})
	if err != nil {
		t.Fatal(err)
	}
	var cfg config.LocalAPI
	env := map[string]string{"MARKET": "us", "VERIFICATIONS_PER_LEAD_PER_DAY": "0"}
	if err := config.Load(func(k string) string { return env[k] }, &cfg); err != nil {
		t.Fatal(err)
	}
	store, err := localstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	handler := func(t *testing.T) http.Handler {
		h, err := newHandler(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), store, docread.NewWithTesseract(t.Context()), nil)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}

	// Alone: each photo once, nothing else running.
	h := handler(t)
	type upload struct {
		name, contentType string
		body              []byte
		alone             string
	}
	uploads := make([]upload, len(cases))
	for i, c := range cases {
		id := leadFor(t, h, c.Lead)
		body, ct := hardUpload(t, id, c)
		rec := verify(context.Background(), h, ct, body)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s alone: status %d: %s", c.Name, rec.Code, rec.Body)
		}
		uploads[i] = upload{name: c.Name, contentType: ct, body: body, alone: rec.Body.String()}
		t.Logf("%s alone: %s", c.Name, rec.Body)
	}

	// Under load: a slow tesseract, every photo twice at once, deadlines
	// from 9 s (a slot is refused with under 8 s left) to 60 s.
	slow := t.TempDir()
	script := fmt.Sprintf("#!/bin/sh\nsleep 0.7\nexec %s \"$@\"\n", tesseract)
	if err := os.WriteFile(filepath.Join(slow, "tesseract"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", slow+string(os.PathListSeparator)+os.Getenv("PATH"))
	h = handler(t)
	deadlines := []time.Duration{9 * time.Second, 10 * time.Second, 11 * time.Second, 13 * time.Second, 16 * time.Second, 20 * time.Second, 30 * time.Second, 60 * time.Second}
	type answer struct {
		upload   int
		deadline time.Duration
		rec      *httptest.ResponseRecorder
	}
	var answers []answer
	var mu sync.Mutex
	var wg sync.WaitGroup
	for round := range 2 {
		for i := range uploads {
			deadline := deadlines[(round*len(uploads)+i)%len(deadlines)]
			wg.Go(func() {
				ctx, cancel := context.WithTimeout(context.Background(), deadline)
				defer cancel()
				rec := verify(ctx, h, uploads[i].contentType, uploads[i].body)
				mu.Lock()
				answers = append(answers, answer{i, deadline, rec})
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	same, busy := 0, 0
	for _, a := range answers {
		u := uploads[a.upload]
		switch {
		case a.rec.Code == http.StatusOK && a.rec.Body.String() == u.alone:
			same++
		case a.rec.Code == http.StatusServiceUnavailable && a.rec.Header().Get("Retry-After") != "":
			busy++
		default:
			t.Errorf("%s among %d at once (deadline %v): status %d, Retry-After %q:\n%s\nwant the body it got alone or a 503 with Retry-After:\n%s",
				u.name, len(answers), a.deadline, a.rec.Code, a.rec.Header().Get("Retry-After"), a.rec.Body, u.alone)
		}
	}
	t.Logf("%d answers at once: %d the same as alone, %d busy (503)", len(answers), same, busy)
}

// leadFor creates a lead named as the case's and returns its id.
func leadFor(t *testing.T, h http.Handler, p corpus.Person) string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"email": "load.test@example.com", "data": map[string]string{"forename": p.Forename, "surname": p.Surname}})
	rec := serve(h, http.MethodPost, "/external/v1/leads", "application/json", string(body), nil)
	var lead struct{ ID string }
	if err := json.Unmarshal(rec.Body.Bytes(), &lead); err != nil || lead.ID == "" {
		t.Fatalf("create lead: status %d: %s", rec.Code, rec.Body)
	}
	return lead.ID
}

// hardUpload is the verify-evidence form for a corpus case.
func hardUpload(t *testing.T, userID string, c corpus.Case) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, f := range [][2]string{{"userId", userID}, {"medicationName", c.MedicationName}, {"medicationDosage", c.MedicationDosage}} {
		if err := mw.WriteField(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := mw.CreateFormFile("file", c.FileName())
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(c.File)
	mw.Close()
	return buf.Bytes(), mw.FormDataContentType()
}

// verify posts an upload with ctx (its deadline is the request's).
func verify(ctx context.Context, h http.Handler, contentType string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, "/external/v1/prescriptions/verify-evidence", bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}
