package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"log/slog"
	"mime/multipart"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/api"
	"github.com/clinicplatform/intake/internal/datarights"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/localstore"
	"github.com/clinicplatform/intake/internal/quota"
)

// blankReader is a fake evidence.Reader: every document reads as blank.
type blankReader struct{}

func (blankReader) Read(context.Context, evidence.Document) (evidence.Text, error) {
	return evidence.Text{Source: "pdf-text"}, nil
}

// patient is an invented patient with markers no other data contains.
type patient struct {
	email, forename, surname, evidence string
	leadID                             string
}

func newPatient(tag string) patient {
	n := strings.ReplaceAll(uuid.NewString(), "-", "")[:10]
	return patient{
		email:    "pat." + tag + n + "@example.com",
		forename: "Fore" + tag + n,
		surname:  "Sur" + tag + n,
		evidence: "%PDF-1.4\n% EVIDENCE-" + tag + n + " prescription bytes\n%%EOF\n",
	}
}

// seed creates each patient through the API as the local server does: a
// lead (with an Idempotency-Key) and two verifications.
func seed(t *testing.T, dir string, patients ...*patient) {
	t.Helper()
	store, err := localstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	leads, err := lead.NewService(store, store, time.Now, uuid.NewString)
	if err != nil {
		t.Fatal(err)
	}
	leadQuota := &quota.Verifications{Counter: store, PerDay: 20}
	verifier, err := evidence.NewService("uk", evidence.DefaultMaxAge, evidence.Deps{Stager: store, Reader: blankReader{},
		Leads: store, Recorder: store, Now: time.Now, NewID: uuid.NewString, Quota: leadQuota})
	if err != nil {
		t.Fatal(err)
	}
	h, err := api.NewHandler(api.Deps{
		Log: slog.New(slog.DiscardHandler), Now: time.Now, NewID: uuid.NewString, Metrics: api.NoMetrics{},
		Leads: leads, Evidence: verifier,
		VerificationQuota: leadQuota,
		LeadBodyLimit:     api.DefaultLeadBodyLimit, EvidenceFileLimit: api.DefaultEvidenceFileLimit,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range patients {
		body := `{"email":"` + p.email + `","data":{"forename":"` + p.forename + `","surname":"` + p.surname + `"}}`
		req := httptest.NewRequest("POST", api.PathLeads, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", "key-"+p.forename)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Fatalf("create lead: %d %s", rec.Code, rec.Body)
		}
		var l struct{ ID string }
		json.Unmarshal(rec.Body.Bytes(), &l)
		p.leadID = l.ID
		for range 2 {
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			mw.WriteField("userId", p.leadID)
			mw.WriteField("medicationName", "Wegovy")
			mw.WriteField("medicationDosage", "2.4 mg")
			fw, _ := mw.CreateFormFile("file", "label.pdf")
			fw.Write([]byte(p.evidence))
			mw.Close()
			req := httptest.NewRequest("POST", api.PathVerifyEvidence, &buf)
			req.Header.Set("Content-Type", mw.FormDataContentType())
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 {
				t.Fatalf("verify evidence: %d %s", rec.Code, rec.Body)
			}
		}
	}
}

// traces lists the files under dir whose raw bytes hold any of markers.
func traces(t *testing.T, dir string, markers ...string) []string {
	t.Helper()
	var found []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range markers {
			if bytes.Contains(raw, []byte(m)) {
				found = append(found, filepath.Base(path)+" holds "+m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestEraseLocalLeavesNoTrace(t *testing.T) {
	dir := t.TempDir()
	gone, kept := newPatient("gone"), newPatient("kept")
	seed(t, dir, &gone, &kept)
	goneMarkers := []string{gone.email, gone.forename, gone.surname, strings.Split(gone.evidence, "\n")[1], gone.leadID}
	keptMarkers := []string{kept.email, kept.forename, kept.surname, strings.Split(kept.evidence, "\n")[1], kept.leadID}
	if got := traces(t, dir, goneMarkers...); len(got) < len(goneMarkers) {
		t.Fatalf("before erasure only %q found: the search cannot see the data", got)
	}

	var out bytes.Buffer
	// The address as the patient writes it in a request: other case, spaces.
	if err := run(t.Context(), []string{"erase"}, env(map[string]string{"EMAIL": " " + strings.ToUpper(gone.email) + " ", "DATA_DIR": dir}), &out); err != nil {
		t.Fatalf("erase: %v", err)
	}
	var rc receipt
	if err := json.Unmarshal(out.Bytes(), &rc); err != nil {
		t.Fatalf("receipt %s: %v", out.String(), err)
	}
	want := datarights.Receipt{Leads: 1, IdempotencyKeys: 1, Verifications: 2, QuotaCounters: 1, EvidenceVersions: 2}
	if rc.Erased != want || !rc.Compacted || rc.SubjectBy != "email" {
		t.Errorf("receipt = %+v, want %+v, compacted, by email", rc, want)
	}
	for _, m := range goneMarkers {
		if strings.Contains(strings.ToLower(out.String()), strings.ToLower(m)) {
			t.Errorf("the receipt shows %q", m)
		}
	}
	if got := traces(t, dir, goneMarkers...); len(got) > 0 {
		t.Errorf("erased patient's data left in DATA_DIR: %q", got)
	}
	if got := traces(t, dir, keptMarkers...); len(got) < len(keptMarkers) {
		t.Errorf("the other patient's data is damaged: only %q found", got)
	}

	store, err := localstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	l, err := store.Get(t.Context(), kept.leadID)
	if err != nil || l.Email != kept.email {
		t.Fatalf("other patient's lead: %+v, %v", l, err)
	}
	records, err := store.VerificationsOf(t.Context(), kept.leadID)
	if err != nil || len(records) != 2 {
		t.Fatalf("other patient's records: %d, %v", len(records), err)
	}
	if up, err := store.Staged(t.Context(), records[0].ObjectKey); err != nil || string(up.Body) != kept.evidence {
		t.Errorf("other patient's evidence: %v", err)
	}
	if _, err := store.Lookup(t.Context(), "key-"+kept.forename); err != nil {
		t.Errorf("other patient's idempotency key: %v", err)
	}
	if _, err := store.Lookup(t.Context(), "key-"+gone.forename); err == nil {
		t.Errorf("erased patient's idempotency key is still there")
	}
}

func TestEraseByLeadIDAndAgain(t *testing.T) {
	dir := t.TempDir()
	p := newPatient("byid")
	seed(t, dir, &p)
	for i, want := range []datarights.Receipt{
		{Leads: 1, IdempotencyKeys: 1, Verifications: 2, QuotaCounters: 1, EvidenceVersions: 2},
		{}, // a second run finds nothing left
	} {
		var out bytes.Buffer
		if err := run(t.Context(), []string{"erase"}, env(map[string]string{"LEAD_ID": strings.ToUpper(p.leadID), "DATA_DIR": dir}), &out); err != nil {
			t.Fatalf("erase %d: %v", i+1, err)
		}
		var rc receipt
		json.Unmarshal(out.Bytes(), &rc)
		if rc.Erased != want {
			t.Errorf("erase %d: receipt %+v, want %+v", i+1, rc.Erased, want)
		}
	}
}

func TestEraseRefusesWhileTheServerRuns(t *testing.T) {
	dir := t.TempDir()
	p := newPatient("busy")
	seed(t, dir, &p)
	running, err := localstore.Open(dir) // what make run holds
	if err != nil {
		t.Fatal(err)
	}
	defer running.Close()
	err = run(t.Context(), []string{"erase"}, env(map[string]string{"EMAIL": p.email, "DATA_DIR": dir}), &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "stop it first") {
		t.Errorf("erase with the store open elsewhere: %v, want a clear refusal", err)
	}
}

func TestExportLocal(t *testing.T) {
	dir := t.TempDir()
	p, other := newPatient("exp"), newPatient("other")
	seed(t, dir, &p, &other)
	out := filepath.Join(t.TempDir(), "export.json")
	if err := run(t.Context(), []string{"export"}, env(map[string]string{"EMAIL": p.email, "DATA_DIR": dir, "OUT": out}), &bytes.Buffer{}); err != nil {
		t.Fatalf("export: %v", err)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(out); info.Mode().Perm() != 0o600 {
		t.Errorf("export file mode %v, want 0600", info.Mode().Perm())
	}
	var ex datarights.Export
	if err := json.Unmarshal(raw, &ex); err != nil {
		t.Fatal(err)
	}
	if len(ex.Leads) != 1 || ex.Leads[0].ID != p.leadID || ex.Leads[0].Email != p.email || len(ex.Leads[0].Verifications) != 2 {
		t.Fatalf("export = %s", raw)
	}
	if !strings.Contains(string(raw), p.forename) || strings.Contains(string(raw), other.email) {
		t.Errorf("export holds the wrong patient's data:\n%s", raw)
	}
	if err := run(t.Context(), []string{"export"}, env(map[string]string{"EMAIL": p.email, "DATA_DIR": dir, "OUT": out}), &bytes.Buffer{}); err == nil {
		t.Errorf("export overwrote an existing file")
	}
}

func TestRunRefusesBadRequests(t *testing.T) {
	dir := t.TempDir()
	seed(t, dir)
	for name, e := range map[string]map[string]string{
		"no subject":         {"DATA_DIR": dir},
		"both":               {"DATA_DIR": dir, "EMAIL": "a@example.com", "LEAD_ID": "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01"},
		"lead id not a uuid": {"DATA_DIR": dir, "LEAD_ID": "../../etc"},
		"no store":           {"DATA_DIR": filepath.Join(dir, "missing"), "EMAIL": "a@example.com"},
		"unknown stack":      {"STACK": "fr", "EMAIL": "a@example.com"},
	} {
		t.Run(name, func(t *testing.T) {
			if err := run(t.Context(), []string{"erase"}, env(e), &bytes.Buffer{}); err == nil {
				t.Errorf("erase accepted %v", e)
			}
		})
	}
	if err := run(t.Context(), []string{"delete"}, env(map[string]string{"EMAIL": "a@example.com", "DATA_DIR": dir}), &bytes.Buffer{}); err == nil {
		t.Errorf("an unknown command was accepted")
	}
}
