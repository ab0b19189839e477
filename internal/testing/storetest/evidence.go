package storetest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// Stager is an evidence.Stager that can read back what it staged; a key
// never staged is an error wrapping derrors.ErrNotFound.
type Stager interface {
	evidence.Stager
	Staged(ctx context.Context, key string) (evidence.Upload, error)
}

// Upload is body as the service stages it: with its type and digest.
func Upload(body, mediaType string) evidence.Upload {
	sum := sha256.Sum256([]byte(body))
	return evidence.Upload{Body: []byte(body), MediaType: mediaType, SHA256: hex.EncodeToString(sum[:])}
}

// RunStager checks evidence.Stager: what Stage stored reads back whole; an
// identical retry succeeds; another upload under a staged key is a conflict
// that changes nothing.
func RunStager(t *testing.T, newStager func(t *testing.T) Stager) {
	const key = "evidence/0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01/2026/11/21/3e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6a.pdf"
	pdf := Upload("%PDF-1.7\ninvented prescription\n%%EOF\n", "application/pdf")
	t.Run("Staged returns what Stage stored", func(t *testing.T) {
		s := newStager(t)
		for key, up := range map[string]evidence.Upload{
			key: pdf,
			"evidence/0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01/2026/11/21/9a0b1f2e.png": Upload("\x89PNG\r\n\x1a\n\x00\x00binary\xff", "image/png"),
			"evidence/0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01/2026/11/21/empty.jpg":    Upload("", "image/jpeg"),
		} {
			if err := s.Stage(t.Context(), key, up); err != nil {
				t.Fatalf("Stage %s: %v", key, err)
			}
			wantStaged(t, s, key, up)
		}
	})
	t.Run("an identical retry succeeds", func(t *testing.T) {
		s := newStager(t)
		wantRetryDone(t, "Stage", func() error { return s.Stage(t.Context(), key, pdf) })
		wantStaged(t, s, key, pdf)
	})
	t.Run("another upload under a staged key is a conflict", func(t *testing.T) {
		for name, other := range map[string]evidence.Upload{
			"body":       Upload("%PDF-1.7 another", "application/pdf"),
			"media type": Upload(string(pdf.Body), "image/png"),
		} {
			t.Run(name, func(t *testing.T) {
				s := newStager(t)
				wantConflict(t, "Stage", func() error { return s.Stage(t.Context(), key, pdf) }, func() error { return s.Stage(t.Context(), key, other) })
				wantStaged(t, s, key, pdf)
			})
		}
	})
	t.Run("a key never staged is not found", func(t *testing.T) {
		_, err := newStager(t).Staged(t.Context(), key)
		wantKind(t, "Staged", err, derrors.ErrNotFound)
	})
}

func wantStaged(t *testing.T, s Stager, key string, want evidence.Upload) {
	t.Helper()
	got, err := s.Staged(t.Context(), key)
	if err != nil {
		t.Fatalf("Staged %s: %v", key, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Staged %s (-want +got):\n%s", key, diff)
	}
}

// Recorder is an evidence.Recorder that can list one user's records, as
// datarights.Verifications does, and read one by id, as review does (a
// missing one is an error wrapping derrors.ErrNotFound).
type Recorder interface {
	evidence.Recorder
	VerificationsOf(ctx context.Context, userID string) ([]evidence.Record, error)
	Verification(ctx context.Context, id string) (evidence.Record, error)
}

// Record is an invented verification record of userID.
func Record(id, userID string, createdAt time.Time) evidence.Record {
	valid := evidence.Rating{Value: evidence.Valid, Confidence: evidence.High}
	return evidence.Record{
		ID:               id,
		UserID:           userID,
		CreatedAt:        createdAt,
		ObjectKey:        evidence.LeadPrefix(userID) + "2026/11/21/" + id + ".pdf",
		SHA256:           "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		MediaType:        "application/pdf",
		Size:             48213,
		MedicationName:   "Wegovy",
		MedicationDosage: "2.4 mg",
		TextSource:       "pdf-text",
		Result: evidence.Result{
			Data: evidence.Fields{
				PatientName:      valid,
				MedicationName:   valid,
				MedicationDosage: evidence.Rating{Value: evidence.Invalid, Confidence: evidence.Medium},
				MedicationDate:   valid,
				PharmacyName:     evidence.Rating{Value: evidence.NotFound, Confidence: evidence.Low},
			},
			Confidence: evidence.Medium,
			Note:       "The dosage on the prescription differs from the one given.",
		},
	}
}

// Reviewed is r with what a record keeps for review: invented findings
// (one resting on nothing read) and the lines read.
func Reviewed(r evidence.Record) evidence.Record {
	name := evidence.Box{Left: 0.0781, Top: 0.4102, Width: 0.2917, Height: 0.0336}
	dose := evidence.Box{Left: 0.3563, Top: 0.5412, Width: 0.1033, Height: 0.0301}
	r.Findings = &evidence.Findings{
		PatientName:      evidence.Finding{Rule: "exact-name", Page: 1, Box: &name, Text: "dana whitcombe", Confidence: 1},
		MedicationName:   evidence.Finding{Rule: "brand-named", Page: 1, Box: &dose, Text: "wegovy", Confidence: 0.97},
		MedicationDosage: evidence.Finding{Rule: "other-dose", Page: 1, Box: &dose, Text: "1.7 mg", Confidence: 0.9},
		MedicationDate:   evidence.Finding{Rule: "recent-date", Page: 2, Box: &dose, Text: "12/11/2026", Confidence: 0.95},
		PharmacyName:     evidence.Finding{Rule: "no-pharmacy"},
	}
	r.Reading = &evidence.Reading{
		Pages: []evidence.Page{{Turns: 1}, {}},
		Lines: []evidence.LineRead{
			{Text: "Patient: DANA WHITCOMBE", Page: 1, Box: &name, Confidence: 0.981},
			{Text: "WEGOVY 1.7MG/0.75ML PEN", Page: 1, Box: &dose, Confidence: 0.9},
			{Text: "unplaced", Confidence: 0.5},
		},
		Omitted: 2,
	}
	return r
}

// RunRecorder checks evidence.Recorder: a record reads back whole among its
// user's, oldest first, with its findings and reading when it has them and
// without when it has none (records kept before them); an identical retry
// succeeds; another record under a stored id is a conflict that changes
// nothing.
func RunRecorder(t *testing.T, newRecorder func(t *testing.T) Recorder) {
	const user, other = "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a01", "0b7e9a52-4f7d-4a55-9d1c-2f1f5e6e0a02"
	r := Record("3e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6a", user, created)
	t.Run("a user's records read back, oldest first", func(t *testing.T) {
		s := newRecorder(t)
		later := Record("1e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6b", user, created.Add(time.Hour))
		later.Result.Success = true
		for _, rec := range []evidence.Record{later, Record("2e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6c", other, created), r} {
			if err := s.Record(t.Context(), rec); err != nil {
				t.Fatalf("Record %s: %v", rec.ID, err)
			}
		}
		wantRecords(t, s, user, r, later)
		wantRecords(t, s, "6f0b8d7e-1111-4222-8333-944455556666")
		wantRecord(t, s, r)
		_, err := s.Verification(t.Context(), "6f0b8d7e-1111-4222-8333-944455556666")
		wantKind(t, "Verification of an unknown id", err, derrors.ErrNotFound)
	})
	t.Run("findings and the reading read back, and their absence", func(t *testing.T) {
		s := newRecorder(t)
		reviewed := Reviewed(Record("4e7c9b1a-5d2f-4c8e-9a0b-1f2e3d4c5b6d", user, created.Add(time.Minute)))
		for _, rec := range []evidence.Record{r, reviewed} {
			if err := s.Record(t.Context(), rec); err != nil {
				t.Fatalf("Record %s: %v", rec.ID, err)
			}
		}
		wantRecords(t, s, user, r, reviewed)
		wantRecord(t, s, reviewed)
		if got, err := s.VerificationsOf(t.Context(), user); err == nil && len(got) == 2 && (got[0].Findings != nil || got[0].Reading != nil) {
			t.Errorf("a record kept without findings or reading reads back with %+v, %+v", got[0].Findings, got[0].Reading)
		}
		wantRetryDone(t, "Record with findings", func() error { return s.Record(t.Context(), reviewed) })
	})
	t.Run("an identical retry succeeds", func(t *testing.T) {
		s := newRecorder(t)
		wantRetryDone(t, "Record", func() error { return s.Record(t.Context(), r) })
		wantRecords(t, s, user, r)
	})
	t.Run("another record under a stored id is a conflict", func(t *testing.T) {
		for name, change := range map[string]func(*evidence.Record){
			"text source": func(r *evidence.Record) { r.TextSource = "textract" },
			"result":      func(r *evidence.Record) { r.Result.Note = "Another note." },
			"findings": func(r *evidence.Record) {
				*r = Reviewed(*r)
				r.Findings.PatientName.Text = "Another note"
			},
			"reading": func(r *evidence.Record) {
				*r = Reviewed(*r)
				r.Reading.Lines[0].Text = "Another note"
			},
		} {
			t.Run(name, func(t *testing.T) {
				s := newRecorder(t)
				again := r
				change(&again)
				err := wantConflict(t, "Record", func() error { return s.Record(t.Context(), r) }, func() error { return s.Record(t.Context(), again) })
				wantNoSecrets(t, err, "Wegovy", "Another note")
				wantRecords(t, s, user, r)
			})
		}
	})
	t.Run("an empty id is refused", func(t *testing.T) {
		s := newRecorder(t)
		wantRefusal(t, "Record with no id", s.Record(t.Context(), Record("", user, created)))
	})
}

// lister lists one user's records.
type lister interface {
	VerificationsOf(ctx context.Context, userID string) ([]evidence.Record, error)
}

func wantRecord(t *testing.T, s Recorder, want evidence.Record) {
	t.Helper()
	got, err := s.Verification(t.Context(), want.ID)
	if err != nil {
		t.Fatalf("Verification %s: %v", want.ID, err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Verification %s (-want +got):\n%s", want.ID, diff)
	}
}

func wantRecords(t *testing.T, s lister, userID string, want ...evidence.Record) {
	t.Helper()
	got, err := s.VerificationsOf(t.Context(), userID)
	if err != nil {
		t.Fatalf("VerificationsOf %s: %v", userID, err)
	}
	if want == nil {
		want = []evidence.Record{}
	}
	if got == nil {
		got = []evidence.Record{}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("VerificationsOf %s (-want +got):\n%s", userID, diff)
	}
}
