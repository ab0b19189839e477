package datarights_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/datarights"
	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
)

// fakeStores is a hand-written fake of every store, logging each deletion.
type fakeStores struct {
	leads     map[string]lead.Lead
	records   map[string][]evidence.Record
	deleted   []string
	failPurge error
}

func (f *fakeStores) LeadIDsByEmail(_ context.Context, email string) ([]string, error) {
	var ids []string
	for id, l := range f.leads {
		if lead.EmailKey(l.Email) == lead.EmailKey(email) {
			ids = append(ids, id, id) // an index may answer twice
		}
	}
	return ids, nil
}
func (f *fakeStores) Get(_ context.Context, id string) (lead.Lead, error) {
	l, ok := f.leads[id]
	if !ok {
		return lead.Lead{}, fmt.Errorf("lead: %w", derrors.ErrNotFound)
	}
	return l, nil
}
func (f *fakeStores) DeleteLead(_ context.Context, id string) error {
	f.deleted = append(f.deleted, "lead "+id)
	delete(f.leads, id)
	return nil
}
func (f *fakeStores) VerificationsOf(_ context.Context, id string) ([]evidence.Record, error) {
	return f.records[id], nil
}
func (f *fakeStores) DeleteVerification(_ context.Context, id string) error {
	f.deleted = append(f.deleted, "record "+id)
	return nil
}
func (f *fakeStores) DeleteKey(_ context.Context, key string) error {
	f.deleted = append(f.deleted, "key "+key)
	return nil
}
func (f *fakeStores) DeleteCounters(_ context.Context, id string) (int, error) {
	f.deleted = append(f.deleted, "counters "+id)
	return 3, nil
}
func (f *fakeStores) PurgeEvidence(_ context.Context, prefix string) (int, error) {
	if f.failPurge != nil {
		return 0, f.failPurge
	}
	f.deleted = append(f.deleted, "evidence "+prefix)
	return 2, nil
}

func service(f *fakeStores) *datarights.Service {
	return &datarights.Service{Leads: f, Verifications: f, Keys: f, Counters: f, Evidence: f}
}

const leadID = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01"

func newFake() *fakeStores {
	return &fakeStores{
		leads: map[string]lead.Lead{leadID: {ID: leadID, Email: "ada@example.com", IdempotencyKey: "k1", CreatedAt: time.Unix(0, 0)}},
		records: map[string][]evidence.Record{leadID: {
			{ID: "r1", UserID: leadID, ObjectKey: evidence.LeadPrefix(leadID) + "2026/11/21/r1.pdf"},
			{ID: "r2", UserID: leadID, ObjectKey: "evidence/2025/01/02/r2.pdf"},
		}},
	}
}

func TestEraseOrderAndReceipt(t *testing.T) {
	f := newFake()
	rc, err := service(f).Erase(t.Context(), datarights.Subject{Email: "ADA@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	if want := (datarights.Receipt{Leads: 1, IdempotencyKeys: 1, Verifications: 2, QuotaCounters: 3, EvidenceVersions: 4}); rc != want {
		t.Errorf("receipt = %+v, want %+v", rc, want)
	}
	want := []string{
		"evidence " + evidence.LeadPrefix(leadID),
		"record r1",
		"evidence evidence/2025/01/02/r2.pdf", // staged before the lead prefix
		"record r2",
		"counters " + leadID,
		"key k1",
		"lead " + leadID, // last: an interrupted erasure can be run again
	}
	if diff := cmp.Diff(want, f.deleted); diff != "" {
		t.Errorf("deletions (-want +got):\n%s", diff)
	}
}

func TestEraseInterruptedKeepsTheLead(t *testing.T) {
	f := newFake()
	f.failPurge = errors.New("s3 down")
	if _, err := service(f).Erase(t.Context(), datarights.Subject{LeadID: leadID}); err == nil {
		t.Fatal("no error")
	}
	if _, ok := f.leads[leadID]; !ok {
		t.Errorf("the lead was deleted although its evidence was not: a rerun by e-mail could not find the rest")
	}
}

func TestSubjectMustBeOne(t *testing.T) {
	for _, s := range []datarights.Subject{{}, {Email: "a@example.com", LeadID: leadID}} {
		if _, err := service(newFake()).Erase(t.Context(), s); !errors.Is(err, datarights.ErrNoSubject) {
			t.Errorf("Erase(%+v) = %v, want ErrNoSubject", s, err)
		}
	}
}

func TestExportUnknownLeadWithRecords(t *testing.T) {
	f := newFake()
	const unknown = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a09"
	f.records[unknown] = []evidence.Record{{ID: "r9", UserID: unknown}}
	ex, err := service(f).Export(t.Context(), datarights.Subject{LeadID: unknown})
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Leads) != 1 || ex.Leads[0].Stored || len(ex.Leads[0].Verifications) != 1 {
		t.Errorf("export = %+v, want the records of an id with no lead", ex)
	}
	ex, err = service(f).Export(t.Context(), datarights.Subject{Email: "nobody@example.com"})
	if err != nil || len(ex.Leads) != 0 {
		t.Errorf("export of nobody = %+v, %v", ex, err)
	}
}

// TestExportKeepsWhatWasRead: a record's findings and the lines read are
// the patient's data too, and are exported; a record kept before them
// exports without.
func TestExportKeepsWhatWasRead(t *testing.T) {
	f := newFake()
	box := evidence.Box{Left: 0.1, Top: 0.2, Width: 0.3, Height: 0.04}
	f.records[leadID][0].Findings = &evidence.Findings{PatientName: evidence.Finding{Rule: "exact-name", Page: 1, Box: &box, Text: "ada lovelace", Confidence: 1}}
	f.records[leadID][0].Reading = &evidence.Reading{Lines: []evidence.LineRead{{Text: "Patient: ADA LOVELACE", Page: 1, Box: &box, Confidence: 1}}}
	ex, err := service(f).Export(t.Context(), datarights.Subject{LeadID: leadID})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(ex.Leads[0].Verifications)
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &got); err != nil || len(got) != 2 {
		t.Fatalf("exported verifications %s: %v", raw, err)
	}
	if !strings.Contains(string(got[0]["reading"]), "Patient: ADA LOVELACE") || !strings.Contains(string(got[0]["findings"]), `"rule":"exact-name"`) {
		t.Errorf("the first record's reading and findings are not exported: %s", raw)
	}
	if _, ok := got[1]["findings"]; ok {
		t.Errorf("a record without findings exports some: %s", got[1]["findings"])
	}
}
