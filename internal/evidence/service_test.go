package evidence_test

import (
	cmpx "cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/testing/storetest"
)

// Hand-written fakes of the service's dependencies.

// stager passes storetest.RunStager (TestFakesConformance).
type stager struct {
	keys   []string // staged, in order
	staged map[string]evidence.Upload
	err    error
}

func (s *stager) Stage(_ context.Context, key string, up evidence.Upload) error {
	if s.err != nil {
		return s.err
	}
	if old, ok := s.staged[key]; ok {
		if cmp.Equal(old, up) {
			return nil // a retry
		}
		return fmt.Errorf("stage %s: %w", key, derrors.ErrConflict)
	}
	if s.staged == nil {
		s.staged = map[string]evidence.Upload{}
	}
	s.staged[key] = up
	s.keys = append(s.keys, key)
	return nil
}

func (s *stager) Staged(_ context.Context, key string) (evidence.Upload, error) {
	up, ok := s.staged[key]
	if !ok {
		return evidence.Upload{}, fmt.Errorf("staged %s: %w", key, derrors.ErrNotFound)
	}
	return up, nil
}

type reader struct {
	text  evidence.Text
	err   error
	calls int
}

func (r *reader) Read(context.Context, evidence.Document) (evidence.Text, error) {
	r.calls++
	return r.text, r.err
}

type leads map[string]lead.Lead

func (l leads) Get(_ context.Context, id string) (lead.Lead, error) {
	if x, ok := l["fail"]; ok {
		return x, fmt.Errorf("get lead: %w", derrors.ErrUnavailable)
	}
	x, ok := l[id]
	if !ok {
		return lead.Lead{}, fmt.Errorf("lead %s: %w", id, derrors.ErrNotFound)
	}
	return x, nil
}

// recorder passes storetest.RunRecorder (TestFakesConformance).
type recorder struct {
	records []evidence.Record
	err     error
}

func (r *recorder) Record(_ context.Context, rec evidence.Record) error {
	if r.err != nil {
		return r.err
	}
	if rec.ID == "" {
		return errors.New("record: empty id")
	}
	for _, old := range r.records {
		if old.ID == rec.ID {
			if cmp.Equal(old, rec) {
				return nil // a retry
			}
			return fmt.Errorf("record %s: %w", rec.ID, derrors.ErrConflict)
		}
	}
	r.records = append(r.records, rec)
	return nil
}

func (r *recorder) Verification(_ context.Context, id string) (evidence.Record, error) {
	for _, rec := range r.records {
		if rec.ID == id {
			return rec, nil
		}
	}
	return evidence.Record{}, fmt.Errorf("record %s: %w", id, derrors.ErrNotFound)
}

func (r *recorder) VerificationsOf(_ context.Context, userID string) ([]evidence.Record, error) {
	var mine []evidence.Record
	for _, rec := range r.records {
		if rec.UserID == userID {
			mine = append(mine, rec)
		}
	}
	slices.SortFunc(mine, func(a, b evidence.Record) int {
		return cmpx.Or(a.CreatedAt.Compare(b.CreatedAt), strings.Compare(a.ID, b.ID))
	})
	return mine, nil
}

func TestFakesConformance(t *testing.T) {
	t.Run("stager", func(t *testing.T) {
		storetest.RunStager(t, func(*testing.T) storetest.Stager { return &stager{} })
	})
	t.Run("recorder", func(t *testing.T) {
		storetest.RunRecorder(t, func(*testing.T) storetest.Recorder { return &recorder{} })
	})
}

var now = time.Date(2026, 11, 21, 10, 4, 5, 0, time.UTC)

const (
	userID = "3b241101-e2bb-4255-8caf-4136c566a962"
	verID  = "9b2f4c1e-0d7a-4e5b-8c3f-1a2b3c4d5e6f"
)

func label() evidence.Text {
	return evidence.Text{Source: "pdf-text", Lines: []evidence.Line{
		{Text: "Riverside Pharmacy, 12 High Street, Leeds LS1 4AB", Confidence: 1},
		{Text: "Wegovy 2.4mg/0.75ml FlexTouch pre-filled pen", Confidence: 1},
		{Text: "Inject 2.4mg once weekly", Confidence: 1},
		{Text: "Patient: Jordan Avery", Confidence: 1},
		{Text: "Date dispensed: 14/11/2026", Confidence: 1, Page: 1, Box: evidence.Box{Left: 0.1, Top: 0.81234567, Width: 0.5, Height: 0.04}},
	}, Pages: []evidence.Page{{}}}
}

type fixture struct {
	stager   *stager
	reader   *reader
	leads    leads
	recorder *recorder
	now      time.Time
	svc      *evidence.Service
}

// newFixture is a UK service over fakes; newFixtureIn one in market.
func newFixture(t *testing.T) *fixture { return newFixtureIn(t, "uk") }

func newFixtureIn(t *testing.T, market string) *fixture {
	t.Helper()
	f := &fixture{
		stager:   &stager{},
		reader:   &reader{text: label()},
		leads:    leads{userID: {ID: userID, Data: []byte(`{"forename":"Jordan","surname":"Avery"}`)}},
		recorder: &recorder{},
		now:      now,
	}
	svc, err := evidence.NewService(market, evidence.DefaultMaxAge, evidence.Deps{
		Stager: f.stager, Reader: f.reader, Leads: f.leads, Recorder: f.recorder,
		Now: func() time.Time { return f.now }, NewID: func() string { return verID },
	})
	if err != nil {
		t.Fatal(err)
	}
	f.svc = svc
	return f
}

var request = evidence.Request{UserID: userID, MedicationName: "Wegovy", MedicationDosage: "2.4 mg",
	File: []byte("%PDF-1.4 label"), MediaType: evidence.PDF}

func TestVerifyStagesReadsAndRecords(t *testing.T) {
	f := newFixture(t)
	out, err := f.svc.Verify(context.Background(), request)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Result.Success || out.ID != verID || out.TextSource != "pdf-text" || out.Unreadable != nil {
		t.Errorf("outcome = %+v, want a success with id %s read from pdf-text", out, verID)
	}
	wantKey := "evidence/" + userID + "/2026/11/21/" + verID + ".pdf"
	if diff := cmp.Diff([]string{wantKey}, f.stager.keys); diff != "" {
		t.Errorf("staged keys (-want +got):\n%s", diff)
	}
	want := []evidence.Record{{
		ID: verID, UserID: userID, CreatedAt: now, ObjectKey: wantKey,
		SHA256:    sha256Hex(request.File),
		MediaType: evidence.PDF, Size: int64(len(request.File)),
		MedicationName: "Wegovy", MedicationDosage: "2.4 mg", TextSource: "pdf-text", Result: out.Result,
		Findings: &out.Findings,
		// The lines read, kept for review, boxes rounded.
		Reading: &evidence.Reading{Pages: []evidence.Page{{}}, Lines: []evidence.LineRead{
			{Text: "Riverside Pharmacy, 12 High Street, Leeds LS1 4AB", Confidence: 1},
			{Text: "Wegovy 2.4mg/0.75ml FlexTouch pre-filled pen", Confidence: 1},
			{Text: "Inject 2.4mg once weekly", Confidence: 1},
			{Text: "Patient: Jordan Avery", Confidence: 1},
			{Text: "Date dispensed: 14/11/2026", Confidence: 1, Page: 1, Box: &evidence.Box{Left: 0.1, Top: 0.8123, Width: 0.5, Height: 0.04}},
		}},
	}}
	if diff := cmp.Diff(want, f.recorder.records); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func TestVerifyUnreadableDocumentIsRecordedAndExplained(t *testing.T) {
	f := newFixture(t)
	f.reader.text, f.reader.err = evidence.Text{}, fmt.Errorf("pdf: %w", evidence.ErrUnreadable)
	out, err := f.svc.Verify(context.Background(), request)
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]evidence.Rating{"patientName": out.Result.Data.PatientName,
		"medicationName": out.Result.Data.MedicationName, "medicationDosage": out.Result.Data.MedicationDosage,
		"medicationDate": out.Result.Data.MedicationDate, "pharmacyName": out.Result.Data.PharmacyName} {
		if r.Value != evidence.NotFound {
			t.Errorf("%s = %v on an unreadable document, want not_found", name, r.Value)
		}
	}
	if out.Result.Note == "" || len(f.recorder.records) != 1 {
		t.Errorf("unreadable document: note %q, %d records", out.Result.Note, len(f.recorder.records))
	}
}

// TestVerifyTellsAnImageTooLargeFromAnUnreadableOne: an image the budget
// refused (a 12-megapixel HEIC saved as one image) asks for the photo in
// another form; a PDF over its budget is unreadable as any damaged file.
func TestVerifyTellsAnImageTooLargeFromAnUnreadableOne(t *testing.T) {
	for _, tt := range []struct {
		name, budget string
		want         string
	}{
		{"heic over the decoder's memory", "image.decode_bytes", "larger than this service reads"},
		{"heif with too many items", "heif.items", "larger than this service reads"},
		{"pdf nested too deep", "pdf.nesting_depth", "could not be read (it may be damaged"},
	} {
		f := newFixture(t)
		f.reader.err = fmt.Errorf("read image: %w: %w", derrors.OverBudget(tt.budget, 1), evidence.ErrUnreadable)
		out, err := f.svc.Verify(context.Background(), request)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !strings.Contains(out.Result.Note, tt.want) {
			t.Errorf("%s: note %q, want it to say %q", tt.name, out.Result.Note, tt.want)
		}
	}
}

// TestOutcomeSaysWhyADocumentWasUnreadable: the reason a reader tagged its
// error with reaches the outcome (for metrics); an untagged one is "other".
func TestOutcomeSaysWhyADocumentWasUnreadable(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("pdf: PDF is encrypted: %w", evidence.Unreadable("encrypted")), "encrypted"},
		{fmt.Errorf("ocr: %w", evidence.ErrUnreadable), "other"},
	} {
		f := newFixture(t)
		f.reader.text, f.reader.err = evidence.Text{}, tt.err
		out, err := f.svc.Verify(context.Background(), request)
		if err != nil {
			t.Fatal(err)
		}
		if got := evidence.UnreadableReason(out.Unreadable); got != tt.want {
			t.Errorf("%v: UnreadableReason = %q, want %q", tt.err, got, tt.want)
		}
		if !errors.Is(tt.err, evidence.ErrUnreadable) || tt.err.Error() == "" || strings.Contains(tt.err.Error(), "encrypted: encrypted") {
			t.Errorf("a tagged error must read and match as ErrUnreadable: %v", tt.err)
		}
	}
	if got := evidence.UnreadableReason(errors.New("network")); got != "" {
		t.Errorf("UnreadableReason(a failure) = %q, want \"\"", got)
	}
}

// TestVerifyFailuresLeaveNothingHalfDone: a failing dependency is an error
// (a 500 for the client) and never a record without its staged file.
func TestVerifyFailuresLeaveNothingHalfDone(t *testing.T) {
	unavailable := fmt.Errorf("dependency: %w", derrors.ErrUnavailable)
	tests := []struct {
		name       string
		break_     func(*fixture)
		wantStaged int
		wantReads  int
	}{
		{"staging fails", func(f *fixture) { f.stager.err = unavailable }, 0, 0},
		{"lead lookup fails", func(f *fixture) { f.leads["fail"] = lead.Lead{} }, 0, 0},
		{"reader unavailable", func(f *fixture) { f.reader.err = unavailable }, 1, 1},
		{"recording fails", func(f *fixture) { f.recorder.err = unavailable }, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			tt.break_(f)
			_, err := f.svc.Verify(context.Background(), request)
			if !errors.Is(err, derrors.ErrUnavailable) {
				t.Errorf("error = %v, want one wrapping ErrUnavailable", err)
			}
			if len(f.recorder.records) != 0 {
				t.Errorf("a record was kept although the verification failed")
			}
			if len(f.stager.keys) != tt.wantStaged || f.reader.calls != tt.wantReads {
				t.Errorf("staged %d, read %d times; want %d, %d", len(f.stager.keys), f.reader.calls, tt.wantStaged, tt.wantReads)
			}
		})
	}
}

// TestVerifyJudgesDatesByTheMarketsCalendar: at 02:00 UTC on 21 November
// it is still 20 November in New York, so a US label dated 21 November is
// in the future; in London just after midnight (BST) a label dated that
// day is today.
func TestVerifyJudgesDatesByTheMarketsCalendar(t *testing.T) {
	tests := []struct {
		name   string
		market string
		now    time.Time
		date   string
		want   evidence.Verdict
	}{
		{"us evening before", "us", time.Date(2026, 11, 21, 2, 0, 0, 0, time.UTC), "Date filled: 11/21/2026", evidence.Invalid},
		{"us same day", "us", time.Date(2026, 11, 21, 16, 0, 0, 0, time.UTC), "Date filled: 11/21/2026", evidence.Valid},
		{"uk just after midnight BST", "uk", time.Date(2026, 7, 20, 23, 30, 0, 0, time.UTC), "Date dispensed: 21/07/2026", evidence.Valid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixtureIn(t, tt.market)
			f.now = tt.now
			text := label()
			text.Lines[4].Text = tt.date
			f.reader.text = text
			out, err := f.svc.Verify(context.Background(), request)
			if err != nil {
				t.Fatal(err)
			}
			if got := out.Result.Data.MedicationDate.Value; got != tt.want {
				t.Errorf("medicationDate = %s, want %s (note %q)", got, tt.want, out.Result.Note)
			}
		})
	}
}

func TestNewServiceRefusesWhatWouldChangeAVerdict(t *testing.T) {
	deps := evidence.Deps{Stager: &stager{}, Reader: &reader{}, Leads: leads{}, Recorder: &recorder{},
		Now: time.Now, NewID: func() string { return verID }}
	for _, tt := range []struct {
		name   string
		market string
		maxAge time.Duration
		change func(*evidence.Deps)
	}{
		{"no market", "", evidence.DefaultMaxAge, nil},
		{"an unknown market", "fr", evidence.DefaultMaxAge, nil},
		{"a market in capitals", "UK", evidence.DefaultMaxAge, nil},
		{"no maximum age", "uk", 0, nil},
		{"no stager", "uk", evidence.DefaultMaxAge, func(d *evidence.Deps) { d.Stager = nil }},
		{"no reader", "uk", evidence.DefaultMaxAge, func(d *evidence.Deps) { d.Reader = nil }},
		{"no lead finder", "uk", evidence.DefaultMaxAge, func(d *evidence.Deps) { d.Leads = nil }},
		{"no recorder", "uk", evidence.DefaultMaxAge, func(d *evidence.Deps) { d.Recorder = nil }},
		{"no clock", "uk", evidence.DefaultMaxAge, func(d *evidence.Deps) { d.Now = nil }},
		{"no ids", "us", evidence.DefaultMaxAge, func(d *evidence.Deps) { d.NewID = nil }},
		{"a negative page cap", "uk", evidence.DefaultMaxAge, func(d *evidence.Deps) { d.MaxPages = -1 }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := deps
			if tt.change != nil {
				tt.change(&d)
			}
			if s, err := evidence.NewService(tt.market, tt.maxAge, d); err == nil || s != nil {
				t.Errorf("NewService = %v, %v; want an error", s, err)
			}
		})
	}
	for _, market := range []string{"uk", "us"} {
		if _, err := evidence.NewService(market, evidence.DefaultMaxAge, deps); err != nil {
			t.Errorf("NewService(%q): %v", market, err)
		}
	}
}
