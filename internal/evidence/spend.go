// What a verification may cost, decided before anything is staged or read:
// the lead must exist, the document must be within the page cap, and the
// lead's and the stack's allowances must have room (issue 19).

package evidence

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
)

// DefaultMaxPages is the page cap when none is configured
// (EVIDENCE_MAX_PAGES): a prescription or dispensing label is one or two
// pages, a clinic letter a few.
const DefaultMaxPages = 5

// PageCounter counts a document's pages before any reader sees it,
// stopping once past limit (so it answers at most limit+1). A document
// whose pages cannot be counted gives an error wrapping ErrUnreadable.
type PageCounter interface {
	CountPages(ctx context.Context, doc Document, limit int) (int, error)
}

// ErrTooManyPages: the document has more pages than the service reads. It
// comes with a *derrors.Validation (400) whose message says so.
var ErrTooManyPages = errors.New("document has too many pages")

// TooManyPages is the refusal of a document over the page cap limit.
func TooManyPages(limit int) error {
	return fmt.Errorf("%w: %w", ErrTooManyPages, derrors.Invalid(
		"file has more than "+strconv.Itoa(limit)+" pages; at most "+strconv.Itoa(limit)+
			" are read, so send only the pages that show the prescription or label"))
}

// LeadQuota takes one of a lead's verifications for the day, or fails with
// an error wrapping derrors.ErrTooManyRequests (quota.Verifications).
type LeadQuota interface {
	Take(ctx context.Context, leadID string) error
}

// Allowance is what a whole stack may spend in a day (quota.Daily): Check
// fails once it is spent, Take spends n or fails when fewer are left; both
// fail with an error wrapping derrors.ErrBusy (a *derrors.Later, 503).
type Allowance interface {
	Check(ctx context.Context) error
	Take(ctx context.Context, n int) error
}

// noLeadNote is the note for a userId no lead has: nothing was read or
// kept, and the likely causes.
const noLeadNote = "No lead has this user id in this service, so the document was not read and nothing was kept. " +
	"Check the id, and that the lead was created in the same market's service (a lead from the other market is not found here)."

// NoLeadResult is the answer for a userId no lead has (or an erased one's):
// every field not_found with high confidence (nothing can be checked
// without a patient) and noLeadNote.
func NoLeadResult() Result {
	nf := Rating{Value: NotFound, Confidence: High}
	return Result{
		Data:       Fields{PatientName: nf, MedicationName: nf, MedicationDosage: nf, MedicationDate: nf, PharmacyName: nf},
		Confidence: High,
		Note:       noLeadNote,
	}
}

// BudgetedReader takes the pages a document will cost from the stack's
// daily allowance of reader pages before Next reads it: the local OCR
// reader's meter. (The Textract reader takes them itself, at the calls
// Textract bills, so a job it reuses costs nothing twice.)
type BudgetedReader struct {
	Next   Reader
	Budget Allowance
}

var _ Reader = BudgetedReader{}

func (r BudgetedReader) Read(ctx context.Context, doc Document) (Text, error) {
	if r.Budget != nil {
		if err := r.Budget.Take(ctx, max(doc.Pages, 1)); err != nil {
			return Text{}, fmt.Errorf("read %s: %w", doc.MediaType, err)
		}
	}
	return r.Next.Read(ctx, doc)
}

// ReadJob is work a reader started for a lead's file that may outlive the
// request (a Textract detection job): the reader's id for it, the pages it
// bills (as the service counted them) and when it started.
type ReadJob struct {
	ID        string
	Pages     int
	StartedAt time.Time
}

// ReadJobs remembers the job started for (lead, SHA-256 of the file), so a
// retry of the same file reuses it. FindJob answers found false when none
// was saved or the one saved expired; SaveJob keeps the first unexpired job
// saved for a file (a second save is not an error and changes nothing).
// Every implementation passes storetest.RunReadJobs.
type ReadJobs interface {
	FindJob(ctx context.Context, leadID, sha256 string) (job ReadJob, found bool, err error)
	SaveJob(ctx context.Context, leadID, sha256 string, job ReadJob, expiresAt time.Time) error
}
