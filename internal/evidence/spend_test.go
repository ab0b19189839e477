package evidence_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// pageCounter is a fake evidence.PageCounter answering pages (or err).
type pageCounter struct {
	pages int
	err   error
	calls int
}

func (p *pageCounter) CountPages(_ context.Context, _ evidence.Document, limit int) (int, error) {
	p.calls++
	return min(p.pages, limit+1), p.err
}

// leadQuota is a fake evidence.LeadQuota: left verifications, takes recorded.
type leadQuota struct {
	left  int
	taken []string
}

func (q *leadQuota) Take(_ context.Context, leadID string) error {
	if q.left <= 0 {
		return fmt.Errorf("quota: %w", derrors.ErrTooManyRequests)
	}
	q.left--
	q.taken = append(q.taken, leadID)
	return nil
}

// allowance is a fake evidence.Allowance.
type allowance struct {
	left   int
	checks int
	taken  []int
}

func (a *allowance) Check(context.Context) error {
	a.checks++
	if a.left <= 0 {
		return &derrors.Later{Reason: "daily", Message: "spent", RetryAfter: time.Hour}
	}
	return nil
}

func (a *allowance) Take(_ context.Context, n int) error {
	if n > a.left {
		return &derrors.Later{Reason: "daily", Message: "spent", RetryAfter: time.Hour}
	}
	a.left -= n
	a.taken = append(a.taken, n)
	return nil
}

// docReader is a fake evidence.Reader that keeps the documents it read.
type docReader struct {
	text evidence.Text
	docs []evidence.Document
}

func (r *docReader) Read(_ context.Context, doc evidence.Document) (evidence.Text, error) {
	r.docs = append(r.docs, doc)
	return r.text, nil
}

type spendFixture struct {
	*fixture
	pages         *pageCounter
	quota         *leadQuota
	verifications *allowance
	readerPages   *allowance
	read          *docReader
}

func newSpendFixture(t *testing.T, maxPages int) *spendFixture {
	t.Helper()
	f := &spendFixture{fixture: newFixture(t), pages: &pageCounter{pages: 1}, quota: &leadQuota{left: 20},
		verifications: &allowance{left: 100}, readerPages: &allowance{left: 100}, read: &docReader{text: label()}}
	svc, err := evidence.NewService("uk", evidence.DefaultMaxAge, evidence.Deps{
		Stager: f.stager, Reader: f.read, Leads: f.leads, Recorder: f.recorder,
		Now: func() time.Time { return f.now }, NewID: func() string { return verID },
		Pages: f.pages, MaxPages: maxPages, Quota: f.quota, Verifications: f.verifications, ReaderPages: f.readerPages,
	})
	if err != nil {
		t.Fatal(err)
	}
	f.svc = svc
	return f
}

// spent is what the fixture's dependencies did beyond finding the lead.
func (f *spendFixture) spent() string {
	return fmt.Sprintf("counted %d, quota %d, verifications %d+%d, pages %d, staged %d, read %d, recorded %d",
		f.pages.calls, len(f.quota.taken), f.verifications.checks, len(f.verifications.taken), f.readerPages.checks,
		len(f.stager.keys), len(f.read.docs), len(f.recorder.records))
}

// TestNoLeadSpendsNothing (issue 19, "no lead, no read"): uploads for ids
// no lead has (20 random UUIDs, the nil UUID, an erased lead's) are
// answered with every field not_found and the no-lead note, and nothing
// is counted, staged, read or recorded for them.
func TestNoLeadSpendsNothing(t *testing.T) {
	f := newSpendFixture(t, 0)
	ids := []string{"00000000-0000-0000-0000-000000000000"}
	for range 20 {
		ids = append(ids, uuid.NewString())
	}
	for _, id := range ids {
		req := request
		req.UserID = id
		out, err := f.svc.Verify(t.Context(), req)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !out.NoLead || out.ID != "" || !cmp.Equal(out.Result, evidence.NoLeadResult()) {
			t.Errorf("%s: outcome %+v, want NoLead with NoLeadResult and no id", id, out)
		}
	}
	if got, want := f.spent(), "counted 0, quota 0, verifications 0+0, pages 0, staged 0, read 0, recorded 0"; got != want {
		t.Errorf("spent: %s; want %s", got, want)
	}
	r := evidence.NoLeadResult()
	if r.Success || r.Confidence != evidence.High || !strings.Contains(r.Note, "No lead has this user id") {
		t.Errorf("NoLeadResult = %+v", r)
	}

	// An erased lead is a lead no longer there.
	delete(f.leads, userID)
	if out, err := f.svc.Verify(t.Context(), request); err != nil || !out.NoLead {
		t.Errorf("erased lead: %+v, %v; want the no-lead answer", out, err)
	}
}

// TestPageCap: a document over the page cap is refused (400) before
// anything is counted or staged; one within it goes to the reader with its
// page count; one whose pages cannot be counted goes with 0 (unknown).
func TestPageCap(t *testing.T) {
	tests := []struct {
		name      string
		pages     int
		countErr  error
		maxPages  int
		wantErr   bool
		wantPages int
	}{
		{name: "one page", pages: 1, wantPages: 1},
		{name: "at the default cap", pages: 5, wantPages: 5},
		{name: "3,000 pages", pages: 3000, wantErr: true},
		{name: "over a configured cap", pages: 3, maxPages: 2, wantErr: true},
		{name: "uncountable", countErr: fmt.Errorf("pdf: %w", evidence.ErrUnreadable), wantPages: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newSpendFixture(t, tt.maxPages)
			f.pages.pages, f.pages.err = tt.pages, tt.countErr
			_, err := f.svc.Verify(t.Context(), request)
			if tt.wantErr {
				var v *derrors.Validation
				if !errors.Is(err, evidence.ErrTooManyPages) || !errors.As(err, &v) || !strings.Contains(v.Messages[0], "pages") {
					t.Fatalf("error = %v, want ErrTooManyPages with a 400 message", err)
				}
				if got, want := f.spent(), "counted 1, quota 0, verifications 0+0, pages 0, staged 0, read 0, recorded 0"; got != want {
					t.Errorf("spent: %s; want %s", got, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(f.read.docs) != 1 || f.read.docs[0].Pages != tt.wantPages {
				t.Fatalf("read %+v, want one document of %d pages", f.read.docs, tt.wantPages)
			}
			d := f.read.docs[0]
			if d.LeadID != userID || d.SHA256 != sha256Hex(request.File) || d.Key == "" {
				t.Errorf("document read: lead %q, sha256 %q, key %q; want the lead, the file's digest and its key", d.LeadID, d.SHA256, d.Key)
			}
		})
	}
}

// TestRefusedFilesDoNotUseTheQuota (issue 19 item 5): a lead's 25 uploads
// refused for their pages leave its quota whole, and its next real upload
// is verified.
func TestRefusedFilesDoNotUseTheQuota(t *testing.T) {
	f := newSpendFixture(t, 0)
	f.pages.pages = 40
	for range 25 {
		if _, err := f.svc.Verify(t.Context(), request); !errors.Is(err, evidence.ErrTooManyPages) {
			t.Fatalf("error = %v, want ErrTooManyPages", err)
		}
	}
	f.pages.pages = 1
	out, err := f.svc.Verify(t.Context(), request)
	if err != nil || !out.Result.Success {
		t.Fatalf("the real upload: %+v, %v", out, err)
	}
	if diff := cmp.Diff([]string{userID}, f.quota.taken); diff != "" {
		t.Errorf("quota taken (-want +got):\n%s", diff)
	}
}

// TestAllowancesComeBeforeStaging: the lead's quota, then the stack's
// daily allowances, are checked before anything is staged: any one spent
// refuses the upload with nothing staged, read or recorded, and without
// taking from the others past the one that refused.
func TestAllowancesComeBeforeStaging(t *testing.T) {
	tests := []struct {
		name  string
		spend func(*spendFixture)
		want  error
		spent string
	}{
		{"lead's quota", func(f *spendFixture) { f.quota.left = 0 }, derrors.ErrTooManyRequests,
			"counted 1, quota 0, verifications 1+0, pages 1, staged 0, read 0, recorded 0"},
		{"stack's verifications", func(f *spendFixture) { f.verifications.left = 0 }, derrors.ErrBusy,
			"counted 1, quota 0, verifications 1+0, pages 0, staged 0, read 0, recorded 0"},
		{"stack's reader pages", func(f *spendFixture) { f.readerPages.left = 0 }, derrors.ErrBusy,
			"counted 1, quota 0, verifications 1+0, pages 1, staged 0, read 0, recorded 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newSpendFixture(t, 0)
			tt.spend(f)
			_, err := f.svc.Verify(t.Context(), request)
			if !errors.Is(err, tt.want) {
				t.Fatalf("error = %v, want %v", err, tt.want)
			}
			if got := f.spent(); got != tt.spent {
				t.Errorf("spent: %s; want %s", got, tt.spent)
			}
		})
	}
	f := newSpendFixture(t, 0)
	if _, err := f.svc.Verify(t.Context(), request); err != nil {
		t.Fatal(err)
	}
	if got, want := f.spent(), "counted 1, quota 1, verifications 1+1, pages 1, staged 1, read 1, recorded 1"; got != want {
		t.Errorf("a verification spent: %s; want %s", got, want)
	}
}

// TestBudgetedReader: the local OCR reader's pages are taken before it
// reads (one for an image, the counted pages for a PDF); none left, it is
// not called and the answer is a 503.
func TestBudgetedReader(t *testing.T) {
	next := &docReader{}
	budget := &allowance{left: 4}
	r := evidence.BudgetedReader{Next: next, Budget: budget}
	for _, doc := range []evidence.Document{{MediaType: evidence.PDF, Pages: 3}, {MediaType: "image/png"}} {
		if _, err := r.Read(t.Context(), doc); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.Read(t.Context(), evidence.Document{MediaType: "image/png"}); !errors.Is(err, derrors.ErrBusy) {
		t.Errorf("with nothing left: %v, want ErrBusy", err)
	}
	if len(next.docs) != 2 || !cmp.Equal(budget.taken, []int{3, 1}) {
		t.Errorf("read %d documents, took %v; want 2 and [3 1]", len(next.docs), budget.taken)
	}
}
