package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/docread"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/testing/corpus"
	"github.com/clinicplatform/intake/internal/testing/wordbox"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// dana is the sample label's patient.
var dana = lead.Patient{Forename: "Dana", Surname: "Whitcombe"}

// capture is a reader that keeps what it read.
type capture struct {
	evidence.Reader
	text evidence.Text
}

func (c *capture) Read(ctx context.Context, doc evidence.Document) (evidence.Text, error) {
	t, err := c.Reader.Read(ctx, doc)
	c.text = t
	return t, err
}

// placing is a recorder that gives a finding left without a box (the
// rating code does not place every field yet) the box of the words the
// sample label shows for its field, as the reader read them; a finding the
// rating code placed is kept as it is.
type placing struct {
	evidence.Recorder
	read *capture
	t    *testing.T
}

var isoDate = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

func (p placing) Record(ctx context.Context, r evidence.Record) error {
	if r.Findings != nil {
		f := *r.Findings
		for _, field := range []struct {
			finding *evidence.Finding
			words   []string
		}{
			{&f.PatientName, []string{"DANA", "WHITCOMBE"}},
			{&f.MedicationName, []string{"ZEPBOUND"}},
			{&f.MedicationDosage, []string{"5MG/0.5ML"}},
			{&f.MedicationDate, []string{dateOn(p.read.text)}},
			{&f.PharmacyName, []string{"MAPLE", "RIDGE", "PHARMACY"}},
		} {
			if field.finding.Box != nil {
				continue
			}
			if page, box, ok := wordsAt(p.read.text, field.words); ok {
				field.finding.Page, field.finding.Box = page, &box
				field.finding.Text = strings.ToLower(strings.Join(field.words, " "))
			} else {
				p.t.Logf("the reader did not read %q", field.words)
			}
		}
		r.Findings = &f
	}
	return p.Recorder.Record(ctx, r)
}

// dateOn is the label's fill date as read (it moves with the day).
func dateOn(text evidence.Text) string {
	for _, l := range text.Lines {
		for _, w := range l.Words {
			if isoDate.MatchString(w.Text) {
				return w.Text
			}
		}
	}
	return "no date read"
}

// wordsAt finds words read one after another on a line and returns their
// page and the union of their boxes.
func wordsAt(text evidence.Text, words []string) (int, evidence.Box, bool) {
	for _, l := range text.Lines {
		for i := 0; i+len(words) <= len(l.Words); i++ {
			var box evidence.Box
			match := true
			for k, w := range words {
				got := l.Words[i+k]
				if wordbox.Letters(got.Text) != wordbox.Letters(w) {
					match = false
					break
				}
				box = box.Union(got.Box)
			}
			if match && !box.IsZero() {
				return l.Page, box, true
			}
		}
	}
	return 0, evidence.Box{}, false
}

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
	read := &capture{Reader: docread.NewWithTesseract(t.Context())}
	svc, err := evidence.NewService("us", evidence.DefaultMaxAge, evidence.Deps{
		Stager: store, Reader: read, Leads: store, Recorder: placing{Recorder: store, read: read, t: t},
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
