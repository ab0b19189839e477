package evidence

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"
	_ "time/tzdata" // Lambda's provided.al2023 image has no zoneinfo

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/lead"
)

// DefaultMaxAge is how old a document's date may be unless configured.
const DefaultMaxAge = 90 * 24 * time.Hour

// Request is one verification asked for by a client, already validated as
// to its shape (userId a UUID, parts present, file type detected).
type Request struct {
	UserID           string
	MedicationName   string
	MedicationDosage string
	File             []byte
	MediaType        string
}

// Outcome is a verification's result and the id of its audit record.
type Outcome struct {
	ID     string
	Result Result
	// Findings is what decided each field and where it was read.
	Findings Findings
	// TextSource names the reader that read the document ("" when none
	// could): what the service's metrics count by.
	TextSource string
	// NoLead is true when no lead has the request's userId: Result is
	// NoLeadResult, and nothing was staged, read or recorded (ID is "").
	NoLead bool
	// Unreadable is why the document could not be read (wrapping
	// ErrUnreadable, and a *derrors.Budget when it was over the work
	// budget); nil when it was read. It may quote the document: log only
	// what errors.As finds in it.
	Unreadable error
}

// Service runs verifications: find the lead, count the document's pages,
// take the lead's and the stack's allowances, stage the file, read it,
// check it against the lead and the request, and record what was said.
type Service struct {
	deps   Deps
	market string
	zone   func() *time.Location
	maxAge time.Duration
}

// Deps are what a Service works with; NewService refuses a nil one.
type Deps struct {
	Stager   Stager
	Reader   Reader
	Leads    lead.Finder
	Recorder Recorder
	// Now and NewID draw the time and record ids (time.Now and
	// uuid.NewString in production).
	Now   func() time.Time
	NewID func() string

	// What a verification may cost (issue 19); each is optional, nil
	// limits nothing. Pages counts a document's pages before anything
	// reads it: a document over MaxPages (DefaultMaxPages when 0) is
	// refused (400).
	Pages    PageCounter
	MaxPages int
	// Quota takes one of the lead's daily verifications, once the lead is
	// found and its file accepted.
	Quota LeadQuota
	// Verifications is the stack's daily allowance of staged
	// verifications, ReaderPages its text reader's allowance of pages:
	// both checked before anything is staged; Verifications taken here,
	// ReaderPages by the reader at the call that costs.
	Verifications Allowance
	ReaderPages   Allowance
}

// NewService returns a Service for market ("uk" or "us": whose calendar
// "today" is and how an ambiguous date reads) that rates a document dated
// more than maxAge ago invalid. It refuses an unknown market, a maxAge that
// is not positive and a missing dependency, at start rather than with a
// verdict changed by a zero value.
func NewService(market string, maxAge time.Duration, d Deps) (*Service, error) {
	zone, ok := marketZones[market]
	switch {
	case !ok:
		return nil, fmt.Errorf("evidence service: unknown market %q (want uk or us)", market)
	case maxAge <= 0:
		return nil, fmt.Errorf("evidence service: maximum document age %v is not positive", maxAge)
	case d.Stager == nil || d.Reader == nil || d.Leads == nil || d.Recorder == nil:
		return nil, errors.New("evidence service: a stager, a reader, a lead finder and a recorder are all required")
	case d.Now == nil || d.NewID == nil:
		return nil, errors.New("evidence service: no clock or no id source")
	case d.MaxPages < 0:
		return nil, fmt.Errorf("evidence service: page cap %d is negative", d.MaxPages)
	}
	if d.MaxPages == 0 {
		d.MaxPages = DefaultMaxPages
	}
	return &Service{deps: d, market: market, zone: zone, maxAge: maxAge}, nil
}

// Verify verifies one document and records the outcome. The outcome is
// returned only once its record is stored: a client is never told a
// result that a clinician could not find again.
//
// Nothing is spent for a userId no lead has: the answer is NoLeadResult
// (Outcome.NoLead), with nothing staged, read, counted or recorded. Then a
// document over the page cap is refused (400) and only then are the
// allowances taken, so a refused file costs the lead nothing.
func (s *Service) Verify(ctx context.Context, req Request) (Outcome, error) {
	exp, err := s.expected(ctx, req)
	if err != nil {
		return Outcome{}, err
	}
	if !exp.PatientKnown {
		return Outcome{NoLead: true, Result: NoLeadResult()}, nil
	}
	pages, err := s.countPages(ctx, req)
	if err != nil {
		return Outcome{}, err
	}
	if err := s.takeAllowances(ctx, req.UserID); err != nil {
		return Outcome{}, err
	}

	now := s.deps.Now().UTC()
	id := s.deps.NewID()
	sum := sha256.Sum256(req.File)
	up := Upload{Body: req.File, MediaType: req.MediaType, SHA256: hex.EncodeToString(sum[:])}
	key := ObjectKey(now, req.UserID, id, req.MediaType)
	if err := s.deps.Stager.Stage(ctx, key, up); err != nil {
		return Outcome{}, fmt.Errorf("stage evidence %s: %w", id, err)
	}

	doc := Document{Body: req.File, MediaType: req.MediaType, Key: key, Pages: pages, LeadID: req.UserID, SHA256: up.SHA256}
	text, readErr := s.deps.Reader.Read(ctx, doc)
	if readErr != nil && !errors.Is(readErr, ErrUnreadable) {
		return Outcome{}, fmt.Errorf("read evidence %s: %w", id, readErr)
	}
	result, findings := Explain(text, exp, Policy{Now: now.In(s.zone()), MaxAge: s.maxAge, Market: s.market})
	if readErr != nil {
		result.Note = nothingReadNote(failureOf(readErr), exp.PatientKnown)
	}

	rec := Record{
		ID: id, UserID: req.UserID, CreatedAt: now,
		ObjectKey: key, SHA256: up.SHA256, MediaType: req.MediaType, Size: int64(len(req.File)),
		MedicationName: req.MedicationName, MedicationDosage: req.MedicationDosage,
		TextSource: text.Source, Result: result, Findings: &findings, Reading: KeepReading(text),
	}
	if err := s.deps.Recorder.Record(ctx, rec); err != nil {
		return Outcome{}, fmt.Errorf("record verification %s: %w", id, err)
	}
	return Outcome{ID: id, Result: result, Findings: findings, TextSource: text.Source, Unreadable: readErr}, nil
}

// countPages counts the document's pages and refuses it over the cap. A
// document whose pages cannot be counted goes on with 0 pages (unknown):
// the readers then read at most one page of it (docs/security.md).
func (s *Service) countPages(ctx context.Context, req Request) (int, error) {
	if s.deps.Pages == nil {
		return 0, nil
	}
	limit := s.deps.MaxPages
	n, err := s.deps.Pages.CountPages(ctx, Document{Body: req.File, MediaType: req.MediaType}, limit)
	switch {
	case errors.Is(err, ErrUnreadable):
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("count pages: %w", err)
	case n > limit:
		return 0, TooManyPages(limit)
	}
	return n, nil
}

// takeAllowances checks the stack's daily allowances, then takes the
// lead's verification and the stack's: a stack that has spent its day
// refuses (503) without using the lead's quota.
func (s *Service) takeAllowances(ctx context.Context, leadID string) error {
	for _, a := range []Allowance{s.deps.Verifications, s.deps.ReaderPages} {
		if a != nil {
			if err := a.Check(ctx); err != nil {
				return err
			}
		}
	}
	if s.deps.Quota != nil {
		if err := s.deps.Quota.Take(ctx, leadID); err != nil {
			return err
		}
	}
	if s.deps.Verifications != nil {
		if err := s.deps.Verifications.Take(ctx, 1); err != nil {
			return err
		}
	}
	return nil
}

// expected builds what the document is checked against. A userId no lead
// has is not an error: PatientKnown is then false.
func (s *Service) expected(ctx context.Context, req Request) (Expected, error) {
	exp := Expected{MedicationName: req.MedicationName, MedicationDosage: req.MedicationDosage}
	l, err := s.deps.Leads.Get(ctx, req.UserID)
	switch {
	case errors.Is(err, derrors.ErrNotFound):
		return exp, nil
	case err != nil:
		return Expected{}, fmt.Errorf("find %s: %w", lead.LogRef(req.UserID), err)
	}
	patient, err := l.Patient()
	if err != nil {
		return Expected{}, err
	}
	exp.PatientKnown = true
	exp.Forename, exp.Surname = patient.Forename, patient.Surname
	return exp, nil
}

// ObjectKey is where an upload is staged: chosen by the server (never the
// client's file name), under the lead's own prefix (LeadPrefix) so erasure
// finds every file a lead's id was sent with, even one whose verification
// was never recorded, then by day for audits.
func ObjectKey(now time.Time, userID, id, mediaType string) string {
	return LeadPrefix(userID) + now.UTC().Format("2006/01/02") + "/" + id + Extension(mediaType)
}

// LeadPrefix is the key prefix of every upload sent for userID.
func LeadPrefix(userID string) string { return "evidence/" + userID + "/" }

// marketZones: a document's "today" is the market's calendar date, not
// UTC's. For the US it is the eastern zone's, the latest date in the
// country, so a label dated the patient's own today is never "future". Each
// is read from the embedded zone data at its first use, not at init
// (TestMarketZonesLoad loads both).
var marketZones = map[string]func() *time.Location{
	"uk": lazyZone("Europe/London"),
	"us": lazyZone("America/New_York"),
}

func lazyZone(name string) func() *time.Location {
	return sync.OnceValue(func() *time.Location {
		loc, err := time.LoadLocation(name)
		if err != nil {
			panic("evidence: time zone " + name + ": " + err.Error())
		}
		return loc
	})
}
