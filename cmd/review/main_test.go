package main

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/testing/corpus"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// dana is the sample label's patient.
var dana = lead.Patient{Forename: "Dana", Surname: "Whitcombe"}

// verifyLocally verifies each document for Dana Whitcombe's lead through
// the evidence service on a local store in dir, as make run does, and
// returns the verification ids.
func verifyLocally(t *testing.T, dir string, docs ...corpus.Case) (leadID string, ids []string) {
	t.Helper()
	store, err := localstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	leadID = uuid.NewString()
	data, _ := json.Marshal(dana)
	if err := store.Put(t.Context(), lead.Lead{ID: leadID, Email: "dana.whitcombe@example.com", Data: data, CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	svc, err := evidence.NewService("us", evidence.DefaultMaxAge, evidence.Deps{
		Stager: store, Reader: docread.NewWithTesseract(t.Context()), Leads: store, Recorder: store,
		Now: time.Now, NewID: uuid.NewString,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range docs {
		out, err := svc.Verify(t.Context(), evidence.Request{UserID: leadID, MedicationName: c.MedicationName,
			MedicationDosage: c.MedicationDosage, File: c.File, MediaType: c.MediaType()})
		if err != nil {
			t.Fatalf("verify %s: %v", c.Name, err)
		}
		ids = append(ids, out.ID)
	}
	return leadID, ids
}

func TestSubjectIsOneUUID(t *testing.T) {
	id := uuid.NewString()
	for _, tt := range []struct {
		cfg     map[string]string
		wantErr string
	}{
		{map[string]string{}, "exactly one of ID or LEAD_ID"},
		{map[string]string{"ID": id, "LEAD_ID": id}, "exactly one of ID or LEAD_ID"},
		{map[string]string{"ID": "../../etc/passwd"}, "ID is not a UUID"},
		{map[string]string{"LEAD_ID": "ada@example.com"}, "LEAD_ID is not a UUID"},
	} {
		err := run(t.Context(), env(tt.cfg), &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("run(%v) = %v, want %q", tt.cfg, err, tt.wantErr)
		}
	}
}

// TestOutMustBePrivate: pages hold health data; a folder others can read
// is refused, a new one is made 0700.
func TestOutMustBePrivate(t *testing.T) {
	open := filepath.Join(t.TempDir(), "shared")
	if err := os.Mkdir(open, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o755); err != nil {
		t.Fatal(err)
	}
	err := run(t.Context(), env(map[string]string{"ID": uuid.NewString(), "OUT": open, "DATA_DIR": t.TempDir()}), &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "open to others") {
		t.Errorf("an open OUT folder: %v, want a refusal", err)
	}
	fresh := filepath.Join(t.TempDir(), "a", "reviews")
	run(t.Context(), env(map[string]string{"ID": uuid.NewString(), "OUT": fresh, "DATA_DIR": t.TempDir()}), &bytes.Buffer{})
	if info, err := os.Stat(fresh); err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("OUT made as %v (%v), want 0700", info.Mode().Perm(), err)
	}
}

func openStore(t *testing.T, dir string) *localstore.Store {
	t.Helper()
	store, err := localstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

func record(t *testing.T, store *localstore.Store, id string) evidence.Record {
	t.Helper()
	rec, err := store.Verification(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Findings == nil || rec.Reading == nil {
		t.Fatalf("record %s keeps no findings or reading", id)
	}
	return rec
}

// TestAsksTheRunningLocalAPI: while make run holds the local store, the
// page of a verification is fetched from the local API's /review/{id}.
func TestAsksTheRunningLocalAPI(t *testing.T) {
	dir := t.TempDir()
	openStore(t, dir) // what make run holds
	id := uuid.NewString()
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/review/"+id {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte("<!DOCTYPE html><title>Review of verification " + id + "</title>"))
	}))
	defer api.Close()
	host, port, _ := net.SplitHostPort(api.Listener.Addr().String())
	out := filepath.Join(t.TempDir(), "reviews")
	var stdout bytes.Buffer
	cfg := map[string]string{"ID": id, "DATA_DIR": dir, "OUT": out, "HOST": host, "PORT": port}
	if err := run(t.Context(), env(cfg), &stdout); err != nil {
		t.Fatalf("review: %v", err)
	}
	page, err := os.ReadFile(filepath.Join(out, id+".html"))
	if err != nil || !strings.Contains(string(page), "Review of verification "+id) {
		t.Errorf("page %q, %v; want the local API's", page, err)
	}
	if !strings.Contains(stdout.String(), "running local API") || !strings.Contains(stdout.String(), "health data") {
		t.Errorf("review said %q", stdout.String())
	}
	cfg["ID"] = uuid.NewString()
	if err := run(t.Context(), env(cfg), &stdout); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("an id the local API does not know: %v, want not found", err)
	}
	delete(cfg, "ID")
	cfg["LEAD_ID"] = uuid.NewString()
	if err := run(t.Context(), env(cfg), &stdout); err == nil || !strings.Contains(err.Error(), "stop it") {
		t.Errorf("a lead's pages while the store is held: %v, want to be told to stop make run", err)
	}
}
